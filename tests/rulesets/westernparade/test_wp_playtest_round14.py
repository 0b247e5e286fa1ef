"""A fourteenth Western Parade play-test: a long-distance run took the wound penalty given when it
began (``--wounds``) where §6.17.2 shortens each day's distance by the wounds the runner has that
day, legs doubled (ruling WB61); a blow's defence skill or timing given with no defence declared
was dropped unsaid (ruling WD24). Over a scripted table, and through the real command line (in
process, ``support.run``, with scripted dice where a roll decides). Seed
004_cf8278f91236030c.txt (Lnnn), digest /work/shared/rules/western-parade.md."""

from __future__ import annotations

import pytest
from support import log_details, run, stored
from westernparade_table import DOC as DOC_SHEET
from westernparade_table import SAM as SAM_SHEET
from westernparade_table import advanced, dice, of_kind, table
from wp_city import DOC, JOE, SAM, WP, C, refused, scripted_dice, shotgun_city

from chronique.domain.gametime import DAY
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade.downtime_events import ActivityRolled
from chronique.domain.rulesets.westernparade.wounds import WoundState, running_shortfall

# -- 1. a run's wounds are the body's on the day (§6.17.2 L5067; WB61) ----------------------------


def test_a_run_is_shortened_by_the_wounds_of_the_day_not_those_it_began_with_S6_17_2_L5067_ruling_WB61() -> None:
    # Sam takes up running unhurt, then a blade's 10 in his right leg (6 of 16 PV): Doc's first aid
    # rolls 10, a full stop and a PV back, 7 of 16, a major wound treated (Table 3.6: -5), doubled
    # in a leg (L5067): the day is 10% shorter. A day on, the untreated wound's infection (9 PV
    # lost: 18%) and the run roll 50: Course de longue distance 32, a normal failure, half of his
    # 60 km (50 + 5 x mEND 2), less 10%: 27 km. The run began unhurt: the old reading gave 30 km.
    world = table(SAM_SHEET, DOC_SHEET)
    start = world.campaign.clock
    dt.start_activity(world, SAM, "running")
    care.wound(world, SAM, "right-leg", 10, kind="blade")
    dice(world).add(10)
    care.aid(world, SAM, "right-leg", DOC)
    dice(world).add(50, 50)
    ticks, recorded = advanced(world, DAY)
    (ran,) = of_kind(ActivityRolled, recorded)
    assert (ran.at - start, ran.outcome["terms"], ran.outcome["quality"]) == (DAY, {"Course de longue distance": 32}, "NORM_F")
    assert (ran.wound_percent, ran.result) == (10, {"metres": 27000})
    assert [t.account for t in ticks if "running" in t.account] == [
        f"{SAM}: running (Course de longue distance): covers 27 km (10% less for wounds, §6.17.2)"
    ]


def test_the_legs_penalties_count_double_on_a_run_the_arms_and_head_once_S6_17_2_L5067_Table_3_6_ruling_WB61() -> None:
    # Table 3.6 for a right-hander: a major wound treated in the left thigh -5, doubled -10; a fresh
    # minor one in the right foot -5, doubled -10; a fresh major one in the left (not weapon) arm
    # -10; a treated minor one in the head -5; a scratch nothing. 10 + 10 + 10 + 5 = 35% shorter.
    wounds = {
        "left-thigh": (WoundState.MAJOR, True),
        "right-foot": (WoundState.MINOR, False),
        "left-arm": (WoundState.MAJOR, False),
        "head": (WoundState.MINOR, True),
        "right-leg": (WoundState.SCRATCH, False),
    }
    assert running_shortfall(wounds, "right") == 35
    assert running_shortfall({}, "right") == 0


