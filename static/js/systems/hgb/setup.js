// Heavy Gear Blitz!: the seat's setup controls: the force (with the force builder), the
// terrain editor and deployment. Form helpers shared with the play controls live here too.
import { api } from "../../api.js";
import { button, h, late } from "../dom.js";
import { FACTIONS, TERRAIN_TYPES, FACINGS, num, other } from "./view.js";

let uid = 0;
export const nextId = (p) => `hgb-${p}-${++uid}`;

export function field(labelText, input, cls = "field") {
  if (!input.id) input.id = nextId("f");
  return h("div", { class: cls }, h("label", { for: input.id, text: labelText }), input);
}

export function select(options, value, props = {}) {
  const s = h("select", props);
  for (const [v, label, disabled] of options) {
    const o = h("option", { value: String(v), text: label, disabled: !!disabled });
    if (String(v) === String(value)) o.selected = true;
    s.append(o);
  }
  return s;
}

export function makeSetup(P) {
  const { st, ctx, me } = P;
  const { cards, pieceOf, send, fire } = P;
  const { renderControls, drawShape } = late(P, "renderControls", "drawShape");

  function forceControls(view) {
    const mineForce = view.forces?.[me];
    if (!st.faction) st.faction = mineForce?.faction || "north";
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
      const info = st.forces[fid];
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
            checked: st.faction === fid,
            "data-key": `faction-${fid}`,
            onchange: () => {
              st.faction = fid;
              renderControls(st.view);
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
    const b = builderState(mineForce);
    if (b) box.append(builder(b));
    box.append(
      h(
        "div",
        { class: "hgb-buttons" },
        button(
          b?.result?.error
            ? "Field this force (options not valid)"
            : `Field this force${b?.result?.tv != null ? ` (${b.result.tv} TV)` : ""}`,
          () => {
            const a = { kind: "choose_force", faction: st.faction };
            if (b) {
              a.choices = b.choices;
              if (b.command_group) a.command_group = b.command_group;
            }
            fire(a);
          },
          { key: "choose-force", disabled: !!b?.result?.error },
        ),
        button(
          (view.ready || []).includes(me)
            ? "Ready (waiting for the other player)"
            : "Ready: forces and terrain are set",
          () => fire({ kind: "ready" }),
          { key: "ready", cls: "primary small", disabled: (view.ready || []).includes(me), primary: true },
        ),
      ),
    );
    return box;
  }

  // The force builder: the listed options per model (the server checks the limits and totals the TV).
  function builderState(mineForce) {
    const info = st.forces[st.faction];
    if (!info) return null;
    if (!st.build || st.build.faction !== st.faction) {
      const current = mineForce?.faction === st.faction;
      const choices = {};
      for (const m of info.models || []) if ((m.options || []).length) choices[m.key] = [...m.options];
      st.build = {
        faction: st.faction,
        choices: current ? structuredClone(mineForce.choices || {}) : choices,
        command_group: current ? mineForce.command_group || null : null,
        result: null,
        open: st.build?.open || false,
      };
      checkBuild();
    }
    return st.build;
  }

  let buildSeq = 0;
  async function checkBuild() {
    const b = st.build;
    const mine = ++buildSeq;
    const body = { faction: b.faction, choices: b.choices };
    if (b.command_group) body.command_group = b.command_group;
    try {
      const r = await api("/api/rules/hgb/force", { method: "POST", body });
      if (mine !== buildSeq || st.build !== b) return;
      b.result = { tv: r.tv, error: r.error };
    } catch (err) {
      b.result = { tv: null, error: err.message };
    }
    st.sig = null;
    if (st.view) renderControls(st.view);
  }

  function builder(b) {
    const cat = st.forces[b.faction].catalogue;
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
          checkBuild();
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
                  checkBuild();
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

  // The terrain editor: rectangles of the rulebook's terrain types, placed until both are ready.
  function terrainControls(view) {
    const box = h("section", { class: "hgb-group hgb-terrain", "aria-label": "Terrain" }, h("h3", { text: "Terrain" }));
    if (!st.terrainForm) st.terrainForm = { type: "forest", label: "", x: 20, y: 20, w: 6, h: 4, level: 1 };
    const t = st.terrainForm;
    const type = select(TERRAIN_TYPES, t.type, {
      "data-key": "t-type",
      onchange: (e) => {
        t.type = e.target.value;
        st.sig = null;
        renderControls(st.view);
      },
    });
    const name = h("input", {
      type: "text",
      maxLength: 60,
      value: t.label,
      "data-key": "t-label",
      placeholder: "e.g. North woods",
      oninput: (e) => {
        t.label = e.target.value;
      },
    });
    const numIn = (k, key, max = 48) =>
      h("input", {
        type: "number",
        step: "0.5",
        min: "0",
        max: String(max),
        value: t[k],
        class: "hgb-num",
        "data-key": key,
        oninput: (e) => {
          t[k] = Number(e.target.value);
        },
      });
    box.append(
      h("p", {
        class: "hgb-note",
        text: "Place rectangles of terrain (inches from the top-left corner). Placing or removing terrain asks both players to confirm Ready again.",
      }),
      h("div", { class: "hgb-row" }, field("Type", type), field("Name", name)),
      h(
        "div",
        { class: "hgb-row" },
        field("Left x", numIn("x", "t-x")),
        field("Top y", numIn("y", "t-y")),
        field("Width", numIn("w", "t-w")),
        field("Depth", numIn("h", "t-h")),
      ),
    );
    if (t.type === "hill" || t.type === "building")
      box.append(field("Level (1 inch each)", numIn("level", "t-level", 10)));
    const drawn = st.shape || [];
    box.append(
      h(
        "div",
        { class: "hgb-buttons" },
        button(
          drawn.length >= 3 ? `Place the drawn shape (${drawn.length} corners)` : "Place terrain",
          () => {
            const poly =
              drawn.length >= 3
                ? drawn.map((q) => [q.x, q.y])
                : [
                    [t.x, t.y],
                    [t.x + t.w, t.y],
                    [t.x + t.w, t.y + t.h],
                    [t.x, t.y + t.h],
                  ];
            st.shape = null;
            st.drawing = false;
            drawShape();
            const a = {
              kind: "place_terrain",
              id: `t-${Date.now().toString(36)}`,
              type: t.type,
              polygon: poly,
              label: t.label.trim(),
            };
            if (t.type === "hill" || t.type === "building") a.level = t.level;
            fire(a);
          },
          { key: "t-place" },
        ),
        button(
          st.drawing ? "Drawing: click corners on the board" : "Draw a shape on the board",
          () => {
            st.drawing = !st.drawing;
            if (st.drawing) st.shape = [];
            drawShape();
            st.sig = null;
            renderControls(st.view);
          },
          { key: "t-draw", cls: "secondary small", pressed: st.drawing ? "true" : "false" },
        ),
        drawn.length
          ? button(
              "Clear the shape",
              () => {
                st.shape = null;
                st.drawing = false;
                drawShape();
                st.sig = null;
                renderControls(st.view);
              },
              { key: "t-clear", cls: "secondary small" },
            )
          : null,
      ),
    );
    if (drawn.length)
      box.append(
        h("p", {
          class: "hgb-note",
          text: `Drawn shape: ${drawn.length} corner${drawn.length === 1 ? "" : "s"}${drawn.length < 3 ? " (at least 3 needed; the rectangle above is used until then)" : ""}.`,
        }),
      );
    const list = view.board?.terrain || [];
    if (list.length) {
      const ul = h("ul", { class: "hgb-terrain-list" });
      for (const piece of list) {
        ul.append(
          h(
            "li",
            {},
            h("span", {
              text: `${piece.label || piece.type} (${piece.type}${piece.level ? `, level ${piece.level}` : ""})`,
            }),
            button("Remove", () => fire({ kind: "remove_terrain", id: piece.id }), {
              key: `t-rm-${piece.id}`,
              cls: "secondary small",
              aria: `Remove ${piece.label || piece.type}`,
            }),
          ),
        );
      }
      box.append(ul);
    }
    return box;
  }

  function deployControls(view) {
    const box = h(
      "section",
      { class: "hgb-group hgb-deploy", "aria-label": "Deployment" },
      h("h3", { text: "Deploy" }),
    );
    const zone = view.board?.zones?.[me];
    const ready = (view.ready || []).includes(me);
    const mine = cards().filter((c) => c.seat === me && (c.status === "reserve" || c.status === "active"));
    if (!st.deployModel || !mine.some((c) => c.id === st.deployModel))
      st.deployModel = (mine.find((c) => c.status === "reserve") || mine[0])?.id || null;
    const defaultFacing = me === "north" ? 90 : 270;
    if (st.deployFacing === null) st.deployFacing = defaultFacing;
    box.append(
      h("p", {
        class: "hgb-note",
        text: `Within ${zone?.depth ?? 12} inches of your edge (y ${zone?.y?.[0]} to ${zone?.y?.[1]}). Drag a model on the board, or pick it and type where it stands. ${mine.filter((c) => c.status === "reserve").length} still waiting.`,
      }),
    );
    const m = select(
      mine.map((c) => [c.id, `${c.label} (${c.status === "reserve" ? "waiting" : "deployed"})`]),
      st.deployModel,
      {
        "data-key": "deploy-model",
        onchange: (e) => {
          st.deployModel = e.target.value;
          ctx.board.select(e.target.value);
          renderControls(st.view);
        },
      },
    );
    const piece = pieceOf(st.deployModel) || {};
    // typed values survive a re-render (another player's action) until the model changes
    const da = st.deployAt;
    if (!da || da.model !== st.deployModel || da.px !== piece.x || da.py !== piece.y) {
      st.deployAt = { model: st.deployModel, px: piece.x, py: piece.y, x: num(piece.x ?? 4), y: num(piece.y ?? 6) };
    }
    const x = h("input", {
      type: "number",
      step: "0.1",
      min: "0",
      max: "48",
      value: st.deployAt.x,
      class: "hgb-num",
      "data-key": "deploy-x",
      oninput: (e) => {
        st.deployAt.x = e.target.value;
      },
    });
    const y = h("input", {
      type: "number",
      step: "0.1",
      min: "0",
      max: "48",
      value: st.deployAt.y,
      class: "hgb-num",
      "data-key": "deploy-y",
      oninput: (e) => {
        st.deployAt.y = e.target.value;
      },
    });
    const f = select(
      FACINGS.map(([v, n]) => [v, `${n}, ${v}°`]),
      st.deployFacing,
      {
        "data-key": "deploy-facing",
        onchange: (e) => {
          st.deployFacing = Number(e.target.value);
        },
      },
    );
    box.append(
      field("Model", m),
      h("div", { class: "hgb-row" }, field("x (inches)", x), field("y (inches)", y)),
      field("Facing", f),
    );
    box.append(
      h(
        "div",
        { class: "hgb-buttons" },
        button(
          "Deploy here",
          () =>
            send({
              kind: "deploy",
              model: st.deployModel,
              x: Number(x.value),
              y: Number(y.value),
              facing: st.deployFacing,
            })
              .then(() => {
                st.deployModel = null;
                st.deployAt = null;
                st.sig = null;
                renderControls(st.view);
              })
              .catch(() => {}),
          { key: "deploy", disabled: ready || !st.deployModel },
        ),
        button(
          ready ? "Ready (waiting for the other player)" : "Ready: deployment done",
          () => fire({ kind: "ready" }),
          { key: "ready", cls: "primary small", disabled: ready, primary: true },
        ),
      ),
    );
    return box;
  }

  return { forceControls, terrainControls, deployControls };
}
