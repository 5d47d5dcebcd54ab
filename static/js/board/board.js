// The board: draws view.board and view.pieces in SVG and dispatches pointer and keyboard
// input to pan/zoom, selection, dragging and measuring. Knows no game: actions go through hooks.
import { el, clear } from "./svg.js";
import { makeHexGrid } from "./hex.js";
import { makeTabletop } from "./tabletop.js";
import { drawPiece, fillPiece, place, pieceName } from "./pieces.js";
import { PanZoom } from "./pan-zoom.js";
import { Drag } from "./drag.js";
import { Measure } from "./measure.js";

const hasPos = (p) => (Number.isFinite(p.q) && Number.isFinite(p.r)) || (Number.isFinite(p.x) && Number.isFinite(p.y));

// hooks: {sides(owner), canDrag(piece), preview(piece,pos), drop(piece,pos,preview), select(piece|null),
//         keyMove(piece,pos), rotate(piece,facing), dragStatus(piece,pos,result), readout(text)}
export class Board {
  constructor(svg, hooks) {
    this.svg = svg;
    this.hooks = hooks;
    this.root = el("g", { class: "viewport" }, svg);
    this.terrain = el("g", { class: "terrain-layer" }, this.root);
    this.overlayBelow = el("g", { class: "overlay-below" }, this.root);
    this.piecesLayer = el("g", { class: "pieces-layer" }, this.root);
    this.overlay = el("g", { class: "overlay" }, this.root);
    this.boardKey = null;
    this.grid = makeTabletop({ width: 24, height: 24 });
    this.panZoom = new PanZoom(svg, this.grid.bounds);
    this.drag = new Drag(this);
    this.measure = new Measure(this, (t) => hooks.readout?.(t));
    this.pieces = new Map(); // id -> {piece, g}
    this.selected = null;
    this.tool = "select";
    this.gesture = null;
    svg.addEventListener("pointerdown", (e) => this.onDown(e));
    svg.addEventListener("pointermove", (e) => this.onMove(e));
    svg.addEventListener("pointerup", (e) => this.onUp(e));
    svg.addEventListener("pointercancel", (e) => this.onUp(e, true));
    svg.addEventListener("keydown", (e) => this.onKey(e));
  }

  render(view) {
    const board = view.board || { kind: "tabletop", width: 24, height: 24 };
    const key = JSON.stringify(board);
    if (key !== this.boardKey) {
      this.boardKey = key;
      this.grid = board.kind === "hex" ? makeHexGrid(board) : makeTabletop(board);
      this.svg.dataset.kind = this.grid.kind;
      clear(this.terrain);
      this.grid.draw(this.terrain);
      this.panZoom.setBounds(this.grid.bounds);
    }
    this.renderPieces((view.pieces || []).filter(hasPos));
  }

  renderPieces(list) {
    const seen = new Set();
    const stacks = new Map();
    for (const piece of list) {
      seen.add(piece.id);
      const side = this.hooks.sides(piece.owner);
      let entry = this.pieces.get(piece.id);
      const sig = JSON.stringify([piece.label, piece.owner, piece.facing, piece.color, piece.status, piece.kind, piece.base, this.boardKey]);
      const r = this.radiusOf(piece);
      if (!entry) {
        entry = { piece, g: drawPiece(this.piecesLayer, piece, side, r), sig };
        this.pieces.set(piece.id, entry);
      } else if (entry.sig !== sig) {
        fillPiece(entry.g, piece, side, r);
        entry.sig = sig;
      }
      entry.piece = piece;
      const at = JSON.stringify(this.piecePos(piece));
      entry.stack = stacks.get(at) || 0;
      stacks.set(at, entry.stack + 1);
      entry.g.setAttribute("aria-label", pieceName(piece, this.grid.describe(this.piecePos(piece))));
      entry.g.classList.toggle("selected", this.selected === piece.id);
      entry.g.classList.toggle("movable", !!this.hooks.canDrag?.(piece));
      if (!(this.drag.active && this.drag.state.piece.id === piece.id)) this.placePiece(piece.id);
    }
    for (const [id, entry] of this.pieces) {
      if (!seen.has(id)) {
        entry.g.remove();
        this.pieces.delete(id);
        if (this.selected === id) this.select(null);
      }
    }
    if (this.selected) this.hooks.select?.(this.pieces.get(this.selected)?.piece || null);
  }

