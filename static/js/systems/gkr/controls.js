// GKR: Heavy Hitters with Big Little Buddy: the seat's controls for the server's prompt:
// sponsor cards and Call In Support, moves (with facing and movement cards), tags,
// displacement and stealing; weapons face down and stated results are gkr/weapons.js, the
// manual records gkr/records.js.
import { button, h } from "../dom.js";
import { keepFocus } from "../panel.js";
import { FACINGS, NEIGHBOURS, STEPS, SUPPORT, hexKey, hexText, facingName } from "./view.js";
import { group, names, phase } from "./state.js";
import { destinations, moveAction, tagAction } from "./moves.js";
import { choose } from "./board.js";
import { weaponControls, resultControls } from "./weapons.js";

/** @typedef {import("./state.js").GkrState} State */

// --- controls of the phase --------------------------------------------------------------------
/** @param {State} s */
export function renderControls(s, view) {
  const { controls } = s.dom;
  const sig = JSON.stringify([
    view.prompt,
    view.hand?.map((c) => c.id),
    view.sponsor_hand?.map((c) => c.id),
    s.chosen,
    s.facing,
    s.thrusters,
    [...s.draft],
    view.winner && 1,
    view.manual,
    view.firing_line?.length,
    s.tagCount,
  ]);
  if (sig === s.sig.controls) return;
  s.sig.controls = sig;
  keepFocus(controls, () => controls.replaceChildren(...phaseControls(s, view)), { fallback: true });
}

function phaseControls(s, view) {
  const { me, ctx } = s;
  if (!me || view.winner) return [];
  const p = view.prompt;
  const ph = phase(s);
  if (!p) {
    const waiting = ph === "combat" && view.players?.[me]?.chosen;
    return waiting
      ? [h("p", { class: "gkr-note", text: "Your weapons are face down in the firing line. Waiting for the others." })]
      : [];
  }
  // "they may steal a random Sponsor Card": decided now that he has fallen
  if (p.steal_from) return [stealControls(s, p)];
  const out = [];
  if (ph === "deploy") out.push(deployControls(s, view, p));
  if (ph === "movement") out.push(moveControls(s, view, p));
  if (ph === "combat" && p.weapons) out.push(weaponControls(s, view, p));
  if (ph === "combat" && p.victims) out.push(resultControls(s, p));
  if (ph === "tagging") out.push(tagControls(s, view, p));
  if (ph === "reset" && p.hexes) out.push(displaceControls(s, p));
  if (["deploy", "movement", "tagging"].includes(ph)) {
    const text = ph === "movement" ? "End your movement" : "End your turn";
    out.push(button(text, () => ctx.fire({ kind: "end_turn" }), { key: "end-turn", cls: "gkr-end", primary: true }));
  }
  return out;
}

function stealControls(s, p) {
  const { fire } = s.ctx;
  return group(
    "Big Little Buddy destroyed",
    h("p", { class: "small", text: p.text }),
    button("Steal a random sponsor card", () => fire({ kind: "steal", take: true }), {
      key: "steal-yes",
      primary: true,
    }),
    button("Do not steal", () => fire({ kind: "steal", take: false }), { key: "steal-no", cls: "secondary" }),
  );
}

