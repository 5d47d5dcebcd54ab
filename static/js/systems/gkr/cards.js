// GKR: Heavy Hitters with Big Little Buddy: the read-only side of the panel, for players and
// spectators: round, phase and turn order, the winner, the players' counts, the firing line,
// Big Little Buddy, the hand, the buildings, the last Combat Phase's dice; the table rules card
// is gkr/rules.js.
import { h } from "../dom.js";
import { showWinner } from "../panel.js";
import { PHASES, STEPS, buildingText } from "./view.js";

// A card's type as the card says it.
const CARD_TYPES = {
  "activate-blb": "activate Big Little Buddy",
  "repair-kit": "repair kit",
  "energy-boost": "energy boost",
};
import { names, phase } from "./state.js";

/** @typedef {import("./state.js").GkrState} State */

// --- status, winner ---------------------------------------------------------------------------
/** @param {State} s */
export function showStatus(s, view) {
  const { me } = s;
  const { banner, status } = s.dom;
  const { faction, colour, player } = names(s);
  const turn = view.turn || {};
  const w = view.winner;
  const sig = JSON.stringify([turn, w, view.prompt?.text, view.players]);
  if (sig === s.sig.status) return;
  s.sig.status = sig;
  if (w) {
    const who = (w.winners || []).map(faction).join(", ");
    const text = who ? `${who} win${(w.winners || []).length === 1 ? "s" : ""}: ${w.reason}` : `No winner: ${w.reason}`;
    showWinner(banner, !!me && (w.winners || []).includes(me), text);
    banner.style.background = (w.winners || []).length === 1 ? colour(w.winners[0]) : "";
  } else {
    banner.hidden = true;
  }
  const active = turn.active || [];
  const mine = me && active.includes(me) && !!view.prompt;
  const phaseName = `${PHASES[turn.phase] || turn.phase || ""}${turn.step ? ` · ${STEPS[turn.step] || turn.step}` : ""}`;
  const order = (turn.turn_order || []).map((seat) =>
    h("span", {
      class: `gkr-chip${active.includes(seat) ? " active" : ""}`,
      style: `--c:${colour(seat)}`,
      text: faction(seat),
      title: active.includes(seat) ? "to act" : "",
    }),
  );
  status.classList.toggle("mine", !!mine);
  status.replaceChildren(
    h(
      "div",
      { class: "gkr-phase" },
      h("strong", { text: `Round ${turn.round ?? "?"}` }),
      h("span", { text: ` · ${phaseName}` }),
    ),
    h("div", { class: "gkr-order", role: "group", "aria-label": "Turn order" }, ...order),
    h("p", {
      class: "gkr-who",
      text: w
        ? ""
        : mine
          ? `Your turn: ${view.prompt.text}`
          : active.length
            ? `Waiting for ${active.map(player).join(", ")}`
            : "",
    }),
  );
  const mineP = me && view.players?.[me];
  if (mineP)
    status.append(
      h("p", {
        class: "gkr-mine",
        text: `Your energy ${mineP.energy} · tags ${mineP.tags} · ${mineP.hp} cards left`,
      }),
    );
}

