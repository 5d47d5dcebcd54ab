// GKR: Heavy Hitters with Big Little Buddy: the seat's controls for the server's prompt:
// sponsor cards and Call In Support, moves (with facing and movement cards), tags,
// displacement and stealing; weapons face down and stated results are gkr/weapons.js, the
// manual records gkr/records.js (made here, returned with these).
import { button, h, late } from "../dom.js";
import { FACINGS, NEIGHBOURS, STEPS, SUPPORT, hexKey, hexText, facingName } from "./view.js";
import { makeWeapons } from "./weapons.js";
import { makeRecords } from "./records.js";

export function makeControls(P) {
  const { st, me, controls } = P;
  const { unitName, hexLabel, fire, phase } = P;
  const { refresh, choose } = late(P, "refresh", "choose");
  const { weaponControls, resultControls, wkey } = makeWeapons(P);
  const { showRecords } = makeRecords(P);

  // --- controls of the phase --------------------------------------------------------------------
  function renderControls(view) {
    const sig = JSON.stringify([
      view.prompt,
      view.hand?.map((c) => c.id),
      view.sponsor_hand?.map((c) => c.id),
      st.chosen,
      st.facing,
      st.thrusters,
      [...st.draft],
      view.winner && 1,
      view.manual,
      view.firing_line?.length,
      st.tagCount,
    ]);
    if (sig === st.sig) return;
    st.sig = sig;
    const focusKey = controls.contains(document.activeElement) ? document.activeElement.dataset?.key : null;
    controls.replaceChildren();
    if (!me || view.winner) return;
    const p = view.prompt;
    const ph = phase();
    if (!p) {
      if (ph === "combat" && view.players?.[me]?.chosen)
        controls.append(
          h("p", { class: "gkr-note", text: "Your weapons are face down in the firing line. Waiting for the others." }),
        );
      return;
    }
    if (p.steal_from) {
      // "they may steal a random Sponsor Card": decided now that he has fallen
      const box = group("Big Little Buddy destroyed");
      box.append(
        h("p", { class: "small", text: p.text }),
        button("Steal a random sponsor card", () => fire({ kind: "steal", take: true }), {
          key: "steal-yes",
          primary: true,
        }),
        button("Do not steal", () => fire({ kind: "steal", take: false }), { key: "steal-no", cls: "secondary" }),
      );
      controls.append(box);
      return;
    }
    if (ph === "deploy") controls.append(deployControls(view, p));
    if (ph === "movement") controls.append(moveControls(view, p));
    if (ph === "combat" && p.weapons) controls.append(weaponControls(view, p));
    if (ph === "combat" && p.victims) controls.append(resultControls(p));
    if (ph === "tagging") controls.append(tagControls(view, p));
    if (ph === "reset" && p.hexes) controls.append(displaceControls(p));
    if (["deploy", "movement", "tagging"].includes(ph)) {
      controls.append(
        button(ph === "movement" ? "End your movement" : "End your turn", () => fire({ kind: "end_turn" }), {
          key: "end-turn",
          cls: "gkr-end",
          primary: true,
        }),
      );
    }
    if (focusKey) {
      const again =
        [...controls.querySelectorAll("[data-key]")].find((n) => n.dataset.key === focusKey && !n.disabled) ||
        controls.querySelector("button:not([disabled]), input, select");
      again?.focus();
    }
  }

  function group(label, ...children) {
    return h("div", { class: "gkr-group", role: "group", "aria-label": label }, h("h3", { text: label }), ...children);
  }

  function deployControls(view, p) {
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
          () => fire(blb ? { kind: "activate_blb", card: c.id } : { kind: "play_sponsor", card: c.id }),
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
            hexText(spot),
            () => fire({ kind: "deploy_support", card: deployCard.id, unit: select.value, to: spot }),
            { key: `deploy-${hexKey(spot)}`, aria: `Call in the chosen unit at hex ${hexText(spot)}` },
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

  function moveControls(view, p) {
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
      const b = button(`${unitName(m.unit)} (${destinations(m).length} hexes)`, () => choose(m.unit), {
        key: `pick-${m.unit}`,
        cls: st.chosen === m.unit ? "small" : "small secondary",
        aria: `Choose ${unitName(m.unit)} to move, range ${m.range}`,
      });
      b.setAttribute("aria-pressed", String(st.chosen === m.unit));
      row.append(b);
    }
    box.append(row);
    const facing = h(
      "select",
      { id: "gkr-facing", "data-key": "facing" },
      h("option", { value: "keep", text: "keep its facing" }),
      ...FACINGS.map(([d, n]) => h("option", { value: String(d), text: n })),
    );
    facing.value = String(st.facing);
    facing.addEventListener("change", () => {
      st.facing = facing.value === "keep" ? "keep" : Number(facing.value);
      refresh();
    });
    box.append(h("div", { class: "field" }, h("label", { for: "gkr-facing", text: "Facing after the move" }), facing));
    const chosen = moves.find((m) => m.unit === st.chosen);
    const thrusters = chosen?.card && (view.hand || []).find((c) => c.id === chosen.card);
    if (chosen && thrusters) {
      const cb = h("input", { type: "checkbox", id: "gkr-thrusters", checked: st.thrusters, "data-key": "thrusters" });
      cb.addEventListener("change", () => {
        st.thrusters = cb.checked;
        refresh();
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
      if (piece && st.facing !== "keep") {
        box.append(
          button(
            `Turn ${unitName(chosen.unit)} to face ${facingName(st.facing)} without moving`,
            () => fire(moveAction(piece, { q: piece.q, r: piece.r }, st.facing)),
            { key: "turn-only", cls: "small secondary" },
          ),
        );
      }
      const list = h("div", {
        class: "gkr-buttons gkr-dests",
        role: "group",
        "aria-label": `Where ${unitName(chosen.unit)} may go`,
      });
      for (const d of destinations(chosen)) {
        list.append(
          button(hexText(d), () => fire(moveAction(piece, d)), {
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

  function moveAction(piece, pos, facing) {
    const v = st.view;
    if (v?.turn?.phase === "reset" && v.prompt?.hexes) return { kind: "displace", to: { q: pos.q, r: pos.r } };
    const action = { kind: "move", unit: piece.id, to: { q: pos.q, r: pos.r } };
    const face = facing !== undefined ? facing : st.facing;
    if (face !== "keep" && face !== undefined) action.facing = face;
    const m = (v?.prompt?.moves || []).find((x) => x.unit === piece.id);
    if (st.thrusters && m?.card) action.card = m.card;
    return action;
  }

  // The hexes a unit may reach now, with the movement card when it is to be played.
  const destinations = (m) => (st.thrusters && m.card_hexes ? m.card_hexes : m.hexes);

  function tagControls(view, p) {
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
      count.value = String(st.tagCount);
      count.addEventListener("change", () => {
        st.tagCount = Number(count.value);
      });
      box.append(
        h("div", { class: "field" }, h("label", { for: "gkr-tag-count", text: "Tags placed (stated)" }), count),
      );
    }
    for (const t of tags) {
      for (const b of t.buildings) {
        box.append(
          button(`Tag ${b} with ${unitName(t.unit)}`, () => fire(tagAction(t.unit, b)), { key: `tag-${t.unit}-${b}` }),
        );
      }
    }
    box.append(h("p", { class: "small muted", text: "Four tags demolish a building; each tag draws a sponsor card." }));
    return box;
  }

  function tagAction(unit, b) {
    const action = { kind: "tag", unit, building: b };
    if (st.view?.manual?.tagging) action.count = st.tagCount;
    return action;
  }

  function displaceControls(p) {
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
        button(hexText(x), () => fire({ kind: "displace", to: x }), {
          key: `displace-${hexKey(x)}`,
          aria: `Displace ${unitName(p.unit)} to hex ${hexText(x)}`,
        }),
      );
    box.append(row);
    return box;
  }

  function clickableHexes(view) {
    // hex -> {label, action} for a click or Enter on the board
    const out = new Map();
    const p = view.prompt;
    if (!me || !p) return out;
    const ph = phase();
    if (ph === "movement" && st.chosen) {
      const m = (p.moves || []).find((x) => x.unit === st.chosen);
      const piece = (view.pieces || []).find((x) => x.id === st.chosen);
      if (m && piece)
        for (const d of destinations(m))
          out.set(hexKey(d), {
            hex: d,
            label: `Move ${unitName(m.unit)} to hex ${hexLabel(d)}`,
            action: () => moveAction(piece, d),
          });
    }
    if (ph === "reset" && p.hexes) {
      for (const d of p.hexes)
        out.set(hexKey(d), {
          hex: d,
          label: `Displace ${unitName(p.unit)} to hex ${hexText(d)}`,
          action: () => ({ kind: "displace", to: d }),
        });
    }
    if (ph === "tagging") {
      for (const t of p.tags || [])
        for (const bid of t.buildings) {
          const b = (view.board?.buildings || []).find((x) => x.id === bid);
          if (b && !out.has(hexKey(b)))
            out.set(hexKey(b), {
              hex: b,
              label: `Tag building ${bid} with ${unitName(t.unit)}`,
              action: () => tagAction(t.unit, bid),
            });
        }
    }
    if (ph === "combat" && p.weapons && st.focusWeapon) {
      const w = p.weapons.find((x) => wkey(x) === st.focusWeapon);
      if (w?.hex_target) {
        for (const d of w.hexes || [])
          out.set(hexKey(d), {
            hex: d,
            label: `Aim ${w.name} at hex ${hexLabel(d)}`,
            pick: () => {
              const dr = st.draft.get(wkey(w));
              dr.on = true;
              dr.target = hexKey(d);
              for (const [o, od] of st.draft) if (o !== wkey(w) && o.startsWith("blb:")) od.on = false;
              st.sig = null;
              refresh();
            },
          });
      }
    }
    return out;
  }

  return { renderControls, showRecords, clickableHexes, moveAction, wkey, destinations };
}
