// Heavy Gear Blitz!: the seat's play controls: initiative, the Combat Group and model to act,
// speed and mode, movement by waypoints and finishing a model; attacks are hgb/attack.js, Return
// Fire and ending the game hgb/reaction.js.
import { button, h } from "../dom.js";
import { seatLabel } from "../../words.js";
import { SPEEDS, MODES, at, facingChoices, num, ucfirst, other } from "./view.js";
import { nextId, field, inches, select } from "./fields.js";
import { actors, cardOf, cards, names, phase, pieceOf, rules, flipped } from "./state.js";
import { moveFor } from "./moves.js";
import { showPath } from "./draw.js";
import { attackControls, syncAim } from "./attack.js";

/** @typedef {import("./state.js").HgbState} State */

/** @param {State} s */
export function initiativeControls(s, view) {
  const { me } = s;
  const { player } = names(s);
  const box = h(
    "section",
    { class: "hgb-group hgb-first", "aria-label": "Initiative" },
    h("h3", { text: "Initiative" }),
  );
  if (view.initiative?.winner !== me) {
    box.append(
      h("p", {
        class: "hgb-note",
        text: `${player(view.initiative?.winner)} won the initiative and chooses who activates first.`,
      }),
    );
    return box;
  }
  box.append(
    h("p", { class: "hgb-note", text: "You won the initiative. Who activates a Combat Group first?" }),
    h(
      "div",
      { class: "hgb-buttons" },
      button("We activate first", () => s.ctx.fire({ kind: "choose_first", seat: me }), {
        key: "first-me",
        cls: "primary small",
        primary: true,
      }),
      button(`${seatLabel(other(me))} activates first`, () => s.ctx.fire({ kind: "choose_first", seat: other(me) }), {
        key: "first-them",
      }),
    ),
  );
  return box;
}

/** @param {State} s */
export function activationControls(s, view) {
  const { me, ctx } = s;
  const { player, groupName } = names(s);
  const out = [];
  const act = actors(s, view);
  const cur = view.current;
  if (view.to_activate !== me) {
    out.push(h("p", { class: "hgb-note", text: `${player(view.to_activate)} is activating.` }));
    return out;
  }
  const box = h(
    "section",
    { class: "hgb-group hgb-activate", "aria-label": "Activation" },
    h("h3", { text: "Combat Group and model" }),
  );
  if (!cur) {
    const left = [
      ...new Set(
        cards(s)
          .filter((c) => c.seat === me && c.status === "active")
          .map((c) => c.group),
      ),
    ].filter((g) => !(view.groups_done?.[me] || []).includes(g));
    if (!s.group || !left.includes(s.group)) s.group = left[0] || null;
    const g = select(
      left.map((gid) => [gid, groupName(me, gid)]),
      s.group,
      {
        "data-key": "group",
        onchange: (e) => {
          s.group = e.target.value;
          s.model = null;
          s.redraw();
        },
      },
    );
    box.append(
      field("Combat Group", g),
      h(
        "div",
        { class: "hgb-buttons" },
        button("Activate this group", () => s.ctx.fire({ kind: "activate_group", group: s.group }), {
          key: "activate",
          cls: "primary small",
          disabled: !s.group,
          primary: true,
        }),
      ),
    );
    box.append(h("p", { class: "hgb-note", text: "Or act with one of its models below: that activates its group." }));
  } else {
    box.append(
      h("p", {
        class: "hgb-note",
        text: `${groupName(me, cur.group)} is active. Models act one at a time; starting another makes the previous one Used.`,
      }),
    );
  }
  const pool = cur ? act : act.filter((c) => c.group === (s.group || c.group));
  if (
    cur?.model &&
    pool.some((c) => c.id === cur.model) &&
    s.model !== cur.model &&
    !pool.some((c) => c.id === s.model)
  )
    s.model = cur.model;
  if (!s.model || !pool.some((c) => c.id === s.model))
    s.model = (pool.find((c) => c.id === cur?.model) || pool[0])?.id || null;
  const m = select(
    pool.map((c) => [c.id, `${c.label}${cur?.model === c.id ? " (acting)" : ""}`]),
    s.model,
    {
      "data-key": "model",
      onchange: (e) => {
        s.model = e.target.value;
        s.target = null;
        s.waypoints = [];
        ctx.board.select(s.model);
        syncAim(s);
        s.redraw();
      },
    },
  );
  box.append(field("Model", m));
  out.push(box);
  const card = cardOf(s, s.model);
  if (card) out.push(speedControls(s, card), moveControls(s, card), attackControls(s, card), doneControls(s, card));
  else if (cur)
    out.push(
      h(
        "div",
        { class: "hgb-buttons" },
        button("End this Combat Group", () => s.ctx.fire({ kind: "end_group" }), { key: "end-group" }),
      ),
    );
  return out;
}

