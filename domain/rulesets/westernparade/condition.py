"""The body part of a Western Parade character's condition dict, and how it moves between events.

Body keys (top level of ``Character.condition``; every value plain JSON)::

    "dead": false, "death": null | "cause",
    "unconscious": false, "blackout": null | {"cause": "wound" | "blood", "until": int | null},
    "ph": 80,                       # blood points now (§3.2.3), as of "settled_at"
    "settled_at": null | int,       # when the continuous quantities below were last brought up to date
    "round_progress": 0, "minute_progress": 0,  # seconds towards the next bleeding round / minute
    "regen_progress": 0,            # seconds towards the next PH recovered (§3.2.4)
    "doomed": false,                # PH reached -half the base: death within the hour (§3.2.4)
    "dying": null | {"at": int, "cause": "..."},   # a death timer (§3.2.4, §3.2.9.1, infection...)
    "activity": "active" | "moderate" | "bed",     # the care order's activity level
    "losses": {"INT": 1, "END": 2, "AGI": 0, "agi_in_use": 1},  # permanent (§3.2.9.2, §3.2.7.3)
    "alcohol": {"tenths": 0, "progress": 0, "stage": "sober",  # §4.1, units in tenths
                "sobered": null | {"until": int, "stage": "medium"}},  # emergency sobering §4.1.3
    "head_bullet": null | {"status": "lodged" | "migrating" | "stable", "next_at": int, "count": int},
    "wounds": {location: {
        "damage": 9, "max_loss": 0, "deepest": 0,  # damage now; max PV lost; deepest negative PV
        "since": int,                               # when the location was last hit
        "through": false, "artery": false,          # +1 PH (§3.3.1), doubled loss (§3.4.5.1)
        "stopped": 0, "per_minute": 0, "hands": 0,  # first aid, extraction bleed, own hands pressing
        "stopped_by": absent | "first aid" | "surgery",  # what last stopped some blood (WB45, WB47)
        "pressed_until": null | int,                # when the pressing hands let go (§3.2.3, WB22)
        "aided": false,                             # had at least first aid (Table 3.6)
        "cared": false, "tender": null | {"by": "Doc", "skill": "Bandages", "score": 45},
        "bullet": false, "untreated_days": 0,       # infection clock (§3.2.7.2)
        "infected_at": null, "gangrene_at": null, "cautery_malus": 0,
        "progress": 0,                              # seconds towards the next PV healed (§3.2.8)
        "bandage": null | {"effect_at": int, "pv": int}, "bandaged": false,
        # only once given (ruling WD23): a bullet extracted, a cleaning's fate, a cauterisation that cured
        "extracted": true, "cleaning": "cured" | "failed", "cauterised": true,
        "fate": null | "useless" | "amputate" | "amputated",
        "redo": false,                             # a partial amputation to redo (§6.18.1)
        "fracture": true,                          # only once broken by a blunt EXTRA (§3.4.5.3)
        "impaled": {"harder": 0}}}                 # only while a thrust EXTRA's weapon is in (§3.4.5.2)

Blood, healing and alcohol change continuously: ``project`` brings them to any later time in
closed form; every body event stores the body as it is after it (``body_events``), so replaying
the log needs no rules. ``next_dues`` says when something discrete will happen next.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from chronique.domain.copying import copied
from chronique.domain.gametime import first_mark_after
from chronique.domain.rulesets.westernparade import alcohol, bleeding, healing
from chronique.domain.rulesets.westernparade.bullets import EXTRACTION_DEADLINE
from chronique.domain.rulesets.westernparade.characteristics import blood_points, location_pv, modifier
from chronique.domain.rulesets.westernparade.fracture import convalescence, keeps_still
from chronique.domain.rulesets.westernparade.healing import DAY
from chronique.domain.rulesets.westernparade.infection import INFECTION_KILLS_AFTER, gangrene_kills_after
from chronique.domain.rulesets.westernparade.tables import tables
from chronique.domain.rulesets.westernparade.wounds import WoundState, bed_bound, part_of, wound_state

SETTINGS = {"healing": "realistic", "scratch": "rounded"}  # WB1; healing per §3.2.8 (ruleset defaults)


def starting_body(sheet_data: Mapping[str, Any]) -> dict[str, Any]:
    """The body keys of a fresh character's condition: unhurt, conscious, sober, up and about."""
    return {
        "dead": False,
        "death": None,
        "unconscious": False,
        "blackout": None,
        "ph": int(sheet_data["derived"]["ph"]),
        "settled_at": None,
        "round_progress": 0,
        "minute_progress": 0,
        "regen_progress": 0,
        "doomed": False,
        "dying": None,
        "activity": "active",
        "losses": {},
        "alcohol": {"tenths": 0, "progress": 0, "stage": "sober", "sobered": None},
        "head_bullet": None,
        "wounds": {},
    }


