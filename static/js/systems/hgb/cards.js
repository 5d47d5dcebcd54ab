// Heavy Gear Blitz!: the read-only side of the panel, shown to players and spectators alike:
// the round and phase, initiative, who is activating, the winner, the last attack's dice and
// the unit cards with their damage boxes (a card picks its model, as a click on the board does).
// Built from the view; text only via textContent.
import { h } from "../dom.js";
import { seatLabel } from "../../words.js";
import { showWinner } from "../panel.js";
import {
  PHASES,
  SPEEDS,
  MODES,
  BOX_NAMES,
  signed,
  nice,
  ucfirst,
  sum,
  rollText,
  modsText,
  other,
  reasonWords,
} from "./view.js";
import { actors, cardOf, cards, myTurn, names, phase, pieceOf, weaponCard } from "./state.js";
import { syncAim } from "./attack.js";

/** @typedef {import("./state.js").HgbState} State */

// --- status, initiative and winner ---------------------------------------------------------------
/** @param {State} s */
export function showStatus(s, view) {
  const { me } = s;
  const { banner, status } = s.dom;
  const { boardBanner } = s;
  const { container } = s.ctx;
  const { player, label, groupName } = names(s);
  const turn = view.turn || {};
  const result = view.result;
  if (result) {
    const winners = result.winners || [];
    const who = winners.map(player).join(", ");
    showWinner(
      banner,
      !!me && winners.includes(me),
      who ? `${who} won: ${reasonWords(result.reason)}.` : `No winner: ${reasonWords(result.reason)}.`,
    );
    boardBanner.textContent = who ? `${who} wins!` : "A draw";
    boardBanner.hidden = false;
  } else {
    banner.hidden = true;
    boardBanner.hidden = true;
  }
  const mine = myTurn(s);
  const bits = [
    h("strong", { class: "hgb-round", text: turn.round ? `Round ${turn.round}` : "Setup" }),
    h("span", { class: "hgb-phase", text: ` · ${PHASES[turn.phase] || nice(turn.phase)}` }),
  ];
  const lines = [h("div", {}, ...bits)];
  const ini = view.initiative;
  if (ini && turn.round) {
    const rolls = (ini.rolls || [])
      .map((r) => `${seatLabel("north")} ${r.north}, ${seatLabel("south")} ${r.south}`)
      .join("; then ");
    lines.push(
      h("p", {
        class: "hgb-initiative",
        text: `Initiative: ${rolls}${(ini.rolls || []).length > 1 ? " (ties re-rolled)" : ""} → ${player(ini.winner)} wins${view.first ? `; ${player(view.first)} activates first` : ""}.`,
      }),
    );
  }
  if (turn.phase === "activation" || turn.phase === "reaction") {
    const cur = view.current;
    lines.push(
      h("p", {
        class: "hgb-activating",
        text: cur
          ? `Activating: ${player(cur.seat)}'s ${groupName(cur.seat, cur.group)}${cur.model ? `, ${label(cur.model)}` : ""}`
          : `To activate a Combat Group: ${player(view.to_activate)}`,
      }),
    );
  }
  const des = Object.entries(view.designations || {});
  if (des.length)
    lines.push(
      h("p", {
        class: "hgb-designations",
        text: `Designated: ${des.map(([t, d]) => `${label(t)} by ${label(d.observer)}`).join("; ")}`,
      }),
    );
  lines.push(
    h("p", { class: "hgb-who", text: result ? "" : mine ? `Your turn: ${view.prompt || ""}` : view.prompt || "" }),
  );
  status.classList.toggle("mine", mine);
  status.replaceChildren(...lines);
  container.dataset.phase = turn.phase || "";
  container.dataset.mine = mine ? "yes" : "no";
}

