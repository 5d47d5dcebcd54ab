// The dice tray: every roll of the table with who rolled, what, and the faces.
import { plainWords } from "./words.js";

export class DiceTray {
  constructor(list, names) {
    this.list = list;
    this.names = names; // seat -> display name
    this.seen = new Set();
  }

  // `live`: rolled just now, so its dice tumble as they land (not with prefers-reduced-motion).
  add(e, live = false) {
    const rolls = findRolls(e);
    if (!rolls.length || this.seen.has(e.seq)) return;
    this.seen.add(e.seq);
    const li = document.createElement("li");
    if (live) li.className = "rolling";
    li.dataset.order = String(e.seq);
    const who = document.createElement("span");
    who.className = "who";
    const name = this.names(e.seat);
    who.textContent = e.seat ? name : "table";
    li.appendChild(who);
    if (e.kind !== "rolled") li.appendChild(span("what", ` ${plainWords(e.kind)}:`)); // "attack resolved: defense roll"
    for (const roll of rolls) {
      li.appendChild(span("what", ` ${plainWords(roll.name)}`));
      const faces = span("faces", "");
      faces.setAttribute("role", "img"); // a name on a span needs a role (axe: aria-prohibited-attr)
      faces.setAttribute("aria-label", `faces ${roll.faces.join(", ")}`);
      for (const f of roll.faces) {
        const die = span("die", String(f));
        die.setAttribute("aria-hidden", "true");
        faces.appendChild(die);
      }
      li.appendChild(faces);
      if (roll.total !== undefined) li.appendChild(span("total", `= ${roll.total}`));
    }
    let before = null;
    for (const node of this.list.children) {
      if (Number(node.dataset.order) < e.seq) {
        before = node;
        break;
      }
    }
    this.list.insertBefore(li, before); // newest first
    while (this.list.children.length > 50) this.list.lastElementChild.remove();
  }

  clear() {
    this.list.replaceChildren();
    this.seen.clear();
  }
}

function span(cls, text) {
  const node = document.createElement("span");
  node.className = cls;
  node.textContent = text;
  return node;
}

// Every roll in an event of any system: objects with a "faces" list (or a single "face"), and
// lists of numbers under a key ending in "_faces".
export function findRolls(e) {
  const found = [];
  const walk = (value, name, depth) => {
    if (!value || typeof value !== "object" || depth > 3 || found.length >= 8) return;
    if (Array.isArray(value.faces) && value.faces.every((f) => typeof f !== "object")) {
      found.push({ name: value.dice || value.purpose || name, faces: value.faces, total: value.total ?? value.result });
      return;
    }
    if (depth > 0 && value.face !== undefined && typeof value.face !== "object") {
      found.push({ name: value.purpose || name, faces: [value.face], total: undefined });
      return;
    }
    for (const [k, v] of Object.entries(value)) {
      // "attack_faces": [5, 2, 6] and the like: a roll named by its key
      if (k.endsWith("_faces") && Array.isArray(v) && v.length && v.every((f) => typeof f === "number")) {
        found.push({ name: k.slice(0, -6).replace(/_/g, " "), faces: v, total: undefined });
        continue;
      }
      if (Array.isArray(v)) for (const [i, item] of v.entries()) walk(item, `${k} ${i + 1}`, depth + 1);
      else walk(v, k, depth + 1);
    }
  };
  walk(e, e.dice || "roll", 0);
  if (!found.length && e.face !== undefined && typeof e.face !== "object")
    found.push({ name: "roll", faces: [e.face], total: undefined });
  return found;
}
