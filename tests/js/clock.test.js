// The clocks' count-down between updates: only the seats on the clock lose time, never below 0;
// nothing counts while paused or before the clock starts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatDays, formatLive, leftAt } from "../../static/js/clock.js";

const clock = { left: { a: 60_000, b: 45_000 }, running: ["a"], since: 1000, paused: null };

test("the seat on the clock counts down from the server's figures", () => {
  assert.deepEqual(leftAt(clock, 11_000), { a: 50_000, b: 45_000 });
  assert.deepEqual(leftAt(clock, 100_000), { a: 0, b: 45_000 });
  assert.deepEqual(leftAt({ ...clock, paused: { by: "host" } }, 11_000), { a: 60_000, b: 45_000 });
  assert.deepEqual(leftAt({ ...clock, since: null }, 11_000), { a: 60_000, b: 45_000 });
});

test("times read as a player reads them", () => {
  assert.equal(formatLive(65_000), "1:05");
  assert.equal(formatLive(3_725_000), "1:02:05");
  assert.equal(formatLive(-5), "0:00");
  assert.equal(formatDays(2 * 86_400_000 + 5), "2 days left");
  assert.equal(formatDays(5 * 3_600_000), "5 hours left");
  assert.equal(formatDays(90_000), "2 min left");
});
