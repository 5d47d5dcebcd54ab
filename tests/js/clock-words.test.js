// The clock's events in the log and the replay: one sentence each, seats named by their
// players (else their labels), never by their ids; times left as a player reads them.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { leftText, settingsText } from "../../static/js/clock-words.js";
import { describeEvent } from "../../static/js/log.js";
import { setSeatLabels } from "../../static/js/words.js";

afterEach(() => setSeatLabels(null));
const names = new Map([
  ["gorgonites", "Ann"],
  ["commandos", "Bob"],
]);

test("every clock event has its sentence, naming players, never seat ids", () => {
  setSeatLabels([
    { seat: "gorgonites", label: "Gorgonites" },
    { seat: "commandos", label: "Commandos" },
    { seat: "p3", label: "Player 3" },
  ]);
  const lines = {
    clock_set: [
      { mode: "live", initial: 600, increment: 5, days: 0, timeout: "computer" },
      "The host set the clock: live, 10 min a seat + 5 s a turn; the computer plays the turn of a seat out of time",
    ],
    clock_pause_asked: [
      { by: "gorgonites", name: "Ann", waiting: ["commandos", "p3"] },
      "Ann asks for a pause of the clocks (waiting for Bob and Player 3)",
    ],
    clock_pause_allowed: [{ seat_id: "commandos", by: "gorgonites" }, "Bob allows Ann's pause"],
    clock_pause_refused: [{ seat_id: "p3", by: "gorgonites" }, "Player 3 refused Ann's pause: the clocks run on"],
    clock_paused: [{ by: "agreement", seat_id: "p3" }, "Player 3 paused the clocks, by agreement"],
    clock_resumed: [{ by: "commandos" }, "Bob resumed the clocks"],
    clock_timeout: [{ seats: ["gorgonites"], rule: "computer" }, "Ann's time ran out: the computer played their turn"],
  };
  for (const [kind, [fields, line]] of Object.entries(lines)) {
    const text = describeEvent({ kind, seq: 3, seat: null, ...fields }, names);
    assert.equal(text, line, kind);
    assert.doesNotMatch(text, /gorgonites|commandos|p3|_/, kind);
  }
});

test("the host's own pauses and the other settings and rules", () => {
  const say = (e) => describeEvent({ seq: 1, seat: null, ...e }, names);
  assert.equal(say({ kind: "clock_paused", by: "host", seat_id: null }), "The host paused the clocks");
  assert.equal(say({ kind: "clock_resumed", by: "host" }), "The host resumed the clocks");
  assert.equal(say({ kind: "clock_set", mode: "none" }), "The host took the clock off: no clock");
  assert.equal(
    say({ kind: "clock_set", mode: "correspondence", days: 3, timeout: "skip" }),
    "The host set the clock: by post, 3 days a move; a seat out of time has its turn ended",
  );
  assert.equal(
    say({ kind: "clock_timeout", seats: ["commandos"], rule: "lose" }),
    "Bob's time ran out: that seat loses on time",
  );
  assert.equal(
    say({ kind: "clock_timeout", seats: ["commandos", "gorgonites"], rule: "skip" }),
    "Bob's and Ann's time ran out: their turns were ended",
  );
  assert.equal(settingsText({ mode: "live", initial: 90, increment: 0 }), "live, 1 min 30 s a seat + 0 s a turn");
});

test("time left reads in days and hours by post, minutes and seconds live", () => {
  const H = 3_600_000;
  assert.equal(leftText(2 * 24 * H + 3 * H + 5, "correspondence"), "2 days 3 h left");
  assert.equal(leftText(24 * H, "correspondence"), "1 day left");
  assert.equal(leftText(5 * H + 20 * 60_000, "correspondence"), "5 h 20 min left");
  assert.equal(leftText(11 * 60_000 + 1, "correspondence"), "12 min left");
  assert.equal(leftText(252_000, "live"), "4:12 left");
  assert.equal(leftText(-1, "live"), "0:00 left");
});
