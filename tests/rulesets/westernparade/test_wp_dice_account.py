"""What each die of a recorded Western Parade event decided, as ``chronique audit show`` tells a
player disputing a roll (ruling FP11): the verifier's own rules, replayed on the event alone
(``rederivation.chance_used``), name the part of the rules every die fed, in the players' words,
with the rulebook's section or table as the digest cites it (seed 004_cf8278f91236030c.txt).

Events are played with scripted dice on a table in memory and read in their canonical stored form
(``chain.canonical_json``, what the journal stores and the verifier reads); the last test plays a
shot through the real command line on a real journal and reads ``audit show``'s lines for it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from support import SAMPLES, assert_every_die_named, dice_account, run, short_ref
from westernparade_table import DOC, JOE, SAM, dice, table
from wp_recorded import events

from chronique.domain.chain import canonical_event, canonical_json
from chronique.domain.fairness import FORMAT
from chronique.domain.gametime import DAY, MINUTE, WEEK
from chronique.domain.rederivation import ChanceUsed, chance_used
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade.combat import ShotSetup, parse_aim
from chronique.domain.rulesets.westernparade.downtime_processes import DowntimeProcesses
from chronique.domain.rulesets.westernparade.play import Blow, Check, shoot, strike
from chronique.domain.rulesets.westernparade.play import check as roll_check
from chronique.domain.rulesets.westernparade.verification import RULES
from chronique.domain.rulesets.words import epoch_name
from chronique.domain.text import ordinal
from chronique.domain.timeline import advance
from chronique.domain.world import World

SAM_N, JOE_N, DOC_N = "Sam Parkerson", "Joe Hambuster", "Doc Holloway"
CAMPAIGN = "Shotgun City"
# Sam (FOR 12, END 16, right-handed, Armes de poing 56) carries the Colt (damage 5), a Winchester
# 73 carbine and a Minié rifle (strength 14 two-handed: 2 points more than his FOR).
GUNS = {**SAM, "weapons": ["Colt SA Peacemaker", "Winchester 73 Carabine", "Minié"]}
COLT = "Colt SA Peacemaker"
Recorded = list[dict[str, Any]]


def recorded(world: World, kind: str) -> Recorded:
    """The events of ``kind`` recorded on the table that drew dice, each in its canonical stored
    form: the JSON object the journal stores and the verifier reads (keys sorted, tuples as lists)."""
    stored = [json.loads(canonical_json(canonical_event(e))[0]) for e in world.collect() if type(e).__name__ == kind]
    return [event for event in stored if event["chance"]]


def parts(event: dict[str, Any]) -> list[ChanceUsed]:
    """Each die of ``event`` with the part of the rules it fed, as ``audit show`` lists them."""
    return chance_used(RULES.rederive[event["topic"]], event, FORMAT)


def named(event: dict[str, Any]) -> list[tuple[int, str | None]]:
    """(face, part) of each die of ``event``, in the order drawn."""
    return [(int(used.op["value"]), used.part) for used in parts(event)]


def faces(values: list[int]) -> str:
    """Die faces as ``audit show`` lists a run of them: "97, 40"."""
    return ", ".join(str(value) for value in values)


def run_body(world: World, seconds: int) -> None:
    """The table's clock moves on ``seconds``: bleeding, infection and the like run their course."""
    advance(world.campaign, ruleset("western-parade").processes(world), world.campaign.clock + seconds)


# -- one scenario per chance-consuming topic, each branch that consumes more dice ------------------


def checks() -> Recorded:
    world = table(SAM, JOE)
    # §2.1: an open-ended d100, 97 then 40, under Armes de poing 56.
    dice(world).add(97, 40)
    roll_check(world, SAM_N, Check(skill="Armes de poing"))
    # §2.1.1: 56 - 90 (impossible) is below 5%: insisting, Sam rolls under his jCHC 30 instead.
    dice(world).add(20)
    roll_check(world, SAM_N, Check(skill="Armes de poing", difficulty="impossible", insist=True))
    return recorded(world, "CheckRolled")


def fired(*faces: int, setup: ShotSetup, gun: str = COLT, bystander: str | None = None) -> dict[str, Any]:
    """Sam's one shot at Joe with these dice, as recorded."""
    world = table(GUNS, JOE, DOC, dice=faces)
    shoot(world, SAM_N, JOE_N, gun, setup, bystander=bystander)
    (shot,) = recorded(world, "ShotFired")
    return shot


