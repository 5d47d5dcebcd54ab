// last-action.js: the marks of the last action from the pieces' places before and after an update
// and its events (a moved piece's trail, a shot with what it did, a piece lost), and away.js: what
// the others did while the player looked away.
import assert from "node:assert/strict";
import { test } from "node:test";
import { lastActionShapes, isAction } from "../../static/js/last-action.js";
import { AwayList } from "../../static/js/away.js";
import { installDom, FakeElement } from "./fake-dom.js";

const sides = (owner) => ({ color: owner === "north" ? "#1d4ed8" : "#c2410c" });
const places = (entries) =>
  new Map(entries.map(([id, x, y, label, owner, status]) => [id, { x, y, label, owner, status }]));
const find = (nodes, cls) => nodes.filter((n) => n.attrs.class === cls);

test("a moved piece leaves a trail from its old place; one that stayed leaves none", () => {
  const before = places([
    ["a", 1, 1, "Hunter 1", "north"],
    ["b", 5, 5, "Jäger 1", "south"],
  ]);
  const after = places([
    ["a", 4, 5, "Hunter 1", "north"],
    ["b", 5, 5, "Jäger 1", "south"],
  ]);
  const marks = lastActionShapes({ before, after, events: [{ kind: "moved" }], sides, size: 0.5 });
  const trails = find(marks.move, "last-trail");
  assert.equal(trails.length, 1);
  assert.equal(trails[0].attrs["data-piece"], "a");
  const line = trails[0].children.find((c) => c.tag === "line");
  assert.deepEqual([line.attrs.x1, line.attrs.y1, line.attrs.x2, line.attrs.y2], [1, 1, 4, 5]);
  assert.equal(line.attrs.stroke, "#1d4ed8");
  assert.deepEqual(marks.said, ["Hunter 1 moved"]);
  assert.deepEqual(marks.attack, []);
});

test("a shot: the line from shooter to target and what it did; a lost piece crossed out", () => {
  const before = places([
    ["a", 1, 1, "Archer", "p1"],
    ["b", 3, 1, "Brute", "p2"],
    ["c", 6, 1, "Cub", "p2"],
  ]);
  const hit = lastActionShapes({
    before,
    after: before,
    events: [
      { kind: "attack", attacker: "a", target: "b" },
      { kind: "damaged", unit: "b", amount: 2 },
    ],
    sides,
    size: 0.5,
  });
  assert.deepEqual(hit.said, ["Archer attacked Brute: 2 damage"]);
  const shot = find(hit.attack, "last-attack")[0];
  assert.equal(shot.attrs["data-target"], "b");
  const gone = places([
    ["a", 1, 1, "Archer", "p1"],
    ["b", 3, 1, "Brute", "p2"],
  ]);
  const marks = (after, events, attacks = true) =>
    lastActionShapes({ before, after, events, sides, size: 0.5, attacks });
  const kill = marks(gone, [{ kind: "attack", fighter: "a", target: "c" }]);
  assert.deepEqual(kill.said, ["Cub lost", "Archer attacked Cub: destroyed"]);
  assert.equal(find(kill.attack, "last-lost")[0].attrs["data-piece"], "c");
  const miss = marks(before, [{ kind: "attack", attacker: "a", target: "b" }]);
  assert.deepEqual(miss.said, ["Archer attacked Brute: no damage"]);
  const own = marks(before, [{ kind: "attack", attacker: "a", target: "b" }], false);
  assert.deepEqual(own.attack, [], "a game that draws its own shots gets no second line");
  const wrecked = marks(
    places([
      ["a", 1, 1, "Archer", "p1"],
      ["b", 3, 1, "Brute", "p2", "destroyed"],
      ["c", 6, 1, "Cub", "p2"],
    ]),
    [{ kind: "destroyed", unit: "b" }],
  );
  assert.deepEqual(wrecked.said, ["Brute lost"]);
});

test("each game's shot: GKR's unit and its damage, Samurai Robots' opposed roll, a battle's loser", () => {
  const before = places([
    ["m1", 1, 1, "DiamondBack", "diamondback"],
    ["m2", 4, 4, "King Wolf", "kingwolf"],
  ]);
  const said = (events) => lastActionShapes({ before, after: before, events, sides, size: 0.5 }).said;
  assert.deepEqual(
    said([
      { kind: "attack", unit: "m1", target: "m2", damage: 3 },
      { kind: "damaged", unit: "m2", amount: 3, by: "diamondback" },
    ]),
    ["DiamondBack attacked King Wolf: 3 damage"],
  );
  assert.deepEqual(said([{ kind: "damaged", unit: "m2", amount: 3, by: "m1" }]), [], "damage alone is no shot");
  assert.deepEqual(said([{ kind: "attack", attacker: "m1", target: "m2", result: "defender_wins" }]), [
    "DiamondBack attacked King Wolf: missed",
  ]);
  assert.deepEqual(said([{ kind: "attack", attacker: "m1", target: "m2", result: "attacker_double" }]), [
    "DiamondBack attacked King Wolf: hit",
  ]);
  assert.deepEqual(said([{ kind: "battle", attacker: "m1", defender: "m2", winner: "m1", loser: "m2" }]), [
    "DiamondBack attacked King Wolf: beaten",
  ]);
});

test("seats coming and going are no action", () => {
  assert.equal(isAction([{ kind: "seat_joined", seat_id: "p2" }]), false);
  assert.equal(isAction([{ kind: "seat_joined" }, { kind: "moved", seat: "p1" }]), true);
});

function awayBox() {
  installDom();
  const box = new FakeElement("section");
  box.hidden = true;
  box.appendChild(new FakeElement("ul"));
  return box;
}

test("away: what the others did since the player looked away, not their own nor seats", () => {
  const box = awayBox();
  const away = new AwayList(
    box,
    (e) => `${e.seat} ${e.kind}`,
    () => "p1",
  );
  away.note({ seq: 1, seat: "p2", kind: "moved" });
  away.leave();
  away.note({ seq: 2, seat: "p1", kind: "moved" });
  away.note({ seq: 3, seat: "p2", kind: "attacked" });
  away.note({ seq: 4, seat: "p3", kind: "seat_joined" });
  away.back();
  assert.equal(box.hidden, false);
  assert.deepEqual(
    box.querySelector("ul").children.map((li) => li.textContent),
    ["p2 attacked"],
  );
  away.close();
  assert.equal(box.hidden, true);
  away.leave();
  away.note({ seq: 5, seat: "p1", kind: "moved" });
  away.back();
  assert.equal(box.hidden, true, "nothing the others did: nothing shown");
});

test("away: a long absence lists the last lines and counts the rest", () => {
  const box = awayBox();
  const away = new AwayList(
    box,
    (e) => `move ${e.seq}`,
    () => "p1",
  );
  away.leave();
  for (let seq = 1; seq <= 12; seq++) away.note({ seq, seat: "p2", kind: "moved" });
  away.back();
  const lines = box.querySelector("ul").children.map((li) => li.textContent);
  assert.equal(lines.length, 9);
  assert.match(lines[0], /4 earlier/);
  assert.equal(lines.at(-1), "move 12");
});