/** @param {State} s */
function speedControls(s, card) {
  const box = h(
    "section",
    { class: "hgb-group hgb-speed", "aria-label": "Speed and mode" },
    h("h3", { text: "Speed and mode" }),
  );
  const locked = card.mp_spent > 0 || card.moved_inches > 0;
  box.append(
    h("p", {
      class: "hgb-note",
      text: `${ucfirst(card.speed)} speed, ${card.mode} mode: ${card.speed === "stationary" ? `${rules(s).stationary_move_inches ?? 1} inch adjustment` : `${card.mp_now} MP`}. Change by one level, once per round, before moving.`,
    }),
  );
  const sp = select(
    SPEEDS.map(([v, n]) => [v, `${n} · ${v === "stationary" ? "1 in" : `${card.mp?.[card.mode]?.[v] ?? "?"} MP`}`]),
    card.speed,
    { "data-key": "speed" },
  );
  const md = select(
    MODES.map(([v, n]) => [v, `${n} · ${card.mp?.[v]?.combat ?? "?"}/${card.mp?.[v]?.full ?? "?"} MP`]),
    card.mode,
    { "data-key": "mode" },
  );
  const row = h("div", { class: "hgb-row" }, field("Speed", sp), field("Mode", md));
  box.append(row);
  box.append(
    h(
      "div",
      { class: "hgb-buttons" },
      button(
        "Set speed and mode",
        () => {
          s.ctx.fire({ kind: "set_speed", model: card.id, speed: sp.value, mode: md.value });
        },
        { key: "set-speed", disabled: locked, title: locked ? "Speed changes only before moving" : undefined },
      ),
    ),
  );
  if ((card.perks || []).some((p) => p.id === "autopilot")) box.append(autopilotControl(s, card));
  return box;
}

// Autopilot is its own order (`autopilot`), switched on "at the start of a round": during the
// initiative phase at once, otherwise from the next round. While on: one defence die, a second attack.
/** @param {State} s */
function autopilotControl(s, card) {
  const on = !!card.autopilot_order;
  const now = card.autopilot ? "on this round" : "off this round";
  const when = phase(s) === "initiative" ? "now" : "from the next round";
  return h(
    "div",
    { class: "hgb-autopilot", role: "group", "aria-label": `Autopilot of ${card.label}` },
    h("p", {
      class: "hgb-note",
      text: `Autopilot (${now}${on !== !!card.autopilot ? `, ${on ? "on" : "off"} from the next round` : ""}): the model rolls only one die on defence, but may make a second attack.`,
    }),
    button(
      on ? "Switch Autopilot off" : "Switch Autopilot on",
      () => s.ctx.fire({ kind: "autopilot", model: card.id, on: !on }),
      {
        key: "autopilot",
        cls: "small secondary",
        pressed: String(on),
        aria: `${on ? "Switch off" : "Switch on"} Autopilot for ${card.label} (${when}): one defence die, a second attack`,
      },
    ),
  );
}

