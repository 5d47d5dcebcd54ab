// A shared game's file (GET /api/tables/{id}/share.html), opened from disk: the replay viewer
// (replay/viewer.js) with its answers from the file itself, no server and no network. The file
// holds the spectator's view after every action (whole every few steps, else a patch from the
// step before), the spectator's events, the rounds and turns, the dice proof, which the page
// checks with the browser's own SHA-256, and the log as `warboard export` writes it.
import { applyPatch } from "../vendor/fast-json-patch-3.1.1/index.mjs";
import { startReplay } from "./replay/viewer.js";
import { proofText, verifyProof } from "./replay/proof.js";
import { saveFile } from "./replay/picture.js";

const $ = (id) => document.getElementById(id);
const data = JSON.parse($("share-data").textContent);
const table = data.table;
const steps = data.steps;
const EVENTS_SHOWN = 200;
const views = new Map(); // step index -> its view (the whole ones, and those worked out)
const KEPT = 256;

// The view after step `index`: from the nearest one known before it, its patches applied.
function viewAt(index) {
  if (views.has(index)) return views.get(index);
  let from = index;
  while (!steps[from].view && !views.has(from)) from--; // step 0 is always whole
  let view = views.get(from) ?? steps[from].view;
  for (let i = from + 1; i <= index; i++) {
    view = steps[i].view ?? applyPatch(structuredClone(view), steps[i].patch, false, true).newDocument;
    views.set(i, view);
  }
  while (views.size > KEPT) views.delete(views.keys().next().value);
  return view;
}

// The last step at or before `seq` (the board shows whole actions).
function stepAt(seq) {
  let lo = 0;
  let hi = steps.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (steps[mid].seq <= seq) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const source = {
  address: "hash",
  async fetchSeq(wanted) {
    const seq = Math.max(0, Math.min(table.seq, wanted));
    const index = stepAt(seq);
    const events = data.events.filter((e) => e.seq <= seq && e.seq > seq - EVENTS_SHOWN);
    return { seq, state_seq: steps[index].seq, last: table.seq, view: viewAt(index), events };
  },
  turns: async () => ({ seq: table.seq, turns: data.turns }),
};

startReplay({ table, panel: table.system }, source);

$("save-log").addEventListener("click", () =>
  saveFile($("warboard-log").textContent, `warboard-${table.id}.json`, "application/json"),
);
const status = $("proof-status");
verifyProof(data.proof, (done, total) => {
  status.textContent = `Checking the dice proof: ${done} of ${total} rolls\u2026`;
}).then((result) => {
  status.textContent = proofText(result);
  status.classList.add(result.ok ? "verified" : "refused");
  document.body.dataset.proof = result.ok ? "verified" : "refused";
});
