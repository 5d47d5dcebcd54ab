// Shared marks: your ruler and pointer are sent to the table (ephemeral, never in the log), and
// the other people's are drawn on the board with their name, like Owlbear Rodeo's. A ping
// (ping.js) rides along with them: `onPing` draws someone else's.
import { seatLabel } from "./words.js";
import { el, text } from "./board/svg.js";

const SEND_EVERY = 100; // ms: at most 10 updates a second (the server allows 12)
const FADE = { ruler: 20000, pointer: 3000 };

export class SharedMarks {
  constructor(board, send) {
    this.board = board;
    this.send = send; // (ruler, pointer, ping) => bool
    this.onPing = null; // (mark) => void: someone else's ping
    this.pointer = null;
    this.others = new Map(); // id -> {g, timer}
    this.pending = null;
    this.timer = null;
    this.pointing = false;
    this.ruler = null;
    board.on("ruler", (line) =>
      this.queue({ ruler: line ? { from: xy(line.from), to: xy(line.to), text: line.text } : null }),
    );
    board.svg.addEventListener("pointermove", (e) => {
      if (!this.pointing) return;
      const p = board.panZoom.toBoard(e.clientX, e.clientY);
      this.queue({ pointer: xy(p) });
    });
  }

  setPointing(on) {
    this.pointing = on;
    if (!on) this.queue({ pointer: null });
  }

  queue(part) {
    if ("ruler" in part) this.ruler = part.ruler;
    if ("pointer" in part) this.pointer = part.pointer;
    this.pending = { ruler: this.ruler, pointer: this.pointer };
    if (this.timer) return;
    this.flush();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.pending) this.flush();
    }, SEND_EVERY);
  }

  // A ping at `point`: sent at once with the ruler and pointer as they are.
  ping(point) {
    this.send(this.ruler, this.pointer, xy(point));
  }

  flush() {
    const { ruler, pointer } = this.pending;
    this.pending = null;
    this.send(ruler, pointer);
  }

  layer() {
    if (!this.group?.isConnected) this.group = el("g", { class: "shared-marks" }, this.board.overlay);
    return this.group;
  }

  // Someone else's mark: draw it (or take it away when both parts are null).
  show(m) {
    const old = this.others.get(m.id);
    if (old) {
      old.g.remove();
      clearTimeout(old.timer);
      this.others.delete(m.id);
    }
    if (m.ping) this.onPing?.(m);
    if (!m.ruler && !m.pointer) return;
    const px = this.board.scale?.() || 0; // a label of 13 screen pixels, readable on a phone too
    const size = px > 0 ? 13 / px : Math.max(0.35, this.board.panZoom.vb.w / 45);
    const g = el("g", { class: "shared-mark", "data-from": m.from }, this.layer());
    const who = `${m.from}${m.seat ? ` (${seatLabel(m.seat)})` : ""}`;
    if (m.ruler) {
      const { from, to } = m.ruler;
      el(
        "line",
        {
          x1: from.x,
          y1: from.y,
          x2: to.x,
          y2: to.y,
          class: "shared-ruler",
          stroke: "#c2410c",
          "stroke-width": size / 6,
          "stroke-dasharray": `${size / 2} ${size / 4}`,
          fill: "none",
        },
        g,
      );
      el("circle", { cx: to.x, cy: to.y, r: size / 3, class: "shared-ruler-end", fill: "#c2410c" }, g);
      text(
        `${who}: ${m.ruler.text}`,
        {
          x: (from.x + to.x) / 2,
          y: (from.y + to.y) / 2 - size * 0.6,
          class: "shared-label",
          "font-size": size,
          fill: "#7c2d12",
          stroke: "#fff",
          "stroke-width": size / 12,
          "paint-order": "stroke",
          "text-anchor": "middle",
        },
        g,
      );
    }
    if (m.pointer) {
      el(
        "circle",
        {
          cx: m.pointer.x,
          cy: m.pointer.y,
          r: size / 2,
          class: "shared-pointer",
          fill: "#c2410c",
          "fill-opacity": 0.8,
          stroke: "#fff",
          "stroke-width": size / 10,
        },
        g,
      );
      text(
        who,
        {
          x: m.pointer.x + size * 0.7,
          y: m.pointer.y - size * 0.5,
          class: "shared-label",
          "font-size": size * 0.8,
          fill: "#7c2d12",
          stroke: "#fff",
          "stroke-width": size / 12,
          "paint-order": "stroke",
        },
        g,
      );
    }
    const timer = setTimeout(() => this.show({ id: m.id }), m.ruler ? FADE.ruler : FADE.pointer);
    this.others.set(m.id, { g, timer });
  }
}

const xy = (p) => ({ x: Math.round(p.x * 1000) / 1000, y: Math.round(p.y * 1000) / 1000 });