/** @param {State} s */
function moveControls(s, card) {
  const box = h("section", { class: "hgb-group hgb-move", "aria-label": "Movement" }, h("h3", { text: "Movement" }));
  const left = Math.max(0, card.mp_now - card.mp_spent);
  box.append(
    h("p", {
      class: "hgb-mp",
      text:
        card.speed === "stationary"
          ? `Stationary: ${num(card.moved_inches, 2)} of ${rules(s).stationary_move_inches ?? 1} inch moved.`
          : `MP: ${num(card.mp_spent, 2)} spent of ${card.mp_now}, ${num(left, 2)} left (${num(card.moved_inches, 2)} inches moved).`,
    }),
  );
  box.append(
    h("p", {
      class: "hgb-note",
      text: "Drag the model on the board to draw its path: the remaining MP follows the pointer and the server checks every point. Or add waypoints here.",
    }),
  );
  const f = select([["path", "Along the last leg"], ["keep", "Keep facing"], ...facingChoices(flipped(s))], s.facing, {
    "data-key": "move-facing",
    onchange: (e) => {
      s.facing = e.target.value;
    },
  });
  box.append(field("Facing after the move", f));
  const x = inches("wp-x");
  const y = inches("wp-y");
  const piece = pieceOf(s, card.id) || {};
  const last = s.waypoints[s.waypoints.length - 1] || { x: piece.x, y: piece.y };
  x.value = num(last.x ?? 0);
  y.value = num(last.y ?? 0);
  box.append(h("div", { class: "hgb-row" }, field("Waypoint x (inches)", x), field("Waypoint y (inches)", y)));
  const list = s.waypoints
    .map((p, i) => `${i + 1}: ${at(p.x, p.y)}${p.mp !== undefined ? `, ${num(p.mp, 2)} MP` : ""}`)
    .join("; ");
  box.append(
    h("p", {
      class: "hgb-waypoints",
      "aria-live": "polite",
      text: s.waypoints.length ? `Path: ${list}` : "No waypoints yet.",
    }),
  );
  box.append(
    h(
      "div",
      { class: "hgb-buttons" },
      button(
        "Add waypoint",
        () => {
          s.waypoints = [...s.waypoints, { x: Number(x.value), y: Number(y.value) }];
          checkWaypoints(s, card);
        },
        { key: "wp-add" },
      ),
      button(
        "Clear path",
        () => {
          s.waypoints = [];
          showPath(s, null);
          s.redraw();
        },
        { key: "wp-clear", cls: "secondary small", disabled: !s.waypoints.length },
      ),
      button(
        "Move along the path",
        () => {
          const a = moveFor(s, card.id, s.waypoints);
          s.waypoints = [];
          s.ctx.fire(a);
        },
        { key: "wp-move", cls: "primary small", disabled: !s.waypoints.length, primary: s.waypoints.length > 0 },
      ),
    ),
  );
  return box;
}

/** @param {State} s */
async function checkWaypoints(s, card) {
  const { ctx } = s;
  const r = await ctx.preview(moveFor(s, card.id, s.waypoints));
  const ev = r?.events?.find((e) => e.kind === "moved");
  if (ev) s.waypoints = s.waypoints.map((p, i) => ({ ...p, mp: ev.mp[i] }));
  showPath(
    s,
    card.id,
    s.waypoints.map((p) => [p.x, p.y]),
    ev,
    r && !r.legal ? r.error?.message : null,
  );
  s.sig.controls = null;
  s.redraw();
  if (r && !r.legal) ctx.message(`Not legal: ${r.error?.message || "refused"}`);
}

/** @param {State} s */
function doneControls(s, card) {
  const box = h("section", { class: "hgb-group hgb-done", "aria-label": "Finish" });
  const keep = h("input", {
    type: "checkbox",
    checked: s.keep,
    "data-key": "keep",
    id: nextId("keep"),
    disabled: card.actions < 1,
    onchange: (e) => {
      s.keep = e.target.checked;
    },
  });
  box.append(
    h("label", { class: "hgb-check", for: keep.id }, keep, h("span", { text: " Keep the Action for Return Fire" })),
    h(
      "div",
      { class: "hgb-buttons" },
      button(
        `${card.label} is done`,
        () => {
          s.ctx.fire({ kind: "done", model: card.id, keep_action: s.keep && card.actions > 0 });
          s.keep = false;
        },
        { key: "done", primary: !!s.view.current && !s.waypoints.length && !(s.aim?.legal && card.actions >= 1) },
      ),
      button("End this Combat Group", () => s.ctx.fire({ kind: "end_group" }), {
        key: "end-group",
        cls: "secondary small",
        disabled: !s.view.current,
      }),
    ),
  );
  return box;
}
