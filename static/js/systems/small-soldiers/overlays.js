// Small Soldiers Big Battle: what the board draws over the map, as shape data for
// board.set({shapes}): the special spaces and catapults, the lit spaces a chosen fighter may
// move to (click or Enter them: their shape id is "to:q,r"), rings on movers and targets, the
// catapult's aim and the last shot (kept for the turn it was fired in only). Pure.
import { shapes } from "../../board/shapes.js";
import { toPixel, corners } from "../../board/hex.js";

const SQRT3 = Math.sqrt(3);

export function spaces(view, armyName) {
  const S = shapes();
  for (const c of view.board?.cells || []) {
    const p = toPixel(c.q, c.r);
    const t = c.terrain || "plain";
    if (t === "plain") {
      S.el("polygon", { points: corners(p.x, p.y, 0.98), class: "ss-space plain" });
      continue;
    }
    const [kind, army] = t.startsWith("flag-")
      ? ["flag", t.slice(5)]
      : t.startsWith("recruit-")
        ? ["recruit", t.slice(8)]
        : [t, t.includes("sun") ? "gorgonites" : "commandos"];
    const poly = S.el("polygon", { points: corners(p.x, p.y, 0.98), class: `ss-space ${kind} army-${army}` });
    S.title(`${c.name ? `${c.name} ` : ""}${c.label || "space"}`, poly);
    const glyph = { sun: "☀", "gold-sun": "☀", star: "★", "gold-star": "★", flag: "⚑", recruit: "R" }[kind] || "";
    S.text(glyph, { x: p.x, y: p.y + 0.05, class: `ss-glyph ${kind}`, "paint-order": "normal" });
  }
  for (const [army, c] of Object.entries(view.board?.catapults || {})) {
    const cg = S.el("g", {
      class: `ss-launcher army-${army}`,
      transform: `translate(${c.x} ${c.y}) rotate(${c.heading})`,
    });
    S.el("rect", { x: -0.5, y: -0.9, width: 1, height: 1.8, rx: 0.2 }, cg);
    S.el("polygon", { points: "0.5,0 1.1,-0.35 1.1,0.35" }, cg);
    S.title(`${armyName(army)} catapult`, cg);
  }
  return { layer: "below", nodes: S.nodes };
}

// Rings on the fighters that may move and on targets; the chosen fighter's spaces lit.
export function destinations(view, chosen, describeSpace) {
  const S = shapes();
  const legal = view.legal || {};
  const moves = legal.moves || {};
  const at = (fid) => (view.pieces || []).find((p) => p.id === fid);
  for (const fid of Object.keys(moves)) {
    const piece = at(fid);
    if (!piece) continue;
    const p = toPixel(piece.q, piece.r);
    S.el("circle", { cx: p.x, cy: p.y, r: 0.86, class: `ss-mover${fid === chosen ? " chosen" : ""}` });
  }
  for (const d of chosen ? moves[chosen] || [] : []) {
    const p = toPixel(d.q, d.r);
    const label = describeSpace(d);
    const poly = S.el("polygon", {
      points: corners(p.x, p.y, 0.9),
      class: "ss-dest",
      tabindex: 0,
      role: "button",
      "aria-label": label,
      "data-q": d.q,
      "data-r": d.r,
      "data-shape-id": `to:${d.q},${d.r}`,
    });
    S.title(label, poly);
  }
  const targets = new Set([
    ...Object.values(legal.attacks || {}).flat(),
    ...(legal.recall || []),
    ...(legal.place_card || []),
  ]);
  for (const fid of targets) {
    const piece = at(fid);
    if (!piece) continue;
    const p = toPixel(piece.q, piece.r);
    S.el("circle", {
      cx: p.x,
      cy: p.y,
      r: 0.9,
      class: `ss-target${(legal.place_card || []).includes(fid) ? " friendly" : ""}`,
    });
  }
  return { layer: "below", nodes: S.nodes };
}

const along = (pt, heading, len) => {
  const a = (heading * Math.PI) / 180;
  return { x: pt.x + len * Math.cos(a), y: pt.y + len * Math.sin(a) };
};

// The catapult's aim: the error-free landing and where the dice may send the ball.
export function aim(launcher, { offset, angle, power }) {
  const S = shapes();
  if (!launcher) return null;
  const c = launcher;
  const origin = along({ x: c.x, y: c.y }, c.heading + 90, offset * SQRT3);
  const heading = c.heading + angle;
  const landing = along(origin, heading, power * SQRT3);
  // where the dice may send it: +-5 pips of angle and power error (data/catapult.json)
  const spread = 15,
    reach = 2;
  const pts = [];
  for (let a = -spread; a <= spread; a += 5) pts.push(along(origin, heading + a, Math.max(0, power - reach) * SQRT3));
  for (let a = spread; a >= -spread; a -= 5) pts.push(along(origin, heading + a, (power + reach) * SQRT3));
  const g = S.el("g", { class: "ss-aim", "data-landing": `${landing.x.toFixed(2)},${landing.y.toFixed(2)}` });
  S.el("polygon", { points: pts.map((p) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`).join(" "), class: "ss-aim-zone" }, g);
  S.el("line", { x1: origin.x, y1: origin.y, x2: landing.x, y2: landing.y, class: "ss-aim-line" }, g);
  S.el("circle", { cx: origin.x, cy: origin.y, r: 0.3, class: "ss-aim-origin" }, g);
  S.el("circle", { cx: landing.x, cy: landing.y, r: 0.35, class: "ss-aim-landing" }, g);
  return { layer: "above", nodes: S.nodes };
}

// The last shot: its flight, roll and hits; it expires with the turn it was fired in.
export function shot(view, round) {
  const s = view.last_catapult;
  if (!s) return null;
  const S = shapes();
  const g = S.el("g", { class: "ss-shot", "data-hexes": String((s.path || []).length) });
  for (const [q, r] of s.path || []) {
    const p = toPixel(q, r);
    S.el("polygon", { points: corners(p.x, p.y, 0.9), class: "ss-shot-hex" }, g);
  }
  const [ox, oy] = s.origin,
    [lx, ly] = s.landing,
    [sx, sy] = s.stop;
  S.el("line", { x1: ox, y1: oy, x2: lx, y2: ly, class: "ss-shot-flight" }, g);
  S.el("line", { x1: lx, y1: ly, x2: sx, y2: sy, class: "ss-shot-roll" }, g);
  S.el("circle", { cx: lx, cy: ly, r: 0.3, class: "ss-shot-landing" }, g);
  S.el("circle", { cx: sx, cy: sy, r: 0.42, class: "ss-shot-ball" }, g);
  for (const hit of s.hits || []) {
    const p = toPixel(hit.at[0], hit.at[1]);
    const mark = { stands: "✓", pushed: "→", pushed_out: "✕", knocked_down: "✕" }[hit.result] || "?";
    S.text(mark, { x: p.x, y: p.y - 0.75, class: `ss-hit ${hit.result}` }, g);
  }
  return { layer: "above", nodes: S.nodes, until: { turn: round } };
}
