// alerts.js: what an update means for the seat (its turn began, someone else acted), and what the
// alerts do then: the sound, the buzz, the tab's icon, the notification while the tab is hidden,
// and the Sounds switch remembered per browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { TurnAlerts, alertFor } from "../../static/js/alerts.js";

const moved = { kind: "moved", seat: "south" };

test("the seat's turn beginning wins over another's move; the seat's own and seat events say nothing", () => {
  assert.equal(alertFor(false, true, [moved], "north"), "turn");
  assert.equal(alertFor(false, false, [moved], "north"), "other");
  assert.equal(alertFor(true, true, [moved], "north"), "other");
  assert.equal(alertFor(false, false, [{ kind: "moved", seat: "north" }], "north"), null);
  assert.equal(alertFor(false, false, [{ kind: "seat_joined", seat: "south" }], "north"), null);
  assert.equal(alertFor(false, false, [moved], undefined), "other"); // a spectator hears the moves
});

function fakeWindow({ hidden = false, permission = "granted", stored = null } = {}) {
  const storage = new Map(stored ? [["warboard.sounds", stored]] : []);
  const win = {
    notes: [],
    buzzes: [],
    focused: 0,
    document: { hidden },
    navigator: { vibrate: (p) => win.buzzes.push(p) },
    localStorage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => storage.set(k, v) },
    focus: () => {
      win.focused += 1;
    },
    storage,
  };
  win.Notification = class {
    static permission = permission;
    static requestPermission = async () => {
      win.Notification.permission = "granted";
      return "granted";
    };
    constructor(title, options) {
      win.notes.push({ title, ...options });
      this.close = () => {};
    }
  };
  return win;
}

function fakeAudio() {
  return {
    plays: 0,
    currentTime: 3,
    play() {
      this.plays += 1;
      return Promise.resolve();
    },
  };
}

function fakeIcon() {
  const attrs = { href: "/static/img/icon.svg" };
  return { getAttribute: (k) => attrs[k], setAttribute: (k, v) => (attrs[k] = v), attrs };
}

function fakeBox(checked = true) {
  const box = { checked, listeners: [] };
  box.addEventListener = (_, fn) => box.listeners.push(fn);
  box.flip = (to) => {
    box.checked = to;
    for (const fn of box.listeners) fn();
  };
  return box;
}

function parts(extra = {}) {
  return {
    tableName: "Friday game",
    turnSound: fakeAudio(),
    moveSound: fakeAudio(),
    icon: fakeIcon(),
    turnIcon: "/static/img/turn.svg",
    soundsBox: fakeBox(),
    notifyButton: null,
    notifyState: null,
    ...extra,
  };
}

test("the turn: a sound from the start, a buzz, the marked icon, a notification only while hidden", () => {
  const win = fakeWindow({ hidden: true });
  const p = parts();
  const alerts = new TurnAlerts(p, win);
  alerts.yourTurn("Spin the spinner");
  assert.equal(p.turnSound.plays, 1);
  assert.equal(p.turnSound.currentTime, 0);
  assert.equal(win.buzzes.length, 1);
  assert.equal(p.icon.attrs.href, "/static/img/turn.svg");
  assert.deepEqual(
    win.notes.map((n) => [n.title, n.body]),
    [["Your turn at Friday game", "Spin the spinner"]],
  );
  alerts.mark(false);
  assert.equal(p.icon.attrs.href, "/static/img/icon.svg");

  const shown = fakeWindow({ hidden: false });
  new TurnAlerts(parts(), shown).yourTurn("Spin");
  assert.equal(shown.notes.length, 0, "a visible tab is told by its sound and icon");
  const refused = fakeWindow({ hidden: true, permission: "denied" });
  new TurnAlerts(parts(), refused).yourTurn("Spin");
  assert.equal(refused.notes.length, 0);
});

test("another's move: the softer sound; the Sounds switch silences both and the buzz, remembered", () => {
  const win = fakeWindow();
  const p = parts();
  const alerts = new TurnAlerts(p, win);
  alerts.othersActed();
  assert.equal(p.moveSound.plays, 1);
  p.soundsBox.flip(false);
  assert.equal(win.storage.get("warboard.sounds"), "off");
  alerts.othersActed();
  alerts.yourTurn("Move");
  assert.equal(p.moveSound.plays, 1);
  assert.equal(p.turnSound.plays, 0);
  assert.equal(win.buzzes.length, 0);
  assert.equal(p.icon.attrs.href, "/static/img/turn.svg", "the icon still marks the turn");

  const again = parts();
  new TurnAlerts(again, fakeWindow({ stored: "off" }));
  assert.equal(again.soundsBox.checked, false, "a new page of the same browser starts muted");
});

test("the notification's permission is asked on a click only, and the button goes once answered", async () => {
  const win = fakeWindow({ permission: "default" });
  const button = { hidden: true, addEventListener: (_, fn) => (button.click = fn) };
  const state = { textContent: "" };
  const alerts = new TurnAlerts(parts({ notifyButton: button, notifyState: state }), win);
  assert.equal(button.hidden, false);
  await alerts.askPermission();
  assert.equal(button.hidden, true);
  assert.match(state.textContent, /notification tells you/);
});
