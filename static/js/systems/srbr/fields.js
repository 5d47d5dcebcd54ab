// Samurai Robots Battle Royale: form helpers the seat's controls share: unique ids, a labelled
// field, a select.
import { formHelpers } from "../dom.js";

export const { nextId, field, select } = formHelpers("srbr");
