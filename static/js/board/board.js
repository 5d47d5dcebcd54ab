// The board, modelled on lichess's chessground: it owns the SVG, pan/zoom, dragging and the
// ruler; it takes the board, pieces, overlay shapes and a legend as plain data through
// `set({...})` and tells what happens through events (`on(name, fn)`). Panels never touch
// its DOM. Knows no game.
//
// set({board, pieces, shapes: {key: {nodes, layer: "below"|"above", until}}, clock: {turn, activation},
//      legend: [{label, color, shape, icon}], sides, canDrag, preview, limit})
// new Board(svg, {legendHost}) puts the legend in that element (a toolbar) instead of over the board.
//   sides(owner) -> {color, shape, short}     canDrag(piece) -> bool
//   preview(piece, pos, trail) -> Promise<{legal, reason, summary, path}>   (asked during drags)
//   limit(piece, pos, trail) -> null | {pos, trail, note}   (stops a drag at the farthest legal point)
// events: select(piece|null), click({point, cell, piece, shape}), dragstart({piece}),
//   dragmove({piece, pos, trail, limited, note}), dragstatus({piece, pos, result, limited, note}),
//   dragend({piece, dropped}), drop({piece, pos, trail, preview}), keymove({piece, pos}),
//   rotate({piece, facing}), measure(text), layout(), hover({point}) while no button is down,
//   key({piece, key, shiftKey, handled}) for a key on a piece (a listener sets handled to take it)
import { el, clear } from "./svg.js";
import { makeHexGrid } from "./hex.js";
import { makeTabletop } from "./tabletop.js";
import { drawPiece, fillPiece, place, pieceName } from "./pieces.js";
import { PanZoom } from "./pan-zoom.js";
import { Drag } from "./drag.js";
import { Measure } from "./measure.js";
import { ShapeLayer } from "./shapes.js";
import { layoutPieces } from "./labels.js";
import { showLegend } from "./legend.js";
import { onKey } from "./keys.js";
import { freeSpot } from "./free-spot.js";

const reducedMotion = () => globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
const hasPos = (p) => (Number.isFinite(p.q) && Number.isFinite(p.r)) || (Number.isFinite(p.x) && Number.isFinite(p.y));

export class Board {
  constructor(svg, config = {}) {
    this.svg = svg;
    this.config = { sides: () => ({ color: "#555", shape: "circle", short: "" }), ...config };
    this.listeners = new Map();
    this.root = el("g", { class: "viewport" }, svg);
    this.terrain = el("g", { class: "terrain-layer" }, this.root);
    this.overlayBelow = el("g", { class: "overlay-below" }, this.root);
    this.piecesLayer = el("g", { class: "pieces-layer" }, this.root);
    this.overlay = el("g", { class: "overlay" }, this.root);
    this.shapes = new ShapeLayer(this.overlayBelow, this.overlay);
    this.boardKey = null;
    this.grid = makeTabletop({ width: 24, height: 24 });
    this.panZoom = new PanZoom(svg, this.grid.bounds);
    this.drag = new Drag(this);
    this.measure = new Measure(this, (t, line) => {
      this.emit("measure", t);
      this.emit("ruler", line || null);
    });
    this.pieces = new Map(); // id -> {piece, g}
    this.selected = null;
    this.tool = "select";
    this.gesture = null;
    this.handlers = [
      ["pointerdown", (e) => this.onDown(e)],
      ["pointermove", (e) => this.onMove(e)],
      ["pointerup", (e) => this.onUp(e)],
      ["pointercancel", (e) => this.onUp(e, true)],
      ["keydown", (e) => this.onKey(e)],
      ["viewchange", () => this.scheduleLayout()],
    ];
    for (const [name, fn] of this.handlers) svg.addEventListener(name, fn);
  }

