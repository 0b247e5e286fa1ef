"""Exact odds of Elor's d10 rolls for luck statistics (digest §3, §Résolution des actions,
§Catégories de tests d'action): what a roll was expected to give, to set beside what it gave.

An action test rolls 1 + effort D10 against its action level; a die at or under the level is a
degree, and a test succeeds with at least one (§Tests non opposés). Discarding a die gives
another kept die ±1 (L322-326), so with discards one die of face f succeeds when the other dice
can pay its f − level: with n dice, a success needs one die at or under level + n − 1. At level
10 or more, or 0 or less, nothing is rolled (PROPOSAL B4).

Which recorded rolls count, and why the others do not, is in :func:`draws`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from chronique.domain.luck import Draw
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.progression import natural_raise
from chronique.domain.rulesets.elor.resolution import is_automatic
from chronique.domain.rulesets.elor.tables import tables


def success_odds(level: int, effort: int, discards: bool = True) -> Fraction | None:
    """The chance a test at ``level`` with ``effort`` invested gives at least one degree; None
    when the level leaves nothing to the dice."""
    if is_automatic(level) is not None:
        return None
    die, dice = tables().die, 1 + effort
    reach = min(die, level + (dice - 1 if discards else 0))
    return 1 - Fraction(die - reach, die) ** dice


def progression_odds(level: int) -> Fraction:
    """The chance natural progression's D10 raises a profession at ``level`` (PROPOSAL §5.5)."""
    die = tables().time.natural_progression_die
    return Fraction(sum(natural_raise(level, face) for face in range(1, die + 1)), die)


def _test(kind: str, outcome: dict[str, Any], discards: bool) -> list[Draw]:
    odds = success_odds(outcome["level"], outcome["effort"], discards)
    return [] if odds is None else [Draw(kind, outcome["degrees"] >= 1, odds)]


def draws(event: Any) -> list[Draw]:
    """The D10 rolls of ``event`` against a target: action tests (attacks, defences, long
    actions' hourly tests included; success is at least one degree, with the discards the player
    chose — tests recorded before that choice was kept are read with the rules' default,
    discards allowed), the hourly wake test and natural progression (success: the profession
    rises).

    Not counted: damage and its location (a quantity and a place, not a success against a
    target); a long action's risk clock (a hazard the world rolls, not a roll a player makes for
    an action); the comparison of an attack with its defence (no dice of its own: both tests are
    counted); a test whose level leaves nothing to the dice."""
    if isinstance(event, ev.TestRolled):
        return _test("action test", event.outcome, True if event.discards is None else event.discards)
    if isinstance(event, ev.WakeTested):
        return _test("wake test", event.outcome, True)
    if isinstance(event, ev.ProgressionRolled):
        return [Draw("natural progression", bool(r["raised"]), progression_odds(r["level"])) for r in event.rolls]
    return []
