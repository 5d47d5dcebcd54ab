// Heavy Gear Blitz!: what the board draws over the table, as shape data for board.set({shapes})
// (deployment zones, hill levels, weapon arcs and range bands, the aim line, designations,
// indirect fire landings, drawn paths with MP), and the local MP count along a drawn trail
// that stops a drag at the model's MP limit. Pure: views and points in, data out.
import { shapes } from "../../board/shapes.js";
import { seatLabel } from "../../words.js";
import { BANDS, BAND_NAMES, COVER_NAMES, num, signed } from "./view.js";

export function inside(pt, poly) {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i],
      [xj, yj] = poly[j];
    if (yi > pt.y !== yj > pt.y && pt.x < ((xj - xi) * (pt.y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

function arcPath(c, r, from, to) {
  // a pie slice from angle `from` to `to` (degrees, clockwise), or a full disc
  if (to - from >= 359.9) return `M ${c.x - r} ${c.y} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0 Z`;
  const p = (a) => [c.x + r * Math.cos((a * Math.PI) / 180), c.y + r * Math.sin((a * Math.PI) / 180)];
  const [x1, y1] = p(from),
    [x2, y2] = p(to);
  return `M ${c.x} ${c.y} L ${x1} ${y1} A ${r} ${r} 0 ${to - from > 180 ? 1 : 0} 1 ${x2} ${y2} Z`;
}

// Deployment zones (in deployment) and hill levels.
export function zones(view, me) {
  const S = shapes();
  for (const t of view.board?.terrain || []) {
    if (!t.level || !Array.isArray(t.polygon) || !t.polygon.length) continue;
    const cx = t.polygon.reduce((a, q) => a + q[0], 0) / t.polygon.length,
      cy = t.polygon.reduce((a, q) => a + q[1], 0) / t.polygon.length;
    S.text(`level ${t.level}`, { x: cx, y: cy + 1, class: "hgb-level-label", "font-size": 0.7 });
  }
  if (view.turn?.phase === "deployment") {
    for (const [seat, z] of Object.entries(view.board?.zones || {})) {
      const [y0, y1] = z.y;
      S.el("rect", {
        x: 0,
        y: y0,
        width: view.board.width,
        height: y1 - y0,
        class: `hgb-zone${seat === me ? " mine" : ""}`,
      });
      S.text(`${seatLabel(seat)} deployment zone`, {
        x: view.board.width - 0.5,
        y: seat === "north" ? y1 - 0.4 : y0 + 1,
        class: "hgb-zone-label",
        "font-size": 0.75,
      });
    }
  }
  return { layer: "below", nodes: S.nodes };
}

// The acting model's weapon arc and range bands, and the aim line to its target. Until a target
// is aimed at, the arc reaches only the Short band (the whole reach would cover most of the
// table); aiming shows it to the weapon's full reach with every band.
export function aim({ view, piece, target, weapon, code, aim: a, sweep }) {
  const S = shapes();
  const rules = view.rules || {};
  const r0 = rules.base_radius ?? 0.5;
  if (piece) {
    const c = { x: piece.x, y: piece.y };
    const bands = (weapon.ranges || []).slice(0, target ? 5 : 2);
    const reach = bands.length ? bands[bands.length - 1] + 2 * r0 : 6;
    const f = Number(piece.facing) || 0;
    const half = (rules.fixed_arc_degrees ?? 60) / 2;
    const arcs = {
      F: [f - 90, f + 90],
      FF: [f - half, f + half],
      Rr: [f + 90, f + 270],
      FRr: [f + 180 - half, f + 180 + half],
    };
    const W = view.board?.width || 48,
      H = view.board?.height || 48;
    const clip = S.el("clipPath", { id: "hgb-table-clip" });
    S.el("rect", { x: 0, y: 0, width: W, height: H }, clip);
    const g = S.el("g", { class: "hgb-arcs", "data-model": piece.id, "clip-path": "url(#hgb-table-clip)" });
    const own = weapon.arc || "F";
    S.el("path", { d: arcPath(c, reach, ...arcs[own]), class: `hgb-arc arc-${own}` }, g);
    for (const name of ["F", "FF"])
      if (name !== own) S.el("path", { d: arcPath(c, reach, ...arcs[name]), class: `hgb-arc-outline arc-${name}` }, g);
    S.el(
      "line",
      {
        x1: c.x,
        y1: c.y,
        x2: c.x + reach * Math.cos((f * Math.PI) / 180),
        y2: c.y + reach * Math.sin((f * Math.PI) / 180),
        class: "hgb-facing-line",
      },
      g,
    );
    bands.forEach((rng, i) => {
      const rr = rng + 2 * r0;
      S.el("circle", { cx: c.x, cy: c.y, r: rr, class: `hgb-ring band-${BANDS[i]}` }, g);
      S.text(
        `${BAND_NAMES[BANDS[i]]} ${rng}"`,
        { x: c.x, y: c.y - rr - 0.15, class: "hgb-ring-label", "font-size": 0.7 },
        g,
      );
    });
    S.text(
      `${code || ""} ${own}`,
      {
        x: c.x + reach * 0.55 * Math.cos((f * Math.PI) / 180),
        y: c.y + reach * 0.55 * Math.sin((f * Math.PI) / 180),
        class: "hgb-arc-label",
        "font-size": 0.9,
      },
      g,
    );
  }
  if (piece && target && a && !a.error) {
    const cls = a.legal ? `hgb-aim-line cover-${a.cover?.category}` : "hgb-aim-line illegal";
    S.el("line", { x1: piece.x, y1: piece.y, x2: target.x, y2: target.y, class: cls });
    S.el("circle", { cx: target.x, cy: target.y, r: r0 + 0.35, class: "hgb-target-ring" });
    const ae = Number(weapon.ae) || 0;
    if (sweep > 0) S.el("circle", { cx: target.x, cy: target.y, r: sweep + 2 * r0, class: "hgb-sweep" });
    if (ae > 0) S.el("circle", { cx: target.x, cy: target.y, r: ae + r0, class: "hgb-blast" });
    S.text(
      `${num(a.distance)}" ${a.band ? `${BAND_NAMES[a.band]} ${signed(a.attack_modifiers?.range ?? 0)}` : "out of reach"} · ${COVER_NAMES[a.cover?.category] || ""} ${signed(a.cover?.modifier ?? 0)}${a.legal ? "" : " · not possible"}`,
      { x: (piece.x + target.x) / 2, y: (piece.y + target.y) / 2 - 0.4, class: "hgb-aim-label", "font-size": 0.85 },
    );
  }
  return { layer: "above", nodes: S.nodes };
}

// The terrain shape being drawn by clicking corners on the board.
export function drawnShape(pts) {
  const S = shapes();
  if (pts?.length) {
    S.el(pts.length >= 3 ? "polygon" : "polyline", {
      points: pts.map((q) => `${q.x},${q.y}`).join(" "),
      class: "hgb-shape",
    });
    for (const q of pts) S.el("circle", { cx: q.x, cy: q.y, r: 0.25, class: "hgb-shape-corner" });
  }
  return { layer: "above", nodes: S.nodes };
}

// Designations (observer to target), Return Fire points, and where the last Indirect Fire landed.
export function marks({ view, me, rfAt, lastAttack, label }) {
  const S = shapes();
  const pieceOf = (id) => (view.pieces || []).find((p) => p.id === id);
  const r0 = view.rules?.base_radius ?? 0.5;
  for (const [tid, d] of Object.entries(view.designations || {})) {
    const t = pieceOf(tid),
      o = pieceOf(d.observer);
    if (!t) continue;
    if (o) S.el("line", { x1: o.x, y1: o.y, x2: t.x, y2: t.y, class: "hgb-designation-line" });
    const g = S.el("g", { class: "hgb-designated", "data-target": tid });
    S.el("circle", { cx: t.x, cy: t.y, r: r0 + 0.6, class: "hgb-designation" }, g);
    for (const a of [0, 90, 180, 270]) {
      const c = Math.cos((a * Math.PI) / 180),
        sn = Math.sin((a * Math.PI) / 180);
      S.el(
        "line",
        {
          x1: t.x + c * (r0 + 0.3),
          y1: t.y + sn * (r0 + 0.3),
          x2: t.x + c * (r0 + 0.9),
          y2: t.y + sn * (r0 + 0.9),
          class: "hgb-designation",
        },
        g,
      );
    }
    S.title(`${label(tid)} designated by ${label(d.observer)}`, g);
  }
  const pend = view.pending;
  if (pend && pend.seat === me) {
    const chosen = rfAt < 0 ? pend.points.length - 1 : rfAt;
    pend.points.forEach(([x, y], i) => {
      S.el("circle", {
        cx: x,
        cy: y,
        r: i === chosen ? 0.45 : 0.3,
        class: `hgb-rf-point${i === chosen ? " chosen" : ""}`,
      });
      S.text(String(i + 1), { x, y: y - 0.5, class: "hgb-mp-label", "font-size": 0.6 });
    });
  }
  const last = lastAttack?.[0];
  if (last?.kind === "attack") fireLine(S, last, lastAttack[1], pieceOf, r0, label);
  if (last?.kind === "indirect_attack" && Array.isArray(last.landing)) {
    const [lx, ly] = last.landing;
    const ae = Math.max(Number(view.weapons?.[last.weapon]?.ae) || 0, Number(last.sweep) || 0);
    const t = pieceOf(last.target);
    if (t && !last.on_target) S.el("line", { x1: t.x, y1: t.y, x2: lx, y2: ly, class: "hgb-deviation" });
    S.el("circle", { cx: lx, cy: ly, r: Math.max(0.3, ae), class: "hgb-landing" });
    S.text(last.on_target ? "on target" : `deviated ${num(last.mof)}"`, {
      x: lx,
      y: ly - Math.max(0.3, ae) - 0.3,
      class: "hgb-aim-label",
      "font-size": 0.75,
    });
  }
  return { layer: "above", nodes: S.nodes };
}

// The last direct attack on the board, for both players and the watchers: the line of fire from
// the attacker to its target, a ring on the target and what the shot did.
function fireLine(S, attack, resolved, pieceOf, r0, label) {
  const a = pieceOf(attack.attacker),
    t = pieceOf(attack.target);
  if (!a || !t) return;
  const g = S.el("g", { class: "hgb-fire", "data-attacker": attack.attacker, "data-target": attack.target });
  S.el("line", { x1: a.x, y1: a.y, x2: t.x, y2: t.y, class: "hgb-fire-line" }, g);
  S.el("circle", { cx: t.x, cy: t.y, r: r0 + 0.35, class: "hgb-fire-target" }, g);
  const what = !resolved
    ? ""
    : !resolved.hit
      ? "miss"
      : resolved.result === "destroyed" || resolved.result === "overkill"
        ? "destroyed"
        : resolved.result === "no_effect"
          ? "no effect"
          : `${resolved.boxes} box${resolved.boxes === 1 ? "" : "es"}`;
  const text = `${label(attack.attacker)} fired at ${label(attack.target)}${what ? `: ${what}` : ""}`;
  S.text(text, {
    x: (a.x + t.x) / 2,
    y: (a.y + t.y) / 2 - 0.45,
    class: "hgb-aim-label hgb-fire-label",
    "font-size": 0.75,
  });
  S.title(text, g);
}

// A path from `start` through points ([x, y]), with the server's MP after each point when known,
// and what is left at its end (or why it is refused).
export function path(start, points, ev, error, note = "") {
  const S = shapes();
  if (!start || !points.length) return { layer: "above", nodes: S.nodes };
  const pts = [[start.x, start.y], ...points];
  S.el("polyline", {
    points: pts.map(([x, y]) => `${x},${y}`).join(" "),
    class: `hgb-path${error ? " illegal" : ev ? " legal" : ""}`,
  });
  let lastLabel = null;
  points.forEach(([x, y], i) => {
    S.el("circle", { cx: x, cy: y, r: 0.18, class: "hgb-waypoint" });
    const mp = ev?.mp?.[i];
    if (mp === undefined) return;
    const far = !lastLabel || Math.hypot(x - lastLabel[0], y - lastLabel[1]) > 1.4 || i === points.length - 1;
    if (!far) return;
    lastLabel = [x, y];
    S.text(`${num(mp, 1)}`, { x: x + 0.35, y: y - 0.3, class: "hgb-mp-label", "font-size": 0.7 });
  });
  const [ex, ey] = points[points.length - 1];
  const text = error
    ? `✗ ${error.length > 60 ? `${error.slice(0, 57)}…` : error}`
    : ev
      ? `${num(ev.mp_left, 1)} MP left`
      : note;
  if (text) S.text(text, { x: ex, y: ey + 1.6, class: `hgb-mp-left${error ? " illegal" : ""}`, "font-size": 0.85 });
  return { layer: "above", nodes: S.nodes };
}

// The MP a model spends along pts (terrain costs and level changes from the view's movement table).
export function mpAlong(view, card, pts) {
  const mv = view?.movement;
  if (!mv || !card) return null;
  let mp = 0;
  walk(view, card, pts, (d) => {
    mp += d;
    return 1;
  });
  return mp;
}

// Calls spend(mp) for each tenth of an inch walked; spend answers the share of that step it
// allows (1: all of it); on less, the walk stops there and returns the point.
function walk(view, card, pts, spend) {
  const mv = view.movement;
  const terrain = view.board?.terrain || [];
  const costAt = (p) => {
    let c = mv.open_mp ?? 1;
    for (const t of terrain)
      if (mv.terrain_mp?.[card.mode]?.[t.type] && inside(p, t.polygon))
        c = Math.max(c, mv.terrain_mp[card.mode][t.type]);
    return c;
  };
  const levelAt = (p) =>
    Math.max(0, ...terrain.filter((t) => t.type === "hill" && inside(p, t.polygon)).map((t) => t.level || 1));
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1],
      b = pts[i];
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const n = Math.max(1, Math.ceil(len / 0.1));
    let prevLevel = levelAt(a);
    for (let k = 0; k < n; k++) {
      const mid = { x: a.x + ((k + 0.5) / n) * (b.x - a.x), y: a.y + ((k + 0.5) / n) * (b.y - a.y) };
      const q = { x: a.x + ((k + 1) / n) * (b.x - a.x), y: a.y + ((k + 1) / n) * (b.y - a.y) };
      const lv = levelAt(q);
      let cost = (len / n) * costAt(mid);
      if (lv > prevLevel) cost += (lv - prevLevel) * (mv.climb_mp ?? 2);
      else if (lv < prevLevel) cost += (prevLevel - lv) * (mv.descend_mp ?? 1);
      prevLevel = lv;
      const share = spend(cost, q);
      if (share < 1)
        return { stop: { x: a.x + ((k + share) / n) * (b.x - a.x), y: a.y + ((k + share) / n) * (b.y - a.y) }, seg: i };
    }
  }
  return null;
}

// Where a drag along pts must stop: null when the whole trail is within the model's MP
// (Stationary: its one inch), else {pos, trail, note} at the farthest point it can reach.
// A small margin keeps the stop inside the limit after the path is rounded to 0.01 inch.
export function clampTrail(view, card, pts) {
  if (!card || !view?.movement) return null;
  const stationary = card.speed === "stationary";
  const budget = stationary
    ? (view.rules?.stationary_move_inches ?? 1) - (card.moved_inches || 0)
    : card.mp_now - card.mp_spent;
  const margin = 0.02;
  let used = 0;
  const hit = stationary
    ? walkDistance(pts, budget - margin)
    : walk(view, card, pts, (cost) => {
        const share = Math.max(0, Math.min(1, (budget - margin - used) / cost));
        used += cost * share;
        return share;
      });
  if (!hit) return null;
  const pos = { x: num(hit.stop.x, 2), y: num(hit.stop.y, 2) };
  return {
    pos,
    trail: [...pts.slice(1, hit.seg), pos],
    note: stationary ? `Stopped at ${num(budget)}" (Stationary)` : `Stopped at the MP limit (${num(budget)} MP)`,
  };
}

function walkDistance(pts, limit) {
  let d = 0;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1],
      b = pts[i];
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (d + len > limit) {
      const t = Math.max(0, (limit - d) / (len || 1));
      return { stop: { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) }, seg: i };
    }
    d += len;
  }
  return null;
}

