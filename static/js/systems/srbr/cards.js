// Samurai Robots Battle Royale: the read-only side of the panel, for players and spectators:
// the round and turn order, the winner, the dice of the current (or last) activation, the
// measuring sticks and the roster of mechas with their parts and dice colours.
import { button, h } from "../dom.js";
import { showWinner } from "../panel.js";
import { STICKS, PHASES, plural, nice } from "./view.js";
import { ask, names, pieceOf, prompt } from "./state.js";
import { drawOverlays, sticksTarget } from "./board.js";

/** @typedef {import("./state.js").SrbrState} State */

const COLOUR_NAMES = { white: "white", yellow: "yellow", red: "red" };

export function dieNode(d, opts = {}) {
  const colour = COLOUR_NAMES[d.colour] || "white";
  const trigger = d.face === 1 && (colour === "yellow" || colour === "red");
  const verdict = d.success === undefined ? "" : d.success ? "success" : "failure";
  const node = h(
    "span",
    {
      class: `srbr-die die-${colour}${verdict ? ` ${verdict}` : ""}${trigger ? " trigger" : ""}`,
      role: "img",
      "aria-label": `${colour} die${d.face ? ` rolled ${d.face}` : ""}${verdict ? `, ${verdict}` : ""}${trigger ? ", the opponent may react" : ""}`,
    },
    h("span", { class: "face", text: d.face ?? "" }),
  );
  if (verdict && !opts.bare)
    node.append(h("span", { class: "mark", "aria-hidden": "true", text: d.success ? "✓" : "✗" }));
  return node;
}

export function colourChips(colours, label) {
  const wrap = h("span", {
    class: "srbr-chips",
    role: "img",
    "aria-label": label || `dice ${colours.length ? colours.join(", ") : "none: destroyed"}`,
  });
  if (!colours.length) wrap.append(h("span", { class: "srbr-gone", text: "destroyed", "aria-hidden": "true" }));
  for (const c of colours) wrap.append(h("span", { class: `srbr-chip die-${c}`, "aria-hidden": "true" }));
  return wrap;
}

// --- status and winner ------------------------------------------------------------------------
/** @param {State} s */
export function showStatus(s, view) {
  const { me } = s;
  const { banner, status } = s.dom;
  const { player } = names(s);
  const turn = view.turn || {};
  const result = view.result;
  if (result) {
    const winners = result.winners || [];
    const who = winners.map(player).join(", ");
    const text = who ? `${who} win${winners.length === 1 ? "s" : ""}: ${result.reason}` : `No winner: ${result.reason}`;
    showWinner(banner, !!me && winners.includes(me), text);
  } else {
    banner.hidden = true;
  }
  const active = turn.active || [];
  const mine = !!(me && active.includes(me) && prompt(s) && ask(s) !== "wait");
  const order = (turn.order || []).map((seat) =>
    h("span", {
      class: `srbr-seat${seat === turn.seat ? " turn-seat" : ""}${active.includes(seat) ? " active" : ""}${(view.conceded || []).includes(seat) ? " out" : ""}`,
      text: `${player(seat)}${seat === turn.seat ? " ◆" : ""}`,
      title: seat === turn.seat ? "whose turn it is" : "",
    }),
  );
  status.classList.toggle("mine", mine);
  status.replaceChildren(
    h(
      "div",
      { class: "srbr-phase" },
      h("strong", { text: `Round ${turn.round ?? "?"}` }),
      h("span", { text: ` · ${PHASES[turn.phase] || nice(turn.phase)}` }),
    ),
    h("div", { class: "srbr-order", "aria-label": "Turn order" }, ...order),
    h("p", {
      class: "srbr-who",
      text: result
        ? ""
        : mine
          ? `Your turn: ${prompt(s).text}`
          : prompt(s)?.text || (active.length ? `Waiting for ${active.map(player).join(", ")}` : ""),
    }),
  );
  s.ctx.container.dataset.phase = turn.phase || "";
  s.ctx.container.dataset.ask = ask(s) || "";
}

