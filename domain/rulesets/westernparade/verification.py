"""Western Parade's rules for the verifier (FAIRNESS.md v2, rules re-derivation): what each
chance-consuming event recorded, recomputed from its recorded inputs and its replayed dice by the
same functions play uses. Standard library only: the standalone verifier carries this module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronique.domain.rederivation import GameRules, Replay, Table
from chronique.domain.rulesets.westernparade.combat import bullet_damage, hit_location, parse_aim, stray, weapon
from chronique.domain.rulesets.westernparade.experience import improve
from chronique.domain.rulesets.westernparade.resolution import open_ended, roll
from chronique.domain.rulesets.westernparade.training import downtime_data

_EVENTS = "chronique.domain.rulesets.westernparade.events:"
_BODY = "chronique.domain.rulesets.westernparade.body_events:"
_DOWNTIME = "chronique.domain.rulesets.westernparade.downtime_events:"


def _check_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §2.1: an open-ended d100 under the sum of the recorded terms; §2.1.1: below 5% only an
    # insisting character rolls, under his jCHC, and that roll alone decides.
    recorded = event["outcome"]
    luck = recorded.get("luck")
    return {"outcome": roll(replay, recorded["terms"], luck["terms"]["jCHC"] if luck else None).to_dict()}


def _shot_fired(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.3.1: the to-hit roll under the recorded terms; a hit lands where Table 3.10 (d30, or
    # d100), 3.12 or 3.14 puts it for the aim, with the weapon's damage and the critical 1d6cum;
    # a miss strays in Table 3.9's direction.
    outcome = roll(replay, event["outcome"]["terms"])
    expected: dict[str, Any] = {"outcome": outcome.to_dict(), "hit": outcome.success}
    if not outcome.success:
        return expected | {"location": None, "location_table": None, "location_dice": [], "damage": None, "stray": stray(replay)[0]}
    located = hit_location(replay, parse_aim(event["aim"]), event["location_table"] == "3.10 d100")
    damage = bullet_damage(replay, outcome, weapon(event["weapon"]).damage)
    return expected | {
        "location": located.location,
        "location_table": located.table,
        "location_dice": list(located.dice),
        "damage": damage.to_dict(),
        "stray": None,
    }


def _improvement_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §2.3: an open-ended d100 above the current score (eased by the check-marks and the bonus)
    # improves it; a skill that improves gains 3 + 1d4.
    recorded = event["outcome"]
    faces = open_ended(replay)
    args = (recorded["target"], recorded["kind"], recorded["current"], recorded["marks"], faces)
    provisional = improve(*args, None, recorded["bonus"])
    d4 = replay.die(downtime_data()["experience"]["skill_gain_die"]) if provisional.success and recorded["kind"] == "skill" else None
    return {"outcome": improve(*args, d4, recorded["bonus"]).to_dict() | {"reason": recorded["reason"]}}


RULES = GameRules(
    rederive={
        _EVENTS + "CheckRolled": _check_rolled,
        _EVENTS + "ShotFired": _shot_fired,
        _DOWNTIME + "ImprovementRolled": _improvement_rolled,
    },
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
