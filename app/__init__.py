"""Warboard: a rules-enforcing virtual tabletop for mecha wargames."""

__version__ = "0.1.0"
