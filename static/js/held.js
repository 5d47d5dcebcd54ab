// The tables where this browser holds a seat, as the server answers them (POST /api/my-games:
// each seat checked with its own token), grouped one entry per table for the "Your games" page
// and the lobby's "N games waiting for you".
import { api, heldTables } from "./api.js";

const BATCH = 50; // seats one request may ask about (the server's MAX_HELD)

// Every held seat's answer: {table, seat, name, your_move, status, outcome, last_activity, error}.
export async function heldGames() {
  const seats = heldTables();
  const out = [];
  for (let i = 0; i < seats.length; i += BATCH) {
    const batch = seats.slice(i, i + BATCH).map(({ table, seat, token }) => ({ table, seat, token }));
    out.push(...(await api("/api/my-games", { method: "POST", body: { seats: batch } })).games);
  }
  return out;
}

// One entry per table, newest activity first: its held seats, those to act (`toAct`), the held
// seats' clocks (`clocks`: {seat, clock, read}, read: this device's time of the answer), and the
// seats the browser no longer holds (`lost`, with the server's code), kept apart.
export function byTable(games) {
  const tables = new Map();
  for (const g of games) {
    if (!tables.has(g.table)) tables.set(g.table, { table: g.table, seats: [], toAct: [], lost: [], clocks: [] });
    const entry = tables.get(g.table);
    if (g.error) {
      entry.lost.push(g);
      continue;
    }
    Object.assign(entry, {
      name: g.name,
      system: g.system,
      systemName: g.system_name,
      status: g.status,
      outcome: g.outcome,
      turnOrder: g.turn_order,
      lastActivity: g.last_activity,
    });
    entry.seats.push(g);
    if (g.your_move) entry.toAct.push(g);
    if (g.clock) entry.clocks.push({ seat: g, clock: g.clock, read: Date.now() });
  }
  return [...tables.values()].sort((a, b) => (b.lastActivity || "").localeCompare(a.lastActivity || ""));
}

// How many tables wait for a move of a seat held here.
export function waiting(tables) {
  return tables.filter((t) => t.toAct.length).length;
}

export function waitingText(n) {
  return `${n} game${n === 1 ? "" : "s"} waiting for you`;
}