def extra_shot() -> dict[str, Any]:
    # §3.3.1 at 20 m (short range), chance 56: 3 is EXTRA (≤ 5): d30 12 is Joe's left arm (Table
    # 3.10); the critical's 1d6cum 6 + 2, and the bullet goes through: the exit 1d6cum 4.
    return fired(3, 12, 6, 2, 4, setup=ShotSetup(distance_m=20))


def shots() -> Recorded:
    return [
        extra_shot(),
        # Table 3.11: upper body at close proximity -30, chance 26; 20 hits, d20 5 (Table 3.12):
        # left shoulder, 5 damage (20 is no critical, not below the damage: no pass-through).
        fired(20, 5, setup=ShotSetup(distance_m=20, aim=parse_aim("upper"))),
        # Table 3.13: the torso at close proximity -10, chance 46; 30 hits, d12 1 (Table 3.14).
        fired(30, 1, setup=ShotSetup(distance_m=20, aim=parse_aim("torso"))),
        # 100 + 13 = 113 is a CRIT_F (above 2 x 56): the d8 of Table 3.9, 3; Doc stands in the
        # path: d30 21, his right thigh, and the critical failure's 1d6cum, 2 (L2134).
        fired(100, 13, 3, 21, 2, setup=ShotSetup(distance_m=20), bystander=DOC_N),
        # §3.3.3: the Minié two-handed needs FOR 14, Sam has 12: chance 53 + 50 - 20 = 83; 60 hits,
        # d30 22, and the recoil's d100 15 (20% a chance).
        fired(60, 22, 15, setup=ShotSetup(distance_m=20), gun="Minié"),
    ]


def blows() -> Recorded:
    world = table(SAM, JOE)
    # §3.4.1: Joe's Bowie (very close), no column said: d6 1, odd, estoc. Combat à l'arme blanche:
    # 10 is a CRIT_S against no defence (Table 3.3: DC), the critical's 1d6cum 3, then Table 3.23's
    # very close column, d100 40: Sam's left arm.
    dice(world).add(1, 10, 3, 40)
    strike(world, JOE_N, SAM_N, Blow("Bowie"))
    # §3.5: Sam's punch (Pugilat 34), 20; Joe dodges (Esquive 69), 90: NORM_S against NORM_F is DN
    # (Table 3.3): where the punch landed, d10 6 (Table 3.24).
    dice(world).add(20, 90, 6)
    strike(world, SAM_N, JOE_N, Blow("punch", defence="dodge", defence_skill="Esquive"))
    return recorded(world, "BlowStruck")


def improvements() -> Recorded:
    world = table(SAM, JOE)
    # §2.3, §2.5: open-ended 97 + 3 = 100 is above Armes de poing 56: it gains 3 + 1d4 (2).
    dice(world).add(97, 3, 2)
    dt.roll_improvement(world, SAM_N, target="Armes de poing", reason="GM's grant")
    return recorded(world, "ImprovementRolled")


def activities() -> Recorded:
    world = table(SAM, JOE)
    dt.start_activity(world, SAM_N, "survival", skill="Survie dans les montagnes", resources=True)
    # §6.15: 25%, 85 is a CRIT_F: dying in 1d6 = 2 days unless helped, a difficult CHC roll each
    # day (jCHC 30 - 25): 50, 50, dead.
    dice(world).add(85, 2, 50, 50)
    advance(world.campaign, DowntimeProcesses(world), world.campaign.clock + 2 * WEEK)
    return recorded(world, "ActivityRolled")


