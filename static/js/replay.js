// The replay page: the replay viewer (replay/viewer.js) with its answers from the server
// (GET /api/tables/{id}/replay?seq=N and /turns), kept by seq: stepping back and forth, or
// playing again, asks the server nothing new (the past never changes; only `last` grows).
import { api } from "./api.js";
import { startReplay } from "./replay/viewer.js";

const config = JSON.parse(document.getElementById("table-config").textContent);
const table = config.table;
const answers = new Map();
const ANSWERS_KEPT = 400;

const source = {
  address: "search",
  async fetchSeq(seq) {
    if (answers.has(seq)) return answers.get(seq);
    const r = await api(`/api/tables/${table.id}/replay?seq=${seq}`);
    if (r.seq === seq) {
      answers.set(seq, r);
      if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value);
    }
    return r;
  },
  turns: (upto) => api(`/api/tables/${table.id}/turns?upto=${upto}`),
  async refreshLast() {
    try {
      return (await api(`/api/tables/${table.id}`)).seq;
    } catch {
      return null; /* offline: try again later */
    }
  },
};

export const replay = startReplay(config, source);

// An ended game's report names its turning points: each is marked on the scrubber, a button
// that jumps there (a game in progress has no report: 409, and nothing is marked).
if (table.status !== "open") {
  api(`/api/tables/${table.id}/report`)
    .then((report) => {
      const points = (report.turning_points || []).map((p) => ({ seq: p.seq, label: `Turning point: ${p.text}` }));
      if (points.length) replay.markSeqs(points);
    })
    .catch(() => {
      /* no report (the game is open, or the server is away): no marks */
    });
}
