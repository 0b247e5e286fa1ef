"""A fifth Western Parade play-test's gaps (Dodge City, a party of six over weeks), each through the
real command line (in process, ``support.run``) on a real journal of each backend, or through the
rules' pure functions: a wounded man up and about was told "nothing left to heal" when his wounds
waited for rest (ruling WB36); a characteristic in training read "no progress" beside the hours it
banked, where it waited for a related skill to rise (ruling WC20); which shots and blows concern a
character is the rules' to say, not the command line's (ruling WD19). Where a die decides, the
seeds are scripted (``scripted_services``): Doc's Premiers soins roll 32 of the aid-0 seeds in
Shotgun City. Seed
004_cf8278f91236030c.txt (Lnnn), digest /work/shared/rules/western-parade.md."""

from __future__ import annotations

import pytest
from support import SAMPLES, run, sample, scripted_services
from westernparade_table import DOC, JOE, SAM, SIRINGO, dice, table
from wp_aided import AID_SEEDS, AIDED, first_aided

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, HOUR
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade import events as ev
from chronique.domain.rulesets.westernparade.body_events import CareGiven, HeadBulletRolled, WoundTaken
from chronique.domain.rulesets.westernparade.combat import ShotSetup
from chronique.domain.rulesets.westernparade.condition import env_of, new_wound, pv_of, starting_body
from chronique.domain.rulesets.westernparade.play import shoot
from chronique.domain.rulesets.westernparade.report import body_facts, body_lines, settled_words
from chronique.domain.rulesets.westernparade.sheet import parse_sheet, sheet_data

C = "Dodge City"
WP = "western-parade"
SAM_NAME, JOE_NAME, DOC_NAME = "Sam Parkerson", "Joe Hambuster", "Doc Holloway"
REST = "up and about, and wounds heal only at rest (§3.2.8)"


def dodge_city(db: str, *who: str) -> None:
    """The play-tester's campaign with these sample characters (``sam``, ``joe``...), at its start."""
    run(db, "campaign", "new", C, "--ruleset", WP, "--start", "1873-04-12 08:00")
    for name in who:
        run(db, "character", "new", C, "--sheet", str(SAMPLES / f"wp_{name}.toml"))


# -- A. a wound waits for rest (§3.2.8.1 L2023; ruling WB36) -----------------------------------------


def _sam_with_a_stopped_thigh() -> tuple[dict[str, object], object]:
    # Sam (END 16, PH 80) with a minor thigh wound (5 of 24 PV lost) whose bleeding first aid stopped.
    sheet = sheet_data(parse_sheet(sample("wp_sam")))
    body = starting_body(sheet) | {"settled_at": 0}
    body["wounds"] = {"right-thigh": new_wound(0) | {"damage": 5, "hits": 1, "stopped": 99}}
    return body, env_of(sheet, body, {"healing": "realistic"})


def test_a_wound_up_and_about_is_said_to_wait_for_rest_never_nothing_left_to_heal_S3_2_8_1_L2023_ruling_WB36() -> None:
    body, e = _sam_with_a_stopped_thigh()
    # §3.2.8.1 L2023: "un point de vie par semaine de repos"; up and about, nothing heals (WB14),
    # and the words say why instead of "nothing left to heal" beside a wound 5 PV short.
    assert body["activity"] == "active"
    assert settled_words(body, e) == f"the cuisse droite not healing: {REST}"
    assert ("blood", f"80 of 80 PH; {REST}") in body_facts(body, e, 0)
    # In bed it heals, and the words say so.
    rested = body | {"activity": "bed"}
    assert settled_words(rested, e) == "the cuisse droite healing, 19 of 24 PV"
    assert ("blood", "80 of 80 PH; bed rest") in body_facts(rested, e, 0)
    # Nothing to heal is said only of a body with no wound left to heal.
    assert settled_words(body | {"wounds": {}}, e) == "full blood (80 PH), nothing left to heal"


def test_rest_is_advised_only_where_rest_would_heal_and_nothing_left_to_heal_never_of_a_wound_S3_2_7_2_S3_2_6_ruling_WB36() -> None:
    body, e = _sam_with_a_stopped_thigh()
    infected = body | {"wounds": {"right-thigh": body["wounds"]["right-thigh"] | {"infected_at": 0}}}
    # §3.2.7.2: an infected wound heals in bed no more than up (WB14): no advice to rest, and no
    # "nothing left to heal" beside it.
    assert settled_words(infected, e) == "full blood (80 PH)"
    assert ("blood", "80 of 80 PH; up and about") in body_facts(infected, e, 0)
    # §3.2.6: one out cold is told nothing of getting up or lying down.
    out = body | {"unconscious": True, "blackout": {"cause": "wound", "until": 60}}
    assert settled_words(out, e) == "full blood (80 PH)"
    # ... nor called up and about (ruling WB40).
    assert ("blood", "80 of 80 PH; lying unconscious") in body_facts(out, e, 0)


