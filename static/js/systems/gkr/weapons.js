// GKR: Heavy Hitters with Big Little Buddy: the seat's weapon controls in the Combat Phase:
// every weapon the prompt offers as a row (checked rows go face down together, with their
// target, hex or choice) and the stated results of an attack.
import { button, h } from "../dom.js";
import { hexKey } from "./view.js";
import { group, names } from "./state.js";
import { wkey } from "./moves.js";
import { drawOverlays } from "./board.js";

/** @typedef {import("./state.js").GkrState} State */

// Weapon choice: every prompt weapon is a row; checked rows go face down together.
/** @param {State} s */
export function weaponControls(s, view, p) {
  const { me } = s;
  const box = group("Choose weapons, face down");
  const limit = view.defaults?.rules?.heavy_hitter_weapons_per_round ?? 2;
  box.append(
    h("p", {
      class: "small",
      text: `Up to ${limit} weapon cards for your Heavy Hitter, your Combat Unit once, and one of Big Little Buddy's weapons if you control him. Others see only a face-down card until the reveal.`,
    }),
  );
  const keys = new Set(p.weapons.map(wkey));
  for (const k of [...s.draft.keys()]) if (!keys.has(k)) s.draft.delete(k);
  const list = h("ul", { class: "gkr-weapons" });
  for (const w of p.weapons) list.append(weaponRow(s, view, w));
  box.append(list);
  const chosen = p.weapons.filter((w) => s.draft.get(wkey(w))?.on);
  const cards = chosen.filter((w) => w.source === "card").length;
  const over = cards > limit;
  if (over) box.append(h("p", { class: "error", text: `At most ${limit} weapon cards a round.` }));
  const cost = chosen.filter((w) => w.source !== "blb").reduce((n, w) => n + (Number(w.energy) || 0), 0);
  const energy = view.players?.[me]?.energy ?? 0;
  if (chosen.length) {
    box.append(
      h("p", {
        class: `small gkr-cost${cost > energy ? " over" : ""}`,
        role: "status",
        text: `Energy: ${cost} of your ${energy}${cost > energy ? ` — overspending costs ${view.defaults?.rules?.overspend_damage_per_energy ?? 1} damage per energy` : ""}`,
      }),
    );
  }
  box.append(
    h(
      "div",
      { class: "gkr-buttons" },
      button(
        chosen.length
          ? `Put ${chosen.length} weapon${chosen.length === 1 ? "" : "s"} face down`
          : "Choose a weapon first",
        () => s.ctx.fire({ kind: "choose_weapons", weapons: chosen.map((w) => choiceOf(s, view, w)) }),
        { key: "choose", disabled: !chosen.length || over, cls: "small gkr-fire", primary: true },
      ),
      button("Pass: fire nothing", () => s.ctx.fire({ kind: "choose_weapons", weapons: [] }), {
        key: "pass",
        cls: "small secondary",
      }),
    ),
  );
  return box;
}