def wounds() -> Recorded:
    world = table(SAM, JOE)
    # §3.2.9.1: 13 damage leaves Sam's abdomen (8 PV) at -5, past its critical threshold: death in
    # 3d10 hours (4, 5, 6); a critical abdomen wound calls for the unconsciousness check (§3.2.6).
    dice(world).add(4, 5, 6, 50)
    care.wound(world, SAM_N, "abdomen", 13, kind="blade")
    bleeding = table(SAM, JOE)
    # §3.2.4: Joe's cut right hand (PH 70) bleeds a PH at once and one a round: -32 after 101
    # rounds; a bullet in the thigh (major, 2 x 2 PH) takes him to -36, beyond saving (-35):
    # death in a d60 minutes (60).
    care.wound(bleeding, JOE_N, "right-hand", 2, kind="blade")
    run_body(bleeding, 1010)
    dice(bleeding).add(60)
    care.wound(bleeding, JOE_N, "right-thigh", 13)
    # §3.4.5.2: a thrust impales Joe's thigh, 1d6cum 3 more (13 of 24 PV: major, no check).
    impaled = table(SAM, JOE)
    dice(impaled).add(3)
    care.wound(impaled, JOE_N, "right-thigh", 10, kind="thrust", impaled=True)
    return recorded(world, "WoundTaken") + recorded(bleeding, "WoundTaken") + recorded(impaled, "WoundTaken")


def put_out() -> Recorded:
    world = table(SAM, JOE)
    care.wound(world, JOE_N, "left-thigh", 20, kind="blunt")  # 20 of 21 PV: major
    # §3.2.5.2: the normal END roll, 90 against jEND 47, fails; the check of §3.2.6, d100 5.
    dice(world).add(90, 5)
    care.put_out_of_action(world, JOE_N, "left-thigh")
    return recorded(world, "PutOutOfAction")


def rallies() -> Recorded:
    world = table(SAM, JOE)
    care.wound(world, SAM_N, "left-arm", 16, kind="blunt")  # 16 of 16 PV: critical
    care.put_out_of_action(world, SAM_N, "left-arm")
    # §3.2.5.1: the END roll to act again, 90 against 58, fails; the check of §3.2.6, d100 30.
    dice(world).add(90, 30)
    care.rally_roll(world, SAM_N)
    return recorded(world, "RallyRolled")


def cares() -> Recorded:
    world = table(SAM, JOE, DOC)
    # §6.18.2: Doc's Bandages (39) on a cut, 20.
    care.wound(world, SAM_N, "left-arm", 4, kind="blade")
    dice(world).add(20)
    care.care(world, SAM_N, "left-arm", DOC_N, "Bandages")
    # §3.2.7.4: a bullet in Sam's abdomen (12 of 8 PV: -4, critical, its unconsciousness check 99);
    # Doc's Extraction de balle (79), 10, adds 1 damage: -5 is past the threshold, death in 3d10
    # hours (1, 2, 3, §3.2.9.1).
    dice(world).add(99)
    care.wound(world, SAM_N, "abdomen", 12)
    dice(world).add(10, 1, 2, 3)
    care.care(world, SAM_N, "abdomen", DOC_N, "Extraction de balle")
    # §6.18.1: Joe's hand past its threshold; Doc's Amputation (42), 30 is a NORM_S: Joe's easy
    # END roll, 10.
    care.wound(world, JOE_N, "left-hand", 9, kind="blade")
    dice(world).add(30, 10)
    care.amputate(world, JOE_N, "left-hand", DOC_N)
    # §3.4.5.2 L2521: a lance impales Joe's thigh (1d6cum 3); Doc's Chirurgie (45), 30, takes it out.
    dice(world).add(3, 30)
    care.wound(world, JOE_N, "right-thigh", 10, kind="thrust", impaled=True)
    care.care(world, JOE_N, "right-thigh", DOC_N, "Chirurgie")
    return recorded(world, "CareGiven")


def pulls() -> Recorded:
    world = table(SAM, JOE, DOC)
    # §3.4.5.2 L2513, L2527: Sam's thigh impaled (1d6cum 3); Joe's STR roll (50) 80 fails, then
    # 30 tears it out: 1d6cum 6+3, halved by Doc's difficult first aid (60), 10.
    dice(world).add(3, 80, 30, 6, 3, 10)
    care.wound(world, SAM_N, "right-thigh", 10, kind="thrust", impaled=True)
    care.pull_out(world, SAM_N, "right-thigh", JOE_N)
    care.pull_out(world, SAM_N, "right-thigh", JOE_N, first_aid_by=DOC_N)
    return recorded(world, "WeaponPulled")


def first_aid() -> Recorded:
    world = table(SAM, DOC)
    care.wound(world, SAM_N, "left-arm", 4, kind="blade")
    dice(world).add(40)  # §3.2.4: Doc's Premiers soins (85), one roll read at three chances
    care.aid(world, SAM_N, "left-arm", DOC_N)
    return recorded(world, "FirstAidGiven")


