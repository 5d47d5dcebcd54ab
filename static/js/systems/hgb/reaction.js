// Heavy Gear Blitz!: what the other side answers: Return Fire (the firing model, its weapon and
// the point of the mover's path to fire at, or Pass, or jamming a designation with ECM) and
// ending the game by agreement or concession.
import { button, h } from "../dom.js";
import { concedeButtons } from "../panel.js";
import { num, other } from "./view.js";
import { field, select } from "./fields.js";
import { cardOf, names, phase, weaponCard } from "./state.js";
import { drawMarks } from "./draw.js";

/** @typedef {import("./state.js").HgbState} State */

/** @param {State} s */
export function reactionControls(s, view) {
  const { fire } = s.ctx;
  const { me } = s;
  const { player, label } = names(s);
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
  if (!s.rfModel || !p.models.includes(s.rfModel)) s.rfModel = p.models[0];
  const shooter = cardOf(s, s.rfModel);
  const ws = (shooter?.weapons || []).filter(
    (w) => weaponCard(s, w.code).dm && !weaponCard(s, w.code).grenade && weaponCard(s, w.code).ranges,
  );
  if (!s.rfWeapon || !ws.some((w) => w.code === s.rfWeapon)) s.rfWeapon = ws[0]?.code;
  const m = select(
    p.models.map((id) => [id, label(id)]),
    s.rfModel,
    {
      "data-key": "rf-model",
      onchange: (e) => {
        s.rfModel = e.target.value;
        s.redraw();
      },
    },
  );
  const w = select(
    ws.map((x) => [x.code, `${x.code} ${x.name}`]),
    s.rfWeapon,
    {
      "data-key": "rf-weapon",
      onchange: (e) => {
        s.rfWeapon = e.target.value;
      },
    },
  );
  const at = select(
    p.points.map((pt, i) => [
      i,
      `Point ${i + 1}: (${num(pt[0])}, ${num(pt[1])})${i === p.points.length - 1 ? " (end)" : ""}`,
    ]),
    s.rfAt < 0 ? p.points.length - 1 : s.rfAt,
    {
      "data-key": "rf-at",
      onchange: (e) => {
        s.rfAt = Number(e.target.value);
        drawMarks(s, s.view);
      },
    },
  );
  box.append(field("Firing model", m), field("Weapon", w), field("Fire at the mover at", at));
  box.append(
    h(
      "div",
      { class: "hgb-buttons" },
      button("Return Fire", () => fire({ kind: "return_fire", model: s.rfModel, weapon: s.rfWeapon, at: s.rfAt }), {
        key: "rf",
        cls: "primary small",
        primary: true,
      }),
      button(
        "Pass",
        () => {
          s.rfAt = -1;
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
          () => fire({ kind: "ecm", model: s.rfModel, observer: p.mover }),
          { key: "rf-ecm" },
        ),
      ),
    );
  }
  return box;
}

// --- ending ---------------------------------------------------------------------------------------
/** @param {State} s */
export function renderEnd(s, view) {
  const { fire } = s.ctx;
  const { me } = s;
  const { endBox } = s.dom;
  const { player } = names(s);
  const off = !me || view.result || ["terrain", "deployment"].includes(phase(s));
  const sig = JSON.stringify([off, view.agree || {}]);
  if (sig === s.sig.end) return; // keep the box open (and the confirmation shown) across updates
  s.sig.end = sig;
  const wasOpen = !!endBox.querySelector("details")?.open;
  endBox.replaceChildren();
  if (off) return;
  const votes = view.agree || {};
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
            text: `${player(other(me))} proposes to end: ${theirs ? `${player(theirs)} wins` : "no winner"}.`,
          })
        : null,
      mine !== undefined
        ? h("p", { class: "hgb-note", text: `You proposed: ${mine ? `${player(mine)} wins` : "no winner"}.` })
        : null,
      h(
        "div",
        { class: "hgb-buttons" },
        button("Propose: we win", () => fire({ kind: "agree_end", winner: me }), { key: "agree-me" }),
        button("Propose: they win", () => fire({ kind: "agree_end", winner: other(me) }), { key: "agree-them" }),
        button("Propose: no winner", () => fire({ kind: "agree_end", winner: null }), { key: "agree-none" }),
        ...concedeButtons(fire),
      ),
    ),
  );
}
