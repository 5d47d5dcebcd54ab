// Pieces: a body whose shape tells the side (not only its colour), a silhouette of the piece's
// kind (piece.icon) or the side's short name, a facing pointer (degrees, 0 = east, clockwise),
// status badges (piece.badges: [{text, title, tone}]) and the label. The board scales the body
// up to a minimum size on screen and sizes labels in screen pixels (see board.js).
import { seatLabel } from "../words.js";
import { el, text } from "./svg.js";
import { iconPath } from "./icons.js";

export const PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#B8A500", "#7a7a7a"];
const SHAPES = ["circle", "square", "diamond", "hexagon", "triangle", "pentagon", "octagon", "star"];

// Seat -> {color, shape, short} from the table's seat order.
export function makeSides(seats) {
  const sides = new Map();
  seats.forEach((seat, i) => {
    sides.set(seat, {
      color: PALETTE[i % PALETTE.length],
      shape: SHAPES[i % SHAPES.length],
      short: shortName(seat),
    });
  });
  return (owner) => sides.get(owner) || { color: "#555", shape: "circle", short: owner ? shortName(owner) : "" };
}

function shortName(seat) {
  const s = String(seat);
  return /^p\d+$/.test(s) ? s.toUpperCase() : s.slice(0, 2).toUpperCase();
}

function polygon(n, radius, rotate = -90, inner = null) {
  const pts = [];
  const count = inner ? n * 2 : n;
  for (let i = 0; i < count; i++) {
    const a = (Math.PI / 180) * (rotate + (360 / count) * i);
    const r = inner && i % 2 ? inner : radius;
    pts.push(`${(r * Math.cos(a)).toFixed(3)},${(r * Math.sin(a)).toFixed(3)}`);
  }
  return pts.join(" ");
}

function body(shape, r, parent, attrs) {
  switch (shape) {
    case "square":
      return el(
        "rect",
        { x: -r * 0.85, y: -r * 0.85, width: r * 1.7, height: r * 1.7, rx: r * 0.12, ...attrs },
        parent,
      );
    case "diamond":
      return el("polygon", { points: polygon(4, r * 1.1), ...attrs }, parent);
    case "hexagon":
      return el("polygon", { points: polygon(6, r, 0), ...attrs }, parent);
    case "triangle":
      return el("polygon", { points: polygon(3, r * 1.2, -90), ...attrs }, parent);
    case "pentagon":
      return el("polygon", { points: polygon(5, r * 1.05), ...attrs }, parent);
    case "octagon":
      return el("polygon", { points: polygon(8, r, 22.5), ...attrs }, parent);
    case "star":
      return el("polygon", { points: polygon(5, r * 1.15, -90, r * 0.6), ...attrs }, parent);
    default:
      return el("circle", { r, ...attrs }, parent);
  }
}

export function pieceName(piece, where) {
  const parts = [piece.label || piece.id];
  if (piece.owner) parts.push(`of ${piece.side || seatLabel(piece.owner)}`);
  if (piece.kind && piece.kind !== piece.id) parts.push(piece.kind); // a kind that is its own id says nothing
  if (piece.status) parts.push(`status ${piece.status}`);
  for (const b of piece.badges || []) if (b.title) parts.push(b.title);
  if (where) parts.push(`at ${where}`);
  if (Number.isFinite(piece.facing)) parts.push(`facing ${Math.round(piece.facing)} degrees`);
  return parts.join(", ");
}

// Create the group for one piece (positioned later with place()). A graphical object with its
// name in aria-label (pieceName), not a button named by the marks it shows (its badges' numbers
// and short side text could never read as its name: label-content-name-mismatch).
export function drawPiece(layer, piece, side, r) {
  const g = el(
    "g",
    { class: "piece", "data-id": piece.id, tabindex: 0, role: "graphics-symbol", "aria-roledescription": "piece" },
    layer,
  );
  fillPiece(g, piece, side, r);
  return g;
}

export function fillPiece(g, piece, side, r) {
  while (g.firstChild) g.removeChild(g.firstChild);
  g.dataset.owner = piece.owner || "";
  g.dataset.r = String(r);
  g.classList.toggle("has-icon", !!iconPath(piece.icon));
  for (const c of [...g.classList]) if (c.startsWith("tone-")) g.classList.remove(c);
  if (piece.tone) g.classList.add(`tone-${piece.tone}`);
  // what the piece shows is said by its name (aria-label): its marks are hidden from the tree
  const scaled = el("g", { class: "piece-scale", "aria-hidden": "true" }, g);
  el("circle", { r, class: "hit" }, scaled); // the touch target, grown to 44 px by the board
  if (Number.isFinite(Number(piece.facing)) && piece.facing !== null) {
    const facing = el("g", { class: "facing", transform: `rotate(${Number(piece.facing) || 0})` }, scaled);
    el("polygon", { points: `${r * 1.55},0 ${r * 0.75},${-r * 0.45} ${r * 0.75},${r * 0.45}`, class: "nose" }, facing);
  }
  body(piece.shape || side.shape, r, scaled, { class: "body", fill: piece.color || side.color });
  const icon = iconPath(piece.icon);
  if (icon)
    el(
      "path",
      { d: icon, class: "piece-icon", transform: `scale(${r * 0.78})` },
      el("g", { class: "upright" }, scaled),
    );
  else text(piece.short ?? side.short, { class: "piece-side", y: r * 0.08, "font-size": r * 0.62 }, scaled);
  const badges = (piece.badges || []).slice(0, 3);
  badges.forEach((b, i) => {
    const bg = el(
      "g",
      {
        class: `badge tone-${b.tone || "info"}`,
        transform: `translate(${(r * 0.95).toFixed(3)},${(-r * 0.95 + i * r * 0.8).toFixed(3)})`,
      },
      scaled,
    );
    el("circle", { r: r * 0.42 }, bg);
    text(b.text, { "font-size": r * 0.55, y: r * 0.03 }, bg);
    if (b.title) el("title", {}, bg).textContent = b.title;
  });
  const name = String(piece.label || piece.id);
  const caption = String(piece.caption ?? name);
  if (caption) {
    const label = text(
      caption.length > 18 ? `${caption.slice(0, 17)}…` : caption,
      { class: "piece-label", y: r * 1.9, "font-size": r * 0.62 },
      g,
    );
    label.setAttribute("paint-order", "stroke");
    label.setAttribute("aria-hidden", "true");
  }
  el("title", {}, g).textContent = name;
  if (piece.status && !piece.badges && !piece.tone)
    text(piece.status, { class: "piece-status", y: -r * 1.25, "font-size": r * 0.5 }, scaled);
}

export function place(g, x, y) {
  g.setAttribute("transform", `translate(${x.toFixed(3)},${y.toFixed(3)})`);
}
