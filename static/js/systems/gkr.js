// GKR: Heavy Hitters with Big Little Buddy: the game's controls and board overlays.
// The server decides everything (view.prompt holds the legal choices); this module shows the
// view and asks. Works for a seat and, read-only, without one (ctx.seat null: counts only).
// Every text node is set with textContent.
import { el as svgEl, text as svgText } from "../board/svg.js";
import { button, h } from "./dom.js";
import { toPixel, corners } from "../board/hex.js";

const FACINGS = [[0, "east"], [300, "north-east"], [240, "north-west"], [180, "west"], [120, "south-west"], [60, "south-east"]];
const NEIGHBOURS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const PHASES = { deploy: "Deploy", movement: "Movement", combat: "Combat", tagging: "Tagging", reset: "Reset", over: "Game over" };
const STEPS = { heavy: "Heavy Hitters", blb: "Big Little Buddy", support: "Support Units" };
const SUPPORT = ["combat", "repair", "recon"];
const AREAS = { energy: "Energy", weapons: "Weapon values", dice: "Dice", flank: "Flank shots", tagging: "Tagging", support: "Support units" };

const hexKey = (p) => `${p.q},${p.r}`;
const hexText = (p) => `(${p.q}, ${p.r})`;
const facingName = (deg) => (FACINGS.find(([d]) => d === deg) || [0, `${deg}°`])[1];

