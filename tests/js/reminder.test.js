// The reminder of a deadline by post: due within 12 hours (or a quarter of the limit when that
// is shorter), only for a running clock by post, once per deadline; Your games' clock lines.
import assert from "node:assert/strict";
import { test } from "node:test";
import { clockLine } from "../../static/js/games.js";
import { dueReminders, reminderText, windowFor } from "../../static/js/reminder.js";

const H = 3_600_000;
const game = (table, clock) => ({ table, seat: "p1", name: `Table ${table}`, clock, error: null });
const post = (left, extra = {}) => ({
  mode: "correspondence",
  left,
  running: true,
  paused: false,
  out: false,
  deadline: 1_000_000 + left,
  limit: 72 * H,
  now: 1_000_000,
  ...extra,
});

test("the window: 12 hours, or a quarter of a shorter limit", () => {
  assert.equal(windowFor(72 * H), 12 * H);
  assert.equal(windowFor(24 * H), 6 * H);
});

test("due: running clocks by post within their window, not reminded yet", () => {
  const games = [
    game("a", post(11 * H)), // due
    game("b", post(13 * H)), // not yet
    game("c", post(2 * H, { running: false, deadline: null })), // not this seat's move
    game("d", post(1 * H, { mode: "live" })), // live clocks are the table page's business
    game("e", post(5 * H, { limit: 24 * H })), // 6 h window of a 1-day limit: due
    game("f", post(7 * H, { limit: 24 * H })), // not yet
    { table: "g", seat: "p1", error: { code: "unauthorized" } },
  ];
  const due = dueReminders(games, new Set());
  assert.deepEqual(
    due.map((r) => r.table),
    ["a", "e"],
  );
  assert.equal(reminderText(due[0]), "Your move at Table a: 11 h left to play it");
  assert.deepEqual(dueReminders(games, new Set([due[0].key, due[1].key])), []); // once per deadline
  const later = [game("a", post(10 * H, { deadline: 9e12 }))]; // a new deadline: reminded again
  assert.equal(dueReminders(later, new Set([due[0].key])).length, 1);
});

test("Your games' clock line: time left, the deadline, waiting, paused, live", () => {
  const read = 5_000;
  const line = clockLine({ clock: post(51 * H), read }, read + 1000);
  assert.match(line, /^2 days 2 h left · by /);
  assert.equal(
    clockLine({ clock: post(5 * H, { running: false }), read }, read),
    "Clock by post: waiting for the others",
  );
  const live = {
    mode: "live",
    left: 252_000,
    running: true,
    paused: false,
    out: false,
    deadline: 1,
    limit: 600_000,
    now: 0,
  };
  assert.equal(clockLine({ clock: live, read }, read + 2000), "4:10 left");
  assert.equal(clockLine({ clock: { ...live, paused: true }, read }, read + 2000), "4:12 left (clocks paused)");
  assert.equal(clockLine({ clock: { ...live, running: false }, read }, read), "4:12 left (waiting)");
});
