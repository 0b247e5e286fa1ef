"""Western Parade read again against its rulebook, wave 4 (issue 17 "Missing"; seed
004_cf8278f91236030c.txt, Lnnn its line numbers): the victim's roll for a bullet that enters the
head follows the wound at once; a stray bullet hits the bystander in its path. Every case is
computed by hand from scripted dice."""

from __future__ import annotations

from typing import Any

import pytest
from westernparade_table import DOC, JOE, SAM, SIRINGO, table

from chronique.domain.errors import RuleViolation
from chronique.domain.rederivation import Table, check
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.westernparade import events as ev
from chronique.domain.rulesets.westernparade.body_events import FirstAidGiven, HeadBulletRolled, WoundTaken
from chronique.domain.rulesets.westernparade.care import aid, body_now, wound
from chronique.domain.rulesets.westernparade.combat import ShotSetup, parse_aim
from chronique.domain.rulesets.westernparade.play import shoot
from chronique.domain.rulesets.westernparade.verification import RULES
from chronique.domain.timeline import advance
from chronique.domain.world import World

SAM_NAME, JOE_NAME, DOC_NAME, SIRINGO_NAME = "Sam Parkerson", "Joe Hambuster", "Doc Holloway", "Charlie Siringo"
JIM = {**JOE, "name": "Jim Hambuster"}  # Joe's twin, the patient of the first-aid cases
HEAD_TOPIC = "chronique.domain.rulesets.westernparade.body_events:HeadBulletRolled"
SHOT_TOPIC = "chronique.domain.rulesets.westernparade.events:ShotFired"


def head_rolls(recorded: list[Any]) -> list[HeadBulletRolled]:
    """The rolls for a bullet in the head among the recorded events."""
    return [e for e in recorded if isinstance(e, HeadBulletRolled)]


def verdict(event: HeadBulletRolled) -> str | None:
    """What the verifier's rule says of a recorded head-bullet roll."""
    data: dict[str, Any] = {k: v for k, v in vars(event).items() if not k.startswith("_")} | {"topic": HEAD_TOPIC}
    return check(RULES.rederive[HEAD_TOPIC], data, Table())


# -- §3.2.7.3 L1997: a bullet in the head calls for the victim's roll at once ----------------------


def test_a_bullet_entering_the_head_rolls_the_victims_better_of_END_and_CHC_at_once_S3_2_7_3_L1997() -> None:
    # Sam's head has 16 PV: 8 damage is half, the bullet enters (L1997). A minor head wound
    # calls for no unconsciousness check, so the only die is the victim's roll: "un jet de
    # chance ou d'endurance à choix" — his choice, the better: jEND 58 against jCHC 30 (ruling
    # WB23). 40 ≤ 58 and above 58 / 2 = 29: a normal success, the bullet can be extracted like
    # any other (L2000).
    world = table(SAM, dice=[40])
    out = wound(world, SAM_NAME, "head", 8)
    assert out["head_bullet"] == "removable"
    recorded = world.collect()
    (rolled,) = head_rolls(recorded)
    assert (rolled.outcome, rolled.status, [op["value"] for op in rolled.chance]) == (
        {"chance": 58, "terms": {"jEND": 58}, "faces": [40], "total": 40},  # jEND named (ruling WB42)
        "removable",
        [40],
    )
    body = [type(e).__name__ for e in recorded if isinstance(e, (WoundTaken, HeadBulletRolled))]
    assert body == ["WoundTaken", "HeadBulletRolled"]
    assert world.character(SAM_NAME).condition["wounds"]["head"]["bullet"]
    assert verdict(rolled) is None


def test_a_catastrophic_head_roll_sets_the_bullet_migrating_S3_2_7_3_L2004() -> None:
    # 100 + 80 = 180 > 3 x 58 = 174: a catastrophic failure, the bullet creeps toward the nerve
    # centres (L2004): no longer extractable, a weekly roll a week from now.
    world = table(SAM, dice=[100, 80])
    assert wound(world, SAM_NAME, "head", 8)["head_bullet"] == "migrating"
    condition = world.character(SAM_NAME).condition
    assert not condition["wounds"]["head"]["bullet"]
    assert condition["head_bullet"]["status"] == "migrating"
    assert condition["head_bullet"]["next_at"] == world.campaign.clock + 7 * 24 * 3600


def test_a_ricochet_or_a_bullet_through_calls_for_no_head_roll_S3_2_7_3_L1997() -> None:
    # 7 < 16 / 2 ricochets; a bullet that went through, or a blow, leaves nothing in the head:
    # no roll, and (minor wounds) no dice at all.
    for damage, kind, through in ((7, "bullet", False), (8, "bullet", True), (8, "blunt", False)):
        world = table(SAM)
        assert wound(world, SAM_NAME, "head", damage, kind, through=through)["head_bullet"] is None
        assert head_rolls(world.collect()) == []