export function mount(ctx) {
  const { container, board } = ctx;
  const me = ctx.seat || null;
  document.body.classList.add("gkr-table");
  container.classList.add("gkr-panel");

  // --- panel skeleton ----------------------------------------------------------------------------
  const banner = h("div", { class: "gkr-winner", role: "alert", hidden: true });
  const status = h("div", { class: "gkr-status", role: "status", "aria-live": "polite" });
  const controls = h("div", { class: "gkr-controls" });
  const players = h("div", { class: "gkr-players" });
  const firing = h("section", { class: "gkr-firing", "aria-label": "Firing line" });
  const attacksBox = h("section", { class: "gkr-attacks", "aria-label": "Dice of the last Combat Phase", hidden: true });
  const blbBox = h("section", { class: "gkr-blb", "aria-label": "Big Little Buddy" });
  const handBox = h("section", { class: "gkr-hand", "aria-label": "Your cards" });
  const buildingsBox = h("section", { class: "gkr-buildings", "aria-label": "Buildings" });
  const recordsBox = h("section", { class: "gkr-records", "aria-label": "Manual resolution" });
  const rulesBox = h("details", { class: "gkr-rules" });
  container.replaceChildren(h("h2", { text: "Heavy Hitters" }), banner, status, controls, firing, attacksBox, blbBox, players, handBox,
    buildingsBox, recordsBox, rulesBox);
  const boardBanner = h("div", { class: "gkr-board-banner", hidden: true, "aria-hidden": "true" });
  document.querySelector(".board-wrap")?.append(boardBanner);

  // --- board overlays: buildings and highlights below the pieces, markers above -------------------
  const below = svgEl("g", { class: "gkr-below" }, board.overlayBelow);
  const above = svgEl("g", { class: "gkr-above" }, board.overlay);
  const layers = {
    buildings: svgEl("g", { class: "gkr-building-layer" }, below),
    glow: svgEl("g", { class: "gkr-glow-layer" }, below),
    dest: svgEl("g", { class: "gkr-dest-layer" }, below),
    marks: svgEl("g", { class: "gkr-marks" }, above),
  };

  const st = { view: null, chosen: null, facing: "keep", thrusters: false, draft: new Map(), focusWeapon: null,
    sig: null, handSig: null, buildSig: null, recSig: null, press: null, tagCount: 1,
    attacks: new Map(), revealSeq: -1, attacksTimer: null };

  // --- names ------------------------------------------------------------------------------------
  const faction = (seat) => st.view?.players?.[seat]?.name || seat || "nobody";
  const colour = (seat) => st.view?.players?.[seat]?.colour || "#777";
  const player = (seat) => {
    const n = ctx.names?.get?.(seat);
    return n && n.toLowerCase() !== faction(seat).toLowerCase() && n.toLowerCase() !== String(seat).toLowerCase()
      ? `${faction(seat)} (${n})` : faction(seat);
  };
  function unitName(id) {
    if (id === "blb") return "Big Little Buddy";
    const piece = (st.view?.pieces || []).find((p) => p.id === id);
    const [seat, kind] = String(id).split(":");
    if (kind === "heavy") return piece?.name || `${faction(seat)} Heavy Hitter`;
    const kindName = { combat: "Combat Unit", repair: "Repair Unit", recon: "Recon Unit" }[kind] || kind || id;
    return `${faction(seat)} ${piece?.name || kindName}`;
  }
  const buildingAt = (p) => (st.view?.board?.buildings || []).find((b) => b.q === p.q && b.r === p.r);
  const hexLabel = (p) => { const b = buildingAt(p); return `${hexText(p)}${b ? ` building ${b.id}${b.demolished ? " (rubble)" : ""}` : ""}`; };

  function send(action) {
    return ctx.send(action).catch((err) => { ctx.message(`Refused: ${err.message}`); throw err; });
  }
  const fire = (action) => send(action).catch(() => {});

  const phase = () => st.view?.turn?.phase;

  // --- status, winner ---------------------------------------------------------------------------
  function showStatus(view) {
    const turn = view.turn || {};
    const w = view.winner;
    const sig = JSON.stringify([turn, w, view.prompt?.text, view.players]);
    if (sig === st.statusSig) return;
    st.statusSig = sig;
    if (w) {
      const who = (w.winners || []).map(faction).join(", ");
      const text = who ? `${who} win${(w.winners || []).length === 1 ? "s" : ""}: ${w.reason}` : `No winner: ${w.reason}`;
      const mine = me && (w.winners || []).includes(me);
      banner.replaceChildren(h("strong", { text: me ? (mine ? "You win! " : "Game over. ") : "Game over. " }), h("span", { text }));
      banner.style.background = (w.winners || []).length === 1 ? colour(w.winners[0]) : "";
      banner.hidden = false;
      boardBanner.textContent = who ? `${who} win${(w.winners || []).length === 1 ? "s" : ""}!` : "A draw";
      boardBanner.style.background = banner.style.background;
      boardBanner.hidden = false;
    } else {
      banner.hidden = true;
      boardBanner.hidden = true;
    }
    const active = turn.active || [];
    const mine = me && active.includes(me) && !!view.prompt;
    const phaseName = `${PHASES[turn.phase] || turn.phase || ""}${turn.step ? ` · ${STEPS[turn.step] || turn.step}` : ""}`;
    const order = (turn.turn_order || []).map((s) => h("span", { class: `gkr-chip${active.includes(s) ? " active" : ""}`,
      style: `--c:${colour(s)}`, text: faction(s), title: active.includes(s) ? "to act" : "" }));
    status.classList.toggle("mine", !!mine);
    status.replaceChildren(
      h("div", { class: "gkr-phase" }, h("strong", { text: `Round ${turn.round ?? "?"}` }), h("span", { text: ` · ${phaseName}` })),
      h("div", { class: "gkr-order", role: "group", "aria-label": "Turn order" }, ...order),
      h("p", { class: "gkr-who", text: w ? "" : mine ? `Your turn: ${view.prompt.text}`
        : active.length ? `Waiting for ${active.map(player).join(", ")}` : "" }),
    );
    const mineP = me && view.players?.[me];
    if (mineP) status.append(h("p", { class: "gkr-mine", text: `Your energy ${mineP.energy} · tags ${mineP.tags} · ${mineP.hp} cards left` }));
  }

  // --- controls of the phase --------------------------------------------------------------------
  function renderControls(view) {
    const sig = JSON.stringify([view.prompt, view.hand?.map((c) => c.id), view.sponsor_hand?.map((c) => c.id), st.chosen,
      st.facing, st.thrusters, [...st.draft], view.winner && 1, view.manual, view.firing_line?.length, st.tagCount]);
    if (sig === st.sig) return;
    st.sig = sig;
    const focusKey = controls.contains(document.activeElement) ? document.activeElement.dataset?.key : null;
    controls.replaceChildren();
    if (!me || view.winner) return;
    const p = view.prompt;
    const ph = phase();
    if (!p) {
      if (ph === "combat" && view.players?.[me]?.chosen) controls.append(h("p", { class: "gkr-note", text: "Your weapons are face down in the firing line. Waiting for the others." }));
      return;
    }
    if (p.steal_from) {  // "they may steal a random Sponsor Card": decided now that he has fallen
      const box = group("Big Little Buddy destroyed");
      box.append(h("p", { class: "small", text: p.text }),
        button("Steal a random sponsor card", () => fire({ kind: "steal", take: true }), { key: "steal-yes" }),
        button("Do not steal", () => fire({ kind: "steal", take: false }), { key: "steal-no", cls: "secondary" }));
      controls.append(box);
      return;
    }
    if (ph === "deploy") controls.append(deployControls(view, p));
    if (ph === "movement") controls.append(moveControls(view, p));
    if (ph === "combat" && p.weapons) controls.append(weaponControls(view, p));
    if (ph === "combat" && p.victims) controls.append(resultControls(view, p));
    if (ph === "tagging") controls.append(tagControls(view, p));
    if (ph === "reset" && p.hexes) controls.append(displaceControls(view, p));
    if (["deploy", "movement", "tagging"].includes(ph)) {
      controls.append(button(ph === "movement" ? "End your movement" : "End your turn", () => fire({ kind: "end_turn" }),
        { key: "end-turn", cls: "gkr-end" }));
    }
    if (focusKey) {
      const again = [...controls.querySelectorAll("[data-key]")].find((n) => n.dataset.key === focusKey && !n.disabled)
        || controls.querySelector("button:not([disabled]), input, select");
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
      const why = blb && !p.can_activate_blb ? (view.blb?.activated_this_round ? " (already activated this round)" : " (not now)") : "";
      box.append(button(blb ? `Play ${c.name}: take Big Little Buddy${why}` : `Play ${c.name}`,
        () => fire(blb ? { kind: "activate_blb", card: c.id } : { kind: "play_sponsor", card: c.id }),
        { key: `sponsor-${c.id}`, disabled: blb && !p.can_activate_blb, cls: blb ? "small gkr-blb-button" : "small secondary" }));
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
        row.append(button(hexText(spot), () => fire({ kind: "deploy_support", card: deployCard.id, unit: select.value, to: spot }),
          { key: `deploy-${hexKey(spot)}`, aria: `Call in the chosen unit at hex ${hexText(spot)}` }));
      }
      box.append(h("div", { class: "field" }, h("label", { for: "gkr-deploy-unit", text: `${deployCard.name}: unit to bring back` }), select),
        h("p", { class: "small", text: "Next to your Heavy Hitter, at:" }), row);
    }
    return box;
  }

  function freeAround(view, uid) {
    const u = (view.pieces || []).find((x) => x.id === uid);
    if (!u) return [];
    const cells = new Set((view.board?.cells || []).map(hexKey));
    const taken = new Set((view.pieces || []).map(hexKey));
    const blocked = new Set((view.board?.buildings || []).filter((b) => !b.demolished).map(hexKey));
    return NEIGHBOURS.map(([dq, dr]) => ({ q: u.q + dq, r: u.r + dr }))
      .filter((x) => cells.has(hexKey(x)) && !taken.has(hexKey(x)) && !blocked.has(hexKey(x)));
  }

  function moveControls(view, p) {
    const box = group(`Move: ${STEPS[view.turn.step] || view.turn.step}`);
    const moves = p.moves || [];
    if (!moves.length) { box.append(h("p", { class: "gkr-note", text: "None of your units moves in this step." })); return box; }
    const r = view.defaults?.rules || {};
    const costText = view.turn.step === "heavy" && r.heavy_hitter_move ? ` Costs ${r.heavy_hitter_move.energy_per_hex} energy a hex`
      : view.turn.step === "support" && r.support_move ? ` Costs ${r.support_move.energy_per_unit} energy a unit`
        : view.turn.step === "blb" ? " He moves without energy" : "";
    box.append(h("p", { class: "small", text: `Pick a unit, then a lit hex on the board (or drag it there). Each unit moves once.${costText ? `${costText}; you have ${view.players?.[me]?.energy ?? 0}.` : ""}` }));
    const row = h("div", { class: "gkr-buttons" });
    for (const m of moves) {
      const b = button(`${unitName(m.unit)} (${destinations(m).length} hexes)`, () => choose(m.unit),
        { key: `pick-${m.unit}`, cls: st.chosen === m.unit ? "small" : "small secondary", aria: `Choose ${unitName(m.unit)} to move, range ${m.range}` });
      b.setAttribute("aria-pressed", String(st.chosen === m.unit));
      row.append(b);
    }
    box.append(row);
    const facing = h("select", { id: "gkr-facing", "data-key": "facing" },
      h("option", { value: "keep", text: "keep its facing" }),
      ...FACINGS.map(([d, n]) => h("option", { value: String(d), text: n })));
    facing.value = String(st.facing);
    facing.addEventListener("change", () => { st.facing = facing.value === "keep" ? "keep" : Number(facing.value); refresh(); });
    box.append(h("div", { class: "field" }, h("label", { for: "gkr-facing", text: "Facing after the move" }), facing));
    const chosen = moves.find((m) => m.unit === st.chosen);
    const thrusters = chosen?.card && (view.hand || []).find((c) => c.id === chosen.card);
    if (chosen && thrusters) {
      const cb = h("input", { type: "checkbox", id: "gkr-thrusters", checked: st.thrusters, "data-key": "thrusters" });
      cb.addEventListener("change", () => { st.thrusters = cb.checked; refresh(); });
      box.append(h("div", { class: "gkr-check" }, cb, h("label", { for: "gkr-thrusters",
        text: `Play ${thrusters.name} with this move (range ${chosen.card_range} instead of ${chosen.range})` })));
    }
    if (chosen) {
      const piece = (view.pieces || []).find((x) => x.id === chosen.unit);
      if (piece && st.facing !== "keep") {
        box.append(button(`Turn ${unitName(chosen.unit)} to face ${facingName(st.facing)} without moving`,
          () => fire(moveAction(piece, { q: piece.q, r: piece.r }, st.facing)), { key: "turn-only", cls: "small secondary" }));
      }
      const list = h("div", { class: "gkr-buttons gkr-dests", role: "group", "aria-label": `Where ${unitName(chosen.unit)} may go` });
      for (const d of destinations(chosen)) {
        list.append(button(hexText(d), () => fire(moveAction(piece, d)), { key: `to-${hexKey(d)}`, cls: "small secondary",
          aria: `Move ${unitName(chosen.unit)} to hex ${hexLabel(d)}` }));
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
    box.append(h("p", { class: "small", text: `Up to ${limit} weapon cards for your Heavy Hitter, your Combat Unit once, and one of Big Little Buddy's weapons if you control him. Others see only a face-down card until the reveal.` }));
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
      box.append(h("p", { class: `small gkr-cost${cost > energy ? " over" : ""}`, role: "status",
        text: `Energy: ${cost} of your ${energy}${cost > energy ? ` — overspending costs ${view.defaults?.rules?.overspend_damage_per_energy ?? 1} damage per energy` : ""}` }));
    }
    box.append(h("div", { class: "gkr-buttons" },
      button(chosen.length ? `Put ${chosen.length} weapon${chosen.length === 1 ? "" : "s"} face down` : "Choose a weapon first",
        () => fire({ kind: "choose_weapons", weapons: chosen.map((w) => choiceOf(view, w)) }),
        { key: "choose", disabled: !chosen.length || over, cls: "small gkr-fire" }),
      button("Pass: fire nothing", () => fire({ kind: "choose_weapons", weapons: [] }), { key: "pass", cls: "small secondary" })));
    return box;
  }

  function weaponRow(view, w) {
    const k = wkey(w);
    const d = st.draft.get(k) || { on: false, target: null, flank: false };
    const options = w.hex_target ? (w.hexes || []).map((x) => [hexKey(x), hexLabel(x)]) : (w.targets || []).map((t) => [t, unitName(t)]);
    if (!options.some(([v]) => v === d.target)) d.target = options[0]?.[0] ?? null;
    st.draft.set(k, d);
    const id = `gkr-w-${k.replace(/[^a-z0-9]/gi, "-")}`;
    const owner = w.source === "blb" ? "Big Little Buddy" : w.source === "combat" ? "Combat Unit" : "Heavy Hitter";
    const cb = h("input", { type: "checkbox", id, checked: d.on, disabled: !options.length, "data-key": `${k}-on` });
    cb.addEventListener("change", () => {
      d.on = cb.checked;
      if (d.on && w.source === "blb") for (const [other, od] of st.draft) if (other !== k && other.startsWith("blb:")) od.on = false;
      st.focusWeapon = k;
      refresh();
    });
    const stats = `speed ${w.speed} · ${w.source === "blb" ? "no" : w.energy} energy · ${w.dice} dice · range ${w.range} · damage ${w.damage}`;
    const li = h("li", { class: `gkr-weapon src-${w.source}${d.on ? " on" : ""}${options.length ? "" : " none"}` },
      h("div", { class: "gkr-check" }, cb, h("label", { for: id }, h("strong", { text: w.name }), h("span", { class: "muted", text: ` · ${owner}` }),
        options.length ? null : h("span", { class: "muted", text: " · nothing in range, arc and sight" }))));
    if (!options.length) return li;
    li.append(h("div", { class: "small muted", text: stats }));
    const select = h("select", { id: `${id}-t`, "data-key": `${k}-target`, "aria-label": `Target of ${w.name} (${owner})` });
    for (const [v, label] of options) select.append(h("option", { value: v, text: label }));
    select.value = d.target;
    select.addEventListener("change", () => { d.target = select.value; st.focusWeapon = k; st.sig = null; refresh(); });
    select.addEventListener("focus", () => { st.focusWeapon = k; drawOverlays(); });
    li.append(h("div", { class: "gkr-target" }, h("span", { class: "small", text: w.hex_target ? "Hex: " : "Target: " }), select));
    if (view.manual?.flank) {
      const fid = `${id}-flank`;
      const flank = h("input", { type: "checkbox", id: fid, checked: d.flank, "data-key": `${k}-flank` });
      flank.addEventListener("change", () => { d.flank = flank.checked; });
      li.append(h("div", { class: "gkr-check small" }, flank, h("label", { for: fid, text: "Flank shot (stated by you)" })));
    }
    if (view.manual?.weapons) {
      d.stats = d.stats || { speed: w.speed, range: w.range, dice: w.dice, damage: w.damage, energy: w.energy };
      const row = h("div", { class: "gkr-stats", role: "group", "aria-label": `Stated values of ${w.name}` });
      for (const s of ["speed", "range", "dice", "damage", "energy"]) {
        const input = h("input", { type: "number", min: 0, max: s === "damage" ? 25 : s === "range" ? 20 : 10, value: d.stats[s],
          id: `${id}-${s}`, "data-key": `${k}-${s}` });
        input.addEventListener("change", () => { d.stats[s] = Number(input.value); });
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
    if (w.hex_target) { const [q, r] = d.target.split(",").map(Number); c.target_hex = { q, r }; } else c.target_unit = d.target;
    if (view.manual?.flank) c.flank = !!d.flank;
    if (view.manual?.weapons && d.stats) c.stats = d.stats;
    return c;
  }

  function resultControls(view, p) {
    const box = group("State the result of your attack");
    box.append(h("p", { class: "small", text: "Dice are resolved at the table: roll them, then say how much damage each unit took." }));
    const inputs = [];
    for (const v of p.victims) {
      const id = `gkr-dmg-${v.replace(/[^a-z0-9]/gi, "-")}`;
      const input = h("input", { type: "number", min: 0, max: 30, value: 0, id, "data-key": `dmg-${v}` });
      inputs.push([v, input]);
      box.append(h("div", { class: "field inline-field" }, h("label", { for: id, text: `Damage to ${unitName(v)}` }), input));
    }
    box.append(button("State the result", () => fire({ kind: "state_result",
      results: inputs.map(([unit, i]) => ({ unit, damage: Math.max(0, Number(i.value) || 0) })) }), { key: "state-result" }));
    return box;
  }

  function tagControls(view, p) {
    const box = group("Tag buildings");
    const tags = p.tags || [];
    if (!tags.length) box.append(h("p", { class: "gkr-note", text: view.players?.[me]?.tags ? "None of your units stands next to a standing building." : "You have no Holo-board Tags left." }));
    let count = null;
    if (view.manual?.tagging) {
      count = h("select", { id: "gkr-tag-count", "data-key": "tag-count" }, ...[1, 2, 3, 4].map((n) => h("option", { value: String(n), text: String(n) })));
      count.value = String(st.tagCount);
      count.addEventListener("change", () => { st.tagCount = Number(count.value); });
      box.append(h("div", { class: "field" }, h("label", { for: "gkr-tag-count", text: "Tags placed (stated)" }), count));
    }
    for (const t of tags) {
      for (const b of t.buildings) {
        box.append(button(`Tag ${b} with ${unitName(t.unit)}`, () => fire(tagAction(t.unit, b)), { key: `tag-${t.unit}-${b}` }));
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

  function displaceControls(view, p) {
    const box = group(`Displace ${unitName(p.unit)}`);
    box.append(h("p", { class: "small", text: "Big Little Buddy is back in the centre: move your unit to an empty hex next to it (click a lit hex, drag, or pick one)." }));
    const row = h("div", { class: "gkr-buttons" });
    for (const x of p.hexes) row.append(button(hexText(x), () => fire({ kind: "displace", to: x }), { key: `displace-${hexKey(x)}`, aria: `Displace ${unitName(p.unit)} to hex ${hexText(x)}` }));
    box.append(row);
    return box;
  }

  // --- what everyone sees: counts, firing line, Big Little Buddy, buildings ----------------------
  function showPlayers(view) {
    const table = h("table", { class: "gkr-counts" });
    const cols = [["Faction", ""], ["En", "Energy"], ["Tag", "Holo-board Tags in supply"], ["Hand", "Cards in hand"],
      ["Spn", "Sponsor cards"], ["Deck", "Cards in the deck"], ["Dmg", "Cards in the damage pile"], ["Bld", "Buildings demolished"]];
    const head = h("tr", {}, ...cols.map(([t, full]) => h("th", { scope: "col" }, full
      ? h("abbr", { title: full, "aria-label": full, text: t }) : h("span", { class: "sr-only", text: t }))));
    table.append(h("caption", { class: "sr-only", text: "Players: energy, tags and card counts" }), h("thead", {}, head));
    const body = h("tbody", {});
    const order = view.turn?.turn_order?.length ? view.turn.turn_order : Object.keys(view.players || {});
    for (const seat of order) {
      const p = view.players[seat];
      if (!p) continue;
      const name = h("th", { scope: "row" }, h("span", { class: "swatch", style: `background:${p.colour}`, "aria-hidden": "true" }),
        h("span", { text: p.name }), seat === me ? h("span", { class: "sr-only", text: " (you)" }) : null);
      const row = h("tr", { class: `${p.eliminated ? "out" : ""}${seat === me ? " me" : ""}`, "data-seat": seat }, name,
        h("td", { text: String(p.energy) }), h("td", { text: String(p.tags) }), h("td", { text: String(p.hand_count) }),
        h("td", { text: String(p.sponsor_count) }), h("td", { text: String(p.deck_count) }),
        h("td", { text: p.eliminated ? "destroyed" : `${p.damage_count}`, title: `${p.hp} cards left (deck, discard and hand)` }),
        h("td", { text: String(p.demolished) }));
      body.append(row);
    }
    table.append(body);
    players.replaceChildren(h("h3", { text: "Players" }), h("div", { class: "gkr-scroll" }, table),
      h("p", { class: "small muted", text: `Sponsor pile ${view.sponsor_pile_count ?? "?"} cards · sponsor discard ${view.sponsor_discard_count ?? 0}` }));
  }

  function showFiring(view) {
    const line = view.firing_line || [];
    firing.replaceChildren(h("h3", { text: "Firing line" }));
    if (!line.length) {
      firing.append(h("p", { class: "small muted", text: phase() === "combat" ? "No weapon chosen yet." : "Empty until the Combat Phase." }));
      return;
    }
    const revealed = line.some((e) => e.revealed);
    const past = phase() !== "combat";
    firing.append(h("p", { class: "small muted", text: past ? "The last Combat Phase, in the order it was resolved."
      : revealed ? "Revealed, in speed order (fastest first)." : "Face down until everyone has chosen." }));
    firing.classList.toggle("past", past);
    const list = h("ol", { class: "gkr-line" });
    for (const e of line) {
      if (e.hidden) {
        list.append(h("li", { class: "gkr-card face-down", style: `--c:${colour(e.owner)}`, "aria-label": `${faction(e.owner)}: a face-down card` },
          h("span", { class: "gkr-card-back", "aria-hidden": "true", text: "?" }), h("span", { text: `${faction(e.owner)}: face down` })));
        continue;
      }
      const target = e.target_hex ? `hex ${hexLabel(e.target_hex)}` : unitName(e.target_unit);
      const label = `${faction(e.owner)}: ${e.weapon?.name} (${unitName(e.unit)}) at ${target}, speed ${e.weapon?.speed}${e.revealed ? "" : ", face down (yours)"}`;
      list.append(h("li", { class: `gkr-card${e.revealed ? " revealed" : " mine"}`, style: `--c:${colour(e.owner)}`, "aria-label": label },
        h("span", { class: "gkr-speed", text: String(e.weapon?.speed ?? "?"), title: "speed" }),
        h("span", {}, h("strong", { text: e.weapon?.name || "?" }), h("span", { text: ` · ${faction(e.owner)} · ${unitName(e.unit)} → ${target}` }),
          e.revealed ? null : h("span", { class: "muted", text: " (face down)" }))));
    }
    firing.append(list);
  }

  function showBLB(view) {
    const b = view.blb || {};
    const ctl = b.controller;
    const card = h("div", { class: `gkr-unit-card${ctl ? " controlled" : ""}`, style: ctl ? `--c:${colour(ctl)}` : "" },
      h("div", { class: "gkr-unit-head" }, h("strong", { text: b.name || "Big Little Buddy" }),
        h("span", { class: "gkr-hp", text: b.on_board ? `HP ${b.hp}/${b.max_hp}` : "off the board" })),
      h("div", { class: "small", text: `Move ${b.range} hexes (no energy) · to hit ${b.to_hit}+ · armor ${b.armor}+ · arc ${b.arc}°` }),
      h("div", { class: "gkr-control", role: "status" }, ctl
        ? h("span", {}, h("span", { class: "gkr-tag", style: `background:${colour(ctl)}`, "aria-hidden": "true", text: "TAG" }), h("span", { text: ` Controlled by ${player(ctl)}${ctl === me ? " (you)" : ""} until the end of combat` }))
        : h("span", { text: b.on_board ? `Uncontrolled${b.activated_this_round ? "" : ": an Activate BLB card takes him in the Deploy Phase"}` : "Off the board until the end of the Reset Phase" })));
    const weapons = h("ul", { class: "gkr-blb-weapons", "aria-label": "Big Little Buddy's weapon cards" });
    const faceDown = b.weapon_cards_face_down > 0 && !b.chosen_weapon;
    for (const w of b.weapons || []) {
      const chosen = b.chosen_weapon === `blb/${w.key}`;
      weapons.append(h("li", { class: `gkr-wcard${chosen ? " chosen" : ""}${faceDown ? " face-down" : ""}` },
        h("strong", { text: faceDown ? "Face down" : w.name }),
        faceDown ? null : h("span", { class: "small", text: ` speed ${w.speed} · ${w.dice} dice · range ${w.range} · dmg ${w.damage}${w.hex_target ? " · any hex" : ""}` }),
        chosen ? h("span", { class: "gkr-pill", text: "chosen" }) : null));
    }
    blbBox.replaceChildren(h("h3", { text: "Big Little Buddy" }), card, weapons);
    if (faceDown) blbBox.append(h("p", { class: "small muted", text: `${faction(ctl)} may have chosen one of his three weapons; all three are face down.` }));
  }

  function showHand(view) {
    const sig = JSON.stringify([view.hand, view.sponsor_hand]);
    if (sig === st.handSig) return;
    st.handSig = sig;
    if (!me) { handBox.replaceChildren(); handBox.hidden = true; return; }
    handBox.hidden = false;
    const cards = (list, empty) => (list.length ? h("ul", { class: "gkr-cards" }, ...list.map((c) => h("li", { class: `gkr-hcard type-${c.type}`, title: c.id },
      h("span", { text: c.name }), h("span", { class: "gkr-type", text: c.type.replace("-", " ") })))) : h("p", { class: "small muted", text: empty }));
    handBox.replaceChildren(h("h3", { text: `Your hand (${(view.hand || []).length})` }), cards(view.hand || [], "No cards."),
      h("h3", { text: `Your sponsor cards (${(view.sponsor_hand || []).length})` }), cards(view.sponsor_hand || [], "No sponsor cards."));
  }

  function showBuildings(view) {
    const sig = JSON.stringify(view.board?.buildings);
    if (sig === st.buildSig) return;
    st.buildSig = sig;
    const need = view.defaults?.rules?.tags_to_demolish ?? 4;
    const list = h("ul", { class: "gkr-blist" });
    for (const b of view.board?.buildings || []) {
      const tags = Object.entries(b.tags || {}).filter(([, n]) => n > 0).map(([s, n]) => `${faction(s)} ${n}`).join(", ");
      list.append(h("li", { class: b.demolished ? "rubble" : "" }, h("strong", { text: b.id }),
        h("span", { text: b.demolished ? ` rubble (demolished by ${faction(b.by)})` : ` ${b.tag_total}/${need} tags${tags ? `: ${tags}` : ""}` })));
    }
    buildingsBox.replaceChildren(h("h3", { text: "Buildings" }), list);
  }

  function showRecords(view) {
    const manual = Object.entries(view.manual || {}).filter(([, on]) => on).map(([k]) => k);
    const sig = JSON.stringify([manual, view.records, me, (view.pieces || []).map((p) => p.id), view.open_record, view.dispute]);
    if (sig === st.recSig) return;
    st.recSig = sig;
    recordsBox.replaceChildren();
    if (!manual.length && !(view.records || []).length) { recordsBox.hidden = true; return; }
    recordsBox.hidden = false;
    recordsBox.append(h("h3", { text: "Manual resolution" }),
      h("p", { class: "small", text: `Resolved by the players: ${manual.map((a) => AREAS[a] || a).join(", ") || "nothing"}. The table keeps the record.` }));
    if (view.dispute) {
      const d = view.dispute;
      recordsBox.append(h("p", { class: "gkr-note", role: "status", text: `On hold: ${faction(d.by)} disputes record ${d.record} by ${faction(d.author)}${d.reason ? ` (${d.reason})` : ""}. The host rules on it.` }));
    }
    if (me && manual.some((a) => a !== "dice" && a !== "flank" && a !== "weapons")) recordsBox.append(recordForm(view, manual));
    const list = h("ol", { class: "gkr-recs" });
    for (const r of (view.records || []).slice(-8)) {
      const what = r.results ? r.results.map((x) => `${unitName(x.unit)} ${x.damage} damage`).join(", ")
        : [r.unit ? unitName(r.unit) : "", r.damage ? `${r.damage} damage` : "", r.heal ? `${r.heal} healed` : "", r.energy ? `${r.energy} energy` : "", r.note].filter(Boolean).join(", ");
      const li = h("li", { text: `${faction(r.player)} · ${AREAS[r.area] || r.area}${r.weapon ? ` (${r.weapon})` : ""}: ${what || "noted"}${r.status && r.status !== "closed" ? ` · ${r.status}` : ""}` });
      if (me && r.index === view.open_record && r.player !== me && !view.dispute) {
        const why = h("input", { maxLength: 200, placeholder: "reason", "aria-label": `Reason to dispute record ${r.index}`, "data-key": `why-${r.index}` });
        li.append(" ", why, button("Dispute", () => fire({ kind: "dispute", record: r.index, reason: why.value.trim() }),
          { key: `dispute-${r.index}`, cls: "small secondary" }));
      }
      list.append(li);
    }
    if ((view.records || []).length) recordsBox.append(list);
  }

  function recordForm(view, manual) {
    const form = h("form", { class: "gkr-record", "aria-label": "Record a result" });
    const area = h("select", { id: "gkr-rec-area" }, ...manual.filter((a) => !["dice", "flank", "weapons"].includes(a)).map((a) => h("option", { value: a, text: AREAS[a] || a })));
    const unit = h("select", { id: "gkr-rec-unit" }, h("option", { value: "", text: "no unit" }),
      ...(view.pieces || []).map((p) => h("option", { value: p.id, text: unitName(p.id) })));
    const num = (id, label) => { const i = h("input", { type: "number", id, value: 0, min: id === "gkr-rec-energy" ? -20 : 0, max: 30 }); return [i, h("div", { class: "field" }, h("label", { for: id, text: label }), i)]; };
    const [dmg, dmgF] = num("gkr-rec-damage", "Damage");
    const [heal, healF] = num("gkr-rec-heal", "Heal");
    const [energy, energyF] = num("gkr-rec-energy", "Energy spent");
    const note = h("input", { id: "gkr-rec-note", maxLength: 200, placeholder: "what happened" });
    form.append(h("div", { class: "field" }, h("label", { for: "gkr-rec-area", text: "Rule area" }), area),
      h("div", { class: "field" }, h("label", { for: "gkr-rec-unit", text: "Unit" }), unit),
      h("div", { class: "gkr-nums" }, dmgF, healF, energyF),
      h("div", { class: "field" }, h("label", { for: "gkr-rec-note", text: "Note" }), note),
      h("button", { type: "submit", class: "small", text: "Record the result" }));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const action = { kind: "record", area: area.value, note: note.value.trim(), damage: Number(dmg.value) || 0,
        heal: Number(heal.value) || 0, energy: Number(energy.value) || 0 };
      if (unit.value) action.unit = unit.value;
      send(action).then(() => { note.value = ""; }).catch(() => {});
    });
    return form;
  }

  // The dice of the latest Combat Phase, from the attack events (the log and history feed them).
  function noteEvent(e) {
    if (e.kind === "firing_line_revealed") st.revealSeq = Math.max(st.revealSeq, e.seq ?? 0);
    else if (e.kind === "attack") st.attacks.set(e.seq ?? st.attacks.size, e);
    else return;
    clearTimeout(st.attacksTimer);
    st.attacksTimer = setTimeout(showAttacks, 0);
  }

  function showAttacks() {
    const list = [...st.attacks.values()].filter((e) => (e.seq ?? 0) > st.revealSeq).sort((a, b) => a.seq - b.seq);
    for (const [seq] of st.attacks) if (seq < st.revealSeq) st.attacks.delete(seq);
    attacksBox.hidden = !list.length;
    if (!list.length) return;
    const dice = (faces, good, kind) => h("span", { class: "gkr-dice", role: "img",
      "aria-label": `${kind} dice ${faces.join(", ") || "none"}` }, ...faces.map((f) => h("span", { class: `gkr-die${f >= good ? " good" : ""}`, text: String(f), "aria-hidden": "true" })));
    const ol = h("ol", { class: "gkr-rolls" });
    for (const e of list) {
      ol.append(h("li", {},
        h("div", {}, h("strong", { text: e.weapon }), h("span", { text: ` ${unitName(e.unit)} → ${unitName(e.target)}${e.flank ? " (flank shot)" : ""}` })),
        h("div", { class: "gkr-roll-row" }, h("span", { class: "small", text: `hit ${e.to_hit}+` }), dice(e.attack_faces || [], e.to_hit, "Attack"),
          e.armor === null || e.armor === undefined ? null : h("span", { class: "small",
            text: (e.defence_faces || []).length ? ` armor ${e.armor}+` : e.hits ? " no defence dice" : "" }),
          (e.defence_faces || []).length ? dice(e.defence_faces, e.armor, "Defence") : null,
          h("span", { class: "gkr-dmg", text: ` ${e.damage} damage` }))));
    }
    attacksBox.replaceChildren(h("h3", { text: "Dice" }), ol);
  }

  // The values this table plays with: the base game's missing numbers are Warboard defaults.
  function showRules(view) {
    const d = view.defaults;
    if (!d || st.rulesShown) return;
    st.rulesShown = true;
    const r = d.rules || {};
    const rows = [
      ["energy_per_round", "Energy per round", r.energy_per_round], ["hand_size", "Hand size", r.hand_size],
      ["heavy_hitter_move", "Heavy Hitter move", r.heavy_hitter_move && `${r.heavy_hitter_move.range} hexes, ${r.heavy_hitter_move.energy_per_hex} energy each`],
      ["support_move", "Support Unit move", r.support_move && `${r.support_move.range} hexes for ${r.support_move.energy_per_unit} energy`],
      ["heavy_hitter_weapons_per_round", "Weapon cards a round", r.heavy_hitter_weapons_per_round], ["tags_to_demolish", "Tags to demolish", r.tags_to_demolish],
      ["speed_order", "Firing line order", r.speed_order && (r.speed_order === "ascending" ? "lowest speed first" : "highest speed first")],
      ["deck", "Faction deck", d.deck && `${d.deck.primary} primary, 2 × ${d.deck.secondary} secondary, ${d.deck.deploy} deploy, ${d.deck.movement} movement`],
      ["sponsor", "Sponsor pile", d.sponsor && Object.entries(d.sponsor).map(([k, n]) => `${n} ${k}`).join(", ")],
      ["buildings_to_win", "Buildings to win", r.buildings_to_win], ["overspend_damage_per_energy", "Overspent energy", r.overspend_damage_per_energy !== undefined && `${r.overspend_damage_per_energy} damage per energy`],
      ["dice", "Dice", r.dice?._procedure], ["flank", "Flank shots", r.flank?._procedure],
    ].filter(([, , v]) => v !== undefined && v !== null && v !== false);
    // "host option" only where the host really can change it (view.defaults.host_editable)
    const editable = new Set(d.host_editable || []);
    const fixed = d.fixed || {};
    const dl = h("dl", { class: "details" });
    for (const [key, k, v] of rows) {
      const note = editable.has(key) ? " (host option)" : fixed[key] ? ` (fixed: ${fixed[key]})` : " (fixed)";
      dl.append(h("dt", { text: k }), h("dd", { text: `${v}${note}` }));
    }
    rulesBox.replaceChildren(h("summary", { text: "Table rules" }),
      h("p", { class: "small muted", text: `${d._label || "Warboard default"} unless marked fixed. The host may change the values marked "host option" when creating the table.` }), dl);
  }

  // --- board overlays ----------------------------------------------------------------------------
  function drawBuildings(view) {
    const g = layers.buildings;
    g.replaceChildren();
    const c = view.board?.centre;
    if (c) {
      const p = toPixel(c.q, c.r);
      svgEl("polygon", { points: corners(p.x, p.y, 0.8), class: "gkr-centre" }, g);
    }
    const need = view.defaults?.rules?.tags_to_demolish ?? 4;
    for (const b of view.board?.buildings || []) {
      const p = toPixel(b.q, b.r);
      const bg = svgEl("g", { class: `gkr-building${b.demolished ? " rubble" : ""}`, transform: `translate(${p.x} ${p.y})` }, g);
      svgEl("title", {}, bg).textContent = b.demolished ? `Building ${b.id}: rubble` : `Building ${b.id}: ${b.tag_total} of ${need} tags`;
      if (b.demolished) {
        svgEl("path", { d: "M-0.5 0.35 L-0.25 -0.1 L0 0.2 L0.2 -0.2 L0.5 0.35 Z", class: "gkr-rubble" }, bg);
        continue;
      }
      svgEl("rect", { x: -0.48, y: -0.5, width: 0.96, height: 0.9, rx: 0.06, class: "gkr-block" }, bg);
      for (let i = 0; i < 3; i++) for (let j = 0; j < 2; j++) {
        svgEl("rect", { x: -0.36 + i * 0.26, y: -0.38 + j * 0.3, width: 0.18, height: 0.18, class: "gkr-window" }, bg);
      }
      svgText(b.id, { x: 0, y: 0.62, class: "gkr-bid" }, bg);
      // tag pips: one per tag, in the tagging faction's colour, along the top
      let i = 0;
      for (const [seat, n] of Object.entries(b.tags || {})) {
        for (let k = 0; k < n && i < need; k++, i++) {
          svgEl("circle", { cx: -0.36 + i * 0.24, cy: -0.68, r: 0.1, class: "gkr-pip", fill: colour(seat) }, bg);
        }
      }
      for (; i < need; i++) svgEl("circle", { cx: -0.36 + i * 0.24, cy: -0.68, r: 0.1, class: "gkr-pip empty" }, bg);
    }
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
      if (m && piece) for (const d of destinations(m)) out.set(hexKey(d), { hex: d, label: `Move ${unitName(m.unit)} to hex ${hexLabel(d)}`, action: () => moveAction(piece, d) });
    }
    if (ph === "reset" && p.hexes) {
      for (const d of p.hexes) out.set(hexKey(d), { hex: d, label: `Displace ${unitName(p.unit)} to hex ${hexText(d)}`, action: () => ({ kind: "displace", to: d }) });
    }
    if (ph === "tagging") {
      for (const t of p.tags || []) for (const bid of t.buildings) {
        const b = (view.board?.buildings || []).find((x) => x.id === bid);
        if (b && !out.has(hexKey(b))) out.set(hexKey(b), { hex: b, label: `Tag building ${bid} with ${unitName(t.unit)}`, action: () => tagAction(t.unit, bid) });
      }
    }
    if (ph === "combat" && p.weapons && st.focusWeapon) {
      const w = p.weapons.find((x) => wkey(x) === st.focusWeapon);
      if (w?.hex_target) {
        for (const d of w.hexes || []) out.set(hexKey(d), { hex: d, label: `Aim ${w.name} at hex ${hexLabel(d)}`, pick: () => { const dr = st.draft.get(wkey(w)); dr.on = true; dr.target = hexKey(d); for (const [o, od] of st.draft) if (o !== wkey(w) && o.startsWith("blb:")) od.on = false; st.sig = null; refresh(); } });
      }
    }
    return out;
  }

  function drawOverlays() {
    const view = st.view;
    if (!view) return;
    const glow = layers.glow, dest = layers.dest, marks = layers.marks;
    glow.replaceChildren(); dest.replaceChildren(); marks.replaceChildren();
    const p = me ? view.prompt : null;
    drawArc(view, glow);
    for (const x of p?.highlight || []) {
      const c = toPixel(x.q, x.r);
      svgEl("polygon", { points: corners(c.x, c.y, 0.92), class: "gkr-lit" }, glow);
    }
    const clicks = clickableHexes(view);
    for (const [, c] of clicks) {
      const px = toPixel(c.hex.q, c.hex.r);
      const poly = svgEl("polygon", { points: corners(px.x, px.y, 0.86), class: "gkr-dest", tabindex: 0, role: "button",
        "aria-label": c.label, "data-q": c.hex.q, "data-r": c.hex.r }, dest);
      svgEl("title", {}, poly).textContent = c.label;
      const go = () => (c.pick ? c.pick() : fire(c.action()));
      poly.addEventListener("pointerdown", (e) => { st.press = { go, x: e.clientX, y: e.clientY }; });
      poly.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); go(); } });
    }
    // movers get a ring; the chosen one a thicker one
    for (const m of p?.moves || []) {
      const piece = (view.pieces || []).find((x) => x.id === m.unit);
      if (!piece) continue;
      const c = toPixel(piece.q, piece.r);
      svgEl("circle", { cx: c.x, cy: c.y, r: 0.88, class: `gkr-mover${m.unit === st.chosen ? " chosen" : ""}` }, marks);
    }
    // weapon targets: every unit some weapon may hit; the focused weapon's chosen target marked
    if (p?.weapons) {
      const targets = new Set(p.weapons.flatMap((w) => w.targets || []));
      for (const t of targets) {
        const piece = (view.pieces || []).find((x) => x.id === t);
        if (!piece) continue;
        const c = toPixel(piece.q, piece.r);
        svgEl("circle", { cx: c.x, cy: c.y, r: 0.92, class: "gkr-target" }, marks);
      }
      for (const w of p.weapons) {
        const d = st.draft.get(wkey(w));
        if (!d?.on || !d.target) continue;
        const at = w.hex_target ? (() => { const [q, r] = d.target.split(",").map(Number); return { q, r }; })()
          : (view.pieces || []).find((x) => x.id === d.target);
        if (!at) continue;
        const c = toPixel(at.q, at.r);
        const cross = svgEl("g", { class: "gkr-aim", transform: `translate(${c.x} ${c.y})` }, marks);
        svgEl("circle", { r: 0.5 }, cross);
        svgEl("line", { x1: -0.75, y1: 0, x2: 0.75, y2: 0 }, cross);
        svgEl("line", { x1: 0, y1: -0.75, x2: 0, y2: 0.75 }, cross);
        for (let dq = -(w.blast || 0); dq <= (w.blast || 0); dq++) {
          for (let dr = -(w.blast || 0); dr <= (w.blast || 0); dr++) {
            if (Math.abs(dq + dr) > w.blast) continue;
            const o = toPixel(dq, dr);
            svgEl("polygon", { points: corners(o.x, o.y, 0.95), class: "gkr-blast" }, cross);
          }
        }
      }
    }
    // revealed firing line: shot lines from shooter to target
    const fresh = ["combat", "tagging"].includes(view.turn?.phase);
    for (const e of fresh ? view.firing_line || [] : []) {
      if (e.hidden || !e.revealed) continue;
      const from = (view.pieces || []).find((x) => x.id === e.unit);
      const to = e.target_hex || (view.pieces || []).find((x) => x.id === e.target_unit);
      if (!from || !to) continue;
      const a = toPixel(from.q, from.r), b = toPixel(to.q, to.r);
      svgEl("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "gkr-shot", stroke: colour(e.owner) }, marks);
    }
    // Big Little Buddy's control marker: the controller's Holo-board Tag on top of him
    const blb = (view.pieces || []).find((x) => x.id === "blb");
    if (blb) {
      const c = toPixel(blb.q, blb.r);
      const tg = svgEl("g", { class: `gkr-blb-mark${blb.tag ? " controlled" : ""}`, transform: `translate(${c.x} ${c.y})` }, marks);
      svgEl("circle", { r: 0.74, class: "gkr-blb-ring" }, tg);
      if (blb.tag) {
        svgEl("rect", { x: -0.4, y: -0.2, width: 0.8, height: 0.4, rx: 0.08, fill: colour(blb.tag) }, tg);
        svgText("TAG", { x: 0, y: 0.01, class: "gkr-tag-text" }, tg);
        svgEl("title", {}, tg).textContent = `Holo-board Tag of ${faction(blb.tag)}: they control Big Little Buddy`;
      }
    }
  }

  // The front arc of the selected Heavy Hitter or Big Little Buddy (180 degrees, as the rules
  // check it: a hex is inside when its centre is not behind the facing): shots from outside it
  // are flank shots.
  function drawArc(view, layer) {
    const sel = ctx.selected?.();
    const piece = sel && (view.pieces || []).find((x) => x.id === sel.id);
    if (!piece || !["heavy", "blb"].includes(piece.kind)) return;
    const a = (Number(piece.facing) || 0) * Math.PI / 180;
    const fx = Math.cos(a), fy = Math.sin(a);
    const o = toPixel(piece.q, piece.r);
    const g = svgEl("g", { class: "gkr-arc" }, layer);
    svgEl("title", {}, g).textContent = `Front arc of ${unitName(piece.id)}: shots from outside it are flank shots`;
    for (const c of view.board?.cells || []) {
      const dist = (Math.abs(c.q - piece.q) + Math.abs(c.r - piece.r) + Math.abs(c.q + c.r - piece.q - piece.r)) / 2;
      if (dist === 0 || dist > 4) continue;
      const t = toPixel(c.q, c.r);
      if ((t.x - o.x) * fx + (t.y - o.y) * fy < -1e-9) continue;
      svgEl("polygon", { points: corners(t.x, t.y, 0.9), class: "gkr-arc-hex" }, g);
    }
  }

  // --- refresh ---------------------------------------------------------------------------------
  function syncChosen(view) {
    const moves = me && view.prompt?.moves ? view.prompt.moves : [];
    const before = st.chosen;
    const sel = ctx.selected?.();
    if (sel && moves.some((m) => m.unit === sel.id)) st.chosen = sel.id;
    if (st.chosen && !moves.some((m) => m.unit === st.chosen)) st.chosen = null;
    if (!st.chosen && moves.length === 1) st.chosen = moves[0].unit;
    if (st.chosen !== before) { st.facing = "keep"; st.thrusters = false; }
    if (phase() !== "combat") { st.draft.clear(); st.focusWeapon = null; }
    if (phase() !== "movement") st.thrusters = false;
  }

  function choose(uid) {
    if (st.chosen !== uid) { st.facing = "keep"; st.thrusters = false; }
    st.chosen = uid;
    if (board.selected !== uid && board.pieces?.has(uid)) board.select(uid);
    refresh();
  }

  function refresh() {
    const view = st.view;
    if (!view) return;
    syncChosen(view);
    showStatus(view);
    renderControls(view);
    showPlayers(view);
    showFiring(view);
    showBLB(view);
    showHand(view);
    showBuildings(view);
    showRecords(view);
    showRules(view);
    drawBuildings(view);
    drawOverlays();
    container.dataset.phase = view.turn?.phase || "";
    container.dataset.step = view.turn?.step || "";
  }

  // A press on a lit hex that did not turn into a pan acts on release.
  board.svg.addEventListener("pointerup", (e) => {
    const press = st.press;
    st.press = null;
    if (press && Math.hypot(e.clientX - press.x, e.clientY - press.y) < 6) press.go();
  });
  // The board changes selection on pointer and key input; follow it after the board has.
  const follow = () => setTimeout(() => {
    const sel = ctx.selected?.();
    if (sel && (st.view?.prompt?.moves || []).some((m) => m.unit === sel.id) && sel.id !== st.chosen) choose(sel.id);
    else if ((sel?.id || null) !== st.arcOf) drawOverlays();
    st.arcOf = sel?.id || null;
  }, 0);
  board.svg.addEventListener("pointerup", follow);
  board.svg.addEventListener("keyup", follow);

  return {
    update(view) {
      if (!view) return;
      st.view = view;
      refresh();
    },
    describe(e) {
      noteEvent(e);
      return describe(e, { faction, unitName, hexLabel });
    },
    moveAction(piece, pos, facing) {
      return moveAction(piece, pos, facing);
    },
    canDrag(piece, view) {
      if (!me || !view?.prompt) return false;
      if (view.turn?.phase === "reset") return view.prompt.unit === piece.id;
      return (view.prompt.moves || []).some((m) => m.unit === piece.id);
    },
  };
}

