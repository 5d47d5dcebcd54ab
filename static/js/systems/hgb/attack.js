// Heavy Gear Blitz!: the seat's attack controls: target, weapon, Indirect Fire, sweep and focus,
// designation and ECM, and the aim with its range band, cover reason and exact odds (/preview of an
// `aim` for the target aimed at; the odds from /api/rules/hgb/odds).
import { api } from "../../api.js";
import { button, h, late } from "../dom.js";
import { BANDS, BAND_NAMES, COVER_NAMES, num, signed, ucfirst, sum, modsText } from "./view.js";
import { nextId, field, select } from "./fields.js";

export function makeAttack(P) {
  const { st, me } = P;
  const { cards, cardOf, label, weaponCard, phase, myTurn, fire, preview } = P;
  const { renderControls, drawAim } = late(P, "renderControls", "drawAim");

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

  // --- aiming: /preview of an `aim` (the view carries no targets: cover is worked out on demand) ------
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

  return { attackControls, syncAim };
}
