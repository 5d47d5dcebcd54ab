// The measuring tool: a ruler in inches on tabletops, a hex count on hex boards.
import { el, text } from "./svg.js";

export class Measure {
  constructor(board, onReadout) {
    this.board = board;
    this.onReadout = onReadout;
    this.group = null;
    this.from = null;
  }

  start(point) {
    this.clear();
    const grid = this.board.grid;
    this.from = grid.snapPoint(point.x, point.y);
    this.group = el("g", { class: "ruler" }, this.board.overlay);
    this.line = el("line", { x1: this.from.x, y1: this.from.y, x2: this.from.x, y2: this.from.y }, this.group);
    el("circle", { cx: this.from.x, cy: this.from.y, r: 0.18 }, this.group);
    this.end = el("circle", { cx: this.from.x, cy: this.from.y, r: 0.18 }, this.group);
    this.label = text("", { x: this.from.x, y: this.from.y, class: "ruler-label" }, this.group);
    this.move(point);
  }

  move(point) {
    if (!this.group) return;
    const grid = this.board.grid;
    const to = grid.snapPoint(point.x, point.y);
    for (const [k, v] of [
      ["x2", to.x],
      ["y2", to.y],
    ])
      this.line.setAttribute(k, v);
    this.end.setAttribute("cx", to.x);
    this.end.setAttribute("cy", to.y);
    const reading = grid.measure(this.from, to);
    this.label.textContent = reading;
    this.label.setAttribute("x", (this.from.x + to.x) / 2);
    this.label.setAttribute("y", (this.from.y + to.y) / 2 - 0.4);
    const px = this.board.scale?.() || 0; // 14 screen pixels at any zoom, on a phone too
    this.label.setAttribute("font-size", px > 0 ? 14 / px : Math.max(0.5, this.board.panZoom.vb.w / 40));
    this.onReadout(reading, { from: this.from, to, text: reading });
  }

  clear() {
    if (this.group) this.group.remove();
    this.group = null;
    this.onReadout("");
  }
}
