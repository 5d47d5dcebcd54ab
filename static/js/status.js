// Small status lines of the table page: whose turn, the connection, passing messages.
import { plainWords, roundText, seatsText } from "./words.js";

export function showTurn(el, view, me, names) {
  const turn = view.turn || {};
  const parts = [];
  const table = view._table || {};
  if (table.status && table.status !== "open") {
    parts.push(
      table.status === "finished"
        ? `Game over${table.outcome?.winners?.length ? `: ${seatsText(table.outcome.winners, names)} won` : ""}`
        : "Table closed",
    );
  }
  if (roundText(turn)) parts.push(roundText(turn));
  if (turn.phase) parts.push(`Phase: ${plainWords(turn.phase)}`);
  const active = turn.active || [];
  if (active.length) {
    parts.push(me?.seat && active.includes(me.seat) ? "Your turn" : `${seatsText(active, names)} to act`);
  }
  const prompt = promptText(view);
  if (prompt) parts.push(prompt);
  el.textContent = parts.join(" · ");
  el.title = el.textContent; // the header shows one line: the whole of it on hover
}

// What the view asks of the seat, in a line ("" when it asks nothing).
export function promptText(view) {
  const p = view.prompt;
  if (!p) return "";
  return typeof p === "string" ? p : p.text || p.message || p.kind || JSON.stringify(p).slice(0, 120);
}

const LABELS = {
  connecting: "Connecting…",
  connected: "Connected",
  reconnecting: "Reconnecting…",
  refused: "Not allowed at this table",
  idle: "Not connected",
};

export function showConnection(el, status, detail) {
  el.className = `conn conn-${status}`;
  el.textContent = status === "offline" ? `Offline — retrying in ${detail} s` : LABELS[status] || status;
}

const timers = new WeakMap();

// Show a message in a live region; ms = 0 keeps it until replaced.
export function flash(el, text, ms) {
  clearTimeout(timers.get(el));
  el.textContent = text;
  el.hidden = false;
  if (el.dataset.avoid) placeClear(el, el.dataset.avoid);
  if (ms)
    timers.set(
      el,
      setTimeout(() => {
        el.hidden = true;
      }, ms),
    );
}

// Move a message over the board (absolute in its wrapper) to the band nearest the top where it
// covers none of the things matching `avoid` (the pieces and their labels); where every band
// covers some, the one covering least.
export function placeClear(el, avoid) {
  const wrap = el.offsetParent;
  if (!wrap) return;
  el.style.top = "";
  const area = wrap.getBoundingClientRect();
  const own = el.getBoundingClientRect();
  const things = [...wrap.querySelectorAll(avoid)]
    .filter((n) => n.getAttribute("display") !== "none")
    .map((n) => n.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  const margin = 6;
  let best = null;
  for (let top = margin; top + own.height <= area.height - margin || top === margin; top += 4) {
    const y0 = area.top + top,
      y1 = y0 + own.height;
    let covered = 0;
    for (const r of things) {
      const w = Math.min(own.right, r.right) - Math.max(own.left, r.left);
      const h = Math.min(y1, r.bottom) - Math.max(y0, r.top);
      if (w > 0 && h > 0) covered += w * h;
    }
    if (!best || covered < best.covered) best = { top, covered };
    if (covered === 0) break;
  }
  if (best) el.style.top = `${best.top}px`;
}
