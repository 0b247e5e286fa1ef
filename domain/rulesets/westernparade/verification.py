"""Western Parade's rules for the verifier (FAIRNESS.md v2, rules re-derivation): what each
chance-consuming event recorded, recomputed from its recorded inputs and its replayed dice by the
same functions play uses. Standard library only: the standalone verifier carries this module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronique.domain.rederivation import GameRules, Replay, Table
from chronique.domain.rulesets.westernparade.resolution import roll

_EVENTS = "chronique.domain.rulesets.westernparade.events:"
_BODY = "chronique.domain.rulesets.westernparade.body_events:"
_DOWNTIME = "chronique.domain.rulesets.westernparade.downtime_events:"


def _check_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §2.1: an open-ended d100 under the sum of the recorded terms; §2.1.1: below 5% only an
    # insisting character rolls, under his jCHC, and that roll alone decides.
    recorded = event["outcome"]
    luck = recorded.get("luck")
    return {"outcome": roll(replay, recorded["terms"], luck["terms"]["jCHC"] if luck else None).to_dict()}


RULES = GameRules(
    rederive={_EVENTS + "CheckRolled": _check_rolled},
    chance=frozenset(
        {_EVENTS + name for name in ("CheckRolled", "ShotFired", "BlowStruck")}
        | {_DOWNTIME + name for name in ("ActivityRolled", "ImprovementRolled")}
        | {
            _BODY + name
            for name in (
                "WoundTaken",
                "FirstAidGiven",
                "BloodLost",
                "CareGiven",
                "ComaEndured",
                "HeadBulletRolled",
                "InfectionRolled",
                "SoberingAttempted",
                "WoundReopened",
            )
        }
    ),
    face_down=frozenset({_EVENTS + "CheckRolled"}),
)
