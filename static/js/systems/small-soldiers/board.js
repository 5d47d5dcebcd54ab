// Small Soldiers Big Battle: the panel's side of the board: the map's special spaces, the lit
// spaces the chosen fighter may reach (shape id "to:q,r"), the last catapult shot and the aim,
// the fighter chosen to move, and what a click, a drag or its limit means.
import { stopAtLastLegal } from "../../board/hex.js";
import * as overlays from "./overlays.js";
import { enemyOf, hexKey, spaceName } from "./view.js";
import { names, shotKey } from "./state.js";

/** @typedef {import("./state.js").SsState} State */

const shapes = (s, all) => s.ctx.board.set({ shapes: all });

// The words a space adds to a move to it: the enemy flag, or the space's label.
/** @param {State} s */
export function spaceNote(s, q, r) {
  const cell = s.spaces?.get(hexKey(q, r));
  if (!cell) return "";
  if (cell.terrain === `flag-${enemyOf(s.myArmy)}`) return " — enemy flag!";
  if (cell.label) return ` — ${cell.label}`;
  return "";
}

/** @param {State} s */
export function drawAim(s) {
  const v = s.view;
  const launcher = v?.legal?.launch ? v.legal.launch.launcher || v.board?.catapults?.[s.myArmy] || null : null;
  shapes(s, { aim: overlays.aim(launcher, s.aim) });
}

/** @param {State} s */
export function drawBoard(s, v) {
  const { nameOf, armyName } = names(s);
  const key = JSON.stringify(v.board?.cells || []);
  if (s.spacesKey !== key) {
    s.spacesKey = key;
    s.spaces = new Map((v.board?.cells || []).map((c) => [hexKey(c.q, c.r), c]));
    shapes(s, { spaces: overlays.spaces(v, armyName) });
  }
  const describeSpace = (d) => `Move ${nameOf(s.chosen)} to space ${spaceName(v, d.q, d.r)}${spaceNote(s, d.q, d.r)}`;
  const turn = s.shots.get(shotKey(v.last_catapult));
  shapes(s, {
    dest: overlays.destinations(v, s.chosen, describeSpace),
    shot: turn !== undefined ? { ...overlays.shot(v, turn + 1) } : null,
  });
  drawAim(s);
}

// The fighter to move follows the board's selection when it may move; the only one is chosen.
/** @param {State} s */
export function syncChosen(s, v) {
  const moves = v.legal?.moves || {};
  const movers = Object.keys(moves);
  const sel = s.ctx.board.selected();
  if (sel && moves[sel.id]) s.chosen = sel.id;
  if (s.chosen && !moves[s.chosen]) s.chosen = null;
  if (!s.chosen && movers.length === 1) s.chosen = movers[0];
}

/** @param {State} s */
export function choose(s, fid) {
  const { board } = s.ctx;
  s.chosen = fid;
  if (board.selected()?.id !== fid && board.has(fid)) board.select(fid);
  s.redraw();
}

// A click or Enter on a lit space moves there; picking a fighter that may move chooses it.
/** @param {State} s */
export function onClick(s, { piece, shape, cell }) {
  const fid = s.chosen;
  const dests = fid ? s.view?.legal?.moves?.[fid] || [] : [];
  const to = shape?.startsWith("to:") ? shape.slice(3).split(",").map(Number) : cell ? [cell.q, cell.r] : null;
  if (to && s.ctx.board.tool() === "select" && dests.some((d) => d.q === to[0] && d.r === to[1])) {
    s.ctx.fire({ kind: "move", fighter: fid, q: to[0], r: to[1] });
    return;
  }
  if (piece && s.view?.legal?.moves?.[piece.id] && piece.id !== s.chosen) {
    s.chosen = piece.id;
    s.redraw();
  }
}

// The seat's own side at the bottom: when its army's flag stands in the top half, the board is turned.
/** @param {State} s */
export function ownFlagOnTop(s, v) {
  const flag = s.myArmy && (v?.pieces || []).find((p) => p.id === `flag-${s.myArmy}`);
  const rows = (v?.board?.cells || []).map((c) => c.r);
  return !!flag && rows.length > 0 && flag.r < (Math.min(...rows) + Math.max(...rows)) / 2;
}

export const canDrag = (piece, v) => piece.kind === "fighter" && !!v?.legal?.moves?.[piece.id];

// A drag past the spaces the fighter may reach stops on the last of them it crossed.
export function limit(piece, pos, trail, v) {
  const dests = v?.legal?.moves?.[piece.id];
  if (!dests) return null;
  const ok = (p) => dests.some((d) => d.q === p.q && d.r === p.r);
  return stopAtLastLegal(pos, trail, ok, `Stopped at the last space ${piece.label || "it"} may reach`);
}