def blood() -> Recorded:
    world = table(SAM)
    # §3.2.4: a cut hand bleeds a PH a round from 79: beyond saving at -40, death in a d60 (60).
    care.wound(world, SAM_N, "right-hand", 2, kind="blade")
    dice(world).add(60)
    run_body(world, 30 * MINUTE)
    return recorded(world, "BloodLost")


def head_bullets() -> Recorded:
    world = table(SAM)
    # §3.2.7.3: 9 of Sam's 16 head PV, a bullet that enters (L1997); a major head wound's check
    # (§3.2.6), 99; then his roll under the better of jEND 58 and jCHC 30: 30.
    dice(world).add(99, 30)
    care.wound(world, SAM_N, "head", 9)
    return recorded(world, "HeadBulletRolled")


def reopenings() -> Recorded:
    world = table(SAM, DOC)
    care.wound(world, SAM_N, "left-arm", 4, kind="blade")
    dice(world).add(1, 9)  # first aid stops it (1); the effort's d100, 9 under 9% (§3.2.8.3)
    care.aid(world, SAM_N, "left-arm", DOC_N)
    care.effort(world, SAM_N, "left-arm")
    return recorded(world, "WoundReopened")


def infections() -> Recorded:
    world = table(SAM, DOC)
    care.wound(world, SAM_N, "left-arm", 4, kind="blade")
    dice(world).add(1, 50, 10)  # first aid stops it (1); §3.2.7.2: day 1 50, day 2 10
    care.aid(world, SAM_N, "left-arm", DOC_N)
    run_body(world, 2 * DAY)
    return recorded(world, "InfectionRolled")


def comas() -> Recorded:
    world = table(SAM)
    dice(world).add(10, 90)  # §4.1.3: 15 units, a coma: two easy END rolls (83%), 10 and 90
    care.drink(world, SAM_N, 150)
    return recorded(world, "ComaEndured")


def soberings() -> Recorded:
    world = table(SAM)
    care.drink(world, SAM_N, 80)
    dice(world).add(10)  # §4.1.3 L2859: the difficult END roll, 10 under 33
    care.sober_up(world, SAM_N)
    return recorded(world, "SoberingAttempted")


SCENARIOS: dict[str, Callable[[], Recorded]] = {
    "CheckRolled": checks,
    "ShotFired": shots,
    "BlowStruck": blows,
    "ImprovementRolled": improvements,
    "ActivityRolled": activities,
    "WoundTaken": wounds,
    "PutOutOfAction": put_out,
    "RallyRolled": rallies,
    "CareGiven": cares,
    "WeaponPulled": pulls,
    "FirstAidGiven": first_aid,
    "BloodLost": blood,
    "HeadBulletRolled": head_bullets,
    "WoundReopened": reopenings,
    "InfectionRolled": infections,
    "ComaEndured": comas,
    "SoberingAttempted": soberings,
}

# A part cites the rulebook at its end: a section, a table or a line.
CITED = re.compile(r"\((?:§\d+(?:\.\d+)*|Table \d+\.\d+|L\d+)[^()]*\)$")


@pytest.mark.parametrize("topic", sorted(RULES.chance), ids=lambda topic: topic.rsplit(":", 1)[1])
def test_every_die_of_every_chance_consuming_event_names_the_rule_it_fed_in_words(topic: str) -> None:
    played = SCENARIOS[topic.rsplit(":", 1)[1]]()
    assert played, f"the scenario for {topic} recorded no such event"
    for event in played:
        assert event["topic"] == topic and event["chance"], event
        assert_every_die_named(RULES.rederive[topic], event, CITED, topic)


# -- what the parts say of the game's main rolls ----------------------------------------------------

TO_HIT = "the to-hit roll (§3.3.1)"
CRITICAL = "the critical 1d6cum (§3.3.1)"
EXIT = "the exit 1d6cum of a bullet that went through (§3.3.1)"


def test_a_shot_names_its_to_hit_roll_the_location_table_the_critical_1d6cum_and_the_exit_1d6cum_apart_S3_3_1() -> None:
    # §3.3.1: the to-hit roll; Table 3.10 for an unaimed hit; the critical's 1d6cum (footnote 11,
    # L2168), 6 + 2, then the exit 1d6cum, 4, of an EXTRA that went through: each die its own part.
    shot = extra_shot()
    assert (shot["damage"]["critical"], shot["damage"]["exit"]) == ([6, 2], [4])
    assert named(shot) == [(3, TO_HIT), (12, "where the shot hit (Table 3.10)"), (6, CRITICAL), (2, CRITICAL), (4, EXIT)]


