// words.js and the page's generic sentences: seats read as "<name> (<label>)", ids in words,
// and no event kind falls back to snake_case or a raw id.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import {
  cellName,
  listed,
  plainWords,
  seatLabel,
  seatText,
  seatsText,
  setSeatLabels,
  titleWords,
  roundText,
} from "../../static/js/words.js";
import { describeEvent } from "../../static/js/log.js";
import { endText } from "../../static/js/seating.js";
import { turnText } from "../../static/js/watch.js";

afterEach(() => setSeatLabels(null));

test("ids in words", () => {
  assert.equal(plainWords("roll_opening"), "roll opening");
  assert.equal(titleWords("peace_river"), "Peace River");
  assert.equal(titleWords("king-wolf"), "King Wolf");
  assert.equal(titleWords("toys-1"), "Toys 1");
  assert.equal(titleWords("p3"), "Player 3");
  assert.equal(listed(["a", "b", "c"]), "a, b and c");
  assert.equal(listed(["a"]), "a");
});

test("a seat reads as the player's name with its label, or the label alone", () => {
  setSeatLabels([
    { seat: "north", label: "Northern" },
    { seat: "p1", label: "Player 1" },
  ]);
  const names = new Map([["north", "Ann"]]);
  assert.equal(seatLabel("north"), "Northern");
  assert.equal(seatText("north", names), "Ann (Northern)");
  assert.equal(seatText("p1", names), "Player 1");
  assert.equal(seatText("peace_river", names), "Peace River"); // no label: the id in words
  assert.equal(seatsText(["north", "p1"], names), "Ann (Northern) and Player 1");
  assert.equal(seatText("north", { north: "Ann" }), "Ann (Northern)"); // a plain object too
});

test("the page's sentences name seats by label and never print ids or fields", () => {
  setSeatLabels({ p1: "Player 1", p2: "Player 2" });
  const names = new Map([["p2", "Bo"]]);
  assert.equal(describeEvent({ kind: "seat_joined", seat_id: "p2", name: "Bo" }, names), "Bo sat down as Player 2");
  assert.match(describeEvent({ kind: "seat_kicked", seat_id: "p1" }, names), /Player 1/);
  assert.match(describeEvent({ kind: "seat_reopened", seat_id: "p1" }, names), /Player 1/);
  assert.equal(
    describeEvent({ kind: "game_over", winners: ["p2"], reason: "flag_captured" }, names),
    "Game over: Bo (Player 2) won (flag captured)",
  );
  assert.equal(describeEvent({ kind: "game_over", winners: [] }, names), "Game over: a draw");
  const odd = describeEvent({ kind: "token_flipped_over", seat: "p1", token: "t_1", at: [1, -3] }, names);
  assert.equal(odd, "Player 1: token flipped over");
  assert.equal(describeEvent({ kind: "mystery_box" }, names), "Mystery box");
  assert.equal(describeEvent({}, names), "Something happened");
  for (const kind of [
    "table_created",
    "seat_joined",
    "seat_kicked",
    "seat_reopened",
    "seat_link_issued",
    "seat_moved",
    "seat_claimed",
    "table_closed",
    "game_over",
  ]) {
    const line = describeEvent(
      { kind, seat_id: "p1", name: "Ann", winners: ["p1"], reason: "last_one_standing" },
      names,
    );
    assert.doesNotMatch(line, /[a-z]+_[a-z_]+|\bp1\b|=/, `${kind}: ${line}`);
  }
});

test("the end box and the watch page name the seats", () => {
  setSeatLabels({ north: "Northern" });
  assert.equal(
    endText({ winners: ["north"], reason: "south_conceded" }, "finished", new Map([["north", "Ann"]])),
    "Game over: Ann (Northern) won. South conceded.",
  );
  const seats = [
    { seat: "north", label: "Northern", name: "Ann" },
    { seat: "south", label: "Southern", name: null },
  ];
  assert.equal(turnText({ round: 1, active: ["north"] }, seats), "Round 1 · Ann (Northern) to act");
  assert.equal(turnText({ round: 2, active: ["south"] }, seats), "Round 2 · Southern to act");
  assert.equal(turnText({ round: 0, active: ["north", "south"] }, seats), "Setup · Ann (Northern) and Southern to act");
});

test("hex cells by name from the view's board", () => {
  const board = {
    kind: "hex",
    cells: [
      { q: 0, r: 0, name: "B2" },
      { q: 1, r: -1, name: "C1" },
    ],
  };
  assert.equal(cellName(board, 1, -1), "C1");
  assert.equal(cellName(board, 5, 5), "");
  assert.equal(cellName({ kind: "hex" }, 0, 0), "");
});

test("the turn counter: a game's word, round 0 as the setup", () => {
  assert.equal(roundText({ round: 3 }), "Round 3");
  assert.equal(roundText({ round: 0 }), "Setup");
  assert.equal(roundText({ round: 0, round_label: "Turn" }), "Turn 0");
  assert.equal(roundText({}), "");
});
