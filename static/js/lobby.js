import { heldTables } from "./api.js";
import { byTable, heldGames, waiting, waitingText } from "./held.js";
import { keepReminding, remind } from "./reminder.js";

// "N games waiting for you", linking to the Your games page (asked only when this browser holds a seat).
async function showWaiting() {
  const box = document.getElementById("games-waiting");
  if (!box || !heldTables().length) return;
  try {
    const games = await heldGames();
    remind(window, games).catch(() => {}); // a deadline by post near: the banner and a notification
    setTimeout(() => keepReminding(window), 5 * 60_000);
    const n = waiting(byTable(games));
    box.querySelector("a").textContent = waitingText(n);
    box.hidden = n === 0;
  } catch {
    box.hidden = true; // the Your games link in the header still leads there
  }
}
if (typeof document !== "undefined") showWaiting();

// The lobby's create form: the name you play under is remembered on this browser, as the table
// page remembers it, so the table's creator sits down at once.
const NAME = "warboard:name";
// The same for Learn to play's name.
for (const [input, form] of [
  ["create-player", "create-form"],
  ["learn-player", "learn-form"],
]) {
  const field = document.getElementById(input);
  if (!field) continue;
  if (!field.value) field.value = localStorage.getItem(NAME) || "";
  document.getElementById(form)?.addEventListener("submit", () => {
    const name = field.value.trim();
    if (name) localStorage.setItem(NAME, name);
  });
}

// Pass and play: the other players' names, shown once the box is ticked.
const passPlay = document.getElementById("create-pass-play");
const others = document.getElementById("create-others");
if (passPlay && others) {
  const fit = () => {
    others.hidden = !passPlay.checked;
    for (const input of others.querySelectorAll("input")) input.disabled = !passPlay.checked;
  };
  fit();
  passPlay.addEventListener("change", () => {
    fit();
    if (passPlay.checked) others.querySelector("input")?.focus();
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

// The clock's fields show for the clock chosen (live: minutes and seconds; by post: days; either:
// the time-out rule); hidden, they are not sent. The clock is swapped in with the game's options.
export function fitClock(root) {
  const mode = root?.querySelector('[name="clock_mode"]:checked')?.value || "none";
  for (const el of root?.querySelectorAll("[data-clock-mode]") || []) {
    const shown = el.dataset.clockMode.split(" ").includes(mode);
    el.hidden = !shown;
    for (const input of el.querySelectorAll("input, select")) input.disabled = !shown;
  }
}
const createForm = document.getElementById("create-form");
if (createForm) {
  const clock = () => fitClock(document.getElementById("create-clock"));
  clock();
  createForm.addEventListener("change", clock);
  for (const kind of ["htmx:afterSwap", "htmx:oobAfterSwap", "htmx:afterSettle"])
    document.body.addEventListener(kind, clock);
}
