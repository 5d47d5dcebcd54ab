// Heavy Gear Blitz!: the seat's setup controls: the terrain editor and deployment; the force
// builder is hgb/forces.js. The form helpers are hgb/fields.js.
import { button, h } from "../dom.js";
import { TERRAIN_TYPES, facingChoices, num } from "./view.js";
import { field, inches, select } from "./fields.js";
import { cards, pieceOf, flipped } from "./state.js";
import { drawShape } from "./draw.js";

/** @typedef {import("./state.js").HgbState} State */

/** @param {State} s */
export function terrainControls(s, view) {
  const box = h("section", { class: "hgb-group hgb-terrain", "aria-label": "Terrain" }, h("h3", { text: "Terrain" }));
  if (!s.terrainForm) s.terrainForm = { type: "forest", label: "", x: 20, y: 20, w: 6, h: 4, level: 1 };
  const t = s.terrainForm;
  const type = select(TERRAIN_TYPES, t.type, {
    "data-key": "t-type",
    onchange: (e) => {
      t.type = e.target.value;
      s.sig.controls = null;
      s.redraw();
    },
  });
  const name = h("input", {
    type: "text",
    maxLength: 60,
    value: t.label,
    "data-key": "t-label",
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
  const drawn = s.shape || [];
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
          s.shape = null;
          s.drawing = false;
          drawShape(s);
          const a = {
            kind: "place_terrain",
            id: `t-${Date.now().toString(36)}`,
            type: t.type,
            polygon: poly,
            label: t.label.trim(),
          };
          if (t.type === "hill" || t.type === "building") a.level = t.level;
          s.ctx.fire(a);
        },
        { key: "t-place" },
      ),
      button(
        s.drawing ? "Drawing: click corners on the board" : "Draw a shape on the board",
        () => {
          s.drawing = !s.drawing;
          if (s.drawing) s.shape = [];
          drawShape(s);
          s.sig.controls = null;
          s.redraw();
        },
        { key: "t-draw", cls: "secondary small", pressed: s.drawing ? "true" : "false" },
      ),
      drawn.length
        ? button(
            "Clear the shape",
            () => {
              s.shape = null;
              s.drawing = false;
              drawShape(s);
              s.sig.controls = null;
              s.redraw();
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
          button("Remove", () => s.ctx.fire({ kind: "remove_terrain", id: piece.id }), {
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

/** @param {State} s */
export function deployControls(s, view) {
  const { me, ctx } = s;
  const box = h("section", { class: "hgb-group hgb-deploy", "aria-label": "Deployment" }, h("h3", { text: "Deploy" }));
  const zone = view.board?.zones?.[me];
  const ready = (view.ready || []).includes(me);
  const mine = cards(s).filter((c) => c.seat === me && (c.status === "reserve" || c.status === "active"));
  if (!s.deployModel || !mine.some((c) => c.id === s.deployModel))
    s.deployModel = (mine.find((c) => c.status === "reserve") || mine[0])?.id || null;
  const defaultFacing = me === "north" ? 90 : 270;
  if (s.deployFacing === null) s.deployFacing = defaultFacing;
  box.append(
    h("p", {
      class: "hgb-note",
      text: `Within ${zone?.depth ?? 12} in of your edge (the ${me === "north" ? "North" : "South"} edge). Drag a model on the board, or pick it and type where it stands. ${mine.filter((c) => c.status === "reserve").length} still waiting.`,
    }),
  );
  const m = select(
    mine.map((c) => [c.id, `${c.label} (${c.status === "reserve" ? "waiting" : "deployed"})`]),
    s.deployModel,
    {
      "data-key": "deploy-model",
      onchange: (e) => {
        s.deployModel = e.target.value;
        ctx.board.select(e.target.value);
        s.redraw();
      },
    },
  );
  const piece = pieceOf(s, s.deployModel) || {};
  // typed values survive a re-render (another player's action) until the model changes
  const da = s.deployAt;
  if (!da || da.model !== s.deployModel || da.px !== piece.x || da.py !== piece.y) {
    s.deployAt = { model: s.deployModel, px: piece.x, py: piece.y, x: num(piece.x ?? 4), y: num(piece.y ?? 6) };
  }
  const x = inches("deploy-x", s.deployAt.x, {
    oninput: (e) => {
      s.deployAt.x = e.target.value;
    },
  });
  const y = inches("deploy-y", s.deployAt.y, {
    oninput: (e) => {
      s.deployAt.y = e.target.value;
    },
  });
  const f = select(facingChoices(flipped(s)), s.deployFacing, {
    "data-key": "deploy-facing",
    onchange: (e) => {
      s.deployFacing = Number(e.target.value);
    },
  });
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
          s.ctx
            .act({
              kind: "deploy",
              model: s.deployModel,
              x: Number(x.value),
              y: Number(y.value),
              facing: s.deployFacing,
            })
            .then(() => {
              s.deployModel = null;
              s.deployAt = null;
              s.sig.controls = null;
              s.redraw();
            })
            .catch(() => {}),
        { key: "deploy", disabled: ready || !s.deployModel },
      ),
      button(
        ready ? "Ready (waiting for the other player)" : "Ready: deployment done",
        () => s.ctx.fire({ kind: "ready" }),
        { key: "ready", cls: "primary small", disabled: ready, primary: true },
      ),
    ),
  );
  return box;
}
