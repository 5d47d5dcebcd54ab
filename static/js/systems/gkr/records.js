// GKR: Heavy Hitters with Big Little Buddy: the manual records (the areas a table settles by hand,
// each record with its dispute and the host's ruling) and the form to write one.
import { button, h } from "../dom.js";
import { rulingBox } from "../ruling.js";
import { AREAS } from "./view.js";
import { names } from "./state.js";

/** @typedef {import("./state.js").GkrState} State */

/** @param {State} s */
export function showRecords(s, view) {
  const { me, ctx } = s;
  const { recordsBox } = s.dom;
  const { faction, unitName } = names(s);
  const manual = Object.entries(view.manual || {})
    .filter(([, on]) => on)
    .map(([k]) => k);
  const sig = JSON.stringify([
    manual,
    view.records,
    me,
    (view.pieces || []).map((p) => p.id),
    view.open_record,
    view.dispute,
  ]);
  if (sig === s.sig.records) return;
  s.sig.records = sig;
  recordsBox.replaceChildren();
  if (!manual.length && !(view.records || []).length) {
    recordsBox.hidden = true;
    return;
  }
  recordsBox.hidden = false;
  recordsBox.append(
    h("h3", { text: "Manual resolution" }),
    h("p", {
      class: "small",
      text: `Resolved by the players: ${manual.map((a) => AREAS[a] || a).join(", ") || "nothing"}. The table keeps the record.`,
    }),
  );
  if (view.dispute) {
    const d = view.dispute;
    recordsBox.append(
      h("p", {
        class: "gkr-note",
        role: "status",
        text: `On hold: ${faction(d.by)} disputes record ${d.record + 1} by ${faction(d.author)}${d.reason ? ` (${d.reason})` : ""}. The host rules on it.`,
      }),
    );
    const rule = rulingBox(ctx, d.record, {
      prefix: "gkr",
      overturnText: "Overturning puts the table back as it was before the record.",
    });
    if (rule) recordsBox.append(rule);
  }
  if (me && manual.some((a) => a !== "dice" && a !== "flank" && a !== "weapons"))
    recordsBox.append(recordForm(s, view, manual));
  const list = h("ol", { class: "gkr-recs" });
  for (const r of (view.records || []).slice(-8)) {
    const what = r.results
      ? r.results.map((x) => `${unitName(x.unit)} ${x.damage} damage`).join(", ")
      : [
          r.unit ? unitName(r.unit) : "",
          r.damage ? `${r.damage} damage` : "",
          r.heal ? `${r.heal} healed` : "",
          r.energy ? `${r.energy} energy` : "",
          r.note,
        ]
          .filter(Boolean)
          .join(", ");
    // numbered as players read records (from 1), however many earlier ones the list leaves out
    const li = h("li", {
      value: r.index + 1,
      text: `${faction(r.player)} · ${AREAS[r.area] || r.area}${r.weapon ? ` (${r.weapon})` : ""}: ${what || "noted"}${r.status && r.status !== "closed" ? ` · ${r.status}` : ""}`,
    });
    if (me && r.index === view.open_record && r.player !== me && !view.dispute) {
      const why = h("input", {
        maxLength: 200,
        placeholder: "reason",
        "aria-label": `Reason to dispute record ${r.index + 1}`,
        "data-key": `why-${r.index}`,
      });
      li.append(
        " ",
        why,
        button("Dispute", () => ctx.fire({ kind: "dispute", record: r.index, reason: why.value.trim() }), {
          key: `dispute-${r.index}`,
          cls: "small secondary",
        }),
      );
    }
    list.append(li);
  }
  if ((view.records || []).length) recordsBox.append(list);
}

/** @param {State} s */
function recordForm(s, view, manual) {
  const { unitName } = names(s);
  const form = h("form", { class: "gkr-record", "aria-label": "Record a result" });
  const area = h(
    "select",
    { id: "gkr-rec-area" },
    ...manual
      .filter((a) => !["dice", "flank", "weapons"].includes(a))
      .map((a) => h("option", { value: a, text: AREAS[a] || a })),
  );
  const unit = h(
    "select",
    { id: "gkr-rec-unit" },
    h("option", { value: "", text: "no unit" }),
    ...(view.pieces || []).map((p) => h("option", { value: p.id, text: unitName(p.id) })),
  );
  const num = (id, label) => {
    const i = h("input", { type: "number", id, value: 0, min: id === "gkr-rec-energy" ? -20 : 0, max: 30 });
    return [i, h("div", { class: "field" }, h("label", { for: id, text: label }), i)];
  };
  const [dmg, dmgF] = num("gkr-rec-damage", "Damage");
  const [heal, healF] = num("gkr-rec-heal", "Heal");
  const [energy, energyF] = num("gkr-rec-energy", "Energy spent");
  const note = h("input", { id: "gkr-rec-note", maxLength: 200, placeholder: "what happened" });
  form.append(
    h("div", { class: "field" }, h("label", { for: "gkr-rec-area", text: "Rule area" }), area),
    h("div", { class: "field" }, h("label", { for: "gkr-rec-unit", text: "Unit" }), unit),
    h("div", { class: "gkr-nums" }, dmgF, healF, energyF),
    h("div", { class: "field" }, h("label", { for: "gkr-rec-note", text: "Note" }), note),
    h("button", { type: "submit", class: "small", text: "Record the result" }),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const action = {
      kind: "record",
      area: area.value,
      note: note.value.trim(),
      damage: Number(dmg.value) || 0,
      heal: Number(heal.value) || 0,
      energy: Number(energy.value) || 0,
    };
    if (unit.value) action.unit = unit.value;
    s.ctx
      .act(action)
      .then(() => {
        note.value = "";
      })
      .catch(() => {});
  });
  return form;
}
