// Heavy Gear Blitz!: the seat's play controls: initiative, the Combat Group and model to act,
// speed and mode, movement by waypoints and finishing a model; attacks are hgb/attack.js, Return
// Fire and ending the game hgb/reaction.js (made here, returned with these).
import { button, h, late } from "../dom.js";
import { SPEEDS, MODES, FACINGS, num, ucfirst, other } from "./view.js";
import { nextId, field, select } from "./fields.js";
import { makeAttack } from "./attack.js";
import { makeReaction } from "./reaction.js";

const norm = (a) => ((a % 360) + 360) % 360;
const bearing = (a, b) => norm((Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI);

export function makeControls(P) {
  const { st, ctx, me } = P;
  const { player, cards, cardOf, pieceOf, phase, rules, groupName, fire, preview, actors } = P;
  const { renderControls } = late(P, "renderControls");
  const { attackControls, syncAim } = makeAttack(P);
  const { reactionControls, renderEnd } = makeReaction(P);

  function initiativeControls(view) {
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
        button("We activate first", () => fire({ kind: "choose_first", seat: me }), {
          key: "first-me",
          cls: "primary small",
          primary: true,
        }),
        button(`${ucfirst(other(me))} activates first`, () => fire({ kind: "choose_first", seat: other(me) }), {
          key: "first-them",
        }),
      ),
    );
    return box;
  }

  function activationControls(view) {
    const out = [];
    const act = actors(view);
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
          cards()
            .filter((c) => c.seat === me && c.status === "active")
            .map((c) => c.group),
        ),
      ].filter((g) => !(view.groups_done?.[me] || []).includes(g));
      if (!st.group || !left.includes(st.group)) st.group = left[0] || null;
      const g = select(
        left.map((gid) => [gid, `${groupName(me, gid)} (${gid})`]),
        st.group,
        {
          "data-key": "group",
          onchange: (e) => {
            st.group = e.target.value;
            st.model = null;
            renderControls(st.view);
          },
        },
      );
      box.append(
        field("Combat Group", g),
        h(
          "div",
          { class: "hgb-buttons" },
          button("Activate this group", () => fire({ kind: "activate_group", group: st.group }), {
            key: "activate",
            cls: "primary small",
            disabled: !st.group,
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
    const pool = cur ? act : act.filter((c) => c.group === (st.group || c.group));
    if (
      cur?.model &&
      pool.some((c) => c.id === cur.model) &&
      st.model !== cur.model &&
      !pool.some((c) => c.id === st.model)
    )
      st.model = cur.model;
    if (!st.model || !pool.some((c) => c.id === st.model))
      st.model = (pool.find((c) => c.id === cur?.model) || pool[0])?.id || null;
    const m = select(
      pool.map((c) => [c.id, `${c.label}${cur?.model === c.id ? " (acting)" : ""}`]),
      st.model,
      {
        "data-key": "model",
        onchange: (e) => {
          st.model = e.target.value;
          st.target = null;
          st.waypoints = [];
          ctx.board.select(st.model);
          syncAim();
          renderControls(st.view);
        },
      },
    );
    box.append(field("Model", m));
    out.push(box);
    const card = cardOf(st.model);
    if (card) out.push(speedControls(card), moveControls(card), attackControls(card), doneControls(card));
    else if (cur)
      out.push(
        h(
          "div",
          { class: "hgb-buttons" },
          button("End this Combat Group", () => fire({ kind: "end_group" }), { key: "end-group" }),
        ),
      );
    return out;
  }

  function speedControls(card) {
    const box = h(
      "section",
      { class: "hgb-group hgb-speed", "aria-label": "Speed and mode" },
      h("h3", { text: "Speed and mode" }),
    );
    const locked = card.mp_spent > 0 || card.moved_inches > 0;
    box.append(
      h("p", {
        class: "hgb-note",
        text: `${ucfirst(card.speed)} speed, ${card.mode} mode: ${card.speed === "stationary" ? `${rules().stationary_move_inches ?? 1} inch adjustment` : `${card.mp_now} MP`}. Change by one level, once per round, before moving.`,
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
            fire({ kind: "set_speed", model: card.id, speed: sp.value, mode: md.value });
          },
          { key: "set-speed", disabled: locked, title: locked ? "Speed changes only before moving" : undefined },
        ),
      ),
    );
    if ((card.perks || []).some((p) => p.id === "autopilot")) box.append(autopilotControl(card));
    return box;
  }

  // Autopilot is its own order (`autopilot`), switched on "at the start of a round": during the
  // initiative phase at once, otherwise from the next round. While on: one defence die, a second attack.
  function autopilotControl(card) {
    const on = !!card.autopilot_order;
    const now = card.autopilot ? "on this round" : "off this round";
    const when = phase() === "initiative" ? "now" : "from the next round";
    return h(
      "div",
      { class: "hgb-autopilot", role: "group", "aria-label": `Autopilot of ${card.label}` },
      h("p", {
        class: "hgb-note",
        text: `Autopilot (${now}${on !== !!card.autopilot ? `, ${on ? "on" : "off"} from the next round` : ""}): the model rolls only one die on defence, but may make a second attack.`,
      }),
      button(
        on ? "Switch Autopilot off" : "Switch Autopilot on",
        () => fire({ kind: "autopilot", model: card.id, on: !on }),
        {
          key: "autopilot",
          cls: "small secondary",
          pressed: String(on),
          aria: `${on ? "Switch off" : "Switch on"} Autopilot for ${card.label} (${when}): one defence die, a second attack`,
        },
      ),
    );
  }

  function moveControls(card) {
    const box = h("section", { class: "hgb-group hgb-move", "aria-label": "Movement" }, h("h3", { text: "Movement" }));
    const left = Math.max(0, card.mp_now - card.mp_spent);
    box.append(
      h("p", {
        class: "hgb-mp",
        text:
          card.speed === "stationary"
            ? `Stationary: ${num(card.moved_inches, 2)} of ${rules().stationary_move_inches ?? 1} inch moved.`
            : `MP: ${num(card.mp_spent, 2)} spent of ${card.mp_now}, ${num(left, 2)} left (${num(card.moved_inches, 2)} inches moved).`,
      }),
    );
    box.append(
      h("p", {
        class: "hgb-note",
        text: "Drag the model on the board to draw its path: the remaining MP follows the pointer and the server checks every point. Or add waypoints here.",
      }),
    );
    const f = select(
      [["path", "Along the last leg"], ["keep", "Keep facing"], ...FACINGS.map(([v, n]) => [v, `${n}, ${v}°`])],
      st.facing,
      {
        "data-key": "move-facing",
        onchange: (e) => {
          st.facing = e.target.value;
        },
      },
    );
    box.append(field("Facing after the move", f));
    const x = h("input", { type: "number", step: "0.1", min: "0", max: "48", class: "hgb-num", "data-key": "wp-x" });
    const y = h("input", { type: "number", step: "0.1", min: "0", max: "48", class: "hgb-num", "data-key": "wp-y" });
    const piece = pieceOf(card.id) || {};
    const last = st.waypoints[st.waypoints.length - 1] || { x: piece.x, y: piece.y };
    x.value = num(last.x ?? 0);
    y.value = num(last.y ?? 0);
    box.append(h("div", { class: "hgb-row" }, field("Waypoint x (inches)", x), field("Waypoint y (inches)", y)));
    const list = st.waypoints
      .map((p, i) => `${i + 1}: (${num(p.x)}, ${num(p.y)})${p.mp !== undefined ? ` ${num(p.mp, 2)} MP` : ""}`)
      .join("; ");
    box.append(
      h("p", {
        class: "hgb-waypoints",
        "aria-live": "polite",
        text: st.waypoints.length ? `Path: ${list}` : "No waypoints yet.",
      }),
    );
    box.append(
      h(
        "div",
        { class: "hgb-buttons" },
        button(
          "Add waypoint",
          () => {
            st.waypoints = [...st.waypoints, { x: Number(x.value), y: Number(y.value) }];
            checkWaypoints(card);
          },
          { key: "wp-add" },
        ),
        button(
          "Clear path",
          () => {
            st.waypoints = [];
            P.showPath(null);
            renderControls(st.view);
          },
          { key: "wp-clear", cls: "secondary small", disabled: !st.waypoints.length },
        ),
        button(
          "Move along the path",
          () => {
            const a = moveFor(card.id, st.waypoints);
            st.waypoints = [];
            fire(a);
          },
          { key: "wp-move", cls: "primary small", disabled: !st.waypoints.length, primary: st.waypoints.length > 0 },
        ),
      ),
    );
    return box;
  }

  async function checkWaypoints(card) {
    const r = await preview(moveFor(card.id, st.waypoints));
    const ev = r?.events?.find((e) => e.kind === "moved");
    if (ev) st.waypoints = st.waypoints.map((p, i) => ({ ...p, mp: ev.mp[i] }));
    P.showPath(
      card.id,
      st.waypoints.map((p) => [p.x, p.y]),
      ev,
      r && !r.legal ? r.error?.message : null,
    );
    st.sig = null;
    renderControls(st.view);
    if (r && !r.legal) ctx.message(`Not legal: ${r.error?.message || "refused"}`);
  }

  function facingFor(from, path) {
    if (st.facing === "keep") return undefined;
    if (st.facing !== "path") return Number(st.facing);
    const pts = [from, ...path.map(([x, y]) => ({ x, y }))];
    for (let i = pts.length - 1; i > 0; i--) {
      if (Math.hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y) > 0.05)
        return num(bearing(pts[i - 1], pts[i]), 2);
    }
    return undefined;
  }

  function moveFor(id, points, facing) {
    const piece = pieceOf(id) || { x: 0, y: 0 };
    const path = points.map((p) => (Array.isArray(p) ? p : [num(p.x, 2), num(p.y, 2)]));
    const a = { kind: "move", model: id, path };
    const f = facing !== undefined ? facing : facingFor(piece, path);
    if (f !== undefined) a.facing = f;
    return a;
  }

  function doneControls(card) {
    const box = h("section", { class: "hgb-group hgb-done", "aria-label": "Finish" });
    const keep = h("input", {
      type: "checkbox",
      checked: st.keep,
      "data-key": "keep",
      id: nextId("keep"),
      disabled: card.actions < 1,
      onchange: (e) => {
        st.keep = e.target.checked;
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
            fire({ kind: "done", model: card.id, keep_action: st.keep && card.actions > 0 });
            st.keep = false;
          },
          { key: "done", primary: !!st.view.current && !st.waypoints.length && !(st.aim?.legal && card.actions >= 1) },
        ),
        button("End this Combat Group", () => fire({ kind: "end_group" }), {
          key: "end-group",
          cls: "secondary small",
          disabled: !st.view.current,
        }),
      ),
    );
    return box;
  }

  return { initiativeControls, activationControls, reactionControls, renderEnd, syncAim, moveFor };
}
