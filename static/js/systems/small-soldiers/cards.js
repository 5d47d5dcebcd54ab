// Small Soldiers Big Battle: the read-only side of the panel, for players and spectators:
// the turn and the winner, the spinner, the last dice (opening, battle, catapult), the hand,
// the Toy Stores and the rulebook notes. Text only via textContent.
import { el as svgEl, text as svgText } from "../../board/svg.js";
import { button as baseButton, h } from "../dom.js";
import { definitions } from "../panel.js";
import { SKULL, REASONS, armyOf } from "./view.js";
import { names, shotLive } from "./state.js";

/** @typedef {import("./state.js").SsState} State */

// Buttons here carry no size class unless asked.
export const button = (label, onClick, opts = {}) => baseButton(label, onClick, { cls: "", ...opts });

export function dieFace(face, label) {
  const span = h("span", {
    class: `ss-die${face === SKULL ? " skull" : ""}`,
    role: "img",
    "aria-label": `${label}${face === null || face === undefined ? "not rolled" : face === SKULL ? "skull" : face}`,
  });
  span.textContent = face === null || face === undefined ? "–" : face === SKULL ? "☠" : String(face);
  return span;
}

// --- spinner ---------------------------------------------------------------------------------
/** @param {State} s */
function drawWheel(s, segments) {
  const { spinnerBox } = s.dom;
  const key = JSON.stringify(segments);
  if (s.wheelSegs === key) return;
  s.wheelSegs = key;
  const n = segments.length;
  const svg = svgEl("svg", {
    viewBox: "-1.15 -1.2 2.3 2.35",
    class: "ss-wheel-svg",
    role: "img",
    "aria-label": "Spinner",
  });
  const wheel = svgEl("g", { class: "ss-wheel" }, svg);
  segments.forEach((seg, i) => {
    const a0 = (i / n) * 2 * Math.PI - Math.PI / 2,
      a1 = ((i + 1) / n) * 2 * Math.PI - Math.PI / 2;
    const p = (a) => `${Math.cos(a).toFixed(4)} ${Math.sin(a).toFixed(4)}`;
    svgEl(
      "path",
      { d: `M0 0 L${p(a0)} A1 1 0 0 1 ${p(a1)} Z`, class: `ss-seg ss-seg-${seg.kind}`, "data-index": i },
      wheel,
    );
    const mid = (a0 + a1) / 2;
    const label = seg.kind === "move" ? String(seg.value) : seg.kind === "draw" ? "Card" : "Rec.";
    svgText(
      label,
      {
        x: (0.68 * Math.cos(mid)).toFixed(3),
        y: (0.68 * Math.sin(mid)).toFixed(3),
        class: "ss-seg-label",
        transform: `rotate(${(mid * 180) / Math.PI + 90} ${(0.68 * Math.cos(mid)).toFixed(3)} ${(0.68 * Math.sin(mid)).toFixed(3)})`,
      },
      wheel,
    );
  });
  svgEl("circle", { r: 0.12, class: "ss-hub" }, svg);
  svgEl("polygon", { points: "0,-0.88 -0.1,-1.17 0.1,-1.17", class: "ss-pointer" }, svg);
  spinnerBox.replaceChildren(svg);
}

/** @param {State} s */
function spinLabel(s, last) {
  const { armyName } = names(s);
  if (!last) return "Not spun yet";
  const what = last.kind === "move" ? `move ${last.value}` : last.kind === "draw" ? "Draw a Card" : "Recruit";
  return `${armyName(armyOf(last.seat))} spun: ${what}`;
}

/** @param {State} s */
export function showSpin(s, view) {
  const { spinnerBox, spinResult } = s.dom;
  const segs = view.spinner?.segments || [];
  drawWheel(s, segs);
  const wheel = spinnerBox.querySelector(".ss-wheel");
  const svg = spinnerBox.querySelector("svg");
  const last = view.spinner?.last || null;
  const key = JSON.stringify(last);
  if (!wheel || key === s.lastSpin) return;
  const first = s.lastSpin === null;
  s.lastSpin = key;
  const n = segs.length || 1;
  if (last) {
    const target = -((last.index + 0.5) / n) * 360; // that segment's middle under the pointer
    const now = s.wheelTurn;
    let next = target;
    while (next < now + (first ? 0 : 3 * 360)) next += 360;
    s.wheelTurn = next;
    wheel.classList.toggle("spinning", !first);
    wheel.style.transform = `rotate(${next}deg)`;
    for (const seg of wheel.querySelectorAll(".ss-seg"))
      seg.classList.toggle("hit", Number(seg.dataset.index) === last.index);
    spinnerBox.dataset.index = String(last.index);
    spinnerBox.dataset.spins = String((Number(spinnerBox.dataset.spins) || 0) + 1);
  }
  svg.setAttribute("aria-label", `Spinner. ${spinLabel(s, last)}`);
  spinResult.textContent = spinLabel(s, last);
}

