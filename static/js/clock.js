// The table's clocks, over the board: each seat's time left, counting down between updates
// from the server's figures (the server is the only authority: `_table.clock` in every view,
// and the server's time from GET .../clock to know how far it is from this device's clock).
// Everyone sees them, spectators too. Low time shows in colour and in words.
import { api } from "./api.js";
import { clockFigure } from "./clock-words.js";

const LOW_MS = 30_000; // live: under 30 s left reads "low"
const LOW_DAYS_MS = 6 * 3_600_000; // by post: under 6 hours
const DAY_MS = 86_400_000;

// "4:12": a live clock's time (clock-words.js)
export const formatLive = clockFigure;

export function formatDays(ms) {
  const left = Math.max(0, ms);
  if (left >= 2 * DAY_MS) return `${Math.floor(left / DAY_MS)} days left`;
  if (left >= 2 * 3_600_000) return `${Math.floor(left / 3_600_000)} hours left`;
  return `${Math.max(0, Math.ceil(left / 60_000))} min left`;
}

// Each seat's time left at `now` (server ms): the pure count-down of the server's figures.
export function leftAt(clock, now) {
  const out = {};
  const running = clock.since != null && !clock.paused;
  for (const [seat, ms] of Object.entries(clock.left)) {
    const spent = running && clock.running.includes(seat) ? now - clock.since : 0;
    out[seat] = Math.max(0, ms - spent);
  }
  return out;
}

export class Clocks {
  // page: {tableId, names(seat) -> text, me() -> {role, seat}, send(action)}
  constructor(page, el) {
    this.page = page;
    this.el = el;
    this.clock = null;
    this.offset = null; // server time minus this device's time (ms)
    this.timer = null;
  }

  async calibrate() {
    const sent = Date.now();
    try {
      const got = await api(`/api/tables/${this.page.tableId}/clock`);
      this.offset = got.now - (sent + Date.now()) / 2;
    } catch {
      this.offset = 0;
    }
    this.draw();
  }

  render(view) {
    this.clock = view?._table?.clock || null;
    this.status = view?._table?.status || "open";
    this.el.hidden = !this.clock;
    if (!this.clock) {
      clearInterval(this.timer);
      this.timer = null;
      return;
    }
    if (this.offset === null) {
      this.offset = 0;
      this.calibrate();
    }
    if (!this.timer) this.timer = setInterval(() => this.draw(), 250);
    this.draw();
  }

  draw() {
    const clock = this.clock;
    if (!clock) return;
    const now = Date.now() + (this.offset || 0);
    const left = leftAt(clock, now);
    const seats = Object.keys(clock.left);
    const rows = seats.map((seat) => this.seatLine(seat, left[seat], clock));
    const note = clock.paused
      ? `<span class="clock-note">Paused${clock.paused.by === "host" ? " by the host" : ""}</span>`
      : "";
    const html = `${rows.join("")}${note}${this.controls(clock)}`;
    if (html !== this.last) {
      this.el.innerHTML = html;
      this.last = html;
      for (const b of this.el.querySelectorAll("button[data-clock]")) {
        b.addEventListener("click", () => this.page.send({ kind: b.dataset.clock }));
      }
    }
  }

  seatLine(seat, ms, clock) {
    const on = clock.running.includes(seat) && this.status === "open";
    const out = clock.out.includes(seat);
    const post = clock.mode === "correspondence";
    const low = on && !out && ms < (post ? LOW_DAYS_MS : LOW_MS);
    let text = post ? (on ? formatDays(ms) : "waiting") : formatLive(ms);
    if (post && on && clock.deadline) {
      const when = new Date(clock.deadline - (this.offset || 0));
      text += ` · by ${when.toLocaleString([], { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" })}`;
    }
    const flags = [on ? "on the clock" : "", low ? "low time" : "", out ? "out of time" : ""].filter(Boolean);
    const cls = ["clock-seat", on ? "on" : "", low ? "low" : "", out ? "out" : ""].filter(Boolean).join(" ");
    const mark = on ? "▶ " : "";
    const words = flags.length
      ? ` <span class="clock-flag">${flags.filter((f) => f !== "on the clock").join(", ")}</span>`
      : "";
    const label = `${this.page.names(seat)}: ${text}${flags.length ? `, ${flags.join(", ")}` : ""}`;
    return `<span class="${cls}" role="timer" aria-label="${esc(label)}"><span class="clock-name">${mark}${esc(this.page.names(seat))}</span> <span class="clock-time">${esc(text)}</span>${words}</span>`;
  }

  controls(clock) {
    const me = this.page.me();
    if (!me || this.status !== "open" || clock.since == null) return "";
    const host = me.role === "host";
    const seat = me.seat;
    if (!host && !seat) return "";
    const ask = clock.ask;
    if (ask && seat && ask.waiting.includes(seat)) {
      return ` <span class="clock-ask">${esc(ask.name)} asks for a pause</span> <button type="button" class="small" data-clock="clock.allow">Allow</button> <button type="button" class="small secondary" data-clock="clock.refuse">Refuse</button>`;
    }
    if (ask)
      return ` <span class="clock-ask">Pause asked, waiting for ${esc(ask.waiting.map(this.page.names).join(", "))}</span>`;
    if (clock.paused) {
      const may = host || clock.paused.by !== "host";
      return may ? ' <button type="button" class="small" data-clock="clock.resume">Resume</button>' : "";
    }
    return ` <button type="button" class="small secondary" data-clock="clock.pause">${host ? "Pause" : "Ask for a pause"}</button>`;
  }
}

function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