BODY_KEYS = tuple(starting_body({"derived": {"ph": 0}}))


def new_wound(at: int) -> dict[str, Any]:
    """A location's record when it is first hit."""
    return {
        "damage": 0,
        "hits": 0,  # the hits taken there: a correction tells a later event holding a voided one (WB31)
        "max_loss": 0,
        "deepest": 0,
        "since": at,
        "through": False,
        "artery": False,
        "stopped": 0,
        "per_minute": 0,
        "hands": 0,
        "pressed_until": None,
        "aided": False,
        "cared": False,
        "tender": None,
        "bullet": False,
        "untreated_days": 0,
        "infected_at": None,
        "gangrene_at": None,
        "cautery_malus": 0,
        "progress": 0,
        "bandage": None,
        "bandaged": False,
        "fate": None,
        "redo": False,
    }


@dataclass(frozen=True)
class Env:
    """What the body's rules need of the sheet and the campaign: END after permanent losses and
    its modifier, base PH, max PV and hemorrhage multiplier per location, the healing system and
    scratch reading, whether the character holds his drink (*Beuverie* > 50%), and END as the
    sheet has it, before any loss (``sheet_end``)."""

    m_end: int
    ph_max: int
    max_pv: Mapping[str, int]
    multiplier: Mapping[str, int]
    system: str
    literal: bool
    drinker: bool
    sheet_end: int


def env_of(sheet: Mapping[str, Any], condition: Mapping[str, Any], settings: Mapping[str, Any]) -> Env:
    """The body's environment from the stored sheet dict, the condition and campaign settings."""
    end = int(sheet["characteristics"]["END"]) - int(condition.get("losses", {}).get("END", 0))
    return Env(
        m_end=modifier(end),
        ph_max=blood_points(end),
        max_pv=max_pv_of(condition, int(sheet["characteristics"]["END"])),
        multiplier=_bleed_multipliers(),
        system=str(settings.get("healing", SETTINGS["healing"])),
        literal=settings.get("scratch", SETTINGS["scratch"]) == "literal",
        drinker=int(sheet.get("derived", {}).get("skills", {}).get("Beuverie", 0)) > 50,
        sheet_end=int(sheet["characteristics"]["END"]),
    )


def max_pv_of(condition: Mapping[str, Any], sheet_end: int) -> dict[str, int]:
    """Each location's total PV now: Table 1.6 at the END left after its permanent losses, less
    the PV a critical wound took from that location for good (§3.2.9.2)."""
    end = sheet_end - int(condition.get("losses", {}).get("END", 0))
    wounds = condition.get("wounds", {})
    return {k: v - int(wounds.get(k, {}).get("max_loss", 0)) for k, v in location_pv(end).items()}


@cache
def _bleed_multipliers() -> Mapping[str, int]:
    # Table 1.6's bleeding multiplier of each location: read once, shared by every Env (read-only).
    return MappingProxyType({k: loc.bleed for k, loc in tables().locations.items()})


def state_of(wound: Mapping[str, Any], location: str, env: Env) -> WoundState:
    """The wound state of a location (§3.2.2)."""
    return wound_state(int(wound["damage"]), env.max_pv[location], env.literal)


def pv_of(wound: Mapping[str, Any], location: str, env: Env) -> int:
    """The PV left in a location."""
    return env.max_pv[location] - int(wound["damage"])


