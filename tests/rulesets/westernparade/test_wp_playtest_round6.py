"""A sixth Western Parade play-test's gaps, each through the real command line (in process,
``support.run``) on a real journal of each backend, or through the rules' pure functions: one out
cold was said to be "up and about" (ruling WB40); he banked training hours out cold (ruling
WC22); a bullet flattened on the skull needed an extraction roll (ruling WB41); the roll for a bullet in
the head did not say whether END or CHC was rolled (ruling WB42). Seed 004_cf8278f91236030c.txt (Lnnn), digest
/work/shared/rules/western-parade.md."""

from __future__ import annotations

from support import run, sample
from westernparade_table import DOC as DOC_SHEET
from westernparade_table import SAM as SAM_SHEET
from westernparade_table import dice, table
from wp_city import DOC, WP, C, shotgun_city

from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade.body_events import BulletDetached, HeadBulletRolled
from chronique.domain.rulesets.westernparade.condition import env_of, new_wound, starting_body
from chronique.domain.rulesets.westernparade.describe import describe
from chronique.domain.rulesets.westernparade.report import body_facts, body_lines
from chronique.domain.rulesets.westernparade.sheet import parse_sheet, sheet_data

# -- 1. one out cold is not up and about (§3.2.6, §4.1.1 L2817; ruling WB40) ---------------------


def test_body_status_says_a_man_in_an_ethylic_coma_lies_unconscious_not_up_and_about_S4_1_1_L2817_ruling_WB40(db: str) -> None:
    shotgun_city(db)
    for units in ("5", "1", "4", "4"):
        run(db, WP, "body", "drink", C, DOC, units)
    shown = run(db, WP, "body", "status", C, DOC).stdout.splitlines()
    assert shown[0].startswith(f"{DOC} is unconscious (an ethylic coma")
    blood = [line for line in shown if line.startswith("blood: ")]
    assert blood and blood[0].endswith("; lying unconscious"), shown
    assert not any("up and about" in line for line in shown)


def test_one_knocked_out_by_a_wound_lies_unconscious_whatever_activity_was_ordered_S3_2_6_ruling_WB40() -> None:
    sheet = sheet_data(parse_sheet(sample("wp_sam")))
    body = starting_body(sheet) | {"settled_at": 0, "unconscious": True, "blackout": {"cause": "wound", "until": 60}}
    body["wounds"] = {"head": new_wound(0) | {"damage": 3, "hits": 1, "stopped": 99}}
    e = env_of(sheet, body, {"healing": "realistic"})
    for ordered in ("active", "moderate"):
        facts = dict(body_facts(body | {"activity": ordered}, e, 0))
        # §3.2.6: out for some rounds, he keeps no activity at all (ruling WB40).
        assert facts["blood"] == "80 of 80 PH; lying unconscious"


# -- 2. training needs a man awake and able (§2.6; ruling WC22) -----------------------------------


def test_an_ethylic_coma_pauses_the_training_plan_and_sobering_up_resumes_it_S2_6_S4_1_1_L2817_ruling_WC22(db: str) -> None:
    shotgun_city(db)
    run(db, WP, "downtime", "plan", C, DOC, "Armes de poing", "20", "--teacher", "Bob", "--teacher-level", "90")
    for units in ("5", "1", "4", "4"):
        run(db, WP, "body", "drink", C, DOC, units)
    run(db, "session", "end", C)
    ticks = run(db, "advance", C, "30m").stdout
    # §2.6: the hours a week are trained by a man awake; out cold, he banks nothing (ruling WC22).
    assert f"{DOC}'s training paused (they lie unconscious)" in ticks
    shown = run(db, WP, "downtime", "show", C, DOC).stdout
    assert "  Armes de poing: paused while they lie unconscious, 20 hours a week with Bob (90%) once up, no time banked" in shown
    # Sober again, he trains again (the drink wears off hour by hour, §4.1).
    later = run(db, "advance", C, "3d").stdout
    assert f"{DOC}'s training resumed (awake again)" in later
    log = run(db, "log", C, "--character", DOC).stdout
    assert "training paused: they lie unconscious" in log and "training resumed: awake again" in log


# -- 3. a flattened bullet in the head comes off without a roll (§3.2.7.3 L1997; ruling WB41) ----

SAM_NAME, DOC_NAME = "Sam Parkerson", "Doc Holloway"


