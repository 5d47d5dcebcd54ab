// The replay's chat: the table talk said up to the point shown (each line keeps the table's seq
// when it was said). Follows the replay page's scrubber through body[data-seq].
import { api } from "./api.js";
import { TableChat } from "./talk.js";

const config = JSON.parse(document.getElementById("table-config").textContent);
const list = document.getElementById("chat");
const chat = new TableChat(list, document.createElement("form"), document.createElement("input"), () => false);
let lines = [];

async function load() {
  try {
    lines = (await api(`/api/tables/${config.table.id}/chat`)).lines;
  } catch {
    /* try again later */
  }
  show();
}

function show() {
  const seq = Number(document.body.dataset.seq);
  chat.history(Number.isFinite(seq) ? lines.filter((m) => m.seq <= seq) : lines);
}

new MutationObserver(show).observe(document.body, { attributes: true, attributeFilter: ["data-seq"] });
setInterval(load, 10000);
load();
