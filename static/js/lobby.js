// The lobby's create form: the name you play under is remembered on this browser, as the table
// page remembers it, so the table's creator sits down at once.
const NAME = "warboard:name";
const field = document.getElementById("create-player");
if (field) {
  if (!field.value) field.value = localStorage.getItem(NAME) || "";
  document.getElementById("create-form")?.addEventListener("submit", () => {
    const name = field.value.trim();
    if (name) localStorage.setItem(NAME, name);
  });
}
