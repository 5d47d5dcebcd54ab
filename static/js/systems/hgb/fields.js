// Heavy Gear Blitz!: form helpers the seat's controls share: unique ids, a labelled field, a
// select, and a number of inches on the table.
import { formHelpers, h } from "../dom.js";

export const { nextId, field, select } = formHelpers("hgb");

// A place on the table in inches (0 to 48, in tenths), for the control `key`.
export const inches = (key, value, props = {}) =>
  h("input", { type: "number", step: "0.1", min: "0", max: "48", value, class: "hgb-num", "data-key": key, ...props });
