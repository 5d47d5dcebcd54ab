// Heavy Gear Blitz!: the moves the seat sends: a deployment, a move along a drawn trail or the
// planned waypoints (facing along the last leg, kept, or chosen), and which models may be
// dragged. No DOM here.
import { num } from "./view.js";
import { actors, pieceOf } from "./state.js";
import { pathFromTrail } from "./overlays.js";

/** @typedef {import("./state.js").HgbState} State */

const norm = (a) => ((a % 360) + 360) % 360;
const bearing = (a, b) => norm((Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI);

// The facing after a move along `path` from `from`, as the seat chose it (undefined: kept).
/** @param {State} s */
export function facingFor(s, from, path) {
  if (s.facing === "keep") return undefined;
  if (s.facing !== "path") return Number(s.facing);
  const pts = [from, ...path.map(([x, y]) => ({ x, y }))];
  for (let i = pts.length - 1; i > 0; i--) {
    if (Math.hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y) > 0.05) return num(bearing(pts[i - 1], pts[i]), 2);
  }
  return undefined;
}

/** @param {State} s */
export function moveFor(s, id, points, facing) {
  const piece = pieceOf(s, id) || { x: 0, y: 0 };
  const path = points.map((p) => (Array.isArray(p) ? p : [num(p.x, 2), num(p.y, 2)]));
  const a = { kind: "move", model: id, path };
  const f = facing !== undefined ? facing : facingFor(s, piece, path);
  if (f !== undefined) a.facing = f;
  return a;
}

// The action a drag, an arrow key or a turn sends.
/** @param {State} s */
export function moveAction(s, piece, pos, facing, v, trail) {
  if (v?.turn?.phase === "deployment") {
    const f = facing !== undefined ? facing : (s.deployFacing ?? (s.me === "north" ? 90 : 270));
    return { kind: "deploy", model: piece.id, x: pos.x, y: pos.y, facing: f };
  }
  const here = { x: piece.x, y: piece.y };
  if (Math.hypot(pos.x - here.x, pos.y - here.y) < 1e-6) {
    return { kind: "move", model: piece.id, path: [[here.x, here.y]], ...(facing !== undefined ? { facing } : {}) };
  }
  const path = trail ? pathFromTrail(here, trail.slice(0, -1), pos) : [[pos.x, pos.y]];
  return moveFor(s, piece.id, path, facing);
}

/** @param {State} s */
export function canDrag(s, piece, v) {
  const { me } = s;
  if (!me || !v || v.result || piece.owner !== me) return false;
  const p = v.turn?.phase;
  if (p === "deployment") return !(v.ready || []).includes(me) && ["reserve", "ready", "used"].includes(piece.status);
  if (p === "activation") return actors(s, v).some((c) => c.id === piece.id);
  return false;
}
