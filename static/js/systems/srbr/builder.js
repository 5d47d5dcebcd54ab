// Samurai Robots Battle Royale: the mecha builder (a design checked and costed by the rules
// helper, copied for the table option "mechas"). A seat's only; built once, on the first update.
import { button, h } from "../dom.js";
import { STICKS, nice } from "./view.js";
import { field, numberIn, select } from "./fields.js";
import { names } from "./state.js";

/**
 * @typedef {object} Design  the builder's own state: the catalogue, the form's fields and part rows
 * @property {object} cat          the rules helper's catalogue (forms, part and attack types, samples)
 * @property {Record<string, HTMLElement>} f  name, mid, form, base, partsBox, out, json
 * @property {{f: Record<string, any>, node: HTMLElement, id?: string}[]} rows
 * @property {number} seq          the last check asked (older answers are dropped)
 * @property {(s: string) => string} stickName
 */

const START = { id: "my-mecha", name: "My mecha", form: "biped", base: 4, parts: [], special_rules: [] };
const ABOUT =
  'Design a mecha from body parts; its cost is the sum of its parts and special rules. A table\'s forces are chosen when it is created: give the design to the host as table option "mechas" (the JSON below) and its id in "forces". Prices are Warboard defaults, not from the rulebook.';

const post = (path, body) =>
  fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body }).then(async (r) => ({
    ok: r.ok,
    data: await r.json(),
  }));

/** @param {import("./state.js").SrbrState} s */
export async function renderBuilder(s) {
  const { builderBox } = s.dom;
  if (s.builderDone || !s.me) return; // players design mechas; a read-only panel shows none
  s.builderDone = true;
  const body = h("div", { class: "srbr-builder-body" });
  builderBox.append(h("summary", { text: "Mecha builder" }), body);
  let cat;
  try {
    cat = (await post("/api/rules/srbr/catalogue", "{}")).data;
  } catch {
    body.append(h("p", { class: "error", text: "The mecha catalogue could not be loaded." }));
    return;
  }
  const { unit, stickName } = names(s);
  const f = {
    name: h("input", { type: "text", maxLength: 60, value: START.name, "data-key": "builder-name" }),
    mid: h("input", { type: "text", maxLength: 32, value: START.id, "data-key": "builder-id", pattern: "[a-z0-9_-]+" }),
    form: select(
      cat.forms.map((x) => [x, nice(x)]),
      START.form,
      { "data-key": "builder-form" },
    ),
    base: numberIn({ min: "1", max: "20", step: "0.5", value: START.base, "data-key": "builder-base" }),
    partsBox: h("div", { class: "srbr-builder-parts" }),
    out: h("div", { class: "srbr-builder-out", "aria-live": "polite" }),
    json: h("textarea", { readOnly: true, rows: 4, "data-key": "builder-json", class: "srbr-json" }),
  };
  const d = { cat, f, rows: [], seq: 0, stickName };
  const sample = select(
    [["", "Start from a sample…"], ...cat.samples.map((m) => [m.id, `${m.name} (${m.cost} pts)`])],
    "",
    { "data-key": "builder-sample" },
  );
  sample.addEventListener("change", () => {
    const m = cat.samples.find((x) => x.id === sample.value);
    if (m) load(d, m);
  });
  for (const input of [f.name, f.mid, f.form, f.base]) input.addEventListener("change", () => check(d));
  body.append(
    h("p", { class: "srbr-note", text: ABOUT }),
    field("Sample", sample),
    field("Name", f.name),
    field("Id", f.mid),
    field("Form (sets the measuring point)", f.form),
    field(`Base diameter (${unit()})`, f.base),
    h("h4", { text: "Body parts" }),
    f.partsBox,
    h(
      "div",
      { class: "srbr-buttons" },
      addButton(d),
      button("Check and cost", () => check(d), { key: "builder-check", cls: "secondary small" }),
    ),
    f.out,
    field('Design for the table option "mechas"', f.json),
    copyButton(f.json),
  );
  load(d, cat.samples[0] || START);
}

function addButton(d) {
  const add = () => {
    d.rows.push(partRow(d, { name: `Part ${d.rows.length + 1}`, q: 4, c: 1, points: 10 }, d.rows.length));
    drawRows(d);
    check(d);
  };
  return button("Add a part", add, { key: "builder-add" });
}

function copyButton(json) {
  const copy = async (e) => {
    try {
      await navigator.clipboard.writeText(json.value);
      e.target.textContent = "Copied";
    } catch {
      json.select();
    }
  };
  return button("Copy the design", copy, { key: "builder-copy", cls: "secondary small" });
}

