// The legend over the board's corner: which colour and shape is whose, and what the piece
// silhouettes mean. A <details> so it folds away on small screens.
import { el } from "./svg.js";
import { iconPath } from "./icons.js";

export function showLegend(wrap, items) {
  if (!wrap) return;
  let box = wrap.querySelector(":scope > .board-legend");
  if (!items?.length) {
    box?.remove();
    return;
  }
  const sig = JSON.stringify(items);
  if (box && box.dataset.sig === sig) return;
  const open = box ? box.open : false; // folded: it must not cover pieces
  box?.remove();
  box = document.createElement("details");
  box.className = "board-legend";
  box.dataset.sig = sig;
  box.open = open;
  const summary = document.createElement("summary");
  summary.textContent = "Legend";
  const list = document.createElement("ul");
  for (const it of items) {
    const li = document.createElement("li");
    const svg = el("svg", { viewBox: "-1.2 -1.2 2.4 2.4", width: 18, height: 18, "aria-hidden": "true" });
    el("circle", { r: 1.1, fill: it.color || "#777", stroke: "#111", "stroke-width": 0.12 }, svg);
    const icon = iconPath(it.icon);
    if (icon) el("path", { d: icon, fill: "#fff", transform: "scale(.85)" }, svg);
    const span = document.createElement("span");
    span.textContent = it.label;
    li.append(svg, span);
    list.append(li);
  }
  box.append(summary, list);
  wrap.append(box);
}
