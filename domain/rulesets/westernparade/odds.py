"""Exact odds of Western Parade's rolls for luck statistics (digest §3.1-§3.2, seed §2.1-§2.3):
what a roll was expected to give, to set beside what it gave.

Every roll against a chance is an open-ended d100 (§2.1 L1282): a face of 96-100 rolls again and
adds, so a total above 95 is reachable only through such a face, and a chance above 95 is not
a certainty. Below 5% (§2.1.1) no die is rolled at all; a character who insists on the
impossible rolls his CHC instead, whose success only saves him from a critical failure.

Which recorded rolls count, and why the others do not, is in :func:`draws`.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

from chronique.domain.luck import Draw
from chronique.domain.rulesets.westernparade import body_events as be
from chronique.domain.rulesets.westernparade import downtime_events as dev
from chronique.domain.rulesets.westernparade import events as ev
from chronique.domain.rulesets.westernparade.firstaid import EASY
from chronique.domain.rulesets.westernparade.resolution import limits
from chronique.domain.rulesets.westernparade.training import downtime_data

FACES = 100


@cache
def at_most(total: int) -> Fraction:
    """The chance an open-ended d100 (§2.1 L1282) totals ``total`` or less."""
    if total < 1:
        return Fraction(0)
    again = limits().open_from
    odds = Fraction(min(total, again - 1), FACES)  # a face below 96 is the total
    # A face of 96-100 is followed by another open-ended roll of at least 1, added to it.
    return odds + sum((Fraction(1, FACES) * at_most(total - face) for face in range(again, min(total, FACES + 1))), Fraction(0))


def success_odds(chance: int) -> Fraction:
    """The chance a roll at ``chance`` succeeds (§2.1): the open-ended total at or under it; below
    5% no roll, a certain failure (§2.1.1)."""
    return Fraction(0) if chance < limits().impossible_below else at_most(chance)


def improvement_odds(current: int, marks: int, bonus: int) -> Fraction:
    """The chance an improvement roll succeeds (§2.3 L1349): the open-ended total, eased by 5 per
    check-mark and by ``bonus``, strictly above the ``current`` score. No §2.1.1 limit: it is a
    roll over a score, not under a chance."""
    return 1 - at_most(current - downtime_data()["experience"]["mark_bonus"] * marks - bonus)


def _roll(kind: str, outcome: Mapping[str, Any], roller: str | None = None) -> list[Draw]:
    """The draw of one recorded roll under a chance (``RollOutcome.to_dict`` or the care skills'
    ``chance``/``faces``/``total``): none when §2.1.1 left nothing to the dice; the CHC roll of
    one who insisted on the impossible."""
    luck = outcome.get("luck")
    if luck is not None:
        return _roll("luck roll against the impossible", luck, roller)
    if not outcome.get("faces"):
        return []
    chance = int(outcome["chance"])
    return [Draw(kind, int(outcome["total"]) <= chance, success_odds(chance), roller)]


def draws(event: Any) -> list[Draw]:
    """The rolls of ``event`` left to chance against a target: skill and characteristic rolls,
    shots, melee attacks and their defences (the defender's), first aid (the first-aider's, §3.2.4:
    rolled at the easy chance, so "success" is any PH stopped), care skills (the carer's; an
    amputation's patient END roll his own), the bullet in the head, the END rolls of an ethylic
    coma, of sobering up, of a wound putting him out of action and of acting again (§3.2.5),
    long activities' periodic rolls, and improvement rolls (success: the score rises).

    Not counted: damage dice, hit locations, a weapon's column d6 and stray bullets (a quantity or
    a place, not a success against a target); the unconsciousness d100 of a wound, the daily
    infection d100, the reopening d100 and the d60 of death (hazards the world rolls against the
    character, not rolls a player makes for an action); a duel or a detection (no dice of its own:
    its two rolls are counted as rolls); an action below 5% without a luck roll (no die)."""
    if isinstance(event, ev.CheckRolled):
        return _roll("skill roll" if event.kind == "skill" else "characteristic roll", event.outcome)
    if isinstance(event, ev.ShotFired):
        return _roll("shot", event.outcome)
    if isinstance(event, ev.BlowStruck):
        defence = _roll(f"defence ({event.defence_kind})", event.defence, event.target) if event.defence else []
        return [*_roll("melee attack", event.outcome), *defence]
    if isinstance(event, be.FirstAidGiven):
        return _roll("first aid", {**event.outcome, "chance": event.outcome["chance"] + EASY}, event.by)
    if isinstance(event, be.CareGiven):
        end = event.outcome.get("end")
        patient = _roll(f"{event.skill}: the patient's END roll", end) if end else []
        return [*_roll(event.skill, event.outcome, event.by), *patient]
    if isinstance(event, be.HeadBulletRolled):
        return _roll("bullet in the head", event.outcome)
    if isinstance(event, be.ComaEndured):
        return [d for outcome in event.outcomes for d in _roll("END roll in an ethylic coma", outcome)]
    if isinstance(event, be.SoberingAttempted):
        return _roll("END roll to sober up", event.outcome)
    if isinstance(event, be.PutOutOfAction):
        rolled = event.effect["end_roll"]
        return _roll("END roll against being put out of action", rolled) if rolled else []
    if isinstance(event, be.RallyRolled):
        return _roll("END roll to act again", event.outcome["outcome"])
    if isinstance(event, dev.ActivityRolled):
        return _roll("long activity roll", event.outcome)
    if isinstance(event, dev.ImprovementRolled):
        o = event.outcome
        return [Draw("improvement roll", bool(o["success"]), improvement_odds(o["current"], o["marks"], o["bonus"]))]
    return []
