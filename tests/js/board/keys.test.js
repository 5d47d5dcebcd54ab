// board/keys.js: arrows follow the screen, Shift takes the other hex diagonal, [ and ] turn.
import assert from "node:assert/strict";
import { test } from "node:test";
import { arrowStep, turnedFacing } from "../../../static/js/board/keys.js";
import { makeHexGrid } from "../../../static/js/board/hex.js";
import { makeTabletop } from "../../../static/js/board/tabletop.js";

const hex = makeHexGrid({ radius: 3 });
const table = makeTabletop({ width: 10, height: 10 });

test("arrows step the piece the way they point on screen", () => {
  assert.deepEqual(arrowStep(table, { x: 2, y: 2 }, "ArrowRight"), { x: 3, y: 2 });
  assert.deepEqual(arrowStep(table, { x: 2, y: 2 }, "ArrowUp"), { x: 2, y: 1 });
  assert.deepEqual(arrowStep(table, { x: 2, y: 2 }, "ArrowUp", { turned: true }), { x: 2, y: 3 });
  assert.deepEqual(arrowStep(table, { x: 2, y: 2 }, "ArrowLeft", { turned: true }), { x: 3, y: 2 });
  assert.equal(arrowStep(table, { x: 2, y: 2 }, "Enter"), null);
});

test("on a hex board Shift with up or down takes the other diagonal", () => {
  assert.deepEqual(arrowStep(hex, { q: 0, r: 0 }, "ArrowUp"), { q: 0, r: -1 });
  assert.deepEqual(arrowStep(hex, { q: 0, r: 0 }, "ArrowUp", { shiftKey: true }), { q: 1, r: -1 });
  assert.deepEqual(arrowStep(hex, { q: 0, r: 0 }, "ArrowDown", { shiftKey: true }), { q: -1, r: 1 });
  assert.deepEqual(arrowStep(hex, { q: 0, r: 0 }, "ArrowRight", { shiftKey: true }), { q: 1, r: 0 });
  assert.deepEqual(arrowStep(table, { x: 2, y: 2 }, "ArrowUp", { shiftKey: true }), { x: 2, y: 1 });
});

test("[ and ] turn one step, always in 0..359", () => {
  assert.equal(turnedFacing(0, "]", 60), 60);
  assert.equal(turnedFacing(0, "[", 60), 300);
  assert.equal(turnedFacing(330, "]", 30), 0);
  assert.equal(turnedFacing(undefined, "]", 30), 30);
  assert.equal(turnedFacing(-30, "[", 30), 300);
});
