// The replay's rounds and turns (GET /api/tables/{id}/turns, or a shared game's own list), pure:
// where a seq falls, where a jump by turn or by round lands, the entries' titles, and where marks
// go along the scrubber. The list's entries are {round, turn, seat, seq_from, seq_to, summary};
// `round` is null before the first round (setting up, or a game without rounds).

/** The index of the turn holding `seq` (the last starting at or before it), -1 before the first. */
export function turnIndexAt(turns, seq) {
  let lo = 0;
  let hi = turns.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (turns[mid].seq_from <= seq) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * Where a jump from `seq` lands: `dir` +1 the next turn's start, -1 this turn's start (or the
 * one before's, when `seq` is at a start already); `by` "turn" or "round". Null when there is
 * no such turn (the caller then goes to the first or last seq).
 */
export function jumpTarget(turns, seq, dir, by = "turn") {
  const starts = by === "round" ? roundStarts(turns) : turns;
  if (dir > 0) return starts.find((t) => t.seq_from > seq)?.seq_from ?? null;
  for (let i = starts.length - 1; i >= 0; i--) if (starts[i].seq_from < seq) return starts[i].seq_from;
  return null;
}

/** The first turn of each round (and of the setup), in order. */
export function roundStarts(turns) {
  return turns.filter((t, i) => i === 0 || t.round !== turns[i - 1].round);
}

/** "Round 3", or "Setup" before the first round; a game without rounds says nothing. */
export function roundTitle(turn, hasRounds) {
  if (turn.round === null || turn.round === undefined) return hasRounds ? "Setup" : "";
  return `Round ${turn.round}`;
}

/** "Round 3 · turn 2: Ann (North)" with `seatText` naming the seat. */
export function turnTitle(turn, hasRounds, seatText) {
  const round = roundTitle(turn, hasRounds);
  const who = turn.seat ? seatText(turn.seat) : "";
  const head = round ? `${round} \u00b7 turn ${turn.turn}` : `Turn ${turn.turn}`;
  return who ? `${head}: ${who}` : head;
}

/** Marks along a scrubber from 0 to `last`: each seq in range once, with its place in percent. */
export function markPositions(seqs, last) {
  const seen = new Set();
  const out = [];
  for (const seq of seqs) {
    const s = Number(seq);
    if (!Number.isInteger(s) || s < 0 || s > last || seen.has(s)) continue;
    seen.add(s);
    out.push({ seq: s, percent: last > 0 ? (100 * s) / last : 0 });
  }
  return out.sort((a, b) => a.seq - b.seq);
}

/** `?seq=N` of a page's address as a whole number, or null (absent or not one). */
export function seqFromSearch(search) {
  const raw = new URLSearchParams(search).get("seq");
  return raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}
