// The table's websocket: seq tracking, gap detection with resync, reconnect with backoff,
// action acks. Knows nothing about the page; reports through callbacks.
// An update patches the view this socket last had (RFC 6902, "base": that view's seq); the
// socket applies it and hands the page the whole view, as a welcome does.
import { applyPatch } from "../vendor/fast-json-patch-3.1.1/index.mjs";

// 4001: this token no longer holds its seat (removed by the host, or the seat moved to another
// device); 44xx: refused. Trying again cannot help.
const NO_RETRY = new Set([4001, 4401, 4403, 4404]);
// Messages handed to the page as they come: message type -> handler name.
const PASSED = { presence: "presence", chat: "chat", chat_history: "chatHistory", mark: "mark", rematch: "rematch" };

export class TableSocket {
  constructor(tableId, token, handlers) {
    // the token goes in the first frame, never in the URL (proxy logs, the browser's history)
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`;
    this.token = token;
    this.h = handlers;
    this.seq = -1;
    this.view = null; // the view at this.seq: the base of the next patch
    this.attempt = 0;
    this.pending = new Map(); // action id -> {message, resolve, reject}
    this.ws = null;
    this.stopped = false;
    this.pingTimer = null;
  }

  connect() {
    if (this.stopped) return;
    this.h.status?.(this.attempt ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "auth", token: this.token }));
      this.attempt = 0;
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), 25000);
    };
    ws.onmessage = (e) => this.onMessage(JSON.parse(e.data));
    ws.onclose = (e) => this.onClose(e);
  }

  onMessage(m) {
    switch (m.type) {
      case "welcome": {
        const before = this.seq;
        this.seq = m.seq;
        this.view = m.view;
        this.h.status?.("connected");
        this.h.welcome?.(m, before);
        for (const p of this.pending.values()) this.send(p.message); // safe: ids make retries idempotent
        break;
      }
      case "update": {
        if (m.seq <= this.seq) return; // already seen
        if (m.patch) {
          // a patch fits only the view it was made against: any other, ask for the whole view
          if (m.base !== this.seq || !this.view) {
            this.send({ type: "resync", since: this.seq });
            return;
          }
          try {
            m.view = applyPatch(this.view, m.patch, false, false).newDocument;
          } catch {
            this.send({ type: "resync", since: -1 }); // the held view is off: start again
            return;
          }
        } else {
          const first = m.events.length ? m.events[0].seq : m.seq;
          if (first !== this.seq + 1) {
            this.send({ type: "resync", since: this.seq });
            return;
          }
        }
        this.seq = m.seq;
        this.view = m.view;
        this.h.update?.(m);
        break;
      }
      case "ack":
        this.settle(m.ref, true, m);
        break;
      case "error":
        // "unavailable": the server could not tell whether the action landed (database or bus
        // down); it stays pending and goes again, with the same id, after the next welcome: the
        // answer is then its ack (duplicate if it had landed) or its real error.
        if (m.ref && this.pending.has(m.ref) && m.error?.code !== "unavailable") this.settle(m.ref, false, m.error);
        else if (!(m.ref && this.pending.has(m.ref))) this.h.error?.(m.error);
        break;
      case "settings":
        this.h.settings?.(m.settings);
        break;
      default:
        if (Object.hasOwn(PASSED, m.type)) this.h[PASSED[m.type]]?.(m);
        break;
    }
  }

  settle(ref, ok, value) {
    const p = this.pending.get(ref);
    if (!p) return;
    this.pending.delete(ref);
    if (ok) p.resolve(value);
    else p.reject(value);
  }

  onClose(e) {
    clearInterval(this.pingTimer);
    if (this.stopped) return;
    if (NO_RETRY.has(e.code)) {
      this.h.status?.("refused", e.code, e.reason);
      for (const id of [...this.pending.keys()])
        this.settle(id, false, { code: "disconnected", message: "Not connected" });
      return;
    }
    const delay = Math.min(10000, 500 * 2 ** this.attempt) * (0.6 + Math.random() * 0.4);
    this.attempt += 1;
    this.h.status?.("offline", Math.round(delay / 1000));
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  // Try at once (the browser says it is back online, or the person asked).
  retryNow() {
    if (this.stopped || !this.retryTimer || (this.ws && this.ws.readyState <= WebSocket.OPEN)) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.connect();
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  // Send an action; resolves with the ack, rejects with {code, message}. `seat`: the seat it is
  // for (the server refuses it with seat_not_held unless this socket's token holds that seat).
  act(id, action, seat = null) {
    return new Promise((resolve, reject) => {
      const message = seat ? { type: "action", id, action, seat } : { type: "action", id, action };
      this.pending.set(id, { message, resolve, reject });
      this.send(message); // if offline it is sent again after the next welcome
    });
  }

  chat(text) {
    return this.send({ type: "chat", text });
  }

  // A shared ruler or pointer (ephemeral; the server relays it, never stores it).
  mark(ruler, pointer = null, ping = null) {
    return this.send(ping ? { type: "mark", ruler, pointer, ping } : { type: "mark", ruler, pointer });
  }

  // For tests and the "reconnect now" control: drop the connection as a network would.
  drop() {
    if (this.ws) this.ws.close();
  }

  stop() {
    this.stopped = true;
    clearInterval(this.pingTimer);
    if (this.ws) this.ws.close();
  }
}
