// The sandbox's view part (systems/sandbox/view.js): its log lines name a token by its label,
// remembered after the token left the table.
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertReadable, fixture } from "../fixtures.js";
import * as view from "../../../static/js/systems/sandbox/view.js";

const f = fixture("sandbox");

test("every sandbox line, a removed token still named by its label", () => {
  const memory = new Map();
  const lines = f.events.map((e) => view.describe(e, view.names(f.view, new Map([["p1", "Ann"]]), memory)));
  for (const [i, e] of f.events.entries()) assertReadable(lines[i], e);
  assert.deepEqual(lines, [
    "Ann (Player 1): added Hunter",
    "Ann (Player 1): added Scout",
    "Ann (Player 1): moved Hunter to 5 in from the left, 6 in from the top, facing 90°",
    "Ann (Player 1): removed Scout",
    "Ann (Player 1): rolled 2d6: 5, 6 = 11",
  ]);
  // on a hex sandbox, a hex by the name the Coordinates toggle shows
  const hex = view.names({ board: { kind: "hex", radius: 2 } }, new Map());
  assert.equal(
    view.describe({ kind: "token_moved", seat: "p2", token: "t", q: 1, r: -1 }, hex),
    "Player 2: moved t to C2",
  );
  assert.equal(view.describe({ kind: "seat_joined" }, view.names(f.view)), undefined);
});

test("a move of a token keeps its facing only when turned", () => {
  assert.deepEqual(view.moveAction({ id: "t1" }, { x: 1, y: 2 }), { kind: "move_token", token: "t1", x: 1, y: 2 });
  assert.deepEqual(view.moveAction({ id: "t1" }, { q: 1, r: 2 }, 60), {
    kind: "move_token",
    token: "t1",
    q: 1,
    r: 2,
    facing: 60,
  });
});