// --- the last attack's dice ---------------------------------------------------------------------
/** @param {State} s */
export function renderLast(s) {
  const { lastBox } = s.dom;
  const { label } = names(s);
  lastBox.replaceChildren();
  const evs = s.lastAttack;
  if (!evs.length) return;
  const head = evs[0];
  lastBox.append(h("h3", { text: `Last attack: ${label(head.attacker)} → ${label(head.target)} (${head.weapon})` }));
  const att = head.attack_roll;
  const am = head.aim?.attack_modifiers;
  lastBox.append(
    h("p", {
      class: "hgb-roll",
      text: `Attack dice ${rollText(att)}${am ? `, modifiers ${modsText(am)} (${signed(sum(am))})` : ""}${
        head.kind === "indirect_attack"
          ? `, modified ${head.modified} against Threshold ${head.threshold}: ${head.on_target ? "on target" : `off by ${head.mof} inch(es)`}`
          : ""
      }`,
    }),
  );
  if (head.kind === "indirect_attack" && !evs.some((e) => e.kind === "attack_resolved")) {
    lastBox.append(h("p", { class: "hgb-result miss", text: "No model under the landing point." }));
  }
  for (const r of evs.filter((e) => e.kind === "attack_resolved")) {
    const res = r.hit
      ? r.result === "overkill"
        ? "Overkill: removed"
        : r.result === "destroyed"
          ? `MoS ${r.mos}, ${r.damage} damage: destroyed`
          : `MoS ${r.mos}, ${r.damage} damage vs Armor ${r.armor}: ${r.boxes} box${r.boxes === 1 ? "" : "es"}`
      : `miss (MoF ${r.mof})`;
    lastBox.append(
      h("p", {
        class: `hgb-result ${r.hit ? "hit" : "miss"}`,
        text: `${label(r.target)}: attack ${r.attack} vs defence ${rollText(r.defense_roll)} ${signed(sum(r.defense_modifiers))} = ${r.defense} → ${res}`,
      }),
    );
  }
}

// --- unit cards ------------------------------------------------------------------------------------
/** @param {State} s */
export function renderCards(s, view) {
  const { me } = s;
  const { groupName } = names(s);
  const { cardsBox } = s.dom;
  const sig = JSON.stringify([view.cards, s.model, s.target, view.forces, (view.pieces || []).map((q) => q.level)]);
  if (sig === s.sig.cards) return;
  s.sig.cards = sig;
  cardsBox.replaceChildren(h("h3", { text: "Unit cards" }));
  const seats = me ? [me, other(me)] : ["north", "south"];
  for (const seat of seats) {
    const force = view.forces?.[seat];
    const det = h(
      "details",
      { class: "hgb-side", open: true, "data-seat": seat },
      h("summary", {
        text: `${!me ? seatLabel(seat) : seat === me ? "Yours" : "Opponent"}: ${force?.name || seatLabel(seat)} (${force?.tv ?? "?"} TV)`,
      }),
    );
    for (const g of force?.groups || []) {
      det.append(h("h4", { text: g.name || groupName(seat, g.id) }));
      for (const c of cards(s).filter((x) => x.seat === seat && x.group === g.id)) det.append(unitCard(s, c));
    }
    cardsBox.append(det);
  }
}

