"""Small Soldiers Big Battle: hex board, spinner, cards, Toy Store."""

from app.systems.small_soldiers.system import SmallSoldiers

__all__ = ["SmallSoldiers"]
