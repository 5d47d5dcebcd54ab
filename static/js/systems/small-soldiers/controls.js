// Small Soldiers Big Battle: the seat's controls for the phase the server's view.legal
// offers: deployment, the opening roll, the spinner, moves, battles, recruits, cards and the
// catapult. The server decides; this only shows the choices and sends them.
import { h } from "../dom.js";
import { keepFocus } from "../panel.js";
import { button } from "./cards.js";
import { names } from "./state.js";
import { spaceName } from "./view.js";
import { choose, drawAim, spaceNote } from "./board.js";

/** @typedef {import("./state.js").SsState} State */

// --- the controls of the phase ---------------------------------------------------------------
/** @param {State} s */
export function renderControls(s, view) {
  const { controls, handBox } = s.dom;
  const legal = view.legal || {};
  const sig = JSON.stringify([legal, s.chosen, view.turn?.card, view.winner && 1, view.hand?.length]);
  if (sig === s.sig.controls) return;
  s.sig.controls = sig;
  if (view.winner) {
    keepFocus(controls, () => controls.replaceChildren());
    return;
  }
  const within = [controls, handBox];
  keepFocus(controls, () => controls.replaceChildren(...legalControls(s, view, legal)), {
    scope: s.ctx.container,
    within,
    fallback: true,
  });
}

function legalControls(s, view, legal) {
  const { fire } = s.ctx;
  const parts = [];
  if (legal.deploy) parts.push(deployForm(s, legal.deploy));
  if (legal.roll_opening)
    parts.push(button("Roll the opening die", () => fire({ kind: "roll_opening" }), { key: "roll", primary: true }));
  if (legal.spin)
    parts.push(button("Spin the spinner", () => fire({ kind: "spin" }), { key: "spin", cls: "ss-big", primary: true }));
  if (legal.moves) parts.push(moveControls(s, view, legal));
  if (legal.attacks) parts.push(attackControls(s, legal));
  if (legal.recruit) parts.push(recruitControls(s, legal));
  if (view.turn?.phase === "card" && view.turn.card) parts.push(cardControls(s, view, legal));
  if (legal.end_turn) {
    const text = legal.recruit ? "End the turn without recruiting" : "End the turn without a battle";
    parts.push(button(text, () => fire({ kind: "end_turn" }), { key: "end-turn", cls: "secondary" }));
  }
  return parts;
}

function recruitControls(s, legal) {
  const { nameOf } = names(s);
  const box = h("div", { class: "ss-group", role: "group", "aria-label": "Recruit" });
  if (legal.recruit.length)
    box.append(h("p", { text: "Bring a fighter from your Toy Store to your green Recruit space:" }));
  else box.append(h("p", { text: "Nobody can be recruited now." }));
  for (const fid of legal.recruit)
    box.append(
      button(`Recruit ${nameOf(fid)}`, () => s.ctx.fire({ kind: "recruit", fighter: fid }), { key: `recruit-${fid}` }),
    );
  return box;
}