def location_rate(wound: Mapping[str, Any], location: str, env: Env, conscious: bool = True) -> int:
    """PH this location loses per round now (§3.2.3); hands press only while conscious."""
    if wound["fate"] == "amputated":
        return 0
    return bleeding.location_rate(
        state_of(wound, location, env),
        env.multiplier[location],
        wound["through"],
        wound["artery"],
        wound["stopped"],
        wound["hands"] if conscious else 0,
        impaled(wound),
    )


def rates(c: Mapping[str, Any], env: Env) -> tuple[int, int]:
    """(PH per round, PH per minute) the character is losing."""
    conscious = not c["unconscious"]
    per_round = sum(location_rate(w, loc, env, conscious) for loc, w in c["wounds"].items())
    per_minute = sum(int(w["per_minute"]) for w in c["wounds"].values())
    return per_round, per_minute


def bleeding_now(c: Mapping[str, Any], env: Env) -> bool:
    """Whether any location still bleeds."""
    return any(rates(c, env))


def pvs(c: Mapping[str, Any], env: Env) -> list[int]:
    """PV left in every wounded location."""
    return [pv_of(w, loc, env) for loc, w in c["wounds"].items()]


def bed_forced(c: Mapping[str, Any], env: Env) -> str | None:
    """What keeps the body in bed whatever the care order: ``"critical"``, a location below 0 PV
    (§3.2.9.3), ``"fracture"``, a broken chest or flank not healed yet (§3.4.5.3: "immobilité
    totale pendant toute la convalescence"), or ``"bandage"``, a bandage taking (§6.18.2 L5138:
    the patient stays lying down until it takes); None when nothing does."""
    if bed_bound(pvs(c, env)):
        return "critical"
    if still_for(c):
        return "fracture"
    return "bandage" if any(w["bandage"] for w in c["wounds"].values()) else None


def impaled(wound: Mapping[str, Any]) -> bool:
    """Whether an impaling weapon is still lodged in the location (§3.4.5.2 L2511)."""
    return wound.get("impaled") is not None


def fractured(wound: Mapping[str, Any]) -> bool:
    """Whether the location was broken by a blunt réussite extraordinaire (§3.4.5.3) and has not
    healed to the full since: the break has knit then (ruling WB43)."""
    return bool(wound.get("fracture")) and int(wound["damage"]) > 0


def still_for(c: Mapping[str, Any]) -> list[str]:
    """The broken chest and flanks that keep him totally still until they heal (§3.4.5.3)."""
    return sorted(loc for loc, w in c["wounds"].items() if fractured(w) and keeps_still(loc))


def healing_factor(wound: Mapping[str, Any]) -> int:
    """How many times longer the location's convalescence is: ten once broken (§3.4.5.3)."""
    return convalescence() if fractured(wound) else 1


def activity(c: Mapping[str, Any], env: Env) -> str:
    """The activity the body actually keeps: bed while any location is negative (§3.2.9.3) or a
    bandage is taking (§6.18.2), else the ordered level."""
    return "bed" if bed_forced(c, env) is not None else str(c["activity"])


def heals_at_rest(c: Mapping[str, Any], wound: Mapping[str, Any], location: str, env: Env) -> bool:
    """Whether a location would heal were the character resting: wounded, not bleeding, WB14
    (digest A42) not infected nor gangrenous, not waiting for amputation, no weapon lodged in it
    (§3.4.5.2: it does not bleed, yet a blade through the body is no convalescence, ruling WB44)."""
    return (
        int(wound["damage"]) > 0
        and wound["fate"] not in ("amputate", "amputated")
        and wound["infected_at"] is None
        and wound["gangrene_at"] is None
        and not impaled(wound)
        and location_rate(wound, location, env, not c["unconscious"]) == 0
        and int(wound["per_minute"]) == 0
    )


def heals(c: Mapping[str, Any], wound: Mapping[str, Any], location: str, env: Env) -> bool:
    """Whether a location heals now: it would at rest (``heals_at_rest``) and the character rests,
    in bed or at a moderate activity (§3.2.8.1 "par semaine de repos", ruling WB14)."""
    return heals_at_rest(c, wound, location, env) and activity(c, env) != "active"


