// Heavy Gear Blitz!: the seat's attack controls: target, weapon, Indirect Fire, sweep and focus,
// designation and ECM, and the aim with its range band, cover reason and exact odds (/preview of an
// `aim` for the target aimed at; the odds from /api/rules/hgb/odds).
import { api } from "../../api.js";
import { button, h } from "../dom.js";
import { BANDS, BAND_NAMES, COVER_NAMES, num, signed, ucfirst, sum, modsText } from "./view.js";
import { nextId, field, select } from "./fields.js";
import { cardOf, cards, myTurn, names, phase, weaponCard } from "./state.js";
import { drawAim } from "./draw.js";

/** @typedef {import("./state.js").HgbState} State */

/** @param {State} s */
export function attackControls(s, card) {
  const { me } = s;
  const { label } = names(s);
  const box = h("section", { class: "hgb-group hgb-attack", "aria-label": "Attack" }, h("h3", { text: "Attack" }));
  const foes = cards(s).filter((c) => c.seat !== me && c.status === "active");
  const weapons = (card.weapons || []).filter((w) => weaponCard(s, w.code).dm);
  if (s.target && !foes.some((c) => c.id === s.target)) s.target = null;
  if (!s.weapon || !weapons.some((w) => w.code === s.weapon)) s.weapon = weapons[0]?.code || null;
  if (card.actions < 1)
    box.append(
      h("p", {
        class: "hgb-note warn",
        text: "No Action left this round (spent on an attack, a designation or Full Speed).",
      }),
    );
  const t = select([["", "Choose a target…"], ...foes.map((c) => [c.id, `${c.label} (${c.unit})`])], s.target || "", {
    "data-key": "target",
    onchange: (e) => {
      s.target = e.target.value || null;
      syncAim(s);
      s.redraw();
    },
  });
  const w = select(
    weapons.map((x) => {
      const wc = weaponCard(s, x.code);
      return [
        x.code,
        `${x.code} ${x.name}: DM ${wc.dm}, ${wc.arc}${wc.rof ? `, ROF ${wc.rof}` : ""}${wc.ae ? `, AE ${wc.ae}` : ""}${wc.if ? ", IF" : ""}${x.ammo_left != null ? `, ${x.ammo_left} left` : ""}`,
        x.ammo_left === 0,
      ];
    }),
    s.weapon || "",
    {
      "data-key": "weapon",
      onchange: (e) => {
        s.weapon = e.target.value;
        syncAim(s);
        s.redraw();
      },
    },
  );
  box.append(field("Target", t), field("Weapon", w));
  const wc = weaponCard(s, s.weapon);
  if (wc.ranges)
    box.append(
      h("p", {
        class: "hgb-ranges",
        text: `Ranges (inches, base to base): ${BANDS.map((b, i) => `${BAND_NAMES[b]} ${wc.ranges[i]}`).join(" · ")}`,
      }),
    );
  const designated = s.target && s.view.designations?.[s.target]?.seat === me;
  if (wc.if && designated) {
    const ind = h("input", {
      type: "checkbox",
      checked: s.indirect,
      "data-key": "indirect",
      id: nextId("ind"),
      onchange: (e) => {
        s.indirect = e.target.checked;
        syncAim(s);
        s.redraw();
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
  } else s.indirect = false;
  if (wc.rof) {
    // sweep and focus share the weapon's ROF (0 to ROF each)
    const rofInput = (key, then) =>
      h("input", {
        type: "number",
        min: "0",
        max: String(wc.rof),
        value: s[key],
        class: "hgb-num",
        "data-key": key,
        onchange: (e) => {
          s[key] = Math.max(0, Math.min(wc.rof, Number(e.target.value) || 0));
          then();
        },
      });
    const sw = rofInput("sweep", () => drawAim(s));
    const fo = rofInput("focus", () => {
      syncAim(s);
      s.redraw();
    });
    box.append(
      h("div", { class: "hgb-row" }, field(`Sweep (inches, ROF ${wc.rof})`, sw), field("Focus (+1 DM each)", fo)),
    );
  } else {
    s.sweep = 0;
    s.focus = 0;
  }
  box.append(aimDetails(s, card));
  const ok = s.aim?.legal && card.actions >= 1;
  box.append(
    h(
      "div",
      { class: "hgb-buttons" },
      button(
        s.target ? `Roll the attack on ${label(s.target)}` : "Roll the attack",
        () =>
          s.ctx.fire({
            kind: "attack",
            model: card.id,
            weapon: s.weapon,
            target: s.target,
            indirect: s.indirect,
            sweep: s.sweep,
            focus: s.focus,
          }),
        { key: "attack", cls: "primary small", disabled: !ok, primary: ok && !s.waypoints.length },
      ),
      button(
        "Designate this target (Forward Observer)",
        () => s.ctx.fire({ kind: "designate", model: card.id, target: s.target }),
        { key: "designate", disabled: !s.target || card.actions < 1 },
      ),
    ),
  );
  const observers = Object.values(s.view.designations || {})
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
        button("Jam with ECM", () => s.ctx.fire({ kind: "ecm", model: card.id, observer: o.value }), {
          key: "ecm",
          disabled: card.actions < 1,
        }),
      ),
    );
  }
  return box;
}

