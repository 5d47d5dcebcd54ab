// GKR: Heavy Hitters with Big Little Buddy: what the board draws over the hexes, as shape data
// for board.set({shapes}): the centre and the buildings with their tag pips, the selected
// unit's front arc, lit hexes, the hexes a click or Enter acts on (shape id "hex:q,r"), rings on
// movers and targets, aim crosses with blasts, revealed shots and Big Little Buddy's tag. Pure.
import { shapes } from "../../board/shapes.js";
import { toPixel, corners } from "../../board/hex.js";
import { buildingText } from "./view.js";

export function buildings(view, colour) {
  const S = shapes();
  const c = view.board?.centre;
  if (c) {
    const p = toPixel(c.q, c.r);
    S.el("polygon", { points: corners(p.x, p.y, 0.8), class: "gkr-centre" });
  }
  const need = view.defaults?.rules?.tags_to_demolish ?? 4;
  for (const b of view.board?.buildings || []) {
    const p = toPixel(b.q, b.r);
    const bg = S.el("g", {
      class: `gkr-building${b.demolished ? " rubble" : ""}`,
      transform: `translate(${p.x} ${p.y})`,
    });
    const name = buildingText(b);
    S.title(b.demolished ? `${name}: rubble` : `${name}: ${b.tag_total} of ${need} tags`, bg);
    if (b.demolished) {
      S.el("path", { d: "M-0.5 0.35 L-0.25 -0.1 L0 0.2 L0.2 -0.2 L0.5 0.35 Z", class: "gkr-rubble" }, bg);
      continue;
    }
    S.el("rect", { x: -0.48, y: -0.5, width: 0.96, height: 0.9, rx: 0.06, class: "gkr-block" }, bg);
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 2; j++)
        S.el("rect", { x: -0.36 + i * 0.26, y: -0.38 + j * 0.3, width: 0.18, height: 0.18, class: "gkr-window" }, bg);
    S.text(name, { x: 0, y: 0.62, class: "gkr-bid", "paint-order": "normal" }, bg);
    // tag pips: one per tag, in the tagging faction's colour, along the top
    let i = 0;
    for (const [seat, n] of Object.entries(b.tags || {})) {
      for (let k = 0; k < n && i < need; k++, i++)
        S.el("circle", { cx: -0.36 + i * 0.24, cy: -0.68, r: 0.1, class: "gkr-pip", fill: colour(seat) }, bg);
    }
    for (; i < need; i++) S.el("circle", { cx: -0.36 + i * 0.24, cy: -0.68, r: 0.1, class: "gkr-pip empty" }, bg);
  }
  return { layer: "below", nodes: S.nodes };
}

// The front arc of a Heavy Hitter or Big Little Buddy (180 degrees, as the rules check it: a hex
// is inside when its centre is not behind the facing), lit hexes and the clickable ones.
export function glow(view, { piece, title, lit, clicks }) {
  const S = shapes();
  if (piece && ["heavy", "blb"].includes(piece.kind)) {
    const a = ((Number(piece.facing) || 0) * Math.PI) / 180;
    const fx = Math.cos(a),
      fy = Math.sin(a);
    const o = toPixel(piece.q, piece.r);
    const g = S.el("g", { class: "gkr-arc" });
    S.title(title, g);
    for (const c of view.board?.cells || []) {
      const dist = (Math.abs(c.q - piece.q) + Math.abs(c.r - piece.r) + Math.abs(c.q + c.r - piece.q - piece.r)) / 2;
      if (dist === 0 || dist > 4) continue;
      const t = toPixel(c.q, c.r);
      if ((t.x - o.x) * fx + (t.y - o.y) * fy < -1e-9) continue;
      S.el("polygon", { points: corners(t.x, t.y, 0.9), class: "gkr-arc-hex" }, g);
    }
  }
  for (const x of lit || []) {
    const c = toPixel(x.q, x.r);
    S.el("polygon", { points: corners(c.x, c.y, 0.92), class: "gkr-lit" });
  }
  for (const c of clicks || []) {
    const px = toPixel(c.hex.q, c.hex.r);
    const poly = S.el("polygon", {
      points: corners(px.x, px.y, 0.86),
      class: "gkr-dest",
      tabindex: 0,
      role: "button",
      "aria-label": c.label,
      "data-q": c.hex.q,
      "data-r": c.hex.r,
      "data-shape-id": `hex:${c.hex.q},${c.hex.r}`,
    });
    S.title(c.label, poly);
  }
  return { layer: "below", nodes: S.nodes };
}

