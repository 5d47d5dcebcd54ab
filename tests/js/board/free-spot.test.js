// board/free-spot.js: a new piece goes to the free place nearest the middle of the view.
import assert from "node:assert/strict";
import { test } from "node:test";
import { freeSpot } from "../../../static/js/board/free-spot.js";
import { makeHexGrid } from "../../../static/js/board/hex.js";
import { makeTabletop } from "../../../static/js/board/tabletop.js";

test("the middle of the view when it is free, then the nearest free place around it", () => {
  const table = makeTabletop({ width: 24, height: 24 });
  const view = { x: 0, y: 0, w: 24, h: 24 };
  assert.deepEqual(freeSpot(table, view, []), { x: 12, y: 12 });
  const step = Math.max(1, Math.round(table.pieceRadius * 3));
  const next = freeSpot(table, view, [{ x: 12, y: 12 }]);
  assert.equal(Math.max(Math.abs(next.x - 12), Math.abs(next.y - 12)), step);
});

test("on a hex board, the hexes around the middle one by one, and only on the board", () => {
  const hex = makeHexGrid({ radius: 1 });
  const view = { x: -1, y: -1, w: 2, h: 2 };
  assert.deepEqual(freeSpot(hex, view, []), { q: 0, r: 0 });
  const all = [
    { q: 0, r: 0 },
    { q: 1, r: 0 },
    { q: -1, r: 0 },
    { q: 0, r: 1 },
    { q: 0, r: -1 },
    { q: 1, r: -1 },
  ];
  assert.deepEqual(freeSpot(hex, view, all), { q: -1, r: 1 });
  const full = [...all, { q: -1, r: 1 }];
  assert.deepEqual(freeSpot(hex, view, full), { q: 0, r: 0 }); // nowhere free: the middle
});