// --- dice: opening roll and the last battle --------------------------------------------------
/** @param {State} s */
export function showDice(s, view) {
  const { diceBox } = s.dom;
  const { nameOf, armyName } = names(s);
  diceBox.replaceChildren();
  const b = view.last_battle;
  if (b?.rolls?.length) {
    const roll = b.rolls[b.rolls.length - 1];
    const key = JSON.stringify(b);
    const fresh = key !== s.battleKey;
    s.battleKey = key;
    const side = (who, r) =>
      h(
        "span",
        { class: "ss-roll" },
        h("span", { class: "ss-who", text: nameOf(who) }),
        dieFace(r.face, `${nameOf(who)} rolled `),
        r.bonus ? h("span", { text: ` +${r.bonus} = ${r.total}` }) : null,
      );
    const box = h(
      "div",
      { class: `ss-battle${fresh ? " fresh" : ""}` },
      h("div", { class: "ss-dice-title", text: "Last battle" }),
      h(
        "div",
        { class: "ss-roll-row" },
        side(b.attacker, roll.attacker),
        h("span", { class: "ss-vs", text: "vs" }),
        side(b.defender, roll.defender),
      ),
      h("div", {
        class: "ss-battle-result",
        text: `${nameOf(b.winner)} wins; ${nameOf(b.loser)} to the Toy Store${b.rolls.length > 1 ? ` (after ${b.rolls.length - 1} tie${b.rolls.length > 2 ? "s" : ""})` : ""}`,
      }),
    );
    diceBox.append(box);
  }
  const shot = view.last_catapult;
  if (shot && shotLive(s, view)) {
    const pips = shot.error_pips || {};
    const sign = (n) => (n > 0 ? `+${n}` : String(n));
    const hits = (shot.hits || []).map((x) =>
      h(
        "li",
        {},
        h("span", { text: `${nameOf(x.fighter)}: ` }),
        dieFace(x.face, `${nameOf(x.fighter)} hit die `),
        h("span", { text: ` ${x.result.replace("_", " ")}` }),
      ),
    );
    diceBox.append(
      h(
        "div",
        { class: "ss-catapult-result" },
        h("div", { class: "ss-dice-title", text: `${armyName(shot.army)} catapult` }),
        h("div", {
          class: "small",
          text: `Dice error: direction ${sign(pips.angle)} pips, power ${sign(pips.power)}, rolled on ${pips.roll} pips · flew ${shot.flight_spaces} spaces`,
        }),
        hits.length ? h("ul", { class: "ss-hits" }, hits) : h("div", { class: "small", text: "The ball hit nobody." }),
      ),
    );
  }
  const op = view.opening;
  if (
    op &&
    (view.turn.phase === "opening" || (view.turn.round || 0) <= 2) &&
    (op.history?.length || Object.values(op.current || {}).some((f) => f))
  ) {
    const last = Object.values(op.current).some((f) => f) ? op.current : op.history[op.history.length - 1];
    const row = h("div", { class: "ss-roll-row" });
    for (const army of Object.keys(last))
      row.append(
        h(
          "span",
          { class: "ss-roll" },
          h("span", { class: "ss-who", text: armyName(army) }),
          dieFace(last[army], `${armyName(army)} opening roll `),
        ),
      );
    diceBox.append(
      h(
        "div",
        { class: "ss-opening" },
        h("div", {
          class: "ss-dice-title",
          text: `Opening roll${op.history.length > 1 ? ` (${op.history.length} rounds)` : ""}`,
        }),
        row,
      ),
    );
  }
}

