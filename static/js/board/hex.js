// Hex boards in axial coordinates (pointy-top), one hex = size 1 in board units.
import { el, text, terrainColor } from "./svg.js";

const SQRT3 = Math.sqrt(3);
const short = (s, n) => (String(s).length > n ? `${String(s).slice(0, n - 1)}…` : String(s));

// Pointy-top unless the board says "flat".
export function toPixel(q, r, flat = false) {
  return flat ? { x: 1.5 * q, y: SQRT3 * (r + q / 2) } : { x: SQRT3 * (q + r / 2), y: 1.5 * r };
}

export function fromPixel(x, y, flat = false) {
  return flat ? round((2 / 3) * x, -x / 3 + (SQRT3 / 3) * y) : round((SQRT3 / 3) * x - y / 3, (2 / 3) * y);
}

export function round(q, r) {
  const s = -q - r;
  let rq = Math.round(q),
    rr = Math.round(r),
    rs = Math.round(s);
  const dq = Math.abs(rq - q),
    dr = Math.abs(rr - r),
    ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return { q: rq + 0, r: rr + 0 };
}

export function distance(a, b) {
  return (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.q + a.r - b.q - b.r)) / 2;
}

export function corners(cx, cy, size = 1, flat = false) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 180) * (60 * i - (flat ? 0 : 30));
    pts.push(`${(cx + size * Math.cos(angle)).toFixed(3)},${(cy + size * Math.sin(angle)).toFixed(3)}`);
  }
  return pts.join(" ");
}

// The cells of a board: view.board.cells, or every hex within view.board.radius.
export function cellsOf(board) {
  if (Array.isArray(board.cells) && board.cells.length) return board.cells;
  const radius = Number.isFinite(board.radius) ? board.radius : 8;
  const cells = [];
  for (let q = -radius; q <= radius; q++) {
    for (let r = Math.max(-radius, -q - radius); r <= Math.min(radius, -q + radius); r++) {
      cells.push({ q, r, terrain: "clear" });
    }
  }
  return cells;
}

// Letters of a column: 0 -> "A", 25 -> "Z", 26 -> "AA" (as app.geometry.hex.column_letters).
export function columnLetters(i) {
  let n = i + 1;
  let out = "";
  while (n > 0) {
    const d = (n - 1) % 26;
    out = String.fromCharCode(65 + d) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

// Each cell's name ("q,r" -> "A1"), as the view names them (cell.name) or, for a board whose
// view has none, as app.geometry.hex.cell_names does: a column letter from the left (a row
// shifted half a hex takes the column its left half stands in), a row number from the top.
export function cellNames(cells) {
  const names = new Map();
  if (!cells.length) return names;
  const left = Math.min(...cells.map((c) => 2 * c.q + c.r));
  const top = Math.min(...cells.map((c) => c.r));
  for (const c of cells)
    names.set(`${c.q},${c.r}`, c.name || `${columnLetters(Math.floor((2 * c.q + c.r - left) / 2))}${c.r - top + 1}`);
  return names;
}

// Neighbour directions in the order of the arrow keys' use: E, W, SE, NW, SW, NE.
const DIRS = { right: [1, 0], left: [-1, 0], down: [0, 1], up: [0, -1], downLeft: [-1, 1], upRight: [1, -1] };

export function makeHexGrid(board) {
  const flat = board.orientation === "flat";
  const px = (q, r) => toPixel(q, r, flat);
  const cells = cellsOf(board);
  const keys = new Set(cells.map((c) => `${c.q},${c.r}`));
  const names = cellNames(cells);
  const xs = [],
    ys = [];
  for (const c of cells) {
    const p = px(c.q, c.r);
    xs.push(p.x);
    ys.push(p.y);
  }
  // Things a system draws beside the board (e.g. catapults) are fitted in too: {x, y} in board
  // units or {q, r}.
  for (const e of board.extents || []) {
    const p = Number.isFinite(e.x) ? e : px(e.q ?? 0, e.r ?? 0);
    xs.push(p.x);
    ys.push(p.y);
  }
  const bounds = cells.length
    ? {
        x: Math.min(...xs) - 1.1,
        y: Math.min(...ys) - 1.3,
        w: Math.max(...xs) - Math.min(...xs) + 2.2,
        h: Math.max(...ys) - Math.min(...ys) + 2.9,
      }
    : { x: -5, y: -5, w: 10, h: 10 };
  return {
    kind: "hex",
    unit: "hex",
    pieceRadius: 0.62,
    bounds,
    position: (p) => px(p.q ?? 0, p.r ?? 0),
    fromPixel: (x, y) => fromPixel(x, y, flat),
    onBoard: (pos) => keys.has(`${pos.q},${pos.r}`),
    snapPoint: (x, y) => {
      const h = fromPixel(x, y, flat);
      return px(h.q, h.r);
    },
    measure(a, b) {
      const n = distance(fromPixel(a.x, a.y, flat), fromPixel(b.x, b.y, flat));
      return `${n} ${n === 1 ? "hex" : "hexes"}`;
    },
    step(pos, key) {
      const d = DIRS[key];
      return d ? { q: pos.q + d[0], r: pos.r + d[1] } : null;
    },
    describe: (pos) => names.get(`${pos.q},${pos.r}`) || "off the board",
    cellName: (pos) => names.get(`${pos.q},${pos.r}`) || "",
    facingStep: 60,
    draw(layer) {
      for (const c of cells) {
        const p = px(c.q, c.r);
        const poly = el(
          "polygon",
          { points: corners(p.x, p.y, 0.98, flat), class: "cell", fill: terrainColor(c.terrain) },
          layer,
        );
        const title = el("title", {}, poly);
        const name = names.get(`${c.q},${c.r}`);
        title.textContent = `${name} ${c.label || String(c.terrain || "").replace(/[_-]+/g, " ")}`; // a label names its terrain
        if (c.label) text(short(c.label, 12), { x: p.x, y: p.y - 0.6, class: "cell-label" }, layer);
        // the board's coordinates, shown while the Coordinates toggle is on (board/coords.js)
        text(name, { x: p.x, y: p.y + 0.72, class: "cell-name", "aria-hidden": "true" }, layer);
      }
    },
  };
}

// A drag past the last space a piece may reach stops there: when `pos` is not legal, the last
// legal space of the trail the pointer drew (hexes entered, oldest first), with the trail cut
// there; null when `pos` is legal or the trail crossed no legal space (the drop is then refused).
export function stopAtLastLegal(pos, trail, isLegal, note) {
  if (!pos || isLegal(pos)) return null;
  for (let i = trail.length - 1; i >= 0; i--) {
    if (isLegal(trail[i])) return { pos: trail[i], trail: trail.slice(0, i + 1), note };
  }
  return null;
}
