// Heavy Gear Blitz!: the acting model's menu, shown by the board (the page's dock: the rail's top
// on a laptop, under the board on a phone) so a shot needs no scrolling: the target, the weapon,
// what the aim says in a line, and the roll. The rest of the attack (sweep, focus, Indirect Fire,
// the aim in full, designation, ECM) stays in the panel (hgb/attack.js).
import { h } from "../dom.js";
import { BAND_NAMES, COVER_NAMES, num } from "./view.js";
import { cardOf, myTurn, phase } from "./state.js";
import { shotControls } from "./attack.js";

/** @typedef {import("./state.js").HgbState} State */

// The menu's content for the view: the acting model's shot while this seat activates, else none.
/** @param {State} s */
export function menuControls(s, v) {
  if (!s.me || v.result || phase(s) !== "activation" || v.to_activate !== s.me || !myTurn(s)) return [];
  const card = cardOf(s, s.model);
  return card ? [pieceMenu(s, card)] : [];
}

/** @param {State} s */
function pieceMenu(s, card) {
  const [choices, roll] = shotControls(s, card);
  const left = card.actions >= 1 ? `${card.actions} Action${card.actions === 1 ? "" : "s"}` : "no Action left";
  return h(
    "section",
    { class: "hgb-menu", "aria-label": `${card.label}: shoot` },
    h("p", { class: "hgb-menu-title" }, h("strong", { text: card.label }), h("span", { text: ` · ${left}` })),
    choices,
    h("div", { class: "hgb-menu-go" }, h("p", { class: "hgb-menu-aim", text: aimLine(s, card) }), roll),
  );
}

// What the aim says, in one line: reach, arc, cover and the chance to hit, or why not.
/** @param {State} s */
export function aimLine(s, card) {
  const a = s.aim;
  if (!s.target) return "Pick a target here or click an enemy model on the board.";
  if (!a) return "Measuring…";
  if (a.error) return a.error;
  if (!a.legal) return `Not possible: ${a.why}`;
  const od = s.odds?.key === s.aimKey ? s.odds?.r : null;
  const parts = [
    `${num(a.distance, 1)} in, ${a.band ? BAND_NAMES[a.band] : "out of reach"}`,
    a.in_arc ? "in arc" : "outside the arc",
    COVER_NAMES[a.cover?.category] || a.cover?.category || "no cover",
  ];
  if (od?.hit != null) parts.push(`hit ${Math.round(Number(od.hit) * 100)}%`);
  return card.actions < 1 ? `${parts.join(" · ")}: no Action left` : parts.join(" · ");
}