// --- what everyone sees: counts, firing line, Big Little Buddy, buildings ----------------------
/** @param {State} s */
export function showPlayers(s, view) {
  const { me } = s;
  const { players } = s.dom;
  const table = h("table", { class: "gkr-counts" });
  const cols = [
    ["Faction", ""],
    ["En", "Energy"],
    ["Tag", "Holo-board Tags in supply"],
    ["Hand", "Cards in hand"],
    ["Spn", "Sponsor cards"],
    ["Deck", "Cards in the deck"],
    ["Dmg", "Cards in the damage pile"],
    ["Bld", "Buildings demolished"],
  ];
  const head = h(
    "tr",
    {},
    ...cols.map(([t, full]) =>
      h(
        "th",
        { scope: "col" },
        full ? h("abbr", { title: full, "aria-label": full, text: t }) : h("span", { class: "sr-only", text: t }),
      ),
    ),
  );
  table.append(h("caption", { class: "sr-only", text: "Players: energy, tags and card counts" }), h("thead", {}, head));
  const body = h("tbody", {});
  const order = view.turn?.turn_order?.length ? view.turn.turn_order : Object.keys(view.players || {});
  for (const seat of order) {
    const p = view.players[seat];
    if (!p) continue;
    const name = h(
      "th",
      { scope: "row" },
      h("span", { class: "swatch", style: `background:${p.colour}`, "aria-hidden": "true" }),
      h("span", { text: p.name }),
      seat === me ? h("span", { class: "sr-only", text: " (you)" }) : null,
    );
    const row = h(
      "tr",
      { class: `${p.eliminated ? "out" : ""}${seat === me ? " me" : ""}`, "data-seat": seat },
      name,
      h("td", { text: String(p.energy) }),
      h("td", { text: String(p.tags) }),
      h("td", { text: String(p.hand_count) }),
      h("td", { text: String(p.sponsor_count) }),
      h("td", { text: String(p.deck_count) }),
      h("td", {
        text: p.eliminated ? "destroyed" : `${p.damage_count}`,
        title: `${p.hp} cards left (deck, discard and hand)`,
      }),
      h("td", { text: String(p.demolished) }),
    );
    body.append(row);
  }
  table.append(body);
  players.replaceChildren(
    h("h3", { text: "Players" }),
    // a table that may scroll sideways: reachable from the keyboard (scrollable-region-focusable)
    h("div", { class: "gkr-scroll", tabIndex: 0, role: "region", "aria-label": "Players (scrolls sideways)" }, table),
    h("p", {
      class: "small muted",
      text: `Sponsor pile ${view.sponsor_pile_count ?? "?"} cards · sponsor discard ${view.sponsor_discard_count ?? 0}`,
    }),
  );
}

/** @param {State} s */
export function showFiring(s, view) {
  const { firing } = s.dom;
  const { faction, colour, unitName, hexLabel } = names(s);
  const line = view.firing_line || [];
  firing.replaceChildren(h("h3", { text: "Firing line" }));
  if (!line.length) {
    firing.append(
      h("p", {
        class: "small muted",
        text: phase(s) === "combat" ? "No weapon chosen yet." : "Empty until the Combat Phase.",
      }),
    );
    return;
  }
  const revealed = line.some((e) => e.revealed);
  const past = phase(s) !== "combat";
  firing.append(
    h("p", {
      class: "small muted",
      text: past
        ? "The last Combat Phase, in the order it was resolved."
        : revealed
          ? "Revealed, in speed order (fastest first)."
          : "Face down until everyone has chosen.",
    }),
  );
  firing.classList.toggle("past", past);
  const list = h("ol", { class: "gkr-line" });
  for (const e of line) {
    if (e.hidden) {
      list.append(
        h(
          "li",
          {
            class: "gkr-card face-down",
            style: `--c:${colour(e.owner)}`,
            "aria-label": `${faction(e.owner)}: a face-down card`,
          },
          h("span", { class: "gkr-card-back", "aria-hidden": "true", text: "?" }),
          h("span", { text: `${faction(e.owner)}: face down` }),
        ),
      );
      continue;
    }
    const target = e.target_hex ? `hex ${hexLabel(e.target_hex)}` : unitName(e.target_unit);
    const label = `${faction(e.owner)}: ${e.weapon?.name} (${unitName(e.unit)}) at ${target}, speed ${e.weapon?.speed}${e.revealed ? "" : ", face down (yours)"}`;
    list.append(
      h(
        "li",
        {
          class: `gkr-card${e.revealed ? " revealed" : " mine"}`,
          style: `--c:${colour(e.owner)}`,
          "aria-label": label,
        },
        h("span", { class: "gkr-speed", text: String(e.weapon?.speed ?? "?"), title: "speed" }),
        h(
          "span",
          {},
          h("strong", { text: e.weapon?.name || "?" }),
          h("span", { text: ` · ${faction(e.owner)} · ${unitName(e.unit)} → ${target}` }),
          e.revealed ? null : h("span", { class: "muted", text: " (face down)" }),
        ),
      ),
    );
  }
  firing.append(list);
}