// A log line for the game's own events (undefined: the page's default).
export function describe(e, n) {
  const f = n.faction, u = n.unitName;
  const who = e.player ? f(e.player) : e.seat ? f(e.seat) : "";
  switch (e.kind) {
    case "round": return `Round ${e.round}: turn order ${(e.turn_order || []).map(f).join(", ")}`;
    case "phase": return `${PHASES[e.phase] || e.phase} Phase${e.step ? `: ${STEPS[e.step] || e.step}` : ""}`;
    case "turn_ended": return `${who} ended the turn`;
    case "blb_activated": return `${who} activated Big Little Buddy and put a Holo-board Tag on him`;
    case "sponsor_played": return `${who} played ${e.name}`;
    case "deployed": return `${u(e.unit)} was called in at (${e.q}, ${e.r})`;
    case "moved": return `${u(e.unit)} moved ${e.hexes} hex${e.hexes === 1 ? "" : "es"} to (${e.to?.q}, ${e.to?.r}), facing ${facingName(e.facing)}${e.card ? " with a movement card" : ""}`;
    case "energy_spent": return `${who} spent ${e.amount} energy (${e.energy} left)`;
    case "weapons_chosen": return `${who} put ${e.count} weapon${e.count === 1 ? "" : "s"} face down${e.entries ? `: ${e.entries.map((x) => x.weapon?.name).join(", ")}` : ""}`;
    case "firing_line_revealed": return `The firing line is revealed: ${(e.entries || []).map((x) => `${x.weapon?.name} (${f(x.owner)}, speed ${x.weapon?.speed})`).join(", ") || "nothing"}`;
    case "attack": return `${u(e.unit)} fired ${e.weapon} at ${u(e.target)}${e.flank ? " (flank shot)" : ""}: ${e.hits} hit${e.hits === 1 ? "" : "s"}, ${e.saves} saved, ${e.damage} damage`;
    case "attack_void": return `${e.weapon} of ${u(e.unit)} did not fire: ${e.reason}`;
    case "damaged": return `${u(e.unit)} took ${e.amount} damage${e.hp !== undefined ? ` (${e.hp} left)` : ""}`;
    case "destroyed": return `${u(e.unit)} was destroyed${e.by ? ` by ${f(e.by)}` : ""}`;
    case "blb_destroyed": return `Big Little Buddy was destroyed by ${f(e.by)}${e.controller ? ` (controlled by ${f(e.controller)})` : ""}`;
    case "sponsor_stolen": return e.card === null ? `${f(e.by)} found no sponsor card to take from ${f(e.from)}` : `${f(e.by)} took a random sponsor card from ${f(e.from)}`;
    case "blb_removed": return "Big Little Buddy left the board at the end of the Combat Phase";
    case "blb_control_ended": return `${f(e.player)}'s control of Big Little Buddy ended; the tag returns`;
    case "tagged": return `${u(e.unit)} tagged building ${e.building} (${e.count} tag${e.count === 1 ? "" : "s"})`;
    case "demolished": return `Building ${e.building} was demolished by ${f(e.by)} (${e.total} so far)`;
    case "sponsor_drawn": return `${f(e.player)} drew ${e.count} sponsor card${e.count === 1 ? "" : "s"}`;
    case "cards_drawn": return `${f(e.player)} drew ${e.count} card${e.count === 1 ? "" : "s"}`;
    case "repaired": return `${u(e.unit)} repaired ${e.amount}`;
    case "blb_redeployed": return `Big Little Buddy is back in the centre at full HP (${e.hp})`;
    case "displacement_required": return `${u(e.unit)} must leave the centre: ${f(e.owner)} displaces it`;
    case "displaced": return `${u(e.unit)} was displaced to (${e.q}, ${e.r})`;
    case "recorded": return `${f(e.player)} recorded ${e.area}${e.note ? `: ${e.note}` : ""}`;
    case "steal_offered": return `${f(e.player)} may steal a random sponsor card from ${f(e.from)}`;
    case "steal_declined": return `${f(e.player)} takes no sponsor card from ${f(e.from)}`;
    case "disputed": return `${f(e.player)} disputes record ${e.record} by ${f(e.author)}${e.reason ? `: ${e.reason}` : ""}; the game waits for the host`;
    case "dispute_resolved": return `The host ${e.uphold ? "upheld" : "overturned"} record ${e.record} by ${f(e.author)}`;
    case "result_stated": return `${f(e.player)} stated the result of ${e.weapon}`;
    case "victory": return `${(e.winners || []).map(f).join(", ") || "Nobody"} won: ${e.reason}`;
    default: return undefined;
  }
}

// Watchers get the same panel with no seat: counts, the face-down firing line, Big Little
// Buddy's card and the buildings, and no controls.
export const watch = mount;
