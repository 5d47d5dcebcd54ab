// Heavy Gear Blitz!: the seat's setup controls: the terrain editor and deployment; the force
// builder is hgb/forces.js (made here, returned with these). The form helpers are hgb/fields.js.
import { button, h, late } from "../dom.js";
import { TERRAIN_TYPES, FACINGS, num } from "./view.js";
import { field, select } from "./fields.js";
import { makeForces } from "./forces.js";

export function makeSetup(P) {
  const { st, ctx, me } = P;
  const { cards, pieceOf, send, fire } = P;
  const { renderControls, drawShape } = late(P, "renderControls", "drawShape");
  const { forceControls } = makeForces(P);

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
