// What the games' panels share: the status line and winner banner at the top, a section drawn
// again with the keyboard focus kept, definition lists for rules cards, and conceding. Text
// only ever goes in through textContent (dom.js).
import { button, h } from "./dom.js";

// The banner (the winner, once there is one) and the status line of a panel, classed with the
// game's prefix (`gkr-winner`, `gkr-status`).
export function statusBoxes(prefix) {
  return {
    banner: h("div", { class: `${prefix}-winner`, role: "alert", hidden: true }),
    status: h("div", { class: `${prefix}-status`, role: "status", "aria-live": "polite" }),
  };
}

// The winner banner: "You win!" for a seat among the winners, "Game over." for anyone else.
export function showWinner(banner, mine, text) {
  banner.replaceChildren(h("strong", { text: mine ? "You win! " : "Game over. " }), h("span", { text }));
  banner.hidden = false;
}

// A press on a button inside a panel holds the panel's redraw until the press ends: a view
// update (the other player's move) that redrew the box between the press and the release would
// take the pressed button away, and the click with it. Only what a click works (a button, a
// link, a box to tick), not a select, whose list may take the release; held at most HOLD_MS.
const HOLD_MS = 10000;
const CLICKED = "button, a, summary, label, input[type=checkbox], input[type=radio]";
let pressed = null; // the control a pointer went down on, while it is down
const held = new Map(); // box -> the newest redraw waiting for the release
let holdTimer = 0;
let watching = false;

function watchPresses() {
  if (watching) return;
  watching = true;
  document.addEventListener(
    "pointerdown",
    (e) => (pressed = e.isPrimary && e.button === 0 ? e.target.closest?.(CLICKED) || null : null),
    true,
  );
  // The click follows the release in the same task: the held redraws wait for it.
  const release = () => {
    pressed = null;
    if (held.size) setTimeout(drawHeld, 0);
  };
  for (const type of ["pointerup", "pointercancel", "change"]) document.addEventListener(type, release, true);
  window.addEventListener("blur", release);
}

function drawHeld() {
  clearTimeout(holdTimer);
  const redraws = [...held.values()];
  held.clear();
  pressed = null;
  for (const redraw of redraws) redraw();
}

// Forget the held redraws of `root` and of the boxes in it (a panel taken down).
export function forgetHeld(root) {
  for (const box of held.keys()) if (root.contains(box)) held.delete(box);
}

// Draw `box` again (draw() fills it) and give the keyboard focus back: to the enabled control
// with the same data-key, looked for in `scope` (the box unless said), or with `fallback` to the
// box's first control when the focus was in `within` (or the focused control had a data-key).
// Nothing scrolls: the control stands where the one it replaces stood (or, a main button shown
// over the dock, where its column would have to scroll to show its place in the panel).
// While a pointer is pressed inside `box` the redraw waits for the release (above).
export function keepFocus(box, draw, options = {}) {
  watchPresses();
  if (pressed && box.contains(pressed)) {
    if (!held.size) holdTimer = setTimeout(drawHeld, HOLD_MS);
    held.set(box, () => keepFocus(box, draw, options));
    return;
  }
  held.delete(box); // drawn now: an older held redraw of the box would undo it
  const { scope = box, within = [], fallback = false } = options;
  const active = document.activeElement;
  const key = scope.contains(active) ? active.dataset?.key : null;
  const had = within.some((b) => b.contains(active));
  draw();
  if (!key && !had) return;
  const same = key && [...scope.querySelectorAll("[data-key]")].find((n) => n.dataset.key === key && !n.disabled);
  const again = same || (fallback ? box.querySelector("button:not([disabled]), input, select") : null);
  again?.focus({ preventScroll: true });
}

// A definition list of [term, text] rows.
export function definitions(rows, props = {}) {
  return h("dl", props, ...rows.flatMap(([term, text]) => [h("dt", { text: term }), h("dd", { text })]));
}

// Conceding takes two presses: "Concede the game…" shows "Yes, concede", which sends `concede`.
export function concedeButtons(fire) {
  const sure = h("button", {
    type: "button",
    class: "danger small",
    text: "Yes, concede",
    "data-key": "concede-yes",
    hidden: true,
    onclick: () => fire({ kind: "concede" }),
  });
  const first = button(
    "Concede the game…",
    () => {
      sure.hidden = false;
      sure.focus();
    },
    { key: "concede", cls: "danger small" },
  );
  return [first, sure];
}