/** @param {State} s */
function unitCard(s, c) {
  const { ctx } = s;
  const gone = c.status === "wreck" || c.status === "removed";
  const state =
    c.status === "removed"
      ? "removed (Overkill)"
      : c.status === "wreck"
        ? "destroyed (wreck)"
        : c.status === "reserve"
          ? "waiting"
          : c.used
            ? c.kept_action
              ? "Used, Action kept"
              : "Used"
            : "ready";
  const lvl = Number(pieceOf(s, c.id)?.level) || 0;
  const node = h("article", {
    class: `hgb-card${gone ? " gone" : ""}${c.id === s.model ? " acting" : ""}${c.id === s.target ? " targeted" : ""}`,
    "data-model": c.id,
    "aria-label": `${c.label} unit card`,
  });
  const head = h(
    "div",
    { class: "hgb-card-head" },
    h("button", {
      type: "button",
      class: "link",
      text: c.label,
      "data-key": `card-${c.id}`,
      "aria-label": `Show ${c.label} on the board`,
      onclick: () => {
        ctx.board.select(c.id);
        onSelect(s);
      },
    }),
    h("span", { class: "hgb-unit", text: ` ${c.unit}${c.leader ? " · leader" : ""}` }),
    h("span", { class: `hgb-state s-${c.status}${c.used ? " used" : ""}`, text: state }),
  );
  const crossed = c.boxes.filter((b) => b.crossed).length;
  const boxes = h(
    "span",
    {
      class: "hgb-boxes",
      role: "img",
      "aria-label": `Damage boxes: ${c.boxes.map((b) => `${BOX_NAMES[b.kind] || b.kind}${b.crossed ? " crossed" : ""}`).join(", ")}; ${crossed} of ${c.boxes.length} crossed`,
    },
    ...c.boxes.map((b) =>
      h("span", {
        class: `hgb-box k-${b.kind}${b.crossed ? " crossed" : ""}`,
        "aria-hidden": "true",
        text: b.kind,
        title: BOX_NAMES[b.kind],
      }),
    ),
  );
  const stats = h(
    "div",
    { class: "hgb-stats" },
    h("span", { text: `Armor ${c.armor}` }),
    boxes,
    h("span", { class: "hgb-dmg", text: c.damage !== "undamaged" ? c.damage : "" }),
  );
  const sk = c.skills || {};
  const line2 = h(
    "div",
    { class: "hgb-stats small" },
    h("span", { text: `ATT ${sk.att} DEF ${sk.def} EW ${sk.ew}` }),
    h("span", {
      text: `${ucfirst(c.speed)} ${c.mode}${c.autopilot ? " (Autopilot)" : ""} · MP W ${c.mp?.walker?.combat}/${c.mp?.walker?.full} G ${c.mp?.ground?.combat}/${c.mp?.ground?.full}${lvl ? ` · on level ${lvl}` : ""}`,
    }),
    h("span", {
      text: `Def ${signed(c.defense_mod?.[c.mode]?.[c.speed] ?? 0)} · Att ${signed(c.attack_mod?.[c.speed] ?? 0)}`,
    }),
  );
  const ws = h("div", {
    class: "hgb-weapons small",
    text:
      (c.weapons || [])
        .map((w) => {
          const wc = weaponCard(s, w.code);
          return `${w.code}${wc.dm ? ` DM${wc.dm}` : ""}${w.ammo_left != null ? ` (${w.ammo_left})` : ""}`;
        })
        .join(" · ") +
      ((c.perks || []).length
        ? ` · perks: ${c.perks.map((p) => nice(p.id) + (p.arc ? ` ${p.arc}` : "")).join(", ")}`
        : ""),
  });
  node.append(head, stats, line2, ws, cardDetails(s, c));
  return node;
}

// The whole unit card, folded: its tables are built when it is first opened (a page of unit
// cards builds none of them on load).
/** @param {State} s */
function cardDetails(s, c) {
  const det = h("details", { class: "hgb-card-more" });
  det.append(h("summary", { text: "Full card", "aria-label": `Full card of ${c.label}` }));
  let filled = false;
  const fill = () => {
    if (filled) return;
    filled = true;
    det.append(...fullCard(s, c));
  };
  det.open = s.openCards.has(c.id);
  if (det.open) fill();
  det.addEventListener("toggle", () => {
    if (det.open) {
      s.openCards.add(c.id);
      fill();
    } else s.openCards.delete(c.id);
  });
  return det;
}

