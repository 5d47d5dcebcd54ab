// Pings: a spot dropped for the whole table to see, a ripple in the pinger's colour with their name
// and a short sound, as Roll20's and Foundry's pings are. Alt+click or a long press on the board
// drops one there; the G key drops one at the selected piece, else where the pointer last was over
// the board, else the middle of what is on screen. Sent with the shared marks (never stored); at
// most one a second (the server refuses more).
import { el, text } from "./board/svg.js";

const HOLD_MS = 550; // a press this long without moving is a ping
const SLOP_PX = 10;
const EVERY_MS = 1000;
const SHOW_MS = 2600;

/**
 * @param {object} board   the table's board (svg, panZoom, overlay, scale, selectedPiece)
 * @param {object} marks   the shared marks (`ping(point)` sends one)
 * @param {{who: () => string, colour: (seat: string|null) => string, seat: () => string|null, sound: () => void}} me
 */
export function mountPings(board, marks, me) {
  let last = -Infinity;
  let over = null; // the pointer's last place over the board (board units)
  let hold = null; // a touch being held: {timer, x, y}

  const drop = (point) => {
    const now = performance.now();
    if (now - last < EVERY_MS) return;
    last = now;
    marks.ping(point);
    showPing(board, { at: point, who: me.who(), colour: me.colour(me.seat()) });
    me.sound();
  };
  const at = (e) => board.panZoom.toBoard(e.clientX, e.clientY);
  const release = () => {
    clearTimeout(hold?.timer);
    hold = null;
  };

  const svg = board.svg;
  svg.addEventListener(
    "pointerdown",
    (e) => {
      if (e.altKey && e.button === 0) {
        e.preventDefault();
        e.stopImmediatePropagation(); // a ping, not a selection or a drag
        drop(at(e));
        return;
      }
      if (e.pointerType !== "mouse") {
        release();
        const point = at(e);
        hold = { x: e.clientX, y: e.clientY, timer: setTimeout(() => drop(point), HOLD_MS) };
      }
    },
    { capture: true },
  );
  svg.addEventListener("pointermove", (e) => {
    over = at(e);
    if (hold && Math.hypot(e.clientX - hold.x, e.clientY - hold.y) > SLOP_PX) release();
  });
  for (const name of ["pointerup", "pointercancel", "pointerleave"]) svg.addEventListener(name, release);
  svg.addEventListener("contextmenu", (e) => {
    if (e.pointerType !== "mouse" && e.pointerType) e.preventDefault(); // the long press is ours
  });

  document.addEventListener("keydown", (e) => {
    if (e.key !== "g" && e.key !== "G") return;
    if (e.target.closest?.("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey) return;
    drop(selectedPoint(board) || over || middle(board));
  });
}

// A ping someone else dropped (a mark message with `ping`).
export function showOthersPing(board, m, colour, sound) {
  showPing(board, { at: m.ping, who: `${m.from}`, colour });
  sound();
}

function showPing(board, { at, who, colour }) {
  const px = board.scale?.() || 0;
  const size = px > 0 ? 13 / px : Math.max(0.35, board.panZoom.vb.w / 45); // 13 screen pixels
  const layer = board.overlay;
  const g = el("g", { class: "ping", "data-who": who, transform: `translate(${at.x} ${at.y})` }, layer);
  for (const ring of ["ping-ring", "ping-ring ping-later"]) {
    el("circle", { r: size * 2.6, class: ring, fill: "none", stroke: colour, "stroke-width": size / 4 }, g);
  }
  el("circle", { r: size / 2.2, class: "ping-dot", fill: colour, stroke: "#fff", "stroke-width": size / 10 }, g);
  text(
    who,
    {
      y: -size * 1.2,
      class: "ping-label",
      "font-size": size,
      fill: "#1f2937",
      stroke: "#fff",
      "stroke-width": size / 8,
      "paint-order": "stroke",
      "text-anchor": "middle",
    },
    g,
  );
  setTimeout(() => g.remove(), SHOW_MS);
  return g;
}

function selectedPoint(board) {
  const piece = board.selectedPiece?.();
  if (!piece) return null;
  const node = board.svg.querySelector(`.piece[data-id="${CSS.escape(String(piece.id))}"] .body`);
  if (!node) return null;
  const r = node.getBoundingClientRect();
  return board.panZoom.toBoard(r.x + r.width / 2, r.y + r.height / 2);
}

function middle(board) {
  const { x, y, w, h } = board.panZoom.vb;
  return { x: x + w / 2, y: y + h / 2 };
}
