// Samurai Robots Battle Royale: the seat's controls for the server's prompt: activate a body
// part and roll its dice, spend the actions (move by the stick, attacks with aim, stand up),
// react or pass, deploy and be ready (the last two are srbr/reaction.js).
import { button, h } from "../dom.js";
import { keepFocus } from "../panel.js";
import { FACINGS, plural, nice, ucfirst, round1 } from "./view.js";
import { colourChips } from "./cards.js";
import { nextId, field, select, choiceSelect, numberIn } from "./fields.js";
import { ask, legal, names, prompt } from "./state.js";
import { anchorMove, choiceChanged } from "./board.js";
import { reactionControls, deployControls } from "./reaction.js";

/** @typedef {import("./state.js").SrbrState} State */

// --- controls of the prompt ---------------------------------------------------------------------
/** @param {State} s */
export function renderControls(s, view) {
  const { ctx } = s;
  const { controls } = s.dom;
  const sig = JSON.stringify([
    view.prompt,
    view.legal,
    s.mecha,
    s.part,
    s.facing,
    s.flee,
    s.aim,
    s.pick,
    s.reactMecha,
    s.reactPart,
    !!view.result,
    [...(ctx.names || [])],
  ]);
  if (sig === s.sig.controls) return;
  s.sig.controls = sig;
  keepFocus(controls, () => controls.replaceChildren(...promptControls(s, view)));
}

function promptControls(s, view) {
  if (!s.me || view.result) return [];
  const a = ask(s);
  if (a === "activate") return [activationControls(s, view)];
  if (a === "actions" || a === "reaction_actions") return [actionControls(s)];
  if (a === "reaction") return [reactionControls(s)];
  if (a === "deploy") return [deployControls(s)];
  return [];
}

/** @param {State} s */
function ownMechas(s, view) {
  const { me } = s;
  return Object.values(view.mechas || {}).filter((m) => m.owner === me && !m.out);
}

/** @param {State} s */
function activationControls(s, view) {
  const { mechaOf, partOf, stickName } = names(s);
  const choices = legal(s).filter((x) => x.kind === "activate");
  const mechas = ownMechas(s, view);
  const usable = (mid) => choices.some((c) => c.mecha === mid);
  if (!s.mecha || !mechas.some((m) => m.id === s.mecha))
    s.mecha = (mechas.find((m) => usable(m.id)) || mechas[0])?.id || null;
  const box = h(
    "section",
    { class: "srbr-group srbr-activate", "aria-label": "Activation" },
    h("h3", { text: "Activate a body part" }),
  );
  if (!choices.length) return nothingToActivate(s, box);
  const options = mechas.map((m) => [m.id, `${m.name}${usable(m.id) ? "" : " (nothing left to activate)"}`]);
  const mSel = choiceSelect(s, "mecha", options, s.mecha, (id) => {
    s.mecha = id;
    s.part = null;
  });
  box.append(field("Mecha", mSel));
  const m = mechaOf(s.mecha);
  if (m) {
    const parts = m.parts.filter((p) => !p.destroyed);
    const canPart = (pid) => choices.some((c) => c.mecha === m.id && c.part === pid);
    if (!s.part || !canPart(s.part)) s.part = parts.find((p) => canPart(p.id))?.id || null;
    const group = h("div", { class: "srbr-parts", role: "radiogroup", "aria-label": "Body part" });
    const groupName = nextId("parts");
    for (const p of m.parts) {
      const id = nextId("part");
      const ok = canPart(p.id);
      const radio = h("input", {
        type: "radio",
        name: groupName,
        id,
        value: p.id,
        checked: s.part === p.id,
        disabled: !ok,
        "data-key": `part-${p.id}`,
        onchange: () => {
          s.part = p.id;
          choiceChanged(s);
        },
      });
      const why = p.destroyed ? "destroyed" : p.jam ? "jammed" : !ok ? "already activated" : "";
      const label = h(
        "label",
        { for: id, class: `srbr-part${ok ? "" : " off"}` },
        h("span", { class: "name", text: p.name }),
        h("span", { class: "q", text: `Q${p.q}+ C${p.c}` }),
        colourChips(p.dice),
        h("span", {
          class: "what",
          text:
            [p.move ? `move ${stickName(p.move)}` : "", ...(p.attacks || []).map(nice)].filter(Boolean).join(", ") +
            (why ? ` (${why})` : ""),
        }),
      );
      group.append(h("div", { class: "srbr-part-row" }, radio, label));
    }
    box.append(group);
    if (!usable(m.id)) return withEndTurn(s, box);
    const most = Math.max(0, ...choices.filter((c) => c.mecha === m.id && c.part === s.part).map((c) => c.dice));
    const part = partOf(m.id, s.part);
    const diceRow = h("div", { class: "srbr-buttons", role: "group", "aria-label": "Roll dice" });
    for (let n = 1; n <= 3; n++) {
      const colours = (part?.dice || []).slice(0, n);
      const b = button(
        `Roll ${plural(n, "die", "dice")}`,
        () => s.ctx.fire({ kind: "activate", mecha: m.id, part: s.part, dice: n }),
        {
          key: `roll-${n}`,
          disabled: !s.part || n > most,
          cls: "srbr-roll-button",
          primary: !!s.part && n === most,
          aria: `Roll ${plural(n, "die", "dice")} for ${m.name} ${part?.name || ""}${colours.length ? ` (${colours.join(", ")})` : ""}`,
        },
      );
      if (n <= most) {
        const chips = colourChips(colours);
        chips.setAttribute("aria-hidden", "true");
        chips.removeAttribute("role");
        b.append(" ", chips);
      }
      diceRow.append(b);
    }
    box.append(diceRow);
    if (part)
      box.append(
        h("p", {
          class: "srbr-note",
          text: `Each die at ${part.q} or more is a success and buys one ${part.name} action; a 1 always fails, a 6 always succeeds. The part rolls its current dice: ${part.dice.join(", ")}.`,
        }),
      );
  }
  return withEndTurn(s, box);
}

