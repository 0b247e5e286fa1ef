"""MicroFudge's rules for the verifier (FAIRNESS.md v2, rules re-derivation): what each
chance-consuming event recorded, recomputed from its recorded inputs and its replayed dice by the
same functions play uses. Standard library only: the standalone verifier carries this module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronique.domain.rederivation import GameRules, Replay, Table
from chronique.domain.rulesets.microfudge.rules import related_rank, resolve_test, simple_conflict

_EVENTS = "chronique.domain.rulesets.microfudge.events:"


def _test_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # L245-L253: final = rank + 4dF + modifiers against the required rank; a hazardous Test
    # inflicts a Revers per rank short (L339). A changed die (L743) is one of the modifiers.
    dice = [replay.fudge() for _ in range(4)]
    used = related_rank(event["rank"], event["relatedness"], event["kind"])
    result = resolve_test(used - event["penalty"], sum(event["modifiers"].values()), dice, event["required"], event["hazardous"])
    return {"used_rank": used, "dice": dice, "final": result.final, "success": result.success, "setbacks": result.setbacks}


def _conflict_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # L253: both sides roll 4dF on their characteristic (from the first side's draw place); the
    # higher final wins.
    dice = [replay.fudge() for _ in range(8)]
    sides = [dict(side, dice=dice[4 * i : 4 * i + 4]) for i, side in enumerate(event["sides"])]
    for side in sides:
        side["final"] = side["rank"] - side["penalty"] + sum(side["dice"])
    verdict = simple_conflict(sides[0]["final"], sides[1]["final"])
    return {"sides": sides, "winner": {"a": sides[0]["name"], "b": sides[1]["name"]}.get(verdict, "tie")}


def _first_aid(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # L359-L363: the healer's Test (4dF on the recorded rank, less his Revers, plus the care's
    # quality) against the required rank; only its success stabilises the Revers.
    test = event["test"]
    dice = [replay.fudge() for _ in range(4)]
    result = resolve_test(test["rank"] - test["penalty"], test["quality"], dice, test["required"])
    expected: dict[str, Any] = {"test": {**test, "dice": dice, "final": result.final}, "success": result.success}
    if result.success:
        expected["stabilized"] = True
    return expected


def _power_used(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # L441-L457: a power is a Test of its rank, less the fatigue already lost when fatigue
    # applies (L582), against its difficulty; it spends one Potentiel; only a success starts it.
    dice = [replay.fudge() for _ in range(4)]
    lost_before = max(event["fatigue_lost"] - 1, 0)
    result = resolve_test(event["rank"] - lost_before, event["modifier"], dice, event["required"])
    expected: dict[str, Any] = {"dice": dice, "final": result.final, "success": result.success}
    expected["potentiel_after"] = event["potentiel_before"] - 1
    if not result.success:
        expected["process"] = None
    return expected


_CHANCE = frozenset(_EVENTS + name for name in ("TestRolled", "FirstAidGiven", "PowerUsed", "SimpleConflictRolled"))

RULES = GameRules(
    rederive={
        _EVENTS + "TestRolled": _test_rolled,
        _EVENTS + "SimpleConflictRolled": _conflict_rolled,
        _EVENTS + "FirstAidGiven": _first_aid,
        _EVENTS + "PowerUsed": _power_used,
    },
    chance=_CHANCE,
    face_down=_CHANCE,
)