  // A tabletop piece with a base (diameter, board units) is drawn at its size.
  radiusOf(piece) {
    const base = Number(piece.base);
    return this.grid.kind === "tabletop" && base > 0 && base < 100 ? base / 2 : this.grid.pieceRadius;
  }

  piecePos(piece) {
    return this.grid.kind === "hex" ? { q: piece.q, r: piece.r } : { x: piece.x, y: piece.y };
  }

  placePiece(id, pos = null) {
    const entry = this.pieces.get(id);
    if (!entry) return;
    const p = this.grid.position(pos || entry.piece);
    const nudge = pos ? 0 : (entry.stack || 0) * this.grid.pieceRadius * 0.35;
    place(entry.g, p.x + nudge, p.y - nudge);
  }

  select(id) {
    if (this.selected && this.pieces.get(this.selected)) this.pieces.get(this.selected).g.classList.remove("selected");
    this.selected = id;
    const entry = id ? this.pieces.get(id) : null;
    if (entry) entry.g.classList.add("selected");
    this.hooks.select?.(entry ? entry.piece : null);
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
      if (this.gesture.mode !== "pan") this.panZoom.down({ pointerId: this.gesture.id, clientX: this.gesture.x, clientY: this.gesture.y });
      this.gesture.mode = "pan";
      this.gesture.moved = true;
      this.panZoom.down(e);
      return;
    }
    const g = e.target.closest?.(".piece");
    const entry = g ? this.pieces.get(g.dataset.id) : null;
    this.gesture = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false, entry, mode: "pan" };
    if (entry) g.focus({ preventScroll: true });
    if (this.tool === "measure") {
      this.gesture.mode = "measure";
      this.measure.start(point);
      this.measure.done = true;
    } else if (entry && this.hooks.canDrag?.(entry.piece)) {
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
    if (!g) return;
    if (Math.hypot(e.clientX - g.x, e.clientY - g.y) > 4) g.moved = true;
    const point = this.panZoom.toBoard(e.clientX, e.clientY);
    if (g.mode === "measure") this.measure.move(point);
    else if (g.mode === "drag") { if (g.moved) this.drag.move(point); }
    else this.panZoom.move(e);
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
        this.hooks.drop?.(dropped.piece, dropped.pos, dropped.preview);
      }
      return;
    }
    if (!g.moved && g.mode !== "measure") this.select(g.entry ? g.entry.piece.id : null);
  }

  // --- keyboard -------------------------------------------------------------------------
  onKey(e) {
    const g = e.target.closest?.(".piece");
    const entry = g ? this.pieces.get(g.dataset.id) : null;
    if (entry && this.tool === "measure" && (e.key === "Enter" || e.key === " ")) {
      // Keyboard measuring: Enter on one piece, then Enter on another.
      const at = this.grid.position(entry.piece);
      if (this.measure.group && !this.measure.done) { this.measure.move(at); this.measure.done = true; }
      else { this.measure.start(at); this.measure.done = false; }
      e.preventDefault();
      return;
    }
    if (entry) {
      if (e.key === "Enter" || e.key === " ") { this.select(entry.piece.id); e.preventDefault(); return; }
      if (e.key === "Escape") { this.select(null); e.preventDefault(); return; }
      const dir = { ArrowRight: "right", ArrowLeft: "left", ArrowUp: "up", ArrowDown: "down" }[e.key];
      if (dir && this.selected === entry.piece.id && this.hooks.canDrag?.(entry.piece)) {
        const to = this.grid.step(this.piecePos(entry.piece), e.shiftKey && this.grid.kind === "hex"
          ? { ArrowUp: "upRight", ArrowDown: "downLeft" }[e.key] || dir : dir);
        if (to) this.hooks.keyMove?.(entry.piece, to);
        e.preventDefault();
        return;
      }
      if ((e.key === "[" || e.key === "]") && this.hooks.canDrag?.(entry.piece)) {
        const delta = (e.key === "]" ? 1 : -1) * this.grid.facingStep;
        this.hooks.rotate?.(entry.piece, (((Number(entry.piece.facing) || 0) + delta) % 360 + 360) % 360);
        e.preventDefault();
        return;
      }
    }
    if (e.key === "Escape") { this.measure.clear(); this.select(null); return; }
    if (this.panZoom.onKey(e)) e.preventDefault();
  }
}