def project(c: Mapping[str, Any], env: Env, at: int) -> dict[str, Any]:
    """The body at ``at``, nothing discrete happening since ``settled_at``: blood lost or
    recovered, wounds healed, alcohol worn off, each in closed form."""
    out = copied(dict(c))
    if c["dead"] or c["settled_at"] is None or at <= int(c["settled_at"]):
        if not c["dead"] and c["settled_at"] is None:
            out["settled_at"] = at
        return out
    span = at - int(c["settled_at"])
    per_round, per_minute = rates(c, env)
    if per_round or per_minute:
        blood = bleeding.bleed(bleeding.Blood(c["ph"], c["round_progress"], c["minute_progress"]), span, per_round, per_minute)
        out.update(ph=blood.ph, round_progress=blood.round_progress, minute_progress=blood.minute_progress, regen_progress=0)
    else:
        out["ph"], out["regen_progress"] = bleeding.recover(c["ph"], env.ph_max, c["regen_progress"], span, activity(c, env))
    for location, wound in out["wounds"].items():
        if heals(c, wound, location, env):
            done = healing.heal(
                wound["damage"], env.max_pv[location], wound["progress"], span, env.m_end, env.system, env.literal, healing_factor(wound)
            )
            wound.update(damage=done.damage, progress=done.progress)
    drink = out["alcohol"]
    if drink["tenths"]:
        left = alcohol.sober_up(alcohol.Drink(drink["tenths"], drink["progress"]), span, env.m_end, env.drinker)
        drink.update(tenths=left.tenths, progress=left.progress)
    out["settled_at"] = at
    return out


def in_flux(c: Mapping[str, Any], env: Env) -> bool:
    """Whether anything continuous is moving: bleeding, recovering PH, healing or sobering."""
    if c["dead"] or c["settled_at"] is None:
        return False
    return (
        bleeding_now(c, env)
        or c["ph"] < env.ph_max
        or any(heals(c, w, loc, env) for loc, w in c["wounds"].items())
        or c["alcohol"]["tenths"] > 0
    )


def untreated(wound: Mapping[str, Any]) -> bool:
    """A wound counts as untreated for infection (§3.2.7.2; WB15, digest A12/A36) while nobody
    cares for it, or while a bullet stays in past the 24 hours of footnote 8."""
    return not wound["cared"] or bool(wound["bullet"])


