// The clock in words (docs/clock.md): the log's and the replay's sentences for the clock's
// events, a time left as a player reads it ("2 days 3 h left", "4:12 left"), and the host's
// settings ("10 min a seat + 5 s a turn"). Seats are named by their player's name, else their
// label; never by their id.
import { listed, seatLabel } from "./words.js";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const nameOf = (names, seat) => (names instanceof Map ? names.get(seat) : names?.[seat]) || seatLabel(seat);

// "4:12", "1:02:05": a live clock's time.
export function clockFigure(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

// A time left: by post "2 days 3 h left", "5 h 20 min left", "12 min left"; live "4:12 left".
export function leftText(ms, mode) {
  const left = Math.max(0, ms);
  if (mode !== "correspondence") return `${clockFigure(left)} left`;
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  const mins = Math.ceil((left % HOUR_MS) / 60_000);
  if (days) return `${days} day${days === 1 ? "" : "s"}${hours ? ` ${hours} h` : ""} left`;
  if (hours) return `${hours} h${mins ? ` ${mins === 60 ? 59 : mins} min` : ""} left`;
  return `${mins} min left`;
}

const TIMEOUT_WORDS = {
  lose: "a seat out of time loses",
  computer: "the computer plays the turn of a seat out of time",
  skip: "a seat out of time has its turn ended",
};

// The host's settings: "live, 10 min a seat + 5 s a turn", "by post, 3 days a move".
export function settingsText(s) {
  if (!s || s.mode === "none") return "no clock";
  if (s.mode === "correspondence") return `by post, ${s.days} day${s.days === 1 ? "" : "s"} a move`;
  const mins = s.initial % 60 ? `${Math.floor(s.initial / 60)} min ${s.initial % 60} s` : `${s.initial / 60} min`;
  return `live, ${mins} a seat + ${s.increment} s a turn`;
}

export function timeoutText(rule) {
  return TIMEOUT_WORDS[rule] || "";
}

// The sentence for a clock event (undefined for any other kind).
export function clockText(e, names) {
  const who = (seat) => nameOf(names, seat);
  switch (e.kind) {
    case "clock_set":
      return e.mode === "none"
        ? "The host took the clock off: no clock"
        : `The host set the clock: ${settingsText(e)}; ${timeoutText(e.timeout)}`;
    case "clock_pause_asked":
      return `${e.name || who(e.by)} asks for a pause of the clocks${e.waiting?.length ? ` (waiting for ${listed(e.waiting.map(who))})` : ""}`;
    case "clock_pause_allowed":
      return `${who(e.seat_id)} allows ${e.by ? `${who(e.by)}'s` : "the"} pause`;
    case "clock_pause_refused":
      return `${who(e.seat_id)} refused ${e.by ? `${who(e.by)}'s` : "the"} pause: the clocks run on`;
    case "clock_paused":
      return e.by === "host" ? "The host paused the clocks" : `${who(e.seat_id)} paused the clocks, by agreement`;
    case "clock_resumed":
      return e.by === "host" ? "The host resumed the clocks" : `${who(e.by)} resumed the clocks`;
    case "clock_timeout": {
      const seats = e.seats || [];
      const whose = listed(seats.map((s) => `${who(s)}'s`));
      const ran = `${whose || "A seat's"} time ran out`;
      const one = seats.length < 2;
      if (e.rule === "lose") return `${ran}: ${one ? "that seat loses" : "they lose"} on time`;
      if (e.rule === "skip") return `${ran}: ${one ? "their turn was" : "their turns were"} ended`;
      return `${ran}: the computer played ${one ? "their turn" : "their turns"}`;
    }
    default:
      return undefined;
  }
}