def test_a_critical_hit_that_did_not_go_through_names_its_1d6cum_the_critical_only_S3_3_1_L2153() -> None:
    # §3.3.1 L2153: 20 under 56 is a réussite critique (≤ 28): the critical 1d6cum, 6 + 2; 20 is not
    # below the 13 damage dealt, so the bullet stays in: no exit die, and none is named one.
    shot = fired(20, 12, 6, 2, setup=ShotSetup(distance_m=20))
    assert (shot["damage"]["critical"], shot["damage"]["exit"], shot["damage"]["pass_through"]) == ([6, 2], [], False)
    assert named(shot) == [(20, TO_HIT), (12, "where the shot hit (Table 3.10)"), (6, CRITICAL), (2, CRITICAL)]


def test_a_critical_hit_whose_roll_is_under_the_damage_names_the_critical_then_the_exit_1d6cum_S3_3_1_L2153() -> None:
    # §3.3.1 L2153: 6 under 56 is a réussite critique (not ≤ 5); the critical 1d6cum, 5, brings the
    # damage to 10, above the roll: the bullet went through, its exit 1d6cum 4.
    shot = fired(6, 12, 5, 4, setup=ShotSetup(distance_m=20))
    assert shot["outcome"]["quality"] == "CRIT_S"
    assert (shot["damage"]["critical"], shot["damage"]["exit"], shot["damage"]["pass_through"]) == ([5], [4], True)
    assert named(shot) == [(6, TO_HIT), (12, "where the shot hit (Table 3.10)"), (5, CRITICAL), (4, EXIT)]


@pytest.mark.parametrize(
    ("aim", "faces", "table_named"),
    [("upper", (20, 5), "Table 3.12"), ("left-arm", (20, 4), "Table 3.14"), ("torso", (30, 1), "Table 3.14")],
)
def test_the_location_die_of_an_aimed_shot_is_named_as_the_table_of_its_aim_S3_3_2(
    aim: str, faces: tuple[int, int], table_named: str
) -> None:
    # §3.3.2: a coarse aim reads Table 3.12 (d20), a precise one Table 3.14 (its d6 or d12).
    shot = fired(*faces, setup=ShotSetup(distance_m=20, aim=parse_aim(aim)))
    assert shot["hit"] and shot["location_table"].startswith(table_named.removeprefix("Table "))
    assert named(shot) == [(faces[0], TO_HIT), (faces[1], f"where the shot hit ({table_named})")]


def test_a_missed_shot_names_the_stray_direction_and_where_it_hit_the_bystander_by_name_table_3_9_L2134() -> None:
    # 100 + 13 = 113, a critical failure: Table 3.9's d8, then Table 3.10's d30 on Doc in the
    # bullet's path, then the critical failure's 1d6cum (L2134): one call of the rules, each die
    # its own part.
    shot = fired(100, 13, 3, 21, 2, setup=ShotSetup(distance_m=20), bystander=DOC_N)
    assert (shot["stray"], shot["stray_hit"]["location"], shot["stray_hit"]["damage"]["critical"]) == ("E", "right-thigh", [2])
    assert named(shot) == [
        (100, TO_HIT),
        (13, TO_HIT),
        (3, "where the missed bullet strayed (Table 3.9)"),
        (21, "where the stray bullet hit Doc Holloway (Table 3.10)"),
        (2, "the critical failure's 1d6cum of the stray bullet (L2134)"),
    ]


def test_the_recoil_of_a_gun_too_strong_is_named_apart_from_the_shot_S3_3_3_L2285() -> None:
    shot = fired(60, 22, 15, setup=ShotSetup(distance_m=20), gun="Minié")
    assert shot["recoil"]["roll"] == 15
    assert named(shot) == [(60, TO_HIT), (22, "where the shot hit (Table 3.10)"), (15, "the recoil's d100 (§3.3.3)")]


