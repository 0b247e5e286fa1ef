"""Western Parade's rules for the verifier (FAIRNESS.md v2, rules re-derivation): what each
chance-consuming event recorded, recomputed from its recorded inputs and its replayed dice by the
same functions play uses. Standard library only: the standalone verifier carries this module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronique.domain.gametime import MINUTE
from chronique.domain.rederivation import GameRules, Mismatch, Replay, Table
from chronique.domain.rulesets.westernparade.alcohol import COMA_LOSSES
from chronique.domain.rulesets.westernparade.combat import bullet_damage, hit_location, parse_aim, stray, weapon
from chronique.domain.rulesets.westernparade.experience import improve
from chronique.domain.rulesets.westernparade.firstaid import aid_roll, skill_roll
from chronique.domain.rulesets.westernparade.infection import infection_chance
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


def _wound_reopened(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.2.8.3: a violent effort reopens the wound on a plain d100 under the recorded percentage.
    roll = replay.die(100)
    return {"roll": roll, "reopened": roll <= event["percent"]}


def _infection_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.2.8.1: each untreated day, a d100 under Table 3.7's chance for the day and the wound's
    # PV lost (the wound as the event leaves it) infects the location.
    percent = infection_chance(event["day"], int(event["body"]["wounds"][event["location"]]["damage"]))
    roll = replay.die(100)
    return {"percent": percent, "roll": roll, "infected": roll <= percent}


def _coma_endured(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §4.1.3 L2853 (ruling WD5): two easy END rolls as the coma begins; the first failed costs
    # 1 INT, the second 1 END.
    rolls = [roll(replay, recorded["terms"]) for recorded in event["outcomes"]]
    losses = {key: 1 for key, r in zip(COMA_LOSSES, rolls, strict=True) if not r.success}
    return {"outcomes": [r.to_dict() for r in rolls], "losses": losses}


def _first_aid_given(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.2.4: one Premiers soins roll at the easy chance, read at the three chances; which of
    # the six outcomes it gives follows from the three qualities.
    recorded = event["outcome"]
    rolled, qualities, result = aid_roll(replay, recorded["chance"])
    outcome = {"chance": recorded["chance"], "terms": recorded["terms"], **rolled, "qualities": qualities}
    return {"outcome": outcome, "result": {**result.to_dict(), "improvement": result.full}}


def _blood_lost(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.2.4 L1876-1878, WB16 (digest A10): only crossing into "beyond saving" rolls, a d60 in
    # minutes to death; the recorded death comes then at the latest (an earlier timer may stand).
    if not event["chance"]:
        return {}
    latest = event["at"] + replay.die(60) * MINUTE
    if event["dying_at"] is None or event["dying_at"] > latest:
        raise Mismatch("dying_at", f"records {event['dying_at']}, but the d60 puts death at {latest} at the latest")
    return {"what": "beyond saving"}


def _head_bullet_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.2.7.3: the victim's roll as the bullet enters, then the yearly or weekly ones, each an
    # open-ended d100 under the recorded chance (what it does depends on the rolls before it).
    rolled, _ = skill_roll(replay, event["outcome"]["chance"])
    return {"outcome": {"chance": event["outcome"]["chance"], **rolled}}


def _sobering_attempted(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §4.1.3 L2859: a difficult END roll under the recorded terms.
    return {"outcome": roll(replay, event["outcome"]["terms"]).to_dict()}


RULES = GameRules(
    rederive={
        _EVENTS + "CheckRolled": _check_rolled,
        _EVENTS + "ShotFired": _shot_fired,
        _DOWNTIME + "ImprovementRolled": _improvement_rolled,
        _BODY + "FirstAidGiven": _first_aid_given,
        _BODY + "BloodLost": _blood_lost,
        _BODY + "HeadBulletRolled": _head_bullet_rolled,
        _BODY + "WoundReopened": _wound_reopened,
        _BODY + "InfectionRolled": _infection_rolled,
        _BODY + "ComaEndured": _coma_endured,
        _BODY + "SoberingAttempted": _sobering_attempted,
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
