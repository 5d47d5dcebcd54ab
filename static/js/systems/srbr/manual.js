// Samurai Robots Battle Royale: the seat's manual resolution (records of damage, jams,
// positions and terrain; declared results) and conceding.
import { button, h } from "../dom.js";
import { AREAS, FACINGS, nice, recordedLine } from "./view.js";
import { field, numberIn, select } from "./fields.js";
import { rulingBox } from "../ruling.js";
import { concedeButtons } from "../panel.js";
import { names } from "./state.js";

/** @typedef {import("./state.js").SrbrState} State */

const STATUS = {
  open: "open: may be disputed",
  closed: "closed",
  disputed: "disputed: waiting for the host",
  upheld: "upheld by the host",
  overturned: "overturned by the host",
};

// --- manual resolution ---------------------------------------------------------------------------
/** @param {State} s */
export function renderManual(s, view) {
  const { me, ctx } = s;
  const { manualBox } = s.dom;
  const manual = view.manual || {};
  const on = Object.keys(AREAS).filter((k) => manual[k]);
  const sig = JSON.stringify([
    on,
    Object.keys(view.mechas || {}),
    (view.board?.terrain || []).map((t) => [t.id, t.type]),
    view.votes,
    !!view.result,
    [...(ctx.names || [])],
  ]);
  if (sig === s.sig.manual) {
    s.refreshParts?.();
    return;
  }
  s.sig.manual = sig;
  const areas = on.map((k) => AREAS[k]).join(", ");
  manualBox.hidden = !on.length;
  if (!on.length || !me || view.result) {
    manualBox.replaceChildren(...(on.length ? [h("p", { class: "srbr-note", text: `Manual: ${areas}` })] : []));
    return;
  }
  manualBox.replaceChildren(
    h("h3", { text: "Manual resolution" }),
    h("p", { class: "srbr-note", text: `Players decide: ${areas}. The table keeps the record.` }),
  );
  if (manual.health || manual.combat || manual.malfunction || manual.victory) manualBox.append(recordForm(s, view));
  const buildings = (view.board?.terrain || []).filter((t) => t.type === "building" || t.type === "rubble");
  if (manual.combat && buildings.length) manualBox.append(terrainForm(s, buildings));
  if (manual.victory) manualBox.append(voteBox(s, view));
}

const choices = (...pairs) => pairs.map((v) => (Array.isArray(v) ? v : [v, v]));
const sameNumber = (key, props) => numberIn({ min: "0", placeholder: "same", "data-key": key, ...props });

// A record of what happened to a mecha (its part's damage, status, jam, in or out, position).
/** @param {State} s */
function recordForm(s, view) {
  const manual = view.manual || {};
  const { unit } = names(s);
  const canDamage = manual.health || manual.combat || manual.malfunction;
  const canStatus = manual.combat || manual.malfunction;
  const canOut = manual.combat || manual.victory;
  const [mSel, pSel] = mechaAndPart(s, view);
  const dmg = sameNumber("rec-damage", { max: "10", step: "1" });
  const rx = sameNumber("rec-x", { step: "0.1" });
  const ry = sameNumber("rec-y", { step: "0.1" });
  const rf = select([["", "same"], ...FACINGS.slice(1)], "", { "data-key": "rec-facing" });
  const jam = select(choices(["", "unchanged"], ["1", "jammed (cannot activate next turn)"], ["0", "not jammed"]), "", {
    "data-key": "rec-jammed",
  });
  const statusSel = select(choices(["", "unchanged"], "standing", "fallen"), "", { "data-key": "rec-status" });
  const outSel = select(choices(["", "unchanged"], "destroyed", "fled", ["in_play", "back in play"]), "", {
    "data-key": "rec-out",
  });
  const note = h("input", { type: "text", maxLength: 200, "data-key": "rec-note", placeholder: "what happened" });
  const form = h("form", { class: "srbr-record" }, field("Mecha", mSel), field("Body part", pSel));
  if (canDamage) form.append(field("Damage taken by the part (total)", dmg));
  if (canStatus) form.append(field("Status", statusSel));
  if (manual.malfunction) form.append(field("Jam of the part", jam));
  if (canOut) form.append(field("In or out", outSel));
  if (manual.combat)
    form.append(
      h(
        "div",
        { class: "srbr-move-form" },
        field(`Centre x (${unit()})`, rx, "field inline-field"),
        field(`Centre y (${unit()})`, ry, "field inline-field"),
        field("Facing", rf),
      ),
    );
  form.append(
    field("Note", note),
    h("button", { type: "submit", class: "small", text: "Record", "data-key": "record" }),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const action = { kind: "record", mecha: mSel.value, note: note.value.trim() };
    if (pSel.value) action.part = pSel.value;
    if (canDamage && dmg.value !== "") action.damage = Number(dmg.value);
    if (canStatus && statusSel.value) action.status = statusSel.value;
    if (canOut && outSel.value) action.out = outSel.value;
    if (manual.malfunction && jam.value !== "") action.jammed = jam.value === "1";
    if (manual.combat && rx.value !== "") action.x = Number(rx.value);
    if (manual.combat && ry.value !== "") action.y = Number(ry.value);
    if (manual.combat && rf.value !== "") action.facing = Number(rf.value);
    s.ctx
      .act(action)
      .then(() => {
        for (const input of [dmg, note, rx, ry]) input.value = "";
        for (const sel of [statusSel, outSel, rf, jam]) sel.value = "";
      })
      .catch(() => {});
  });
  return form;
}