def test_the_advance_and_the_status_tell_sam_up_and_about_his_thigh_waits_for_rest_S3_2_8_1_ruling_WB36(db: str) -> None:
    services = scripted_services(db, AID_SEEDS)
    try:
        first_aided(services, AIDED, kind="blade", source="Joe's Bowie")
        assert f"blood: 78 of 80 PH; {REST}" in run(db, WP, "body", "status", AIDED, SAM_NAME).stdout
        # Twenty hours up and about: his blood comes back (1 PH every 4 hours, §3.2.4 L1882), the thigh waits.
        day = [tick.account for tick in services.advance(AIDED, lambda campaign: campaign.clock + 20 * HOUR).ticks]
        assert f"{SAM_NAME}: the cuisse droite not healing: {REST}" in day
        assert not [account for account in day if "nothing left to heal" in account]
        # Sent to bed, the next week heals it (realistic, mEND +2: a PV every 5 days, §3.2.8.1).
        services.act(AIDED, lambda w: care.order_activity(w, SAM_NAME, "bed"))
        # Doc tends the cut, so it does not fester meanwhile (§3.2.7.2, ruling WB15).
        services.act(AIDED, lambda w: care.order_tending(w, SAM_NAME, "right-thigh", DOC_NAME, "Bandages"))
        assert "blood: 80 of 80 PH; bed rest" in run(db, WP, "body", "status", AIDED, SAM_NAME).stdout
        week = [tick.account for tick in services.advance(AIDED, lambda campaign: campaign.clock + 7 * DAY).ticks]
        assert f"{SAM_NAME}: the cuisse droite healing, 20 of 24 PV" in week
    finally:
        services.close()


# -- B. a characteristic's training waits for a related skill (§2.7 L1457; ruling WC20) -------------


def test_a_characteristic_in_training_says_which_skill_it_waits_for_not_no_progress_S2_7_L1457_S2_7_1_ruling_WC20(db: str) -> None:
    dodge_city(db, "joe", "doc")
    # §2.7.1 L1468: FOR rises only once one of its skills has risen 5% since the training began;
    # the hours bank meanwhile (§2.6.2), so the sheet says what it waits for.
    run(db, WP, "downtime", "plan", C, JOE_NAME, "FOR", "15")
    run(db, "advance", C, "3w", "--yes")
    skills = "Armes contondantes, Étranglement, Lutte, Parade, Placage or Saut"
    waits = f"no point until one of {skills} has risen 5% since the training began (§2.7)"
    shown = run(db, WP, "downtime", "show", C, JOE_NAME).stdout
    assert f"  FOR: 15 hours a week, 45 hours banked, {waits}\n" in shown
    assert "no progress" not in shown
    sheet = " ".join(run(db, "sheet", C, JOE_NAME).stdout.split("\nTRAINING\n", 1)[1].split())
    assert f"FOR 15 hours a week 45 hours banked, {waits}" in sheet
    # §2.7.3 L1482: AGI needs five of its thirty-four skills, counted rather than listed.
    run(db, WP, "downtime", "plan", C, DOC_NAME, "AGI", "10")
    agi = "no point until 5 of its 34 related skills have risen 5% since the training began, 0 so far (§2.7)"
    assert f"  AGI: 10 hours a week, no time banked, {agi}\n" in run(db, WP, "downtime", "show", C, DOC_NAME).stdout


# -- C. the shots and blows that concern a character (§3.3, §3.3.1 Table 3.9; ruling WD19) ----------


