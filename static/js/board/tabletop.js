// Tabletop boards in inches (or view.board.units): a width x height table with terrain polygons.
import { el, text, terrainColor } from "./svg.js";
import { placeWords } from "../words.js";

function centroid(points) {
  let x = 0,
    y = 0;
  for (const [px, py] of points) {
    x += px;
    y += py;
  }
  return { x: x / points.length, y: y / points.length };
}

const round1 = (v) => Math.round(v * 10) / 10;

export function makeTabletop(board) {
  const width = Number(board.width) || 48;
  const height = Number(board.height) || 48;
  const terrain = Array.isArray(board.terrain) ? board.terrain : [];
  const unit = typeof board.units === "string" && board.units ? board.units : "in"; // inches unless the view says
  return {
    kind: "tabletop",
    unit,
    pieceRadius: Math.min(1.2, Math.max(0.6, Math.min(width, height) / 32)),
    bounds: { x: -1, y: -1, w: width + 2, h: height + 2 },
    position: (p) => ({ x: p.x ?? 0, y: p.y ?? 0 }),
    fromPixel: (x, y) => ({ x: round1(Math.min(width, Math.max(0, x))), y: round1(Math.min(height, Math.max(0, y))) }),
    onBoard: (pos) => pos.x >= 0 && pos.y >= 0 && pos.x <= width && pos.y <= height,
    snapPoint: (x, y) => ({ x, y }),
    measure(a, b) {
      const d = Math.hypot(b.x - a.x, b.y - a.y);
      return `${d.toFixed(1)} ${unit}`;
    },
    step(pos, key) {
      const d = { right: [1, 0], left: [-1, 0], down: [0, 1], up: [0, -1] }[key];
      return d ? { x: round1(pos.x + d[0]), y: round1(pos.y + d[1]) } : null;
    },
    describe: (pos) => placeWords(pos.x, pos.y, unit),
    facingStep: 30,
    draw(layer) {
      el("rect", { x: 0, y: 0, width, height, class: "table-surface" }, layer);
      // Inch grid with a heavier line each 6"; centimetre tables get 5 cm and 30 cm lines. A path
      // for each kind of line across and down (drawn across over down, as one element a line was).
      const [minor, major] = unit === "cm" ? [5, 30] : unit === "mm" ? [50, 300] : [1, 6];
      const grid = el("g", { class: "table-grid" }, layer);
      const lines = (size, segment) => {
        const d = { minor: "", major: "" };
        for (let v = minor; v < size; v += minor) d[v % major === 0 ? "major" : "minor"] += segment(v);
        for (const kind of ["minor", "major"]) if (d[kind]) el("path", { d: d[kind], class: kind }, grid);
      };
      lines(width, (x) => `M${x} 0V${height}`);
      lines(height, (y) => `M0 ${y}H${width}`);
      const labelSize = Math.max(0.9, Math.min(width, height) / 55);
      for (const t of terrain) {
        if (!Array.isArray(t.polygon) || t.polygon.length < 3) continue;
        const poly = el(
          "polygon",
          {
            points: t.polygon.map(([x, y]) => `${x},${y}`).join(" "),
            class: "terrain",
            fill: terrainColor(t.type),
          },
          layer,
        );
        el("title", {}, poly).textContent = `${t.label || t.type || "terrain"}`;
        const c = centroid(t.polygon);
        text(t.label || t.type || "", { x: c.x, y: c.y, class: "terrain-label", "font-size": labelSize }, layer);
      }
      el("rect", { x: 0, y: 0, width, height, class: "table-edge" }, layer);
    },
  };
}