// Rings on movers and targets, aim crosses (with the blast), revealed shots, Big Little Buddy's tag.
export function marks(view, { prompt, chosen, aims, colour, faction }) {
  const S = shapes();
  const at = (id) => (view.pieces || []).find((x) => x.id === id);
  for (const m of prompt?.moves || []) {
    const piece = at(m.unit);
    if (!piece) continue;
    const c = toPixel(piece.q, piece.r);
    S.el("circle", { cx: c.x, cy: c.y, r: 0.88, class: `gkr-mover${m.unit === chosen ? " chosen" : ""}` });
  }
  for (const t of new Set((prompt?.weapons || []).flatMap((w) => w.targets || []))) {
    const piece = at(t);
    if (!piece) continue;
    const c = toPixel(piece.q, piece.r);
    S.el("circle", { cx: c.x, cy: c.y, r: 0.92, class: "gkr-target" });
  }
  for (const { hex, blast } of aims || []) {
    const c = toPixel(hex.q, hex.r);
    const cross = S.el("g", { class: "gkr-aim", transform: `translate(${c.x} ${c.y})` });
    S.el("circle", { r: 0.5 }, cross);
    S.el("line", { x1: -0.75, y1: 0, x2: 0.75, y2: 0 }, cross);
    S.el("line", { x1: 0, y1: -0.75, x2: 0, y2: 0.75 }, cross);
    for (let dq = -(blast || 0); dq <= (blast || 0); dq++) {
      for (let dr = -(blast || 0); dr <= (blast || 0); dr++) {
        if (Math.abs(dq + dr) > blast) continue;
        const o = toPixel(dq, dr);
        S.el("polygon", { points: corners(o.x, o.y, 0.95), class: "gkr-blast" }, cross);
      }
    }
  }
  // the revealed firing line: shot lines from shooter to target (this Combat and Tagging Phase)
  const fresh = ["combat", "tagging"].includes(view.turn?.phase);
  for (const e of fresh ? view.firing_line || [] : []) {
    if (e.hidden || !e.revealed) continue;
    const from = at(e.unit);
    const to = e.target_hex || at(e.target_unit);
    if (!from || !to) continue;
    const a = toPixel(from.q, from.r),
      b = toPixel(to.q, to.r);
    S.el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "gkr-shot", stroke: colour(e.owner) });
  }
  // Big Little Buddy's control marker: the controller's Holo-board Tag on top of him
  const blb = at("blb");
  if (blb) {
    const c = toPixel(blb.q, blb.r);
    const tg = S.el("g", {
      class: `gkr-blb-mark${blb.tag ? " controlled" : ""}`,
      transform: `translate(${c.x} ${c.y})`,
    });
    S.el("circle", { r: 0.74, class: "gkr-blb-ring" }, tg);
    if (blb.tag) {
      S.el("rect", { x: -0.4, y: -0.2, width: 0.8, height: 0.4, rx: 0.08, fill: colour(blb.tag) }, tg);
      S.text("TAG", { x: 0, y: 0.01, class: "gkr-tag-text", "paint-order": "normal" }, tg);
      S.title(`Holo-board Tag of ${faction(blb.tag)}: they control Big Little Buddy`, tg);
    }
  }
  return { layer: "above", nodes: S.nodes, until: { turn: view.turn?.round ?? 0 } };
}
