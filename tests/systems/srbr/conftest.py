"""Let the srbr tests run even while another system's package fails to import.

The registry in app/systems/__init__.py imports every shipped system; if one of them is
broken mid-development, fall back to a bare ``app.systems`` package so these pure-rules tests
still run. The registry test (test_registry.py) checks the real registry separately.
"""

from __future__ import annotations

import importlib
import sys
import types
from pathlib import Path

try:
    importlib.import_module("app.systems")
except Exception:  # another package is broken: load ours without the registry
    for name in [n for n in sys.modules if n == "app.systems" or n.startswith("app.systems.")]:
        del sys.modules[name]
    bare = types.ModuleType("app.systems")
    bare.__path__ = [str(Path(__file__).resolve().parents[3] / "app" / "systems")]
    sys.modules["app.systems"] = bare
