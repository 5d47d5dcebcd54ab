// The sandbox: the pure view. Tokens are the board's pieces as the view gives them; the log
// names a token by its label, remembered from the view and from the event that added it, so a
// token taken off the table keeps its name in the lines written after. No DOM here.
import { cellNames, cellsOf } from "../../board/hex.js";
import { placeWords, seatText } from "../../words.js";

// Lookups over one view. `memory` (kept by the page across lines) holds the labels seen.
export function names(view, playerNames, memory = new Map()) {
  for (const p of view?.pieces || []) if (p.label) memory.set(p.id, p.label);
  const token = (id) => memory.get(id) || id;
  const remember = (t) => {
    if (t?.id) memory.set(t.id, t.label || t.id);
  };
  const board = view?.board;
  const cells = board?.kind === "hex" ? cellNames(cellsOf(board)) : null;
  // a place as the board shows it: a hex by its name (the Coordinates toggle), a spot in inches
  const place = (e) => ("q" in e ? cells?.get(`${e.q},${e.r}`) || "a hex" : placeWords(e.x, e.y));
  const player = (seat) => seatText(seat, playerNames);
  return { token, remember, place, player };
}

// A log line for the sandbox's own events (undefined: the page's sentence).
export function describe(e, n) {
  const who = e.seat ? `${n.player ? n.player(e.seat) : seatText(e.seat)}: ` : "";
  const where = (ev) => (n.place ? n.place(ev) : "q" in ev ? "a hex" : placeWords(ev.x, ev.y));
  switch (e.kind) {
    case "rolled":
      return `${who}rolled ${e.dice}: ${(e.faces || []).join(", ")} = ${e.total}`;
    case "token_added":
      n.remember?.(e.token);
      return `${who}added ${e.token?.label || e.token?.id}`;
    case "token_moved":
      return `${who}moved ${n.token(e.token)} to ${where(e)}${e.facing !== undefined ? `, facing ${e.facing}°` : ""}`;
    case "token_removed":
      return `${who}removed ${n.token(e.token)}`;
    default:
      return undefined;
  }
}

// The action a drag, an arrow key or a turn sends for a token.
export function moveAction(piece, pos, facing) {
  const action = { kind: "move_token", token: piece.id, ...pos };
  if (facing !== undefined) action.facing = facing;
  return action;
}
