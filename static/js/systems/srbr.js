// Samurai Robots Battle Royale: activation, actions, reactions, measuring sticks, mecha roster,
// mecha builder and manual resolution. The server decides everything (view.legal and
// view.prompt hold the choices); this module shows the view and asks.
// Units are the view's (cm on SRBR tables); every text node is set with textContent.
import { el as svgEl, text as svgText } from "../board/svg.js";
import { button, h } from "./dom.js";

const COLOUR_NAMES = { white: "white", yellow: "yellow", red: "red" };
const STICKS = ["S", "M", "L"];
const FACINGS = [["keep", "Keep facing"], [270, "North"], [315, "North-east"], [0, "East"], [45, "South-east"],
  [90, "South"], [135, "South-west"], [180, "West"], [225, "North-west"]];
const PHASES = { deploy: "Deployment", activate: "Activation", actions: "Actions", reaction: "Reaction",
  reaction_actions: "Reaction actions", over: "Game over" };
const AREAS = { health: "Damage (dice colours)", turn_end: "Turn end", malfunction: "Malfunctions", combat: "Combat", victory: "Victory" };
const EFFECTS = { damage: "damage", destroy_part: "part destroyed", recoil: "recoil", knock_down: "knocked down",
  knock_back: "knocked back", attacker_recoil: "attacker recoils", attacker_damage: "attacker damaged" };

let uid = 0;
const nextId = (p) => `srbr-${p}-${++uid}`;

function field(labelText, input, cls = "field") {
  if (!input.id) input.id = nextId("f");
  return h("div", { class: cls }, h("label", { for: input.id, text: labelText }), input);
}

function select(options, value, props = {}) {
  const s = h("select", props);
  for (const [v, label] of options) {
    const o = h("option", { value: String(v), text: label });
    if (String(v) === String(value)) o.selected = true;
    s.append(o);
  }
  return s;
}

const round1 = (v) => Math.round(Number(v) * 10) / 10;
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const nice = (s) => String(s ?? "").replace(/_/g, " ");
const ucfirst = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

// A die as a coloured square: its face, its colour in words, success or failure.
function dieNode(d, opts = {}) {
  const colour = COLOUR_NAMES[d.colour] || "white";
  const trigger = d.face === 1 && (colour === "yellow" || colour === "red");
  const verdict = d.success === undefined ? "" : d.success ? "success" : "failure";
  const node = h("span", { class: `srbr-die die-${colour}${verdict ? ` ${verdict}` : ""}${trigger ? " trigger" : ""}`,
    role: "img", "aria-label": `${colour} die${d.face ? ` rolled ${d.face}` : ""}${verdict ? `, ${verdict}` : ""}${trigger ? ", the opponent may react" : ""}` },
  h("span", { class: "face", text: d.face ?? "" }));
  if (verdict && !opts.bare) node.append(h("span", { class: "mark", "aria-hidden": "true", text: d.success ? "✓" : "✗" }));
  return node;
}

function colourChips(colours, label) {
  const wrap = h("span", { class: "srbr-chips", role: "img", "aria-label": label || `dice ${colours.length ? colours.join(", ") : "none: destroyed"}` });
  if (!colours.length) wrap.append(h("span", { class: "srbr-gone", text: "destroyed", "aria-hidden": "true" }));
  for (const c of colours) wrap.append(h("span", { class: `srbr-chip die-${c}`, "aria-hidden": "true" }));
  return wrap;
}

