// The host's ruling on a disputed manual record, shared by the panels of systems with records
// (GKR, Samurai Robots). Shown only in the browser that holds the table's host token (the
// page gives such a panel `ctx.ruling`, which sends `resolve_dispute` to POST /ruling).
import { button, h } from "./dom.js";

// The host's buttons for record `index` (the wire's index, from 0; players read it from 1): an
// optional note, Uphold and Overturn.
// `overturnText` says what overturning does at this table; `withNote` for systems whose
// ruling takes a note.
export function rulingBox(ctx, index, { prefix = "wb", overturnText = "", withNote = false } = {}) {
  if (!ctx.ruling) return null;
  const note = withNote
    ? h("input", {
        type: "text",
        maxLength: 200,
        placeholder: "note (optional)",
        "aria-label": `Note for the ruling on record ${index + 1}`,
        "data-key": `ruling-note-${index}`,
      })
    : null;
  const rule = (uphold) => async () => {
    for (const b of box.querySelectorAll("button")) b.disabled = true;
    try {
      await ctx.ruling(uphold, note?.value.trim() || undefined);
    } catch (err) {
      ctx.message?.(`Ruling refused: ${err.message}`);
      for (const b of box.querySelectorAll("button")) b.disabled = false;
    }
  };
  // Uphold and Overturn sit well apart with full-size (44 px) targets: a slip must not overturn.
  const box = h(
    "div",
    { class: `${prefix}-ruling ruling`, role: "group", "aria-label": `Host ruling on record ${index + 1}` },
    h("p", {
      class: "small",
      text: `You are the host: rule on record ${index + 1}.${overturnText ? ` ${overturnText}` : ""}`,
    }),
    note,
    h(
      "div",
      { class: "ruling-buttons" },
      button("Uphold", rule(true), {
        key: `uphold-${index}`,
        cls: "ruling-uphold",
        aria: `Uphold record ${index + 1}`,
      }),
      button("Overturn", rule(false), {
        key: `overturn-${index}`,
        cls: "danger ruling-overturn",
        aria: `Overturn record ${index + 1}`,
      }),
    ),
  );
  return box;
}
