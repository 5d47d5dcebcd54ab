"""Realtime: the bus, the websocket protocol and per-viewer fan-out."""
