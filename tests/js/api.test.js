// The JSON API's calls: an answer cut off by a server that stopped mid-body is a lost connection
// (an error the caller already handles, as for a failed fetch), never a value of null.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { api } from "../../static/js/api.js";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});
const answer = (body, status = 200) => {
  globalThis.fetch = async () => new Response(body, { status, headers: { "Content-Type": "application/json" } });
};

test("a whole answer is returned as sent", async () => {
  answer('{"mode": "ask", "code": null}');
  assert.deepEqual(await api("/api/tables/t/takeback"), { mode: "ask", code: null });
  answer("null");
  assert.equal(await api("/api/x"), null); // a JSON null is an answer
});

test("a body cut short is a lost connection, not null", async () => {
  answer('{"mode": "as');
  await assert.rejects(api("/api/tables/t/takeback"), { code: "connection_lost", status: 0 });
  answer("");
  await assert.rejects(api("/api/tables/t/takeback"), { code: "connection_lost" });
});

test("a refusal carries the API's stable code and words", async () => {
  answer('{"error": {"code": "unknown_table", "message": "No such table."}}', 404);
  await assert.rejects(api("/api/tables/t"), { code: "unknown_table", status: 404, message: "No such table." });
  answer("<html>Bad Gateway</html>", 502);
  await assert.rejects(api("/api/tables/t"), { code: "http_502", status: 502 });
});
