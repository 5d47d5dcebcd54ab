// Heavy Gear Blitz!: what the panel's state draws on the board (hgb/overlays.js makes the
// shapes): deployment zones and the committed move, the aim with its range bands, the terrain
// shape being drawn, designations and the last attack, the planned path, and a drag's path
// with the MP left.
import * as view from "./view.js";
import * as overlays from "./overlays.js";
import { cardOf, myTurn, names, phase, pieceOf, weaponCard } from "./state.js";

/** @typedef {import("./state.js").HgbState} State */

const shapes = (s, all) => s.ctx.board.set({ shapes: all });

/** @param {State} s */
export function drawAim(s) {
  const on = s.model && ["activation", "reaction"].includes(phase(s)) && myTurn(s);
  shapes(s, {
    aim: overlays.aim({
      view: s.view,
      piece: on ? pieceOf(s, s.model) : null,
      target: s.target && pieceOf(s, s.target),
      weapon: weaponCard(s, s.weapon),
      code: s.weapon,
      aim: s.aim,
      sweep: s.sweep,
    }),
  });
}

/** @param {State} s */
export function drawShape(s) {
  shapes(s, { shape: phase(s) === "terrain" ? overlays.drawnShape(s.shape) : null });
}

/** @param {State} s */
export function drawMarks(s, v) {
  shapes(s, {
    marks: overlays.marks({ view: v, me: s.me, rfAt: s.rfAt, lastAttack: s.lastAttack, label: names(s).label }),
  });
}

// The waypoint path being planned (kept until moved or cleared).
/** @param {State} s */
export function showPath(s, id, points, ev, error) {
  shapes(s, { path: id && points?.length ? overlays.path(pieceOf(s, id), points, ev, error) : null });
}

// The zones, and the committed move with the server's MP after each point (this activation only).
/** @param {State} s */
export function drawZones(s, v) {
  const mv = s.lastMove;
  const endsHere = (pc) => pc && Math.hypot(pc.x - mv.x, pc.y - mv.y) < 1e-6;
  const moved =
    mv?.start && endsHere(pieceOf(s, mv.model))
      ? { ...overlays.path(mv.start, mv.path, mv, null), layer: "below", until: view.clock(v) }
      : null;
  shapes(s, { zones: overlays.zones(v, s.me), moved });
}

// --- a drag: its path with the MP left, and where the MP runs out ----------------------------------
/** @param {State} s */
export function dragStarted(s, { piece }) {
  s.drag = phase(s) === "activation" ? { id: piece.id, start: { x: piece.x, y: piece.y }, ev: null } : null;
}

/** @param {State} s */
export function dragMoved(s, { piece, pos, trail, limited, note }) {
  const d = s.drag;
  if (!d || d.id !== piece.id) return;
  const card = cardOf(s, piece.id);
  const used = overlays.mpAlong(s.view, card, [d.start, ...trail]);
  const left = card ? card.mp_now - card.mp_spent - (used || 0) : 0;
  const estimate = limited ? note : card?.speed === "stationary" || used === null ? "" : `~${view.num(left)} MP left`;
  const path = overlays.pathFromTrail(d.start, trail.slice(0, -1), pos);
  const ev = d.ev && JSON.stringify(d.ev.path) === JSON.stringify(path) ? d.ev : null;
  shapes(s, { drag: { ...overlays.path(d.start, path, ev, null, estimate), until: "drag" } });
}

// A drag stops where the model's MP (or its Stationary inch) runs out, along the drawn trail.
/** @param {State} s */
export function dragLimit(s, piece, pos, trail, v) {
  if (v?.turn?.phase !== "activation" || !s.drag) return null;
  return overlays.clampTrail(v, cardOf(s, piece.id), [s.drag.start, ...trail, pos]);
}