/** @param {State} s */
function deployForm(s, d) {
  const { ctx } = s;
  const { nameOf, seatName } = names(s);
  const form = h("form", { class: "ss-group ss-deploy", "aria-label": "Deployment", id: "ss-deploy-form" });
  form.append(
    h("p", {
      text: `${nameOf(d.leader)} starts on the gold space. Choose who waits in the Toy Store; the other four take the start spaces in this order.`,
    }),
  );
  const select = h("select", { id: "ss-reserve", "data-key": "reserve" });
  for (const fid of d.reserve) select.append(h("option", { value: fid, text: nameOf(fid) }));
  select.value = d.reserve[d.reserve.length - 1];
  const order = h("ol", { class: "ss-order" });
  let list = d.reserve.filter((f) => f !== select.value);
  const drawOrder = () => {
    order.replaceChildren();
    list.forEach((fid, i) => {
      order.append(
        h(
          "li",
          {},
          h("span", { text: nameOf(fid) }),
          button(
            "↑",
            () => {
              if (i > 0) {
                [list[i - 1], list[i]] = [list[i], list[i - 1]];
                drawOrder();
                order.querySelectorAll("button")[Math.max(0, i - 1)]?.focus();
              }
            },
            { cls: "small secondary", aria: `Move ${nameOf(fid)} earlier`, key: `up-${fid}`, disabled: i === 0 },
          ),
        ),
      );
    });
  };
  select.addEventListener("change", () => {
    list = d.reserve.filter((f) => f !== select.value);
    drawOrder();
  });
  drawOrder();
  form.append(
    h("div", { class: "field" }, h("label", { for: "ss-reserve", text: "Fighter in the Toy Store" }), select),
    order,
  );
  // 4 players, three fighters each: which three the army's second seat commands
  const split = s.view?.options?.players === 4 && s.view?.options?.team_mode === "split";
  const boxes = [];
  if (split) {
    const seat2 = `${s.myArmy}-2`;
    const fs = h("fieldset", { class: "ss-split" }, h("legend", { text: `Three fighters for ${seatName(seat2)}` }));
    d.fighters.forEach((fid, i) => {
      const id = `ss-second-${fid}`;
      const box = h("input", { type: "checkbox", id, value: fid, checked: i >= 3, "data-key": id });
      boxes.push(box);
      fs.append(h("div", { class: "ss-check" }, box, h("label", { for: id, text: nameOf(fid) })));
    });
    form.append(fs);
  }
  form.append(
    h("button", {
      type: "submit",
      text: "Deploy",
      "data-key": "deploy",
      "data-primary": "true",
      form: "ss-deploy-form",
    }),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const action = { kind: "deploy", reserve: select.value, order: list.slice() };
    if (split) {
      const second = boxes.filter((b) => b.checked).map((b) => b.value);
      if (second.length !== 3) {
        ctx.message("Choose exactly three fighters for the second seat");
        return;
      }
      action.second = second;
    }
    s.ctx.fire(action);
  });
  return form;
}

/** @param {State} s */
function moveControls(s, view, legal) {
  const { nameOf } = names(s);
  const box = h("div", { class: "ss-group", role: "group", "aria-label": "Move" });
  const movers = Object.keys(legal.moves || {});
  const spin = view.turn?.spin;
  const n = `${spin?.value ?? "?"} space${spin?.value === 1 ? "" : "s"}`;
  box.append(
    h("p", {
      text: view.options?.advanced
        ? `Move any or all of your fighters, each exactly ${n} (plus its Vehicle card); battles come after all moves. Pick a fighter, then a highlighted space (or drag it).`
        : `Move one fighter exactly ${n} (plus its Vehicle card). Pick a fighter, then a highlighted space (or drag it).`,
    }),
  );
  const row = h("div", { class: "ss-buttons" });
  for (const fid of movers) {
    const b = button(nameOf(fid), () => choose(s, fid), {
      key: `pick-${fid}`,
      cls: s.chosen === fid ? "" : "secondary",
      aria: `Choose ${nameOf(fid)} to move (${legal.moves[fid].length} spaces)`,
    });
    b.setAttribute("aria-pressed", String(s.chosen === fid));
    row.append(b);
  }
  box.append(row);
  if (s.chosen && legal.moves[s.chosen]) {
    const dests = h("div", {
      class: "ss-buttons ss-dests",
      role: "group",
      "aria-label": `Where ${nameOf(s.chosen)} may go`,
    });
    for (const d of legal.moves[s.chosen]) {
      dests.append(
        button(
          `${spaceName(s.view, d.q, d.r)}${spaceNote(s, d.q, d.r)}`,
          () => s.ctx.fire({ kind: "move", fighter: s.chosen, q: d.q, r: d.r }),
          {
            key: `to-${d.q},${d.r}`,
            cls: "small",
            aria: `Move ${nameOf(s.chosen)} to space ${spaceName(s.view, d.q, d.r)}${spaceNote(s, d.q, d.r)}`,
          },
        ),
      );
    }
    box.append(dests);
  }
  if (legal.end_moves !== undefined) {
    box.append(
      button("Done moving", () => s.ctx.fire({ kind: "end_moves" }), {
        key: "end-moves",
        cls: "secondary",
        disabled: !legal.end_moves,
        primary: !!legal.end_moves,
      }),
    );
  }
  return box;
}

