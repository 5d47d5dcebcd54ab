// Samurai Robots Battle Royale: the mecha builder (a design checked and costed by the rules
// helper, copied for the table option "mechas").
import { button, h } from "../dom.js";
import { STICKS, nice } from "./view.js";
import { field, select } from "./fields.js";

export function makeBuilder(P) {
  const { st, me, builderBox } = P;
  const { unit, stickName } = P;

  // --- mecha builder -------------------------------------------------------------------------------
  async function renderBuilder() {
    if (st.builderDone || !me) return; // players design mechas; a read-only panel shows none
    st.builderDone = true;
    builderBox.append(h("summary", { text: "Mecha builder" }));
    const body = h("div", { class: "srbr-builder-body" });
    builderBox.append(body);
    let cat;
    try {
      const r = await fetch("/api/rules/srbr/catalogue", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      cat = await r.json();
    } catch {
      body.append(h("p", { class: "error", text: "The mecha catalogue could not be loaded." }));
      return;
    }
    body.append(
      h("p", {
        class: "srbr-note",
        text: 'Design a mecha from body parts; its cost is the sum of its parts and special rules. A table\'s forces are chosen when it is created: give the design to the host as table option "mechas" (the JSON below) and its id in "forces". Prices are Warboard defaults, not from the rulebook.',
      }),
    );
    const design = { id: "my-mecha", name: "My mecha", form: "biped", base: 4, parts: [], special_rules: [] };
    const sample = select(
      [["", "Start from a sample…"], ...cat.samples.map((m) => [m.id, `${m.name} (${m.cost} pts)`])],
      "",
      { "data-key": "builder-sample" },
    );
    const name = h("input", { type: "text", maxLength: 60, value: design.name, "data-key": "builder-name" });
    const mid = h("input", {
      type: "text",
      maxLength: 32,
      value: design.id,
      "data-key": "builder-id",
      pattern: "[a-z0-9_-]+",
    });
    const form = select(
      cat.forms.map((f) => [f, nice(f)]),
      design.form,
      { "data-key": "builder-form" },
    );
    const base = h("input", {
      type: "number",
      min: "1",
      max: "20",
      step: "0.5",
      value: design.base,
      "data-key": "builder-base",
      class: "srbr-num",
    });
    const partsBox = h("div", { class: "srbr-builder-parts" });
    const out = h("div", { class: "srbr-builder-out", "aria-live": "polite" });
    const json = h("textarea", { readOnly: true, rows: 4, "data-key": "builder-json", class: "srbr-json" });
    const attackNames = Object.keys(cat.attack_types || {});
    let rows = [];

    function partRow(p, i) {
      const tiny = (text, input) => h("label", { class: "srbr-mini" }, h("span", { text }), input);
      const f = {
        name: h("input", { type: "text", maxLength: 40, value: p.name || "", "aria-label": `Part ${i + 1} name` }),
        type: select(
          cat.part_types.map((t) => [t, t]),
          p.type || "other",
          { "aria-label": `Part ${i + 1} type` },
        ),
        points: h("input", {
          type: "number",
          min: "0",
          max: "999",
          value: p.points ?? 10,
          class: "srbr-num",
          "aria-label": `Part ${i + 1} points`,
        }),
        q: select(
          [2, 3, 4, 5, 6].map((n) => [n, `${n}+`]),
          p.q ?? 4,
          { "aria-label": `Part ${i + 1} Quality` },
        ),
        c: h("input", {
          type: "number",
          min: "0",
          max: "6",
          value: p.c ?? 1,
          class: "srbr-num",
          "aria-label": `Part ${i + 1} combat score C`,
        }),
        move: select([["", "none"], ...STICKS.map((s) => [s, stickName(s)])], p.move || "", {
          "aria-label": `Part ${i + 1} move stick`,
        }),
        attacks: attackNames.map((a) =>
          h("input", {
            type: "checkbox",
            value: a,
            checked: (p.attacks || []).includes(a),
            "aria-label": `Part ${i + 1} attack ${nice(a)}`,
          }),
        ),
      };
      const remove = button(
        "Remove",
        () => {
          rows = rows.filter((r) => r !== row);
          draw();
          check();
        },
        { cls: "secondary small", aria: `Remove part ${i + 1}` },
      );
      const attacks = h(
        "div",
        { class: "srbr-mini-attacks", role: "group", "aria-label": `Part ${i + 1} attacks` },
        ...f.attacks.map((box) =>
          h("label", { class: "srbr-check" }, box, h("span", { text: nice(box.value), "aria-hidden": "true" })),
        ),
      );
      const row = {
        f,
        node: h(
          "fieldset",
          { class: "srbr-builder-part" },
          h("legend", { text: `Part ${i + 1}` }),
          tiny("Name", f.name),
          tiny("Type", f.type),
          tiny("Points", f.points),
          tiny("Quality", f.q),
          tiny("C", f.c),
          tiny("Move", f.move),
          attacks,
          remove,
        ),
        id: p.id,
      };
      row.node.addEventListener("change", check);
      return row;
    }
    function draw() {
      partsBox.replaceChildren(...rows.map((r) => r.node));
    }
    function load(m) {
      name.value = m.name;
      mid.value = m.id;
      form.value = m.form;
      base.value = m.base;
      rows = m.parts.map((p, i) => partRow(p, i));
      draw();
      check();
    }
    function current() {
      const slug = (s, i) =>
        (
          String(s)
            .toLowerCase()
            .replace(/[^a-z0-9_-]+/g, "-")
            .replace(/^-+|-+$/g, "") || `part${i + 1}`
        ).slice(0, 32);
      return {
        id: slug(mid.value || name.value, 0),
        name: name.value.trim() || "Mecha",
        form: form.value,
        base: Number(base.value) || 4,
        parts: rows.map((r, i) => {
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
        }),
        special_rules: [],
      };
    }
    let seq = 0;
    async function check() {
      const mine = ++seq;
      const m = current();
      json.value = JSON.stringify(m);
      try {
        const r = await fetch("/api/rules/srbr/mecha", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ mecha: m }),
        });
        const rep = await r.json();
        if (mine !== seq) return;
        const lines = [h("p", { class: "srbr-cost", text: rep.cost != null ? `Cost: ${rep.cost} points` : "Cost: —" })];
        if (rep.valid) lines.push(h("p", { class: "ok", text: "Valid design." }));
        for (const e of rep.errors || []) lines.push(h("p", { class: "error", text: e }));
        for (const w of rep.warnings || []) lines.push(h("p", { class: "warn", text: w }));
        const sug = Object.entries(rep.suggested_points || {});
        if (sug.length)
          lines.push(
            h("p", { class: "srbr-note", text: `Suggested prices: ${sug.map(([k, v]) => `${k} ${v}`).join(", ")}` }),
          );
        if (!r.ok && rep.error) lines.push(h("p", { class: "error", text: rep.error.message || "Refused" }));
        out.replaceChildren(...lines);
      } catch {
        out.replaceChildren(h("p", { class: "error", text: "Could not check the design." }));
      }
    }
    sample.addEventListener("change", () => {
      const m = cat.samples.find((s) => s.id === sample.value);
      if (m) load(m);
    });
    for (const input of [name, mid, form, base]) input.addEventListener("change", check);
    body.append(
      field("Sample", sample),
      field("Name", name),
      field("Id", mid),
      field("Form (sets the measuring point)", form),
      field(`Base diameter (${unit()})`, base),
      h("h4", { text: "Body parts" }),
      partsBox,
      h(
        "div",
        { class: "srbr-buttons" },
        button(
          "Add a part",
          () => {
            rows.push(partRow({ name: `Part ${rows.length + 1}`, q: 4, c: 1, points: 10 }, rows.length));
            draw();
            check();
          },
          { key: "builder-add" },
        ),
        button("Check and cost", check, { key: "builder-check", cls: "secondary small" }),
      ),
      out,
      field('Design for the table option "mechas"', json),
      button(
        "Copy the design",
        async (e) => {
          try {
            await navigator.clipboard.writeText(json.value);
            e.target.textContent = "Copied";
          } catch {
            json.select();
          }
        },
        { key: "builder-copy", cls: "secondary small" },
      ),
    );
    load(cat.samples[0] || design);
  }

  return { renderBuilder };
}