def test_a_run_recorded_before_ruling_WB61_reads_its_wounds_from_its_activity_S6_17_2_ruling_WB61() -> None:
    # ActivityRolled v3 kept no wound percent: a run's was its activity's own ``wounds`` option,
    # fixed when it began; any other activity has none.
    before = {"kind": "running", "options": {"terrain": "plat", "wounds": 20}}
    run_ = {"kind": "running", "before": before, "end_modifier": 2}
    ActivityRolled.upcast_stored(run_)
    hunt = {"kind": "hunting", "before": {"kind": "hunting", "options": {}}, "end_modifier": None}
    ActivityRolled.upcast_stored(hunt)
    unkept: dict[str, object] = {"kind": "running"}
    ActivityRolled.upcast_stored(unkept)
    assert (run_["wound_percent"], hunt["wound_percent"], unkept["wound_percent"]) == (20, None, None)
    assert ActivityRolled.class_version == 4


def test_the_log_says_the_run_s_distance_and_the_wounds_that_shortened_it_S6_17_2_ruling_WB61(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As above through the command line: the blade's 10 in the right leg, Doc's first aid rolls
    # 10, then a day: the infection (18%) and the run roll 50.
    shotgun_city(db)
    run(db, WP, "downtime", "activity", C, SAM, "running")
    run(db, WP, "body", "wound", C, SAM, "right-leg", "10", "--kind", "blade")
    scripted_dice(monkeypatch, 10, 50, 50)
    run(db, WP, "body", "first-aid", C, SAM, "right-leg", "--by", DOC)
    assert (
        "Sam Parkerson: running (Course de longue distance): covers 27 km (10% less for wounds, §6.17.2)"
        in run(db, "advance", C, "1d").stdout
    )
    assert log_details(db, C, "--kind", "ActivityRolled") == [
        "running: chance 32% (Course de longue distance 32): rolled 50 → échec normal — covers 27 km (10% less for wounds, §6.17.2)"
        " (Sam Parkerson had 32% to succeed)"
    ]


def test_a_run_s_wounds_given_by_hand_are_refused_S6_17_2_ruling_WB61(db: str) -> None:
    # The body says the wounds at each day's roll: a percent given when the run begins is refused,
    # nothing recorded, and the option is no longer offered in the help.
    shotgun_city(db)
    assert refused(db, WP, "downtime", "activity", C, SAM, "running", "--wounds", "20") == (
        "error: a run's wounds are no option: each day's roll takes them from the body as it stands (§6.17.2)"
    )
    assert "--wounds" not in run(db, WP, "downtime", "activity", "--help").stdout


# -- 2. a defence's skill or timing needs a defence (§3.1.6; WD24) --------------------------------


def test_a_blow_given_a_defence_skill_or_timing_but_no_defence_is_refused_S3_1_6_ruling_WD24(db: str) -> None:
    # Sam punches Joe, the GM names Joe's Esquive (typed in lower case) or a timing but forgets
    # --defence dodge: the blow was rolled undefended, the skill dropped unsaid. Refused, nothing
    # recorded; with the defence declared the blow is rolled.
    shotgun_city(db)
    strike = (WP, "strike", C, SAM, JOE, "-w", "punch")
    assert refused(db, *strike, "--defence-skill", "esquive") == (
        "error: Esquive is a defence skill, but no defence is declared: a dodge or a parry (§3.1.6)"
    )
    assert (
        refused(db, *strike, "--timing", "10") == "error: a timing is a defence's, but no defence is declared: a dodge or a parry (§3.1.6)"
    )
    before = len(stored(db))
    out = run(db, *strike, "--defence", "dodge", "--defence-skill", "esquive")
    assert out.stdout.splitlines()[1].startswith("Joe Hambuster: chance ")
    assert len(stored(db)) > before


# -- 3. the day after a sprain says the sprain (§6.17.2 L5075; WC35) ------------------------------


def test_the_day_after_a_catastrophic_run_says_its_malus_is_the_sprained_ankle_S6_17_2_L5075_ruling_WC35() -> None:
    # Day 1: 97 + 77 = 174 against Course de longue distance 32, a catastrophic failure, a tenth
    # of 60 km and the ankle sprained; day 2 rolled at 32 - 25 = 7% (50, a normal failure): the
    # term reads "sprained ankle", where it read "modifier".
    world = table(SAM_SHEET)
    dt.start_activity(world, SAM, "running")
    dice(world).add(97, 77, 50)
    _, recorded = advanced(world, 2 * DAY)
    first, second = of_kind(ActivityRolled, recorded)
    assert (first.outcome["quality"], first.result) == ("CATA_F", {"metres": 6000})
    assert (second.outcome["terms"], second.outcome["chance"], second.result) == (
        {"Course de longue distance": 32, "sprained ankle": -25},
        7,
        {"metres": 30000},
    )


# -- 4. refusals say proximity, cover and what was typed in words (§3.3.2, Table 3.19; WD25) ------


def test_a_shot_refused_for_its_aim_or_cover_at_very_far_proximity_says_them_in_words_S3_3_2_Table_3_19_ruling_WD25(db: str) -> None:
    # 80 m is very far for Sam (mACV 0: far ends at 50 m, §3.3.2 L2262), within his Peacemaker's
    # long range (100 m): Table 3.13 has no head there, Table 3.19 no target 76% covered. They said
    # "at very-far proximity", "a target full covered", and a mistyped choice as Python quotes it.
    shotgun_city(db)
    shot = (WP, "shoot", C, SAM, JOE, "-w", "Colt SA Peacemaker", "--distance", "80")
    assert refused(db, *shot, "--aim", "head") == "error: aiming at the head is impossible at very far proximity (Tables 3.11, 3.13)"
    assert refused(db, *shot, "--aim", "upper") == "error: aiming at the upper body is impossible at very far proximity (Tables 3.11, 3.13)"
    assert (
        refused(db, *shot, "--cover", "full") == "error: a target 76% or more under cover cannot be shot at very far proximity (Table 3.19)"
    )
    assert refused(db, *shot, "--cover", "huge") == "error: cover is one of none, quarter, half, full, not “huge”"
    assert refused(db, *shot, "--aim", "left-upper") == "error: aim at upper, without a side, not “left-upper”"
    assert refused(db, WP, "downtime", "activity", C, SAM, "flying") == (
        "error: no long-period activity “flying” (one of survival, banking, speculation, bookkeeping, panning, hunting, running)"
    )
    assert (
        refused(db, WP, "roll", C, SAM, "-c", "XYZ")
        == "error: no characteristic “XYZ” (one of FOR, END, AGI, INT, APP, CHR, CHC, SGF, EXP, ACV, VIT, REP)"
    )


# -- 5. a pending roll says what eases it, without brackets in brackets (§2.4.3; WD26) -----------


def test_a_gunfight_s_REP_roll_says_what_eases_it_where_earned_and_where_it_waits_S2_4_3_ruling_WD26(db: str) -> None:
    # Sam (REP 8) put three out of action (-5 for each beyond the first) and won two duels, one
    # against REP 12 (-5, and -5 per 2 points above his: -15), one against REP 8 (-5): his REP
    # roll is eased by 30. The command said only "earned, not rolled yet"; `downtime show` said
    # "REP (rumour of the gunfight (§2.4.3))", the ease left out; the log said it.
    shotgun_city(db)
    out = run(db, WP, "downtime", "gunfight", C, SAM, "--put-out", "3", "--duel", "12", "--duel", "8").stdout
    assert out.splitlines()[2] == (
        "Sam Parkerson: improvement roll 3 in REP earned, eased by 30, not rolled yet: the timeline rolls it within the week"
    )
    shown = run(db, WP, "downtime", "show", C, SAM).stdout.splitlines()
    assert [line for line in shown if "pending roll" in line] == [
        "  pending roll 1 in EXP: active part in a gunfight (§2.4.1)",
        "  pending roll 2 in SGF: active part in a gunfight (§2.4.1)",
        "  pending roll 3 in REP: rumour of the gunfight (§2.4.3), eased by 30",
    ]
    assert (
        log_details(db, C, "--kind", "ImprovementGranted")[2]
        == "earned an improvement roll in REP: rumour of the gunfight (§2.4.3), eased by 30"
    )
