// The last action on every viewer's board until the next one: a moved piece's trail from where it
// stood (a dashed line and a ring at its old place), a shot as a line from shooter to target with
// what it did, a piece that left the board (destroyed) crossed out at its last place. Built from
// the pieces' places before and after an update and the update's events; any game, no DOM here.
import { shapes } from "./board/shapes.js";

const MOVED = 0.01; // board units: less is the same place
const LOST = /destroy|wreck|dead|elimin|knocked|out_of/i;
const SHOOTER = ["attacker", "fighter", "shooter"]; // GKR's attack names its shooter `unit`
const TARGET = ["target", "defender"];

/**
 * @typedef {{x: number, y: number, label: string, owner?: string, status?: string}} Place
 * @param {object} o
 * @param {Map<string, Place>} o.before   the pieces' places before the update
 * @param {Map<string, Place>} o.after    and after it
 * @param {object[]} o.events             the update's events
 * @param {(owner?: string) => {color: string}} o.sides
 * @param {number} o.size                 about 13 screen pixels, in board units
 * @param {boolean} [o.attacks]           draw shots (false where the game draws its own)
 * @returns {{move: object[], attack: object[], said: string[]}} the shapes under and over the
 *   pieces, and what they show in words (for the tests and the title of each mark)
 */
export function lastActionShapes({ before, after, events, sides, size, attacks = true }) {
  const below = shapes();
  const above = shapes();
  const said = [];
  const name = (id) => after.get(id)?.label || before.get(id)?.label || "a piece";
  for (const [id, now] of after) {
    const was = before.get(id);
    if (!was || Math.hypot(now.x - was.x, now.y - was.y) < MOVED) continue;
    const colour = sides(now.owner).color;
    const g = below.el("g", { class: "last-trail", "data-piece": id });
    below.title(`${name(id)} moved from here`, g);
    below.el(
      "line",
      {
        x1: was.x,
        y1: was.y,
        x2: now.x,
        y2: now.y,
        stroke: colour,
        "stroke-width": size / 4,
        "stroke-dasharray": `${size / 2} ${size / 3}`,
        "stroke-linecap": "round",
        opacity: 0.8,
      },
      g,
    );
    below.el(
      "circle",
      { cx: was.x, cy: was.y, r: size * 0.8, fill: "none", stroke: colour, "stroke-width": size / 5, opacity: 0.8 },
      g,
    );
    said.push(`${name(id)} moved`);
  }
  const lost = new Set();
  for (const [id, was] of before) {
    const now = after.get(id);
    const gone = !now || (LOST.test(String(now.status || "")) && !LOST.test(String(was.status || "")));
    if (!gone) continue;
    lost.add(id);
    const g = above.el("g", { class: "last-lost", "data-piece": id });
    above.title(`${name(id)} was lost here`, g);
    const d = size * 0.9;
    for (const [dx, dy] of [
      [d, d],
      [d, -d],
    ]) {
      above.el(
        "line",
        {
          x1: was.x - dx,
          y1: was.y - dy,
          x2: was.x + dx,
          y2: was.y + dy,
          stroke: "#b91c1c",
          "stroke-width": size / 3.5,
          "stroke-linecap": "round",
        },
        g,
      );
    }
    said.push(`${name(id)} lost`);
  }
  if (attacks) {
    for (const shot of shots(events, before, after)) {
      const a = after.get(shot.by) || before.get(shot.by);
      const t = after.get(shot.at) || before.get(shot.at);
      const what = outcome(shot.at, events, lost);
      const text = `${name(shot.by)} attacked ${name(shot.at)}: ${what}`;
      const g = above.el("g", { class: "last-attack", "data-attacker": shot.by, "data-target": shot.at });
      above.title(text, g);
      above.el(
        "line",
        { x1: a.x, y1: a.y, x2: t.x, y2: t.y, stroke: "#c2410c", "stroke-width": size / 4, opacity: 0.85 },
        g,
      );
      above.el("circle", { cx: t.x, cy: t.y, r: size, fill: "none", stroke: "#c2410c", "stroke-width": size / 4 }, g);
      above.text(
        what,
        {
          x: t.x,
          y: t.y - size * 1.5,
          class: "last-attack-label",
          "font-size": size,
          "text-anchor": "middle",
          fill: "#7c2d12",
          stroke: "#fff",
          "stroke-width": size / 6,
        },
        g,
      );
      said.push(text);
    }
  }
  return { move: below.nodes, attack: above.nodes, said };
}

// The shots among the events: an event naming a shooter and a target that are both on the board.
function shots(events, before, after) {
  const on = (id) => typeof id === "string" && (after.has(id) || before.has(id));
  const out = [];
  for (const e of events) {
    const keys = /attack/.test(String(e.kind)) ? [...SHOOTER, "unit"] : SHOOTER;
    const by = keys.map((k) => e[k]).find(on);
    const at = TARGET.map((k) => e[k]).find(on);
    if (by && at && by !== at && !out.some((s) => s.by === by && s.at === at)) out.push({ by, at });
  }
  return out;
}

// What a shot did to its target, read from the update's events: destroyed, the damage done
// (GKR's and Small Soldiers' damage events), the opposed roll's result (Samurai Robots' attacker
// or defender winning), a battle's winner, or that it did nothing.
function outcome(target, events, lost) {
  if (lost.has(target)) return "destroyed";
  let damage = 0;
  let result = "";
  for (const e of events) {
    const on = e.unit === target || e.target === target || e.defender === target;
    if (on && /damag/.test(String(e.kind)) && Number.isFinite(Number(e.amount))) damage += Number(e.amount);
    if (e.loser === target) return "beaten";
    if (e.winner === target) return "held";
    if (e.target === target && typeof e.result === "string")
      result = RESULTS.find(([re]) => re.test(e.result))?.[1] || "";
  }
  return damage > 0 ? `${damage} damage` : result || "no damage";
}

const RESULTS = [
  [/^attacker/, "hit"],
  [/^defender/, "missed"],
  [/^tie/, "a tie"],
];

/** Mark the last action on `board` (its places now against `before`) until the next one. */
export function markLastAction(board, before, events, sides, attacks) {
  const px = board.scale() || 0;
  const size = px > 0 ? 13 / px : 0.5; // about 13 screen pixels
  const last = lastActionShapes({ before, after: board.positions(), events, sides, size, attacks });
  board.set({
    shapes: {
      "last-move": { nodes: last.move, layer: "below" },
      "last-attack": { nodes: last.attack, layer: "above" },
    },
  });
}

/** Whether an update's events are an action's (not only seats coming and going). */
export function isAction(events) {
  return events.some((e) => !String(e.kind).startsWith("seat_") && e.kind !== "table_created");
}
