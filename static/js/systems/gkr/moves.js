// GKR: Heavy Hitters with Big Little Buddy: the actions the seat's choices send, and the hexes
// a click or Enter on the board acts on. No DOM here.
import { hexKey, hexText } from "./view.js";
import { names, phase } from "./state.js";

// A weapon row's key: where the weapon comes from and its card or weapon.
export const wkey = (w) => `${w.source}:${w.card || w.weapon || ""}`;

// The hexes a unit may reach now, with the movement card when it is to be played.
export const destinations = (s, m) => (s.thrusters && m.card_hexes ? m.card_hexes : m.hexes);

/** @param {import("./state.js").GkrState} s */
export function moveAction(s, piece, pos, facing) {
  const v = s.view;
  if (v?.turn?.phase === "reset" && v.prompt?.hexes) return { kind: "displace", to: { q: pos.q, r: pos.r } };
  const action = { kind: "move", unit: piece.id, to: { q: pos.q, r: pos.r } };
  const face = facing !== undefined ? facing : s.facing;
  if (face !== "keep" && face !== undefined) action.facing = face;
  const m = (v?.prompt?.moves || []).find((x) => x.unit === piece.id);
  if (s.thrusters && m?.card) action.card = m.card;
  return action;
}

export function tagAction(s, unit, building) {
  const action = { kind: "tag", unit, building };
  if (s.view?.manual?.tagging) action.count = s.tagCount;
  return action;
}

// hex key -> {hex, label, action() | pick()} for a click or Enter on the board.
/** @param {import("./state.js").GkrState} s */
export function clickableHexes(s, view) {
  const out = new Map();
  const p = view.prompt;
  if (!s.me || !p) return out;
  const { unitName, hexLabel, building } = names(s);
  const ph = phase(s);
  const add = (hex, label, act) => out.set(hexKey(hex), { hex, label, ...act });
  if (ph === "movement" && s.chosen) {
    const m = (p.moves || []).find((x) => x.unit === s.chosen);
    const piece = (view.pieces || []).find((x) => x.id === s.chosen);
    if (m && piece)
      for (const d of destinations(s, m))
        add(d, `Move ${unitName(m.unit)} to hex ${hexLabel(d)}`, { action: () => moveAction(s, piece, d) });
  }
  if (ph === "reset" && p.hexes) {
    for (const d of p.hexes)
      add(d, `Displace ${unitName(p.unit)} to hex ${hexText(view, d)}`, {
        action: () => ({ kind: "displace", to: d }),
      });
  }
  if (ph === "tagging") {
    for (const t of p.tags || [])
      for (const bid of t.buildings) {
        const b = (view.board?.buildings || []).find((x) => x.id === bid);
        if (b && !out.has(hexKey(b)))
          add(b, `Tag ${building(bid)} with ${unitName(t.unit)}`, { action: () => tagAction(s, t.unit, bid) });
      }
  }
  if (ph === "combat" && p.weapons && s.focusWeapon) {
    const w = p.weapons.find((x) => wkey(x) === s.focusWeapon);
    for (const d of w?.hex_target ? w.hexes || [] : [])
      add(d, `Aim ${w.name} at hex ${hexLabel(d)}`, { pick: () => aimAt(s, w, d) });
  }
  return out;
}

// A hex weapon aimed at a hex from the board: its row is checked (and Big Little Buddy's others not).
function aimAt(s, w, d) {
  const dr = s.draft.get(wkey(w));
  dr.on = true;
  dr.target = hexKey(d);
  for (const [o, od] of s.draft) if (o !== wkey(w) && o.startsWith("blb:")) od.on = false;
  s.sig.controls = null;
  s.redraw();
}