  // --- the API ----------------------------------------------------------------------------
  on(name, fn) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name).add(fn);
    return () => this.listeners.get(name)?.delete(fn);
  }

  emit(name, detail) {
    for (const fn of [...(this.listeners.get(name) || [])]) {
      try {
        fn(detail);
      } catch (err) {
        console.error(`board ${name} listener failed`, err);
      }
    }
  }

  set(cfg = {}) {
    for (const k of ["sides", "canDrag", "preview", "limit"]) if (k in cfg) this.config[k] = cfg[k];
    if (cfg.board !== undefined) this.setBoard(cfg.board);
    if (cfg.pieces) this.renderPieces(cfg.pieces.filter(hasPos));
    if (cfg.clock !== undefined) this.shapes.setClock(cfg.clock);
    // turned half round so the seat's own side is at the bottom; texts and silhouettes stay upright (CSS)
    if (cfg.flip !== undefined) this.svg.classList.toggle("flipped", !!cfg.flip);
    if (cfg.shapes) this.shapes.set(cfg.shapes);
    if (cfg.legend !== undefined) showLegend(this.config.legendHost || this.svg.parentElement, cfg.legend);
    if (cfg.selected !== undefined) this.select(cfg.selected);
  }

  piece(id) {
    return this.pieces.get(id)?.piece || null;
  }
  hasShape(key) {
    return this.shapes.has(key);
  }
  selectedPiece() {
    return this.selected ? this.piece(this.selected) : null;
  }

  piecePos(piece) {
    return this.grid.kind === "hex" ? { q: piece.q, r: piece.r } : { x: piece.x, y: piece.y };
  }

  // Screen pixels per board unit at the current zoom.
  scale() {
    const rect = this.panZoom.rect();
    const vb = this.panZoom.vb;
    return rect.width > 0 ? Math.min(rect.width / vb.w, rect.height / vb.h) : 0;
  }

  // The free place nearest the middle of what is on screen (new pieces do not stack).
  freeSpot() {
    const taken = [...this.pieces.values()].map((e) => this.piecePos(e.piece));
    return freeSpot(this.grid, this.panZoom.vb, taken);
  }

  destroy() {
    for (const [name, fn] of this.handlers) this.svg.removeEventListener(name, fn);
    this.listeners.clear();
    this.drag.end(true);
    this.measure.clear();
    this.shapes.clear();
    clear(this.svg);
    showLegend(this.config.legendHost || this.svg.parentElement, null);
  }

  // --- drawing ----------------------------------------------------------------------------
  setBoard(board) {
    const key = JSON.stringify(board);
    if (key === this.boardKey) return;
    this.boardKey = key;
    this.grid = board.kind === "hex" ? makeHexGrid(board) : makeTabletop(board);
    this.svg.dataset.kind = this.grid.kind;
    clear(this.terrain);
    this.grid.draw(this.terrain);
    this.panZoom.setBounds(this.grid.bounds);
  }

  renderPieces(list) {
    const seen = new Set();
    const stacks = new Map();
    for (const piece of list) {
      seen.add(piece.id);
      const side = this.config.sides(piece.owner);
      let entry = this.pieces.get(piece.id);
      const sig = JSON.stringify([
        piece.label,
        piece.owner,
        piece.facing,
        piece.color,
        piece.status,
        piece.kind,
        piece.base,
        piece.icon,
        piece.badges,
        piece.shape,
        piece.tone,
        piece.short,
        piece.caption,
        this.boardKey,
      ]);
      const r = this.radiusOf(piece);
      if (!entry) {
        entry = { piece, g: drawPiece(this.piecesLayer, piece, side, r), sig };
        this.pieces.set(piece.id, entry);
      } else if (entry.sig !== sig) {
        fillPiece(entry.g, piece, side, r);
        entry.sig = sig;
      }
      entry.piece = piece;
      entry.r = r;
      const at = JSON.stringify(this.piecePos(piece));
      entry.stack = stacks.get(at) || 0;
      stacks.set(at, entry.stack + 1);
      entry.g.setAttribute("aria-label", pieceName(piece, piece.where || this.grid.describe(this.piecePos(piece))));
      entry.g.classList.toggle("selected", this.selected === piece.id);
      entry.g.classList.toggle("movable", !!this.config.canDrag?.(piece));
      if (!(this.drag.active && this.drag.state.piece.id === piece.id)) this.placePiece(piece.id, null, true);
    }
    for (const [id, entry] of this.pieces) {
      if (!seen.has(id)) {
        entry.g.remove();
        this.pieces.delete(id);
        if (this.selected === id) this.select(null);
      }
    }
    this.scheduleLayout();
  }

  // Sizes and labels follow the zoom; done once per frame.
  scheduleLayout() {
    if (this.layoutPending) return;
    this.layoutPending = true;
    requestAnimationFrame(() => {
      this.layoutPending = false;
      const entries = [...this.pieces.values()].map((e) => {
        const p = this.grid.position(e.piece);
        return {
          g: e.g,
          r: e.r,
          x: p.x,
          y: p.y,
          priority: (e.piece.id === this.selected ? 2 : 0) + (e.g.classList.contains("movable") ? 1 : 0),
        };
      });
      // on a hex board a piece stays inside its hex (the inscribed circle, a little margin)
      const fit = this.grid.kind === "hex" ? (Math.sqrt(3) / 2) * 0.94 : null;
      const terrainNames = [...this.svg.querySelectorAll(".terrain-label")];
      layoutPieces(entries, this.scale(), fit, this.panZoom.vb, terrainNames);
      this.emit("layout");
    });
  }

  // A tabletop piece with a base (diameter, board units) is drawn at its size.
  radiusOf(piece) {
    const base = Number(piece.base);
    return this.grid.kind === "tabletop" && base > 0 && base < 100 ? base / 2 : this.grid.pieceRadius;
  }

  // `glide`: a piece already on the board slides to its new place (under 300 ms; not with
  // prefers-reduced-motion, nor when it is already there, as after the player's own drag).
  placePiece(id, pos = null, glide = false) {
    const entry = this.pieces.get(id);
    if (!entry) return;
    const p = this.grid.position(pos || entry.piece);
    const nudge = pos ? 0 : (entry.stack || 0) * this.grid.pieceRadius * 0.35;
    const from = glide ? entry.g.getAttribute("transform") : null;
    place(entry.g, p.x + nudge, p.y - nudge);
    const to = entry.g.getAttribute("transform");
    if (from && from !== to && entry.g.animate && !reducedMotion()) {
      const css = (t) => t.replace(/translate\(([-\d.]+),([-\d.]+)\)/, "translate($1px, $2px)");
      entry.g.animate([{ transform: css(from) }, { transform: css(to) }], { duration: 260, easing: "ease-out" });
    }
  }

  // Each piece's place on the board (board units) with its label, owner and status: what the
  // last-action marks compare before and after an update.
  positions() {
    const out = new Map();
    for (const [id, e] of this.pieces) {
      const p = this.grid.position(e.piece);
      out.set(id, { x: p.x, y: p.y, label: e.piece.label || "", owner: e.piece.owner, status: e.piece.status });
    }
    return out;
  }

  select(id) {
    if (this.selected && this.pieces.get(this.selected)) this.pieces.get(this.selected).g.classList.remove("selected");
    const changed = this.selected !== id;
    this.selected = id;
    const entry = id ? this.pieces.get(id) : null;
    if (entry) entry.g.classList.add("selected");
    this.emit("select", entry ? entry.piece : null);
    if (changed) this.scheduleLayout();
  }

  setTool(tool) {
    this.tool = tool;
    this.svg.dataset.tool = tool;
    if (tool !== "measure") this.measure.clear();
  }

  // --- pointer input --------------------------------------------------------------------
  onDown(e) {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    this.svg.setPointerCapture?.(e.pointerId);
    const point = this.panZoom.toBoard(e.clientX, e.clientY);
    if (this.gesture) {
      // A second finger: whatever was going on becomes a pinch.
      if (this.gesture.mode === "drag") this.drag.end(true);
      if (this.gesture.mode !== "pan")
        this.panZoom.down({ pointerId: this.gesture.id, clientX: this.gesture.x, clientY: this.gesture.y });
      this.gesture.mode = "pan";
      this.gesture.moved = true;
      this.panZoom.down(e);
      return;
    }
    const g = e.target.closest?.(".piece");
    const entry = g ? this.pieces.get(g.dataset.id) : null;
    const shape = e.target.closest?.("[data-shape-id]");
    this.gesture = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false, entry, shape, mode: "pan" };
    if (entry) g.focus({ preventScroll: true });
    if (this.tool === "measure") {
      this.gesture.mode = "measure";
      this.measure.start(point);
      this.measure.done = true;
    } else if (entry && this.config.canDrag?.(entry.piece)) {
      this.gesture.mode = "drag";
      this.select(entry.piece.id);
      this.drag.start(entry.piece, entry.g, point);
    } else {
      this.panZoom.down(e);
    }
    e.preventDefault();
  }

  onMove(e) {
    const g = this.gesture;
    if (!g) {
      if (this.listeners.get("hover")?.size) this.emit("hover", { point: this.panZoom.toBoard(e.clientX, e.clientY) });
      return;
    }
    if (Math.hypot(e.clientX - g.x, e.clientY - g.y) > 4) g.moved = true;
    const point = this.panZoom.toBoard(e.clientX, e.clientY);
    if (g.mode === "measure") this.measure.move(point);
    else if (g.mode === "drag") {
      if (g.moved) this.drag.move(point);
    } else this.panZoom.move(e);
  }

  onUp(e, cancelled = false) {
    const g = this.gesture;
    if (!g) return;
    if (g.mode === "pan") {
      this.panZoom.up(e);
      if (this.panZoom.active) return;
    }
    this.gesture = null;
    if (g.mode === "drag") {
      const dropped = this.drag.end(cancelled || !g.moved);
      if (dropped) {
        this.placePiece(dropped.piece.id, dropped.pos);
        this.emit("drop", dropped);
      } else if (!cancelled) this.emit("click", this.clickAt(e, g));
      return;
    }
    // a ruler let go stays on this board, and leaves the others' (the shared ruler is cleared)
    if (g.mode === "measure") this.emit("ruler", null);
    if (!g.moved && g.mode !== "measure" && !cancelled) {
      this.select(g.entry ? g.entry.piece.id : null);
      this.emit("click", this.clickAt(e, g));
    }
  }

  clickAt(e, g) {
    const point = this.panZoom.toBoard(e.clientX, e.clientY);
    return {
      point,
      cell: this.grid.fromPixel(point.x, point.y),
      piece: g.entry?.piece || null,
      shape: g.shape?.dataset.shapeId || null,
    };
  }

  // --- keyboard: board/keys.js ------------------------------------------------------------
  onKey(e) {
    onKey(this, e);
  }
}
