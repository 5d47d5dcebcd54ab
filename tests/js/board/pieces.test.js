// board/pieces.js: sides by seat order (shape and colour), a piece's spoken name, the drawn piece.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { FakeElement, installDom } from "../fake-dom.js";
import { PALETTE, drawPiece, makeSides, pieceName } from "../../../static/js/board/pieces.js";

beforeEach(() => installDom());

test("each seat gets its own colour and shape; P-seats are short as P1", () => {
  const sides = makeSides(["p1", "p2", "north"]);
  assert.deepEqual(sides("p1"), { color: PALETTE[0], shape: "circle", short: "P1" });
  assert.deepEqual(sides("p2"), { color: PALETTE[1], shape: "square", short: "P2" });
  assert.equal(sides("north").short, "NO");
  assert.deepEqual(sides("stranger"), { color: "#555", shape: "circle", short: "ST" });
  assert.equal(sides(null).short, "");
});

test("a piece's name says whose, what, its state, where and its facing", () => {
  const piece = { id: "t1", label: "Hunter", owner: "p1", kind: "gear", status: "ready", facing: 90.4 };
  assert.equal(
    pieceName(piece, "3 in from the left, 4 in from the top"),
    "Hunter, of Player 1, gear, status ready, at 3 in from the left, 4 in from the top, facing 90 degrees",
  );
  const badged = { id: "x", badges: [{ text: "2", title: "damaged" }], side: "north", owner: "n" };
  assert.equal(pieceName(badged), "x, of north, damaged");
});

test("the drawn piece: its body, at most three badges, a short caption, a tone", () => {
  const layer = new FakeElement("g");
  const piece = {
    id: "m1",
    label: "A very long name for a model",
    badges: [{ text: "1" }, { text: "2" }, { text: "3" }, { text: "4" }],
    tone: "used",
    facing: 0,
  };
  const g = drawPiece(layer, piece, { color: "#123", shape: "diamond", short: "N" }, 1);
  assert.equal(g.getAttribute("data-id"), "m1");
  assert.equal(g.querySelectorAll("g.badge").length, 3);
  assert.ok(g.classList.contains("tone-used"));
  assert.equal(g.querySelector("polygon.body").getAttribute("fill"), "#123");
  assert.equal(g.querySelector("text.piece-label").textContent, "A very long name …");
  assert.ok(g.querySelector("polygon.nose"));
});