def next_dues(c: Mapping[str, Any], env: Env) -> list[tuple[int, str]]:
    """When each discrete body process is next due, as (time, process name)."""
    if c["dead"] or c["settled_at"] is None:
        return []
    now = int(c["settled_at"])
    out: list[tuple[int, str]] = []
    if c["dying"] is not None:
        out.append((int(c["dying"]["at"]), "death"))
    per_round, per_minute = rates(c, env)
    blood = bleeding.Blood(c["ph"], c["round_progress"], c["minute_progress"])
    out_cold = None  # when the bleeding brings the PH to 0 (§3.2.4)
    if per_round or per_minute:
        target = -(env.ph_max // 2) - (env.ph_max % 2) if not c["doomed"] else None
        if not (c["unconscious"] and c["blackout"] and c["blackout"]["cause"] == "blood"):
            target = 0 if c["ph"] > 0 else target
        if target is not None:
            wait = bleeding.time_to_bleed_to(blood, target, per_round, per_minute)
            if wait is not None:
                out.append((now + max(wait, 1) if wait == 0 else now + wait, "bleed"))
                out_cold = out[-1][0] if target == 0 else None
    elif c["unconscious"] and c["blackout"] and c["blackout"]["cause"] == "blood" and not c["doomed"]:
        out.append((now + bleeding.time_to_recover_to(c["ph"], c["regen_progress"], 1, activity(c, env)), "wake"))
    if c["unconscious"] and c["blackout"] and c["blackout"]["until"] is not None:
        # Ruling WB21: PH at 0 by then keep him out past the count (the downtime board must not
        # promise a waking that the blood loss will take back).
        if out_cold is None or int(c["blackout"]["until"]) < out_cold:
            out.append((int(c["blackout"]["until"]), "wake"))
    heal_waits = [heal_wait(c, w, loc, env) for loc, w in c["wounds"].items() if heals(c, w, loc, env)]
    if heal_waits:
        out.append((now + min(heal_waits), "heal"))
    for location, wound in c["wounds"].items():
        out.extend(_wound_dues(location, wound, env, now))
    drink = c["alcohol"]
    wait = alcohol.time_to_stage_change(alcohol.Drink(drink["tenths"], drink["progress"]), env.m_end, env.drinker)
    if wait is not None:
        out.append((now + wait, "alcohol"))
    if c["head_bullet"] is not None and c["head_bullet"]["status"] in ("lodged", "migrating"):
        out.append((int(c["head_bullet"]["next_at"]), "headbullet"))
    return out


def heal_wait(c: Mapping[str, Any], wound: Mapping[str, Any], location: str, env: Env) -> int:
    """Seconds from ``settled_at`` to the location's healing milestone: healed to the full, or
    back to 0 PV when it is below 0 (:func:`heal_milestone`)."""
    # A heal event is due when the location is healed, or back to 0 PV when it leaves the
    # negative (bed rest may end there, §3.2.9.3): the pace between is closed form.
    damage, max_pv = int(wound["damage"]), env.max_pv[location]
    target = max_pv if heal_milestone(wound, location, env) == "zero" else 0
    return healing.time_to_heal(damage, max_pv, wound["progress"], target, env.m_end, env.system, env.literal, healing_factor(wound))


def heal_milestone(wound: Mapping[str, Any], location: str, env: Env) -> str:
    """Which healing milestone :func:`heal_wait` times: "zero" (a location below 0 PV back to 0,
    §3.2.9.3) or "full" (healed to its full PV, §3.2.8)."""
    return "zero" if int(wound["damage"]) > env.max_pv[location] else "full"


def _wound_dues(location: str, wound: Mapping[str, Any], env: Env, now: int) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    if wound["hands"] and wound.get("pressed_until") is not None:  # stored before WB22: pressed on
        out.append((int(wound["pressed_until"]), f"release:{location}"))
    if wound["bandage"] is not None:
        out.append((int(wound["bandage"]["effect_at"]), f"bandage:{location}"))
    if wound["infected_at"] is not None and wound["gangrene_at"] is None:
        out.append((int(wound["infected_at"]) + INFECTION_KILLS_AFTER, f"sepsis:{location}"))
    if wound["gangrene_at"] is not None:
        out.append((int(wound["gangrene_at"]) + gangrene_kills_after(env.m_end), f"gangrene:{location}"))
    infectable = part_of(location) != "head" and wound["infected_at"] is None and wound["fate"] != "amputated"
    if infectable and int(wound["damage"]) > 0 and untreated(wound):
        out.append((next_infection_roll(wound, now), f"infect:{location}"))
    return out


def next_infection_roll(wound: Mapping[str, Any], now: int) -> int:
    """When an untreated wound's next daily infection roll falls (§3.2.7.2 L1992, "chaque jour"):
    its days are counted from the hit (``since``), one a day while it stays untreated. A wound that
    turns untreated again after days cared for or infected (its tending withdrawn, its infection
    cured while the bullet stays in, WB15) was not rolled for on those days: its next roll is the
    first of its daily marks after ``now`` (the body's last settling), never one in the past the
    campaign has already lived, whose day the count of untreated days goes on from (ruling WB57)."""
    due = int(wound["since"]) + (int(wound["untreated_days"]) + 1) * DAY
    return due if due >= now else first_mark_after(due, DAY, now)


def extraction_overdue(wound: Mapping[str, Any], at: int) -> bool:
    """Whether a lodged bullet is past the 24 hours of footnote 8 (§3.2.7.2)."""
    return bool(wound["bullet"]) and at > int(wound["since"]) + EXTRACTION_DEADLINE
