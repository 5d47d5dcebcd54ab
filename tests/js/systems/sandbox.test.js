// The sandbox's view part (systems/sandbox/view.js): its log lines name a token by its label,
// remembered after the token left the table.
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertReadable, fixture } from "../fixtures.js";
import * as view from "../../../static/js/systems/sandbox/view.js";

const f = fixture("sandbox");

test("every sandbox line, a removed token still named by its label", () => {
  const memory = new Map();
  const lines = f.events.map((e) => view.describe(e, view.names(f.view, new Map(), memory)));
  for (const [i, e] of f.events.entries()) assertReadable(lines[i], e);
  assert.deepEqual(lines, [
    "p1: added Hunter",
    "p1: added Scout",
    "p1: moved Hunter to (5, 6), facing 90°",
    "p1: removed Scout",
    "p1: rolled 2d6: 5, 6 = 11",
  ]);
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
