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
from typing import Any

from chronique.domain.luck import Draw, aimed
from chronique.domain.rulesets.westernparade import body_events as be
from chronique.domain.rulesets.westernparade import downtime_events as dev
from chronique.domain.rulesets.westernparade import events as ev
from chronique.domain.rulesets.westernparade.firstaid import EASY
from chronique.domain.rulesets.westernparade.resolution import limits
from chronique.domain.rulesets.westernparade.training import downtime_data

FACES = 100
INSISTED = aimed("luck roll against the impossible", "to be spared a critical failure on an impossible roll")
"""The luck roll of one who insists on the impossible (§2.1.1 L1275; ruling WC36): counted as his
one draw, at his jCHC, with what that chance is the chance of; the roll itself never had any."""
FIRST_AID = aimed("first aid", "to stop at least 1 PH, at the easy chance")
"""First aid's kind (ruling LK14): one roll read at three chances (§3.2.4, WB34), its success any
PH stopped, counted at the easy chance (LK4), which its odds words name."""


# How many faces of an open-ended roll the odds follow exactly. The luck read model stores a
# chance as a numerator and a denominator of 64 bits (at most 9.2·10^18): the odds of a total that
# n faces can reach have the denominator 100^n, so nine faces (10^18) are the most it can hold.
# A higher total gets the odds of the highest such total, short of its own by less than 10^-11
# (1 - at_most(864) = 7.8·10^-12): a chance of 100,055% recorded before difficulties were bounded
# reads as the near-certainty it is, not as an error that stops every read.
EXACT_FACES = 9


def highest_exact_total() -> int:
    """The highest total no roll of more than :data:`EXACT_FACES` faces can stay within: every face
    but the last is at least ``open_from`` (96), so ten faces total at least 9 x 96 + 1 = 865."""
    return limits().open_from * EXACT_FACES


# ``at_most`` of the totals 0, 1, 2... worked out so far: grown bottom-up only as far as a roll
# asks (no recursion: a chance of thousands once overflowed Python's stack; and the whole table to
# 864 costs a fifth of a second, too much for a command that reads a usual chance of 60).
_KNOWN: list[Fraction] = [Fraction(0)]


def at_most(total: int) -> Fraction:
    """The chance an open-ended d100 (§2.1 L1282) totals ``total`` or less: none below 1; beyond
    :func:`highest_exact_total` those of that total (see ``EXACT_FACES``)."""
    if total < 1:
        return Fraction(0)
    total = min(total, highest_exact_total())
    again = limits().open_from
    while len(_KNOWN) <= total:
        upto = len(_KNOWN)
        odds = Fraction(min(upto, again - 1), FACES)  # a face below 96 is the total
        # A face of 96-100 is followed by another open-ended roll of at least 1, added to it.
        for face in range(again, min(upto, FACES + 1)):
            odds += Fraction(1, FACES) * _KNOWN[upto - face]
        _KNOWN.append(odds)
    return _KNOWN[total]


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
        return _roll(INSISTED, luck, roller)
    if not outcome.get("faces"):
        return []
    chance = int(outcome["chance"])
    return [Draw(kind, int(outcome["total"]) <= chance, success_odds(chance), roller)]


def draws(event: Any) -> list[Draw]:
    """The rolls of ``event`` left to chance against a target: skill and characteristic rolls,
    shots, melee attacks and their defences (the defender's), first aid (the first-aider's, §3.2.4:
    rolled at the easy chance, so "success" is any PH stopped), care skills (the carer's; an
    amputation's patient END roll his own), the FOR roll pulling an impaling weapon out and the
    first aid that goes with it (§3.4.5.2), the bullet in the head, the END rolls of an ethylic
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
        # Ruling LK14: its line gives the normal chance and the three it is read at (WB34); the
        # chance luck counts is the easy one's (LK4), and the odds words say so.
        return _roll(FIRST_AID, {**event.outcome, "chance": event.outcome["chance"] + EASY}, event.by)
    if isinstance(event, be.CareGiven):
        end = event.outcome.get("end")
        patient = _roll(f"{event.skill}: the patient's END roll", end) if end else []
        return [*_roll(event.skill, event.outcome, event.by), *patient]
    if isinstance(event, be.WeaponPulled):
        aid = event.pull["first_aid"]
        helped = _roll("difficult first aid halving a pull's damage", aid, event.first_aid_by) if aid else []
        against = event.pull.get("resistance")
        # Ruling WC32: FOR, the seed's word, as every other line says it (migration 0011 refills
        # the luck read model, whose rows keep the kind).
        resisted = _roll("FOR roll resisting a weapon pulled out", against) if against else []
        return [*_roll("FOR roll to pull a weapon out", event.pull["strength"], event.by), *resisted, *helped]
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