def test_a_shot_concerns_its_shooter_its_target_and_the_bystander_in_its_path_S3_3_1_ruling_WD19() -> None:
    # §3.3.1 L2132: a miss (90 against 56) strays east (d8 3) into Doc, who stands in its path:
    # the Colt's 5 in the d30's 25 (right thigh), a minor wound, no check.
    world = table(SAM, JOE, DOC, SIRINGO, dice=[90, 3, 25])
    shoot(world, SAM_NAME, JOE_NAME, "Colt SA Peacemaker", ShotSetup(distance_m=20), bystander=DOC_NAME)
    (fired,) = [e for e in world.collect() if isinstance(e, ev.ShotFired)]
    sam, joe, doc, siringo = (world.character(n) for n in (SAM_NAME, JOE_NAME, DOC_NAME, "Charlie Siringo"))
    assert ev.ATTACKS == ("ShotFired", "BlowStruck")
    on = str(sam.id)  # a shot is recorded on its shooter's chain
    assert [ev.attack_involves(fired, on, c) for c in (sam, joe, doc, siringo)] == [True, True, True, False]


# -- D. the dead train no more (§2.6.2; ruling WC21) --------------------------------------------------


def test_a_dead_mans_training_stands_as_at_his_death_with_no_next_point_S2_6_2_S3_2_9_1_ruling_WC21(db: str) -> None:
    dodge_city(db, "sam", "siringo")
    # §2.6.2: 20 hours a week under Siringo, each hour counting double: a day banks 5 h 42 min.
    run(db, WP, "downtime", "plan", C, SAM_NAME, "Armes de poing", "20", "--teacher", "Charlie Siringo")
    run(db, "advance", C, "1d", "--yes")
    # §3.2.9.1: a chest wound beyond half its PV below 0 kills outright (8 PV: 20 damage, -12).
    run(db, WP, "body", "wound", C, SAM_NAME, "chest", "20")
    assert run(db, WP, "body", "status", C, SAM_NAME).stdout.startswith(f"{SAM_NAME} is dead")
    run(db, "advance", C, "1w", "--yes")
    at_death = "5 hours, 42 minutes banked, ended at death"
    shown = run(db, WP, "downtime", "show", C, SAM_NAME).stdout
    assert f"  Armes de poing: 20 hours a week with Charlie Siringo (91%), {at_death}; " in shown
    assert "next point" not in shown
    sheet = " ".join(run(db, "sheet", C, SAM_NAME).stdout.split("\nTRAINING\n", 1)[1].split())
    assert at_death in sheet and "next point" not in sheet


# -- E. a permanent loss lowers a location's total, not the PV it has left (§3.2.9.2; ruling WB37) ---


def test_a_permanent_loss_lowers_the_total_pv_never_the_pv_left_S3_2_9_2_L2105_ruling_WB37() -> None:
    # Joe (END 14): the Bowie's 20 in his right arm (14 PV) leaves -6; §3.2.9.2 L2109: -1 to the
    # arm's total per 2 negative points, 11 now, the arm still at -6 (not -9: its negative points
    # heal back, §3.2.9.3 L2124). Then 8 in the right flank (6 of 14 left) and 10 in the abdomen
    # (7 PV: -3): L2107, 1 END and 1 PV of the abdomen's total for good. END 13 lowers every total
    # (Table 1.6): the arm 13 - 3 = 10, the flank 13, the abdomen 7 - 1 = 6; no PV left moves.
    # The abdomen's critical wound calls for §3.2.6's check (99: he stays awake).
    world = table(JOE, dice=[99])
    care.wound(world, JOE_NAME, "right-arm", 20, kind="blade")
    joe = world.character(JOE_NAME)
    e = care.env(world, joe)
    assert (pv_of(joe.condition["wounds"]["right-arm"], "right-arm", e), e.max_pv["right-arm"]) == (-6, 11)
    care.wound(world, JOE_NAME, "right-flank", 8, kind="blade")
    care.wound(world, JOE_NAME, "abdomen", 10, kind="blade")
    joe = world.character(JOE_NAME)
    e = care.env(world, joe)
    assert joe.condition["losses"] == {"END": 1}
    left = {loc: (pv_of(w, loc, e), e.max_pv[loc]) for loc, w in joe.condition["wounds"].items()}
    assert left == {"right-arm": (-6, 10), "right-flank": (6, 13), "abdomen": (-3, 6)}
    # §3.2.6 L1922 counts every point the abdomen took, 10 (× 5 halves: two critical wounds and a
    # major one, rounded up: 50), less 5 for mEND +1 (END 13): 45.
    (taken,) = [x for x in world.collect() if isinstance(x, WoundTaken) and x.location == "abdomen"]
    assert taken.unconsciousness_chance == 45


# -- F. a bullet in the head after a normal failure (§3.2.7.3 L2003; ruling WB38) --------------------