/** @param {State} s */
function deployControls(s, view, p) {
  const { me } = s;
  const { unitName } = names(s);
  const box = group("Deploy");
  const sponsor = view.sponsor_hand || [];
  if (!sponsor.length) box.append(h("p", { class: "gkr-note", text: "No sponsor cards to play." }));
  for (const c of sponsor) {
    const blb = c.type === "activate-blb";
    const why =
      blb && !p.can_activate_blb
        ? view.blb?.activated_this_round
          ? " (already activated this round)"
          : " (not now)"
        : "";
    box.append(
      button(
        blb ? `Play ${c.name}: take Big Little Buddy${why}` : `Play ${c.name}`,
        () => s.ctx.fire(blb ? { kind: "activate_blb", card: c.id } : { kind: "play_sponsor", card: c.id }),
        {
          key: `sponsor-${c.id}`,
          disabled: blb && !p.can_activate_blb,
          cls: blb ? "small gkr-blb-button" : "small secondary",
        },
      ),
    );
  }
  // Call In Support: a destroyed Support Unit back next to the Heavy Hitter
  const deployCard = (view.hand || []).find((c) => c.type === "deploy");
  const onBoard = new Set((view.pieces || []).map((x) => x.id));
  const lost = SUPPORT.map((k) => `${me}:${k}`).filter((id) => !onBoard.has(id));
  if (deployCard && lost.length && onBoard.has(`${me}:heavy`)) {
    const select = h("select", { id: "gkr-deploy-unit", "data-key": "deploy-unit" });
    for (const id of lost) select.append(h("option", { value: id, text: unitName(id) }));
    const row = h("div", { class: "gkr-buttons" });
    for (const spot of freeAround(view, `${me}:heavy`)) {
      row.append(
        button(
          hexText(view, spot),
          () => s.ctx.fire({ kind: "deploy_support", card: deployCard.id, unit: select.value, to: spot }),
          { key: `deploy-${hexKey(spot)}`, aria: `Call in the chosen unit at hex ${hexText(view, spot)}` },
        ),
      );
    }
    box.append(
      h(
        "div",
        { class: "field" },
        h("label", { for: "gkr-deploy-unit", text: `${deployCard.name}: unit to bring back` }),
        select,
      ),
      h("p", { class: "small", text: "Next to your Heavy Hitter, at:" }),
      row,
    );
  }
  return box;
}

// The free hexes next to a unit (on the board, no piece, no standing building).
function freeAround(view, uid) {
  const u = (view.pieces || []).find((x) => x.id === uid);
  if (!u) return [];
  const cells = new Set((view.board?.cells || []).map(hexKey));
  const taken = new Set((view.pieces || []).map(hexKey));
  const blocked = new Set((view.board?.buildings || []).filter((b) => !b.demolished).map(hexKey));
  return NEIGHBOURS.map(([dq, dr]) => ({ q: u.q + dq, r: u.r + dr })).filter(
    (x) => cells.has(hexKey(x)) && !taken.has(hexKey(x)) && !blocked.has(hexKey(x)),
  );
}

