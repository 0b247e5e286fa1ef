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

import re
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


# Ruling E113: what each action test was for, as the table names it, read off the purpose the
# journal recorded with it (play.py, downtime.py and the cli word each one the same way), so the
# tests recorded before need no new field. The first pattern that matches names the kind; a
# test whose purpose none of them reads (a plain test, or the reason the table gave it) is an
# "action test", the rulebook's own word (§Résolution des actions).
_KINDS = (
    (re.compile(r"attack on .+ with .+"), "attack"),
    (re.compile(r"parry( for .+)? against .+"), "parry"),
    (re.compile(r"dodge( for .+)? against .+"), "dodge"),
    (re.compile(r"care of .+"), "care"),
    (re.compile(r"long action “training in .+ with .+”, unit \d+"), "training"),
    (re.compile(r"long action “.*”, unit \d+"), "long action work"),
    (re.compile(r"action against .+"), "opposed action"),
    (re.compile(r"reaction to .+"), "reaction"),
    (re.compile(r"contest( \(.+\))?"), "contest"),
)


def roll_kind(purpose: str) -> str:
    """The kind of roll an action test was, in the table's words (ruling E113): attack, parry,
    dodge, care, training, long action work, opposed action, reaction, contest, or action test."""
    return next((kind for pattern, kind in _KINDS if pattern.fullmatch(purpose)), "action test")


def draws(event: Any) -> list[Draw]:
    """The D10 rolls of ``event`` against a target: action tests, each of its kind
    (:func:`roll_kind`: attacks, parries, dodges, care, training, long actions' hourly tests,
    oppositions and contests), a success being at least one degree with the discards the player
    chose (tests recorded before that choice was kept are read with the rules' default,
    discards allowed); the hourly wake test and natural progression (success: the profession
    rises).

    Not counted: damage and its location (a quantity and a place, not a success against a
    target); a long action's risk clock (a hazard the world rolls, not a roll a player makes for
    an action); the comparison of an attack with its defence (no dice of its own: both tests are
    counted); a test whose level leaves nothing to the dice."""
    if isinstance(event, ev.TestRolled):
        return _test(roll_kind(event.purpose), event.outcome, True if event.discards is None else event.discards)
    if isinstance(event, ev.WakeTested):
        return _test("wake test", event.outcome, True)
    if isinstance(event, ev.ProgressionRolled):
        return [Draw("natural progression", bool(r["raised"]), progression_odds(r["level"])) for r in event.rolls]
    return []
