// Small Soldiers Big Battle: the game's controls and board overlays (read-only for watchers).
// The server decides everything (view.legal, view.prompt); this module only shows and asks.
// Every text node is set with textContent.
import { el as svgEl, text as svgText } from "../board/svg.js";
import { toPixel, corners } from "../board/hex.js";
import { button as baseButton, h } from "./dom.js";

const SQRT3 = Math.sqrt(3);
const SKULL = "skull";
const ARMY_COLORS = { gorgonites: "#7b3fa0", commandos: "#b08a4a" };
const CARD_SHORT = { weapon: "W", armor: "A", vehicle: "V" };
const REASONS = { flag_captured: "captured the enemy flag", all_in_toy_store: "sent every enemy fighter to the Toy Store" };

// Buttons here carry no size class unless asked.
const button = (label, onClick, opts = {}) => baseButton(label, onClick, { cls: "", ...opts });

const armyOf = (seat) => String(seat || "").split("-")[0];
const enemyOf = (army) => (army === "gorgonites" ? "commandos" : "gorgonites");
const hexKey = (q, r) => `${q},${r}`;

function dieFace(face, label) {
  const span = h("span", { class: `ss-die${face === SKULL ? " skull" : ""}`, role: "img",
    "aria-label": `${label}${face === null || face === undefined ? "not rolled" : face === SKULL ? "skull" : face}` });
  span.textContent = face === null || face === undefined ? "–" : face === SKULL ? "☠" : String(face);
  return span;
}

function cardText(card) {
  return card ? card.name : "";
}

