// board/legend.js: the folded legend, drawn again only when its items change.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { FakeElement, installDom } from "../fake-dom.js";
import { showLegend } from "../../../static/js/board/legend.js";

beforeEach(() => installDom());

test("one line per item with its swatch and silhouette; kept while the items are the same", () => {
  const host = new FakeElement("div");
  const items = [
    { label: "North", color: "#0072B2", icon: "gear" },
    { label: "Badges: U used", color: "#fff" },
  ];
  showLegend(host, items);
  const box = host.querySelector(":scope > .board-legend");
  assert.equal(box.tagName, "details");
  assert.equal(box.open, false); // folded: it must not cover pieces
  assert.deepEqual(
    box.querySelectorAll("span").map((s) => s.textContent),
    ["North", "Badges: U used"],
  );
  assert.equal(box.querySelectorAll("path").length, 1);
  box.open = true;
  showLegend(host, items);
  assert.equal(host.querySelector(":scope > .board-legend"), box);
  showLegend(host, [{ label: "South", color: "#D55E00" }]);
  const again = host.querySelector(":scope > .board-legend");
  assert.notEqual(again, box);
  assert.equal(again.open, true); // the reader's fold is kept
  showLegend(host, null);
  assert.equal(host.querySelector(":scope > .board-legend"), null);
});