// Every part is spent (or none can roll): no dice to offer, the turn's end is the main action.
/** @param {State} s */
function nothingToActivate(s, box) {
  box.append(h("p", { class: "srbr-note", text: "Nothing is left to activate this turn." }));
  return withEndTurn(s, box, true);
}

/** @param {State} s */
function withEndTurn(s, box, main = false) {
  if (legal(s).some((x) => x.kind === "end_turn"))
    box.append(
      button("End turn", () => s.ctx.fire({ kind: "end_turn" }), {
        key: "end-turn",
        cls: main ? "primary srbr-end" : "secondary srbr-end",
        primary: main,
      }),
    );
  return box;
}

/** @param {State} s */
function actionControls(s) {
  const { mechaOf, mechaName, partName, targetName, unit, stickName } = names(s);
  const p = prompt(s);
  const reaction = p.ask === "reaction_actions";
  const box = h(
    "section",
    {
      class: `srbr-group srbr-actions${reaction ? " reaction" : ""}`,
      "aria-label": reaction ? "Reaction actions" : "Actions",
    },
    h("h3", { text: `${reaction ? "Reaction: " : ""}${mechaName(p.mecha)} ${partName(p.mecha, p.part)}` }),
    h("p", {
      class: "srbr-left-big",
      text: `${plural(p.actions_left, "action")} left of ${plural(p.successes, "success", "successes")}`,
    }),
  );
  if (p.move) {
    const len = p.move.length;
    const mv = h(
      "div",
      { class: "srbr-move", role: "group", "aria-label": "Move" },
      h("h4", { text: `Move (${stickName(p.move.stick)} stick, ${len} ${unit()})` }),
      h("p", {
        class: "srbr-note",
        text: `Drag ${mechaName(p.mecha)} on the board, or pick a point: the measuring point goes straight up to ${len} ${unit()}; contact stops the move. From the keyboard: focus the mecha, arrows set a target (Shift: 5 ${unit()}), [ and ] the facing, Enter moves.`,
      }),
    );
    if (p.fallen) mv.append(h("p", { class: "srbr-note warn", text: "Fallen: stand up before moving." }));
    mv.append(
      button(
        s.pick ? "Cancel picking" : "Pick a point on the board",
        () => {
          s.pick = !s.pick;
          s.pickTarget = null;
          choiceChanged(s);
        },
        {
          key: "pick",
          pressed: String(s.pick),
          aria: s.pick ? "Cancel picking a point" : "Pick a point on the board to move to",
        },
      ),
    );
    const from = p.move.from;
    const xIn = numberIn({ step: "0.1", min: "0", value: round1(from[0]), "data-key": "move-x" });
    const yIn = numberIn({ step: "0.1", min: "0", value: round1(from[1]), "data-key": "move-y" });
    const face = select(
      FACINGS.map(([v, l]) => [v, l]),
      s.facing,
      {
        "data-key": "facing",
        onchange: (e) => {
          s.facing = e.target.value;
        },
      },
    );
    const flee = h("input", {
      type: "checkbox",
      checked: s.flee,
      "data-key": "flee",
      onchange: (e) => {
        s.flee = e.target.checked;
      },
    });
    const form = h(
      "form",
      { class: "srbr-move-form" },
      field(`x (${unit()})`, xIn, "field inline-field"),
      field(`y (${unit()})`, yIn, "field inline-field"),
      field("Facing after the move", face),
      h("label", { class: "srbr-check" }, flee, h("span", { text: " Flee off the table (the mecha leaves the game)" })),
      h("button", {
        type: "submit",
        class: "small",
        text: "Move the measuring point here",
        "data-key": "move-typed",
      }),
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      s.ctx.fire(anchorMove(s, { x: Number(xIn.value), y: Number(yIn.value) }));
    });
    mv.append(h("details", { class: "srbr-more" }, h("summary", { text: "Type a point, facing, flee" }), form));
    box.append(mv);
  }
  if (legal(s).some((x) => x.kind === "stand_up"))
    box.append(button("Stand up", () => s.ctx.fire({ kind: "stand_up" }), { key: "stand-up" }));
  // one button per attack and target; the list's aimed variants are the Aim choice
  const attacks = legal(s).filter((x) => x.kind === "attack" && !x.target_part);
  if (p.attacks?.length) {
    const at = h(
      "div",
      { class: "srbr-attacks", role: "group", "aria-label": "Attacks" },
      h("h4", { text: "Attacks" }),
    );
    if (attacks.length) {
      const targets = [...new Set(attacks.map((x) => x.target).filter((t) => mechaOf(t)))];
      if (targets.length) {
        const opts = [["", "Random part (no aim)"]];
        for (const t of targets)
          for (const part of mechaOf(t).parts.filter((q) => !q.destroyed))
            opts.push([`${t}/${part.id}`, `Aim at ${mechaName(t)} ${part.name}`]);
        at.append(
          field(
            "Aim",
            select(opts, s.aim, {
              "data-key": "aim",
              onchange: (e) => {
                s.aim = e.target.value;
              },
            }),
          ),
        );
      }
      const row = h("div", { class: "srbr-buttons" });
      for (const x of attacks) {
        const label = `${ucfirst(nice(x.attack))} ${targetName(x.target)}${mechaOf(x.target) ? "" : " (building)"}`;
        row.append(
          button(
            label,
            () => {
              const action = { kind: "attack", attack: x.attack, target: x.target };
              const [t, part] = s.aim.split("/");
              if (t === x.target && part) action.target_part = part;
              s.ctx.fire(action);
            },
            { key: `attack-${x.attack}-${x.target}`, cls: "small srbr-attack", aria: label },
          ),
        );
      }
      at.append(row);
    } else {
      at.append(h("p", { class: "srbr-note", text: `No target in reach for ${p.attacks.map(nice).join(", ")}.` }));
    }
    box.append(at);
  }
  const end = h(
    "div",
    { class: "srbr-buttons srbr-finish" },
    button(reaction ? "End the reaction" : "Done with this part", () => s.ctx.fire({ kind: "done" }), {
      key: "done",
      cls: "secondary small",
      primary: true,
    }),
  );
  if (legal(s).some((x) => x.kind === "end_turn"))
    end.append(button("End turn", () => s.ctx.fire({ kind: "end_turn" }), { key: "end-turn", cls: "secondary small" }));
  box.append(end);
  return box;
}
