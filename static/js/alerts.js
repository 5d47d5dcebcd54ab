// Turn alerts: when the seat's turn comes (or a choice is asked of it out of turn, as HGB's Return
// Fire is), a short sound, a marked tab icon, a buzz on a phone and, while the tab is hidden and the
// player allowed it, a browser notification ("Your turn at Friday game: spin the spinner"). A softer
// sound when someone else acts. One switch (Sounds) silences both sounds and the buzz, remembered
// per browser; the notification has its own permission, asked only when the player clicks for it.
// The sounds are small files served with the page (static/sounds), so a LAN needs no network.

const SOUNDS_KEY = "warboard.sounds";
const BUZZ_MS = [120, 60, 120];

/**
 * @typedef {object} AlertParts  what the page gives the alerts
 * @property {string} tableName
 * @property {HTMLAudioElement|null} turnSound   played when the seat's turn comes
 * @property {HTMLAudioElement|null} moveSound   played, softer, when someone else acts
 * @property {HTMLLinkElement|null} icon         the tab's icon (its href swapped while it is the seat's turn)
 * @property {string} turnIcon                   the marked icon's URL
 * @property {HTMLInputElement|null} soundsBox   the Sounds switch
 * @property {HTMLButtonElement|null} notifyButton  asks the browser's permission for notifications
 * @property {HTMLElement|null} notifyState      says what the browser allows
 */

export class TurnAlerts {
  /** @param {AlertParts} parts */
  constructor(parts, win = window) {
    this.parts = parts;
    this.win = win;
    this.restIcon = parts.icon?.getAttribute("href") || "";
    this.soundsOn = readSounds(win);
    if (parts.soundsBox) {
      parts.soundsBox.checked = this.soundsOn;
      parts.soundsBox.addEventListener("change", () => {
        this.soundsOn = parts.soundsBox.checked;
        writeSounds(win, this.soundsOn);
      });
    }
    parts.notifyButton?.addEventListener("click", () => this.askPermission());
    this.showPermission();
  }

  /** The seat's turn began (or a choice is asked of it): `what` says what to do, if known. */
  yourTurn(what) {
    this.play(this.parts.turnSound);
    if (this.soundsOn) this.win.navigator.vibrate?.(BUZZ_MS);
    this.mark(true);
    const N = this.win.Notification;
    if (this.win.document.hidden && N && N.permission === "granted") {
      try {
        const note = new N(`Your turn at ${this.parts.tableName}`, {
          body: what || "It is your move.",
          tag: "warboard-turn",
          icon: this.parts.turnIcon,
        });
        note.onclick = () => {
          this.win.focus();
          note.close();
        };
      } catch {
        // a browser that allows notifications only from a service worker (Chrome on Android):
        // the sound, the buzz and the marked icon still tell
      }
    }
  }

  /** The tab's icon marked while it is the seat's turn, at rest otherwise. */
  mark(mine) {
    this.parts.icon?.setAttribute("href", mine ? this.parts.turnIcon : this.restIcon);
  }

  /** Someone else acted. */
  othersActed() {
    this.play(this.parts.moveSound);
  }

  play(audio) {
    if (!this.soundsOn || !audio) return;
    audio.currentTime = 0;
    // a page nobody has clicked yet may not play sound (the browser's autoplay rule): silent then
    audio.play()?.catch?.(() => {});
  }

  async askPermission() {
    const N = this.win.Notification;
    if (N?.permission === "default") await N.requestPermission();
    this.showPermission();
  }

  showPermission() {
    const { notifyButton, notifyState } = this.parts;
    const permission = this.win.Notification?.permission || "unsupported";
    if (notifyButton) notifyButton.hidden = permission !== "default";
    if (notifyState) notifyState.textContent = PERMISSION_WORDS[permission] || "";
  }
}

const PERMISSION_WORDS = {
  default: "",
  granted: "A notification tells you when it is your turn while this tab is hidden.",
  denied: "This browser blocks notifications from Warboard (its site settings can allow them).",
  unsupported: "",
};

function readSounds(win) {
  try {
    return win.localStorage.getItem(SOUNDS_KEY) !== "off";
  } catch {
    return true;
  }
}

function writeSounds(win, on) {
  try {
    win.localStorage.setItem(SOUNDS_KEY, on ? "on" : "off");
  } catch {
    // private mode without storage: the switch holds for this page only
  }
}

/**
 * What an update means for the alerts: whether the seat's turn began, and whether someone else
 * acted. `before`/`after`: whether it was/is the seat's turn; `events`: the update's events.
 * @returns {"turn"|"other"|null}
 */
export function alertFor(before, after, events, mySeat) {
  if (after && !before) return "turn";
  const acted = events.some((e) => e.seat && e.seat !== mySeat && !String(e.kind).startsWith("seat_"));
  return acted ? "other" : null;
}
