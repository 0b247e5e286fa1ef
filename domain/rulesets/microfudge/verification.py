"""MicroFudge's rules for the verifier (FAIRNESS.md v2, rules re-derivation): what each
chance-consuming event recorded, recomputed from its recorded inputs and its replayed dice by the
same functions play uses. Standard library only: the standalone verifier carries this module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronique.domain.rederivation import GameRules, Replay, Table
from chronique.domain.rulesets.microfudge.rules import related_rank, resolve_test

_EVENTS = "chronique.domain.rulesets.microfudge.events:"


def _test_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # L245-L253: final = rank + 4dF + modifiers against the required rank; a hazardous Test
    # inflicts a Revers per rank short (L339). A changed die (L743) is one of the modifiers.
    dice = [replay.fudge() for _ in range(4)]
    used = related_rank(event["rank"], event["relatedness"], event["kind"])
    result = resolve_test(used - event["penalty"], sum(event["modifiers"].values()), dice, event["required"], event["hazardous"])
    return {"used_rank": used, "dice": dice, "final": result.final, "success": result.success, "setbacks": result.setbacks}


_CHANCE = frozenset(_EVENTS + name for name in ("TestRolled", "FirstAidGiven", "PowerUsed", "SimpleConflictRolled"))

RULES = GameRules(rederive={_EVENTS + "TestRolled": _test_rolled}, chance=_CHANCE, face_down=_CHANCE)
