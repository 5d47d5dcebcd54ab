// Heavy Gear Blitz!: the seat's force in the terrain phase: the faction and the force builder
// (the listed options per model; the server checks the limits and totals the TV).
import { api } from "../../api.js";
import { button, h } from "../dom.js";
import { FACTIONS, other } from "./view.js";
import { nextId, field, select } from "./fields.js";

/** @typedef {import("./state.js").HgbState} State */

/** @param {State} s */
export function forceControls(s, view) {
  const { me } = s;
  const mineForce = view.forces?.[me];
  if (!s.faction) s.faction = mineForce?.faction || "north";
  const box = h("section", { class: "hgb-group hgb-force", "aria-label": "Force" }, h("h3", { text: "Your force" }));
  box.append(
    h("p", {
      class: "hgb-note",
      text: `Fielded now: ${mineForce?.name || "?"}, ${mineForce?.tv ?? "?"} TV. The other side fields ${view.forces?.[other(me)]?.name || "?"} (${view.forces?.[other(me)]?.tv ?? "?"} TV).`,
    }),
  );
  const fs = h("fieldset", { class: "hgb-factions" }, h("legend", { text: "Starting force" }));
  const name = nextId("faction");
  for (const [fid, fname] of FACTIONS) {
    const info = s.forces[fid];
    const id = nextId("fac");
    const tv = info
      ? `${info.tv ?? "?"} TV${info.listed_tv && info.listed_tv !== info.tv ? ` (listed ${info.listed_tv})` : ""}`
      : "TV …";
    const groups = info ? info.catalogue.groups.map((g) => `${g.name}: ${g.models.length} models`).join("; ") : "";
    fs.append(
      h(
        "div",
        { class: "hgb-faction" },
        h("input", {
          type: "radio",
          name,
          id,
          value: fid,
          checked: s.faction === fid,
          "data-key": `faction-${fid}`,
          onchange: () => {
            s.faction = fid;
            s.redraw();
          },
        }),
        h(
          "label",
          { for: id },
          h("strong", { text: info?.catalogue?.name || `${fname} Starting Forces` }),
          h("span", { class: "hgb-tv", text: ` · ${tv}` }),
          groups ? h("span", { class: "hgb-sub", text: groups }) : null,
        ),
      ),
    );
  }
  box.append(fs);
  const b = builderState(s, mineForce);
  if (b) box.append(builder(s, b));
  box.append(
    h(
      "div",
      { class: "hgb-buttons" },
      button(
        b?.result?.error
          ? "Field this force (options not valid)"
          : `Field this force${b?.result?.tv != null ? ` (${b.result.tv} TV)` : ""}`,
        () => {
          const a = { kind: "choose_force", faction: s.faction };
          if (b) {
            a.choices = b.choices;
            if (b.command_group) a.command_group = b.command_group;
          }
          s.ctx.fire(a);
        },
        { key: "choose-force", disabled: !!b?.result?.error },
      ),
      button(
        (view.ready || []).includes(me) ? "Ready (waiting for the other player)" : "Ready: forces and terrain are set",
        () => s.ctx.fire({ kind: "ready" }),
        { key: "ready", cls: "primary small", disabled: (view.ready || []).includes(me), primary: true },
      ),
    ),
  );
  return box;
}

// The force builder: the listed options per model (the server checks the limits and totals the TV).
/** @param {State} s */
function builderState(s, mineForce) {
  const info = s.forces[s.faction];
  if (!info) return null;
  if (!s.build || s.build.faction !== s.faction) {
    const current = mineForce?.faction === s.faction;
    const choices = {};
    for (const m of info.models || []) if ((m.options || []).length) choices[m.key] = [...m.options];
    s.build = {
      faction: s.faction,
      choices: current ? structuredClone(mineForce.choices || {}) : choices,
      command_group: current ? mineForce.command_group || null : null,
      result: null,
      open: s.build?.open || false,
    };
    checkBuild(s);
  }
  return s.build;
}

/** @param {State} s */
async function checkBuild(s) {
  const b = s.build;
  const mine = ++s.buildSeq;
  const body = { faction: b.faction, choices: b.choices };
  if (b.command_group) body.command_group = b.command_group;
  try {
    const r = await api("/api/rules/hgb/force", { method: "POST", body });
    if (mine !== s.buildSeq || s.build !== b) return;
    b.result = { tv: r.tv, error: r.error };
  } catch (err) {
    b.result = { tv: null, error: err.message };
  }
  s.sig.controls = null;
  s.redraw();
}

/** @param {State} s */
function builder(s, b) {
  const cat = s.forces[b.faction].catalogue;
  const det = h("details", { class: "hgb-builder", open: b.open });
  det.addEventListener("toggle", () => {
    b.open = det.open;
  });
  det.append(
    h("summary", {
      text: `Options (force builder): ${b.result ? (b.result.error ? "not valid" : `${b.result.tv} TV`) : "…"}`,
    }),
  );
  if (b.result?.error) det.append(h("p", { class: "error", role: "alert", text: b.result.error }));
  const fo = cat.force_options?.command_group;
  if (fo) {
    const cg = select([["", `Default (${fo.default})`], ...fo.choices.map((g) => [g, g])], b.command_group || "", {
      "data-key": "b-cg",
      onchange: (e) => {
        b.command_group = e.target.value || null;
        checkBuild(s);
      },
    });
    det.append(field("Veteran Combat Group", cg));
  }
  for (const g of cat.groups) {
    const rows = [];
    for (const m of g.models) {
      const opts = cat.options.filter((o) => o.groups.includes(g.id) && o.units.includes(m.unit));
      if (!opts.length) continue;
      const picked = b.choices[m.key] || [];
      rows.push(
        h(
          "div",
          { class: "hgb-build-row", role: "group", "aria-label": `${m.label} options` },
          h("span", { class: "hgb-build-model", text: `${m.label}` }),
          ...opts.map((o) => {
            const id = nextId("opt");
            const box = h("input", {
              type: "checkbox",
              id,
              checked: picked.includes(o.id),
              "data-key": `b-${m.key}-${o.id}`,
              onchange: (e) => {
                const now = new Set(b.choices[m.key] || []);
                if (e.target.checked) now.add(o.id);
                else now.delete(o.id);
                b.choices = { ...b.choices, [m.key]: [...now] };
                if (!b.choices[m.key].length) delete b.choices[m.key];
                checkBuild(s);
              },
            });
            return h(
              "label",
              { class: "hgb-check", for: id },
              box,
              h("span", { text: ` ${o.label}${o.tv ? ` (${o.tv > 0 ? "+" : ""}${o.tv} TV)` : ""}` }),
            );
          }),
        ),
      );
    }
    if (rows.length) det.append(h("h4", { text: `${g.name} (${g.tv} TV listed)` }), ...rows);
  }
  return det;
}
