"""Western Parade's rules for the verifier (FAIRNESS.md v2, rules re-derivation): what each
chance-consuming event recorded, recomputed from its recorded inputs and its replayed dice by the
same functions play uses. Standard library only: the standalone verifier carries this module."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from chronique.domain.rederivation import GameRules, Mismatch, Replay, Table, Unknowable
from chronique.domain.rulesets.westernparade.alcohol import COMA_LOSSES
from chronique.domain.rulesets.westernparade.bleeding import ROUND, death_beyond_saving
from chronique.domain.rulesets.westernparade.bullets import extraction
from chronique.domain.rulesets.westernparade.combat import (
    SECOND_BARREL,
    Attacker,
    blow_lands,
    bullet_damage,
    gun_explodes,
    hit_location,
    melee_column,
    mode_term,
    parse_aim,
    recoil,
    second_barrel,
    shotgun_blast,
    stray,
    stray_hit,
    weapon,
)
from chronique.domain.rulesets.westernparade.experience import improve
from chronique.domain.rulesets.westernparade.firstaid import DIFFICULT, EASY, aid_roll, read, skill_roll
from chronique.domain.rulesets.westernparade.fracture import again
from chronique.domain.rulesets.westernparade.healing import bandaging
from chronique.domain.rulesets.westernparade.impalement import impale, pull, surgery
from chronique.domain.rulesets.westernparade.incapacity import Rally, stagger
from chronique.domain.rulesets.westernparade.infection import cauterisation, cleaning, infection_chance, operate
from chronique.domain.rulesets.westernparade.long_skills import roll_activity
from chronique.domain.rulesets.westernparade.report import where
from chronique.domain.rulesets.westernparade.resolution import CATA_F, RollOutcome, chance_of, open_ended, roll
from chronique.domain.rulesets.westernparade.training import downtime_data
from chronique.domain.rulesets.westernparade.wounds import Unconsciousness, WoundState, death_timer, part_of, unconsciousness_check
from chronique.domain.text import fold

_EVENTS = "chronique.domain.rulesets.westernparade.events:"
_BODY = "chronique.domain.rulesets.westernparade.body_events:"
_DOWNTIME = "chronique.domain.rulesets.westernparade.downtime_events:"

# The parts of the rules the dice of each event feed, as ``audit show`` names them (ruling FP11).
_LOCATION_TABLES = {"none": "3.10", "coarse": "3.12", "precise": "3.14"}  # §3.3.1, by the aim
_CRITICAL = "the critical 1d6cum (§3.3.1)"
_EXIT = "the exit 1d6cum of a bullet that went through (§3.3.1)"
_BLOW_CRITICAL = {"DC": "the critical damage's 1d6cum (Table 3.3)", "DE": "the extraordinary damage's 1d6cum (Table 3.3)"}
_UNCONSCIOUSNESS = "the unconsciousness check's d100 (§3.2.6)"
_BEYOND_SAVING = "the d60 minutes left to one bled beyond saving (§3.2.4)"
_CARE_SECTIONS = {
    "Bandages": "§6.18.2",
    "Nettoyage d'une blessure": "§6.18.13",
    "Cautérisation": "§6.18.4",
    "Extraction de balle": "§3.2.7.4",
    "Chirurgie": "§3.4.5.2",
}
_ACTIVITY_SECTIONS = {
    "survival": "§6.15",
    "banking": "§6.8.1",
    "speculation": "§6.8.9",
    "bookkeeping": "§6.8.3",
    "panning": "§6.10.4",
    "hunting": "§6.16.4",
    "running": "§6.17.2",
}


def _check_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §2.1: an open-ended d100 under the sum of the recorded terms; §2.1.1: below 5% only an
    # insisting character rolls, under his jCHC, and that roll alone decides.
    recorded = event["outcome"]
    luck = recorded.get("luck")
    if luck:
        replay.part(f"the CHC roll of one who insists on an impossible {event['name']} roll (§2.1.1)")
    else:
        replay.part(f"the {event['name']} roll, open-ended (§2.1)")
    return {"outcome": roll(replay, recorded["terms"], luck["terms"]["jCHC"] if luck else None).to_dict()}


def _shot_fired(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.3.1: the to-hit roll under the recorded terms; a hit lands where Table 3.10 (d30, or
    # d100), 3.12 or 3.14 puts it for the aim, with the weapon's damage and the critical 1d6cum;
    # a miss strays in Table 3.9's direction, unless the gun exploded (a CATA_F, L2146); then
    # §3.3.3 the recoil's d100 of a weapon too strong for the recorded missing strength.
    gun = weapon(event["weapon"])
    term = mode_term(event["mode"]) if event.get("mode") else None
    if term is not None and event["outcome"]["terms"].get(term[0]) != term[1]:
        # §3.3.4, §3.3.5: a fast shot or a quick shot of a rapid fire bears its -40%.
        raise Mismatch("outcome", f"records a {event['mode']} shot whose chance lacks its {term[0]} {term[1]}% (§3.3.4, §3.3.5)")
    if term is not None and event["aim"] != "none":
        raise Mismatch("aim", f"records a {event['mode']} shot aimed at {event['aim']}, where §3.3.4 and §3.3.5 allow no location")
    replay.part("the to-hit roll (§3.3.1)")
    outcome = roll(replay, event["outcome"]["terms"])
    if event["hand"] is None and (outcome.quality == CATA_F or "strength" in event["outcome"]["terms"]):
        # Recorded before ShotFired kept the exploding gun and the recoil: its chance is still
        # checked against its draw place, its reading cannot be.
        table.unrecorded("hand")
        raise Unknowable
    expected: dict[str, Any] = {"outcome": outcome.to_dict(), "hit": outcome.success}
    if event.get("shotgun"):
        return expected | _shotgun_charge(event, outcome, replay)
    landed: dict[str, Any] = {"location": None, "location_table": None, "location_dice": [], "damage": None, "stray": None}
    if outcome.success:
        aim = parse_aim(event["aim"])
        replay.part(f"where the shot hit (Table {_LOCATION_TABLES[aim.kind]})")
        located = hit_location(replay, aim, event["location_table"] == "3.10 d100")
        # bullet_damage rolls the critical's 1d6cum, then a pass-through's exit 1d6cum: each die
        # named from the faces it returned (ruling FP11).
        replay.part(_CRITICAL)
        mark = len(replay.ops)
        damage = bullet_damage(replay, outcome, gun.damage)
        replay.name_parts(mark, (len(damage.critical), _CRITICAL), (len(damage.exit), _EXIT))
        landed = {
            "location": located.location,
            "location_table": located.table,
            "location_dice": list(located.dice),
            "damage": damage.to_dict(),
            "stray": None,
        }
    hand, missing = event["hand"], event["strength_missing"] or 0
    exploded = gun_explodes(gun, outcome, hand)
    strayed = None
    if not outcome.success and exploded is None:
        replay.part("where the missed bullet strayed (Table 3.9)")
        landed["stray"] = stray(replay)[0]
        # L2134: a bystander named in the path takes the weapon's damage in a random location
        # (d30, or d100 as the recorded table says), +1d6cum on a critical failure.
        if event.get("bystander") is not None:
            d100 = (event.get("stray_hit") or {}).get("location_table") == "3.10 d100"
            # stray_hit rolls the location, then a critical failure's 1d6cum: each die named from
            # what it returned.
            where_hit = f"where the stray bullet hit {event['bystander']} (Table 3.10)"
            replay.part(where_hit)
            mark = len(replay.ops)
            hit = stray_hit(replay, outcome, gun.damage, d100)
            critical = "the critical failure's 1d6cum of the stray bullet (L2134)"
            replay.name_parts(mark, (len(hit.located.dice), where_hit), (len(hit.damage.critical), critical))
            strayed = hit.to_dict()
    replay.part("the recoil's d100 (§3.3.3)")
    kick = recoil(replay, gun, outcome, hand, missing)
    mishaps = {"exploded": None if exploded is None else exploded.to_dict(), "recoil": None if kick is None else kick.to_dict()}
    return expected | landed | mishaps | {"stray_hit": strayed}


def _shotgun_charge(event: dict[str, Any], outcome: Any, replay: Replay) -> dict[str, Any]:
    # §3.6.1.5-§3.6.1.8: the pellets of Table 3.25/3.26 from their dice, where they landed, the
    # target's luck roll under its recorded terms, each stray group's Table 3.9 roll, the misfire
    # or the explosion; the second barrel bears its -25%; then the recoil's d100 (none after a
    # misfire, ruling WD41).
    charge = event["shotgun"]
    gun = weapon(event["weapon"])
    if charge.get("barrel") == 2 and event["outcome"]["terms"].get(SECOND_BARREL) != second_barrel():
        raise Mismatch("outcome", f"records a second barrel whose chance lacks its {second_barrel()}% (§3.6.1.8)")
    luck = (charge.get("luck") or {}).get("terms", {"jCHC": 0})
    d100 = any(spot["table"] == "3.10 d100" for spot in charge.get("locations", []))
    replay.part("the shotgun's pellets, where they landed and the stray groups (§3.6.1.5)")
    blast = shotgun_blast(replay, charge["cartridge"], charge["range"], outcome, parse_aim(event["aim"]), luck, d100)
    replay.part("the recoil's d100 (§3.3.3)")
    kick = None if blast.misfire else recoil(replay, gun, outcome, event["hand"], event["strength_missing"] or 0)
    point_blank = blast.located[0] if blast.located and blast.band == "point-blank" and not blast.exploded else None
    return {
        "location": None if point_blank is None else point_blank.location,
        "location_table": None if point_blank is None else point_blank.table,
        "location_dice": [] if point_blank is None else list(point_blank.dice),
        "damage": None,
        "stray": blast.stray[0] if blast.stray else None,
        "exploded": None if blast.exploded is None else blast.exploded.to_dict(),
        "recoil": None if kick is None else kick.to_dict(),
        "stray_hit": None,
        "shotgun": blast.to_dict() | {"barrel": charge.get("barrel", 1)},
    }


def _blow_struck(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.4.1: a very close weapon with no column declared strikes where a d6 says; §3.4, §3.5:
    # the attack and defence rolls under their recorded terms, Table 3.3, and on damage the
    # critical 1d6cum, the location (Table 3.23, or 3.24 bare-handed) and the damage.
    if event.get("strength") is None:
        # Recorded before BlowStruck kept what its damage depends on: its chance is still checked
        # against its draw place, its reading cannot be.
        table.unrecorded("strength")
        raise Unknowable
    blow = fold(event["weapon"])
    unarmed = blow in ("punch", "kick")
    replay.part("the d6 for the column of a very close weapon: odd estoc, even taille (§3.4.1)")
    column = None if unarmed else melee_column(replay, weapon(event["weapon"]), event["declared_column"])
    replay.part(f"the attack roll in {event.get('skill')} ({'§3.5' if unarmed else '§3.4'})")
    attack = roll(replay, event["outcome"]["terms"])
    replay.part(f"{event.get('target')}'s {event['defence_kind']} roll (§3.1.6)")
    defence = None if event["defence_kind"] == "none" else roll(replay, event["defence"]["terms"])
    attacker = Attacker(event["strength"], event["strength_modifier"], event["score"])
    against = None if defence is None else defence.quality
    # blow_lands rolls a critical's 1d6cum (DC, DE of Table 3.3), then where the blow landed: each
    # die named from what it returned.
    located_by = f"where the {blow} landed (Table 3.24)" if unarmed else "where the blow landed (Table 3.23)"
    replay.part(located_by)
    mark = len(replay.ops)
    landed = blow_lands(replay, blow if unarmed else event["weapon"], column, attack.quality, against, attacker)
    located = landed.located
    critical = _BLOW_CRITICAL.get(landed.dealt or "", _BLOW_CRITICAL["DC"])
    replay.name_parts(mark, (len(landed.critical), critical), (0 if located is None else len(located.dice), located_by))
    return {
        "outcome": attack.to_dict(),
        "defence": None if defence is None else defence.to_dict(),
        "result": landed.result,
        "location": None if located is None else located.location,
        "location_table": None if located is None else located.table,
        "location_dice": [] if located is None else list(located.dice),
        "damage": {"total": landed.total, "column": column, "kind": landed.dealt} if landed.dealt else None,
    }


def _improvement_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §2.3: an open-ended d100 above the current score (eased by the check-marks and the bonus)
    # improves it; a skill that improves gains 3 + 1d4.
    recorded = event["outcome"]
    replay.part(f"the improvement roll in {recorded['target']} (§2.3)")
    faces = open_ended(replay)
    args = (recorded["target"], recorded["kind"], recorded["current"], recorded["marks"], faces)
    provisional = improve(*args, None, recorded["bonus"])
    replay.part(f"the d4 of the 3 + 1d4 points {recorded['target']} gains (§2.5)")
    d4 = replay.die(downtime_data()["experience"]["skill_gain_die"]) if provisional.success and recorded["kind"] == "skill" else None
    return {"outcome": improve(*args, d4, recorded["bonus"]).to_dict() | {"reason": recorded["reason"]}}


def _activity_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §5.18 of the digest: the activity as it stood rolled under the recorded terms (its skill's,
    # or a dying survivor's luck, §6.15), and what the quality does to it.
    before = event.get("before")
    if before is None:
        table.unrecorded("before")
        raise Unknowable  # recorded before ActivityRolled kept the activity it rolled
    replay.part(_activity_part(before))
    mark = len(replay.ops)
    rolled = roll_activity(replay, before, event["outcome"]["terms"], event["at"], event["end_modifier"], event.get("wound_percent"))
    # A week of survival ending in a critical failure then rolls the d6 of days left to live.
    days = 1 if "days" in rolled.result else 0
    replay.name_parts(mark, (_drawn(rolled.outcome), _activity_part(before)), (days, "the d6 of days left to live (§6.15)"))
    return {
        "activity_id": before["id"],
        "kind": before["kind"],
        "outcome": rolled.outcome.to_dict(),
        "result": rolled.result,
        "activity": rolled.after,
        "died": rolled.died,
    }


def _activity_part(before: Mapping[str, Any]) -> str:
    # The activity's own roll: a dying survivor's luck, a week of survival, or the period's roll.
    if before["dying_until"] is not None:
        return "the difficult CHC roll of a dying survivor (§6.15)"
    kind = str(before.get("kind"))
    section = _ACTIVITY_SECTIONS.get(kind, "§5.18")
    if kind == "survival":
        return f"the week's {before.get('skill')} roll ({section})"
    return f"the {before.get('skill')} roll ({section})"


def _drawn(outcome: RollOutcome | None) -> int:
    # The dice a roll drew: its open-ended faces, or the luck roll of one who insisted (§2.1.1).
    if outcome is None:
        return 0
    return len(outcome.faces) + _drawn(outcome.luck)


def _patient_end(recorded: Mapping[str, Any] | None) -> dict[str, int]:
    # The END roll's recorded terms without their step: the jEND and, since the rolls the body
    # calls for count permanent END losses, the "losses" term (absent from those recorded before).
    return {label: int(n) for label, n in (recorded or {"terms": {"jEND": 0}})["terms"].items() if label != "difficulty"}


def _dies_by(field_name: str, recorded: int | None, deaths: Sequence[int]) -> None:
    # A death the dice set comes then at the latest: an earlier timer already running stands.
    if deaths and (recorded is None or recorded > min(deaths)):
        shown = "no death to come" if recorded is None else f"death at {recorded}"
        raise Mismatch(field_name, f"records {shown}, but the dice put death at {min(deaths)} at the latest")


def _critical_death(replay: Replay, at: int, critical: Mapping[str, Any], location: str) -> list[int]:
    # §3.2.9.1: past its critical threshold, a part that "dies" rolls the time its owner has left.
    if critical["fate"] != "dies":
        return []
    spec = str(critical["dies_in"])  # "3d10h": 3d10 hours
    unit = {"h": "hours", "m": "minutes"}.get(spec[-1:], "")
    replay.part(f"the {spec[:-1]} {unit} left to live after a critical wound to the {_where(location)} (§3.2.9.1)")
    return [at + death_timer(replay, critical["dies_in"])]


def _where(location: Any) -> str:
    # A location in the rulebook's words; naming a part never fails a record the rules would take.
    return where(str(location))


def _beyond_saving(replay: Replay, at: int) -> int:
    # §3.2.4 (WB16): blood past saving, death in a d60 minutes.
    replay.part(_BEYOND_SAVING)
    return death_beyond_saving(replay, at)


def _wound_taken(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.2.9.1 a critical wound's death timer; §3.2.6 the unconsciousness check the wound called
    # for, out for the margin in rounds; §3.2.4 (WB16) blood past saving, death in a d60 minutes.
    if event.get("fell_beyond_saving") is None:
        table.unrecorded("fell_beyond_saving")
        raise Unknowable  # recorded before WoundTaken kept what its dice depend on
    at, body = event["at"], event["body"]
    broken = _fracture(event.get("fracture"), replay)
    lodged = None
    if event.get("impalement") is not None:
        # §3.4.5.2 L2511: an impaling thrust's 1d6cum more, drawn after the fracture's place.
        replay.part(f"the 1d6cum of the weapon impaling the {_where(event['location'])} (§3.4.5.2)")
        lodged = impale(replay).to_dict()
    deaths = _critical_death(replay, at, event["critical"], event["location"])
    reading = _unconsciousness(event, WoundState(event["state"]), event["location"], replay)
    if event["fell_beyond_saving"]:
        deaths.append(_beyond_saving(replay, at))
    _dies_by("body", (body["dying"] or {}).get("at"), deaths)
    return {"fracture": broken, "impalement": lodged, "unconsciousness": None if reading is None else reading.to_dict()}


def _fracture(recorded: Mapping[str, Any] | None, replay: Replay) -> dict[str, Any] | None:
    # §3.4.5.3: a blunt réussite extraordinaire broke the location; a broken head rolls its d4
    # of appearance lost for good, first of the wound's dice.
    if recorded is None:
        return None
    replay.part(f"the d4 of APP lost for good with a broken {_where(recorded['location'])} (§3.4.5.3)")
    return again(replay, recorded).to_dict()


def _unconsciousness(event: dict[str, Any], state: WoundState, location: str, replay: Replay) -> Unconsciousness | None:
    # §3.2.6: the check the event recorded a chance for, out for the margin in rounds.
    chance, at, body = event["unconsciousness_chance"], event["at"], event["body"]
    replay.part(_UNCONSCIOUSNESS)
    reading = None if chance is None else unconsciousness_check(replay, chance, state, location == "head")
    if reading is not None and reading.unconscious:
        blackout = {"cause": "wound", "until": at + reading.rounds * ROUND}
        # §3.2.4 (ruling WB21): at 0 PH or below, blood loss keeps him out whatever the count of
        # rounds; a wound recorded before that rule kept the count's blackout.
        kept = [blackout, {"cause": "blood", "until": None}] if body["ph"] <= 0 else [blackout]
        if not body["unconscious"] or body["blackout"] not in kept:
            raise Mismatch("body", f"records the blackout {body['blackout']}, but the d100 knocks them out until {blackout['until']}")
    return reading


def _put_out_of_action(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.2.5: the END roll the wound's part and state call for at once (its terms as recorded),
    # then, failed after a major wound, the unconsciousness check (§3.2.6).
    state, location = WoundState(event["state"]), event["location"]
    recorded = event["effect"]["end_roll"]
    replay.part(f"the END roll the wound to the {_where(location)} calls for at once (§3.2.5)")
    staggered = stagger(replay, part_of(location), state, _patient_end(recorded))
    reading = _unconsciousness(event, state, location, replay)
    return {"effect": staggered.to_dict(), "unconsciousness": None if reading is None else reading.to_dict()}


def _rally_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.2.5: a normal END roll to act again under the recorded terms; failed after a critical
    # or major wound, the unconsciousness check of the wound that put him out (§3.2.6). A failure
    # leaves the roll due as it was, so the event's ``rally`` tells whether it was to check.
    pending = event["rally"] or {"check": False}
    replay.part("the END roll to act again (§3.2.5)")
    rallied = Rally(roll(replay, event["outcome"]["outcome"]["terms"]), bool(pending["check"]))
    reading = _unconsciousness(event, WoundState(event["state"]), event["location"], replay) if rallied.calls_check else None
    return {"outcome": rallied.to_dict(), "unconsciousness": None if reading is None else reading.to_dict()}


# §6.18.2 bandages, §3.2.7.2 cleaning, §6.18.4 cauterisation: what the roll's quality does.
_CARE_READINGS: dict[str, Callable[[str], Mapping[str, Any]]] = {
    "Bandages": lambda quality: bandaging(quality).to_dict(),
    "Nettoyage d'une blessure": cleaning,
    "Cautérisation": lambda quality: cauterisation(quality).to_dict(),
}


def _care_given(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # One roll of the care skill under the recorded terms (no dice below 5%, §2.1.1), read as
    # the skill says; an extraction (§3.2.7.4) or a surgery taking out an impaling weapon
    # (§3.4.5.2) then rolls what its damage and bleeding call for.
    if event["skill"] == "Amputation":
        return _amputation(event, replay, table)
    terms = event["outcome"]["terms"]
    chance = chance_of(terms)
    replay.part(f"{event.get('by')}'s {event['skill']} roll ({_CARE_SECTIONS.get(event['skill'], '§6.18')})")
    rolled, total = skill_roll(replay, chance)
    quality = read(chance, total)
    outcome = {"chance": chance, "terms": terms, **rolled, "quality": quality}
    if event["skill"] == "Chirurgie":
        # §3.4.5.2 L2519-L2525: the surgery's damage and bleeding may then call for dice.
        _care_deaths(event, replay)
        return {"outcome": outcome, "result": surgery(quality).to_dict()}
    if event["skill"] != "Extraction de balle":
        return {"outcome": outcome, "result": _CARE_READINGS[event["skill"]](quality)}
    if event.get("first_attempt") is None:
        table.unrecorded("first_attempt")
        raise Unknowable  # recorded before CareGiven kept what an extraction's dice depend on
    # Recorded before CareGiven version 4 (ruling WB62), every attempt after a bullet's first was
    # read as chained: the journal's own reading then.
    chained = event["chained"] if "chained" in event else not event["first_attempt"]
    _care_deaths(event, replay)
    return {"outcome": outcome, "result": extraction(quality, chained).to_dict()}


def _weapon_pulled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.4.5.2 L2513, L2527: the FOR roll (ruling WC32) under its recorded terms (and the victim's opposing
    # it, L2515); the weapon out, its 1d6cum, then the difficult first-aid roll that halves it;
    # then the dice the damage calls for. Each die named from the rolls the pull returned.
    recorded = event["pull"]
    aid = recorded["first_aid"]
    strength = f"{event['by']}'s FOR roll to pull the weapon out of the {_where(event['location'])} (§3.4.5.2)"
    replay.part(strength)
    mark = len(replay.ops)
    against = recorded.get("resistance")
    done = pull(replay, recorded["strength"]["terms"], None if aid is None else aid["terms"], None if against is None else against["terms"])
    replay.name_parts(
        mark,
        (_drawn(done.strength), strength),
        (_drawn(done.resistance), "the wounded's own FOR roll opposing it (§3.4.5.2)"),
        (len(done.faces), "the 1d6cum of tearing it out (§3.4.5.2)"),
        (_drawn(done.first_aid), f"{event.get('first_aid_by')}'s difficult first aid halving it (§3.4.5.2)"),
    )
    _care_deaths(event, replay)
    return {"pull": done.to_dict()}


def _care_deaths(event: dict[str, Any], replay: Replay) -> None:
    # The death timer a care's damage may set past a critical threshold (§3.2.9.1), then the d60
    # of death once its bleeding put him beyond saving (§3.2.4), as the body records them.
    deaths = _critical_death(replay, event["at"], event["critical"], event["location"])
    if event["fell_beyond_saving"]:
        deaths.append(_beyond_saving(replay, event["at"]))
    _dies_by("body", (event["body"]["dying"] or {}).get("at"), deaths)


def _amputation(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §6.18.1: the surgeon's roll under the recorded terms, then the patient's END roll at the
    # step its quality calls for; a redone amputation dies of any failure.
    if event.get("redone") is None:
        table.unrecorded("redone")
        raise Unknowable  # recorded before CareGiven kept whether the amputation was redone
    end = event["outcome"]["end"]
    # operate rolls the surgeon's roll, then the patient's END roll at the step it calls for: each
    # die named from the rolls it returned.
    surgeon = f"{event.get('by')}'s Amputation roll (§6.18.1)"
    replay.part(surgeon)
    mark = len(replay.ops)
    operation = operate(replay, event["outcome"]["terms"], event["redone"], None if end is None else _patient_end(end))
    patient = f"the patient's {operation.reading.end_roll} END roll (§6.18.1)"
    replay.name_parts(mark, (_drawn(operation.surgeon), surgeon), (_drawn(operation.end), patient))
    if event["body"]["dead"] != operation.dies:
        raise Mismatch("body", f"records the patient {'dead' if event['body']['dead'] else 'alive'}, but the rolls say otherwise")
    return {"outcome": operation.outcome(), "result": operation.result()}


def _wound_reopened(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.2.8.3: a violent effort reopens the wound on a plain d100 under the recorded percentage.
    replay.part(f"whether the wound to the {_where(event.get('location'))} reopens (§3.2.8.3)")
    roll = replay.die(100)
    return {"roll": roll, "reopened": roll <= event["percent"]}


def _infection_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.2.7.2: each untreated day, a d100 under Table 3.7's chance for the day and the wound's
    # PV lost (the wound as the event leaves it) infects the location.
    percent = infection_chance(event["day"], int(event["body"]["wounds"][event["location"]]["damage"]))
    replay.part(f"whether the wound to the {_where(event['location'])} is infected, day {event['day']} (§3.2.7.2)")
    roll = replay.die(100)
    return {"percent": percent, "roll": roll, "infected": roll <= percent}


def _coma_endured(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §4.1.3 L2853 (ruling WD5): two easy END rolls as the coma begins; the first failed costs
    # 1 INT, the second 1 END.
    rolls = []
    for index, recorded in enumerate(event["outcomes"]):
        cost = f" whose failure costs 1 {COMA_LOSSES[index]}" if index < len(COMA_LOSSES) else ""
        replay.part(f"the coma's easy END roll{cost} (§4.1.3)")
        rolls.append(roll(replay, recorded["terms"]))
    losses = {key: 1 for key, r in zip(COMA_LOSSES, rolls, strict=True) if not r.success}
    return {"outcomes": [r.to_dict() for r in rolls], "losses": losses}


def _first_aid_given(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.2.4: one Premiers soins roll at the easy chance, read at the three chances; which of
    # the six outcomes it gives follows from the three qualities.
    recorded = event["outcome"]
    normal = int(recorded["chance"])
    # Ruling WB34: the three chances by their numbers, as the log's line gives them.
    graded = f"easy {normal + EASY}, normal {normal} and difficult {normal + DIFFICULT}"
    replay.part(f"{event.get('by')}'s Premiers soins roll, read at the {graded} chances (§3.2.4)")
    rolled, qualities, result = aid_roll(replay, recorded["chance"])
    outcome = {"chance": recorded["chance"], "terms": recorded["terms"], **rolled, "qualities": qualities}
    return {"outcome": outcome, "result": {**result.to_dict(), "improvement": result.full}}


def _blood_lost(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.2.4 L1876-1878, WB16 (digest A10): only crossing into "beyond saving" rolls, a d60 in
    # minutes to death; the recorded death comes then at the latest (an earlier timer may stand).
    if not event["chance"]:
        return {}
    _dies_by("dying_at", event["dying_at"], [_beyond_saving(replay, event["at"])])
    return {"what": "beyond saving"}


def _head_bullet_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §3.2.7.3: the victim's roll as the bullet enters, then the yearly or weekly ones, each an
    # open-ended d100 under the recorded chance (what it does depends on the rolls before it).
    # Its terms (jEND or jCHC, easy yearly) are kept since ruling WB42; before, the chance alone.
    replay.part("the CHC or END roll for the bullet in the head (§3.2.7.3)")
    terms = event["outcome"].get("terms")
    chance = event["outcome"]["chance"] if terms is None else chance_of(terms)
    rolled, _ = skill_roll(replay, chance)
    return {"outcome": {"chance": chance, **({} if terms is None else {"terms": terms}), **rolled}}


def _sobering_attempted(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §4.1.3 L2859: a difficult END roll under the recorded terms.
    replay.part("the difficult END roll of an emergency sobering (§4.1.3)")
    return {"outcome": roll(replay, event["outcome"]["terms"]).to_dict()}


RULES = GameRules(
    rederive={
        _EVENTS + "CheckRolled": _check_rolled,
        _EVENTS + "ShotFired": _shot_fired,
        _EVENTS + "BlowStruck": _blow_struck,
        _DOWNTIME + "ImprovementRolled": _improvement_rolled,
        _DOWNTIME + "ActivityRolled": _activity_rolled,
        _BODY + "WoundTaken": _wound_taken,
        _BODY + "FirstAidGiven": _first_aid_given,
        _BODY + "CareGiven": _care_given,
        _BODY + "WeaponPulled": _weapon_pulled,
        _BODY + "BloodLost": _blood_lost,
        _BODY + "HeadBulletRolled": _head_bullet_rolled,
        _BODY + "WoundReopened": _wound_reopened,
        _BODY + "InfectionRolled": _infection_rolled,
        _BODY + "ComaEndured": _coma_endured,
        _BODY + "SoberingAttempted": _sobering_attempted,
        _BODY + "PutOutOfAction": _put_out_of_action,
        _BODY + "RallyRolled": _rally_rolled,
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
                "WeaponPulled",
                "ComaEndured",
                "HeadBulletRolled",
                "InfectionRolled",
                "PutOutOfAction",
                "RallyRolled",
                "SoberingAttempted",
                "WoundReopened",
            )
        }
    ),
    face_down=frozenset({_EVENTS + "CheckRolled"}),
)