// One body part's fields, in a fieldset with its Remove button.
function partRow(d, p, i) {
  const n = `Part ${i + 1}`;
  const f = {
    name: h("input", { type: "text", maxLength: 40, value: p.name || "", "aria-label": `${n} name` }),
    type: select(
      d.cat.part_types.map((t) => [t, t]),
      p.type || "other",
      { "aria-label": `${n} type` },
    ),
    points: numberIn({ min: "0", max: "999", value: p.points ?? 10, "aria-label": `${n} points` }),
    q: select(
      [2, 3, 4, 5, 6].map((x) => [x, `${x}+`]),
      p.q ?? 4,
      { "aria-label": `${n} Quality` },
    ),
    c: numberIn({ min: "0", max: "6", value: p.c ?? 1, "aria-label": `${n} combat score C` }),
    move: select([["", "none"], ...STICKS.map((x) => [x, d.stickName(x)])], p.move || "", {
      "aria-label": `${n} move stick`,
    }),
    attacks: Object.keys(d.cat.attack_types || {}).map((a) =>
      h("input", {
        type: "checkbox",
        value: a,
        checked: (p.attacks || []).includes(a),
        "aria-label": `${n} attack ${nice(a)}`,
      }),
    ),
  };
  const tiny = (text, input) => h("label", { class: "srbr-mini" }, h("span", { text }), input);
  const remove = () => {
    d.rows = d.rows.filter((r) => r !== row);
    drawRows(d);
    check(d);
  };
  const attacks = h(
    "div",
    { class: "srbr-mini-attacks", role: "group", "aria-label": `${n} attacks` },
    ...f.attacks.map((box) =>
      h("label", { class: "srbr-check" }, box, h("span", { text: nice(box.value), "aria-hidden": "true" })),
    ),
  );
  const node = h(
    "fieldset",
    { class: "srbr-builder-part" },
    h("legend", { text: n }),
    ...[tiny("Name", f.name), tiny("Type", f.type), tiny("Points", f.points), tiny("Quality", f.q), tiny("C", f.c)],
    tiny("Move", f.move),
    attacks,
    button("Remove", remove, { cls: "secondary small", aria: `Remove part ${i + 1}` }),
  );
  const row = { f, node, id: p.id };
  node.addEventListener("change", () => check(d));
  return row;
}

function drawRows(d) {
  d.f.partsBox.replaceChildren(...d.rows.map((r) => r.node));
}

function load(d, m) {
  d.f.name.value = m.name;
  d.f.mid.value = m.id;
  d.f.form.value = m.form;
  d.f.base.value = m.base;
  d.rows = m.parts.map((p, i) => partRow(d, p, i));
  drawRows(d);
  check(d);
}

const slug = (text, i) =>
  (
    String(text)
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "") || `part${i + 1}`
  ).slice(0, 32);

// The design as the form says it.
function current(d) {
  const { f } = d;
  const part = (r, i) => {
    const p = {
      id: r.id || slug(r.f.name.value, i),
      name: r.f.name.value.trim() || `Part ${i + 1}`,
      type: r.f.type.value,
      points: Number(r.f.points.value) || 0,
      q: Number(r.f.q.value),
      c: Number(r.f.c.value) || 0,
      attacks: r.f.attacks.filter((b) => b.checked).map((b) => b.value),
    };
    if (r.f.move.value) p.move = r.f.move.value;
    return p;
  };
  return {
    id: slug(f.mid.value || f.name.value, 0),
    name: f.name.value.trim() || "Mecha",
    form: f.form.value,
    base: Number(f.base.value) || 4,
    parts: d.rows.map(part),
    special_rules: [],
  };
}

// Check and cost the design with the rules helper; show its cost, errors and warnings.
async function check(d) {
  const mine = ++d.seq;
  const m = current(d);
  d.f.json.value = JSON.stringify(m);
  try {
    const { ok, data: rep } = await post("/api/rules/srbr/mecha", JSON.stringify({ mecha: m }));
    if (mine !== d.seq) return;
    const lines = [h("p", { class: "srbr-cost", text: rep.cost != null ? `Cost: ${rep.cost} points` : "Cost: —" })];
    if (rep.valid) lines.push(h("p", { class: "ok", text: "Valid design." }));
    for (const e of rep.errors || []) lines.push(h("p", { class: "error", text: e }));
    for (const w of rep.warnings || []) lines.push(h("p", { class: "warn", text: w }));
    const sug = Object.entries(rep.suggested_points || {});
    if (sug.length)
      lines.push(
        h("p", { class: "srbr-note", text: `Suggested prices: ${sug.map(([k, v]) => `${k} ${v}`).join(", ")}` }),
      );
    if (!ok && rep.error) lines.push(h("p", { class: "error", text: rep.error.message || "Refused" }));
    d.f.out.replaceChildren(...lines);
  } catch {
    d.f.out.replaceChildren(h("p", { class: "error", text: "Could not check the design." }));
  }
}