def test_a_shot_in_the_head_brings_the_victims_roll_with_it_S3_2_7_3_L1997() -> None:
    # Sam aims at Joe's head at 5 m: Armes de poing 56 + point-blank 50 - head at very close
    # proximity 20 = 86. 40 ≤ 86 / 2: a critical success. Table 3.14's d6 3 is the head; the
    # Colt's 5 + the critical d6 3 = 8 ≥ 14 / 2 (Joe's head), and 40 ≥ 8: the bullet stays in.
    # A major head wound checks unconsciousness (28%): 30 spares him. Then Joe's roll, the
    # better of jEND 47 and jCHC 30: 30 ≤ 47, above 23: normal success, removable.
    world = table(SAM, JOE, dice=[40, 3, 3, 30, 30])
    shot = shoot(world, SAM_NAME, JOE_NAME, "Colt SA Peacemaker", ShotSetup(distance_m=5, aim=parse_aim("head")))
    assert (shot.location, shot.damage.total if shot.damage else None, shot.head_bullet) == ("head", 8, "removable")
    recorded = world.collect()
    (fired,) = [e for e in recorded if isinstance(e, ev.ShotFired)]
    assert [op["value"] for op in fired.chance] == [40, 3, 3]
    (rolled,) = head_rolls(recorded)
    assert (rolled.outcome["chance"], rolled.outcome["total"], rolled.status) == (47, 30, "removable")
    assert world.character(JOE_NAME).condition["wounds"]["head"]["bullet"]


# -- §3.3.1 L2134: a stray bullet hits the innocent in its path ----------------------------------


def shot_verdict(shot: ev.ShotFired, **forged: Any) -> str | None:
    """What the verifier's rule says of the recorded shot (with some fields forged)."""
    data: dict[str, Any] = {k: v for k, v in vars(shot).items() if not k.startswith("_")} | {"topic": SHOT_TOPIC} | forged
    return check(RULES.rederive[SHOT_TOPIC], data, Table())


def test_a_missed_bullet_hits_the_bystander_in_its_path_for_the_weapons_damage_S3_3_1_L2134() -> None:
    # Armes de poing 56 at 20 m: 90 is a normal failure (not above 2 x 56). Table 3.9's d8 3:
    # the bullet goes too far right, where Doc stands. "Il reçoit les dommages normaux de l'arme
    # dans une localisation aléatoire": Table 3.10's d30 21 is the right thigh, the Colt's 5.
    # Doc's thigh has 18 PV: 5 is a minor wound, 1 PH at once doubled for a thigh (§3.2.3), no
    # unconsciousness check.
    world = table(SAM, JOE, DOC, dice=[90, 3, 21])
    out = shoot(world, SAM_NAME, JOE_NAME, "Colt SA Peacemaker", ShotSetup(distance_m=20), bystander=DOC_NAME)
    assert (out.outcome.quality, out.stray) == ("NORM_F", "E")
    recorded = world.collect()
    (fired,) = [e for e in recorded if isinstance(e, ev.ShotFired)]
    assert [op["value"] for op in fired.chance] == [90, 3, 21]
    assert fired.bystander == DOC_NAME
    assert fired.stray_hit == {
        "location": "right-thigh",
        "location_table": "3.10 d30",
        "location_dice": [21],
        "damage": {"base": 5, "critical": [], "exit": [], "pass_through": False, "total": 5},
    }
    (taken,) = [e for e in recorded if isinstance(e, WoundTaken)]
    assert (taken.location, taken.damage, taken.kind, taken.state, taken.ph_lost) == ("right-thigh", 5, "bullet", "minor", 2)
    assert world.character(JOE_NAME).condition["wounds"] == {}
    assert world.character(DOC_NAME).condition["wounds"]["right-thigh"]["bullet"]
    assert shot_verdict(fired) is None
    assert shot_verdict(fired, stray_hit=None) is not None


def test_on_a_critical_failure_the_stray_bullet_deals_1d6cum_more_S3_3_1_L2134() -> None:
    # 100 + 30 = 130 is above 2 x 56 and not above 3 x 56: a critical failure. d8 7: too far
    # left; d30 21: the right thigh; "1d6cum points de dommages supplémentaires": 6 then 2, so
    # 5 + 8 = 13 of Doc's 18 thigh PV, a major wound (2 PH at once, doubled for a thigh) with no
    # unconsciousness check for a thigh.
    world = table(SAM, JOE, DOC, dice=[100, 30, 7, 21, 6, 2])
    out = shoot(world, SAM_NAME, JOE_NAME, "Colt SA Peacemaker", ShotSetup(distance_m=20), bystander=DOC_NAME)
    assert (out.outcome.total, out.outcome.quality, out.stray) == (130, "CRIT_F", "W")
    assert out.stray_hit is not None and out.stray_hit.damage.total == 13
    recorded = world.collect()
    (fired,) = [e for e in recorded if isinstance(e, ev.ShotFired)]
    assert fired.stray_hit is not None and fired.stray_hit["damage"]["critical"] == [6, 2]
    (taken,) = [e for e in recorded if isinstance(e, WoundTaken)]
    assert (taken.location, taken.damage, taken.state, taken.ph_lost) == ("right-thigh", 13, "major", 4)
    assert shot_verdict(fired) is None


