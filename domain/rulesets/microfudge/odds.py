"""Exact odds of MicroFudge's 4dF rolls for luck statistics (digest §3.2, «1 – Tests»
L245-L253): what a roll was expected to give, to set beside what it gave.

A Test's final rank is its rank, its modifiers and the sum of four Fudge dice (each −1, 0 or +1,
81 equally likely outcomes); it succeeds at or above the required rank. What the dice had to
reach is therefore the required rank less everything that is not dice, as recorded.

Which recorded rolls count, and why the others do not, is in :func:`draws`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any

from chronique.domain.luck import Draw
from chronique.domain.rulesets.microfudge import events as ev

DICE = 4
FACES = (-1, 0, 1)


@cache
def _sums() -> Mapping[int, int]:
    """How many of the 81 outcomes of 4dF give each sum."""
    return Counter(sum(dice) for dice in product(FACES, repeat=DICE))


def at_least(need: int) -> Fraction:
    """The chance 4dF sum to ``need`` or more."""
    return Fraction(sum(n for total, n in _sums().items() if total >= need), len(FACES) ** DICE)


def beats(mine: int, theirs: int) -> Fraction:
    """The chance that ``mine`` + 4dF is strictly above ``theirs`` + 4dF (a simple conflict, L253)."""
    sums = _sums()
    wins = sum(a * b for x, a in sums.items() for y, b in sums.items() if mine + x > theirs + y)
    return Fraction(wins, (len(FACES) ** DICE) ** 2)


def _test(kind: str, dice: list[int], base: int, required: int, roller: str | None = None) -> Draw:
    """A Test whose dice had ``base`` added: success when the dice reach ``required`` - ``base``."""
    return Draw(kind, sum(dice) + base >= required, at_least(required - base), roller)


def draws(event: Any) -> list[Draw]:
    """The 4dF rolls of ``event`` against a target: Tests (the dice alone — an Atout that changed
    a die after the roll, L743, is the player's choice, not luck, so the Test is judged before
    it; the +1s declared before the roll count as rank; a rerolled Test counts both rolls, L743),
    first aid (the healer's Médecine Test, L359), powers (L433-L447; a resisted one as a simple
    conflict, L435, a tie resisting), and each side of a simple conflict (L253: a win against the
    chance of beating the other's final rank; a tie wins for neither).

    Not counted: the cards of a hazardous conflict's draws (L307-L317: a number of successes
    from a deck shared by the participants, not a success against a target); the recovery of
    Revers and powers' cycles (clocks, no chance)."""
    if isinstance(event, ev.TestRolled):
        changed = event.modifiers.get("change-die", 0)
        base = event.final - sum(event.dice) - changed
        # L743: a reroll voids a failed roll, which was luck all the same: both rolls count.
        voided = [_test("Test", event.voided, base, event.required)] if event.voided else []
        return [*voided, _test("Test", event.dice, base, event.required)]
    if isinstance(event, ev.FirstAidGiven):
        # Read as a Test (ruling M124): a changed die is the healer's choice, both rolls of a reroll count.
        t = event.test
        base = t["final"] - sum(t["dice"]) - t.get("modifiers", {}).get("change-die", 0)
        voided = [_test("first aid", t["voided"], base, t["required"], event.healer)] if t.get("voided") else []
        return [*voided, _test("first aid", t["dice"], base, t["required"], event.healer)]
    if isinstance(event, ev.PowerUsed):
        mine = event.final - sum(event.dice)
        if event.resisted is None:
            return [_test("power", event.dice, mine, event.required)]
        # L435: a resisted power is a simple conflict; a tie resists (PROPOSAL A25).
        defender = event.resisted
        odds = beats(mine, defender["final"] - sum(defender["dice"]))
        return [Draw("power", event.success, odds), Draw("resisting a power", not event.success, 1 - odds, defender["name"])]
    if isinstance(event, ev.SimpleConflictRolled):
        bases = [side["final"] - sum(side["dice"]) for side in event.sides]
        return [
            Draw("simple conflict", event.winner == side["name"], beats(mine, theirs), side["name"])
            for side, mine, theirs in ((event.sides[0], bases[0], bases[1]), (event.sides[1], bases[1], bases[0]))
        ]
    return []
