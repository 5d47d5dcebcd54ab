// board/hex.js: axial hex maths (Red Blob Games), the hex board and the drag's stop on the last legal hex.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  cellsOf,
  corners,
  distance,
  fromPixel,
  makeHexGrid,
  round,
  stopAtLastLegal,
  toPixel,
} from "../../../static/js/board/hex.js";

const near = (a, b) => assert.ok(Math.abs(a - b) < 1e-9, `${a} != ${b}`);

test("hex to pixel and back is the same hex, pointy and flat", () => {
  for (const flat of [false, true])
    for (let q = -4; q <= 4; q++)
      for (let r = -4; r <= 4; r++) {
        const p = toPixel(q, r, flat);
        assert.deepEqual(fromPixel(p.x, p.y, flat), { q, r });
      }
});

test("named pixels: the origin, one step east (pointy) and one step south-east (flat)", () => {
  assert.deepEqual(toPixel(0, 0), { x: 0, y: 0 });
  near(toPixel(1, 0).x, Math.sqrt(3));
  near(toPixel(1, 0).y, 0);
  assert.deepEqual(toPixel(1, 0, true), { x: 1.5, y: Math.sqrt(3) / 2 });
  assert.deepEqual(toPixel(0, 1), { x: Math.sqrt(3) / 2, y: 1.5 });
});

test("rounding keeps q + r + s = 0 and picks the nearest hex", () => {
  assert.deepEqual(round(0.1, -0.1), { q: 0, r: 0 });
  assert.deepEqual(round(0.6, 0.1), { q: 1, r: 0 });
  assert.deepEqual(round(-0.1, 0.8), { q: 0, r: 1 });
  for (const [q, r] of [
    [0.45, 0.45],
    [-1.3, 2.2],
    [2.5, -1.49],
  ]) {
    const h = round(q, r);
    assert.ok(Number.isInteger(h.q) && Number.isInteger(h.r));
    assert.ok(distance(h, { q: Math.round(q), r: Math.round(r) }) <= 1);
  }
  assert.ok(!Object.is(round(-0.2, 0.1).q, -0)); // no negative zero in keys
});

test("distance: named cases and symmetry", () => {
  assert.equal(distance({ q: 0, r: 0 }, { q: 0, r: 0 }), 0);
  assert.equal(distance({ q: 0, r: 0 }, { q: 3, r: 0 }), 3);
  assert.equal(distance({ q: 0, r: 0 }, { q: 2, r: -3 }), 3);
  assert.equal(distance({ q: -2, r: 1 }, { q: 2, r: -1 }), 4);
  assert.equal(distance({ q: 1, r: 2 }, { q: -3, r: 0 }), distance({ q: -3, r: 0 }, { q: 1, r: 2 }));
});

test("six corners around the centre, each at the size's distance", () => {
  const pts = corners(1, 2, 1)
    .split(" ")
    .map((p) => p.split(",").map(Number));
  assert.equal(pts.length, 6);
  for (const [x, y] of pts) assert.ok(Math.abs(Math.hypot(x - 1, y - 2) - 1) < 0.002);
});

test("a board's cells: its own list, or every hex within the radius", () => {
  assert.equal(cellsOf({ radius: 2 }).length, 19);
  assert.equal(cellsOf({}).length, 3 * 8 * 9 + 1);
  const cells = [{ q: 0, r: 0, terrain: "woods" }];
  assert.equal(cellsOf({ cells }), cells);
});

test("the hex grid: bounds, what is on the board, steps, measures and names", () => {
  const grid = makeHexGrid({ radius: 2 });
  assert.equal(grid.kind, "hex");
  assert.ok(grid.onBoard({ q: 2, r: -2 }) && !grid.onBoard({ q: 3, r: 0 }));
  assert.deepEqual(grid.step({ q: 0, r: 0 }, "right"), { q: 1, r: 0 });
  assert.deepEqual(grid.step({ q: 0, r: 0 }, "upRight"), { q: 1, r: -1 });
  assert.equal(grid.step({ q: 0, r: 0 }, "nowhere"), null);
  const a = toPixel(0, 0),
    b = toPixel(2, -1);
  assert.equal(grid.measure(a, b), "2 hexes");
  assert.equal(grid.measure(a, toPixel(1, 0)), "1 hex");
  assert.equal(grid.describe({ q: 1, r: -1 }), "C2");
  assert.equal(grid.facingStep, 60);
  const xs = grid.bounds;
  assert.ok(xs.w > 4 * Math.sqrt(3) && xs.h > 6);
  assert.deepEqual(grid.snapPoint(0.2, 0.1), { x: 0, y: 0 });
});

test("things drawn beside a hex board are fitted in its bounds", () => {
  const plain = makeHexGrid({ radius: 1 }).bounds;
  const wide = makeHexGrid({ radius: 1, extents: [{ x: 10, y: 0 }] }).bounds;
  assert.ok(wide.w > plain.w + 7);
});

test("a drag stops on the last legal hex it crossed, or is refused", () => {
  const legal = new Set(["1,0", "2,0"]);
  const ok = (p) => legal.has(`${p.q},${p.r}`);
  const trail = [
    { q: 1, r: 0 },
    { q: 2, r: 0 },
    { q: 3, r: 0 },
  ];
  assert.equal(stopAtLastLegal({ q: 2, r: 0 }, trail.slice(0, 2), ok, "stop"), null); // legal: no stop
  assert.deepEqual(stopAtLastLegal({ q: 3, r: 0 }, trail, ok, "stop"), {
    pos: { q: 2, r: 0 },
    trail: trail.slice(0, 2),
    note: "stop",
  });
  assert.equal(stopAtLastLegal({ q: 5, r: 5 }, [{ q: 5, r: 5 }], ok, "stop"), null); // nothing legal crossed
});

test("cells are named as app.geometry.hex.cell_names names them, and drawn for the Coordinates toggle", () => {
  const grid = makeHexGrid({ radius: 2 });
  // the server's names of the same radius-2 board (cell_names(spiral(Hex(0, 0), 2)))
  assert.equal(grid.describe({ q: 1, r: -1 }), "C2");
  assert.equal(grid.describe({ q: -2, r: 0 }), "A3");
  assert.equal(grid.describe({ q: 0, r: -2 }), "B1");
  assert.equal(grid.describe({ q: 2, r: 0 }), "E3");
  assert.equal(grid.describe({ q: 9, r: 9 }), "off the board");
  // a view's own names win
  const named = makeHexGrid({ cells: [{ q: 0, r: 0, name: "K7", terrain: "clear" }] });
  assert.equal(named.cellName({ q: 0, r: 0 }), "K7");
});
