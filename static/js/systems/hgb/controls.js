// Heavy Gear Blitz!: the seat's play controls: initiative, the Combat Group and model to act,
// speed and mode, movement by waypoints, attacks (target, weapon, sweep and focus, the aim with
// its cover reason and exact odds), Return Fire and ending the game by agreement.
import { api } from "../../api.js";
import { button, h, late } from "../dom.js";
import {
  SPEEDS,
  MODES,
  FACINGS,
  BANDS,
  BAND_NAMES,
  COVER_NAMES,
  num,
  signed,
  ucfirst,
  sum,
  modsText,
  other,
} from "./view.js";
import { nextId, field, select } from "./setup.js";

const norm = (a) => ((a % 360) + 360) % 360;
const bearing = (a, b) => norm((Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI);

export function makeControls(P) {
  const { st, ctx, me, endBox } = P;
  const { player, cards, cardOf, pieceOf, label, weaponCard, phase, myTurn, rules, groupName, fire, preview, actors } =
    P;
  const { renderControls, drawAim, drawMarks } = late(P, "renderControls", "drawAim", "drawMarks");

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

  function attackControls(card) {
    const box = h("section", { class: "hgb-group hgb-attack", "aria-label": "Attack" }, h("h3", { text: "Attack" }));
    const foes = cards().filter((c) => c.seat !== me && c.status === "active");
    const weapons = (card.weapons || []).filter((w) => weaponCard(w.code).dm);
    if (st.target && !foes.some((c) => c.id === st.target)) st.target = null;
    if (!st.weapon || !weapons.some((w) => w.code === st.weapon)) st.weapon = weapons[0]?.code || null;
    if (card.actions < 1)
      box.append(
        h("p", {
          class: "hgb-note warn",
          text: "No Action left this round (spent on an attack, a designation or Full Speed).",
        }),
      );
    const t = select(
      [["", "Choose a target…"], ...foes.map((c) => [c.id, `${c.label} (${c.unit})`])],
      st.target || "",
      {
        "data-key": "target",
        onchange: (e) => {
          st.target = e.target.value || null;
          syncAim();
          renderControls(st.view);
        },
      },
    );
    const w = select(
      weapons.map((x) => {
        const wc = weaponCard(x.code);
        return [
          x.code,
          `${x.code} ${x.name}: DM ${wc.dm}, ${wc.arc}${wc.rof ? `, ROF ${wc.rof}` : ""}${wc.ae ? `, AE ${wc.ae}` : ""}${wc.if ? ", IF" : ""}${x.ammo_left != null ? `, ${x.ammo_left} left` : ""}`,
          x.ammo_left === 0,
        ];
      }),
      st.weapon || "",
      {
        "data-key": "weapon",
        onchange: (e) => {
          st.weapon = e.target.value;
          syncAim();
          renderControls(st.view);
        },
      },
    );
    box.append(field("Target", t), field("Weapon", w));
    const wc = weaponCard(st.weapon);
    if (wc.ranges)
      box.append(
        h("p", {
          class: "hgb-ranges",
          text: `Ranges (inches, base to base): ${BANDS.map((b, i) => `${BAND_NAMES[b]} ${wc.ranges[i]}`).join(" · ")}`,
        }),
      );
    const designated = st.target && st.view.designations?.[st.target]?.seat === me;
    if (wc.if && designated) {
      const ind = h("input", {
        type: "checkbox",
        checked: st.indirect,
        "data-key": "indirect",
        id: nextId("ind"),
        onchange: (e) => {
          st.indirect = e.target.checked;
          syncAim();
          renderControls(st.view);
        },
      });
      box.append(
        h(
          "label",
          { class: "hgb-check", for: ind.id },
          ind,
          h("span", { text: " Indirect Fire (the target is designated)" }),
        ),
      );
    } else st.indirect = false;
    if (wc.rof) {
      const sw = h("input", {
        type: "number",
        min: "0",
        max: String(wc.rof),
        value: st.sweep,
        class: "hgb-num",
        "data-key": "sweep",
        onchange: (e) => {
          st.sweep = Math.max(0, Math.min(wc.rof, Number(e.target.value) || 0));
          drawAim();
        },
      });
      const fo = h("input", {
        type: "number",
        min: "0",
        max: String(wc.rof),
        value: st.focus,
        class: "hgb-num",
        "data-key": "focus",
        onchange: (e) => {
          st.focus = Math.max(0, Math.min(wc.rof, Number(e.target.value) || 0));
          syncAim();
          renderControls(st.view);
        },
      });
      box.append(
        h("div", { class: "hgb-row" }, field(`Sweep (inches, ROF ${wc.rof})`, sw), field("Focus (+1 DM each)", fo)),
      );
    } else {
      st.sweep = 0;
      st.focus = 0;
    }
    box.append(aimDetails(card));
    const ok = st.aim?.legal && card.actions >= 1;
    box.append(
      h(
        "div",
        { class: "hgb-buttons" },
        button(
          st.target ? `Roll the attack on ${label(st.target)}` : "Roll the attack",
          () =>
            fire({
              kind: "attack",
              model: card.id,
              weapon: st.weapon,
              target: st.target,
              indirect: st.indirect,
              sweep: st.sweep,
              focus: st.focus,
            }),
          { key: "attack", cls: "primary small", disabled: !ok, primary: ok && !st.waypoints.length },
        ),
        button(
          "Designate this target (Forward Observer)",
          () => fire({ kind: "designate", model: card.id, target: st.target }),
          { key: "designate", disabled: !st.target || card.actions < 1 },
        ),
      ),
    );
    const observers = Object.values(st.view.designations || {})
      .filter((d) => d.seat !== me)
      .map((d) => d.observer);
    if (card.ecm > 0 && observers.length) {
      const o = select(
        observers.map((id) => [id, label(id)]),
        observers[0],
        { "data-key": "ecm-observer" },
      );
      box.append(
        field(`Jam an enemy observer (ECM ${card.ecm})`, o),
        h(
          "div",
          { class: "hgb-buttons" },
          button("Jam with ECM", () => fire({ kind: "ecm", model: card.id, observer: o.value }), {
            key: "ecm",
            disabled: card.actions < 1,
          }),
        ),
      );
    }
    return box;
  }

  function aimDetails(card) {
    const box = h("div", { class: "hgb-aim", "aria-live": "polite" });
    if (!st.target) {
      box.append(h("p", { class: "hgb-note", text: "Pick a target here or click an enemy model on the board." }));
      return box;
    }
    const a = st.aim;
    if (!a) {
      box.append(h("p", { class: "hgb-note", text: "Measuring…" }));
      return box;
    }
    if (a.error) {
      box.append(h("p", { class: "error", text: a.error }));
      return box;
    }
    const cov = a.cover || {};
    const dl = h("dl", { class: "hgb-aim-list" });
    const row = (k, v, cls) => dl.append(h("dt", { text: k }), h("dd", { text: v, class: cls }));
    row(
      "Range",
      `${num(a.distance, 1)} in, ${a.band ? BAND_NAMES[a.band] : "out of reach"} (${signed(a.attack_modifiers?.range ?? 0)})`,
      "hgb-band",
    );
    row("Arc", `${a.arc}: ${a.in_arc ? "in arc" : "outside the arc"}`, a.in_arc ? "" : "warn");
    row("Cover", `${COVER_NAMES[cov.category] || cov.category} (${signed(cov.modifier ?? 0)})`, "hgb-cover");
    row(
      "Why",
      `${ucfirst(cov.reason || "")}${a.cover_from && a.cover_from !== st.model ? ` (seen from ${label(a.cover_from)})` : ""}`,
      "hgb-reason",
    );
    row("Attack", `${modsText(a.attack_modifiers)} = ${signed(sum(a.attack_modifiers))}`);
    row("Defence", `${modsText(a.defense_modifiers)} = ${signed(sum(a.defense_modifiers))}`);
    box.append(dl);
    const od = st.odds?.key === st.aimKey ? st.odds : null;
    if (a.legal) {
      const pc = (v) => `${Math.round(Number(v || 0) * 1000) / 10}%`;
      box.append(
        h("p", {
          class: "hgb-odds",
          text: od?.r
            ? `Odds: ${od.r.on_target != null ? `lands on target ${pc(od.r.on_target)}, ` : ""}hit ${pc(od.r.hit)}; 1 box ${pc(od.r.boxes?.["1"])}, 2 boxes ${pc(od.r.boxes?.["2"])}, Overkill ${pc(od.r.overkill)}${od.r.destroyed != null ? `, destroyed ${pc(od.r.destroyed)}` : ""}${od.perks ? " (armour perks not counted)" : ""}`
            : od?.error
              ? `Odds unavailable: ${od.error}`
              : "Odds: …",
        }),
      );
      if (!od) fetchOdds(a, st.aimKey);
    }
    const spent = card && card.actions < 1;
    box.append(
      h("p", {
        class: a.legal && !spent ? "hgb-legal ok" : "hgb-legal warn",
        text: !a.legal
          ? `Not possible: ${a.why}`
          : spent
            ? `In reach, but ${card.label} has no Action left.`
            : "Legal: roll when ready.",
      }),
    );
    return box;
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

  function reactionControls(view) {
    const p = view.pending;
    const box = h(
      "section",
      { class: "hgb-group hgb-reaction", "aria-label": "Return Fire" },
      h("h3", { text: "Return Fire" }),
    );
    if (!p || p.seat !== me) {
      box.append(h("p", { class: "hgb-note", text: `${player(p?.seat)} may Return Fire.` }));
      return box;
    }
    box.append(
      h("p", {
        class: "hgb-note",
        text: `${label(p.mover)} moved or acted in reach of models that kept their Action.`,
      }),
    );
    if (!st.rfModel || !p.models.includes(st.rfModel)) st.rfModel = p.models[0];
    const shooter = cardOf(st.rfModel);
    const ws = (shooter?.weapons || []).filter(
      (w) => weaponCard(w.code).dm && !weaponCard(w.code).grenade && weaponCard(w.code).ranges,
    );
    if (!st.rfWeapon || !ws.some((w) => w.code === st.rfWeapon)) st.rfWeapon = ws[0]?.code;
    const m = select(
      p.models.map((id) => [id, label(id)]),
      st.rfModel,
      {
        "data-key": "rf-model",
        onchange: (e) => {
          st.rfModel = e.target.value;
          renderControls(st.view);
        },
      },
    );
    const w = select(
      ws.map((x) => [x.code, `${x.code} ${x.name}`]),
      st.rfWeapon,
      {
        "data-key": "rf-weapon",
        onchange: (e) => {
          st.rfWeapon = e.target.value;
        },
      },
    );
    const at = select(
      p.points.map((pt, i) => [
        i,
        `Point ${i + 1}: (${num(pt[0])}, ${num(pt[1])})${i === p.points.length - 1 ? " (end)" : ""}`,
      ]),
      st.rfAt < 0 ? p.points.length - 1 : st.rfAt,
      {
        "data-key": "rf-at",
        onchange: (e) => {
          st.rfAt = Number(e.target.value);
          drawMarks(st.view);
        },
      },
    );
    box.append(field("Firing model", m), field("Weapon", w), field("Fire at the mover at", at));
    box.append(
      h(
        "div",
        { class: "hgb-buttons" },
        button(
          "Return Fire",
          () => fire({ kind: "return_fire", model: st.rfModel, weapon: st.rfWeapon, at: st.rfAt }),
          { key: "rf", cls: "primary small", primary: true },
        ),
        button(
          "Pass",
          () => {
            st.rfAt = -1;
            fire({ kind: "pass" });
          },
          { key: "pass" },
        ),
      ),
    );
    const designating = Object.values(view.designations || {}).some((d) => d.observer === p.mover && d.seat !== me);
    if (designating && shooter?.ecm > 0) {
      box.append(
        h(
          "div",
          { class: "hgb-buttons" },
          button(
            `Jam ${label(p.mover)}'s designation with ECM`,
            () => fire({ kind: "ecm", model: st.rfModel, observer: p.mover }),
            { key: "rf-ecm" },
          ),
        ),
      );
    }
    return box;
  }

  // --- ending ---------------------------------------------------------------------------------------
  function renderEnd(view) {
    const off = !me || view.result || ["terrain", "deployment"].includes(phase());
    const sig = JSON.stringify([off, view.agree || {}]);
    if (sig === st.endSig) return; // keep the box open (and the confirmation shown) across updates
    st.endSig = sig;
    const wasOpen = !!endBox.querySelector("details")?.open;
    endBox.replaceChildren();
    if (off) return;
    const votes = view.agree || {};
    const sure = h("button", {
      type: "button",
      class: "danger small",
      text: "Yes, concede",
      "data-key": "concede-yes",
      hidden: true,
      onclick: () => fire({ kind: "concede" }),
    });
    const theirs = votes[other(me)];
    const mine = votes[me];
    endBox.append(
      h(
        "details",
        { class: "hgb-more", open: wasOpen || theirs !== undefined },
        h("summary", { text: "End the game" }),
        theirs !== undefined
          ? h("p", {
              class: "hgb-note",
              role: "status",
              text: `${player(other(me))} proposes to end: ${theirs ? `${theirs} wins` : "no winner"}.`,
            })
          : null,
        mine !== undefined
          ? h("p", { class: "hgb-note", text: `You proposed: ${mine ? `${mine} wins` : "no winner"}.` })
          : null,
        h(
          "div",
          { class: "hgb-buttons" },
          button("Propose: we win", () => fire({ kind: "agree_end", winner: me }), { key: "agree-me" }),
          button("Propose: they win", () => fire({ kind: "agree_end", winner: other(me) }), { key: "agree-them" }),
          button("Propose: no winner", () => fire({ kind: "agree_end", winner: null }), { key: "agree-none" }),
          button(
            "Concede the game…",
            () => {
              sure.hidden = false;
              sure.focus();
            },
            { key: "concede", cls: "danger small" },
          ),
          sure,
        ),
      ),
    );
  }

  // --- aiming: the view's targets for the acting model, else /preview of an `aim` ---------------------
  let aimTimer = null;
  function syncAim() {
    const v = st.view;
    if (!v || !st.model || !st.target || !st.weapon || !["activation", "reaction"].includes(phase()) || !myTurn()) {
      st.aim = null;
      st.aimKey = null;
      drawAim();
      return;
    }
    const key = JSON.stringify([
      st.model,
      st.target,
      st.weapon,
      st.indirect,
      st.focus,
      (v.pieces || []).map((p) => [p.x, p.y, p.facing, p.status]),
      v.cards.map((c) => [c.speed, c.mode, c.crossed]),
    ]);
    const known =
      (v.targets || []).find(
        (t) => t.target === st.target && t.weapon === st.weapon && !!t.indirect === !!st.indirect,
      ) && v.current?.model === st.model
        ? (v.targets || []).find(
            (t) => t.target === st.target && t.weapon === st.weapon && !!t.indirect === !!st.indirect,
          )
        : null;
    if (known) {
      st.aim = { ...known, arc: weaponCard(st.weapon).arc };
      st.aimKey = key;
      drawAim();
      return;
    }
    if (key === st.aimKey && st.aim) {
      drawAim();
      return;
    }
    st.aimKey = key;
    st.aim = null;
    clearTimeout(aimTimer);
    aimTimer = setTimeout(async () => {
      const r = await preview({
        kind: "aim",
        model: st.model,
        weapon: st.weapon,
        target: st.target,
        indirect: st.indirect,
      });
      if (st.aimKey !== key) return;
      const ev = r?.events?.find((e) => e.kind === "aim");
      st.aim = ev || { error: r?.error?.message || "Cannot aim now" };
      st.sig = null;
      renderControls(st.view);
      drawAim();
    }, 40);
  }

  // Exact odds from the rules helper (/odds) for the aimed attack.
  async function fetchOdds(a, key) {
    if (st.oddsAsked === key) return;
    st.oddsAsked = key;
    const att = cardOf(st.model),
      tgt = cardOf(st.target);
    if (!att || !tgt) return;
    const body = {
      attack_skill: att.skills.att,
      defense_skill: tgt.autopilot ? 1 : tgt.skills.def,
      attack_modifiers: a.attack_modifiers || {},
      defense_modifiers: a.defense_modifiers || {},
      dm: weaponCard(a.weapon).dm || 0,
      focus: st.focus || 0,
      armor: tgt.armor,
      boxes_left: tgt.boxes.filter((b) => !b.crossed).length,
    };
    if (a.indirect && !weaponCard(a.weapon).grenade) body.threshold = 4;
    try {
      st.odds = {
        key,
        r: await api("/api/rules/hgb/odds", { method: "POST", body }),
        perks: (tgt.perks || []).some((p) => p.arc),
      };
    } catch (err) {
      st.odds = { key, error: err.message };
    }
    if (st.aimKey === key) {
      st.sig = null;
      renderControls(st.view);
    }
  }

  return { initiativeControls, activationControls, reactionControls, renderEnd, syncAim, moveFor };
}
