// Dragging a piece: the piece follows the pointer (snapped to hexes on hex boards), the
// server's preview of the move colours the path legal or not, and the drop is handed back.
import { el } from "./svg.js";
import { place } from "./pieces.js";

const posKey = (p) => JSON.stringify(p);

export class Drag {
  constructor(board) {
    this.board = board;
    this.state = null;
  }

  get active() { return this.state !== null; }

  start(piece, g, point) {
    const origin = this.board.grid.position(piece);
    const layer = this.board.overlay;
    const path = el("line", { x1: origin.x, y1: origin.y, x2: origin.x, y2: origin.y, class: "drag-path" }, layer);
    const ghost = el("circle", { cx: origin.x, cy: origin.y, r: this.board.grid.pieceRadius, class: "drag-origin" }, layer);
    this.state = { piece, g, origin, path, ghost, pos: null, moved: false, results: new Map(), timer: null,
                   offset: { x: origin.x - point.x, y: origin.y - point.y } };
    g.classList.add("dragging");
  }

  move(point) {
    const s = this.state;
    if (!s) return;
    const grid = this.board.grid;
    const raw = { x: point.x + s.offset.x, y: point.y + s.offset.y };
    const pos = grid.fromPixel(raw.x, raw.y);
    const shown = grid.kind === "hex" ? grid.position(pos) : grid.position(pos);
    place(s.g, shown.x, shown.y);
    s.path.setAttribute("x2", shown.x);
    s.path.setAttribute("y2", shown.y);
    const key = posKey(pos);
    if (s.pos && posKey(s.pos) === key) return;
    s.pos = pos;
    s.moved = posKey(pos) !== posKey(this.board.piecePos(s.piece));
    this.show(s.results.get(key));
    if (!s.moved || s.results.has(key)) return;
    clearTimeout(s.timer);
    s.timer = setTimeout(() => this.ask(pos), 60);
  }

  async ask(pos) {
    const s = this.state;
    if (!s || !this.board.hooks.preview) return;
    const key = posKey(pos);
    const result = await this.board.hooks.preview(s.piece, pos);
    if (this.state !== s || result === undefined) return;
    s.results.set(key, result);
    if (s.pos && posKey(s.pos) === key) this.show(result);
  }

  show(result) {
    const s = this.state;
    const status = result === undefined ? "pending" : result.legal ? "legal" : "illegal";
    s.path.setAttribute("class", `drag-path ${status}`);
    this.drawRoute(result?.path);
    s.g.classList.toggle("illegal", status === "illegal");
    this.board.hooks.dragStatus?.(s.piece, s.pos, result);
  }

  // The route the server's preview took (a "path" in its events), drawn under the pieces.
  drawRoute(points) {
    const s = this.state;
    if (s.route) s.route.remove();
    s.route = null;
    if (!Array.isArray(points) || points.length < 2) return;
    const grid = this.board.grid;
    const xy = points.map((p) => {
      const pos = Array.isArray(p) ? (grid.kind === "hex" ? { q: p[0], r: p[1] } : { x: p[0], y: p[1] }) : p;
      return grid.position(pos);
    }).filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
    s.route = el("polyline", { points: xy.map((p) => `${p.x},${p.y}`).join(" "), class: "drag-route" }, this.board.overlayBelow);
  }

  // Ends the drag; returns {piece, pos, preview} when the piece moved, else null.
  end(cancel = false) {
    const s = this.state;
    if (!s) return null;
    clearTimeout(s.timer);
    if (s.route) s.route.remove();
    s.path.remove();
    s.ghost.remove();
    s.g.classList.remove("dragging", "illegal");
    this.state = null;
    if (cancel || !s.moved || !s.pos) {
      this.board.placePiece(s.piece.id);
      return null;
    }
    return { piece: s.piece, pos: s.pos, preview: s.results.get(posKey(s.pos)) };
  }
}
