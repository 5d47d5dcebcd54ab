// HTTP calls to the JSON API, and the seat tokens kept in this browser's local storage.
export async function api(path, { method = "GET", token = null, body = undefined } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = data?.error || { code: `http_${response.status}`, message: response.statusText };
    const exc = new Error(error.message);
    exc.code = error.code;
    exc.status = response.status;
    throw exc;
  }
  return data;
}

const key = (tableId) => `warboard:table:${tableId}`;

export function loadSeat(tableId) {
  try {
    return JSON.parse(localStorage.getItem(key(tableId)) || "null");
  } catch {
    return null;
  }
}

export function saveSeat(tableId, seat) {
  localStorage.setItem(key(tableId), JSON.stringify(seat));
}

export function forgetSeat(tableId) {
  localStorage.removeItem(key(tableId));
}

export function savedName() {
  return localStorage.getItem("warboard:name") || "";
}

export function saveName(name) {
  localStorage.setItem("warboard:name", name);
}

export function newId(prefix = "a") {
  const rnd = crypto.getRandomValues(new Uint32Array(2));
  return `${prefix}-${Date.now().toString(36)}-${rnd[0].toString(36)}${rnd[1].toString(36)}`;
}
