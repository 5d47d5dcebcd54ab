// Host controls, shown to the browser that created the table: close it, free or reopen seats.
import { api } from "./api.js";

export function mountHost(container, table, token, names, onMessage) {
  container.hidden = false;
  const render = () => {
    const list = container.querySelector("ul");
    list.replaceChildren();
    for (const s of table.seats) {
      const li = document.createElement("li");
      const label = document.createElement("span");
      const closed = s.state === "closed";
      label.textContent = `${s.seat}: ${closed ? "closed" : names.get(s.seat) || "free"}`;
      li.appendChild(label);
      if (closed || names.has(s.seat)) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "small secondary";
        b.textContent = closed ? "Reopen" : "Remove player";
        b.setAttribute("aria-label", closed ? `Reopen seat ${s.seat}` : `Remove the player at ${s.seat}`);
        b.addEventListener("click", () => run(closed ? "reopen" : "kick", s));
        li.appendChild(b);
      }
      list.appendChild(li);
    }
  };
  const run = async (what, seat) => {
    try {
      await api(`/api/tables/${table.id}/${what}`, { method: "POST", token, body: seat ? { seat: seat.seat } : {} });
      if (seat) {
        seat.state = what === "kick" ? "closed" : "open";
        if (what === "kick") names.delete(seat.seat);
      }
      render();
    } catch (err) {
      onMessage(err.message);
    }
  };
  const h = document.createElement("h2");
  h.textContent = "Host";
  const ul = document.createElement("ul");
  ul.className = "host-seats";
  const close = document.createElement("button");
  close.type = "button";
  close.className = "small danger";
  close.textContent = "Close the table";
  close.addEventListener("click", () => { if (confirm("Close this table for everyone?")) run("close", null); });
  container.replaceChildren(h, ul, close);
  render();
  return { render };
}
