// board/measure.js: the ruler between two points, read in hexes or the table's units.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { FakeElement, installDom } from "../fake-dom.js";
import { Measure } from "../../../static/js/board/measure.js";
import { makeHexGrid, toPixel } from "../../../static/js/board/hex.js";
import { makeTabletop } from "../../../static/js/board/tabletop.js";

beforeEach(() => installDom());

function ruler(grid) {
  const readings = [];
  const board = { grid, overlay: new FakeElement("g"), scale: () => 20, panZoom: { vb: { w: 40 } } };
  const m = new Measure(board, (text, line) => readings.push([text, line]));
  return { m, board, readings };
}

test("on a tabletop the ruler reads the distance, its label in the middle", () => {
  const { m, board, readings } = ruler(makeTabletop({ width: 24, height: 24 }));
  m.start({ x: 1, y: 1 });
  m.move({ x: 4, y: 5 });
  const [text, line] = readings.at(-1);
  assert.equal(text, "5.0 in");
  assert.deepEqual(line.to, { x: 4, y: 5 });
  const label = board.overlay.querySelector("text.ruler-label");
  assert.equal(label.textContent, "5.0 in");
  assert.equal(label.getAttribute("x"), "2.5");
  assert.equal(Number(label.getAttribute("font-size")), 14 / 20);
  m.clear();
  assert.equal(readings.at(-1)[0], "");
  assert.equal(board.overlay.children.length, 0);
});

test("on a hex board it snaps to hex centres and counts hexes", () => {
  const { m, readings } = ruler(makeHexGrid({ radius: 4 }));
  const a = toPixel(0, 0),
    b = toPixel(3, -1);
  m.start({ x: a.x + 0.1, y: a.y - 0.1 });
  m.move({ x: b.x - 0.2, y: b.y + 0.1 });
  assert.equal(readings.at(-1)[0], "3 hexes");
});