/** @param {State} s */
export function showBLB(s, view) {
  const { me } = s;
  const { blbBox } = s.dom;
  const { faction, colour, player } = names(s);
  const b = view.blb || {};
  const ctl = b.controller;
  const card = h(
    "div",
    { class: `gkr-unit-card${ctl ? " controlled" : ""}`, style: ctl ? `--c:${colour(ctl)}` : "" },
    h(
      "div",
      { class: "gkr-unit-head" },
      h("strong", { text: b.name || "Big Little Buddy" }),
      h("span", { class: "gkr-hp", text: b.on_board ? `HP ${b.hp}/${b.max_hp}` : "off the board" }),
    ),
    h("div", {
      class: "small",
      text: `Move ${b.range} hexes (no energy) · to hit ${b.to_hit}+ · armor ${b.armor}+ · arc ${b.arc}°`,
    }),
    h(
      "div",
      { class: "gkr-control", role: "status" },
      ctl
        ? h(
            "span",
            {},
            h("span", { class: "gkr-tag", style: `background:${colour(ctl)}`, "aria-hidden": "true", text: "TAG" }),
            h("span", { text: ` Controlled by ${player(ctl)}${ctl === me ? " (you)" : ""} until the end of combat` }),
          )
        : h("span", {
            text: b.on_board
              ? `Uncontrolled${b.activated_this_round ? "" : ": an Activate BLB card takes him in the Deploy Phase"}`
              : "Off the board until the end of the Reset Phase",
          }),
    ),
  );
  const weapons = h("ul", { class: "gkr-blb-weapons", "aria-label": "Big Little Buddy's weapon cards" });
  const faceDown = b.weapon_cards_face_down > 0 && !b.chosen_weapon;
  for (const w of b.weapons || []) {
    const chosen = b.chosen_weapon === `blb/${w.key}`;
    weapons.append(
      h(
        "li",
        { class: `gkr-wcard${chosen ? " chosen" : ""}${faceDown ? " face-down" : ""}` },
        h("strong", { text: faceDown ? "Face down" : w.name }),
        faceDown
          ? null
          : h("span", {
              class: "small",
              text: ` speed ${w.speed} · ${w.dice} dice · range ${w.range} · dmg ${w.damage}${w.hex_target ? " · any hex" : ""}`,
            }),
        chosen ? h("span", { class: "gkr-pill", text: "chosen" }) : null,
      ),
    );
  }
  blbBox.replaceChildren(h("h3", { text: "Big Little Buddy" }), card, weapons);
  if (faceDown)
    blbBox.append(
      h("p", {
        class: "small muted",
        text: `${faction(ctl)} may have chosen one of his three weapons; all three are face down.`,
      }),
    );
}

/** @param {State} s */
export function showHand(s, view) {
  const { me } = s;
  const { handBox } = s.dom;
  const sig = JSON.stringify([view.hand, view.sponsor_hand]);
  if (sig === s.sig.hand) return;
  s.sig.hand = sig;
  if (!me) {
    handBox.replaceChildren();
    handBox.hidden = true;
    return;
  }
  handBox.hidden = false;
  const cards = (list, empty) =>
    list.length
      ? h(
          "ul",
          { class: "gkr-cards" },
          ...list.map((c) =>
            h(
              "li",
              { class: `gkr-hcard type-${c.type}`, title: c.id },
              h("span", { text: c.name }),
              h("span", { class: "gkr-type", text: CARD_TYPES[c.type] || c.type.replace(/-/g, " ") }),
            ),
          ),
        )
      : h("p", { class: "small muted", text: empty });
  handBox.replaceChildren(
    h("h3", { text: `Your hand (${(view.hand || []).length})` }),
    cards(view.hand || [], "No cards."),
    h("h3", { text: `Your sponsor cards (${(view.sponsor_hand || []).length})` }),
    cards(view.sponsor_hand || [], "No sponsor cards."),
  );
}