def test_no_bystander_named_no_one_is_hit_and_a_hit_or_an_explosion_never_strays_S3_3_1_L2134() -> None:
    # Without a bystander the miss only strays (one d8); a hit never strays, and the bystander
    # rolls nothing: 30 ≤ 56 (above 28: no critical), d30 21 the right thigh, 5 to Joe.
    world = table(SAM, JOE, DOC, dice=[90, 3])
    assert shoot(world, SAM_NAME, JOE_NAME, "Colt SA Peacemaker", ShotSetup(distance_m=20)).stray_hit is None
    world = table(SAM, JOE, DOC, dice=[30, 21])
    out = shoot(world, SAM_NAME, JOE_NAME, "Colt SA Peacemaker", ShotSetup(distance_m=20), bystander=DOC_NAME)
    assert (out.location, out.stray_hit) == ("right-thigh", None)
    assert world.character(DOC_NAME).condition["wounds"] == {}


def test_the_bystander_is_neither_the_shooter_nor_the_target_S3_3_1_L2134() -> None:
    world = table(SAM, JOE)
    with pytest.raises(RuleViolation):
        shoot(world, SAM_NAME, JOE_NAME, "Colt SA Peacemaker", ShotSetup(distance_m=20), bystander=JOE_NAME)


def test_a_shot_recorded_before_bystanders_were_kept_verifies_as_before() -> None:
    # ShotFired version 3 had no bystander: upcast, none was there, and its miss only strayed.
    stored = {"hand": "right", "strength_missing": 0, "exploded": None, "recoil": None}
    ev.ShotFired.upcast_stored(stored)
    assert (stored["bystander"], stored["stray_hit"]) == (None, None)


# -- §3.2.4 L1878: three first-aiders at most --------------------------------------------------


def pass_time(world: World, seconds: int) -> None:
    """The GM advances the campaign's clock (the body's processes fire on the way)."""
    advance(world.campaign, ruleset("western-parade").processes(world), world.campaign.clock + seconds)


def test_three_at_most_stop_a_characters_bleeding_at_once_S3_2_4_L1878_ruling_WB24() -> None:
    # Jim's major left arm (10 of 14, a blade) bleeds 2 PH a round. Sam (Premiers soins 60), Joe
    # (40) and Siringo (40) each roll 90: above every easy chance (85, 65, 65) and not above twice
    # it, a normal failure there, "pas d'effet". "Il est possible de se mettre à trois ... mais pas
    # davantage": Doc, a fourth in the same round, is refused; Sam, already at it, tries again.
    world = table(SAM, JOE, DOC, SIRINGO, JIM, dice=[90, 90, 90, 90, 90])
    wound(world, "Jim Hambuster", "left-arm", 10, kind="blade")
    for helper in (SAM_NAME, JOE_NAME, SIRINGO_NAME, SAM_NAME):
        assert aid(world, "Jim Hambuster", "left-arm", helper)["outcome"] == "no effect"
    with pytest.raises(RuleViolation, match="three people at most"):
        aid(world, "Jim Hambuster", "left-arm", DOC_NAME)
    # A round later (10 s) the first three are done: Doc (85) rolls 90 too, above 85 but within
    # its easy 110: one PH stopped.
    pass_time(world, 10)
    assert aid(world, "Jim Hambuster", "left-arm", DOC_NAME)["outcome"] == "1 PH stopped"
    aids = [e for e in world.collect() if isinstance(e, FirstAidGiven)]
    assert [e.by for e in aids] == [SAM_NAME, JOE_NAME, SIRINGO_NAME, SAM_NAME, DOC_NAME]
    assert body_now(world, world.character("Jim Hambuster"))["wounds"]["left-arm"]["stopped"] == 1


def test_first_aiders_on_other_wounds_of_the_patient_count_too_S3_2_4_L1878() -> None:
    # "Bloquer les hémorragies d'un personnage": the three may share his wounds; a fourth on any
    # of them is refused. Minor left and right arms (5 of 14, blades) bleed 1 PH a round each.
    world = table(SAM, JOE, DOC, SIRINGO, JIM, dice=[90, 90, 90])
    wound(world, "Jim Hambuster", "left-arm", 5, kind="blade")
    wound(world, "Jim Hambuster", "right-arm", 5, kind="blade")
    aid(world, "Jim Hambuster", "left-arm", SAM_NAME)
    aid(world, "Jim Hambuster", "right-arm", JOE_NAME)
    aid(world, "Jim Hambuster", "right-arm", SIRINGO_NAME)
    with pytest.raises(RuleViolation, match="three people at most"):
        aid(world, "Jim Hambuster", "left-arm", DOC_NAME)
