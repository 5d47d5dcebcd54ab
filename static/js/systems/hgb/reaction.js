// Heavy Gear Blitz!: what the other side answers: Return Fire (the firing model, its weapon and
// the point of the mover's path to fire at, or Pass, or jamming a designation with ECM) and
// ending the game by agreement or concession.
import { button, h, late } from "../dom.js";
import { num, other } from "./view.js";
import { field, select } from "./fields.js";

export function makeReaction(P) {
  const { st, me, endBox } = P;
  const { player, cardOf, label, weaponCard, phase, fire } = P;
  const { renderControls, drawMarks } = late(P, "renderControls", "drawMarks");

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

  return { reactionControls, renderEnd };
}