// --- the module --------------------------------------------------------------------------------
export function mount(ctx) {
  const { container, board } = ctx;
  const me = ctx.seat;
  const myArmy = armyOf(me);
  document.body.classList.add("ss-table");

  // Panel skeleton.
  const status = h("div", { class: "ss-status", role: "status", "aria-live": "polite" });
  const banner = h("div", { class: "ss-winner", role: "alert", hidden: true });
  const spinnerBox = h("div", { class: "ss-spinner" });
  const spinResult = h("p", { class: "ss-spin-result", "aria-live": "polite" });
  const diceBox = h("div", { class: "ss-dice", "aria-live": "polite" });
  const controls = h("div", { class: "ss-controls" });
  const handBox = h("div", { class: "ss-hand" });
  const storeBox = h("div", { class: "ss-store" });
  const deckLine = h("p", { class: "ss-deck muted small" });
  const about = h("details", { class: "ss-about small" }, h("summary", { text: "Rulebook and Warboard defaults" }));
  container.replaceChildren(
    h("h2", { text: "Small Soldiers" }), banner, status,
    h("div", { class: "ss-spin-row" }, spinnerBox, h("div", { class: "ss-spin-side" }, spinResult, diceBox)),
    controls, handBox, storeBox, deckLine, about,
  );
  const boardBanner = h("div", { class: "ss-board-banner", hidden: true, "aria-hidden": "true" });
  document.querySelector(".board-wrap")?.append(boardBanner);

  // Board overlays: special spaces below the pieces, highlights and shot paths above.
  const below = svgEl("g", { class: "ss-below" }, board.overlayBelow);
  const above = svgEl("g", { class: "ss-above" }, board.overlay);
  const layers = {
    spaces: svgEl("g", { class: "ss-spaces" }, below),
    dest: svgEl("g", { class: "ss-dest-layer" }, below),
    shot: svgEl("g", { class: "ss-shot" }, above),
    aim: svgEl("g", { class: "ss-aim" }, above),
    marks: svgEl("g", { class: "ss-marks" }, above),
  };

  const st = {
    view: null, chosen: null, sig: null, spaces: null, lastSpin: null, wheelTurn: 0, wheelSegs: null,
    shotKey: null, shotRound: null, aim: { offset: 0, angle: 0, power: 8 }, battleKey: null, openingKey: null,
  };

  const names = () => {
    const m = new Map();
    const v = st.view || {};
    for (const p of v.pieces || []) if (p.kind === "fighter") m.set(p.id, p.label);
    for (const list of Object.values(v.toy_store || {})) for (const f of list) m.set(f.id, f.name);
    return m;
  };
  const nameOf = (id) => names().get(id) || id;
  const armyName = (army) => st.view?.armies?.[army]?.name || army;
  const seatName = (seat) => { const n = ctx.names.get(seat); return n ? `${n} (${seat})` : seat; };

  function send(action) {
    return ctx.send(action).catch((err) => ctx.message(`Refused: ${err.message}`));
  }

  // --- spinner ---------------------------------------------------------------------------------
  function drawWheel(segments) {
    const key = JSON.stringify(segments);
    if (st.wheelSegs === key) return;
    st.wheelSegs = key;
    const n = segments.length;
    const svg = svgEl("svg", { viewBox: "-1.15 -1.2 2.3 2.35", class: "ss-wheel-svg", role: "img", "aria-label": "Spinner" });
    const wheel = svgEl("g", { class: "ss-wheel" }, svg);
    segments.forEach((seg, i) => {
      const a0 = (i / n) * 2 * Math.PI - Math.PI / 2, a1 = ((i + 1) / n) * 2 * Math.PI - Math.PI / 2;
      const p = (a) => `${Math.cos(a).toFixed(4)} ${Math.sin(a).toFixed(4)}`;
      svgEl("path", { d: `M0 0 L${p(a0)} A1 1 0 0 1 ${p(a1)} Z`, class: `ss-seg ss-seg-${seg.kind}`, "data-index": i }, wheel);
      const mid = (a0 + a1) / 2;
      const label = seg.kind === "move" ? String(seg.value) : seg.kind === "draw" ? "Card" : "Rec.";
      svgText(label, { x: (0.68 * Math.cos(mid)).toFixed(3), y: (0.68 * Math.sin(mid)).toFixed(3), class: "ss-seg-label",
        transform: `rotate(${(mid * 180) / Math.PI + 90} ${(0.68 * Math.cos(mid)).toFixed(3)} ${(0.68 * Math.sin(mid)).toFixed(3)})` }, wheel);
    });
    svgEl("circle", { r: 0.12, class: "ss-hub" }, svg);
    svgEl("polygon", { points: "0,-0.88 -0.1,-1.17 0.1,-1.17", class: "ss-pointer" }, svg);
    spinnerBox.replaceChildren(svg);
  }

  function spinLabel(last) {
    if (!last) return "Not spun yet";
    const what = last.kind === "move" ? `move ${last.value}` : last.kind === "draw" ? "Draw a Card" : "Recruit";
    return `${armyName(armyOf(last.seat))} spun: ${what}`;
  }

  function showSpin(view) {
    const segs = view.spinner?.segments || [];
    drawWheel(segs);
    const wheel = spinnerBox.querySelector(".ss-wheel");
    const svg = spinnerBox.querySelector("svg");
    const last = view.spinner?.last || null;
    const key = JSON.stringify(last);
    if (!wheel || key === st.lastSpin) return;
    const first = st.lastSpin === null;
    st.lastSpin = key;
    const n = segs.length || 1;
    if (last) {
      const target = -((last.index + 0.5) / n) * 360; // that segment's middle under the pointer
      const now = st.wheelTurn;
      let next = target;
      while (next < now + (first ? 0 : 3 * 360)) next += 360;
      st.wheelTurn = next;
      wheel.classList.toggle("spinning", !first);
      wheel.style.transform = `rotate(${next}deg)`;
      for (const seg of wheel.querySelectorAll(".ss-seg")) seg.classList.toggle("hit", Number(seg.dataset.index) === last.index);
      spinnerBox.dataset.index = String(last.index);
      spinnerBox.dataset.spins = String((Number(spinnerBox.dataset.spins) || 0) + 1);
    }
    svg.setAttribute("aria-label", `Spinner. ${spinLabel(last)}`);
    spinResult.textContent = spinLabel(last);
  }

  // --- dice: opening roll and the last battle --------------------------------------------------
  function showDice(view) {
    diceBox.replaceChildren();
    const b = view.last_battle;
    if (b && b.rolls?.length) {
      const roll = b.rolls[b.rolls.length - 1];
      const key = JSON.stringify(b);
      const fresh = key !== st.battleKey;
      st.battleKey = key;
      const side = (who, r) => h("span", { class: "ss-roll" }, h("span", { class: "ss-who", text: nameOf(who) }),
        dieFace(r.face, `${nameOf(who)} rolled `), r.bonus ? h("span", { text: ` +${r.bonus} = ${r.total}` }) : null);
      const box = h("div", { class: `ss-battle${fresh ? " fresh" : ""}` },
        h("div", { class: "ss-dice-title", text: "Last battle" }),
        h("div", { class: "ss-roll-row" }, side(b.attacker, roll.attacker), h("span", { class: "ss-vs", text: "vs" }), side(b.defender, roll.defender)),
        h("div", { class: "ss-battle-result", text: `${nameOf(b.winner)} wins; ${nameOf(b.loser)} to the Toy Store${b.rolls.length > 1 ? ` (after ${b.rolls.length - 1} tie${b.rolls.length > 2 ? "s" : ""})` : ""}` }));
      diceBox.append(box);
    }
    const shot = view.last_catapult;
    if (shot && (view.turn?.round ?? 0) <= (st.shotRound ?? 0) + 1) {
      const pips = shot.error_pips || {};
      const sign = (n) => (n > 0 ? `+${n}` : String(n));
      const hits = (shot.hits || []).map((x) => h("li", {}, h("span", { text: `${nameOf(x.fighter)}: ` }), dieFace(x.face, `${nameOf(x.fighter)} hit die `),
        h("span", { text: ` ${x.result.replace("_", " ")}` })));
      diceBox.append(h("div", { class: "ss-catapult-result" },
        h("div", { class: "ss-dice-title", text: `${armyName(shot.army)} catapult` }),
        h("div", { class: "small", text: `Dice error: direction ${sign(pips.angle)} pips, power ${sign(pips.power)}, rolled on ${pips.roll} pips · flew ${shot.flight_spaces} spaces` }),
        hits.length ? h("ul", { class: "ss-hits" }, hits) : h("div", { class: "small", text: "The ball hit nobody." })));
    }
    const op = view.opening;
    if (op && (view.turn.phase === "opening" || (view.turn.round || 0) <= 2) && (op.history?.length || Object.values(op.current || {}).some((f) => f))) {
      const last = Object.values(op.current).some((f) => f) ? op.current : op.history[op.history.length - 1];
      const row = h("div", { class: "ss-roll-row" });
      for (const army of Object.keys(last)) row.append(h("span", { class: "ss-roll" }, h("span", { class: "ss-who", text: armyName(army) }), dieFace(last[army], `${armyName(army)} opening roll `)));
      diceBox.append(h("div", { class: "ss-opening" }, h("div", { class: "ss-dice-title", text: `Opening roll${op.history.length > 1 ? ` (${op.history.length} rounds)` : ""}` }), row));
    }
  }

  // --- turn indicator and the winner ------------------------------------------------------------
  function showStatus(view) {
    const turn = view.turn || {};
    status.replaceChildren();
    status.hidden = !!view.winner;
    if (view.winner) {
      const w = view.winner;
      const text = `${armyName(w.army)} win: ${REASONS[w.reason] || w.reason}`;
      const verdict = !me ? "Game over." : w.army === myArmy ? "You win!" : "You lose.";  // no seat: a watcher
      banner.replaceChildren(h("strong", { text: verdict }), h("span", { text: ` ${text}` }));
      banner.className = `ss-winner army-${w.army}`;
      banner.hidden = false;
      boardBanner.textContent = `${armyName(w.army)} win!`;
      boardBanner.className = `ss-board-banner army-${w.army}`;
      boardBanner.hidden = false;
      return;
    }
    banner.hidden = true;
    boardBanner.hidden = true;
    const mine = (turn.active || []).includes(me);
    const armies = [...new Set((turn.active || []).map(armyOf))];
    const army = turn.army || (armies.length === 1 ? armies[0] : null);
    const chip = h("span", { class: `ss-chip army-${army || "none"}`, text: army ? armyName(army) : "Both armies" });
    const who = mine ? "Your turn" : `Waiting for ${(turn.active || []).map(seatName).join(" and ") || "nobody"}`;
    status.classList.toggle("mine", mine);
    status.append(chip, h("span", { class: "ss-turn-text", text: ` ${who}${turn.round ? ` · turn ${turn.round}` : ""} · ${turn.phase}` }));
    if (mine && view.prompt?.text) status.append(h("p", { class: "ss-prompt", text: view.prompt.text }));
  }

  // --- the controls of the phase ---------------------------------------------------------------
  function moversOf(legal) { return Object.keys(legal.moves || {}); }

  function renderControls(view) {
    const legal = view.legal || {};
    const sig = JSON.stringify([legal, st.chosen, view.turn?.card, view.winner && 1, view.hand?.length]);
    if (sig === st.sig) return;
    st.sig = sig;
    const focusKey = container.contains(document.activeElement) ? document.activeElement.dataset?.key : null;
    const hadFocus = controls.contains(document.activeElement) || handBox.contains(document.activeElement);
    controls.replaceChildren();
    if (view.winner) return;
    const parts = [];
    if (legal.deploy) parts.push(deployForm(legal.deploy));
    if (legal.roll_opening) parts.push(button("Roll the opening die", () => send({ kind: "roll_opening" }), { key: "roll" }));
    if (legal.spin) parts.push(button("Spin the spinner", () => send({ kind: "spin" }), { key: "spin", cls: "ss-big" }));
    if (legal.moves) parts.push(moveControls(view, legal));
    if (legal.attacks) parts.push(attackControls(legal));
    if (legal.recruit) {
      const box = h("div", { class: "ss-group", role: "group", "aria-label": "Recruit" });
      if (legal.recruit.length) box.append(h("p", { text: "Bring a fighter from your Toy Store to your green Recruit space:" }));
      else box.append(h("p", { text: "Nobody can be recruited now." }));
      for (const fid of legal.recruit) box.append(button(`Recruit ${nameOf(fid)}`, () => send({ kind: "recruit", fighter: fid }), { key: `recruit-${fid}` }));
      parts.push(box);
    }
    if (view.turn?.phase === "card" && view.turn.card) parts.push(cardControls(view, legal));
    if (legal.end_turn) parts.push(button(legal.recruit ? "End the turn without recruiting" : "End the turn without a battle",
      () => send({ kind: "end_turn" }), { key: "end-turn", cls: "secondary" }));
    controls.append(...parts);
    if (hadFocus || focusKey) {
      const again = (focusKey && [...container.querySelectorAll("[data-key]")].find((n) => n.dataset.key === focusKey && !n.disabled))
        || controls.querySelector("button:not([disabled]), input, select");
      again?.focus();
    }
  }

  function deployForm(d) {
    const form = h("form", { class: "ss-group ss-deploy", "aria-label": "Deployment" });
    form.append(h("p", { text: `${nameOf(d.leader)} starts on the gold space. Choose who waits in the Toy Store; the other four take the start spaces in this order.` }));
    const select = h("select", { id: "ss-reserve", "data-key": "reserve" });
    for (const fid of d.reserve) select.append(h("option", { value: fid, text: nameOf(fid) }));
    select.value = d.reserve[d.reserve.length - 1];
    const order = h("ol", { class: "ss-order" });
    let list = d.reserve.filter((f) => f !== select.value);
    const drawOrder = () => {
      order.replaceChildren();
      list.forEach((fid, i) => order.append(h("li", {}, h("span", { text: nameOf(fid) }),
        button("↑", () => { if (i > 0) { [list[i - 1], list[i]] = [list[i], list[i - 1]]; drawOrder(); order.querySelectorAll("button")[Math.max(0, i - 1)]?.focus(); } },
          { cls: "small secondary", aria: `Move ${nameOf(fid)} earlier`, key: `up-${fid}`, disabled: i === 0 }))));
    };
    select.addEventListener("change", () => { list = d.reserve.filter((f) => f !== select.value); drawOrder(); });
    drawOrder();
    form.append(h("div", { class: "field" }, h("label", { for: "ss-reserve", text: "Fighter in the Toy Store" }), select), order);
    // 4 players, three fighters each: which three the army's second seat commands
    const split = st.view?.options?.players === 4 && st.view?.options?.team_mode === "split";
    const boxes = [];
    if (split) {
      const seat2 = `${myArmy}-2`;
      const fs = h("fieldset", { class: "ss-split" }, h("legend", { text: `Three fighters for ${seatName(seat2)}` }));
      d.fighters.forEach((fid, i) => {
        const id = `ss-second-${fid}`;
        const box = h("input", { type: "checkbox", id, value: fid, checked: i >= 3, "data-key": id });
        boxes.push(box);
        fs.append(h("div", { class: "ss-check" }, box, h("label", { for: id, text: nameOf(fid) })));
      });
      form.append(fs);
    }
    form.append(h("button", { type: "submit", text: "Deploy", "data-key": "deploy" }));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const action = { kind: "deploy", reserve: select.value, order: list.slice() };
      if (split) {
        const second = boxes.filter((b) => b.checked).map((b) => b.value);
        if (second.length !== 3) { ctx.message("Choose exactly three fighters for the second seat"); return; }
        action.second = second;
      }
      send(action);
    });
    return form;
  }

  function moveControls(view, legal) {
    const box = h("div", { class: "ss-group", role: "group", "aria-label": "Move" });
    const movers = moversOf(legal);
    const spin = view.turn?.spin;
    const n = `${spin?.value ?? "?"} space${spin?.value === 1 ? "" : "s"}`;
    box.append(h("p", { text: view.options?.advanced
      ? `Move any or all of your fighters, each exactly ${n} (plus its Vehicle card); battles come after all moves. Pick a fighter, then a highlighted space (or drag it).`
      : `Move one fighter exactly ${n} (plus its Vehicle card). Pick a fighter, then a highlighted space (or drag it).` }));
    const row = h("div", { class: "ss-buttons" });
    for (const fid of movers) {
      const b = button(nameOf(fid), () => choose(fid), { key: `pick-${fid}`, cls: st.chosen === fid ? "" : "secondary",
        aria: `Choose ${nameOf(fid)} to move (${legal.moves[fid].length} spaces)` });
      b.setAttribute("aria-pressed", String(st.chosen === fid));
      row.append(b);
    }
    box.append(row);
    if (st.chosen && legal.moves[st.chosen]) {
      const dests = h("div", { class: "ss-buttons ss-dests", role: "group", "aria-label": `Where ${nameOf(st.chosen)} may go` });
      for (const d of legal.moves[st.chosen]) {
        dests.append(button(`(${d.q}, ${d.r})${spaceNote(d.q, d.r)}`, () => send({ kind: "move", fighter: st.chosen, q: d.q, r: d.r }),
          { key: `to-${d.q},${d.r}`, cls: "small", aria: `Move ${nameOf(st.chosen)} to (${d.q}, ${d.r})${spaceNote(d.q, d.r)}` }));
      }
      box.append(dests);
    }
    if (legal.end_moves !== undefined) {
      box.append(button("Done moving", () => send({ kind: "end_moves" }), { key: "end-moves", cls: "secondary", disabled: !legal.end_moves }));
    }
    return box;
  }

  function spaceNote(q, r) {
    const cell = st.spaces?.get(hexKey(q, r));
    if (!cell) return "";
    if (cell.terrain === `flag-${enemyOf(myArmy)}`) return " — enemy flag!";
    if (cell.label) return ` — ${cell.label}`;
    return "";
  }

  function attackControls(legal) {
    const box = h("div", { class: "ss-group", role: "group", "aria-label": "Battle" });
    const entries = Object.entries(legal.attacks || {});
    box.append(h("p", { text: entries.length ? "Battle an enemy next to the fighter that moved:" : "No battle is possible." }));
    for (const [fid, foes] of entries) {
      for (const t of foes) box.append(button(`${nameOf(fid)} battles ${nameOf(t)}`, () => send({ kind: "attack", fighter: fid, target: t }),
        { key: `attack-${fid}-${t}`, cls: "danger" }));
    }
    return box;
  }

  function cardControls(view, legal) {
    const card = view.turn.card;
    const box = h("div", { class: "ss-group ss-card-choice", role: "group", "aria-label": `Card: ${card.name}` });
    box.append(h("div", { class: `ss-card big type-${card.type}` }, h("span", { text: card.name })));
    if (legal.place_card) {
      box.append(h("p", { text: legal.replacing ? "Every fighter of yours has a card: replace one, or discard this one." : "Put it face up under one of your fighters:" }));
      for (const fid of legal.place_card) box.append(button(`Put it under ${nameOf(fid)}`, () => send({ kind: "place_card", fighter: fid }), { key: `place-${fid}` }));
      if (legal.discard_card) box.append(button("Discard the card", () => send({ kind: "discard_card" }), { key: "discard", cls: "secondary" }));
    }
    if (legal.recall) {
      box.append(h("p", { text: "Send an enemy fighter to the Toy Store:" }));
      for (const fid of legal.recall) box.append(button(`Recall ${nameOf(fid)}`, () => send({ kind: "recall", target: fid }), { key: `recall-${fid}`, cls: "danger" }));
    }
    if (legal.launch) box.append(launchForm(legal.launch));
    return box;
  }

  function launchForm(limits) {
    const form = h("form", { class: "ss-launch", "aria-label": "Aim the catapult" });
    const range = (id, label, key, [lo, hi], step, unit) => {
      const input = h("input", { type: "range", id, min: lo, max: hi, step, value: Math.min(hi, Math.max(lo, st.aim[key])), "data-key": id });
      const out = h("output", { for: id, text: `${input.value}${unit}` });
      input.addEventListener("input", () => { st.aim[key] = Number(input.value); out.textContent = `${input.value}${unit}`; drawAim(); });
      st.aim[key] = Number(input.value);
      return h("div", { class: "field ss-range" }, h("label", { for: id, text: label }), h("div", { class: "ss-range-row" }, input, out));
    };
    form.append(
      h("p", { class: "small", text: "Aim: the dashed line is where the ball would land with a perfect shot; the shaded area is where the dice may send it." }),
      range("ss-offset", "Launcher position (spaces right of centre)", "offset", limits.offset, 0.5, ""),
      range("ss-angle", "Direction (degrees right of straight ahead)", "angle", limits.angle, 1, "°"),
      range("ss-power", "Power (spaces of flight)", "power", limits.power, 0.5, ""),
      h("button", { type: "submit", text: "Launch the catapult", class: "danger", "data-key": "launch" }),
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      send({ kind: "launch", offset: st.aim.offset, angle: st.aim.angle, power: st.aim.power });
    });
    return form;
  }

  function choose(fid) {
    st.chosen = fid;
    if (board.selected !== fid && board.pieces.has(fid)) board.select(fid);
    refresh();
  }

  // --- hand, Toy Store, deck -------------------------------------------------------------------
  function showHand(view) {
    handBox.replaceChildren();
    if (!view.options?.advanced) return;
    const hand = view.hand || [];
    const playable = new Set(view.legal?.play_card || []);
    const list = h("ul", { class: "ss-cards", "aria-label": "Your hand" });
    for (const c of hand) {
      list.append(h("li", {}, h("span", { class: `ss-card type-${c.type}`, text: c.name }),
        playable.has(c.id) ? button("Play", () => send({ kind: "play_card", card: c.id }), { key: `play-${c.id}`, cls: "small", aria: `Play ${c.name}` }) : null));
    }
    const others = Object.entries(view.hand_counts || {}).filter(([s]) => s !== me).map(([s, n]) => `${seatName(s)}: ${n}`).join(", ");
    handBox.append(h("h3", { text: `Your hand (${hand.length})` }), hand.length ? list : h("p", { class: "muted small", text: "No cards left." }),
      h("p", { class: "muted small", text: `Cards in other hands: ${others || "none"}` }));
  }

  function showStore(view) {
    storeBox.replaceChildren(h("h3", { text: "Toy Store" }));
    const grid = h("div", { class: "ss-store-grid" });
    for (const [army, list] of Object.entries(view.toy_store || {})) {
      const col = h("section", { class: `ss-store-army army-${army}`, "aria-label": `${armyName(army)} Toy Store` },
        h("h4", { text: `${armyName(army)} (${list.length})` }));
      const ul = h("ul", {});
      for (const f of list) ul.append(h("li", { text: `${f.name}${f.leader ? " (leader)" : ""}` }));
      if (!list.length) ul.append(h("li", { class: "muted", text: "empty" }));
      col.append(ul, h("p", { class: "small muted", text: `${view.armies?.[army]?.fighters_on_board ?? "?"} on the board` }));
      grid.append(col);
    }
    storeBox.append(grid);
    deckLine.textContent = `Deck: ${view.deck?.count ?? "?"} cards · discard pile: ${(view.discard || []).length}`;
  }

  function showAbout(view) {
    const key = JSON.stringify([view.defaults, view.board?.name]);
    if (about.dataset.key === key) return;
    about.dataset.key = key;
    const list = h("dl", {});
    list.append(h("dt", { text: "map" }), h("dd", { text: `${view.board?.name || ""}: ${view.board?.source || ""}` }));
    for (const [name, source] of Object.entries(view.defaults || {})) {
      if (name !== "map") list.append(h("dt", { text: name }), h("dd", { text: source }));
    }
    about.replaceChildren(about.firstChild, list);
  }

  // --- board overlays ---------------------------------------------------------------------------
  function drawSpaces(view) {
    const key = JSON.stringify(view.board?.cells || []);
    if (st.spacesKey === key) return;
    st.spacesKey = key;
    st.spaces = new Map((view.board?.cells || []).map((c) => [hexKey(c.q, c.r), c]));
    const g = layers.spaces;
    g.replaceChildren();
    for (const c of view.board?.cells || []) {
      const p = toPixel(c.q, c.r);
      const t = c.terrain || "plain";
      if (t === "plain") {
        svgEl("polygon", { points: corners(p.x, p.y, 0.98), class: "ss-space plain" }, g);
        continue;
      }
      const [kind, army] = t.startsWith("flag-") ? ["flag", t.slice(5)] : t.startsWith("recruit-") ? ["recruit", t.slice(8)]
        : [t, t.includes("sun") ? "gorgonites" : "commandos"];
      const poly = svgEl("polygon", { points: corners(p.x, p.y, 0.98), class: `ss-space ${kind} army-${army}` }, g);
      svgEl("title", {}, poly).textContent = `(${c.q}, ${c.r}) ${c.label || t}`;
      const glyph = { sun: "☀", "gold-sun": "☀", star: "★", "gold-star": "★", flag: "⚑", recruit: "R" }[kind] || "";
      svgText(glyph, { x: p.x, y: p.y + 0.05, class: `ss-glyph ${kind}` }, g);
    }
    const cats = view.board?.catapults || {};
    for (const [army, c] of Object.entries(cats)) {
      const cg = svgEl("g", { class: `ss-launcher army-${army}`, transform: `translate(${c.x} ${c.y}) rotate(${c.heading})` }, g);
      svgEl("rect", { x: -0.5, y: -0.9, width: 1, height: 1.8, rx: 0.2 }, cg);
      svgEl("polygon", { points: "0.5,0 1.1,-0.35 1.1,0.35" }, cg);
      svgEl("title", {}, cg).textContent = `${armyName(army)} catapult`;
    }
  }

  function drawDestinations(view) {
    const g = layers.dest;
    g.replaceChildren();
    const legal = view.legal || {};
    const moves = legal.moves || {};
    const dests = st.chosen ? moves[st.chosen] || [] : [];
    // every fighter that may still move gets a ring; the chosen one's spaces are lit
    for (const fid of Object.keys(moves)) {
      const piece = board.pieces.get(fid)?.piece;
      if (!piece) continue;
      const p = toPixel(piece.q, piece.r);
      svgEl("circle", { cx: p.x, cy: p.y, r: 0.86, class: `ss-mover${fid === st.chosen ? " chosen" : ""}` }, g);
    }
    for (const d of dests) {
      const p = toPixel(d.q, d.r);
      const label = `Move ${nameOf(st.chosen)} to (${d.q}, ${d.r})${spaceNote(d.q, d.r)}`;
      const poly = svgEl("polygon", { points: corners(p.x, p.y, 0.9), class: "ss-dest", tabindex: 0, role: "button", "aria-label": label,
        "data-q": d.q, "data-r": d.r }, g);
      svgEl("title", {}, poly).textContent = label;
      const go = () => send({ kind: "move", fighter: st.chosen, q: d.q, r: d.r });
      poly.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); go(); } });
    }
    // targets of a battle, a card or a recall get a marker
    const targets = new Set([...Object.values(legal.attacks || {}).flat(), ...(legal.recall || []), ...(legal.place_card || [])]);
    for (const fid of targets) {
      const piece = board.pieces.get(fid)?.piece;
      if (!piece) continue;
      const p = toPixel(piece.q, piece.r);
      svgEl("circle", { cx: p.x, cy: p.y, r: 0.9, class: `ss-target${(legal.place_card || []).includes(fid) ? " friendly" : ""}` }, g);
    }
  }

  function drawMarks(view) {
    const g = layers.marks;
    g.replaceChildren();
    for (const piece of view.pieces || []) {
      const p = toPixel(piece.q, piece.r);
      if (piece.kind === "flag") {
        const fg = svgEl("g", { class: `ss-flag army-${piece.army}`, transform: `translate(${p.x} ${p.y})` }, g);
        svgEl("line", { x1: -0.25, y1: 0.45, x2: -0.25, y2: -0.6, class: "pole" }, fg);
        svgEl("polygon", { points: "-0.25,-0.6 0.45,-0.38 -0.25,-0.15", class: "cloth" }, fg);
        continue;
      }
      // a short name under the fighter (the board's own label is hidden: full names overlap)
      const label = String(piece.label || piece.id);
      svgText(label.includes(" ") && label.length > 9 ? label.split(" ")[0] : label, { x: p.x, y: p.y + 0.98, class: "ss-name" }, g);
      if (piece.status === "leader") svgText("♛", { x: p.x + 0.5, y: p.y - 0.5, class: `ss-crown army-${piece.army}` }, g);
      if (piece.card) {
        const c = piece.card;
        const cg = svgEl("g", { class: `ss-under type-${c.type}`, transform: `translate(${p.x + 0.3} ${p.y + 0.12})` }, g);
        svgEl("rect", { x: 0, y: 0, width: 0.78, height: 0.5, rx: 0.07 }, cg);
        svgText(`${CARD_SHORT[c.type] || "?"}+${c.bonus}`, { x: 0.39, y: 0.27 }, cg);
        svgEl("title", {}, cg).textContent = `${piece.label} holds ${c.name}`;
      }
    }
  }

  function launcherFor(view) {
    const c = view.legal?.launch?.launcher;
    return c || view.board?.catapults?.[myArmy] || null;
  }

  const along = (pt, heading, len) => {
    const a = (heading * Math.PI) / 180;
    return { x: pt.x + len * Math.cos(a), y: pt.y + len * Math.sin(a) };
  };

  function drawAim() {
    const g = layers.aim;
    g.replaceChildren();
    const view = st.view;
    if (!view?.legal?.launch) return;
    const c = launcherFor(view);
    if (!c) return;
    const { offset, angle, power } = st.aim;
    const origin = along({ x: c.x, y: c.y }, c.heading + 90, offset * SQRT3);
    const heading = c.heading + angle;
    const landing = along(origin, heading, power * SQRT3);
    // where the dice may send it: +-5 pips of angle and power error (data/catapult.json)
    const spread = 15, reach = 2;
    const pts = [];
    for (let a = -spread; a <= spread; a += 5) pts.push(along(origin, heading + a, Math.max(0, power - reach) * SQRT3));
    for (let a = spread; a >= -spread; a -= 5) pts.push(along(origin, heading + a, (power + reach) * SQRT3));
    svgEl("polygon", { points: pts.map((p) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`).join(" "), class: "ss-aim-zone" }, g);
    svgEl("line", { x1: origin.x, y1: origin.y, x2: landing.x, y2: landing.y, class: "ss-aim-line" }, g);
    svgEl("circle", { cx: origin.x, cy: origin.y, r: 0.3, class: "ss-aim-origin" }, g);
    svgEl("circle", { cx: landing.x, cy: landing.y, r: 0.35, class: "ss-aim-landing" }, g);
    g.dataset.landing = `${landing.x.toFixed(2)},${landing.y.toFixed(2)}`;
  }

  function drawShot(view) {
    const g = layers.shot;
    const shot = view.last_catapult;
    g.replaceChildren();
    if (!shot || (view.turn?.round ?? 0) > (st.shotRound ?? 0) + 1) return;
    for (const [q, r] of shot.path || []) {
      const p = toPixel(q, r);
      svgEl("polygon", { points: corners(p.x, p.y, 0.9), class: "ss-shot-hex" }, g);
    }
    const [ox, oy] = shot.origin, [lx, ly] = shot.landing, [sx, sy] = shot.stop;
    svgEl("line", { x1: ox, y1: oy, x2: lx, y2: ly, class: "ss-shot-flight" }, g);
    svgEl("line", { x1: lx, y1: ly, x2: sx, y2: sy, class: "ss-shot-roll" }, g);
    svgEl("circle", { cx: lx, cy: ly, r: 0.3, class: "ss-shot-landing" }, g);
    svgEl("circle", { cx: sx, cy: sy, r: 0.42, class: "ss-shot-ball" }, g);
    for (const hit of shot.hits || []) {
      const p = toPixel(hit.at[0], hit.at[1]);
      const mark = { stands: "✓", pushed: "→", pushed_out: "✕", knocked_down: "✕" }[hit.result] || "?";
      svgText(mark, { x: p.x, y: p.y - 0.75, class: `ss-hit ${hit.result}` }, g);
    }
    g.dataset.hexes = String((shot.path || []).length);
  }

  // --- refresh ---------------------------------------------------------------------------------
  function syncChosen(view) {
    const moves = view.legal?.moves || {};
    const movers = Object.keys(moves);
    const sel = ctx.selected();
    if (sel && moves[sel.id]) st.chosen = sel.id;
    if (st.chosen && !moves[st.chosen]) st.chosen = null;
    if (!st.chosen && movers.length === 1) st.chosen = movers[0];
  }

  function refresh() {
    const view = st.view;
    if (!view) return;
    syncChosen(view);
    const shotKey = JSON.stringify(view.last_catapult);
    if (shotKey !== st.shotKey) { st.shotKey = shotKey; st.shotRound = view.turn?.round ?? 0; }
    showStatus(view);
    showSpin(view);
    showDice(view);
    renderControls(view);
    showHand(view);
    showStore(view);
    showAbout(view);
    drawSpaces(view);
    drawDestinations(view);
    drawMarks(view);
    drawShot(view);
    drawAim();
    container.dataset.phase = view.turn?.phase || "";
  }

  // The board changes selection on pointer and key input; follow it after the board has.
  const follow = () => setTimeout(() => {
    const sel = ctx.selected();
    if (sel && st.view?.legal?.moves?.[sel.id] && sel.id !== st.chosen) { st.chosen = sel.id; refresh(); }
  }, 0);
  board.svg.addEventListener("keyup", follow);
  // A click (no drag) on a lit space moves there. The board captures the pointer, so the
  // click is found from the pointer's position rather than from the space's own events.
  let down = null;
  board.svg.addEventListener("pointerdown", (e) => { down = { x: e.clientX, y: e.clientY }; });
  board.svg.addEventListener("pointerup", (e) => {
    follow();
    const start = down;
    down = null;
    if (!start || Math.hypot(e.clientX - start.x, e.clientY - start.y) > 5 || board.tool !== "select" || board.drag.active) return;
    const fid = st.chosen;
    const dests = fid ? st.view?.legal?.moves?.[fid] || [] : [];
    const pt = board.panZoom.toBoard(e.clientX, e.clientY);
    const at = board.grid.fromPixel(pt.x, pt.y);
    if (dests.some((d) => d.q === at.q && d.r === at.r)) send({ kind: "move", fighter: fid, q: at.q, r: at.r });
  });

  return {
    update(view) {
      if (!view) return;
      st.view = view;
      refresh();
    },
    describe(e) {
      return describe(e, nameOf, armyName);
    },
    moveAction(piece, pos) {
      return { kind: "move", fighter: piece.id, q: pos.q, r: pos.r };
    },
    canDrag(piece, view) {
      return piece.kind === "fighter" && !!view?.legal?.moves?.[piece.id];
    },
  };
}

// A log line for the game's own events (undefined: the page's default).
function describe(e, nameOf, armyName) {
  const face = (f) => (f === SKULL ? "a skull" : String(f));
  switch (e.kind) {
    case "deployed": return `${armyName(e.army)} deployed; ${nameOf(e.reserve)} waits in the Toy Store`;
    case "opening_roll_needed": return "Both armies are deployed: roll for the first turn";
    case "opening_rolled": return `${armyName(e.army)} rolled ${face(e.face)} for the first turn`;
    case "opening_tied": return "The opening roll is tied: roll again";
    case "first_player": return `${armyName(e.army)} go first`;
    case "turn_started": return `Turn ${e.number}: ${armyName(e.army)}${e.player ? ` (${e.player})` : ""}`;
    case "spun": {
      const r = e.result || {};
      return `${e.seat} spun ${r.kind === "move" ? `a ${r.value}` : r.kind === "draw" ? "Draw a Card" : "Recruit"}`;
    }
    case "no_move": return `${e.seat} has no fighter that can move ${e.value}`;
    case "moves_ended": return `${e.seat} is done moving`;
    case "moved": return `${nameOf(e.fighter)} moved ${e.steps} to (${e.to?.[0]}, ${e.to?.[1]})`;
    case "battle": {
      const r = e.rolls?.[e.rolls.length - 1];
      const side = (s) => (s ? `${face(s.face)}${s.bonus ? `+${s.bonus}` : ""}` : "?");
      return `${nameOf(e.attacker)} battled ${nameOf(e.defender)}: ${side(r?.attacker)} against ${side(r?.defender)}; ${nameOf(e.winner)} wins`;
    }
    case "to_toy_store": return `${nameOf(e.fighter)} went to the Toy Store (${e.reason})`;
    case "card_drawn": return `${e.seat} drew ${e.card?.name}`;
    case "card_played": return `${e.seat} played ${e.card?.name} from the hand`;
    case "card_placed": return `${e.card?.name} goes under ${nameOf(e.fighter)}`;
    case "card_discarded": return `${e.card?.name} discarded (${e.reason})`;
    case "deck_reshuffled": return `The discard pile was shuffled into a new deck of ${e.cards}`;
    case "deck_empty": return "The deck is empty";
    case "recruit_impossible": return `${e.seat} cannot recruit now`;
    case "recruited": return `${nameOf(e.fighter)} was recruited`;
    case "declined": return `${e.seat} ended the turn`;
    case "catapult": {
      const hits = (e.hits || []).map((x) => `${nameOf(x.fighter)} ${x.result.replace("_", " ")}`).join(", ");
      return `${armyName(e.army)} launched the catapult: the ball flew ${e.flight_spaces} spaces${hits ? `; ${hits}` : ", hitting nobody"}`;
    }
    case "sits_out": return `${e.player} sits out (${e.reason})`;
    case "game_won": return `${armyName(e.army)} win: ${REASONS[e.reason] || e.reason}`;
    default: return undefined;
  }
}

// Watchers see the same panel with no seat: the spinner, dice, cards under fighters, Toy Store,
// shots and the winner, and no controls (the view gives a spectator no prompt).
export const watch = mount;
