// Samurai Robots Battle Royale: the seat's controls for the server's prompt: activate a body
// part and roll its dice, spend the actions (move by the stick, attacks with aim, stand up),
// react or pass, deploy and be ready (the last two are srbr/reaction.js, made here).
import { button, h, late } from "../dom.js";
import { FACINGS, plural, nice, ucfirst, round1 } from "./view.js";
import { colourChips } from "./cards.js";
import { nextId, field, select } from "./fields.js";
import { makeReaction } from "./reaction.js";

export function makeControls(P) {
  const { st, ctx, me, controls } = P;
  const { mechaOf, mechaName, partOf, partName, targetName, unit, stickName } = P;
  const { fire, legal, prompt, ask } = P;
  const { drawOverlays } = late(P, "drawOverlays");
  const { reactionControls, deployControls } = makeReaction(P);

  // --- controls of the prompt ---------------------------------------------------------------------
  function renderControls(view) {
    const sig = JSON.stringify([
      view.prompt,
      view.legal,
      st.mecha,
      st.part,
      st.facing,
      st.flee,
      st.aim,
      st.pick,
      st.reactMecha,
      st.reactPart,
      !!view.result,
      [...(ctx.names || [])],
    ]);
    if (sig === st.sig) return;
    st.sig = sig;
    const focusKey = controls.contains(document.activeElement) ? document.activeElement.dataset?.key : null;
    controls.replaceChildren();
    if (!me || view.result) return;
    const a = ask();
    if (a === "activate") controls.append(activationControls(view));
    else if (a === "actions" || a === "reaction_actions") controls.append(actionControls());
    else if (a === "reaction") controls.append(reactionControls());
    else if (a === "deploy") controls.append(deployControls());
    if (focusKey) controls.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)?.focus();
  }

  function ownMechas(view) {
    return Object.values(view.mechas || {}).filter((m) => m.owner === me && !m.out);
  }

  function activationControls(view) {
    const choices = legal().filter((x) => x.kind === "activate");
    const mechas = ownMechas(view);
    const usable = (mid) => choices.some((c) => c.mecha === mid);
    if (!st.mecha || !mechas.some((m) => m.id === st.mecha))
      st.mecha = (mechas.find((m) => usable(m.id)) || mechas[0])?.id || null;
    const box = h(
      "section",
      { class: "srbr-group srbr-activate", "aria-label": "Activation" },
      h("h3", { text: "Activate a body part" }),
    );
    const mSel = select(
      mechas.map((m) => [m.id, `${m.name}${usable(m.id) ? "" : " (nothing left to activate)"}`]),
      st.mecha,
      {
        "data-key": "mecha",
        onchange: (e) => {
          st.mecha = e.target.value;
          st.part = null;
          select3();
        },
      },
    );
    box.append(field("Mecha", mSel));
    const m = mechaOf(st.mecha);
    if (m) {
      const parts = m.parts.filter((p) => !p.destroyed);
      const canPart = (pid) => choices.some((c) => c.mecha === m.id && c.part === pid);
      if (!st.part || !canPart(st.part)) st.part = parts.find((p) => canPart(p.id))?.id || null;
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
          checked: st.part === p.id,
          disabled: !ok,
          "data-key": `part-${p.id}`,
          onchange: () => {
            st.part = p.id;
            select3();
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
      const most = Math.max(0, ...choices.filter((c) => c.mecha === m.id && c.part === st.part).map((c) => c.dice));
      const part = partOf(m.id, st.part);
      const diceRow = h("div", { class: "srbr-buttons", role: "group", "aria-label": "Roll dice" });
      for (let n = 1; n <= 3; n++) {
        const colours = (part?.dice || []).slice(0, n);
        const b = button(
          `Roll ${plural(n, "die", "dice")}`,
          () => fire({ kind: "activate", mecha: m.id, part: st.part, dice: n }),
          {
            key: `roll-${n}`,
            disabled: !st.part || n > most,
            cls: "srbr-roll-button",
            primary: !!st.part && n === most,
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
    if (legal().some((x) => x.kind === "end_turn"))
      box.append(button("End turn", () => fire({ kind: "end_turn" }), { key: "end-turn", cls: "secondary srbr-end" }));
    return box;
  }

  function select3() {
    st.sig = null;
    renderControls(st.view);
    drawOverlays();
  }

  function actionControls() {
    const p = prompt();
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
          st.pick ? "Cancel picking" : "Pick a point on the board",
          () => {
            st.pick = !st.pick;
            st.pickTarget = null;
            select3();
          },
          {
            key: "pick",
            pressed: String(st.pick),
            aria: st.pick ? "Cancel picking a point" : "Pick a point on the board to move to",
          },
        ),
      );
      const from = p.move.from;
      const xIn = h("input", {
        type: "number",
        step: "0.1",
        min: "0",
        value: round1(from[0]),
        "data-key": "move-x",
        class: "srbr-num",
      });
      const yIn = h("input", {
        type: "number",
        step: "0.1",
        min: "0",
        value: round1(from[1]),
        "data-key": "move-y",
        class: "srbr-num",
      });
      const face = select(
        FACINGS.map(([v, l]) => [v, l]),
        st.facing,
        {
          "data-key": "facing",
          onchange: (e) => {
            st.facing = e.target.value;
          },
        },
      );
      const flee = h("input", {
        type: "checkbox",
        checked: st.flee,
        "data-key": "flee",
        onchange: (e) => {
          st.flee = e.target.checked;
        },
      });
      const form = h(
        "form",
        { class: "srbr-move-form" },
        field(`x (${unit()})`, xIn, "field inline-field"),
        field(`y (${unit()})`, yIn, "field inline-field"),
        field("Facing after the move", face),
        h(
          "label",
          { class: "srbr-check" },
          flee,
          h("span", { text: " Flee off the table (the mecha leaves the game)" }),
        ),
        h("button", {
          type: "submit",
          class: "small",
          text: "Move the measuring point here",
          "data-key": "move-typed",
        }),
      );
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        fire(
          withFacing({
            kind: "move",
            x: Number(xIn.value),
            y: Number(yIn.value),
            at: "anchor",
            ...(st.flee ? { flee: true } : {}),
          }),
        );
      });
      mv.append(h("details", { class: "srbr-more" }, h("summary", { text: "Type a point, facing, flee" }), form));
      box.append(mv);
    }
    if (legal().some((x) => x.kind === "stand_up"))
      box.append(button("Stand up", () => fire({ kind: "stand_up" }), { key: "stand-up" }));
    const attacks = legal().filter((x) => x.kind === "attack");
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
              select(opts, st.aim, {
                "data-key": "aim",
                onchange: (e) => {
                  st.aim = e.target.value;
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
                const [t, part] = st.aim.split("/");
                if (t === x.target && part) action.target_part = part;
                fire(action);
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
      button(reaction ? "End the reaction" : "Done with this part", () => fire({ kind: "done" }), {
        key: "done",
        cls: "secondary small",
        primary: true,
      }),
    );
    if (legal().some((x) => x.kind === "end_turn"))
      end.append(button("End turn", () => fire({ kind: "end_turn" }), { key: "end-turn", cls: "secondary small" }));
    box.append(end);
    return box;
  }

  function withFacing(action) {
    if (st.facing !== "keep") action.facing = Number(st.facing);
    return action;
  }

  return { renderControls, withFacing };
}
