// Pass and play and Your games, their pure parts: who gets the device next, the stored seats'
// shape (the one-seat value of before read as the new one), and a table's state in words.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fromStored } from "../../static/js/api.js";
import { stateText } from "../../static/js/games.js";
import { byTable, waiting, waitingText } from "../../static/js/held.js";
import { nextHolder } from "../../static/js/pass-play.js";

const ann = { role: "player", seat: "gorgonites", name: "Ann", token: "a" };
const bob = { role: "player", seat: "commandos", name: "Bob", token: "b" };
const view = (active, status = "open") => ({ turn: { active }, _table: { status } });

test("the device goes to the other held seat when the turn passes to it", () => {
  assert.equal(nextHolder(view(["commandos"]), ann, [ann, bob]), bob);
  assert.equal(nextHolder(view(["gorgonites", "commandos"]), ann, [ann, bob]), null); // Ann still acts
});

test("a computer's or a remote player's turn passes with no cover", () => {
  assert.equal(nextHolder(view(["computer-seat"]), ann, [ann, bob]), null);
  assert.equal(nextHolder(view(["commandos"]), ann, [ann]), null); // Bob plays on his own device
});

test("no cover once the game is over, nor for a spectator", () => {
  assert.equal(nextHolder(view(["commandos"], "finished"), ann, [ann, bob]), null);
  assert.equal(nextHolder(view(["commandos"]), { role: "spectator", seat: null }, [ann, bob]), null);
});

test("the one-seat value kept before is read as the new shape", () => {
  assert.deepEqual(fromStored(ann), { v: 2, current: "gorgonites", seats: { gorgonites: ann }, watch: null });
  const watcher = { role: "spectator", seat: null, token: "w" };
  assert.deepEqual(fromStored(watcher), { v: 2, current: null, seats: {}, watch: watcher });
  assert.deepEqual(fromStored(null), { v: 2, current: null, seats: {}, watch: null });
  const now = { v: 2, current: "commandos", seats: { commandos: bob }, watch: null };
  assert.deepEqual(fromStored(now), now);
});

test("Your games: one entry per table, newest first, the moves waiting counted per table", () => {
  const seat = (table, s, yours, at) => ({
    table,
    seat: s,
    name: table,
    seat_label: s,
    player: s,
    your_move: yours,
    turn_order: true,
    status: "open",
    outcome: null,
    last_activity: at,
  });
  const tables = byTable([
    seat("old", "a", true, "2026-11-01T00:00:00+00:00"),
    seat("new", "b", false, "2026-12-01T00:00:00+00:00"),
    seat("new", "c", true, "2026-12-01T00:00:00+00:00"),
    { table: "gone", seat: "d", error: { code: "unauthorized", message: "no" } },
  ]);
  assert.deepEqual(
    tables.map((t) => t.table),
    ["new", "old", "gone"],
  );
  assert.equal(waiting(tables), 2);
  assert.equal(waitingText(1), "1 game waiting for you");
  assert.equal(stateText(tables[0]), "Your move: c (c)");
  assert.equal(stateText(tables[1]), "Your move");
  assert.equal(stateText({ ...tables[1], toAct: [] }), "Waiting for the other players");
  assert.equal(stateText({ ...tables[1], status: "finished", outcome: { winners: ["a"] } }), "Game over: a (a) won");
});
