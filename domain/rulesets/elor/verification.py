"""Elor's rules for the verifier (FAIRNESS.md v2, rules re-derivation): what each
chance-consuming event recorded, recomputed from its recorded inputs and its replayed dice by the
same functions play uses. Standard library only: the standalone verifier carries this module."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from typing import Any

from chronique.domain.deck_rules import sheet_of
from chronique.domain.gametime import HOUR
from chronique.domain.rederivation import GameRules, Replay, Table
from chronique.domain.rulesets.elor.combat import RangedShot
from chronique.domain.rulesets.elor.damage import hit_location
from chronique.domain.rulesets.elor.progression import natural_raise
from chronique.domain.rulesets.elor.resolution import dice_count, is_automatic, resolve
from chronique.domain.rulesets.elor.tables import nature, tables

_EVENTS = "chronique.domain.rulesets.elor.events:"


def _test_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §Résolution des actions: 1 + effort D10 against the level the recorded terms add up to;
    # each die at or under it is a degree, used as the player chose to discard (§Catégories de
    # tests d'action) and to break ties (§Concours finement départagés).
    terms = dict(event["terms"])
    expected: dict[str, Any] = {}
    if event.get("shot") is not None:
        # §Attaque à distance L544-L605: a ranged attack's range term is what the tables make of
        # the recorded size, distance and speed.
        shot = RangedShot.from_dict(event["shot"])
        terms["range"] = shot.difficulty().total
        expected = {"shot": shot.to_dict(), "terms": terms}
    elif "range" in terms:  # a range term comes only from a recorded shot
        del terms["range"]
        expected = {"terms": terms}
    if terms.get("wounds") and not event["spec"].get("movement"):
        # PROPOSAL §4.2 (E16): the legs' wound malus counts only in a dodge or a test said to be
        # one of movement, which its spec records; any other test's level has no wounds term.
        terms["wounds"] = 0
        expected |= {"terms": terms}
    level, effort = sum(terms.values()), event["spec"]["effort"]
    # 1 + effort D10, a degree each at most the level (a ranged attack's test is its attack).
    test = "ranged attack" if event.get("shot") is not None else "action test"
    replay.part(f"the {test}'s D10s, 1 + {effort} of effort, at level {level} (§Résolution des actions)")
    dice = [replay.die(tables().die) for _ in range(dice_count(level, effort))]
    discards, fine = event.get("discards"), event.get("fine")
    # E9: tests recorded before TestRolled version 5 took the best faces among the uses with the
    # most degrees, even at the cost of a discard that bought no degree; later ones the fewest discards.
    fewest = bool(event.get("fewest_discards", False))
    if discards is not None and fine is not None:
        return expected | {"outcome": resolve(level, effort, dice, discards, fine, fewest).to_dict()}
    # Recorded before TestRolled kept the player's choices: they are lost, so any of the four
    # is the rules' (the dice themselves are still checked against their draw place).
    table.unrecorded("discards" if discards is None else "fine")
    recorded = event["outcome"]
    for discards, fine in product((True, False), repeat=2):
        outcome = resolve(level, effort, dice, discards, fine, fewest).to_dict()
        if outcome == recorded:
            return {"outcome": outcome}
    return {"outcome": resolve(level, effort, dice, fewest_discards=fewest).to_dict()}


def _wake_tested(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # PROPOSAL §5.6: an hourly D10 at the recorded level (P + M + 5); awake on a success.
    level = event["outcome"]["level"]
    replay.part(f"the hourly D10 to wake up, at level {level} (digest §5.6; the book is silent)")
    outcome = resolve(level, 0, [replay.die(tables().die)] if is_automatic(level) is None else [])
    return {"outcome": outcome.to_dict(), "awake": outcome.success, "next_wake": None if outcome.success else event["at"] + HOUR}


def _risk_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # PROPOSAL §5.3: a D10 at most the threshold triggers the risk and stops its clock.
    replay.part(f"whether the risk strikes: {event.get('risk')}, on a D10 at most {event.get('threshold')} (§Actions longues)")
    die = replay.die(tables().time.risk_die)
    triggered = die <= event["threshold"]
    expected: dict[str, Any] = {"die": die, "triggered": triggered}
    if triggered:
        expected |= {"next_threshold": event["threshold"], "next_at": None}
    return expected


def _progression_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §Progression naturelle: a D10 per ticked profession; above its level, the level rises.
    rolls = []
    for recorded in event["rolls"]:
        replay.part(f"{recorded.get('profession')}'s D10: above its level {recorded.get('level')}, it rises (§Progression naturelle)")
        die = replay.die(tables().time.natural_progression_die)
        rolls.append({**recorded, "die": die, "raised": natural_raise(recorded["level"], die)})
    return {"rolls": rolls}


def _damage_taken(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §Application des dommages: a blow not aimed at a location is placed by the D100 table of
    # the character's morphology, the ranged table for a blow from afar.
    if not event["chance"]:
        return {"roll": None}
    ranged = event.get("ranged")
    replay.part(_WHERE[None if ranged is None else bool(ranged)])
    roll = replay.die(tables().location_die)
    morphology = nature(sheet_of(table, event["originator_id"])["nature"])
    if ranged is not None:
        return {"roll": roll, "location": hit_location(morphology, roll, ranged).key}
    # Recorded before DamageTaken kept whether the blow was ranged: either table is the rules'.
    table.unrecorded("ranged")
    places = [hit_location(morphology, roll, table_ranged).key for table_ranged in (False, True)]
    return {"roll": roll, "location": event["location"] if event["location"] in places else places[0]}


# Where the blow landed: the D100 on the nature's table for a blow au contact or à distance (its
# columns «Loc. contact» and «Loc. distance», §Humains), either for one recorded before it was kept.
_WHERE = {
    False: "where the blow landed, on the Loc. contact table (§Application des dommages)",
    True: "where the blow landed, on the Loc. distance table (§Application des dommages)",
    None: "where the blow landed, on the Loc. contact or Loc. distance table (§Application des dommages)",
}


_CHANCE = frozenset(_EVENTS + name for name in ("TestRolled", "DamageTaken", "ProgressionRolled", "RiskRolled", "WakeTested"))

RULES = GameRules(
    rederive={
        _EVENTS + "TestRolled": _test_rolled,
        _EVENTS + "WakeTested": _wake_tested,
        _EVENTS + "RiskRolled": _risk_rolled,
        _EVENTS + "ProgressionRolled": _progression_rolled,
        _EVENTS + "DamageTaken": _damage_taken,
    },
    chance=_CHANCE,
    face_down=frozenset({_EVENTS + "TestRolled", _EVENTS + "DamageTaken"}),
)
