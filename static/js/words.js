// Ids in words, for every text a player reads: seats named as "<player name> (<label>)" (or the
// label alone when nobody sits there), action and event kinds as plain words, and the hex
// boards' cell names ("A1") the board draws when Coordinates is on. Shared by the pages and every
// game's view part. The table and replay pages register the table's seat labels once
// (setSeatLabels, from GET /api/tables/{id}'s seats); a seat without a label reads as its id in
// words ("peace_river" -> "Peace River").

const SMALL = new Set(["a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to"]);
const labels = new Map(); // seat id -> label

// "roll_opening" -> "roll opening"
export function plainWords(id) {
  return String(id ?? "")
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .join(" ")
    .toLowerCase();
}

// "peace_river" -> "Peace River", "toys-1" -> "Toys 1", a player's number "p1" -> "Player 1"
export function titleWords(id) {
  if (/^p\d+$/.test(String(id))) return `Player ${String(id).slice(1)}`;
  return plainWords(id)
    .split(" ")
    .filter(Boolean)
    .map((w, i) => (i && SMALL.has(w) ? w : w[0].toUpperCase() + w.slice(1)))
    .join(" ");
}

export const sentence = (s) => (s ? String(s)[0].toUpperCase() + String(s).slice(1) : "");

// "a, b and c"
export function listed(items, last = "and") {
  const xs = [...items];
  return xs.length < 2 ? xs.join("") : `${xs.slice(0, -1).join(", ")} ${last} ${xs.at(-1)}`;
}

// Register the table's seats: [{seat, label}] (the table summary's seats) or a Map/object seat -> label.
export function setSeatLabels(seats) {
  labels.clear();
  if (!seats) return;
  const pairs = Array.isArray(seats)
    ? seats.map((s) => [s.seat, s.label])
    : seats instanceof Map
      ? [...seats]
      : Object.entries(seats);
  for (const [seat, label] of pairs) if (seat && label) labels.set(seat, label);
}

// A game whose seats' labels change in play (HGB: a player fields another faction's force before
// deploying) names them from its views: these labels replace those of the same seats.
export function addSeatLabels(seats) {
  for (const [seat, label] of Object.entries(seats || {})) if (seat && label) labels.set(seat, label);
}

// A seat's label: "Northern", "Player 1".
export function seatLabel(seat) {
  return labels.get(seat) || titleWords(seat);
}

const nameOf = (names, seat) => (names instanceof Map ? names.get(seat) : names?.[seat]) || "";

// A seat as players read it: "Ann (Northern)", or "Northern" when nobody sits there. `fallback`:
// the label a game knows for a seat the page has registered none for (its faction in the view).
export function seatText(seat, names, fallback = "") {
  if (!seat) return "";
  const name = nameOf(names, seat);
  const label = labels.get(seat) || fallback || seatLabel(seat);
  return name && name !== label ? `${name} (${label})` : label;
}

// Several seats: "Ann (Northern) and Bob (Southern)".
export function seatsText(seats, names, last = "and") {
  return listed(
    (seats || []).map((s) => seatText(s, names)),
    last,
  );
}

// The turn counter: "Round 3" (a game's own word: Small Soldiers counts "Turn"s); round 0,
// before the first round (HGB's terrain and deployment), is the setup.
export function roundText(turn) {
  if (turn?.round === undefined || turn.round === null) return "";
  if (turn.round === 0 && !turn.round_label) return "Setup";
  return `${turn.round_label || "Round"} ${turn.round}`;
}

// --- hex cells ----------------------------------------------------------------------------
// cell -> its name ("A1": a column letter from the left, a row number from the top), from the
// view's board cells ({q, r, name}). A lookup per board object, made once.
const cellNames = new WeakMap();

export function cellName(board, q, r) {
  if (!board?.cells) return "";
  let map = cellNames.get(board);
  if (!map) {
    map = new Map(board.cells.filter((c) => c.name).map((c) => [`${c.q},${c.r}`, c.name]));
    cellNames.set(board, map);
  }
  return map.get(`${q},${r}`) || "";
}

// --- places on a tabletop ----------------------------------------------------------------------
// A length as a tape measure reads it: to a tenth, no trailing ".0" ("3.5 in", "12 in").
export function tape(v, unit = "in") {
  return `${Math.round(Number(v) * 10) / 10} ${unit}`;
}

// A place on a tabletop as a tape measure finds it: "3.5 in from the left, 12 in from the top"
// (edges: the edges x and y are measured from, as the board shows them: HGB's "West edge").
export function placeWords(x, y, unit = "in", edges = ["left", "top"]) {
  return `${tape(x, unit)} from the ${edges[0]}, ${tape(y, unit)} from the ${edges[1]}`;
}

// "just now", "5 min ago", "2 h ago", "3 days ago" for a time `ms` before `now`.
export function ago(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 45) return "just now";
  if (s < 3600) return `${Math.max(1, Math.round(s / 60))} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  const d = Math.round(s / 86400);
  return `${d} day${d === 1 ? "" : "s"} ago`;
}
