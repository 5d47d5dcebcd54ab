// The Watch page: each live game's round and who is to act (read from its replay at the latest
// point, which the spectator delay holds back as it does any watcher's view), and how long ago
// its last move was made, kept fresh as the rows refresh themselves (htmx, every 5 s).
import { api } from "./api.js";
import { ago, roundText, seatsText, setSeatLabels } from "./words.js";

const FRESH = 10000; // ms: a game's turn is asked again after this long
const known = new Map(); // table id -> {at, text}

// "Round 3 · Ann (Northern) to act" from a view's turn and the table's seats ({seat, label, name}).
export function turnText(turn = {}, seats = []) {
  setSeatLabels(seats);
  const names = new Map(seats.filter((s) => s.name).map((s) => [s.seat, s.name]));
  const parts = [];
  if (roundText(turn)) parts.push(roundText(turn));
  if (turn.active?.length) parts.push(`${seatsText(turn.active, names)} to act`);
  return parts.join(" · ");
}

async function turnOf(id) {
  const had = known.get(id);
  if (had && Date.now() - had.at < FRESH) return had.text;
  const [replay, summary] = await Promise.all([api(`/api/tables/${id}/replay`), api(`/api/tables/${id}`)]);
  const text = turnText(replay.view?.turn, summary.seats);
  known.set(id, { at: Date.now(), text });
  return text;
}

async function fillRow(row) {
  for (const t of row.querySelectorAll("time[datetime]")) t.textContent = ago(Date.now() - Date.parse(t.dateTime));
  const slot = row.querySelector(".watch-turn");
  if (!slot) return;
  try {
    slot.textContent = await turnOf(row.dataset.table);
  } catch {
    slot.textContent = ""; // the table closed meanwhile, or the server is busy: the next refresh tries again
  }
}

function fill() {
  for (const row of document.querySelectorAll("#watch-rows tr[data-table]")) fillRow(row);
}

if (typeof document !== "undefined") {
  // the page (not the unit tests, which import turnText)
  fill();
  document.body.addEventListener("htmx:afterSwap", fill);
}
