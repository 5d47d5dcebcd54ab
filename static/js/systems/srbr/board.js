// Samurai Robots Battle Royale: the panel's side of the board: the overlay shapes of the state
// (measuring points, the sticks around one model, the move's reach), the moves a drag, a picked
// point or the keyboard sends, and where a move stops (the stick's length).
import * as overlays from "./overlays.js";
import { FACINGS, round1 } from "./view.js";
import { tape } from "../../words.js";
import { acting, names, pieceOf, prompt } from "./state.js";

/** @typedef {import("./state.js").SrbrState} State */

// Whose sticks are shown: the selected model, the one shown from the roster, or the prompt's mecha.
/** @param {State} s */
export function sticksTarget(s) {
  const sel = s.ctx.selected?.();
  if (sel && pieceOf(s, sel.id)) return pieceOf(s, sel.id);
  if (s.sticksFor && pieceOf(s, s.sticksFor)) return pieceOf(s, s.sticksFor);
  const p = prompt(s);
  if (p?.mecha && pieceOf(s, p.mecha)) return pieceOf(s, p.mecha);
  return null;
}

/** @param {State} s */
export function drawOverlays(s) {
  const v = s.view;
  if (!v) return;
  const target = s.sticks ? sticksTarget(s) : null;
  s.ctx.board.set({
    shapes: {
      anchors: overlays.anchors(v),
      sticks: overlays.sticks(v, target),
      reach: overlays.reach(v, s.me, { picking: s.pick, target: s.keyTarget || (s.pick ? s.pickTarget : null) }),
    },
  });
  const tag = s.dom.tools.querySelector(".srbr-sticks-for");
  if (tag)
    tag.textContent = target
      ? `Sticks from ${names(s).mechaName(target.id)}'s measuring point.`
      : s.sticks
        ? "Select a model to see its sticks."
        : "";
}

// A choice changed: the controls and the overlays are drawn again.
/** @param {State} s */
export function choiceChanged(s) {
  s.sig.controls = null;
  s.redraw();
  drawOverlays(s);
}

// A move of the measuring point with the facing chosen after it (and fleeing when asked).
/** @param {State} s */
export function anchorMove(s, point) {
  const action = { kind: "move", x: point.x, y: point.y, at: "anchor", ...(s.flee ? { flee: true } : {}) };
  if (s.facing !== "keep") action.facing = Number(s.facing);
  return action;
}

/** @param {State} s */
export function canDrag(s, piece, v) {
  const p = v?.prompt;
  if (!s.me || !p || v?.result) return false;
  if (p.ask === "deploy") return piece.owner === s.me;
  return (p.ask === "actions" || p.ask === "reaction_actions") && !!p.move && p.mecha === piece.id && !p.fallen;
}

// A move drag stops where the measuring point reaches the stick's length.
export function limit(s, piece, pos, v) {
  return canDrag(s, piece, v) && v.prompt.ask !== "deploy" ? overlays.clampMove(v, piece, pos) : null;
}

/** @param {State} s */
export function moveAction(s, piece, pos, facing, v) {
  const f = facing !== undefined ? { facing } : s.facing !== "keep" ? { facing: Number(s.facing) } : {};
  if (v?.prompt?.ask === "deploy") return { kind: "deploy", mecha: piece.id, x: pos.x, y: pos.y, ...f };
  return { kind: "move", x: pos.x, y: pos.y, at: "centre", ...f };
}

// --- picking a point: the line follows the pointer; a click sends the move of the measuring point --
/** @param {State} s */
export function onHover(s, { point }) {
  if (!s.pick || !prompt(s)?.move) return;
  s.pickTarget = overlays.clampPoint(s.view, point)?.point || point; // the line stops at the stick's end
  drawOverlays(s);
}

/** @param {State} s */
export function onClick(s, { point: picked }) {
  if (s.pick) {
    const stop = overlays.clampPoint(s.view, picked); // every way of choosing stops at the limit
    if (stop) s.ctx.message(stop.note);
    const point = stop ? stop.point : picked;
    s.pick = false;
    s.pickTarget = null;
    s.sig.controls = null;
    if (prompt(s)?.move) s.ctx.fire(anchorMove(s, { x: round1(point.x), y: round1(point.y) }));
    s.redraw();
  }
  drawOverlays(s);
}

// --- the keyboard: with the acting mecha focused, arrow keys move a target point for its
// measuring point (1, or 5 with Shift), Enter moves there, Escape forgets it; [ and ] pick the
// facing after the move. (The board's own arrow keys would send a move per step.)
const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** @param {State} s */
export function onKey(s, ev) {
  const p = prompt(s);
  if (!s.me || !p?.move || !acting(s) || ev.piece.id !== p.mecha) {
    if (s.keyTarget && !(p?.move && acting(s))) s.keyTarget = null;
    return;
  }
  const dir = ARROWS[ev.key];
  if (dir) {
    const start = s.keyTarget || { x: p.move.from[0], y: p.move.from[1] };
    const step = ev.shiftKey ? 5 : 1;
    s.keyTarget = { x: round1(start.x + dir[0] * step), y: round1(start.y + dir[1] * step) };
    const stop = overlays.clampPoint(s.view, s.keyTarget); // a target stops at the stick's end
    if (stop) s.keyTarget = stop.point;
  } else if (ev.key === "[" || ev.key === "]") {
    s.facing = nextFacing(s.facing, ev.key);
    s.sig.controls = null;
    s.redraw();
    if (!s.keyTarget) s.keyTarget = { x: p.move.from[0], y: p.move.from[1] };
  } else if (ev.key === "Enter" && s.keyTarget) {
    const t = s.keyTarget;
    s.keyTarget = null;
    s.ctx.fire(anchorMove(s, t));
  } else if (ev.key === "Escape" && s.keyTarget) {
    s.keyTarget = null;
    s.ctx.message("Move target cleared");
  } else {
    return;
  }
  ev.handled = true;
  drawOverlays(s);
  if (s.keyTarget) s.ctx.message(keyTargetText(s));
}

// The facing after "keep" and the others clockwise, one step on with ] (back with [).
export function nextFacing(facing, key) {
  const i = Math.max(
    0,
    FACINGS.findIndex(([v]) => String(v) === String(facing)),
  );
  const n = FACINGS.length - 1; // entries after "keep", clockwise
  const next = i === 0 ? (key === "]" ? 1 : n) : ((i - 1 + (key === "]" ? 1 : -1) + n) % n) + 1;
  return String(FACINGS[next][0]);
}

function keyTargetText(s) {
  const { unit, place } = names(s);
  const p = prompt(s);
  const [x, y] = p.move.from;
  const d = Math.hypot(s.keyTarget.x - x, s.keyTarget.y - y);
  const face = FACINGS.find(([v]) => String(v) === String(s.facing))?.[1] || "Keep facing";
  return `Move target ${place(s.keyTarget.x, s.keyTarget.y)}: ${tape(d, unit())} of ${tape(p.move.length, unit())}, ${face.toLowerCase()}. Enter moves, Escape cancels.`;
}
