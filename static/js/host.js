// Host controls, shown to the browser that created the table: close it, remove or reopen
// players (asking first, never on the host's own seat), re-issue a seat's rejoin link, and
// the table's settings (spectators' chat for the players, spectator delay).
import { api } from "./api.js";
import { qrImage } from "./seating.js";
import { seatLabel } from "./words.js";

export function mountHost(container, table, token, names, onMessage, mySeat = () => null) {
  container.hidden = false;
  const settings = { spectator_chat: false, delay_actions: 0, delay_seconds: 0, takeback: "ask" };
  const render = () => {
    const list = container.querySelector("ul");
    list.replaceChildren();
    for (const s of table.seats) {
      const li = document.createElement("li");
      const label = document.createElement("span");
      const closed = s.state === "closed";
      const own = s.seat === mySeat();
      const computer = names.get(s.seat) === "Computer";
      label.textContent = `${seatLabel(s.seat)}: ${closed ? "closed" : names.get(s.seat) || "free"}${own ? " (you)" : ""}${computer ? " (computer player)" : ""}`;
      li.appendChild(label);
      if (closed) li.appendChild(button("Reopen", `Reopen the seat of ${seatLabel(s.seat)}`, () => run("reopen", s)));
      if (!closed && !names.has(s.seat))
        li.appendChild(
          button("Add computer player", `Add a computer player at ${seatLabel(s.seat)}`, () => bot(s, true)),
        );
      if (computer)
        li.appendChild(
          button("Remove computer", `Remove the computer player at ${seatLabel(s.seat)}`, () => bot(s, false)),
        );
      if (!closed && names.has(s.seat) && !computer) {
        li.appendChild(
          button("New rejoin link", `New rejoin link for the seat of ${seatLabel(s.seat)}`, () => reissue(s, li)),
        );
        if (!own) {
          li.appendChild(
            button("Remove player", `Remove the player at ${seatLabel(s.seat)}`, () => {
              if (
                confirm(
                  `Remove ${names.get(s.seat)} from the seat of ${seatLabel(s.seat)}? Their seat closes until you reopen it.`,
                )
              )
                run("kick", s);
            }),
          );
        }
      }
      list.appendChild(li);
    }
  };
  const button = (text, aria, onClick) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "small secondary";
    b.textContent = text;
    b.setAttribute("aria-label", aria);
    b.addEventListener("click", onClick);
    return b;
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
  const bot = async (seat, add) => {
    // a computer player runs on the server with its own seat token
    try {
      if (add) await api(`/api/tables/${table.id}/bots`, { method: "POST", token, body: { seat: seat.seat } });
      else await api(`/api/tables/${table.id}/bots/${encodeURIComponent(seat.seat)}`, { method: "DELETE", token });
      if (add) {
        names.set(seat.seat, "Computer");
        seat.state = "taken";
      } else {
        names.delete(seat.seat);
        seat.state = "open";
      }
      render();
    } catch (err) {
      onMessage(err.message);
    }
  };
  const reissue = async (seat, li) => {
    try {
      const r = await api(`/api/tables/${table.id}/rejoin-link`, { method: "POST", token, body: { seat: seat.seat } });
      const url = `${location.origin}${r.path}`;
      const box = document.createElement("div");
      box.className = "reissued";
      const input = document.createElement("input");
      input.readOnly = true;
      input.value = url;
      input.setAttribute("aria-label", `New rejoin link for the seat of ${seatLabel(seat.seat)}`);
      const note = document.createElement("p");
      note.className = "small muted";
      note.textContent = "The old link no longer works. Send this one to the player.";
      box.append(input, note);
      li.querySelector(".reissued")?.remove();
      li.appendChild(box);
      try {
        box.appendChild(await qrImage(url, `QR code of the new rejoin link for the seat of ${seatLabel(seat.seat)}`));
      } catch {
        /* link only */
      }
    } catch (err) {
      onMessage(err.message);
    }
  };

  // --- settings --------------------------------------------------------------------------
  const form = document.createElement("form");
  form.className = "host-settings";
  form.innerHTML = `
    <label><input type="checkbox" name="spectator_chat"> Players read the spectators' chat</label>
    <label>Spectator delay: <input type="number" name="delay_actions" min="0" max="100" step="1" inputmode="numeric"> actions</label>
    <label>or <input type="number" name="delay_seconds" min="0" max="3600" step="1" inputmode="numeric"> seconds</label>
    <label>Takebacks: <select name="takeback"><option value="off">off</option><option value="ask">asked of the other players</option><option value="free">free (learning games)</option></select></label>`;
  const fill = () => {
    form.elements.spectator_chat.checked = !!settings.spectator_chat;
    form.elements.delay_actions.value = String(settings.delay_actions || 0);
    form.elements.delay_seconds.value = String(settings.delay_seconds || 0);
    form.elements.takeback.value = settings.takeback || "ask";
  };
  form.addEventListener("change", async () => {
    const body = {
      spectator_chat: form.elements.spectator_chat.checked,
      delay_actions: Number(form.elements.delay_actions.value) || 0,
      delay_seconds: Number(form.elements.delay_seconds.value) || 0,
      takeback: form.elements.takeback.value,
    };
    try {
      Object.assign(settings, await api(`/api/tables/${table.id}/settings`, { method: "POST", token, body }));
    } catch (err) {
      onMessage(err.message);
    }
    fill();
  });
  form.addEventListener("submit", (e) => e.preventDefault());

  const title = document.createElement("h2");
  title.textContent = "Host";
  const ul = document.createElement("ul");
  ul.className = "host-seats";
  const close = document.createElement("button");
  close.type = "button";
  close.className = "small danger";
  close.textContent = "Close the table";
  close.addEventListener("click", () => {
    if (confirm("Close this table for everyone?")) run("close", null);
  });
  container.replaceChildren(title, ul, form, close);
  render();
  api(`/api/tables/${table.id}/settings`)
    .then((s) => {
      Object.assign(settings, s);
      fill();
    })
    .catch(() => {});
  return {
    render,
    settings: (s) => {
      Object.assign(settings, s);
      fill();
    },
  };
}