// --- the dice of the current (or last) activation -----------------------------------------------
/** @param {State} s */
export function showRoll(s, view) {
  const { rollBox } = s.dom;
  const { mechaName, partOf, partName } = names(s);
  const act = view.reaction?.activation || view.activation;
  const roll = act ? { ...act, reaction: !!view.reaction?.activation } : s.lastRoll;
  rollBox.replaceChildren();
  if (!roll?.dice) return;
  const current = !!act;
  const q = roll.q ?? partOf(roll.mecha, roll.part)?.q;
  const head = `${current ? "" : "Last roll: "}${roll.reaction || roll.kind === "reacted" ? "Reaction: " : ""}${mechaName(roll.mecha)} ${partName(roll.mecha, roll.part)}${q ? ` (Q${q}+)` : ""}`;
  const dice = h("div", { class: "srbr-dice" }, ...roll.dice.map((d) => dieNode(d)));
  const ones = roll.reactions || 0;
  const lines = [h("strong", { class: "srbr-successes", text: plural(roll.successes || 0, "success", "successes") })];
  if (roll.failures !== undefined) lines.push(h("span", { text: `, ${plural(roll.failures, "failure")}` }));
  if (current && roll.actions_left !== undefined)
    lines.push(h("span", { class: "srbr-left", text: ` · ${plural(roll.actions_left, "action")} left` }));
  const notes = [];
  if (ones)
    notes.push(
      h("p", {
        class: "srbr-trigger",
        text: `A 1 on a ${"yellow or red"} die: the opponent may react (${plural(ones, "chance")}).`,
      }),
    );
  if (roll.ends_turn)
    notes.push(h("p", { class: "srbr-ends", text: "Two or more failures: the turn ends after these actions." }));
  if (current && roll.used?.length)
    notes.push(h("p", { class: "srbr-used", text: `Done: ${roll.used.map(nice).join(", ")}` }));
  rollBox.replaceChildren(h("h3", { text: head }), dice, h("p", { class: "srbr-count" }, ...lines), ...notes);
  rollBox.classList.toggle("old", !current);
}

// --- roster: every mecha with its parts and dice colours ---------------------------------------
/** @param {State} s */
export function renderRoster(s, view) {
  const { me, ctx } = s;
  const { roster } = s.dom;
  const { player, stickName } = names(s);
  const sig = JSON.stringify([view.mechas, s.sticksFor, [...(ctx.names || [])]]);
  if (sig === s.sig.roster) return;
  s.sig.roster = sig;
  const seats = view.turn?.order || [];
  const list = Object.values(view.mechas || {}).sort((a, b) => seats.indexOf(a.owner) - seats.indexOf(b.owner));
  const items = list.map((m) => {
    const state = m.out ? m.out : m.status;
    const head = h(
      "div",
      { class: "srbr-mecha-head" },
      h("strong", { text: m.name }),
      h("span", { class: "muted", text: ` ${player(m.owner)} · ${m.cost} pts · ${nice(m.form)} · ${state}` }),
    );
    const rows = m.parts.map((p) =>
      h(
        "tr",
        { class: p.destroyed ? "gone" : "" },
        h("th", { scope: "row", text: p.name }),
        h("td", { text: `Q${p.q}+` }),
        h("td", { text: `C${p.c}` }),
        h("td", {}, colourChips(p.dice)),
        h("td", {
          class: "what",
          text: [p.move ? stickName(p.move) : "", ...(p.attacks || []).map(nice)].filter(Boolean).join(", "),
        }),
      ),
    );
    const table = h(
      "table",
      { class: "srbr-parts-table" },
      h("caption", { class: "sr-only", text: `${m.name} body parts` }),
      h(
        "thead",
        {},
        h("tr", {}, ...["Part", "Q", "C", "Dice", "Move, attacks"].map((t) => h("th", { scope: "col", text: t }))),
      ),
      h("tbody", {}, ...rows),
    );
    const li = h(
      "li",
      { class: `srbr-mecha${m.out ? " out" : ""}${m.owner === me ? " mine" : ""}`, "data-mecha": m.id },
      head,
      table,
    );
    if (!m.out && pieceOf(s, m.id)) {
      li.append(
        button(
          "Show on board",
          () => {
            ctx.board.select(m.id);
            s.sticksFor = m.id;
            drawOverlays(s);
          },
          { key: `show-${m.id}`, cls: "secondary small", aria: `Select ${m.name} on the board and show its sticks` },
        ),
      );
    }
    return li;
  });
  roster.replaceChildren(h("h3", { text: "Mechas" }), h("ul", { class: "srbr-mechas" }, ...items));
}

// --- measuring sticks: S/M/L circles from the selected model's measuring point -----------------
/** @param {State} s */
export function renderTools(s, view) {
  const { tools } = s.dom;
  const { mechaName, unit, stickName } = names(s);
  const lengths = view.sticks?.lengths || {};
  const mm = view.sticks?.table_mm?.[view.sticks?.scale] || {};
  tools.replaceChildren(
    h("h3", { text: "Measuring sticks" }),
    h("p", {
      class: "srbr-note",
      text: `${view.sticks?.scale || ""} models: ${STICKS.map((s) => `${stickName(s)} ${lengths[s]} ${unit()}${mm[s] ? ` (${mm[s]} mm)` : ""}`).join(", ")}. Pre-measuring is allowed.`,
    }),
    button(
      s.sticks ? "Hide sticks" : "Show sticks",
      () => {
        s.sticks = !s.sticks;
        renderTools(s, s.view);
        drawOverlays(s);
      },
      { key: "sticks", pressed: String(s.sticks), aria: "Show S, M and L sticks around the selected model" },
    ),
    h("p", {
      class: "srbr-note srbr-sticks-for",
      "aria-live": "polite",
      text: sticksTarget(s)
        ? `Sticks from ${mechaName(sticksTarget(s).id)}'s measuring point.`
        : "Select a model to see its sticks.",
    }),
  );
}
