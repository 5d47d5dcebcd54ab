// How the table page was opened: what its address's fragment carries (the host's token, the
// creator's seat, pass and play's seats, a seat's key), kept in this browser and then wiped from
// the address bar so a shared or bookmarked address never carries a token.
import { addSeat, api, newId } from "./api.js";
import { seatLabel } from "./words.js";

// Keep the fragment's tokens (the host's; every pass and play seat's). Answers {hostToken (this
// browser's, kept now or before), created: {token, seat} | null, seatKey: string | null}.
export function takeFragment(table, names, loc = location, store = localStorage) {
  const hash = loc.hash;
  const host = hash.match(/host=([^&]+)/);
  // the table's creator, seated by the lobby's form: the seat's token rides in the fragment too
  const created = hash.match(/player=([^&]+)&as=([^&]+)/);
  // the create form's pass and play: every seat of this device, `seat:token` each, kept before the cover
  const passed = hash.match(/pass=([^&]+)/);
  if (host) store.setItem(`warboard:host:${table.id}`, decodeURIComponent(host[1]));
  for (const pair of passed ? passed[1].split(",") : []) {
    const [seat, token] = pair.split(":").map(decodeURIComponent);
    if (seat && token) addSeat(table.id, { token, role: "player", seat, name: names.get(seat) || seatLabel(seat) });
  }
  if (host || passed) history.replaceState(null, "", loc.pathname + loc.search);
  const seatKey = loc.hash.match(/seat=([^&]+)/); // a seat's key (read after the wipe, as ever)
  return {
    hostToken: store.getItem(`warboard:host:${table.id}`),
    created: created ? { token: decodeURIComponent(created[1]), seat: decodeURIComponent(created[2]) } : null,
    seatKey: seatKey ? decodeURIComponent(seatKey[1]) : null,
  };
}

// The host's ruling on a dispute (POST .../ruling with the host's token), or null for a guest.
export function rulingOf(table, hostToken) {
  if (!hostToken) return null;
  return (uphold, note) => {
    const action = { kind: "resolve_dispute", uphold, ...(note ? { note } : {}) };
    return api(`/api/tables/${table.id}/ruling`, {
      method: "POST",
      token: hostToken,
      body: { id: newId("r"), action },
    });
  };
}