def test_each_side_of_a_blow_is_named_the_attack_by_its_skill_the_defence_by_the_defender_S3_1_6_S3_5() -> None:
    # §3.5: Sam's punch under Pugilat; §3.1.6: Joe's dodge, his own roll; Table 3.3 gives DN and
    # Table 3.24 (d10) where the punch landed.
    (_, punch) = blows()
    assert named(punch) == [
        (20, "the attack roll in Pugilat (§3.5)"),
        (90, "Joe Hambuster's dodge roll (§3.1.6)"),
        (6, "where the punch landed (Table 3.24)"),
    ]


def test_a_very_close_blade_names_the_d6_of_its_column_then_the_critical_and_table_3_23_S3_4_1() -> None:
    # §3.4.1: the d6 picks estoc (odd) or taille (even); a CRIT_S undefended is DC (Table 3.3): the
    # critical's 1d6cum, then the location on Table 3.23 (very close column), each its own part.
    (bowie, _) = blows()
    assert (bowie["damage"]["column"], bowie["result"], bowie["location_dice"]) == ("thrust", "DC", [40])
    assert named(bowie) == [
        (1, "the d6 for the column of a very close weapon: odd estoc, even taille (§3.4.1)"),
        (10, "the attack roll in Combat à l'arme blanche (§3.4)"),
        (3, "the critical damage's 1d6cum (Table 3.3)"),
        (40, "where the blow landed (Table 3.23)"),
    ]


def test_a_critical_punch_names_its_d6_the_critical_1d6cum_and_its_d10_where_it_landed_table_3_3_table_3_24() -> None:
    # §3.5, WA11: Sam's punch (Pugilat 34), 10, a réussite critique (≤ 17) undefended: DC (Table
    # 3.3), its 1d6cum 4 (§3.5.4, WA15); then Table 3.24's d10, 5: where the punch landed.
    world = table(SAM, JOE)
    dice(world).add(10, 4, 5)
    strike(world, SAM_N, JOE_N, Blow("punch"))
    (punch,) = recorded(world, "BlowStruck")
    assert (punch["result"], punch["location_dice"]) == ("DC", [5])
    assert named(punch) == [
        (10, "the attack roll in Pugilat (§3.5)"),
        (4, "the critical damage's 1d6cum (Table 3.3)"),
        (5, "where the punch landed (Table 3.24)"),
    ]


def test_an_insisting_character_s_luck_roll_is_named_as_the_CHC_roll_of_S2_1_1() -> None:
    (plain, insisting) = checks()
    assert named(plain) == [(97, "the Armes de poing roll, open-ended (§2.1)"), (40, "the Armes de poing roll, open-ended (§2.1)")]
    assert insisting["outcome"]["luck"] is not None
    assert named(insisting) == [(20, "the CHC roll of one who insists on an impossible Armes de poing roll (§2.1.1)")]


def test_a_skill_improvement_names_its_open_ended_roll_and_the_d4_of_its_gain_S2_3_S2_5() -> None:
    (improved,) = improvements()
    assert improved["outcome"]["gain"] == 3 + 2
    roll = "the improvement roll in Armes de poing (§2.3)"
    assert named(improved) == [(97, roll), (3, roll), (2, "the d4 of the 3 + 1d4 points Armes de poing gains (§2.5)")]


def test_a_wound_names_the_dice_of_its_death_timer_the_unconsciousness_check_and_the_d60_S3_2_9_1_S3_2_6_S3_2_4() -> None:
    (abdomen, thigh, impaled) = wounds()
    timer = "the 3d10 hours left to live after a critical wound to the abdomen (§3.2.9.1)"
    assert named(abdomen) == [(4, timer), (5, timer), (6, timer), (50, "the unconsciousness check's d100 (§3.2.6)")]
    assert thigh["fell_beyond_saving"] is True
    assert named(thigh) == [(60, "the d60 minutes left to one bled beyond saving (§3.2.4)")]
    assert named(impaled) == [(3, "the 1d6cum of the weapon impaling the cuisse droite (§3.4.5.2)")]


def test_the_coma_s_two_END_rolls_are_named_by_what_each_failure_costs_S4_1_3_L2853() -> None:
    (coma,) = comas()
    assert coma["losses"] == {"END": 1}
    assert named(coma) == [
        (10, "the coma's easy END roll whose failure costs 1 INT (§4.1.3)"),
        (90, "the coma's easy END roll whose failure costs 1 END (§4.1.3)"),
    ]


