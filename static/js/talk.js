// Table talk: the chat as the server keeps it (history on every welcome, then live lines).
// Players and the host write in the players' channel, spectators in their own; the server
// decides who reads what (app/chat.py), this only shows it.
import { seatLabel } from "./words.js";
import { LineList } from "./log.js";

export class TableChat extends LineList {
  constructor(list, form, input, send) {
    super(list);
    this.input = input;
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (text && send(text)) input.value = "";
    });
  }

  // A fresh history replaces what is shown (after a reload, a reconnect or a settings change).
  history(lines) {
    this.clear();
    for (const m of lines) this.addMessage(m);
  }

  addMessage(m) {
    const aside = m.channel === "spectators";
    const who = m.seat ? `${m.from} (${seatLabel(m.seat)})` : `${m.from}${aside ? " (watching)" : ""}`;
    const li = this.add(Number.isFinite(m.id) ? m.id : null, "", `chat-line${aside ? " chat-spectators" : ""}`);
    if (!li) return;
    const name = document.createElement("strong");
    name.textContent = `${who}: `;
    const body = document.createElement("span");
    body.textContent = m.text;
    li.replaceChildren(name, body);
    if (aside) li.title = "Spectators' chat";
  }

  // Spectators write aside; say so in the input.
  setRole(role) {
    this.input.placeholder = role === "player" ? "Say something to the table" : "Say something to the other spectators";
  }
}
