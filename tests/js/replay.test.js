// The replay's pure parts (static/js/replay/): where a seq falls among the rounds and turns,
// where a jump lands, the entries' titles, ?seq=N, marks along the scrubber at a fixed list of
// seqs, and the dice proof checked as the shared file's page checks it (Node's own SHA-256).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { installDom } from "./fake-dom.js";
import {
  jumpTarget,
  markPositions,
  roundStarts,
  seqFromSearch,
  turnIndexAt,
  turnTitle,
} from "../../static/js/replay/turns.js";
import { markSeqs } from "../../static/js/replay/marks.js";
import { die, proofText, verifyProof } from "../../static/js/replay/proof.js";
import { pictureName } from "../../static/js/replay/picture.js";

const turns = [
  { round: null, turn: 1, seat: "north", seq_from: 0, seq_to: 3 },
  { round: 1, turn: 1, seat: "north", seq_from: 4, seq_to: 9 },
  { round: 1, turn: 2, seat: "south", seq_from: 10, seq_to: 14 },
  { round: 2, turn: 1, seat: "south", seq_from: 15, seq_to: 20 },
  { round: 2, turn: 2, seat: "north", seq_from: 21, seq_to: 30 },
];

test("the turn holding a seq", () => {
  assert.deepEqual(
    [0, 3, 4, 12, 15, 30, 99].map((s) => turnIndexAt(turns, s)),
    [0, 0, 1, 2, 3, 4, 4],
  );
  assert.equal(turnIndexAt([], 5), -1);
});

test("jumps by turn and by round", () => {
  assert.equal(jumpTarget(turns, 5, 1), 10);
  assert.equal(jumpTarget(turns, 5, -1), 4); // to this turn's start
  assert.equal(jumpTarget(turns, 4, -1), 0); // at a start: the one before
  assert.equal(jumpTarget(turns, 25, 1), null); // the last turn: the caller goes to the end
  assert.equal(jumpTarget(turns, 5, 1, "round"), 15);
  assert.equal(jumpTarget(turns, 16, -1, "round"), 15);
  assert.equal(jumpTarget(turns, 15, -1, "round"), 4);
  assert.deepEqual(
    roundStarts(turns).map((t) => t.seq_from),
    [0, 4, 15],
  );
});

test("an entry's title names its round, turn and seat", () => {
  const seat = (s) => `Ann (${s})`;
  assert.equal(turnTitle(turns[0], true, seat), "Setup \u00b7 turn 1: Ann (north)");
  assert.equal(turnTitle(turns[2], true, seat), "Round 1 \u00b7 turn 2: Ann (south)");
  assert.equal(turnTitle({ ...turns[0], seat: null }, false, seat), "Turn 1");
});

test("?seq=N, and nothing else, opens the replay at N", () => {
  assert.equal(seqFromSearch("?seq=12"), 12);
  assert.equal(seqFromSearch("?a=1&seq=0"), 0);
  for (const bad of ["", "?seq=", "?seq=-1", "?seq=1.5", "?seq=x", "?seq=1e3"]) assert.equal(seqFromSearch(bad), null);
});

test("marks go along the scrubber at a fixed list of seqs", () => {
  assert.deepEqual(markPositions([30, 0, 15, 15, 99, -1, "x"], 30), [
    { seq: 0, percent: 0 },
    { seq: 15, percent: 50 },
    { seq: 30, percent: 100 },
  ]);
  installDom();
  const host = document.createElement("div");
  const went = [];
  const drawn = markSeqs(host, [12, { seq: 20, label: "Archer's lucky battle" }, 50], 40, { go: (s) => went.push(s) });
  assert.equal(drawn, 2); // 50 is past the end
  const marks = host.querySelectorAll("button.scrubber-mark");
  assert.deepEqual(
    marks.map((m) => m.dataset.seq),
    ["12", "20"],
  );
  assert.equal(marks[0].getAttribute("aria-label"), "Turning point at event 12");
  assert.equal(marks[1].getAttribute("aria-label"), "Archer's lucky battle at event 20");
  marks[1].dispatchEvent({ type: "click" });
  assert.deepEqual(went, [20]);
  assert.equal(markSeqs(host, [1], 40), 1); // drawn again: the earlier marks go
  assert.equal(host.querySelectorAll("button.scrubber-mark").length, 1);
});

// die() exactly as docs/dice.md states it, on Node's own SHA-256
function dieByTheBook(seed, i, sides) {
  const space = 2n ** 64n;
  for (let attempt = 0; ; attempt++) {
    const h = createHash("sha256").update(`${seed}:${i}:${attempt}`).digest();
    const x = h.readBigUInt64BE(0);
    if (x < space - (space % BigInt(sides))) return Number(1n + (x % BigInt(sides)));
  }
}

test("the page's dice are the proof's, and a wrong roll or seed is caught", async () => {
  const seed = "shared-seed";
  const rolls = [];
  for (let i = 0; i < 40; i++) {
    const sides = [6, 20, 3, 52, 7][i % 5];
    const value = dieByTheBook(seed, i, sides);
    assert.equal(await die(seed, i, sides), value);
    rolls.push({ i, sides, value });
  }
  const commitment = createHash("sha256").update(seed).digest("hex");
  const ok = await verifyProof({ seed, commitment, rolls });
  assert.deepEqual(ok, { ok: true, rolls: 40, problem: null });
  assert.equal(proofText(ok), "Dice proof verified: 40 rolls");
  const forged = rolls.map((r, k) => (k === 7 ? { ...r, value: (r.value % r.sides) + 1 } : r));
  const caught = await verifyProof({ seed, commitment, rolls: forged });
  assert.equal(caught.ok, false);
  assert.match(proofText(caught), /^Dice proof NOT verified: Roll 7/);
  assert.equal((await verifyProof({ seed: "other", commitment, rolls })).ok, false);
});

test("a picture's file name", () => {
  assert.equal(pictureName("Friday game 12"), "friday-game-12.svg");
  assert.equal(pictureName("!!!"), "board.svg");
});
