// The sandbox's panel: place a token, turn or remove the selected one, roll dice. Its pure view
// (sandbox/view.js) writes the log lines for tokens and rolls. Spectators get no panel.
import { button, formHelpers, h } from "./dom.js";
import * as view from "./sandbox/view.js";

export { view };

const COLORS = [
  ["", "Seat colour"],
  ["#c0392b", "Red"],
  ["#2e86c1", "Blue"],
  ["#27ae60", "Green"],
  ["#f1c40f", "Yellow"],
  ["#8e44ad", "Purple"],
  ["#34495e", "Slate"],
];
const { field, select } = formHelpers("sb");

export function mount(ctx) {
  const { container, board } = ctx;
  container.replaceChildren(h("h2", { text: "Sandbox" }), placeForm(ctx), turnRow(ctx), rollForm(ctx));
  return {
    moveAction: (piece, pos, facing) => view.moveAction(piece, pos, facing),
    destroy: () => board.destroy(),
  };
}

// A new token at the free place nearest the middle of the board on screen.
function placeForm(ctx) {
  const label = h("input", { id: "sb-label", maxLength: 80, placeholder: "Hunter" });
  const color = select(COLORS, "", { id: "sb-color" });
  // the sandbox's main button, kept in sight over the board (layout.js)
  const add = h("button", { type: "submit", text: "Place token", "data-primary": "" });
  const form = h("form", { class: "sandbox-add" }, field("Token name", label), field("Colour", color), add);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const action = {
      kind: "add_token",
      token: `${ctx.seat}-${Date.now().toString(36)}`,
      label: label.value.trim() || "Token",
      facing: 0,
      ...ctx.board.freeSpot(),
    };
    if (color.value) action.color = color.value;
    ctx
      .send(action)
      .then(() => {
        label.value = "";
      })
      .catch((err) => ctx.message(`Not placed: ${err.message}`));
  });
  return form;
}

function turnRow(ctx) {
  const { board } = ctx;
  const picked = (fn) => () => {
    const piece = ctx.selected();
    if (!piece) return ctx.message("Select a token first");
    ctx.send(fn(piece)).catch((err) => ctx.message(err.message));
  };
  // a step of the board's kind (60° on hexes, 30° on a tabletop), read when the button is pressed
  const turn = (sign) =>
    picked((piece) => {
      const facing = (Number(piece.facing) || 0) + sign * board.facingStep();
      return view.moveAction(piece, board.piecePos(piece), ((facing % 360) + 360) % 360);
    });
  return h(
    "div",
    { class: "row" },
    button("Turn left", turn(-1), { cls: "small secondary" }),
    button("Turn right", turn(1), { cls: "small secondary" }),
    button(
      "Remove selected",
      picked((piece) => ({ kind: "remove_token", token: piece.id })),
      { cls: "small danger" },
    ),
  );
}

function rollForm(ctx) {
  const dice = h("input", { id: "sb-dice", value: "2d6", maxLength: 24, size: 6 });
  const form = h("form", { class: "row" }, field("Dice", dice), h("button", { type: "submit", text: "Roll" }));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    ctx.send({ kind: "roll", dice: dice.value.trim() }).catch((err) => ctx.message(`Roll refused: ${err.message}`));
  });
  return form;
}
