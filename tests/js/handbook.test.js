// handbook.js: the rules panel's search (every word, any case, in the title, text or rulebook
// citation) and the section a refusal's code points at.
import assert from "node:assert/strict";
import { test } from "node:test";
import { filterSections, sectionForCode } from "../../static/js/handbook.js";

const sections = [
  {
    id: "rof",
    title: "Rate of Fire (ROF)",
    text: "Focused Fire adds to the Damage Multiplier.",
    rulebook: "Rate of Fire",
    codes: ["illegal_rof"],
  },
  {
    id: "range",
    title: "Range bands",
    text: "Point Blank, Short, Medium, Long, Extreme.",
    rulebook: "Attack Modifiers: Range",
    codes: [],
  },
  {
    id: "turn",
    title: "Whose move it is",
    text: "Only the active side moves.",
    rulebook: "Rounds",
    codes: ["not_your_turn"],
  },
];

test("an empty search shows every section; words narrow it, in any case and any order", () => {
  assert.equal(filterSections(sections, "").length, 3);
  assert.equal(filterSections(sections, "   ").length, 3);
  assert.deepEqual(
    filterSections(sections, "FIRE").map((s) => s.id),
    ["rof"],
  );
  assert.deepEqual(
    filterSections(sections, "long point").map((s) => s.id),
    ["range"],
  );
  assert.deepEqual(
    filterSections(sections, "rounds").map((s) => s.id),
    ["turn"],
  );
  assert.deepEqual(filterSections(sections, "fire rounds"), []);
});

test("a refusal's code finds the section that explains it, or nothing", () => {
  assert.equal(sectionForCode(sections, "illegal_rof").id, "rof");
  assert.equal(sectionForCode(sections, "not_your_turn").id, "turn");
  assert.equal(sectionForCode(sections, "stale_seq"), null);
  assert.equal(sectionForCode(sections, undefined), null);
});
