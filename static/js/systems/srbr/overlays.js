// Samurai Robots Battle Royale: what the board draws over the table, as shape data for
// board.set({shapes}): each model's measuring point, the S/M/L stick circles around one model,
// the current move's reach and a picked target, the deployment zone; and where a drag must
// stop: the measuring point goes straight, up to the stick's length (the rules' limit, known
// to the client from the view's prompt). Pure.
import { shapes } from "../../board/shapes.js";
import { STICKS } from "./view.js";

export const anchorOf = (piece) => ({ x: piece.x + (piece.anchor?.[0] || 0), y: piece.y + (piece.anchor?.[1] || 0) });

export function anchors(view) {
  const S = shapes();
  for (const piece of view.pieces || []) {
    const a = anchorOf(piece);
    S.el("circle", { cx: a.x, cy: a.y, r: 0.3, class: "srbr-anchor" });
  }
  return { layer: "above", nodes: S.nodes };
}

export function sticks(view, target) {
  const S = shapes();
  const lengths = view.sticks?.lengths || {};
  if (target) {
    const a = anchorOf(target);
    for (const s of STICKS) {
      const r = Number(lengths[s]);
      if (!(r > 0)) continue;
      S.el("circle", { cx: a.x, cy: a.y, r, class: `srbr-stick stick-${s}` });
      S.text(`${s} ${r}`, {
        x: a.x + r * 0.72 + 0.6,
        y: a.y - r * 0.72 - 0.4,
        class: `srbr-stick-label stick-${s}`,
        "font-size": 1.6,
      });
    }
  }
  return { layer: "below", nodes: S.nodes };
}

// The current move's reach (and the picked or keyed target), and my deployment zone.
export function reach(view, me, { picking, target }) {
  const S = shapes();
  const p = view.prompt;
  if (me && p?.move && (p.ask === "actions" || p.ask === "reaction_actions")) {
    const [x, y] = p.move.from;
    S.el("circle", { cx: x, cy: y, r: p.move.length, class: `srbr-reach${picking ? " picking" : ""}` });
    if (target) {
      S.el("line", { x1: x, y1: y, x2: target.x, y2: target.y, class: "srbr-pick-line" });
      S.el("circle", { cx: target.x, cy: target.y, r: 0.6, class: "srbr-pick-dot" });
    }
  }
  const z = me ? view.deployment_zones?.[me] : null;
  if (z && Array.isArray(z[0]))
    S.el("polygon", { points: z.map(([zx, zy]) => `${zx},${zy}`).join(" "), class: "srbr-zone" });
  return { layer: "below", nodes: S.nodes };
}

// Where a picked or keyed target of the measuring point must stop: null within the stick, else
// the point at the stick's end along the same line (a hair inside), with the reason to show.
export function clampPoint(view, point) {
  const p = view?.prompt;
  if (!p?.move) return null;
  const [fx, fy] = p.move.from;
  const d = Math.hypot(point.x - fx, point.y - fy);
  const len = Number(p.move.length);
  if (!(len > 0) || d <= len) return null;
  const k = (len - 0.1) / d; // rounded to a tenth, it moves at most 0.071 further: still inside
  const r1 = (v) => Math.round(v * 10) / 10;
  const stick = view.sticks?.names?.[p.move.stick] || p.move.stick || "";
  return {
    point: { x: r1(fx + (point.x - fx) * k), y: r1(fy + (point.y - fy) * k) },
    note: `Stopped at the ${stick ? `${stick} ` : ""}stick's end (${len} ${view.board?.units || "cm"})`,
  };
}

// Where a drag of the moving mecha to pos (its centre) must stop: null when its measuring point
// stays within the stick, else the centre that puts the measuring point at the stick's end along
// the same line (a hair inside, so rounding to a tenth keeps it legal).
export function clampMove(view, piece, pos) {
  const p = view?.prompt;
  if (!p?.move || p.mecha !== piece.id) return null;
  const off = { x: piece.anchor?.[0] || 0, y: piece.anchor?.[1] || 0 };
  const [fx, fy] = p.move.from;
  const ax = pos.x + off.x - fx,
    ay = pos.y + off.y - fy;
  const d = Math.hypot(ax, ay);
  const len = Number(p.move.length);
  if (!(len > 0) || d <= len) return null;
  const k = (len - 0.06) / d;
  const r2 = (v) => Math.round(v * 100) / 100;
  const at = { x: r2(fx + ax * k - off.x), y: r2(fy + ay * k - off.y) };
  const stick = view.sticks?.names?.[p.move.stick] || p.move.stick || "";
  return {
    pos: at,
    note: `Stopped at the ${stick ? `${stick} ` : ""}stick's end (${len} ${view.board?.units || "cm"})`,
  };
}
