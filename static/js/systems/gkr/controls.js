// GKR: Heavy Hitters with Big Little Buddy: the seat's controls for the server's prompt:
// sponsor cards and Call In Support, moves (with facing and movement cards), weapons face
// down, stated results, tags, displacement, stealing, and manual records.
import { button, h, late } from "../dom.js";
import { rulingBox } from "../ruling.js";
import { FACINGS, NEIGHBOURS, STEPS, SUPPORT, AREAS, hexKey, hexText, facingName } from "./view.js";

export function makeControls(P) {
  const { st, ctx, me, controls, recordsBox } = P;
  const { faction, unitName, hexLabel, send, fire, phase } = P;
  const { refresh, drawOverlays, choose } = late(P, "refresh", "drawOverlays", "choose");

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

  // Weapon choice: every prompt weapon is a row; checked rows go face down together.
  const wkey = (w) => `${w.source}:${w.card || w.weapon || ""}`;

  function weaponControls(view, p) {
    const box = group("Choose weapons, face down");
    const limit = view.defaults?.rules?.heavy_hitter_weapons_per_round ?? 2;
    box.append(
      h("p", {
        class: "small",
        text: `Up to ${limit} weapon cards for your Heavy Hitter, your Combat Unit once, and one of Big Little Buddy's weapons if you control him. Others see only a face-down card until the reveal.`,
      }),
    );
    const keys = new Set(p.weapons.map(wkey));
    for (const k of [...st.draft.keys()]) if (!keys.has(k)) st.draft.delete(k);
    const list = h("ul", { class: "gkr-weapons" });
    for (const w of p.weapons) list.append(weaponRow(view, w));
    box.append(list);
    const chosen = p.weapons.filter((w) => st.draft.get(wkey(w))?.on);
    const cards = chosen.filter((w) => w.source === "card").length;
    const over = cards > limit;
    if (over) box.append(h("p", { class: "error", text: `At most ${limit} weapon cards a round.` }));
    const cost = chosen.filter((w) => w.source !== "blb").reduce((n, w) => n + (Number(w.energy) || 0), 0);
    const energy = view.players?.[me]?.energy ?? 0;
    if (chosen.length) {
      box.append(
        h("p", {
          class: `small gkr-cost${cost > energy ? " over" : ""}`,
          role: "status",
          text: `Energy: ${cost} of your ${energy}${cost > energy ? ` — overspending costs ${view.defaults?.rules?.overspend_damage_per_energy ?? 1} damage per energy` : ""}`,
        }),
      );
    }
    box.append(
      h(
        "div",
        { class: "gkr-buttons" },
        button(
          chosen.length
            ? `Put ${chosen.length} weapon${chosen.length === 1 ? "" : "s"} face down`
            : "Choose a weapon first",
          () => fire({ kind: "choose_weapons", weapons: chosen.map((w) => choiceOf(view, w)) }),
          { key: "choose", disabled: !chosen.length || over, cls: "small gkr-fire", primary: true },
        ),
        button("Pass: fire nothing", () => fire({ kind: "choose_weapons", weapons: [] }), {
          key: "pass",
          cls: "small secondary",
        }),
      ),
    );
    return box;
  }

  function weaponRow(view, w) {
    const k = wkey(w);
    const d = st.draft.get(k) || { on: false, target: null, flank: false };
    const options = w.hex_target
      ? (w.hexes || []).map((x) => [hexKey(x), hexLabel(x)])
      : (w.targets || []).map((t) => [t, unitName(t)]);
    if (!options.some(([v]) => v === d.target)) d.target = options[0]?.[0] ?? null;
    st.draft.set(k, d);
    const id = `gkr-w-${k.replace(/[^a-z0-9]/gi, "-")}`;
    const owner = w.source === "blb" ? "Big Little Buddy" : w.source === "combat" ? "Combat Unit" : "Heavy Hitter";
    const cb = h("input", { type: "checkbox", id, checked: d.on, disabled: !options.length, "data-key": `${k}-on` });
    cb.addEventListener("change", () => {
      d.on = cb.checked;
      if (d.on && w.source === "blb")
        for (const [other, od] of st.draft) if (other !== k && other.startsWith("blb:")) od.on = false;
      st.focusWeapon = k;
      refresh();
    });
    const stats = `speed ${w.speed} · ${w.source === "blb" ? "no" : w.energy} energy · ${w.dice} dice · range ${w.range} · damage ${w.damage}`;
    const li = h(
      "li",
      { class: `gkr-weapon src-${w.source}${d.on ? " on" : ""}${options.length ? "" : " none"}` },
      h(
        "div",
        { class: "gkr-check" },
        cb,
        h(
          "label",
          { for: id },
          h("strong", { text: w.name }),
          h("span", { class: "muted", text: ` · ${owner}` }),
          options.length ? null : h("span", { class: "muted", text: " · nothing in range, arc and sight" }),
        ),
      ),
    );
    if (!options.length) return li;
    li.append(h("div", { class: "small muted", text: stats }));
    const select = h("select", {
      id: `${id}-t`,
      "data-key": `${k}-target`,
      "aria-label": `Target of ${w.name} (${owner})`,
    });
    for (const [v, label] of options) select.append(h("option", { value: v, text: label }));
    select.value = d.target;
    select.addEventListener("change", () => {
      d.target = select.value;
      st.focusWeapon = k;
      st.sig = null;
      refresh();
    });
    select.addEventListener("focus", () => {
      st.focusWeapon = k;
      drawOverlays();
    });
    li.append(
      h(
        "div",
        { class: "gkr-target" },
        h("span", { class: "small", text: w.hex_target ? "Hex: " : "Target: " }),
        select,
      ),
    );
    if (view.manual?.flank) {
      const fid = `${id}-flank`;
      const flank = h("input", { type: "checkbox", id: fid, checked: d.flank, "data-key": `${k}-flank` });
      flank.addEventListener("change", () => {
        d.flank = flank.checked;
      });
      li.append(
        h("div", { class: "gkr-check small" }, flank, h("label", { for: fid, text: "Flank shot (stated by you)" })),
      );
    }
    if (view.manual?.weapons) {
      d.stats = d.stats || { speed: w.speed, range: w.range, dice: w.dice, damage: w.damage, energy: w.energy };
      const row = h("div", { class: "gkr-stats", role: "group", "aria-label": `Stated values of ${w.name}` });
      for (const s of ["speed", "range", "dice", "damage", "energy"]) {
        const input = h("input", {
          type: "number",
          min: 0,
          max: s === "damage" ? 25 : s === "range" ? 20 : 10,
          value: d.stats[s],
          id: `${id}-${s}`,
          "data-key": `${k}-${s}`,
        });
        input.addEventListener("change", () => {
          d.stats[s] = Number(input.value);
        });
        row.append(h("label", { for: `${id}-${s}`, class: "small", text: s }), input);
      }
      li.append(row);
    }
    return li;
  }

  function choiceOf(view, w) {
    const d = st.draft.get(wkey(w));
    const c = { source: w.source };
    if (w.source === "card") c.card = w.card;
    if (w.source === "blb") c.weapon = w.weapon;
    if (w.hex_target) {
      const [q, r] = d.target.split(",").map(Number);
      c.target_hex = { q, r };
    } else c.target_unit = d.target;
    if (view.manual?.flank) c.flank = !!d.flank;
    if (view.manual?.weapons && d.stats) c.stats = d.stats;
    return c;
  }

  function resultControls(p) {
    const box = group("State the result of your attack");
    box.append(
      h("p", {
        class: "small",
        text: "Dice are resolved at the table: roll them, then say how much damage each unit took.",
      }),
    );
    const inputs = [];
    for (const v of p.victims) {
      const id = `gkr-dmg-${v.replace(/[^a-z0-9]/gi, "-")}`;
      const input = h("input", { type: "number", min: 0, max: 30, value: 0, id, "data-key": `dmg-${v}` });
      inputs.push([v, input]);
      box.append(
        h("div", { class: "field inline-field" }, h("label", { for: id, text: `Damage to ${unitName(v)}` }), input),
      );
    }
    box.append(
      button(
        "State the result",
        () =>
          fire({
            kind: "state_result",
            results: inputs.map(([unit, i]) => ({ unit, damage: Math.max(0, Number(i.value) || 0) })),
          }),
        { key: "state-result", primary: true },
      ),
    );
    return box;
  }

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

  function showRecords(view) {
    const manual = Object.entries(view.manual || {})
      .filter(([, on]) => on)
      .map(([k]) => k);
    const sig = JSON.stringify([
      manual,
      view.records,
      me,
      (view.pieces || []).map((p) => p.id),
      view.open_record,
      view.dispute,
    ]);
    if (sig === st.recSig) return;
    st.recSig = sig;
    recordsBox.replaceChildren();
    if (!manual.length && !(view.records || []).length) {
      recordsBox.hidden = true;
      return;
    }
    recordsBox.hidden = false;
    recordsBox.append(
      h("h3", { text: "Manual resolution" }),
      h("p", {
        class: "small",
        text: `Resolved by the players: ${manual.map((a) => AREAS[a] || a).join(", ") || "nothing"}. The table keeps the record.`,
      }),
    );
    if (view.dispute) {
      const d = view.dispute;
      recordsBox.append(
        h("p", {
          class: "gkr-note",
          role: "status",
          text: `On hold: ${faction(d.by)} disputes record ${d.record} by ${faction(d.author)}${d.reason ? ` (${d.reason})` : ""}. The host rules on it.`,
        }),
      );
      const rule = rulingBox(ctx, d.record, {
        prefix: "gkr",
        overturnText: "Overturning puts the table back as it was before the record.",
      });
      if (rule) recordsBox.append(rule);
    }
    if (me && manual.some((a) => a !== "dice" && a !== "flank" && a !== "weapons"))
      recordsBox.append(recordForm(view, manual));
    const list = h("ol", { class: "gkr-recs" });
    for (const r of (view.records || []).slice(-8)) {
      const what = r.results
        ? r.results.map((x) => `${unitName(x.unit)} ${x.damage} damage`).join(", ")
        : [
            r.unit ? unitName(r.unit) : "",
            r.damage ? `${r.damage} damage` : "",
            r.heal ? `${r.heal} healed` : "",
            r.energy ? `${r.energy} energy` : "",
            r.note,
          ]
            .filter(Boolean)
            .join(", ");
      const li = h("li", {
        text: `${faction(r.player)} · ${AREAS[r.area] || r.area}${r.weapon ? ` (${r.weapon})` : ""}: ${what || "noted"}${r.status && r.status !== "closed" ? ` · ${r.status}` : ""}`,
      });
      if (me && r.index === view.open_record && r.player !== me && !view.dispute) {
        const why = h("input", {
          maxLength: 200,
          placeholder: "reason",
          "aria-label": `Reason to dispute record ${r.index}`,
          "data-key": `why-${r.index}`,
        });
        li.append(
          " ",
          why,
          button("Dispute", () => fire({ kind: "dispute", record: r.index, reason: why.value.trim() }), {
            key: `dispute-${r.index}`,
            cls: "small secondary",
          }),
        );
      }
      list.append(li);
    }
    if ((view.records || []).length) recordsBox.append(list);
  }

  function recordForm(view, manual) {
    const form = h("form", { class: "gkr-record", "aria-label": "Record a result" });
    const area = h(
      "select",
      { id: "gkr-rec-area" },
      ...manual
        .filter((a) => !["dice", "flank", "weapons"].includes(a))
        .map((a) => h("option", { value: a, text: AREAS[a] || a })),
    );
    const unit = h(
      "select",
      { id: "gkr-rec-unit" },
      h("option", { value: "", text: "no unit" }),
      ...(view.pieces || []).map((p) => h("option", { value: p.id, text: unitName(p.id) })),
    );
    const num = (id, label) => {
      const i = h("input", { type: "number", id, value: 0, min: id === "gkr-rec-energy" ? -20 : 0, max: 30 });
      return [i, h("div", { class: "field" }, h("label", { for: id, text: label }), i)];
    };
    const [dmg, dmgF] = num("gkr-rec-damage", "Damage");
    const [heal, healF] = num("gkr-rec-heal", "Heal");
    const [energy, energyF] = num("gkr-rec-energy", "Energy spent");
    const note = h("input", { id: "gkr-rec-note", maxLength: 200, placeholder: "what happened" });
    form.append(
      h("div", { class: "field" }, h("label", { for: "gkr-rec-area", text: "Rule area" }), area),
      h("div", { class: "field" }, h("label", { for: "gkr-rec-unit", text: "Unit" }), unit),
      h("div", { class: "gkr-nums" }, dmgF, healF, energyF),
      h("div", { class: "field" }, h("label", { for: "gkr-rec-note", text: "Note" }), note),
      h("button", { type: "submit", class: "small", text: "Record the result" }),
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const action = {
        kind: "record",
        area: area.value,
        note: note.value.trim(),
        damage: Number(dmg.value) || 0,
        heal: Number(heal.value) || 0,
        energy: Number(energy.value) || 0,
      };
      if (unit.value) action.unit = unit.value;
      send(action)
        .then(() => {
          note.value = "";
        })
        .catch(() => {});
    });
    return form;
  }

  // The dice of the latest Combat Phase, from the attack events (the log and history feed them).

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

  return { renderControls, showRecords, clickableHexes, moveAction, wkey };
}
