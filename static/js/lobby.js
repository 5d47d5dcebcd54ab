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

// An option that counts only with another's value (data-shown-when="board=hex": the sandbox's
// radius on a hex board, its width and depth on a tabletop) shows only then; hidden, it is not
// sent. The options are swapped in by htmx when the game changes.
export function fitOptions(root) {
  for (const el of root?.querySelectorAll("[data-shown-when]") || []) {
    const shown = el.dataset.shownWhen.split(";").every((rule) => {
      const [name, value] = rule.split("=");
      const control = root.querySelector(`[name="opt.${name}"]`);
      return !control || control.value === value;
    });
    el.hidden = !shown;
    for (const input of el.querySelectorAll("input, select, textarea")) input.disabled = !shown;
  }
}
const options = document.getElementById("create-options");
if (options) {
  fitOptions(options);
  options.addEventListener("change", () => fitOptions(options));
  document.body.addEventListener("htmx:afterSwap", () => fitOptions(options));
}
