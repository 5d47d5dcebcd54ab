// game.js: a game's module as the pages see it: the board and log lines from its view part, the
// generic board and sentences without one.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fixture } from "./fixtures.js";
import { boardOf, describeWith, loadGame, newGame } from "../../static/js/game.js";
import * as sandbox from "../../static/js/systems/sandbox/view.js";
import * as gkr from "../../static/js/systems/gkr/view.js";
import { setSeatLabels } from "../../static/js/words.js";

test("without a module: the view's own pieces on a 24-inch table, the page's sentences", async () => {
  const game = await loadGame(newGame(), null);
  const board = boardOf(game, { pieces: [{ id: "a", x: 1, y: 1 }] });
  assert.deepEqual(board, {
    board: { kind: "tabletop", width: 24, height: 24 },
    pieces: [{ id: "a", x: 1, y: 1 }],
    legend: null,
    clock: null,
  });
  setSeatLabels([{ seat: "p1", label: "Player 1" }]);
  assert.equal(describeWith(game, { kind: "seat_joined", name: "Ann", seat_id: "p1" }, {}), "Ann sat down as Player 1");
  // a kind the page has no sentence for: its words, never its fields nor the seat's id
  assert.equal(
    describeWith(game, { kind: "odd_thing", seat: "p1", n: 2 }, {}, new Map([["p1", "Ann"]])),
    "Ann (Player 1): odd thing",
  );
  assert.equal(describeWith(game, { kind: "odd_thing", n: 2 }, {}), "Odd thing");
  setSeatLabels(null);
});

test("with a view part: the game's pieces, legend and clock, its lines, the page's for the rest", () => {
  const f = fixture("gkr");
  const game = { ...newGame(), view: gkr };
  const board = boardOf(game, f.view, new Map());
  assert.equal(board.pieces[0].icon, "robot");
  assert.equal(board.legend[0].label, "DiamondBack");
  assert.deepEqual(board.clock, { turn: 1 });
  assert.equal(describeWith(game, f.events[0], f.view, new Map()), "DiamondBack played Energy Boost");
  assert.equal(describeWith(game, { kind: "table_closed" }, f.view, new Map()), "The table was closed");
});

test("the view part's memory lasts across lines: the sandbox names a token after it is gone", () => {
  const f = fixture("sandbox");
  const game = { ...newGame(), view: sandbox };
  const lines = f.events.map((e) => describeWith(game, e, f.view, new Map()));
  assert.equal(lines[3], "Player 1: removed Scout");
  assert.equal(describeWith(game, f.events[3], null, new Map()), "Player 1: removed Scout"); // no view yet
});
