"""What the load generators' command lines share: the options of a load (tables, spectators,
rate, duration, drain, a running server, where to write the result), and one way to run a
benchmark: its own garbage collector off (its pauses would be charged to the server), uvloop
when installed, the JSON result printed (with its table lines on stderr) and kept with --out."""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import sys
from collections.abc import Callable, Coroutine
from contextlib import suppress
from pathlib import Path
from typing import Any

Result = dict[str, Any]


def add_load_options(
    parser: argparse.ArgumentParser,
    tables: int,
    spectators: int,
    rate: float,
    duration: float,
    rate_help: str | None = None,
    duration_help: str | None = None,
) -> None:
    """--tables/-T, --spectators/-S, --rate/-R and --duration/-D with these defaults."""
    parser.add_argument("--tables", "-T", type=int, default=tables)
    parser.add_argument("--spectators", "-S", type=int, default=spectators)
    parser.add_argument("--rate", "-R", type=float, default=rate, help=rate_help)
    parser.add_argument("--duration", "-D", type=float, default=duration, help=duration_help)


def add_drain_option(
    parser: argparse.ArgumentParser, help: str | None = "seconds to wait for the last updates"
) -> None:
    parser.add_argument("--drain", type=float, default=3.0, help=help)


def add_server_options(parser: argparse.ArgumentParser) -> None:
    """--url (a running server instead of one started here) and --pid (its process)."""
    parser.add_argument("--url", help="use a running server instead of starting one")
    parser.add_argument("--pid", type=int, help="with --url: the server's pid, for memory and CPU")


def add_out_option(parser: argparse.ArgumentParser, help: str | None = "also write the JSON result here") -> None:
    parser.add_argument("--out", type=Path, help=help)


def run_benchmark(
    run: Callable[[argparse.Namespace], Coroutine[Any, Any, Result]],
    args: argparse.Namespace,
    lines: Callable[[Result], str] | None = None,
    fast_loop: bool = True,
) -> None:
    """Run ``run(args)`` (on uvloop when ``fast_loop`` and it is installed) with the collector
    off; print the result as JSON, ``lines(result)`` on stderr, and write it to ``args.out``."""
    if fast_loop:
        with suppress(ImportError):
            import uvloop

            uvloop.install()
    gc.disable()
    result = asyncio.run(run(args))
    text = json.dumps(result, indent=2)
    print(text)
    if lines is not None:
        print(lines(result), file=sys.stderr)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")
