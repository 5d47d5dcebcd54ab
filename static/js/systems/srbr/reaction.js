// Samurai Robots Battle Royale: the seat's answer out of turn and before the game: a reaction
// (one body part of one of its mechas, or pass) and deployment.
import { button, h } from "../dom.js";
import { plural, nice } from "./view.js";
import { field, choiceSelect } from "./fields.js";
import { legal, names, prompt } from "./state.js";

/** @typedef {import("./state.js").SrbrState} State */

/** @param {State} s */
export function reactionControls(s) {
  const { player, mechaName, partOf, partName, stickName } = names(s);
  const p = prompt(s);
  const choices = legal(s).filter((x) => x.kind === "react");
  const mechas = [...new Set(choices.map((c) => c.mecha))];
  if (!mechas.includes(s.reactMecha)) s.reactMecha = mechas[0] || null;
  const parts = choices.filter((c) => c.mecha === s.reactMecha).map((c) => c.part);
  if (!parts.includes(s.reactPart)) s.reactPart = parts[0] || null;
  const dice = s.view?.defaults?.reaction?.dice || 1;
  const box = h(
    "section",
    { class: "srbr-group srbr-reaction", role: "alert", "aria-label": "Reaction" },
    h("h3", { text: "You may react!" }),
    h("p", {
      text: `${player(p.from)} rolled a 1 on a yellow or red activation die. React with one body part of one of your mechas (${plural(dice, "die", "dice")}, each success one action), or pass.`,
    }),
  );
  if (p.remaining > 1)
    box.append(h("p", { class: "srbr-note", text: `${p.remaining} reaction chances from this roll.` }));
  const pickMecha = (id) => {
    s.reactMecha = id;
    s.reactPart = null;
  };
  const mechaSel = choiceSelect(
    s,
    "react-mecha",
    mechas.map((id) => [id, mechaName(id)]),
    s.reactMecha,
    pickMecha,
  );
  const partText = (id) => {
    const q = partOf(s.reactMecha, id);
    const move = q?.move ? `, move ${stickName(q.move)}` : "";
    return `${q?.name || id} (Q${q?.q}+${move}${q?.attacks?.length ? `, ${q.attacks.map(nice).join(", ")}` : ""})`;
  };
  const pickPart = (id) => {
    s.reactPart = id;
  };
  const partSel = choiceSelect(
    s,
    "react-part",
    parts.map((id) => [id, partText(id)]),
    s.reactPart,
    pickPart,
  );
  box.append(field("Reacting mecha", mechaSel), field("Body part", partSel));
  box.append(
    h(
      "div",
      { class: "srbr-buttons" },
      button("React", () => s.ctx.fire({ kind: "react", mecha: s.reactMecha, part: s.reactPart }), {
        key: "react",
        disabled: !s.reactPart,
        primary: true,
        aria: `React with ${mechaName(s.reactMecha)} ${partName(s.reactMecha, s.reactPart)}`,
      }),
      button("Pass", () => s.ctx.fire({ kind: "pass" }), {
        key: "pass",
        cls: "secondary small",
        aria: "Pass: do not react",
      }),
    ),
  );
  return box;
}

/** @param {State} s */
export function deployControls(s) {
  const { unit } = names(s);
  const p = prompt(s);
  return h(
    "section",
    { class: "srbr-group srbr-deploy", "aria-label": "Deployment" },
    h("h3", { text: "Deployment" }),
    h("p", {
      class: "srbr-note",
      text: `${p.text} Drag your mechas inside the shaded zone (arrow keys move a selected mecha 1 ${unit()}).`,
    }),
    button("Ready", () => s.ctx.fire({ kind: "ready" }), { key: "ready", primary: true }),
  );
}
