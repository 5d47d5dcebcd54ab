"""The sandbox: a free board of tokens and dice, no rules enforced."""

from app.systems.sandbox.system import Sandbox

__all__ = ["Sandbox"]
