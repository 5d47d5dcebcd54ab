// Dragging a piece: the piece follows the pointer (snapped to hexes on hex boards) and leaves
// its trail; the panel's `limit` hook may stop it at the farthest legal point along that trail
// (shown live); the `preview` hook (the server's /preview) colours the move legal or not; the
// drop is handed back as {piece, pos, trail, preview}. Nothing of the drag stays drawn after it.
import { el } from "./svg.js";
import { place } from "./pieces.js";

const posKey = (p) => JSON.stringify(p);
const TRAIL_STEP = 0.3; // board units between recorded trail points on tabletops

export class Drag {
  constructor(board) {
    this.board = board;
    this.state = null;
  }

  get active() {
    return this.state !== null;
  }

  start(piece, g, point) {
    const grid = this.board.grid;
    const origin = grid.position(piece);
    const layer = this.board.overlay;
    const path = el("polyline", { points: `${origin.x},${origin.y}`, class: "drag-path" }, layer);
    const ghost = el(
      "circle",
      { cx: origin.x, cy: origin.y, r: this.board.radiusOf(piece), class: "drag-origin" },
      layer,
    );
    const start = this.board.piecePos(piece);
    this.state = {
      piece,
      g,
      origin,
      path,
      ghost,
      pos: null,
      moved: false,
      results: new Map(),
      timer: null,
      trail: [grid.kind === "hex" ? start : { x: origin.x, y: origin.y }],
      limited: false,
      offset: { x: origin.x - point.x, y: origin.y - point.y },
    };
    g.classList.add("dragging");
    this.board.emit("dragstart", { piece });
  }

  // Record the pointer's way: hexes entered on hex boards, points every TRAIL_STEP on tabletops.
  record(raw, pos) {
    const s = this.state;
    const last = s.trail[s.trail.length - 1];
    if (this.board.grid.kind === "hex") {
      if (posKey(last) !== posKey(pos)) s.trail.push(pos);
      return;
    }
    if (Math.hypot(raw.x - last.x, raw.y - last.y) >= TRAIL_STEP) s.trail.push({ x: raw.x, y: raw.y });
  }

  move(point) {
    const s = this.state;
    if (!s) return;
    const grid = this.board.grid;
    const raw = grid.fromPixel(point.x + s.offset.x, point.y + s.offset.y);
    this.record(grid.kind === "hex" ? raw : { x: raw.x, y: raw.y }, raw);
    let pos = raw;
    let trail = s.trail.slice(1);
    const lim = this.board.config.limit?.(s.piece, raw, trail);
    s.limited = !!lim;
    s.note = lim?.note || "";
    if (lim) {
      pos = lim.pos;
      trail = lim.trail || trail;
    }
    s.shownTrail = trail;
    const shown = grid.position(pos);
    place(s.g, shown.x, shown.y);
    const pts = [s.origin, ...trail.map((p) => grid.position(p)), shown];
    s.path.setAttribute("points", pts.map((p) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`).join(" "));
    s.g.classList.toggle("at-limit", s.limited);
    s.path.classList.toggle("at-limit", s.limited);
    const key = posKey(pos);
    const same = s.pos && posKey(s.pos) === key;
    s.pos = pos;
    s.moved = key !== posKey(this.board.piecePos(s.piece));
    this.board.emit("dragmove", { piece: s.piece, pos, trail: this.trailTo(pos), limited: s.limited, note: s.note });
    // the same space as before: shown again only when it became (or stopped being) the limit
    if (same && s.limited === s.shownLimited) return;
    this.show(s.results.get(key));
    if (same) return;
    if (!s.moved || s.results.has(key)) return;
    clearTimeout(s.timer);
    s.timer = setTimeout(() => this.ask(pos), 60);
  }

  // The trail (without the start) ending exactly at pos.
  trailTo(pos, s = this.state) {
    const t = (s.shownTrail || []).slice();
    if (!t.length || posKey(t[t.length - 1]) !== posKey(pos)) t.push(pos);
    return t;
  }

  async ask(pos) {
    const s = this.state;
    if (!s || !this.board.config.preview) return;
    const key = posKey(pos);
    const result = await this.board.config.preview(s.piece, pos, this.trailTo(pos));
    if (this.state !== s || result === undefined) return;
    s.results.set(key, result);
    if (s.pos && posKey(s.pos) === key) this.show(result);
  }

  show(result) {
    const s = this.state;
    const status = result === undefined ? "pending" : result.legal ? "legal" : "illegal";
    s.shownLimited = s.limited;
    s.path.setAttribute("class", `drag-path ${status}${s.limited ? " at-limit" : ""}`);
    this.drawRoute(result?.path);
    s.g.classList.toggle("illegal", status === "illegal");
    this.board.emit("dragstatus", { piece: s.piece, pos: s.pos, result, limited: s.limited, note: s.note });
  }

  // The route the server's preview took (a "path" in its events), drawn under the pieces.
  drawRoute(points) {
    const s = this.state;
    if (s.route) s.route.remove();
    s.route = null;
    if (!Array.isArray(points) || points.length < 2) return;
    const grid = this.board.grid;
    const xy = points
      .map((p) => {
        const pos = Array.isArray(p) ? (grid.kind === "hex" ? { q: p[0], r: p[1] } : { x: p[0], y: p[1] }) : p;
        return grid.position(pos);
      })
      .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
    s.route = el(
      "polyline",
      { points: xy.map((p) => `${p.x},${p.y}`).join(" "), class: "drag-route" },
      this.board.overlayBelow,
    );
  }

  // Ends the drag; returns {piece, pos, trail, preview} when the piece moved, else null.
  end(cancel = false) {
    const s = this.state;
    if (!s) return null;
    clearTimeout(s.timer);
    if (s.route) s.route.remove();
    s.path.remove();
    s.ghost.remove();
    s.g.classList.remove("dragging", "illegal", "at-limit");
    this.state = null;
    this.board.shapes.dragEnded();
    if (cancel || !s.moved || !s.pos) {
      this.board.placePiece(s.piece.id);
      this.board.emit("dragend", { piece: s.piece, dropped: false });
      return null;
    }
    this.board.emit("dragend", { piece: s.piece, dropped: true });
    return { piece: s.piece, pos: s.pos, trail: this.trailTo(s.pos, s), preview: s.results.get(posKey(s.pos)) };
  }
}
