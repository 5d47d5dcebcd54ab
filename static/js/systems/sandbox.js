// Sandbox controls: place a token, remove the selected one, turn it, roll dice.
// A system panel module exports mount(ctx) and returns optional hooks:
// {update(view), describe(event), moveAction(piece, pos, facing, view), canDrag(piece, view)}.
const COLORS = [
  ["", "Seat colour"],
  ["#c0392b", "Red"],
  ["#2e86c1", "Blue"],
  ["#27ae60", "Green"],
  ["#f1c40f", "Yellow"],
  ["#8e44ad", "Purple"],
  ["#34495e", "Slate"],
];

function field(labelText, input) {
  const wrap = document.createElement("div");
  wrap.className = "field";
  const label = document.createElement("label");
  label.textContent = labelText;
  label.htmlFor = input.id;
  wrap.append(label, input);
  return wrap;
}

function button(text, onClick, cls = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  if (cls) b.className = cls;
  b.addEventListener("click", onClick);
  return b;
}

export function mount(ctx) {
  const { container, board } = ctx;
  const h = document.createElement("h2");
  h.textContent = "Sandbox";
  const form = document.createElement("form");
  form.className = "sandbox-add";
  const label = Object.assign(document.createElement("input"), {
    id: "sb-label",
    maxLength: 80,
    placeholder: "Hunter",
  });
  const color = Object.assign(document.createElement("select"), { id: "sb-color" });
  for (const [value, name] of COLORS)
    color.appendChild(Object.assign(document.createElement("option"), { value, textContent: name }));
  const add = Object.assign(document.createElement("button"), { type: "submit", textContent: "Place token" });
  add.dataset.primary = ""; // the sandbox's main button, kept in sight over the board (layout.js)
  form.append(field("Token name", label), field("Colour", color), add);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const pos = board.freeSpot();
    const action = {
      kind: "add_token",
      token: `${ctx.seat}-${Date.now().toString(36)}`,
      label: label.value.trim() || "Token",
      facing: 0,
      ...pos,
    };
    if (color.value) action.color = color.value;
    ctx
      .send(action)
      .then(() => {
        label.value = "";
      })
      .catch((err) => ctx.message(`Not placed: ${err.message}`));
  });

  const selected = document.createElement("div");
  selected.className = "row";
  const turn = (delta) => () => {
    const piece = ctx.selected();
    if (!piece) return ctx.message("Select a token first");
    const facing = ((((Number(piece.facing) || 0) + delta) % 360) + 360) % 360;
    ctx
      .send({ kind: "move_token", token: piece.id, ...board.piecePos(piece), facing })
      .catch((err) => ctx.message(err.message));
  };
  selected.append(
    button("Turn left", turn(-board.facingStep()), "small secondary"),
    button("Turn right", turn(board.facingStep()), "small secondary"),
    button(
      "Remove selected",
      () => {
        const piece = ctx.selected();
        if (!piece) return ctx.message("Select a token first");
        ctx.send({ kind: "remove_token", token: piece.id }).catch((err) => ctx.message(err.message));
      },
      "small danger",
    ),
  );

  const rollForm = document.createElement("form");
  rollForm.className = "row";
  const diceInput = Object.assign(document.createElement("input"), {
    id: "sb-dice",
    value: "2d6",
    maxLength: 24,
    size: 6,
  });
  rollForm.append(
    field("Dice", diceInput),
    Object.assign(document.createElement("button"), { type: "submit", textContent: "Roll" }),
  );
  rollForm.addEventListener("submit", (e) => {
    e.preventDefault();
    ctx
      .send({ kind: "roll", dice: diceInput.value.trim() })
      .catch((err) => ctx.message(`Roll refused: ${err.message}`));
  });
  container.replaceChildren(h, form, selected, rollForm);
  return {};
}
