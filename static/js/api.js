// HTTP calls to the JSON API, and the seat tokens kept in this browser's local storage.
export async function api(path, { method = "GET", token = null, body = undefined } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  let whole = true;
  try {
    data = await response.json();
  } catch {
    whole = false; // no body, or one cut short (the server stopped while sending it)
  }
  if (response.ok && !whole) {
    // Every answer of the API is JSON: a body that does not parse was cut off, which is a lost
    // connection like a failed fetch, never an answer of null.
    const exc = new Error("The connection was lost before the answer arrived; try again.");
    exc.code = "connection_lost";
    exc.status = 0;
    throw exc;
  }
  if (!response.ok) {
    const error = data?.error || { code: `http_${response.status}`, message: response.statusText };
    const exc = new Error(error.message);
    exc.code = error.code;
    exc.status = response.status;
    throw exc;
  }
  return data;
}

// The seats this browser holds at a table, kept in local storage under one key per table:
// {v: 2, current, seats: {seat: {token, role, seat, name, rejoin?}}, watch}. `current` is the seat
// the page opens at; a device playing pass and play holds several seats. The one-seat value of
// before ({token, role, seat, name}) is read as that shape and written back in it.
const PREFIX = "warboard:table:";
const key = (tableId) => `${PREFIX}${tableId}`;

export function fromStored(raw) {
  if (!raw || typeof raw !== "object") return { v: 2, current: null, seats: {}, watch: null };
  if (raw.v === 2) return { current: null, seats: {}, watch: null, ...raw };
  if (raw.token && raw.role === "player" && raw.seat)
    return { v: 2, current: raw.seat, seats: { [raw.seat]: raw }, watch: null };
  if (raw.token) return { v: 2, current: null, seats: {}, watch: raw };
  return { v: 2, current: null, seats: {}, watch: null };
}

function readTable(tableId) {
  try {
    return fromStored(JSON.parse(localStorage.getItem(key(tableId)) || "null"));
  } catch {
    return fromStored(null);
  }
}

function writeTable(tableId, held) {
  if (!Object.keys(held.seats).length && !held.watch) localStorage.removeItem(key(tableId));
  else localStorage.setItem(key(tableId), JSON.stringify(held));
}

// The seat (or spectator's token) the page opens with: the current seat, else the only seat held.
export function loadSeat(tableId) {
  const held = readTable(tableId);
  const seats = Object.values(held.seats);
  return held.seats[held.current] || (seats.length === 1 ? seats[0] : null) || held.watch;
}

// Keep `me` and open the table at it from now on (a spectator's token is kept beside the seats).
export function saveSeat(tableId, me) {
  const held = readTable(tableId);
  if (me.role === "player" && me.seat) {
    held.seats[me.seat] = me;
    held.current = me.seat;
  } else {
    held.watch = me;
    held.current = null;
  }
  writeTable(tableId, held);
}

// Another seat held on this device (pass and play), without opening the table at it.
export function addSeat(tableId, me) {
  const held = readTable(tableId);
  held.seats[me.seat] = me;
  writeTable(tableId, held);
}

// Forget one seat (or, without `seat`, everything this browser keeps of the table).
export function forgetSeat(tableId, seat = undefined) {
  if (seat === undefined) {
    localStorage.removeItem(key(tableId));
    return;
  }
  const held = readTable(tableId);
  if (seat === null) held.watch = null;
  else delete held.seats[seat];
  if (held.current === seat) held.current = null;
  writeTable(tableId, held);
}

// The player seats this browser holds at a table, in seat order of `order` when given.
export function heldSeats(tableId, order = null) {
  const seats = Object.values(readTable(tableId).seats);
  return order ? seats.sort((a, b) => order.indexOf(a.seat) - order.indexOf(b.seat)) : seats;
}

// Every seat this browser holds, at every table: [{table, seat, token, name}].
export function heldTables() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k?.startsWith(PREFIX)) continue;
    const table = k.slice(PREFIX.length);
    for (const me of heldSeats(table)) out.push({ table, seat: me.seat, token: me.token, name: me.name });
  }
  return out;
}

export function savedName() {
  return localStorage.getItem("warboard:name") || "";
}

export function saveName(name) {
  localStorage.setItem("warboard:name", name);
}

export function newId(prefix = "a") {
  const rnd = crypto.getRandomValues(new Uint32Array(2));
  return `${prefix}-${Date.now().toString(36)}-${rnd[0].toString(36)}${rnd[1].toString(36)}`;
}
