"""Elor's rules for the verifier (FAIRNESS.md v2, rules re-derivation): what each
chance-consuming event recorded, recomputed from its recorded inputs and its replayed dice by the
same functions play uses. Standard library only: the standalone verifier carries this module."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from typing import Any

from chronique.domain.rederivation import GameRules, Replay, Table
from chronique.domain.rulesets.elor.resolution import dice_count, resolve
from chronique.domain.rulesets.elor.tables import tables

_EVENTS = "chronique.domain.rulesets.elor.events:"


def _test_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §Résolution des actions: 1 + effort D10 against the level the recorded terms add up to;
    # each die at or under it is a degree. Whether the player discarded and broke ties finely is
    # the player's call, not recorded: the outcome must be what one of those calls gives.
    level, effort = sum(event["terms"].values()), event["spec"]["effort"]
    dice = [replay.die(tables().die) for _ in range(dice_count(level, effort))]
    recorded = event["outcome"]
    for discards, fine in product((True, False), repeat=2):
        outcome = resolve(level, effort, dice, discards, fine).to_dict()
        if outcome == recorded:
            return {"outcome": outcome}
    return {"outcome": resolve(level, effort, dice).to_dict()}


_CHANCE = frozenset(_EVENTS + name for name in ("TestRolled", "DamageTaken", "ProgressionRolled", "RiskRolled", "WakeTested"))

RULES = GameRules(
    rederive={_EVENTS + "TestRolled": _test_rolled},
    chance=_CHANCE,
    face_down=frozenset({_EVENTS + "TestRolled", _EVENTS + "DamageTaken"}),
)
