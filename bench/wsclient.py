"""A lean websocket client for the load generator (RFC 6455, text frames, no extensions).

Hundreds of clients live in one process, so each message is handled in a protocol callback
with the arrival time taken as the bytes come in: no task per message, no queue. The load
generator then measures the server, not itself.
"""

from __future__ import annotations

import asyncio
import base64
import os
import struct
import time
from collections.abc import Callable

OnMessage = Callable[[bytes, float], None]


def _mask(payload: bytes, key: bytes) -> bytes:
    n = len(payload)
    repeated = (key * (n // 4 + 1))[:n]
    return (int.from_bytes(payload, "little") ^ int.from_bytes(repeated, "little")).to_bytes(n, "little")


def frame(payload: bytes, opcode: int = 1) -> bytes:
    """One masked client frame."""
    key = os.urandom(4)
    n = len(payload)
    if n < 126:
        head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
    elif n < 65536:
        head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
    return head + key + _mask(payload, key)


class Client(asyncio.Protocol):
    def __init__(self, path: str, host: str, on_message: OnMessage) -> None:
        self.path = path
        self.host = host
        self.on_message = on_message
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.open = asyncio.get_running_loop().create_future()
        self.closed = asyncio.get_running_loop().create_future()
        self.close_code: int | None = None
        self._upgraded = False
        self._partial = bytearray()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        key = base64.b64encode(os.urandom(16)).decode()
        self.transport.write(
            (
                f"GET {self.path} HTTP/1.1\r\nHost: {self.host}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        self.buffer += data
        if not self._upgraded:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(self.buffer[:end]).split(b"\r\n", 1)[0]
            del self.buffer[: end + 4]
            if b" 101 " not in status:
                self.open.set_exception(ConnectionError(status.decode(errors="replace")))
                return
            self._upgraded = True
            self.open.set_result(None)
        self._frames(now)

    def _frames(self, now: float) -> None:
        buf = self.buffer
        while len(buf) >= 2:
            first, second = buf[0], buf[1]
            length, offset = second & 0x7F, 2
            if length == 126:
                if len(buf) < 4:
                    return
                length, offset = struct.unpack_from("!H", buf, 2)[0], 4
            elif length == 127:
                if len(buf) < 10:
                    return
                length, offset = struct.unpack_from("!Q", buf, 2)[0], 10
            if len(buf) < offset + length:
                return
            payload = bytes(buf[offset : offset + length])
            del buf[: offset + length]
            opcode, fin = first & 0x0F, first & 0x80
            if opcode in (0, 1, 2):
                self._partial += payload
                if fin:
                    message, self._partial = bytes(self._partial), bytearray()
                    self.on_message(message, now)
            elif opcode == 8:
                self.close_code = struct.unpack_from("!H", payload)[0] if len(payload) >= 2 else 1005
                self.close()
            elif opcode == 9 and self.transport is not None:
                self.transport.write(frame(payload, 0xA))

    def send(self, text: str) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(frame(text.encode()))

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(frame(struct.pack("!H", 1000), 8))
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.open.done():
            self.open.set_exception(exc or ConnectionError("closed before the upgrade"))
        if not self.closed.done():
            self.closed.set_result(self.close_code)


async def connect(host: str, port: int, path: str, on_message: OnMessage) -> Client:
    loop = asyncio.get_running_loop()
    _, client = await loop.create_connection(lambda: Client(path, f"{host}:{port}", on_message), host, port)
    await asyncio.wait_for(client.open, 30)
    return client
