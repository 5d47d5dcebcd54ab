// The host's ruling on a disputed manual record, shared by the panels of systems with records
// (GKR, Samurai Robots). Shown only in the browser that holds the table's host token
// (localStorage `warboard:host:<id>`, see api.js); sends `resolve_dispute` to POST /ruling.
import { api, newId } from "../api.js";
import { button, h } from "./dom.js";

export function hostToken(ctx) {
  const id = ctx?.table?.id;
  if (!id) return null;
  try {
    return localStorage.getItem(`warboard:host:${id}`);
  } catch {
    return null;
  }
}

// The host's buttons for record `index`: an optional note, Uphold and Overturn.
// `overturnText` says what overturning does at this table; `withNote` for systems whose
// ruling takes a note.
export function rulingBox(ctx, index, { prefix = "wb", overturnText = "", withNote = false } = {}) {
  const token = hostToken(ctx);
  if (!token) return null;
  const note = withNote
    ? h("input", {
        type: "text",
        maxLength: 200,
        placeholder: "note (optional)",
        "aria-label": `Note for the ruling on record ${index}`,
        "data-key": `ruling-note-${index}`,
      })
    : null;
  const rule = (uphold) => async () => {
    for (const b of box.querySelectorAll("button")) b.disabled = true;
    const action = { kind: "resolve_dispute", uphold };
    if (note?.value.trim()) action.note = note.value.trim();
    try {
      await api(`/api/tables/${ctx.table.id}/ruling`, { method: "POST", token, body: { id: newId("r"), action } });
    } catch (err) {
      ctx.message?.(`Ruling refused: ${err.message}`);
      for (const b of box.querySelectorAll("button")) b.disabled = false;
    }
  };
  // Uphold and Overturn sit well apart with full-size (44 px) targets: a slip must not overturn.
  const box = h(
    "div",
    { class: `${prefix}-ruling ruling`, role: "group", "aria-label": `Host ruling on record ${index}` },
    h("p", {
      class: "small",
      text: `You are the host: rule on record ${index}.${overturnText ? ` ${overturnText}` : ""}`,
    }),
    note,
    h(
      "div",
      { class: "ruling-buttons" },
      button("Uphold", rule(true), { key: `uphold-${index}`, cls: "ruling-uphold", aria: `Uphold record ${index}` }),
      button("Overturn", rule(false), {
        key: `overturn-${index}`,
        cls: "danger ruling-overturn",
        aria: `Overturn record ${index}`,
      }),
    ),
  );
  return box;
}