// The mecha and body part selects; the parts (with their damage) follow the mecha and the view.
/** @param {State} s */
function mechaAndPart(s, view) {
  const { mechaOf, player } = names(s);
  const mechas = Object.values(view.mechas || {});
  const mSel = select(
    mechas.map((m) => [m.id, `${m.name} (${player(m.owner)})`]),
    mechas[0]?.id,
    { "data-key": "rec-mecha" },
  );
  const pSel = select([], "", { "data-key": "rec-part" });
  const fillParts = () => {
    const m = mechaOf(mSel.value);
    const keep = pSel.value;
    pSel.replaceChildren(
      h("option", { value: "", text: "(whole mecha)" }),
      ...(m?.parts || []).map((p) =>
        h("option", { value: p.id, text: `${p.name} (damage ${p.damage})`, selected: p.id === keep }),
      ),
    );
  };
  s.refreshParts = fillParts;
  mSel.addEventListener("change", fillParts);
  fillParts();
  return [mSel, pSel];
}

// A building smashed to rubble, or standing again.
/** @param {State} s */
function terrainForm(s, buildings) {
  const bSel = select(
    buildings.map((t) => [t.id, `${t.label || "Building"} (${nice(t.type)})`]),
    buildings[0].id,
    { "data-key": "rec-building" },
  );
  const form = h(
    "form",
    { class: "srbr-record" },
    field("Building", bSel),
    h(
      "div",
      { class: "srbr-buttons" },
      h("button", { type: "submit", class: "small", text: "Smashed to rubble", "data-key": "smash", value: "1" }),
      h("button", {
        type: "submit",
        class: "small secondary",
        text: "Standing again",
        "data-key": "unsmash",
        value: "0",
      }),
    ),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    s.ctx.fire({ kind: "record_terrain", terrain: bSel.value, smashed: (e.submitter?.value ?? "1") === "1" });
  });
  return form;
}

// The winners declared by hand (every player must agree).
/** @param {State} s */
function voteBox(s, view) {
  const { player } = names(s);
  const seats = (view.turn?.order || []).filter((seat) => !(view.conceded || []).includes(seat));
  const mine = view.votes?.[s.me] || [];
  const boxes = seats.map((seat) =>
    h("input", { type: "checkbox", value: seat, "data-key": `win-${seat}`, checked: mine.includes(seat) }),
  );
  const declare = () =>
    s.ctx.fire({ kind: "declare_result", winners: boxes.filter((b) => b.checked).map((b) => b.value) });
  const fs = h(
    "fieldset",
    { class: "srbr-vote" },
    h("legend", { text: "Declare the winners (every player must agree)" }),
    ...seats.map((seat, i) => h("label", { class: "srbr-check" }, boxes[i], h("span", { text: ` ${player(seat)}` }))),
    button("Declare", declare, { key: "declare" }),
  );
  const votes = Object.entries(view.votes || {}).map(
    ([seat, w]) => `${player(seat)}: ${w.length ? w.join(", ") : "no winner"}`,
  );
  if (votes.length) fs.append(h("p", { class: "srbr-note", text: `Declared so far: ${votes.join("; ")}` }));
  return fs;
}