export function mount(ctx) {
  const { container, board } = ctx;
  const me = ctx.seat || null;
  document.body.classList.add("srbr-table");
  container.classList.add("srbr-panel");

  // --- panel skeleton ----------------------------------------------------------------------------
  const banner = h("div", { class: "srbr-winner", role: "alert", hidden: true });
  const status = h("div", { class: "srbr-status", role: "status", "aria-live": "polite" });
  const rollBox = h("section", { class: "srbr-roll", "aria-label": "Activation dice" });
  const controls = h("div", { class: "srbr-controls" });
  const tools = h("section", { class: "srbr-tools", "aria-label": "Measuring sticks" });
  const roster = h("section", { class: "srbr-roster", "aria-label": "Mechas" });
  const manualBox = h("section", { class: "srbr-manual", "aria-label": "Manual resolution" });
  const builderBox = h("details", { class: "srbr-builder" });
  const concedeBox = h("div", { class: "srbr-concede" });
  container.replaceChildren(h("h2", { text: "Samurai Robots" }), banner, status, rollBox, controls, tools, roster,
    ...[manualBox, me ? builderBox : null, concedeBox].filter(Boolean));
  const boardBanner = h("div", { class: "srbr-board-banner", hidden: true, "aria-hidden": "true" });
  document.querySelector(".board-wrap")?.append(boardBanner);

  // --- board overlays (board units, drawn under and over the pieces) ------------------------------
  const below = svgEl("g", { class: "srbr-below" }, board.overlayBelow);
  const above = svgEl("g", { class: "srbr-above" }, board.overlay);
  const layers = {
    reach: svgEl("g", { class: "srbr-reach-layer" }, below),
    sticks: svgEl("g", { class: "srbr-sticks-layer" }, below),
    anchors: svgEl("g", { class: "srbr-anchor-layer" }, above),
    pick: svgEl("g", { class: "srbr-pick-layer" }, above),
  };

  const st = { view: null, mecha: null, part: null, facing: "keep", flee: false, aim: "", pick: false, sticks: true,
    reactMecha: null, reactPart: null, lastRoll: null, sig: null, rosterSig: null, manualSig: null, builderDone: false,
    sticksFor: null, pickTarget: null };

  // --- names ------------------------------------------------------------------------------------
  const player = (seat) => { const n = ctx.names?.get?.(seat); return n && n !== seat ? `${n} (${seat})` : seat || "nobody"; };
  const mechaOf = (id) => st.view?.mechas?.[id];
  const mechaName = (id) => mechaOf(id)?.name || (st.view?.pieces || []).find((p) => p.id === id)?.label || id;
  const partOf = (mid, pid) => (mechaOf(mid)?.parts || []).find((p) => p.id === pid);
  const partName = (mid, pid) => partOf(mid, pid)?.name || pid;
  const terrainName = (id) => (st.view?.board?.terrain || []).find((t) => t.id === id)?.label || id;
  const targetName = (id) => (mechaOf(id) ? mechaName(id) : terrainName(id));
  const unit = () => st.view?.board?.units || "cm";
  const stickName = (s) => st.view?.sticks?.names?.[s] || s;
  const pieceOf = (id) => (st.view?.pieces || []).find((p) => p.id === id);
  const anchorOf = (piece) => ({ x: piece.x + (piece.anchor?.[0] || 0), y: piece.y + (piece.anchor?.[1] || 0) });

  function send(action) {
    return ctx.send(action).catch((err) => { ctx.message(`Refused: ${err.message}`); throw err; });
  }
  const fire = (action) => send(action).catch(() => {});

  const legal = () => st.view?.legal || [];
  const prompt = () => st.view?.prompt || null;
  const ask = () => prompt()?.ask || null;
  const acting = () => ["actions", "reaction_actions"].includes(ask());

  // --- status and winner ------------------------------------------------------------------------
  function showStatus(view) {
    const turn = view.turn || {};
    const result = view.result;
    if (result) {
      const winners = result.winners || [];
      const who = winners.map(player).join(", ");
      const text = who ? `${who} win${winners.length === 1 ? "s" : ""}: ${result.reason}` : `No winner: ${result.reason}`;
      banner.replaceChildren(h("strong", { text: me && winners.includes(me) ? "You win! " : "Game over. " }), h("span", { text }));
      banner.hidden = false;
      boardBanner.textContent = who ? `${who} win${winners.length === 1 ? "s" : ""}!` : "A draw";
      boardBanner.hidden = false;
    } else {
      banner.hidden = true;
      boardBanner.hidden = true;
    }
    const active = turn.active || [];
    const mine = !!(me && active.includes(me) && prompt() && ask() !== "wait");
    const order = (turn.order || []).map((s) => h("span", {
      class: `srbr-seat${s === turn.seat ? " turn-seat" : ""}${active.includes(s) ? " active" : ""}${(view.conceded || []).includes(s) ? " out" : ""}`,
      text: `${player(s)}${s === turn.seat ? " ◆" : ""}`, title: s === turn.seat ? "whose turn it is" : "" }));
    status.classList.toggle("mine", mine);
    status.replaceChildren(
      h("div", { class: "srbr-phase" }, h("strong", { text: `Round ${turn.round ?? "?"}` }),
        h("span", { text: ` · ${PHASES[turn.phase] || nice(turn.phase)}` })),
      h("div", { class: "srbr-order", "aria-label": "Turn order" }, ...order),
      h("p", { class: "srbr-who", text: result ? "" : mine ? `Your turn: ${prompt().text}`
        : prompt()?.text || (active.length ? `Waiting for ${active.map(player).join(", ")}` : "") }),
    );
    container.dataset.phase = turn.phase || "";
    container.dataset.ask = ask() || "";
  }

  // --- the dice of the current (or last) activation -----------------------------------------------
  function showRoll(view) {
    const act = view.reaction?.activation || view.activation;
    const roll = act ? { ...act, reaction: !!view.reaction?.activation } : st.lastRoll;
    rollBox.replaceChildren();
    if (!roll || !roll.dice) return;
    const current = !!act;
    const q = roll.q ?? partOf(roll.mecha, roll.part)?.q;
    const head = `${current ? "" : "Last roll: "}${roll.reaction || roll.kind === "reacted" ? "Reaction: " : ""}${mechaName(roll.mecha)} ${partName(roll.mecha, roll.part)}${q ? ` (Q${q}+)` : ""}`;
    const dice = h("div", { class: "srbr-dice" }, ...roll.dice.map((d) => dieNode(d)));
    const ones = roll.reactions || 0;
    const lines = [h("strong", { class: "srbr-successes", text: plural(roll.successes || 0, "success", "successes") })];
    if (roll.failures !== undefined) lines.push(h("span", { text: `, ${plural(roll.failures, "failure")}` }));
    if (current && roll.actions_left !== undefined) lines.push(h("span", { class: "srbr-left", text: ` · ${plural(roll.actions_left, "action")} left` }));
    const notes = [];
    if (ones) notes.push(h("p", { class: "srbr-trigger", text: `A 1 on a ${"yellow or red"} die: the opponent may react (${plural(ones, "chance")}).` }));
    if (roll.ends_turn) notes.push(h("p", { class: "srbr-ends", text: "Two or more failures: the turn ends after these actions." }));
    if (current && roll.used?.length) notes.push(h("p", { class: "srbr-used", text: `Done: ${roll.used.map(nice).join(", ")}` }));
    rollBox.replaceChildren(h("h3", { text: head }), dice, h("p", { class: "srbr-count" }, ...lines), ...notes);
    rollBox.classList.toggle("old", !current);
  }

  // --- controls of the prompt ---------------------------------------------------------------------
  function renderControls(view) {
    const sig = JSON.stringify([view.prompt, view.legal, st.mecha, st.part, st.facing, st.flee, st.aim, st.pick,
      st.reactMecha, st.reactPart, !!view.result, [...(ctx.names || [])]]);
    if (sig === st.sig) return;
    st.sig = sig;
    const focusKey = controls.contains(document.activeElement) ? document.activeElement.dataset?.key : null;
    controls.replaceChildren();
    if (!me || view.result) return;
    const a = ask();
    if (a === "activate") controls.append(activationControls(view));
    else if (a === "actions" || a === "reaction_actions") controls.append(actionControls(view));
    else if (a === "reaction") controls.append(reactionControls(view));
    else if (a === "deploy") controls.append(deployControls(view));
    if (focusKey) controls.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)?.focus();
  }

  function ownMechas(view) {
    return Object.values(view.mechas || {}).filter((m) => m.owner === me && !m.out);
  }

  function activationControls(view) {
    const choices = legal().filter((x) => x.kind === "activate");
    const mechas = ownMechas(view);
    const usable = (mid) => choices.some((c) => c.mecha === mid);
    if (!st.mecha || !mechas.some((m) => m.id === st.mecha)) st.mecha = (mechas.find((m) => usable(m.id)) || mechas[0])?.id || null;
    const box = h("section", { class: "srbr-group srbr-activate", "aria-label": "Activation" },
      h("h3", { text: "Activate a body part" }));
    const mSel = select(mechas.map((m) => [m.id, `${m.name}${usable(m.id) ? "" : " (nothing left to activate)"}`]), st.mecha,
      { "data-key": "mecha", onchange: (e) => { st.mecha = e.target.value; st.part = null; select3(); } });
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
        const radio = h("input", { type: "radio", name: groupName, id, value: p.id, checked: st.part === p.id, disabled: !ok,
          "data-key": `part-${p.id}`, onchange: () => { st.part = p.id; select3(); } });
        const why = p.destroyed ? "destroyed" : p.jam ? "jammed" : !ok ? "already activated" : "";
        const label = h("label", { for: id, class: `srbr-part${ok ? "" : " off"}` },
          h("span", { class: "name", text: p.name }),
          h("span", { class: "q", text: `Q${p.q}+ C${p.c}` }),
          colourChips(p.dice),
          h("span", { class: "what", text: [p.move ? `move ${stickName(p.move)}` : "", ...(p.attacks || []).map(nice)].filter(Boolean).join(", ") + (why ? ` (${why})` : "") }));
        group.append(h("div", { class: "srbr-part-row" }, radio, label));
      }
      box.append(group);
      const most = Math.max(0, ...choices.filter((c) => c.mecha === m.id && c.part === st.part).map((c) => c.dice));
      const part = partOf(m.id, st.part);
      const diceRow = h("div", { class: "srbr-buttons", role: "group", "aria-label": "Roll dice" });
      for (let n = 1; n <= 3; n++) {
        const colours = (part?.dice || []).slice(0, n);
        const b = button(`Roll ${plural(n, "die", "dice")}`, () => fire({ kind: "activate", mecha: m.id, part: st.part, dice: n }),
          { key: `roll-${n}`, disabled: !st.part || n > most, cls: "srbr-roll-button",
            aria: `Roll ${plural(n, "die", "dice")} for ${m.name} ${part?.name || ""}${colours.length ? ` (${colours.join(", ")})` : ""}` });
        if (n <= most) { const chips = colourChips(colours); chips.setAttribute("aria-hidden", "true"); chips.removeAttribute("role"); b.append(" ", chips); }
        diceRow.append(b);
      }
      box.append(diceRow);
      if (part) box.append(h("p", { class: "srbr-note", text: `Each die at ${part.q} or more is a success and buys one ${part.name} action; a 1 always fails, a 6 always succeeds. The part rolls its current dice: ${part.dice.join(", ")}.` }));
    }
    if (legal().some((x) => x.kind === "end_turn")) box.append(button("End turn", () => fire({ kind: "end_turn" }), { key: "end-turn", cls: "secondary srbr-end" }));
    return box;
  }

  function select3() { st.sig = null; renderControls(st.view); drawOverlays(); }

  function actionControls(view) {
    const p = prompt();
    const reaction = p.ask === "reaction_actions";
    const box = h("section", { class: `srbr-group srbr-actions${reaction ? " reaction" : ""}`, "aria-label": reaction ? "Reaction actions" : "Actions" },
      h("h3", { text: `${reaction ? "Reaction: " : ""}${mechaName(p.mecha)} ${partName(p.mecha, p.part)}` }),
      h("p", { class: "srbr-left-big", text: `${plural(p.actions_left, "action")} left of ${plural(p.successes, "success", "successes")}` }));
    if (p.move) {
      const len = p.move.length;
      const mv = h("div", { class: "srbr-move", role: "group", "aria-label": "Move" },
        h("h4", { text: `Move (${stickName(p.move.stick)} stick, ${len} ${unit()})` }),
        h("p", { class: "srbr-note", text: `Drag ${mechaName(p.mecha)} on the board, or pick a point: the measuring point goes straight up to ${len} ${unit()}; contact stops the move. From the keyboard: focus the mecha, arrows set a target (Shift: 5 ${unit()}), [ and ] the facing, Enter moves.` }));
      if (p.fallen) mv.append(h("p", { class: "srbr-note warn", text: "Fallen: stand up before moving." }));
      mv.append(button(st.pick ? "Cancel picking" : "Pick a point on the board", () => { st.pick = !st.pick; st.pickTarget = null; select3(); },
        { key: "pick", pressed: String(st.pick), aria: st.pick ? "Cancel picking a point" : "Pick a point on the board to move to" }));
      const from = p.move.from;
      const xIn = h("input", { type: "number", step: "0.1", min: "0", value: round1(from[0]), "data-key": "move-x", class: "srbr-num" });
      const yIn = h("input", { type: "number", step: "0.1", min: "0", value: round1(from[1]), "data-key": "move-y", class: "srbr-num" });
      const face = select(FACINGS.map(([v, l]) => [v, l]), st.facing, { "data-key": "facing", onchange: (e) => { st.facing = e.target.value; } });
      const flee = h("input", { type: "checkbox", checked: st.flee, "data-key": "flee", onchange: (e) => { st.flee = e.target.checked; } });
      const form = h("form", { class: "srbr-move-form" },
        field(`x (${unit()})`, xIn, "field inline-field"), field(`y (${unit()})`, yIn, "field inline-field"),
        field("Facing after the move", face),
        h("label", { class: "srbr-check" }, flee, h("span", { text: " Flee off the table (the mecha leaves the game)" })),
        h("button", { type: "submit", class: "small", text: "Move the measuring point here", "data-key": "move-typed" }));
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        fire(withFacing({ kind: "move", x: Number(xIn.value), y: Number(yIn.value), at: "anchor", ...(st.flee ? { flee: true } : {}) }));
      });
      mv.append(h("details", { class: "srbr-more" }, h("summary", { text: "Type a point, facing, flee" }), form));
      box.append(mv);
    }
    if (legal().some((x) => x.kind === "stand_up")) box.append(button("Stand up", () => fire({ kind: "stand_up" }), { key: "stand-up" }));
    const attacks = legal().filter((x) => x.kind === "attack");
    if (p.attacks?.length) {
      const at = h("div", { class: "srbr-attacks", role: "group", "aria-label": "Attacks" }, h("h4", { text: "Attacks" }));
      if (attacks.length) {
        const targets = [...new Set(attacks.map((x) => x.target).filter((t) => mechaOf(t)))];
        if (targets.length) {
          const opts = [["", "Random part (no aim)"]];
          for (const t of targets) for (const part of mechaOf(t).parts.filter((q) => !q.destroyed)) opts.push([`${t}/${part.id}`, `Aim at ${mechaName(t)} ${part.name}`]);
          at.append(field("Aim", select(opts, st.aim, { "data-key": "aim", onchange: (e) => { st.aim = e.target.value; } })));
        }
        const row = h("div", { class: "srbr-buttons" });
        for (const x of attacks) {
          const label = `${ucfirst(nice(x.attack))} ${targetName(x.target)}${mechaOf(x.target) ? "" : " (building)"}`;
          row.append(button(label, () => {
            const action = { kind: "attack", attack: x.attack, target: x.target };
            const [t, part] = st.aim.split("/");
            if (t === x.target && part) action.target_part = part;
            fire(action);
          }, { key: `attack-${x.attack}-${x.target}`, cls: "small srbr-attack", aria: label }));
        }
        at.append(row);
      } else {
        at.append(h("p", { class: "srbr-note", text: `No target in reach for ${p.attacks.map(nice).join(", ")}.` }));
      }
      box.append(at);
    }
    const end = h("div", { class: "srbr-buttons srbr-finish" },
      button(reaction ? "End the reaction" : "Done with this part", () => fire({ kind: "done" }), { key: "done", cls: "secondary small" }));
    if (legal().some((x) => x.kind === "end_turn")) end.append(button("End turn", () => fire({ kind: "end_turn" }), { key: "end-turn", cls: "secondary small" }));
    box.append(end);
    return box;
  }

  function withFacing(action) {
    if (st.facing !== "keep") action.facing = Number(st.facing);
    return action;
  }

  function reactionControls(view) {
    const p = prompt();
    const choices = legal().filter((x) => x.kind === "react");
    const mechas = [...new Set(choices.map((c) => c.mecha))];
    if (!mechas.includes(st.reactMecha)) st.reactMecha = mechas[0] || null;
    const parts = choices.filter((c) => c.mecha === st.reactMecha).map((c) => c.part);
    if (!parts.includes(st.reactPart)) st.reactPart = parts[0] || null;
    const dice = st.view?.defaults?.reaction?.dice || 1;
    const box = h("section", { class: "srbr-group srbr-reaction", role: "alert", "aria-label": "Reaction" },
      h("h3", { text: "You may react!" }),
      h("p", { text: `${player(p.from)} rolled a 1 on a yellow or red activation die. React with one body part of one of your mechas (${plural(dice, "die", "dice")}, each success one action), or pass.` }));
    if (p.remaining > 1) box.append(h("p", { class: "srbr-note", text: `${p.remaining} reaction chances from this roll.` }));
    box.append(field("Reacting mecha", select(mechas.map((id) => [id, mechaName(id)]), st.reactMecha,
      { "data-key": "react-mecha", onchange: (e) => { st.reactMecha = e.target.value; st.reactPart = null; select3(); } })));
    box.append(field("Body part", select(parts.map((id) => { const q = partOf(st.reactMecha, id); return [id, `${q?.name || id} (Q${q?.q}+${q?.move ? `, move ${stickName(q.move)}` : ""}${q?.attacks?.length ? `, ${q.attacks.map(nice).join(", ")}` : ""})`]; }), st.reactPart,
      { "data-key": "react-part", onchange: (e) => { st.reactPart = e.target.value; select3(); } })));
    box.append(h("div", { class: "srbr-buttons" },
      button("React", () => fire({ kind: "react", mecha: st.reactMecha, part: st.reactPart }), { key: "react", disabled: !st.reactPart,
        aria: `React with ${mechaName(st.reactMecha)} ${partName(st.reactMecha, st.reactPart)}` }),
      button("Pass", () => fire({ kind: "pass" }), { key: "pass", cls: "secondary small", aria: "Pass: do not react" })));
    return box;
  }

  function deployControls(view) {
    const p = prompt();
    return h("section", { class: "srbr-group srbr-deploy", "aria-label": "Deployment" },
      h("h3", { text: "Deployment" }),
      h("p", { class: "srbr-note", text: `${p.text} Drag your mechas inside the shaded zone (arrow keys move a selected mecha 1 ${unit()}).` }),
      button("Ready", () => fire({ kind: "ready" }), { key: "ready" }));
  }

  // --- roster: every mecha with its parts and dice colours ---------------------------------------
  function renderRoster(view) {
    const sig = JSON.stringify([view.mechas, st.sticksFor, [...(ctx.names || [])]]);
    if (sig === st.rosterSig) return;
    st.rosterSig = sig;
    const seats = view.turn?.order || [];
    const list = Object.values(view.mechas || {}).sort((a, b) => seats.indexOf(a.owner) - seats.indexOf(b.owner));
    const items = list.map((m) => {
      const state = m.out ? m.out : m.status;
      const head = h("div", { class: "srbr-mecha-head" },
        h("strong", { text: m.name }), h("span", { class: "muted", text: ` ${player(m.owner)} · ${m.cost} pts · ${nice(m.form)} · ${state}` }));
      const rows = m.parts.map((p) => h("tr", { class: p.destroyed ? "gone" : "" },
        h("th", { scope: "row", text: p.name }), h("td", { text: `Q${p.q}+` }), h("td", { text: `C${p.c}` }),
        h("td", {}, colourChips(p.dice)),
        h("td", { class: "what", text: [p.move ? stickName(p.move) : "", ...(p.attacks || []).map(nice)].filter(Boolean).join(", ") })));
      const table = h("table", { class: "srbr-parts-table" },
        h("caption", { class: "sr-only", text: `${m.name} body parts` }),
        h("thead", {}, h("tr", {}, ...["Part", "Q", "C", "Dice", "Move, attacks"].map((t) => h("th", { scope: "col", text: t })))),
        h("tbody", {}, ...rows));
      const li = h("li", { class: `srbr-mecha${m.out ? " out" : ""}${m.owner === me ? " mine" : ""}`, "data-mecha": m.id }, head, table);
      if (!m.out && pieceOf(m.id)) {
        li.append(button("Show on board", () => { board.select(m.id); st.sticksFor = m.id; drawOverlays(); },
          { key: `show-${m.id}`, cls: "secondary small", aria: `Select ${m.name} on the board and show its sticks` }));
      }
      return li;
    });
    roster.replaceChildren(h("h3", { text: "Mechas" }), h("ul", { class: "srbr-mechas" }, ...items));
  }

  // --- measuring sticks: S/M/L circles from the selected model's measuring point -----------------
  function renderTools(view) {
    const lengths = view.sticks?.lengths || {};
    const mm = view.sticks?.table_mm?.[view.sticks?.scale] || {};
    tools.replaceChildren(h("h3", { text: "Measuring sticks" }),
      h("p", { class: "srbr-note", text: `${view.sticks?.scale || ""} models: ${STICKS.map((s) => `${stickName(s)} ${lengths[s]} ${unit()}${mm[s] ? ` (${mm[s]} mm)` : ""}`).join(", ")}. Pre-measuring is allowed.` }),
      button(st.sticks ? "Hide sticks" : "Show sticks", () => { st.sticks = !st.sticks; renderTools(st.view); drawOverlays(); },
        { key: "sticks", pressed: String(st.sticks), aria: "Show S, M and L sticks around the selected model" }),
      h("p", { class: "srbr-note srbr-sticks-for", "aria-live": "polite", text: sticksTarget() ? `Sticks from ${mechaName(sticksTarget().id)}'s measuring point.` : "Select a model to see its sticks." }));
  }

  function sticksTarget() {
    const sel = ctx.selected?.();
    if (sel && pieceOf(sel.id)) return pieceOf(sel.id);
    if (st.sticksFor && pieceOf(st.sticksFor)) return pieceOf(st.sticksFor);
    const p = prompt();
    if (p?.mecha && pieceOf(p.mecha)) return pieceOf(p.mecha);
    return null;
  }

  function drawOverlays() {
    const view = st.view;
    if (!view) return;
    for (const g of Object.values(layers)) g.replaceChildren();
    const lengths = view.sticks?.lengths || {};
    // every model's measuring point (the token anchor)
    for (const piece of view.pieces || []) {
      const a = anchorOf(piece);
      svgEl("circle", { cx: a.x, cy: a.y, r: 0.3, class: "srbr-anchor" }, layers.anchors);
    }
    // the stick circles
    const target = st.sticks ? sticksTarget() : null;
    if (target) {
      const a = anchorOf(target);
      for (const s of STICKS) {
        const r = Number(lengths[s]);
        if (!(r > 0)) continue;
        svgEl("circle", { cx: a.x, cy: a.y, r, class: `srbr-stick stick-${s}` }, layers.sticks);
        svgText(`${s} ${r}`, { x: a.x + r * 0.72 + 0.6, y: a.y - r * 0.72 - 0.4, class: `srbr-stick-label stick-${s}`, "font-size": 1.6 }, layers.sticks);
      }
    }
    const tag = tools.querySelector(".srbr-sticks-for");
    if (tag) tag.textContent = target ? `Sticks from ${mechaName(target.id)}'s measuring point.` : st.sticks ? "Select a model to see its sticks." : "";
    // the current move's reach
    const p = prompt();
    if (me && p?.move && (p.ask === "actions" || p.ask === "reaction_actions")) {
      const [x, y] = p.move.from;
      svgEl("circle", { cx: x, cy: y, r: p.move.length, class: `srbr-reach${st.pick ? " picking" : ""}` }, layers.reach);
      const target = st.keyTarget || (st.pick ? st.pickTarget : null);
      if (target) {
        svgEl("line", { x1: x, y1: y, x2: target.x, y2: target.y, class: "srbr-pick-line" }, layers.pick);
        svgEl("circle", { cx: target.x, cy: target.y, r: 0.6, class: "srbr-pick-dot" }, layers.pick);
      }
    }
    // deployment zones
    if (view.deployment_zones && me && view.deployment_zones[me]) {
      const z = view.deployment_zones[me];
      const pts = Array.isArray(z[0]) ? z : null;
      if (pts) svgEl("polygon", { points: pts.map(([zx, zy]) => `${zx},${zy}`).join(" "), class: "srbr-zone" }, layers.reach);
    }
  }

  // From the keyboard: with the acting mecha focused, arrow keys move a target point for its
  // measuring point (1 cm, 5 cm with Shift), Enter moves there, Escape forgets it; [ and ] pick
  // the facing after the move. (The board's own arrow keys would send a move per step.)
  const keyTargetText = () => {
    const p = prompt();
    const [x, y] = p.move.from;
    const d = Math.hypot(st.keyTarget.x - x, st.keyTarget.y - y);
    const face = FACINGS.find(([v]) => String(v) === String(st.facing))?.[1] || "Keep facing";
    return `Move target (${round1(st.keyTarget.x)}, ${round1(st.keyTarget.y)}) ${unit()}: ${round1(d)} of ${p.move.length} ${unit()}, ${face.toLowerCase()}. Enter moves, Escape cancels.`;
  };
  board.svg?.addEventListener("keydown", (e) => {
    const p = prompt();
    const g = e.target.closest?.(".piece");
    if (!me || !p?.move || !acting() || !g || g.dataset.id !== p.mecha || e.ctrlKey || e.metaKey || e.altKey) {
      if (st.keyTarget && !(p?.move && acting())) st.keyTarget = null;
      return;
    }
    const step = e.shiftKey ? 5 : 1;
    const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (dir) {
      const start = st.keyTarget || { x: p.move.from[0], y: p.move.from[1] };
      st.keyTarget = { x: round1(start.x + dir[0] * step), y: round1(start.y + dir[1] * step) };
    } else if (e.key === "[" || e.key === "]") {
      const i = Math.max(0, FACINGS.findIndex(([v]) => String(v) === String(st.facing)));
      const n = FACINGS.length - 1; // entries after "keep", clockwise
      const next = i === 0 ? (e.key === "]" ? 1 : n) : ((i - 1 + (e.key === "]" ? 1 : -1) + n) % n) + 1;
      st.facing = String(FACINGS[next][0]);
      st.sig = null;
      renderControls(st.view);
      if (!st.keyTarget) st.keyTarget = { x: p.move.from[0], y: p.move.from[1] };
    } else if (e.key === "Enter" && st.keyTarget) {
      const t = st.keyTarget;
      st.keyTarget = null;
      fire(withFacing({ kind: "move", x: t.x, y: t.y, at: "anchor", ...(st.flee ? { flee: true } : {}) }));
    } else if (e.key === "Escape" && st.keyTarget) {
      st.keyTarget = null;
      ctx.message("Move target cleared");
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation();
    drawOverlays();
    if (st.keyTarget) ctx.message(keyTargetText());
  }, true);

  // Picking a point: a click on the board sends the move of the measuring point.
  const svg = board.svg || document.getElementById("board");
  svg?.addEventListener("pointermove", (e) => {
    if (!st.pick || !board.panZoom) return;
    const p = prompt();
    if (!p?.move) return;
    st.pickTarget = board.panZoom.toBoard(e.clientX, e.clientY);
    drawOverlays();
  });
  svg?.addEventListener("click", (e) => {
    if (!st.pick || !board.panZoom) return;
    const p = prompt();
    if (!p?.move) { st.pick = false; return; }
    const pt = board.panZoom.toBoard(e.clientX, e.clientY);
    st.pick = false;
    st.pickTarget = null;
    st.sig = null;
    fire(withFacing({ kind: "move", x: round1(pt.x), y: round1(pt.y), at: "anchor", ...(st.flee ? { flee: true } : {}) }));
    renderControls(st.view);
    drawOverlays();
  });
  // The selection changes with clicks and keys on the board: redraw the sticks after them.
  const later = () => setTimeout(() => { drawOverlays(); }, 0);
  svg?.addEventListener("pointerup", later);
  svg?.addEventListener("keyup", later);
  svg?.addEventListener("focusin", later);

  // --- manual resolution ---------------------------------------------------------------------------
  function renderManual(view) {
    const manual = view.manual || {};
    const on = Object.keys(AREAS).filter((k) => manual[k]);
    const sig = JSON.stringify([on, Object.keys(view.mechas || {}), (view.board?.terrain || []).map((t) => [t.id, t.type]), view.votes, !!view.result, [...(ctx.names || [])]]);
    if (sig === st.manualSig) { st.refreshParts?.(); return; }
    st.manualSig = sig;
    manualBox.replaceChildren();
    if (!on.length || !me || view.result) { manualBox.hidden = !on.length; if (on.length) manualBox.append(h("p", { class: "srbr-note", text: `Manual: ${on.map((k) => AREAS[k]).join(", ")}` })); return; }
    manualBox.hidden = false;
    manualBox.append(h("h3", { text: "Manual resolution" }),
      h("p", { class: "srbr-note", text: `Players decide: ${on.map((k) => AREAS[k]).join(", ")}. The table keeps the record.` }));
    const canDamage = manual.health || manual.combat || manual.malfunction;
    const canStatus = manual.combat || manual.malfunction;
    const canOut = manual.combat || manual.victory;
    if (canDamage || canStatus || canOut || manual.combat) {
      const mechas = Object.values(view.mechas || {});
      const mSel = select(mechas.map((m) => [m.id, `${m.name} (${m.owner})`]), mechas[0]?.id, { "data-key": "rec-mecha" });
      const pSel = select([], "", { "data-key": "rec-part" });
      const fillParts = () => {
        const m = mechaOf(mSel.value);
        const keep = pSel.value;
        pSel.replaceChildren(h("option", { value: "", text: "(whole mecha)" }),
          ...(m?.parts || []).map((p) => h("option", { value: p.id, text: `${p.name} (damage ${p.damage})`, selected: p.id === keep })));
      };
      st.refreshParts = fillParts;
      mSel.addEventListener("change", fillParts);
      fillParts();
      const dmg = h("input", { type: "number", min: "0", max: "10", step: "1", placeholder: "same", "data-key": "rec-damage", class: "srbr-num" });
      const rx = h("input", { type: "number", min: "0", step: "0.1", placeholder: "same", "data-key": "rec-x", class: "srbr-num" });
      const ry = h("input", { type: "number", min: "0", step: "0.1", placeholder: "same", "data-key": "rec-y", class: "srbr-num" });
      const rf = select([["", "same"], ...FACINGS.slice(1)], "", { "data-key": "rec-facing" });
      const jam = select([["", "unchanged"], ["1", "jammed (cannot activate next turn)"], ["0", "not jammed"]], "", { "data-key": "rec-jammed" });
      const statusSel = select([["", "unchanged"], ["standing", "standing"], ["fallen", "fallen"]], "", { "data-key": "rec-status" });
      const outSel = select([["", "unchanged"], ["destroyed", "destroyed"], ["fled", "fled"], ["in_play", "back in play"]], "", { "data-key": "rec-out" });
      const note = h("input", { type: "text", maxLength: 200, "data-key": "rec-note", placeholder: "what happened" });
      const form = h("form", { class: "srbr-record" }, field("Mecha", mSel), field("Body part", pSel));
      if (canDamage) form.append(field("Damage taken by the part (total)", dmg));
      if (canStatus) form.append(field("Status", statusSel));
      if (manual.malfunction) form.append(field("Jam of the part", jam));
      if (canOut) form.append(field("In or out", outSel));
      if (manual.combat) form.append(h("div", { class: "srbr-move-form" }, field(`Centre x (${unit()})`, rx, "field inline-field"),
        field(`Centre y (${unit()})`, ry, "field inline-field"), field("Facing", rf)));
      form.append(field("Note", note), h("button", { type: "submit", class: "small", text: "Record", "data-key": "record" }));
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        const action = { kind: "record", mecha: mSel.value, note: note.value.trim() };
        if (pSel.value) action.part = pSel.value;
        if (canDamage && dmg.value !== "") action.damage = Number(dmg.value);
        if (canStatus && statusSel.value) action.status = statusSel.value;
        if (canOut && outSel.value) action.out = outSel.value;
        if (manual.malfunction && jam.value !== "") action.jammed = jam.value === "1";
        if (manual.combat && rx.value !== "") action.x = Number(rx.value);
        if (manual.combat && ry.value !== "") action.y = Number(ry.value);
        if (manual.combat && rf.value !== "") action.facing = Number(rf.value);
        send(action).then(() => {
          for (const input of [dmg, note, rx, ry]) input.value = "";
          for (const sel of [statusSel, outSel, rf, jam]) sel.value = "";
        }).catch(() => {});
      });
      manualBox.append(form);
    }
    if (manual.combat) {
      const buildings = (view.board?.terrain || []).filter((t) => t.type === "building" || t.type === "rubble");
      if (buildings.length) {
        const bSel = select(buildings.map((t) => [t.id, `${t.label || t.id} (${t.type})`]), buildings[0].id, { "data-key": "rec-building" });
        const form = h("form", { class: "srbr-record" }, field("Building", bSel),
          h("div", { class: "srbr-buttons" },
            h("button", { type: "submit", class: "small", text: "Smashed to rubble", "data-key": "smash", value: "1" }),
            h("button", { type: "submit", class: "small secondary", text: "Standing again", "data-key": "unsmash", value: "0" })));
        form.addEventListener("submit", (e) => {
          e.preventDefault();
          fire({ kind: "record_terrain", terrain: bSel.value, smashed: (e.submitter?.value ?? "1") === "1" });
        });
        manualBox.append(form);
      }
    }
    if (manual.victory) {
      const seats = (view.turn?.order || []).filter((s) => !(view.conceded || []).includes(s));
      const boxes = seats.map((s) => h("input", { type: "checkbox", value: s, "data-key": `win-${s}`, checked: (view.votes?.[me] || []).includes(s) }));
      const fs = h("fieldset", { class: "srbr-vote" }, h("legend", { text: "Declare the winners (every player must agree)" }),
        ...seats.map((s, i) => h("label", { class: "srbr-check" }, boxes[i], h("span", { text: ` ${player(s)}` }))),
        button("Declare", () => fire({ kind: "declare_result", winners: boxes.filter((b) => b.checked).map((b) => b.value) }), { key: "declare" }));
      const votes = Object.entries(view.votes || {}).map(([s, w]) => `${player(s)}: ${w.length ? w.join(", ") : "no winner"}`);
      if (votes.length) fs.append(h("p", { class: "srbr-note", text: `Declared so far: ${votes.join("; ")}` }));
      manualBox.append(fs);
    }
  }

  // --- concede -------------------------------------------------------------------------------------
  function renderConcede(view) {
    concedeBox.replaceChildren();
    if (!me || view.result || (view.conceded || []).includes(me)) return;
    const sure = h("button", { type: "button", class: "danger small", text: "Yes, concede", "data-key": "concede-yes", hidden: true,
      onclick: () => fire({ kind: "concede" }) });
    const first = button("Concede the game…", () => { sure.hidden = false; sure.focus(); }, { key: "concede", cls: "danger small" });
    concedeBox.append(first, sure);
  }

  // --- mecha builder -------------------------------------------------------------------------------
  async function renderBuilder() {
    if (st.builderDone || !me) return; // players design mechas; a read-only panel shows none
    st.builderDone = true;
    builderBox.append(h("summary", { text: "Mecha builder" }));
    const body = h("div", { class: "srbr-builder-body" });
    builderBox.append(body);
    let cat;
    try {
      const r = await fetch("/api/rules/srbr/catalogue", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      cat = await r.json();
    } catch {
      body.append(h("p", { class: "error", text: "The mecha catalogue could not be loaded." }));
      return;
    }
    body.append(h("p", { class: "srbr-note", text: "Design a mecha from body parts; its cost is the sum of its parts and special rules. A table's forces are chosen when it is created: give the design to the host as table option \"mechas\" (the JSON below) and its id in \"forces\". Prices are Warboard defaults, not from the rulebook." }));
    const design = { id: "my-mecha", name: "My mecha", form: "biped", base: 4, parts: [], special_rules: [] };
    const sample = select([["", "Start from a sample…"], ...cat.samples.map((m) => [m.id, `${m.name} (${m.cost} pts)`])], "", { "data-key": "builder-sample" });
    const name = h("input", { type: "text", maxLength: 60, value: design.name, "data-key": "builder-name" });
    const mid = h("input", { type: "text", maxLength: 32, value: design.id, "data-key": "builder-id", pattern: "[a-z0-9_-]+" });
    const form = select(cat.forms.map((f) => [f, nice(f)]), design.form, { "data-key": "builder-form" });
    const base = h("input", { type: "number", min: "1", max: "20", step: "0.5", value: design.base, "data-key": "builder-base", class: "srbr-num" });
    const partsBox = h("div", { class: "srbr-builder-parts" });
    const out = h("div", { class: "srbr-builder-out", "aria-live": "polite" });
    const json = h("textarea", { readOnly: true, rows: 4, "data-key": "builder-json", class: "srbr-json" });
    const attackNames = Object.keys(cat.attack_types || {});
    let rows = [];

    function partRow(p, i) {
      const tiny = (text, input) => h("label", { class: "srbr-mini" }, h("span", { text }), input);
      const f = {
        name: h("input", { type: "text", maxLength: 40, value: p.name || "", "aria-label": `Part ${i + 1} name` }),
        type: select(cat.part_types.map((t) => [t, t]), p.type || "other", { "aria-label": `Part ${i + 1} type` }),
        points: h("input", { type: "number", min: "0", max: "999", value: p.points ?? 10, class: "srbr-num", "aria-label": `Part ${i + 1} points` }),
        q: select([2, 3, 4, 5, 6].map((n) => [n, `${n}+`]), p.q ?? 4, { "aria-label": `Part ${i + 1} Quality` }),
        c: h("input", { type: "number", min: "0", max: "6", value: p.c ?? 1, class: "srbr-num", "aria-label": `Part ${i + 1} combat score C` }),
        move: select([["", "none"], ...STICKS.map((s) => [s, stickName(s)])], p.move || "", { "aria-label": `Part ${i + 1} move stick` }),
        attacks: attackNames.map((a) => h("input", { type: "checkbox", value: a, checked: (p.attacks || []).includes(a), "aria-label": `Part ${i + 1} attack ${nice(a)}` })),
      };
      const remove = button("Remove", () => { rows = rows.filter((r) => r !== row); draw(); check(); }, { cls: "secondary small", aria: `Remove part ${i + 1}` });
      const attacks = h("div", { class: "srbr-mini-attacks", role: "group", "aria-label": `Part ${i + 1} attacks` },
        ...f.attacks.map((box) => h("label", { class: "srbr-check" }, box, h("span", { text: nice(box.value), "aria-hidden": "true" }))));
      const row = { f, node: h("fieldset", { class: "srbr-builder-part" }, h("legend", { text: `Part ${i + 1}` }),
        tiny("Name", f.name), tiny("Type", f.type), tiny("Points", f.points), tiny("Quality", f.q), tiny("C", f.c), tiny("Move", f.move),
        attacks, remove), id: p.id };
      row.node.addEventListener("change", check);
      return row;
    }
    function draw() { partsBox.replaceChildren(...rows.map((r) => r.node)); }
    function load(m) {
      name.value = m.name; mid.value = m.id; form.value = m.form; base.value = m.base;
      rows = m.parts.map((p, i) => partRow(p, i));
      draw();
      check();
    }
    function current() {
      const slug = (s, i) => (String(s).toLowerCase().replace(/[^a-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "") || `part${i + 1}`).slice(0, 32);
      return {
        id: slug(mid.value || name.value, 0), name: name.value.trim() || "Mecha", form: form.value, base: Number(base.value) || 4,
        parts: rows.map((r, i) => {
          const p = { id: r.id || slug(r.f.name.value, i), name: r.f.name.value.trim() || `Part ${i + 1}`, type: r.f.type.value,
            points: Number(r.f.points.value) || 0, q: Number(r.f.q.value), c: Number(r.f.c.value) || 0,
            attacks: r.f.attacks.filter((b) => b.checked).map((b) => b.value) };
          if (r.f.move.value) p.move = r.f.move.value;
          return p;
        }),
        special_rules: [],
      };
    }
    let seq = 0;
    async function check() {
      const mine = ++seq;
      const m = current();
      json.value = JSON.stringify(m);
      try {
        const r = await fetch("/api/rules/srbr/mecha", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ mecha: m }) });
        const rep = await r.json();
        if (mine !== seq) return;
        const lines = [h("p", { class: "srbr-cost", text: rep.cost != null ? `Cost: ${rep.cost} points` : "Cost: —" })];
        if (rep.valid) lines.push(h("p", { class: "ok", text: "Valid design." }));
        for (const e of rep.errors || []) lines.push(h("p", { class: "error", text: e }));
        for (const w of rep.warnings || []) lines.push(h("p", { class: "warn", text: w }));
        const sug = Object.entries(rep.suggested_points || {});
        if (sug.length) lines.push(h("p", { class: "srbr-note", text: `Suggested prices: ${sug.map(([k, v]) => `${k} ${v}`).join(", ")}` }));
        if (!r.ok && rep.error) lines.push(h("p", { class: "error", text: rep.error.message || "Refused" }));
        out.replaceChildren(...lines);
      } catch {
        out.replaceChildren(h("p", { class: "error", text: "Could not check the design." }));
      }
    }
    sample.addEventListener("change", () => { const m = cat.samples.find((s) => s.id === sample.value); if (m) load(m); });
    for (const input of [name, mid, form, base]) input.addEventListener("change", check);
    body.append(field("Sample", sample), field("Name", name), field("Id", mid), field("Form (sets the measuring point)", form),
      field(`Base diameter (${unit()})`, base), h("h4", { text: "Body parts" }), partsBox,
      h("div", { class: "srbr-buttons" },
        button("Add a part", () => { rows.push(partRow({ name: `Part ${rows.length + 1}`, q: 4, c: 1, points: 10 }, rows.length)); draw(); check(); }, { key: "builder-add" }),
        button("Check and cost", check, { key: "builder-check", cls: "secondary small" })),
      out, field("Design for the table option \"mechas\"", json),
      button("Copy the design", async (e) => {
        try { await navigator.clipboard.writeText(json.value); e.target.textContent = "Copied"; } catch { json.select(); }
      }, { key: "builder-copy", cls: "secondary small" }));
    load(cat.samples[0] || design);
  }

  // --- log lines -------------------------------------------------------------------------------------
  function describe(e) {
    const who = e.seat ? `${player(e.seat)}: ` : "";
    const M = (id) => mechaName(id);
    const P = (mid, pid) => `${M(mid)} ${partName(mid, pid)}`;
    switch (e.kind) {
      case "activated": case "reacted": {
        st.lastRoll = e;
        const faces = (e.dice || []).map((d) => `${d.face} ${d.colour}${d.success ? " ✓" : " ✗"}`).join(", ");
        const bits = [`${plural(e.successes, "success", "successes")}`];
        if (e.failures !== undefined) bits.push(plural(e.failures, "failure"));
        let line = `${who}${e.kind === "reacted" ? "reacts with" : "activates"} ${P(e.mecha, e.part)} (Q${e.q}+): ${faces} → ${bits.join(", ")}`;
        if (e.reactions) line += `; a 1 on yellow/red: the opponent may react`;
        if (e.ends_turn) line += "; two or more failures: the turn ends after these actions";
        return line;
      }
      case "moved": {
        let line = `${M(e.mecha)} moves ${round1(e.travelled)} ${unit()} (${stickName(e.stick)} stick) to (${round1(e.to[0])}, ${round1(e.to[1])})`;
        if (e.stopped_by_contact) line += `, stopped by contact with ${targetName(e.stopped_by_contact)}`;
        if (e.fled) line += " and flees the table";
        return line;
      }
      case "attack": {
        const r = (x) => `${x.die}${x.score ? `+${x.score}` : ""}${Object.values(x.modifiers || {}).reduce((s, v) => s + v, 0) ? `${Object.values(x.modifiers).reduce((s, v) => s + v, 0) > 0 ? "+" : ""}${Object.values(x.modifiers).reduce((s, v) => s + v, 0)}` : ""}=${x.total}`;
        const eff = (e.effects || []).map((x) => EFFECTS[x] || nice(x)).join(", ") || "no effect";
        return `${M(e.attacker)} ${nice(e.attack)}s ${M(e.target)}${e.target_part ? ` (aiming at ${partName(e.target, e.target_part)})` : ""}: ${r(e.attack_roll)} against ${r(e.defence_roll)}, ${nice(e.result)}: ${eff}`;
      }
      case "damaged": return e.destroyed ? `${P(e.mecha, e.part)} is destroyed` : `${P(e.mecha, e.part)} takes ${e.damage} damage: dice now ${(e.dice || []).join(", ")}`;
      case "pushed": return `${M(e.mecha)} is pushed (${nice(e.effect)}) to (${round1(e.to[0])}, ${round1(e.to[1])})`;
      case "malfunction": return `Malfunction of ${P(e.mecha, e.part)}: rolled ${e.die}, ${nice(e.effect)}`;
      case "malfunction_to_resolve": return `Malfunction of ${P(e.mecha, e.part)}: players resolve it (manual)`;
      case "knocked_down": return `${M(e.mecha)} is knocked down`;
      case "stood_up": return `${M(e.mecha)} stands up`;
      case "mecha_destroyed": return `${M(e.mecha)} is destroyed!`;
      case "activation_done": return `${who}activation over`;
      case "reaction_offered": return `${e.to ? player(e.to) : "The opponent"} may react (${plural(e.remaining, "chance")})`;
      case "reaction_declined": return `${who}passes (no reaction)`;
      case "reactions_over": return "Reaction over: back to the active player";
      case "building_attacked": return `${M(e.attacker)} ${nice(e.attack)}s ${terrainName(e.target)}: ${e.attack_roll?.total} against ${e.defence_roll?.total}, ${e.hit ? `hit (${plural(e.hits, "hit")})` : "no hit"}`;
      case "building_smashed": return `${terrainName(e.terrain)} is smashed to rubble`;
      case "turn_ended": return `Turn over: ${e.reason}`;
      case "turn_started": return `Round ${e.round}: ${e.player ? `${player(e.player)}'s` : "next"} turn`;
      case "conceded": return `${who}concedes`;
      case "deployed": return `${who}deploys ${M(e.mecha)} at (${round1(e.x)}, ${round1(e.y)})`;
      case "ready": return `${who}is ready`;
      case "damage_to_record": return `${P(e.mecha, e.part)} is hit (${e.hits === "destroy" ? "destroyed" : plural(e.hits, "damage", "damage")}): record it (manual)`;
      case "attack_declared": return `${M(e.attacker)} ${nice(e.attack)}s ${targetName(e.target)}${e.target_part ? ` (aiming at ${partName(e.target, e.target_part)})` : ""}: players resolve it (manual)`;
      case "recorded": {
        const has = (k) => e[k] !== undefined && e[k] !== null;
        const bits = [];
        if (has("damage")) bits.push(`damage ${e.damage}`);
        if (has("jammed")) bits.push(e.jammed ? "jammed" : "not jammed");
        if (has("status")) bits.push(e.status);
        if (has("x") || has("y")) bits.push(`at (${has("x") ? round1(e.x) : "same"}, ${has("y") ? round1(e.y) : "same"})`);
        if (has("facing")) bits.push(`facing ${e.facing}°`);
        if (has("out")) bits.push(e.out === "in_play" ? "back in play" : e.out);
        return `${who}records ${e.part ? P(e.mecha, e.part) : M(e.mecha)}: ${bits.join(", ")}${e.note ? ` (${e.note})` : ""}`;
      }
      case "terrain_recorded": return `${who}records ${terrainName(e.terrain)} as ${e.type}${e.note ? ` (${e.note})` : ""}`;
      case "result_declared": return `${who}declares ${e.winners?.length ? `${e.winners.map(player).join(", ")} the winner${e.winners.length > 1 ? "s" : ""}` : "no winner"}`;
      default: return undefined;
    }
  }

  // --- drag hooks ------------------------------------------------------------------------------------
  function canDrag(piece, view) {
    const p = view?.prompt;
    if (!me || !p || view?.result) return false;
    if (p.ask === "deploy") return piece.owner === me;
    return (p.ask === "actions" || p.ask === "reaction_actions") && !!p.move && p.mecha === piece.id && !p.fallen;
  }

  function moveAction(piece, pos, facing, view) {
    const p = view?.prompt;
    const f = facing !== undefined ? { facing } : st.facing !== "keep" ? { facing: Number(st.facing) } : {};
    if (p?.ask === "deploy") return { kind: "deploy", mecha: piece.id, x: pos.x, y: pos.y, ...f };
    return { kind: "move", x: pos.x, y: pos.y, at: "centre", ...f };
  }

  function update(view) {
    if (!view) return;
    st.view = view;
    if (ask() !== "actions" && ask() !== "reaction_actions") { st.pick = false; st.keyTarget = null; }
    // a mecha of mine selected on the board becomes the one to activate
    const sel = ctx.selected?.();
    if (sel && ask() === "activate" && mechaOf(sel.id)?.owner === me && st.mecha !== sel.id && !controls.contains(document.activeElement)) {
      st.mecha = sel.id;
      st.part = null;
    }
    showStatus(view);
    showRoll(view);
    renderControls(view);
    renderTools(view);
    renderRoster(view);
    renderManual(view);
    renderConcede(view);
    drawOverlays();
    renderBuilder();
  }

  return { update, describe, canDrag, moveAction };
}

// Watchers get the same panel with no seat: status, dice, the roster and the sticks, no controls.
export const watch = mount;
