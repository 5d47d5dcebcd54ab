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

// Draw `box` again (draw() fills it) and give the keyboard focus back: to the enabled control
// with the same data-key, looked for in `scope` (the box unless said), or with `fallback` to the
// box's first control when the focus was in `within` (or the focused control had a data-key).
export function keepFocus(box, draw, { scope = box, within = [], fallback = false } = {}) {
  const active = document.activeElement;
  const key = scope.contains(active) ? active.dataset?.key : null;
  const had = within.some((b) => b.contains(active));
  draw();
  if (!key && !had) return;
  const same = key && [...scope.querySelectorAll("[data-key]")].find((n) => n.dataset.key === key && !n.disabled);
  const again = same || (fallback ? box.querySelector("button:not([disabled]), input, select") : null);
  again?.focus();
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