// --- records: author and status; Dispute for the other seats, the host's ruling -----------------
/** @param {State} s */
function recordText(s, r) {
  const { mechaName, partName, terrainName } = names(s);
  const a = r.action || {};
  if (r.kind === "record_terrain")
    return `records ${terrainName(a.terrain)} ${a.smashed ? "smashed to rubble" : "standing again"}${a.note ? ` (${a.note})` : ""}`;
  return recordedLine(a, { mecha: mechaName, part: partName }, "");
}

/** @param {State} s */
export function renderRecords(s, view) {
  const { me, ctx } = s;
  const { recordsBox } = s.dom;
  const { player } = names(s);
  const log = view.records || [];
  const hold = view.hold || null;
  const out = !me || (view.conceded || []).includes(me) || !!view.result;
  const sig = JSON.stringify([log, hold, view.open_record, out, [...(ctx.names || [])]]);
  if (sig === s.sig.records) return;
  s.sig.records = sig;
  recordsBox.replaceChildren();
  recordsBox.hidden = !log.length;
  if (!log.length) return;
  recordsBox.append(h("h3", { text: "Records" }));
  if (hold) {
    recordsBox.append(
      h("p", {
        class: "srbr-hold",
        role: "alert",
        text: `On hold: ${player(hold.by)} disputes record ${hold.record + 1} (${hold.reason}). The game waits for the host's ruling.`,
      }),
    );
    const rule = rulingBox(ctx, hold.record, {
      prefix: "srbr",
      withNote: true,
      overturnText: "Overturning puts the table back as it was just before the record.",
    });
    if (rule) recordsBox.append(rule);
  }
  const list = h("ol", { class: "srbr-recs" });
  for (const r of log.slice(-8)) {
    const li = h(
      "li",
      { class: `srbr-rec ${r.status}`, "data-record": r.index },
      h("span", { text: `#${r.index + 1} ${player(r.by)}: ${recordText(s, r)}` }),
      h("span", { class: "srbr-rec-status", text: ` · ${STATUS[r.status] || r.status}` }),
    );
    if (r.dispute)
      li.append(h("span", { class: "muted", text: ` · disputed by ${player(r.dispute.by)}: ${r.dispute.reason}` }));
    if (r.ruling?.note) li.append(h("span", { class: "muted", text: ` · host: ${r.ruling.note}` }));
    if (!out && !hold && r.index === view.open_record && r.by !== me) {
      const why = h("input", {
        type: "text",
        maxLength: 200,
        required: true,
        placeholder: "why",
        "data-key": `why-${r.index}`,
        "aria-label": `Reason to dispute record ${r.index + 1}`,
      });
      const form = h(
        "form",
        { class: "srbr-dispute" },
        why,
        h("button", {
          type: "submit",
          class: "small secondary",
          text: "Dispute",
          "data-key": `dispute-${r.index}`,
          "aria-label": `Dispute record ${r.index + 1}`,
        }),
      );
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        s.ctx.fire({ kind: "dispute", record: r.index, reason: why.value.trim() || "disputed" });
      });
      li.append(form);
    }
    list.append(li);
  }
  recordsBox.append(list);
}

// --- concede -------------------------------------------------------------------------------------
/** @param {State} s */
export function renderConcede(s, view) {
  const { me } = s;
  const { concedeBox } = s.dom;
  concedeBox.replaceChildren();
  if (!me || view.result || (view.conceded || []).includes(me)) return;
  concedeBox.append(...concedeButtons(s.ctx.fire));
}
