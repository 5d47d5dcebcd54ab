// Samurai Robots Battle Royale: the seat's answer out of turn and before the game: a reaction
// (one body part of one of its mechas, or pass) and deployment.
import { button, h, late } from "../dom.js";
import { plural, nice } from "./view.js";
import { field, select } from "./fields.js";

export function makeReaction(P) {
  const { st } = P;
  const { player, mechaName, partOf, partName, unit, stickName, fire, legal, prompt } = P;
  const { renderControls, drawOverlays } = late(P, "renderControls", "drawOverlays");

  // a choice changed: the controls and the overlays are drawn again
  function select3() {
    st.sig = null;
    renderControls(st.view);
    drawOverlays();
  }

  function reactionControls() {
    const p = prompt();
    const choices = legal().filter((x) => x.kind === "react");
    const mechas = [...new Set(choices.map((c) => c.mecha))];
    if (!mechas.includes(st.reactMecha)) st.reactMecha = mechas[0] || null;
    const parts = choices.filter((c) => c.mecha === st.reactMecha).map((c) => c.part);
    if (!parts.includes(st.reactPart)) st.reactPart = parts[0] || null;
    const dice = st.view?.defaults?.reaction?.dice || 1;
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
    box.append(
      field(
        "Reacting mecha",
        select(
          mechas.map((id) => [id, mechaName(id)]),
          st.reactMecha,
          {
            "data-key": "react-mecha",
            onchange: (e) => {
              st.reactMecha = e.target.value;
              st.reactPart = null;
              select3();
            },
          },
        ),
      ),
    );
    box.append(
      field(
        "Body part",
        select(
          parts.map((id) => {
            const q = partOf(st.reactMecha, id);
            return [
              id,
              `${q?.name || id} (Q${q?.q}+${q?.move ? `, move ${stickName(q.move)}` : ""}${q?.attacks?.length ? `, ${q.attacks.map(nice).join(", ")}` : ""})`,
            ];
          }),
          st.reactPart,
          {
            "data-key": "react-part",
            onchange: (e) => {
              st.reactPart = e.target.value;
              select3();
            },
          },
        ),
      ),
    );
    box.append(
      h(
        "div",
        { class: "srbr-buttons" },
        button("React", () => fire({ kind: "react", mecha: st.reactMecha, part: st.reactPart }), {
          key: "react",
          disabled: !st.reactPart,
          primary: true,
          aria: `React with ${mechaName(st.reactMecha)} ${partName(st.reactMecha, st.reactPart)}`,
        }),
        button("Pass", () => fire({ kind: "pass" }), {
          key: "pass",
          cls: "secondary small",
          aria: "Pass: do not react",
        }),
      ),
    );
    return box;
  }

  function deployControls() {
    const p = prompt();
    return h(
      "section",
      { class: "srbr-group srbr-deploy", "aria-label": "Deployment" },
      h("h3", { text: "Deployment" }),
      h("p", {
        class: "srbr-note",
        text: `${p.text} Drag your mechas inside the shaded zone (arrow keys move a selected mecha 1 ${unit()}).`,
      }),
      button("Ready", () => fire({ kind: "ready" }), { key: "ready", primary: true }),
    );
  }

  return { reactionControls, deployControls };
}