// --- turn indicator and the winner ------------------------------------------------------------
/** @param {State} s */
export function showStatus(s, view) {
  const { me } = s;
  const { status, banner } = s.dom;
  const { armyName, seatName } = names(s);
  const turn = view.turn || {};
  status.replaceChildren();
  status.hidden = !!view.winner;
  if (view.winner) {
    const w = view.winner;
    const text = `${armyName(w.army)} win: ${REASONS[w.reason] || w.reason}`;
    const verdict = !me ? "Game over." : w.army === s.myArmy ? "You win!" : "You lose."; // no seat: a watcher
    banner.replaceChildren(h("strong", { text: verdict }), h("span", { text: ` ${text}` }));
    banner.className = `ss-winner army-${w.army}`;
    banner.hidden = false;
    return;
  }
  banner.hidden = true;
  const mine = (turn.active || []).includes(me);
  const armies = [...new Set((turn.active || []).map(armyOf))];
  const army = turn.army || (armies.length === 1 ? armies[0] : null);
  const chip = h("span", { class: `ss-chip army-${army || "none"}`, text: army ? armyName(army) : "Both armies" });
  const who = mine ? "Your turn" : `Waiting for ${(turn.active || []).map(seatName).join(" and ") || "nobody"}`;
  status.classList.toggle("mine", mine);
  status.append(
    chip,
    h("span", { class: "ss-turn-text", text: ` ${who}${turn.round ? ` · turn ${turn.round}` : ""} · ${turn.phase}` }),
  );
  if (mine && view.prompt?.text) status.append(h("p", { class: "ss-prompt", text: view.prompt.text }));
}

// --- hand, Toy Store, deck -------------------------------------------------------------------
/** @param {State} s */
export function showHand(s, view) {
  const { me } = s;
  const { handBox } = s.dom;
  const { seatName } = names(s);
  handBox.replaceChildren();
  if (!view.options?.advanced) return;
  const hand = view.hand || [];
  const playable = new Set(view.legal?.play_card || []);
  const list = h("ul", { class: "ss-cards", "aria-label": "Your hand" });
  for (const c of hand) {
    list.append(
      h(
        "li",
        {},
        h("span", { class: `ss-card type-${c.type}`, text: c.name }),
        playable.has(c.id)
          ? button("Play", () => s.ctx.fire({ kind: "play_card", card: c.id }), {
              key: `play-${c.id}`,
              cls: "small",
              aria: `Play ${c.name}`,
            })
          : null,
      ),
    );
  }
  const others = Object.entries(view.hand_counts || {})
    .filter(([s]) => s !== me)
    .map(([s, n]) => `${seatName(s)}: ${n}`)
    .join(", ");
  handBox.append(
    h("h3", { text: `Your hand (${hand.length})` }),
    hand.length ? list : h("p", { class: "muted small", text: "No cards left." }),
    h("p", { class: "muted small", text: `Cards in other hands: ${others || "none"}` }),
  );
}

/** @param {State} s */
export function showStore(s, view) {
  const { storeBox, deckLine } = s.dom;
  const { armyName } = names(s);
  storeBox.replaceChildren(h("h3", { text: "Toy Store" }));
  const grid = h("div", { class: "ss-store-grid" });
  for (const [army, list] of Object.entries(view.toy_store || {})) {
    const col = h(
      "section",
      { class: `ss-store-army army-${army}`, "aria-label": `${armyName(army)} Toy Store` },
      h("h4", { text: `${armyName(army)} (${list.length})` }),
    );
    const ul = h("ul", {});
    for (const f of list) ul.append(h("li", { text: `${f.name}${f.leader ? " (leader)" : ""}` }));
    if (!list.length) ul.append(h("li", { class: "muted", text: "empty" }));
    col.append(
      ul,
      h("p", { class: "small muted", text: `${view.armies?.[army]?.fighters_on_board ?? "?"} on the board` }),
    );
    grid.append(col);
  }
  storeBox.append(grid);
  deckLine.textContent = `Deck: ${view.deck?.count ?? "?"} cards · discard pile: ${(view.discard || []).length}`;
}

/** @param {State} s */
export function showAbout(s, view) {
  const { about } = s.dom;
  const key = JSON.stringify([view.defaults, view.board?.name]);
  if (about.dataset.key === key) return;
  about.dataset.key = key;
  const rows = Object.entries(view.defaults || {}).filter(([name]) => name !== "map");
  const map = ["map", `${view.board?.name || ""}: ${view.board?.source || ""}`];
  about.replaceChildren(about.firstChild, definitions([map, ...rows]));
}