def test_care_names_who_rolled_which_skill_S6_18_2_S3_2_7_4_S6_18_1() -> None:
    bandage, extraction, amputation, surgery = cares()
    assert named(bandage) == [(20, "Doc Holloway's Bandages roll (§6.18.2)")]
    assert named(extraction)[0] == (10, "Doc Holloway's Extraction de balle roll (§3.2.7.4)")
    # §6.18.1: the surgeon's roll, then the patient's END roll at the step its réussite normale
    # calls for (easy): one rule, each die its own part.
    assert amputation["outcome"]["end"] is not None
    assert named(amputation) == [(30, "Doc Holloway's Amputation roll (§6.18.1)"), (10, "the patient's easy END roll (§6.18.1)")]
    assert named(surgery) == [(30, "Doc Holloway's Chirurgie roll (§3.4.5.2)")]


def test_a_forced_pull_names_its_STR_roll_its_1d6cum_and_the_first_aid_S3_4_5_2_L2513_L2527() -> None:
    failed, torn = pulls()
    # Each die its own purpose: the STR roll; then, torn out, each face of the
    # 1d6cum (a 6 rolls again), then the helper's difficult first aid; nothing of a victim's
    # opposing roll where he did not oppose it.
    strength = "Joe Hambuster's FOR roll to pull the weapon out of the cuisse droite (§3.4.5.2)"
    cumulative = "the 1d6cum of tearing it out (§3.4.5.2)"
    assert named(failed) == [(80, strength)]
    assert named(torn) == [
        (30, strength),
        (6, cumulative),
        (3, cumulative),
        (10, "Doc Holloway's difficult first aid halving it (§3.4.5.2)"),
    ]


def test_a_week_of_survival_names_its_roll_then_the_d6_of_days_left_to_live_S6_15() -> None:
    # §6.15: the week's roll, 85, a critical failure under 25%: dying in 1d6 (2) days; then each
    # day the dying survivor's difficult CHC roll.
    week, *days = activities()
    assert week["result"] == {"fate": "dying", "days": 2}
    assert named(week) == [(85, "the week's Survie dans les montagnes roll (§6.15)"), (2, "the d6 of days left to live (§6.15)")]
    assert [named(day) for day in days] == [[(50, "the difficult CHC roll of a dying survivor (§6.15)")]] * 2


# -- through the real command line ------------------------------------------------------------------


def test_audit_show_lists_a_shot_s_dice_with_the_rule_each_fed_S3_3_1(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "joe"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    run(db, "session", "start", CAMPAIGN)
    # The GM's modifiers bring the chance to 10,056%: a réussite extraordinaire (Table 2.1: at
    # most 1,005) unless the open-ended d100 comes up 96 or more ten times running (§2.1). An
    # extraordinary hit adds the critical 1d6cum and goes through, adding the exit 1d6cum (§3.3.1
    # L2153), so its dice are the to-hit roll, the d30 of Table 3.10 and both 1d6cum.
    bonus = [arg for n in range(1, 51) for arg in ("-m", f"favour {n}=200")]
    run(db, "western-parade", "shoot", CAMPAIGN, SAM_N, JOE_N, "-w", COLT, "--distance", "20", *bonus)
    (shot,) = events(db, CAMPAIGN, "ShotFired")
    assert (shot["outcome"]["chance"], shot["outcome"]["quality"]) == (10056, "EXTRA")
    shown = run(db, "audit", "show", short_ref(shot)).stdout
    drawn = f"{SAM_N}'s {ordinal(shot['draw'] + 1)} draw from the dice of {epoch_name(shot['epoch'])}, not revealed yet"
    damage = shot["damage"]
    assert damage["critical"] and damage["exit"]
    # Nothing more was drawn for the shot: the account ends with the damage's dice, the critical
    # 1d6cum's on one line, the exit 1d6cum's on the next.
    assert dice_account(shown) == [
        f"the dice, in the order drawn ({drawn}):",
        f"  d100: {faces(shot['outcome']['faces'])} — {TO_HIT}",
        f"  d30: {faces(shot['location_dice'])} — where the shot hit (Table 3.10)",
        f"  d6: {faces(damage['critical'])} — {CRITICAL}",
        f"  d6: {faces(damage['exit'])} — {EXIT}",
    ]
