// Readable pieces at any zoom: each body is scaled up to at least MIN_PX on screen (on a hex
// board no further than its cell, keeping FIT_MIN_PX), its touch target to TOUCH_PX, its label drawn at LABEL_PX; then labels are placed below, above, right
// or left of their piece, in priority order, and hidden when no place is free (zoom in to see).
export const MIN_PX = 30; // the diameter; a square side shape is 0.85 of it (25.5 px)
export const TOUCH_PX = 44;
export const LABEL_PX = 12;

const overlaps = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

export const FIT_MIN_PX = 24; // a body shrunk to fit its cell keeps at least this on its short side

// How far a body reaches from its centre (its longest half) and its short half, in its own
// units (a square reaches 0.85 r, a diamond 1.1 r): from its attributes, as getBBox would give
// it, without asking the browser for a layout.
export function bodyReach(body, r) {
  let w = 0,
    h = 0;
  const num = (name) => Number(body?.getAttribute(name));
  if (body?.tagName === "circle") w = h = 2 * num("r");
  else if (body?.tagName === "rect") [w, h] = [num("width"), num("height")];
  else if (body?.tagName === "polygon") {
    const v = String(body.getAttribute("points") || "")
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    const xs = v.filter((_, i) => i % 2 === 0),
      ys = v.filter((_, i) => i % 2 === 1);
    if (xs.length) [w, h] = [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
  }
  if (w > 0 && h > 0) return { long: Math.max(w, h) / 2, short: Math.min(w, h) / 2 };
  return { long: r, short: r };
}

// entries: [{g, r, x, y, priority}] in board units; scale: screen pixels per board unit;
// fit: the radius a body may fill (board units; a hex board's cell) so that it never spills
// into the neighbouring cells, unless that would make it smaller than FIT_MIN_PX.
// view: the visible part of the board (board units); a label is not placed where it would be cut off.
// yielding: lesser texts (terrain names) hidden where they would run into a piece or its label.
export function layoutPieces(entries, scale, fit = null, view = null, yielding = []) {
  if (!(scale > 0)) return;
  const font = LABEL_PX / scale;
  const placed = [];
  const bodies = [];
  for (const e of entries) {
    let k = Math.max(1, MIN_PX / 2 / (e.r * scale));
    if (fit > 0) {
      const { long, short } = bodyReach(e.g.querySelector(".body"), e.r);
      k = Math.min(k, Math.max(fit / long, FIT_MIN_PX / 2 / (short * scale)));
    }
    e.k = k;
    e.g.querySelector(".piece-scale")?.setAttribute("transform", `scale(${k.toFixed(3)})`);
    const hit = e.g.querySelector(".hit");
    if (hit) hit.setAttribute("r", Math.max(e.r, TOUCH_PX / 2 / (scale * k)).toFixed(3));
    const rr = e.r * k;
    bodies.push({ x: e.x - rr, y: e.y - rr, w: 2 * rr, h: 2 * rr });
  }
  const order = [...entries].sort((a, b) => (b.priority || 0) - (a.priority || 0));
  // every label sized first, then all measured (one layout for them all, not one per label)
  const labelled = [];
  for (const e of order) {
    const label = e.g.querySelector(".piece-label");
    if (!label) continue;
    label.setAttribute("font-size", font.toFixed(4));
    label.setAttribute("stroke-width", (font * 0.22).toFixed(4));
    label.removeAttribute("display");
    labelled.push({ e, label });
  }
  const length = (label) => label.getComputedTextLength?.() || font * String(label.textContent).length * 0.6;
  for (const l of labelled) l.length = length(l.label);
  for (const { e, label, length } of labelled) {
    const rr = e.r * e.k;
    const pad = 4 / scale; // glyphs overhang their advance a little; keep labels clearly apart
    const w = Math.max(font, length) + pad;
    const h = font * 1.2 + pad / 2;
    const gap = font * 0.25;
    const spots = [
      { dx: 0, dy: rr + gap + h / 2, anchor: "middle", box: { x: -w / 2, y: rr + gap, w, h } },
      { dx: 0, dy: -rr - gap - h / 2, anchor: "middle", box: { x: -w / 2, y: -rr - gap - h, w, h } },
      // beside the piece: anchored at the text's middle too, so that a board turned half round
      // (texts turned back upright about their own box) keeps the text where its box was reserved
      { dx: rr + gap + w / 2, dy: 0, anchor: "middle", box: { x: rr + gap, y: -h / 2, w, h } },
      { dx: -rr - gap - w / 2, dy: 0, anchor: "middle", box: { x: -rr - gap - w, y: -h / 2, w, h } },
    ];
    let chosen = null;
    for (const s of spots) {
      const box = { x: e.x + s.box.x, y: e.y + s.box.y, w: s.box.w, h: s.box.h };
      if (placed.some((p) => overlaps(p, box))) continue;
      if (
        view &&
        (box.x < view.x || box.y < view.y || box.x + box.w > view.x + view.w || box.y + box.h > view.y + view.h)
      )
        continue;
      if (
        bodies.some(
          (b) => overlaps(b, box) && !(Math.abs(b.x + b.w / 2 - e.x) < 1e-6 && Math.abs(b.y + b.h / 2 - e.y) < 1e-6),
        )
      )
        continue;
      chosen = { s, box };
      break;
    }
    if (!chosen) {
      label.setAttribute("display", "none");
      e.g.classList.add("label-hidden");
      continue;
    }
    e.g.classList.remove("label-hidden");
    placed.push(chosen.box);
    label.setAttribute("x", chosen.s.dx.toFixed(4));
    label.setAttribute("y", chosen.s.dy.toFixed(4));
    label.setAttribute("text-anchor", chosen.s.anchor);
  }
  giveWay(yielding, [...placed, ...bodies]);
}

// Texts of the board itself (in board units, untransformed) yield to the pieces: hidden where
// they lie over a body or a placed label, shown again where they are clear. Their boxes do not
// change with the zoom: each is measured once (all together, one layout) and kept.
const boxes = new WeakMap();

function giveWay(texts, taken) {
  const fresh = texts.filter((t) => !boxes.has(t));
  for (const t of fresh) t.removeAttribute("display");
  for (const t of fresh) {
    let b = null;
    try {
      b = t.getBBox();
    } catch {
      /* not rendered */
    }
    if (b && b.width > 0) boxes.set(t, { x: b.x, y: b.y, w: b.width, h: b.height });
  }
  for (const t of texts) {
    const box = boxes.get(t);
    if (box && taken.some((p) => overlaps(p, box))) t.setAttribute("display", "none");
    else t.removeAttribute("display");
  }
}