/** @param {State} s */
function weaponRow(s, view, w) {
  const { unitName, hexLabel } = names(s);
  const k = wkey(w);
  const d = s.draft.get(k) || { on: false, target: null, flank: false };
  const options = w.hex_target
    ? (w.hexes || []).map((x) => [hexKey(x), hexLabel(x)])
    : (w.targets || []).map((t) => [t, unitName(t)]);
  if (!options.some(([v]) => v === d.target)) d.target = options[0]?.[0] ?? null;
  s.draft.set(k, d);
  const id = `gkr-w-${k.replace(/[^a-z0-9]/gi, "-")}`;
  const owner = w.source === "blb" ? "Big Little Buddy" : w.source === "combat" ? "Combat Unit" : "Heavy Hitter";
  const cb = h("input", { type: "checkbox", id, checked: d.on, disabled: !options.length, "data-key": `${k}-on` });
  cb.addEventListener("change", () => {
    d.on = cb.checked;
    if (d.on && w.source === "blb")
      for (const [other, od] of s.draft) if (other !== k && other.startsWith("blb:")) od.on = false;
    s.focusWeapon = k;
    s.redraw();
  });
  const stats = `speed ${w.speed} · ${w.source === "blb" ? "no" : w.energy} energy · ${w.dice} dice · range ${w.range} · damage ${w.damage}`;
  const li = h(
    "li",
    { class: `gkr-weapon src-${w.source}${d.on ? " on" : ""}${options.length ? "" : " none"}` },
    h(
      "div",
      { class: "gkr-check" },
      cb,
      h(
        "label",
        { for: id },
        h("strong", { text: w.name }),
        h("span", { class: "muted", text: ` · ${owner}` }),
        options.length ? null : h("span", { class: "muted", text: " · nothing in range, arc and sight" }),
      ),
    ),
  );
  if (!options.length) return li;
  li.append(h("div", { class: "small muted", text: stats }));
  const select = h("select", {
    id: `${id}-t`,
    "data-key": `${k}-target`,
    "aria-label": `Target of ${w.name} (${owner})`,
  });
  for (const [v, label] of options) select.append(h("option", { value: v, text: label }));
  select.value = d.target;
  select.addEventListener("change", () => {
    d.target = select.value;
    s.focusWeapon = k;
    s.sig.controls = null;
    s.redraw();
  });
  select.addEventListener("focus", () => {
    s.focusWeapon = k;
    drawOverlays(s);
  });
  li.append(
    h("div", { class: "gkr-target" }, h("span", { class: "small", text: w.hex_target ? "Hex: " : "Target: " }), select),
  );
  if (view.manual?.flank) {
    const fid = `${id}-flank`;
    const flank = h("input", { type: "checkbox", id: fid, checked: d.flank, "data-key": `${k}-flank` });
    flank.addEventListener("change", () => {
      d.flank = flank.checked;
    });
    li.append(
      h("div", { class: "gkr-check small" }, flank, h("label", { for: fid, text: "Flank shot (stated by you)" })),
    );
  }
  if (view.manual?.weapons) {
    d.stats = d.stats || { speed: w.speed, range: w.range, dice: w.dice, damage: w.damage, energy: w.energy };
    const row = h("div", { class: "gkr-stats", role: "group", "aria-label": `Stated values of ${w.name}` });
    for (const s of ["speed", "range", "dice", "damage", "energy"]) {
      const input = h("input", {
        type: "number",
        min: 0,
        max: s === "damage" ? 25 : s === "range" ? 20 : 10,
        value: d.stats[s],
        id: `${id}-${s}`,
        "data-key": `${k}-${s}`,
      });
      input.addEventListener("change", () => {
        d.stats[s] = Number(input.value);
      });
      row.append(h("label", { for: `${id}-${s}`, class: "small", text: s }), input);
    }
    li.append(row);
  }
  return li;
}

/** @param {State} s */
function choiceOf(s, view, w) {
  const d = s.draft.get(wkey(w));
  const c = { source: w.source };
  if (w.source === "card") c.card = w.card;
  if (w.source === "blb") c.weapon = w.weapon;
  if (w.hex_target) {
    const [q, r] = d.target.split(",").map(Number);
    c.target_hex = { q, r };
  } else c.target_unit = d.target;
  if (view.manual?.flank) c.flank = !!d.flank;
  if (view.manual?.weapons && d.stats) c.stats = d.stats;
  return c;
}

/** @param {State} s */
export function resultControls(s, p) {
  const { unitName } = names(s);
  const box = group("State the result of your attack");
  box.append(
    h("p", {
      class: "small",
      text: "Dice are resolved at the table: roll them, then say how much damage each unit took.",
    }),
  );
  const inputs = [];
  for (const v of p.victims) {
    const id = `gkr-dmg-${v.replace(/[^a-z0-9]/gi, "-")}`;
    const input = h("input", { type: "number", min: 0, max: 30, value: 0, id, "data-key": `dmg-${v}` });
    inputs.push([v, input]);
    box.append(
      h("div", { class: "field inline-field" }, h("label", { for: id, text: `Damage to ${unitName(v)}` }), input),
    );
  }
  box.append(
    button(
      "State the result",
      () =>
        s.ctx.fire({
          kind: "state_result",
          results: inputs.map(([unit, i]) => ({ unit, damage: Math.max(0, Number(i.value) || 0) })),
        }),
      { key: "state-result", primary: true },
    ),
  );
  return box;
}