def test_after_a_normal_failure_the_head_bullet_is_extracted_at_difficult_and_a_failure_lodges_it_S3_2_7_3_L2003_ruling_WB38() -> None:
    # A derringer's 9 in Sam's head (16 PV): half or more, the bullet enters (L1997); the major
    # head wound's check (§3.2.6: 9 + 25 - 10 = 24%) rolls 90, he stays awake; his roll for the
    # bullet, the better of jEND 58 and jCHC, rolls 70: a normal failure (L2003).
    world = table(SAM, DOC, dice=[90, 70])
    care.wound(world, SAM_NAME, "head", 9, source="a derringer")
    sam = world.character(SAM_NAME)
    assert sam.condition["head_bullet"] is None and sam.condition["wounds"]["head"]["bullet"]
    words = " ".join(body_lines(SAM_NAME, sam.condition, care.env(world, sam), world.campaign.clock))
    assert "every roll to extract it is difficult, and a failed one leaves it in for good" in words
    # "Chaque jet d'extraction est difficile": Doc's Extraction de balle 79, -25: 54; 60 fails.
    dice(world).add(60)
    done = care.care(world, SAM_NAME, "head", DOC_NAME, "Extraction de balle")
    (given,) = [x for x in world.collect() if isinstance(x, CareGiven)]
    assert given.outcome["terms"] == {"Extraction de balle": 79, "wound": -25} and given.outcome["chance"] == 54
    assert done["success"] is False
    # "Une tentative ratée ... cas de l'échec critique": in too deep to be removed, rolled yearly.
    sam = world.character(SAM_NAME)
    assert not sam.condition["wounds"]["head"]["bullet"]
    assert sam.condition["head_bullet"] == {"status": "lodged", "next_at": world.campaign.clock + 365 * DAY, "count": 0}
    with pytest.raises(RuleViolation, match="^there is no bullet in Sam Parkerson's tête$"):
        care.care(world, SAM_NAME, "head", DOC_NAME, "Extraction de balle")


# -- G. a removable bullet in the head whose first extraction fails (§3.2.7.3 L2001; ruling WB39) ----


def test_a_failed_first_extraction_of_a_removable_head_bullet_brings_the_victims_new_chc_roll_S3_2_7_3_L2001_ruling_WB39() -> None:
    # Sam's head takes the derringer's 9: the check rolls 90 (awake), his roll for the bullet 40
    # under 58, a normal success: "extraite comme dans n'importe quelle autre localisation".
    world = table(SAM, DOC, dice=[90, 40])
    care.wound(world, SAM_NAME, "head", 9, source="a derringer")
    # Doc's first attempt at 79 rolls 85, a failure: "un nouveau jet de chance" (CHC 10: jCHC 30),
    # 90 above 80, a critical failure: the bullet is in too deep to be removed (L2005).
    dice(world).add(85, 90)
    world.collect()
    care.care(world, SAM_NAME, "head", DOC_NAME, "Extraction de balle")
    recorded = world.collect()
    assert [type(x).__name__ for x in recorded] == ["CareGiven", "HeadBulletRolled"]
    rolled = recorded[1]
    assert isinstance(rolled, HeadBulletRolled)
    assert (rolled.outcome["chance"], rolled.outcome["faces"], rolled.status) == (30, [90], "lodged")
    sam = world.character(SAM_NAME)
    assert sam.condition["head_bullet"]["status"] == "lodged" and not sam.condition["wounds"]["head"]["bullet"]


def test_a_later_failed_extraction_of_a_removable_head_bullet_rolls_nothing_more_S3_2_7_3_L2001_ruling_WB39() -> None:
    # The new roll comes after the first attempt only (L2001): here the second, which fails again.
    world = table(SAM, DOC, dice=[90, 40, 85, 20])
    care.wound(world, SAM_NAME, "head", 9, source="a derringer")
    world.collect()
    care.care(world, SAM_NAME, "head", DOC_NAME, "Extraction de balle")  # 85 fails; the CHC roll 20
    (again,) = [x for x in world.collect() if isinstance(x, HeadBulletRolled)]
    assert (again.outcome["faces"], again.status) == ([20], "removable")  # 20 under 30: still removable
    dice(world).add(85)
    world.collect()
    care.care(world, SAM_NAME, "head", DOC_NAME, "Extraction de balle")
    assert [type(x).__name__ for x in world.collect()] == ["CareGiven"]
    assert world.character(SAM_NAME).condition["wounds"]["head"]["bullet"]
