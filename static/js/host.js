// Host controls, shown to the browser that created the table: close it, remove or reopen
// players (asking first, never on the host's own seat), re-issue a seat's rejoin link, and
// the table's settings (spectators' chat for the players, spectator delay, takebacks and, for a
// game with a guide, the hints), and its clock (host-clock.js).
import { api } from "./api.js";
import { mountHostClock } from "./host-clock.js";
import { qrImage } from "./seating.js";
import { seatLabel } from "./words.js";

export function mountHost(container, table, token, names, onMessage, mySeat = () => null, { guide = false } = {}) {
  container.hidden = false;
  const settings = { spectator_chat: false, delay_actions: 0, delay_seconds: 0, takeback: "ask", guided: false };
  let shown = null; // what the list shows now: redrawn only when it changes, so a click is never lost
  const render = () => {
    const list = container.querySelector("ul");
    const now = JSON.stringify(
      table.seats.map((s) => [s.seat, s.state, names.get(s.seat) || null, s.seat === mySeat(), levels.get(s.seat)]),
    );
    if (now === shown && list.childElementCount) return;
    shown = now;
    list.replaceChildren();
    for (const s of table.seats) {
      const li = document.createElement("li");
      const label = document.createElement("span");
      const closed = s.state === "closed";
      const own = s.seat === mySeat();
      const computer = names.get(s.seat) === "Computer";
      const level = levels.get(s.seat) === "strong" ? ", strong" : "";
      label.textContent = `${seatLabel(s.seat)}: ${closed ? "closed" : names.get(s.seat) || "free"}${own ? " (you)" : ""}${computer ? ` (computer player${level})` : ""}`;
      li.appendChild(label);
      if (closed) li.appendChild(button("Reopen", `Reopen the seat of ${seatLabel(s.seat)}`, () => run("reopen", s)));
      if (!closed && !names.has(s.seat))
        li.append(
          button("Add computer (easy)", `Add a computer player at ${seatLabel(s.seat)}`, () => bot(s, true)),
          button("Add computer (strong)", `Add a strong computer player at ${seatLabel(s.seat)}`, () =>
            bot(s, true, "strong"),
          ),
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
  const levels = new Map(); // seat -> the level of the computer player this page added there
  const bot = async (seat, add, level = "easy") => {
    // a computer player runs on the server with its own seat token
    try {
      if (add) await api(`/api/tables/${table.id}/bots`, { method: "POST", token, body: { seat: seat.seat, level } });
      else await api(`/api/tables/${table.id}/bots/${encodeURIComponent(seat.seat)}`, { method: "DELETE", token });
      if (add) {
        levels.set(seat.seat, level);
        names.set(seat.seat, "Computer");
        seat.state = "taken";
      } else {
        levels.delete(seat.seat);
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
    <label>Takebacks: <select name="takeback"><option value="off">off</option><option value="ask">asked of the other players</option><option value="free">free (learning games)</option></select></label>${
      guide
        ? `
    <label><input type="checkbox" name="guided"> Hints: each player sees what to do at every step</label>`
        : ""
    }`;
  const fill = () => {
    form.elements.spectator_chat.checked = !!settings.spectator_chat;
    form.elements.delay_actions.value = String(settings.delay_actions || 0);
    form.elements.delay_seconds.value = String(settings.delay_seconds || 0);
    form.elements.takeback.value = settings.takeback || "ask";
    if (form.elements.guided) form.elements.guided.checked = !!settings.guided;
  };
  let edited = false; // the host changed a setting: the first GET's answer, if later, is older
  form.addEventListener("change", async () => {
    edited = true;
    const body = {
      spectator_chat: form.elements.spectator_chat.checked,
      delay_actions: Number(form.elements.delay_actions.value) || 0,
      delay_seconds: Number(form.elements.delay_seconds.value) || 0,
      takeback: form.elements.takeback.value,
      ...(form.elements.guided ? { guided: form.elements.guided.checked } : {}),
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
  container.replaceChildren(title, ul, form);
  const hostClock = mountHostClock(container, table, token, onMessage);
  container.appendChild(close);
  render();
  api(`/api/tables/${table.id}/settings`)
    .then((s) => {
      if (edited) return; // the host changed a setting meanwhile: its own answer holds
      Object.assign(settings, s);
      fill();
    })
    .catch(() => {});
  return {
    render,
    clock: hostClock.update,
    settings: (s) => {
      Object.assign(settings, s);
      fill();
    },
  };
}
