"""Luck statistics: what the draws gave beside what they were expected to give, with the
uncertainty (a sum of Bernoulli trials), never a bare average."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt


@dataclass(frozen=True)
class Draw:
    """One roll left to chance that succeeds or fails against a target, as a ruleset's ``luck``
    hook reads it from a recorded event: what it was in the players' words (``kind``), whether
    it succeeded, its exact chance of success given the recorded inputs, and who rolled it when
    that is not the character whose chain recorded the event (``roller``, a character's name:
    a defender, a first-aider, a surgeon)."""

    kind: str
    success: bool
    chance: Fraction
    roller: str | None = None


@dataclass(frozen=True)
class Tally:
    """Successes observed against expected over some draws, and how unusual the gap is."""

    draws: int
    observed: int
    expected: Fraction
    variance: Fraction

    @property
    def spread(self) -> float:
        """One standard deviation of the number of successes."""
        return sqrt(self.variance)

    @property
    def z(self) -> float | None:
        """The gap in standard deviations (None when no draw was uncertain)."""
        return (self.observed - float(self.expected)) / self.spread if self.variance else None

    def verdict(self) -> str:
        """In words, for people."""
        if self.z is None:
            return "no uncertain draw"
        if abs(self.z) < 2:
            return "within ordinary luck"
        return "unusually lucky" if self.z > 0 else "unusually unlucky"


def tally(draws: Iterable[tuple[Hashable, bool, Fraction]]) -> dict[Hashable, Tally]:
    """Per key, the draws' successes against the sum of their chances (and its variance)."""
    found: dict[Hashable, Tally] = {}
    for key, success, chance in draws:
        t = found.get(key, Tally(0, 0, Fraction(0), Fraction(0)))
        found[key] = Tally(t.draws + 1, t.observed + success, t.expected + chance, t.variance + chance * (1 - chance))
    return found