/** @param {State} s */
function attackControls(s, legal) {
  const { nameOf } = names(s);
  const box = h("div", { class: "ss-group", role: "group", "aria-label": "Battle" });
  const entries = Object.entries(legal.attacks || {});
  box.append(
    h("p", { text: entries.length ? "Battle an enemy next to the fighter that moved:" : "No battle is possible." }),
  );
  for (const [fid, foes] of entries) {
    for (const t of foes)
      box.append(
        button(`${nameOf(fid)} battles ${nameOf(t)}`, () => s.ctx.fire({ kind: "attack", fighter: fid, target: t }), {
          key: `attack-${fid}-${t}`,
          cls: "danger",
        }),
      );
  }
  return box;
}

/** @param {State} s */
function cardControls(s, view, legal) {
  const { nameOf } = names(s);
  const card = view.turn.card;
  const box = h("div", { class: "ss-group ss-card-choice", role: "group", "aria-label": `Card: ${card.name}` });
  box.append(h("div", { class: `ss-card big type-${card.type}` }, h("span", { text: card.name })));
  if (legal.place_card) {
    box.append(
      h("p", {
        text: legal.replacing
          ? "Every fighter of yours has a card: replace one, or discard this one."
          : "Put it face up under one of your fighters:",
      }),
    );
    for (const fid of legal.place_card)
      box.append(
        button(`Put it under ${nameOf(fid)}`, () => s.ctx.fire({ kind: "place_card", fighter: fid }), {
          key: `place-${fid}`,
        }),
      );
    if (legal.discard_card)
      box.append(
        button("Discard the card", () => s.ctx.fire({ kind: "discard_card" }), { key: "discard", cls: "secondary" }),
      );
  }
  if (legal.recall) {
    box.append(h("p", { text: "Send an enemy fighter to the Toy Store:" }));
    for (const fid of legal.recall)
      box.append(
        button(`Recall ${nameOf(fid)}`, () => s.ctx.fire({ kind: "recall", target: fid }), {
          key: `recall-${fid}`,
          cls: "danger",
        }),
      );
  }
  if (legal.launch) box.append(launchForm(s, legal.launch));
  return box;
}

/** @param {State} s */
function launchForm(s, limits) {
  const form = h("form", { class: "ss-launch", "aria-label": "Aim the catapult", id: "ss-launch-form" });
  const range = (id, label, key, [lo, hi], step, unit) => {
    const input = h("input", {
      type: "range",
      id,
      min: lo,
      max: hi,
      step,
      value: Math.min(hi, Math.max(lo, s.aim[key])),
      "data-key": id,
    });
    const out = h("output", { for: id, text: `${input.value}${unit}` });
    input.addEventListener("input", () => {
      s.aim[key] = Number(input.value);
      out.textContent = `${input.value}${unit}`;
      drawAim(s);
    });
    s.aim[key] = Number(input.value);
    return h(
      "div",
      { class: "field ss-range" },
      h("label", { for: id, text: label }),
      h("div", { class: "ss-range-row" }, input, out),
    );
  };
  form.append(
    h("p", {
      class: "small",
      text: "Aim: the dashed line is where the ball would land with a perfect shot; the shaded area is where the dice may send it.",
    }),
    range("ss-offset", "Launcher position (spaces right of centre)", "offset", limits.offset, 0.5, ""),
    range("ss-angle", "Direction (degrees right of straight ahead)", "angle", limits.angle, 1, "°"),
    range("ss-power", "Power (spaces of flight)", "power", limits.power, 0.5, ""),
    h("button", {
      type: "submit",
      text: "Launch the catapult",
      class: "danger",
      "data-key": "launch",
      "data-primary": "true",
      form: "ss-launch-form",
    }),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    s.ctx.fire({ kind: "launch", offset: s.aim.offset, angle: s.aim.angle, power: s.aim.power });
  });
  return form;
}
