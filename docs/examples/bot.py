"""A Warboard bot: opens a table, sits in its first seat, gives the other seats to the server's
easy computer player, then follows the view and plays a random legal action whenever it has
one, until the game ends. Usage: python bot.py http://127.0.0.1:8000 [system]"""

import asyncio
import json
import random
import sys
import uuid

import httpx
import jsonpatch
import websockets


async def play(base: str, system: str = "small-soldiers") -> dict:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        seats = next(s["seats"] for s in (await http.get("/api/systems")).json() if s["id"] == system)
        table = (await http.post("/api/tables", json={"system": system, "name": "Bot practice"})).json()
        tid, host = table["id"], {"Authorization": f"Bearer {table['host_token']}"}
        me = (await http.post(f"/api/tables/{tid}/join", json={"seat": seats[0], "name": "Bot"})).json()
        for seat in seats[1:]:  # the server's own computer plays the other seats
            (await http.post(f"/api/tables/{tid}/bots", headers=host, json={"seat": seat})).raise_for_status()
        mine = {"Authorization": f"Bearer {me['token']}"}
        async with websockets.connect(base.replace("http", "ws", 1) + f"/ws/tables/{tid}") as ws:
            await ws.send(json.dumps({"type": "auth", "token": me["token"]}))  # first frame: the token
            seq, view, waiting = -1, {}, None  # waiting: the id of our action not yet answered
            while True:
                try:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                except TimeoutError:  # nothing for a while: ask for the view again
                    await ws.send(json.dumps({"type": "resync", "since": seq}))
                    continue
                if msg["type"] == "welcome":  # the whole view (first message, or a resync's answer)
                    seq, view = msg["seq"], msg["view"]
                elif msg["type"] == "update":
                    if msg.get("base", seq) != seq or msg["events"][0]["seq"] != seq + 1:
                        await ws.send(json.dumps({"type": "resync", "since": seq}))  # a gap
                        continue
                    view = jsonpatch.apply_patch(view, msg["patch"]) if "patch" in msg else msg["view"]
                    seq = msg["seq"]
                elif msg["type"] in ("ack", "error") and msg.get("ref") == waiting:
                    waiting = None  # an ack comes before its update; a refusal has no update
                    if msg["type"] == "ack":
                        continue
                else:
                    continue  # presence, chat, settings...
                if view["_table"]["status"] != "open":
                    return view["_table"]
                if waiting is None:
                    legal = (await http.get(f"/api/tables/{tid}/legal", headers=mine)).json()
                    if legal["seq"] == seq and legal["actions"]:
                        waiting = uuid.uuid4().hex
                        action = random.choice(legal["actions"])
                        await ws.send(json.dumps({"type": "action", "id": waiting, "action": action}))


if __name__ == "__main__":
    print(json.dumps(asyncio.run(play(*sys.argv[1:]))))
