// The table page's seat card: the free seats live (one click to sit, the name asked first),
// taking a seat, a seat's rejoin link, watching, and what to say when this browser's seat is
// lost. Starting the live table with the seat or the spectator's token is the page's (start).
import { api, loadSeat, savedName, saveName } from "./api.js";
import { renderSeatButtons } from "./seating.js";
import { seatLabel } from "./words.js";

/**
 * @typedef {object} SeatPage  what the seat card needs of the page
 * @property {object} table                 the table summary (its seats follow the table live)
 * @property {Map<string, string>} names    seat -> player name
 * @property {{me: object|null, status: string, socket: object|null}} state
 * @property {(id: string) => HTMLElement} $
 * @property {(me: object) => void} start   the live table as this player or spectator
 * @property {{render: () => void}|null} host
 */

/** @param {SeatPage} page */
export function showJoin(page, message = "") {
  const { state, $ } = page;
  $("join").hidden = false;
  $("seated").hidden = state.me?.role !== "spectator";
  $("seat-title").textContent = state.me?.role === "spectator" ? "Watching · take a seat" : "Take a seat";
  if (!$("player-name").value) $("player-name").value = savedName();
  $("watch").hidden = state.me?.role === "spectator";
  renderSeats(page);
  $("join-error").hidden = !message;
  $("join-error").textContent = message;
  $("join-error").classList.remove("join-ask");
}

// The seat buttons follow the table live (presence carries the seat list).
function renderSeats(page) {
  const { table, names, state, $ } = page;
  const seats = table.seats.map((s) => ({ ...s, name: names.get(s.seat) || (s.state === "taken" ? s.name : null) }));
  renderSeatButtons($("seat-buttons"), seats, state.status, (seat) => join(page, seat));
}

/** @param {SeatPage} page */
export function applySeatList(page, list) {
  const { table, names, $ } = page;
  for (const entry of list) {
    const seat = table.seats.find((s) => s.seat === entry.seat);
    if (!seat) continue;
    seat.state = entry.state;
    seat.name = entry.name;
    if (entry.state === "taken" && entry.name) names.set(entry.seat, entry.name);
    else names.delete(entry.seat);
  }
  if (!$("join").hidden) renderSeats(page);
  page.host?.render();
}

// The name field, in sight and focused, with what to do next.
export function askName(page, message) {
  const { $ } = page;
  showJoin(page, message);
  $("join-error").classList.add("join-ask");
  document.body.classList.remove("loading"); // the panels shown now, before the first view: a field to type in
  // the message above the field, both in sight under a board that stays at the top of a phone
  $("player-name").focus({ preventScroll: true });
  $("player-name").scrollIntoView({ block: "end" });
}

/** @param {SeatPage} page */
export async function join(page, seat) {
  const { table, names, state, $ } = page;
  const name = $("player-name").value.trim() || savedName();
  if (!name) {
    // nobody plays as "Player": the others see this name at the table and in the log
    askName(page, `Type your name first, then Sit at ${seatLabel(seat)} again (the other players see it).`);
    return;
  }
  saveName(name);
  try {
    const r = await api(`/api/tables/${table.id}/join`, { method: "POST", body: { seat, name } });
    names.set(seat, name);
    state.socket?.stop();
    page.start({ token: r.token, role: "player", seat, name });
  } catch (err) {
    if (err.code === "seat_taken" || err.code === "seat_closed") {
      // Lost a race: say so and show the seats as they are now.
      try {
        applySeatList(page, (await api(`/api/tables/${table.id}`)).seats);
      } catch {
        /* keep the list */
      }
      showJoin(page, `${seatLabel(seat)} was just taken by someone else. Pick another seat, or keep watching.`);
    } else showJoin(page, err.message);
  }
}

// A seat's rejoin link (#seat=KEY) gives this browser the seat, whatever it had before, once.
export async function rejoin(page, key) {
  const { table, names } = page;
  history.replaceState(null, "", location.pathname + location.search);
  try {
    const r = await api(`/api/tables/${table.id}/rejoin`, { method: "POST", body: { key } });
    names.set(r.seat, r.name);
    // a link works once: the rejoin card asks for a new one for this device
    page.start({ token: r.token, role: "player", seat: r.seat, name: r.name });
  } catch (err) {
    const saved = loadSeat(table.id);
    if (saved?.token) page.start(saved);
    else await watch(page);
    showJoin(page, `This rejoin link does not work any more: ${err.message}`);
  }
}

/** @param {SeatPage} page */
export async function watch(page) {
  try {
    const r = await api(`/api/tables/${page.table.id}/spectate`, {
      method: "POST",
      body: { name: savedName() || "spectator" },
    });
    page.start({ token: r.token, role: "spectator", seat: null, name: savedName() || "spectator" });
  } catch (err) {
    showJoin(page, err.message);
  }
}

// Why this browser's token no longer holds its seat (the socket's close code and reason).
export function lostSeatNotice(code, reason, wasPlayer) {
  if (!wasPlayer) return "This table no longer takes this browser's token. You are watching it afresh.";
  if (code === 4001 && /another device/.test(reason || ""))
    return (
      "This seat is now open on another device. To play it here again, open the rejoin link that device shows " +
      "(its “Your seat on any device” card) on this one. Meanwhile you are watching."
    );
  if (code === 4001) return "The host removed you from this seat. You are watching; take a free seat to play.";
  return "Your seat here is no longer valid. You are watching; take a free seat or open a rejoin link.";
}
