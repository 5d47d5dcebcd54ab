// The host's clock (docs/clock.md), in the host panel: the clock chosen, in words; before the
// game starts, a form to set or change it (POST .../clock; hidden once the view says a game action
// was made, `_table.started`, when the server would refuse it, `clock_locked`); while it runs, Pause and Resume
// (the host's pause is at once, and only the host resumes it).
import { api, newId } from "./api.js";
import { settingsText, timeoutText } from "./clock-words.js";

const RULE_WORDS = {
  computer: "The computer plays their turn",
  skip: "Their turn is ended",
  lose: "They lose the game",
};

export function mountHostClock(container, table, token, onMessage) {
  const box = document.createElement("section");
  box.className = "host-clock";
  box.setAttribute("aria-labelledby", "host-clock-title");
  box.innerHTML = `
    <h3 id="host-clock-title">Clock</h3>
    <p class="host-clock-now small"></p>
    <form class="host-clock-form" hidden>
      <label>Clock <select name="mode">
        <option value="none">None</option><option value="live">Live (a clock per seat)</option>
        <option value="correspondence">By post (days a move)</option></select></label>
      <label data-mode="live">Minutes a seat <input type="number" name="minutes" min="1" max="360" step="1" inputmode="numeric" value="10"></label>
      <label data-mode="live">Seconds added a turn <input type="number" name="increment" min="0" max="600" step="1" inputmode="numeric" value="5"></label>
      <label data-mode="correspondence">Days a move <input type="number" name="days" min="1" max="30" step="1" inputmode="numeric" value="3"></label>
      <label data-mode="live correspondence">Out of time <select name="timeout"></select></label>
      <button type="submit" class="small">Set the clock</button>
    </form>
    <p class="host-clock-buttons"></p>
    <p class="host-clock-why small" role="status" aria-live="polite"></p>`;
  container.appendChild(box);
  const form = box.querySelector("form");
  const now = box.querySelector(".host-clock-now");
  const buttons = box.querySelector(".host-clock-buttons");
  const why = box.querySelector(".host-clock-why");
  let shown = ""; // what the buttons were drawn for
  let locked = false;
  let gameOn = false; // a game action made (`_table.started`)

  const fit = () => {
    const mode = form.elements.mode.value;
    for (const el of form.querySelectorAll("[data-mode]")) {
      el.hidden = !el.dataset.mode.split(" ").includes(mode);
    }
  };
  let edited = false; // the host changed the form: the GET's answer, if later, does not undo it
  form.addEventListener("change", () => {
    edited = true;
    fit();
  });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = form.elements;
    const body = { mode: f.mode.value };
    if (body.mode !== "none") body.timeout = f.timeout.value;
    if (body.mode === "live") Object.assign(body, { initial: whole(f.minutes) * 60, increment: whole(f.increment) });
    if (body.mode === "correspondence") body.days = whole(f.days);
    try {
      const got = await api(`/api/tables/${table.id}/clock`, { method: "POST", token, body });
      why.textContent = got.clock ? `Clock set: ${settingsText(got.clock)}.` : "No clock.";
    } catch (err) {
      why.textContent = err.code === "clock_locked" ? `${err.message}: the game has started.` : err.message;
      if (err.code === "clock_locked") {
        locked = true;
        form.hidden = true;
      }
    }
  });

  const act = async (kind) => {
    try {
      await api(`/api/tables/${table.id}/actions`, {
        method: "POST",
        token,
        body: { id: newId("c"), action: { kind } },
      });
      why.textContent = "";
    } catch (err) {
      why.textContent = err.message;
      onMessage(err.message);
    }
  };

  // The table's `_table` (status, clock) from each view.
  const update = (t) => {
    const clock = t?.clock || null;
    const open = (t?.status || "open") === "open";
    const started = !!clock && clock.since != null;
    // The form only while the server would take it: before any game action (`_table.started`,
    // what it checks for `clock_locked`), on an open table.
    // (it never goes back: the GET .../clock answer, which does not say it, may come after a view)
    if (t?.started || started) gameOn = true;
    if (clock) now.textContent = `${sentence(settingsText(clock))}. ${sentence(timeoutText(clock.timeout))}.`;
    else now.textContent = gameOn ? "No clock: the game started without one." : "No clock.";
    form.hidden = locked || gameOn || !open;
    if (gameOn && !locked) why.textContent = "";
    const key = `${open}:${started}:${clock?.paused?.by || ""}`;
    if (key === shown) return;
    shown = key;
    buttons.replaceChildren();
    if (!open || !started) return;
    const paused = !!clock.paused;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "small";
    b.textContent = paused ? "Resume the clocks" : "Pause the clocks";
    b.addEventListener("click", () => act(paused ? "clock.resume" : "clock.pause"));
    buttons.appendChild(b);
    if (paused) buttons.append(` Paused${clock.paused.by === "host" ? " by you" : " by agreement"}.`);
  };

  // The rules this table offers (GET .../clock), and the form filled with the clock it has.
  api(`/api/tables/${table.id}/clock`)
    .then((got) => {
      const select = form.elements.timeout;
      select.replaceChildren(
        ...got.rules.map((r) => {
          const o = document.createElement("option");
          o.value = r;
          o.textContent = RULE_WORDS[r] || r;
          return o;
        }),
      );
      const c = got.clock;
      if (c && !edited) {
        form.elements.mode.value = c.mode;
        if (c.mode === "live") {
          form.elements.minutes.value = String(Math.max(1, Math.round(c.initial / 60)));
          form.elements.increment.value = String(c.increment);
        } else form.elements.days.value = String(c.days); // the live fields keep their defaults
      }
      // (the select had no choices before this answer, so nobody chose one yet)
      select.value = c ? c.timeout : got.rules.includes("computer") ? "computer" : got.rules[0];
      fit();
      update({ status: table.status, clock: c });
    })
    .catch(() => {});
  fit();
  return { update };
}

const whole = (input) => Math.trunc(Number(input.value)) || 0;
const sentence = (s) => (s ? s[0].toUpperCase() + s.slice(1) : "");