// Ramer-Douglas-Peucker: the drawn trail as few waypoints as keep its shape (within eps inches).
function simplify(points, eps) {
  if (points.length < 3) return points;
  const [a, b] = [points[0], points[points.length - 1]];
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1e-9;
  let best = -1,
    at = 0;
  for (let i = 1; i < points.length - 1; i++) {
    const p = points[i];
    const d = Math.abs((b.x - a.x) * (a.y - p.y) - (a.x - p.x) * (b.y - a.y)) / len;
    if (d > best) {
      best = d;
      at = i;
    }
  }
  if (best <= eps) return [a, b];
  return [...simplify(points.slice(0, at + 1), eps).slice(0, -1), ...simplify(points.slice(at), eps)];
}

// The drag's trail (board points after the start) as the move's path, ending exactly at end.
export function pathFromTrail(start, trail, end) {
  const pts = simplify([start, ...trail, end], 0.15).slice(1);
  const out = pts
    .filter((p, i) => i === pts.length - 1 || Math.hypot(p.x - end.x, p.y - end.y) > 0.2)
    .map((p) => [num(p.x, 2), num(p.y, 2)]);
  if (!out.length || out[out.length - 1][0] !== num(end.x, 2) || out[out.length - 1][1] !== num(end.y, 2))
    out.push([num(end.x, 2), num(end.y, 2)]);
  return out.slice(-100);
}