/** @param {State} s */
function aimDetails(s, card) {
  const { label } = names(s);
  const box = h("div", { class: "hgb-aim", "aria-live": "polite" });
  if (!s.target) {
    box.append(h("p", { class: "hgb-note", text: "Pick a target here or click an enemy model on the board." }));
    return box;
  }
  const a = s.aim;
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
    `${ucfirst(cov.reason || "")}${a.cover_from && a.cover_from !== s.model ? ` (seen from ${label(a.cover_from)})` : ""}`,
    "hgb-reason",
  );
  row("Attack", `${modsText(a.attack_modifiers)} = ${signed(sum(a.attack_modifiers))}`);
  row("Defence", `${modsText(a.defense_modifiers)} = ${signed(sum(a.defense_modifiers))}`);
  box.append(dl);
  const od = s.odds?.key === s.aimKey ? s.odds : null;
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
    if (!od) fetchOdds(s, a, s.aimKey);
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

// --- aiming: /preview of an `aim` (the view carries no targets: cover is worked out on demand) ------
/** @param {State} s */
export function syncAim(s) {
  const v = s.view;
  if (!v || !s.model || !s.target || !s.weapon || !["activation", "reaction"].includes(phase(s)) || !myTurn(s)) {
    s.aim = null;
    s.aimKey = null;
    drawAim(s);
    return;
  }
  const key = JSON.stringify([
    s.model,
    s.target,
    s.weapon,
    s.indirect,
    s.focus,
    (v.pieces || []).map((p) => [p.x, p.y, p.facing, p.status]),
    v.cards.map((c) => [c.speed, c.mode, c.crossed]),
  ]);
  if (key === s.aimKey && s.aim) {
    drawAim(s);
    return;
  }
  s.aimKey = key;
  s.aim = null;
  clearTimeout(s.aimTimer);
  s.aimTimer = setTimeout(async () => {
    const r = await s.ctx.preview({
      kind: "aim",
      model: s.model,
      weapon: s.weapon,
      target: s.target,
      indirect: s.indirect,
    });
    if (s.aimKey !== key) return;
    const ev = r?.events?.find((e) => e.kind === "aim");
    s.aim = ev || { error: r?.error?.message || "Cannot aim now" };
    s.sig.controls = null;
    s.redraw();
    drawAim(s);
  }, 40);
}

// Exact odds from the rules helper (/odds) for the aimed attack.
/** @param {State} s */
async function fetchOdds(s, a, key) {
  if (s.oddsAsked === key) return;
  s.oddsAsked = key;
  const att = cardOf(s, s.model),
    tgt = cardOf(s, s.target);
  if (!att || !tgt) return;
  const body = {
    attack_skill: att.skills.att,
    defense_skill: tgt.autopilot ? 1 : tgt.skills.def,
    attack_modifiers: a.attack_modifiers || {},
    defense_modifiers: a.defense_modifiers || {},
    dm: weaponCard(s, a.weapon).dm || 0,
    focus: s.focus || 0,
    armor: tgt.armor,
    boxes_left: tgt.boxes.filter((b) => !b.crossed).length,
  };
  if (a.indirect && !weaponCard(s, a.weapon).grenade) body.threshold = 4;
  try {
    s.odds = {
      key,
      r: await api("/api/rules/hgb/odds", { method: "POST", body }),
      perks: (tgt.perks || []).some((p) => p.arc),
    };
  } catch (err) {
    s.odds = { key, error: err.message };
  }
  if (s.aimKey === key) {
    s.sig.controls = null;
    s.redraw();
  }
}