/** @param {State} s */
function moveControls(s, view, p) {
  const { me } = s;
  const { unitName, hexLabel } = names(s);
  const box = group(`Move: ${STEPS[view.turn.step] || view.turn.step}`);
  const moves = p.moves || [];
  if (!moves.length) {
    box.append(h("p", { class: "gkr-note", text: "None of your units moves in this step." }));
    return box;
  }
  const r = view.defaults?.rules || {};
  const costText =
    view.turn.step === "heavy" && r.heavy_hitter_move
      ? ` Costs ${r.heavy_hitter_move.energy_per_hex} energy a hex`
      : view.turn.step === "support" && r.support_move
        ? ` Costs ${r.support_move.energy_per_unit} energy a unit`
        : view.turn.step === "blb"
          ? " He moves without energy"
          : "";
  box.append(
    h("p", {
      class: "small",
      text: `Pick a unit, then a lit hex on the board (or drag it there). Each unit moves once.${costText ? `${costText}; you have ${view.players?.[me]?.energy ?? 0}.` : ""}`,
    }),
  );
  const row = h("div", { class: "gkr-buttons" });
  for (const m of moves) {
    const b = button(`${unitName(m.unit)} (${destinations(s, m).length} hexes)`, () => choose(s, m.unit), {
      key: `pick-${m.unit}`,
      cls: s.chosen === m.unit ? "small" : "small secondary",
      aria: `Choose ${unitName(m.unit)} to move, range ${m.range}`,
    });
    b.setAttribute("aria-pressed", String(s.chosen === m.unit));
    row.append(b);
  }
  box.append(row);
  const facing = h(
    "select",
    { id: "gkr-facing", "data-key": "facing" },
    h("option", { value: "keep", text: "keep its facing" }),
    ...FACINGS.map(([d, n]) => h("option", { value: String(d), text: n })),
  );
  facing.value = String(s.facing);
  facing.addEventListener("change", () => {
    s.facing = facing.value === "keep" ? "keep" : Number(facing.value);
    s.redraw();
  });
  box.append(h("div", { class: "field" }, h("label", { for: "gkr-facing", text: "Facing after the move" }), facing));
  const chosen = moves.find((m) => m.unit === s.chosen);
  const thrusters = chosen?.card && (view.hand || []).find((c) => c.id === chosen.card);
  if (chosen && thrusters) {
    const cb = h("input", { type: "checkbox", id: "gkr-thrusters", checked: s.thrusters, "data-key": "thrusters" });
    cb.addEventListener("change", () => {
      s.thrusters = cb.checked;
      s.redraw();
    });
    box.append(
      h(
        "div",
        { class: "gkr-check" },
        cb,
        h("label", {
          for: "gkr-thrusters",
          text: `Play ${thrusters.name} with this move (range ${chosen.card_range} instead of ${chosen.range})`,
        }),
      ),
    );
  }
  if (chosen) {
    const piece = (view.pieces || []).find((x) => x.id === chosen.unit);
    if (piece && s.facing !== "keep") {
      box.append(
        button(
          `Turn ${unitName(chosen.unit)} to face ${facingName(s.facing)} without moving`,
          () => s.ctx.fire(moveAction(s, piece, { q: piece.q, r: piece.r }, s.facing)),
          { key: "turn-only", cls: "small secondary" },
        ),
      );
    }
    const list = h("div", {
      class: "gkr-buttons gkr-dests",
      role: "group",
      "aria-label": `Where ${unitName(chosen.unit)} may go`,
    });
    for (const d of destinations(s, chosen)) {
      list.append(
        button(hexText(view, d), () => s.ctx.fire(moveAction(s, piece, d)), {
          key: `to-${hexKey(d)}`,
          cls: "small secondary",
          aria: `Move ${unitName(chosen.unit)} to hex ${hexLabel(d)}`,
        }),
      );
    }
    box.append(h("details", { class: "gkr-more" }, h("summary", { text: "Destinations as a list" }), list));
  }
  return box;
}

/** @param {State} s */
function tagControls(s, view, p) {
  const { me } = s;
  const { unitName, building } = names(s);
  const box = group("Tag buildings");
  const tags = p.tags || [];
  if (!tags.length)
    box.append(
      h("p", {
        class: "gkr-note",
        text: view.players?.[me]?.tags
          ? "None of your units stands next to a standing building."
          : "You have no Holo-board Tags left.",
      }),
    );
  let count = null;
  if (view.manual?.tagging) {
    count = h(
      "select",
      { id: "gkr-tag-count", "data-key": "tag-count" },
      ...[1, 2, 3, 4].map((n) => h("option", { value: String(n), text: String(n) })),
    );
    count.value = String(s.tagCount);
    count.addEventListener("change", () => {
      s.tagCount = Number(count.value);
    });
    box.append(h("div", { class: "field" }, h("label", { for: "gkr-tag-count", text: "Tags placed (stated)" }), count));
  }
  for (const t of tags) {
    for (const b of t.buildings) {
      box.append(
        button(`Tag ${building(b)} with ${unitName(t.unit)}`, () => s.ctx.fire(tagAction(s, t.unit, b)), {
          key: `tag-${t.unit}-${b}`,
        }),
      );
    }
  }
  box.append(h("p", { class: "small muted", text: "Four tags demolish a building; each tag draws a sponsor card." }));
  return box;
}

/** @param {State} s */
function displaceControls(s, p) {
  const { unitName } = names(s);
  const box = group(`Displace ${unitName(p.unit)}`);
  box.append(
    h("p", {
      class: "small",
      text: "Big Little Buddy is back in the centre: move your unit to an empty hex next to it (click a lit hex, drag, or pick one).",
    }),
  );
  const row = h("div", { class: "gkr-buttons" });
  for (const x of p.hexes)
    row.append(
      button(hexText(s.view, x), () => s.ctx.fire({ kind: "displace", to: x }), {
        key: `displace-${hexKey(x)}`,
        aria: `Displace ${unitName(p.unit)} to hex ${hexText(s.view, x)}`,
      }),
    );
  box.append(row);
  return box;
}