/** @param {State} s */
export function showBuildings(s, view) {
  const { buildingsBox } = s.dom;
  const { faction } = names(s);
  const sig = JSON.stringify(view.board?.buildings);
  if (sig === s.sig.buildings) return;
  s.sig.buildings = sig;
  const need = view.defaults?.rules?.tags_to_demolish ?? 4;
  const list = h("ul", { class: "gkr-blist" });
  for (const b of view.board?.buildings || []) {
    const tags = Object.entries(b.tags || {})
      .filter(([, n]) => n > 0)
      .map(([seat, n]) => `${faction(seat)} ${n}`)
      .join(", ");
    list.append(
      h(
        "li",
        { class: b.demolished ? "rubble" : "" },
        h("strong", { text: buildingText(b) }),
        h("span", {
          text: b.demolished
            ? ` rubble (demolished by ${faction(b.by)})`
            : ` ${b.tag_total}/${need} tags${tags ? `: ${tags}` : ""}`,
        }),
      ),
    );
  }
  buildingsBox.replaceChildren(h("h3", { text: "Buildings" }), list);
}

/** @param {State} s */
export function noteEvent(s, e) {
  if (e.kind === "firing_line_revealed") s.revealSeq = Math.max(s.revealSeq, e.seq ?? 0);
  else if (e.kind === "attack") s.attacks.set(e.seq ?? s.attacks.size, e);
  else return;
  clearTimeout(s.attacksTimer);
  s.attacksTimer = setTimeout(() => showAttacks(s), 0);
}

/** @param {State} s */
export function showAttacks(s) {
  const { attacksBox } = s.dom;
  const { unitName } = names(s);
  const list = [...s.attacks.values()].filter((e) => (e.seq ?? 0) > s.revealSeq).sort((a, b) => a.seq - b.seq);
  for (const [seq] of s.attacks) if (seq < s.revealSeq) s.attacks.delete(seq);
  attacksBox.hidden = !list.length;
  if (!list.length) return;
  const dice = (faces, good, kind) =>
    h(
      "span",
      { class: "gkr-dice", role: "img", "aria-label": `${kind} dice ${faces.join(", ") || "none"}` },
      ...faces.map((f) =>
        h("span", { class: `gkr-die${f >= good ? " good" : ""}`, text: String(f), "aria-hidden": "true" }),
      ),
    );
  const ol = h("ol", { class: "gkr-rolls" });
  for (const e of list) {
    ol.append(
      h(
        "li",
        {},
        h(
          "div",
          {},
          h("strong", { text: e.weapon }),
          h("span", { text: ` ${unitName(e.unit)} → ${unitName(e.target)}${e.flank ? " (flank shot)" : ""}` }),
        ),
        h(
          "div",
          { class: "gkr-roll-row" },
          h("span", { class: "small", text: `hit ${e.to_hit}+` }),
          dice(e.attack_faces || [], e.to_hit, "Attack"),
          e.armor === null || e.armor === undefined
            ? null
            : h("span", {
                class: "small",
                text: (e.defence_faces || []).length ? ` armor ${e.armor}+` : e.hits ? " no defence dice" : "",
              }),
          (e.defence_faces || []).length ? dice(e.defence_faces, e.armor, "Defence") : null,
          h("span", { class: "gkr-dmg", text: ` ${e.damage} damage` }),
        ),
      ),
    );
  }
  attacksBox.replaceChildren(h("h3", { text: "Dice" }), ol);
}