def test_a_bullet_flattened_on_the_skull_is_taken_off_without_a_roll_or_a_bleed_for_one_more_damage_S3_2_7_3_L1997_ruling_WB41() -> None:
    # A derringer's 9 in Sam's head (16 PV): half or more, the bullet enters (L1997); the head
    # wound's check rolls 90 (awake); his roll for the bullet, under the better of jEND 58 and
    # jCHC, rolls 5: a critical success, "la balle s'est en fait écrasée sur l'os".
    world = table(SAM_SHEET, DOC_SHEET, dice=[90, 5])
    care.wound(world, SAM_NAME, "head", 9, source="a derringer")
    sam = world.character(SAM_NAME)
    assert sam.condition["wounds"]["head"]["bullet"] and sam.condition["wounds"]["head"]["entry"] == "flattened"
    ph = sam.condition["ph"]
    world.collect()
    # "Détachée sans problème moyennant un point de dommages supplémentaire": no die is scripted,
    # none is drawn; no failure, no bleed of a PH a minute (§3.2.7.4 is for a bullet extracted).
    care.care(world, SAM_NAME, "head", DOC_NAME, "Extraction de balle")
    (detached,) = world.collect()
    assert isinstance(detached, BulletDetached)
    head = world.character(SAM_NAME).condition["wounds"]["head"]
    assert (head["bullet"], head["damage"], head["per_minute"]) == (False, 10, 0)
    assert world.character(SAM_NAME).condition["ph"] == ph
    assert describe(detached) == (
        f"{DOC_NAME} takes off the bullet flattened on the skull in the tête, no roll needed (§3.2.7.3):"
        " 1 more damage to the location, no bleeding"
    )
    sam = world.character(SAM_NAME)
    assert "bullet" not in " ".join(body_lines(SAM_NAME, sam.condition, care.env(world, sam), world.campaign.clock))


# -- 4. the roll for a bullet in the head says what it was rolled under (§3.2.7.3; ruling WB42) ---


def test_the_roll_for_a_bullet_in_the_head_names_jEND_or_jCHC_S3_2_7_3_L1997_ruling_WB42() -> None:
    # "Un jet de chance ou d'endurance à choix" (L1997): Sam's better is jEND 58 (jCHC 30); 40 is
    # a normal success. The words say which one was rolled, not a bare "chance 58%".
    world = table(SAM_SHEET, DOC_SHEET, dice=[40])
    care.wound(world, SAM_NAME, "head", 8, source="a derringer")
    (rolled,) = [x for x in world.collect() if isinstance(x, HeadBulletRolled)]
    said = "roll for the bullet in the head: chance 58% (END roll 58): rolled 40 → réussite normale — the bullet is removable"
    assert describe(rolled) == said
    # His choice of CHC (``body head-bullet --use CHC``) is said as jCHC.
    dice(world).add(20)
    care.head_bullet_entry(world, SAM_NAME, "CHC")
    (chosen,) = [x for x in world.collect() if isinstance(x, HeadBulletRolled)]
    assert describe(chosen).startswith("roll for the bullet in the head: chance 30% (CHC roll 30): rolled 20 → ")


# -- 5. a gunfight's improvement rolls are earned, not rolled (§2.4.1, §2.4.3; ruling WD20) ------


def test_the_gunfight_command_says_its_rolls_wait_and_its_help_promises_no_roll_S2_4_1_S2_4_3_ruling_WD20(db: str) -> None:
    shotgun_city(db)
    # Typed in lower case, the character is named as the campaign knows him.
    out = run(db, WP, "downtime", "gunfight", C, "sam parkerson").stdout
    # §2.4.1 "a droit à un jet d'amélioration": a roll owed, made with `improve --grant`; §2.4.3:
    # the REP roll comes within the week. No die is cast by the command.
    assert out.splitlines() == [
        "Sam Parkerson: improvement roll 1 in EXP earned, not rolled yet: roll it with `improve --grant 1`",
        "Sam Parkerson: improvement roll 2 in SGF earned, not rolled yet: roll it with `improve --grant 2`",
        "Sam Parkerson: improvement roll 3 in REP earned, not rolled yet: the timeline rolls it within the week",
    ]
    assert "ImprovementRolled" not in run(db, "log", C, "--json").stdout
    helped = " ".join(run(db, WP, "downtime", "gunfight", "--help").stdout.split())
    assert "rolls now" not in helped and "improvement rolls earned, to make with `improve --grant`" in helped