// MP and modifiers per speed and mode, the weapon cards, perks.
/** @param {State} s */
function fullCard(s, c) {
  const t1 = h(
    "table",
    { class: "hgb-table-mini" },
    h("caption", { text: "Speed and mode" }),
    h("thead", {}, h("tr", {}, h("th", { text: "" }), ...SPEEDS.map(([, n]) => h("th", { scope: "col", text: n })))),
  );
  const body1 = h("tbody");
  for (const [mv, mn] of MODES) {
    body1.append(
      h(
        "tr",
        {},
        h("th", { scope: "row", text: `${mn} MP` }),
        h("td", { text: "1 in" }),
        h("td", { text: String(c.mp?.[mv]?.combat ?? "") }),
        h("td", { text: String(c.mp?.[mv]?.full ?? "") }),
      ),
    );
    body1.append(
      h(
        "tr",
        {},
        h("th", { scope: "row", text: `${mn} defence` }),
        ...SPEEDS.map(([sv]) => h("td", { text: signed(c.defense_mod?.[mv]?.[sv] ?? 0) })),
      ),
    );
  }
  body1.append(
    h(
      "tr",
      {},
      h("th", { scope: "row", text: "Attack" }),
      ...SPEEDS.map(([sv]) => h("td", { text: signed(c.attack_mod?.[sv] ?? 0) })),
    ),
  );
  t1.append(body1);
  const t2 = h(
    "table",
    { class: "hgb-table-mini" },
    h("caption", { text: "Weapons" }),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ...["Weapon", "DM", "PB/S/M/L/E", "ROF", "AE", "IF", "Arc", "Acc"].map((x) =>
          h("th", { scope: "col", text: x }),
        ),
      ),
    ),
  );
  const body2 = h("tbody");
  for (const w of c.weapons || []) {
    const wc = weaponCard(s, w.code);
    body2.append(
      h(
        "tr",
        {},
        h("th", {
          scope: "row",
          text: `${w.code}${w.ammo_left != null ? ` (${w.ammo_left} left)` : ""}`,
          title: w.name,
        }),
        h("td", { text: wc.dm ? String(wc.dm) : "—" }),
        h("td", { text: wc.grenade ? "Size / 2×Size" : (wc.ranges || []).join("/") || "—" }),
        h("td", { text: String(wc.rof || 0) }),
        h("td", { text: String(wc.ae || 0) }),
        h("td", { text: wc.if ? "yes" : "no" }),
        h("td", { text: wc.arc || "" }),
        h("td", { text: signed(wc.accuracy || 0) }),
      ),
    );
  }
  t2.append(body2);
  return [
    t1,
    t2,
    h("p", {
      class: "hgb-note",
      text: `Size ${c.size} · Sensors ${signed(c.sensors || 0)} · Comm ${signed(c.comm || 0)} · ECM ${c.ecm || 0}${(c.perks || []).length ? ` · Perks: ${c.perks.map((p) => `${nice(p.id)}${p.arc ? ` (${p.arc})` : ""}${p.level ? ` ${p.level}` : ""}`).join(", ")}` : ""}`,
    }),
  ];
}

// A piece picked on the board (or a unit card's name): my model becomes the acting one (the one
// to deploy, in deployment), an enemy the target.
/** @param {State} s */
export function onSelect(s) {
  const { me } = s;
  const sel = s.ctx.board.selected();
  if (!sel || !s.view) return;
  const c = cardOf(s, sel.id);
  if (!c) return;
  if (phase(s) === "deployment" && c.seat === me) {
    s.deployModel = c.id;
    s.sig.controls = null;
    s.redraw();
    return;
  }
  if (!["activation", "reaction"].includes(phase(s))) return;
  if (c.seat === me && actors(s, s.view).some((x) => x.id === c.id)) {
    if (s.model !== c.id) {
      s.model = c.id;
      s.waypoints = [];
    }
  } else if (c.seat !== me && c.status === "active") {
    s.target = c.id;
  } else return;
  syncAim(s);
  s.sig.controls = null;
  s.redraw();
  renderCards(s, s.view);
}
