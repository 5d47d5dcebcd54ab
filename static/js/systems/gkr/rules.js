// GKR: Heavy Hitters with Big Little Buddy: the table rules card: the values this table plays
// with, the base game's missing numbers marked as Warboard defaults.
import { h } from "../dom.js";
import { definitions } from "../panel.js";

/** @typedef {import("./state.js").GkrState} State */

// The values this table plays with: the base game's missing numbers are Warboard defaults.
/** @param {State} s */
export function showRules(s, view) {
  const { rulesBox } = s.dom;
  const d = view.defaults;
  if (!d || s.rulesShown) return;
  s.rulesShown = true;
  const r = d.rules || {};
  const rows = [
    ["energy_per_round", "Energy per round", r.energy_per_round],
    ["hand_size", "Hand size", r.hand_size],
    [
      "heavy_hitter_move",
      "Heavy Hitter move",
      r.heavy_hitter_move && `${r.heavy_hitter_move.range} hexes, ${r.heavy_hitter_move.energy_per_hex} energy each`,
    ],
    [
      "support_move",
      "Support Unit move",
      r.support_move && `${r.support_move.range} hexes for ${r.support_move.energy_per_unit} energy`,
    ],
    ["heavy_hitter_weapons_per_round", "Weapon cards a round", r.heavy_hitter_weapons_per_round],
    ["tags_to_demolish", "Tags to demolish", r.tags_to_demolish],
    [
      "speed_order",
      "Firing line order",
      r.speed_order && (r.speed_order === "ascending" ? "lowest speed first" : "highest speed first"),
    ],
    [
      "deck",
      "Faction deck",
      d.deck &&
        `${d.deck.primary} primary, 2 × ${d.deck.secondary} secondary, ${d.deck.deploy} deploy, ${d.deck.movement} movement`,
    ],
    [
      "sponsor",
      "Sponsor pile",
      d.sponsor &&
        Object.entries(d.sponsor)
          .map(([k, n]) => `${n} ${k}`)
          .join(", "),
    ],
    ["buildings_to_win", "Buildings to win", r.buildings_to_win],
    [
      "overspend_damage_per_energy",
      "Overspent energy",
      r.overspend_damage_per_energy !== undefined && `${r.overspend_damage_per_energy} damage per energy`,
    ],
    ["dice", "Dice", r.dice?._procedure],
    ["flank", "Flank shots", r.flank?._procedure],
  ].filter(([, , v]) => v !== undefined && v !== null && v !== false);
  // "host option" only where the host really can change it (view.defaults.host_editable)
  const editable = new Set(d.host_editable || []);
  const fixed = d.fixed || {};
  const note = (key) => (editable.has(key) ? " (host option)" : fixed[key] ? ` (fixed: ${fixed[key]})` : " (fixed)");
  const dl = definitions(
    rows.map(([key, k, v]) => [k, `${v}${note(key)}`]),
    { class: "details" },
  );
  rulesBox.replaceChildren(
    h("summary", { text: "Table rules" }),
    h("p", {
      class: "small muted",
      text: `${d._label || "Warboard default"} unless marked fixed. The host may change the values marked "host option" when creating the table.`,
    }),
    dl,
  );
}
