"""An eleventh Western Parade play-test: a wound that turned untreated again (its tending order
withdrawn, its infection cleaned away while the bullet stayed in) had its daily infection roll
fall due in the past, and every advance of the campaign stopped on an error; a care roll's own
modifier read "wound +25" whatever it was (a preventive cleaning's easy step, the day after a failed
cauterisation); `attacks --help` said `log --character` leaves out the shots at a character, which
it holds since ruling RM5. In memory with scripted dice (tests/westernparade_table.py) and through
the real command line (in process, ``support.run``, and in a subprocess, ``support.chronique``).
Seed 004_cf8278f91236030c.txt (Lnnn), digest /work/shared/rules/western-parade.md."""

from __future__ import annotations

import pytest
from support import board_lines, chronique, log_details, run
from westernparade_table import DOC as DOC_SHEET
from westernparade_table import JOE as JOE_SHEET
from westernparade_table import SAM as SAM_SHEET
from westernparade_table import advanced, of_kind, table
from wp_city import DOC, JOE, SAM, WP, C, scripted_dice, shotgun_city
from wp_recorded import events

from chronique.domain.gametime import DAY
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade.body_events import CareGiven, InfectionRolled
from chronique.domain.rulesets.westernparade.describe import describe

# -- 1. a wound untreated again rolls on from the next day, never in the past (§3.2.7.2; WB57) ----


def test_a_wound_whose_tending_is_withdrawn_is_rolled_for_from_the_next_day_not_in_the_past_S3_2_7_2_ruling_WB57() -> None:
    # 1 point on Joe's right arm (a scratch: no bleeding, §3.2.2), tended by Doc from the hit:
    # cared for, no daily roll (WB15). Five days on the order is withdrawn: "chaque jour" (L1992)
    # the wound may fester again, from the day after, not from the five days it was cared for.
    world = table(JOE_SHEET, DOC_SHEET, dice=[50, 50])
    start = world.campaign.clock
    care.wound(world, JOE, "right-arm", 1, kind="blade")
    care.order_tending(world, JOE, "right-arm", DOC, "Bandages")
    _, recorded = advanced(world, 5 * DAY)
    assert of_kind(InfectionRolled, recorded) == []
    care.order_tending(world, JOE, "right-arm", None, None)
    # Before WB57 the roll fell due on day 1 after the hit, in the past: RuntimeError ("did not
    # move on after firing") from every advance.
    _, recorded = advanced(world, 2 * DAY)
    rolled = of_kind(InfectionRolled, recorded)
    assert [(e.at - start, e.day, e.percent, e.infected) for e in rolled] == [(6 * DAY, 1, 2, False), (7 * DAY, 2, 4, False)]


def test_an_infection_cleaned_away_while_the_bullet_stays_in_rolls_on_from_the_next_day_S3_2_7_2_fn8_S6_18_13_ruling_WB57() -> None:
    # A bullet's 3 in Joe's right arm (minor, 1 PH a round); Doc's 50 stops it (§3.2.4). Day 1 after
    # the hit, 3 PV lost: 6%, the d100 rolls 1: infected. Two days later Doc cleans it (§6.18.13,
    # not easy: it festers), 40 succeeds; the bullet still in keeps the wound untreated (footnote
    # 8, WB15): its days go on, day 2 (12%) and day 3 (18%), from the day after the cleaning.
    world = table(JOE_SHEET, DOC_SHEET, dice=[50, 1, 40, 50, 50])  # 40 of 61: a success
    start = world.campaign.clock
    care.wound(world, JOE, "right-arm", 3)
    care.aid(world, JOE, "right-arm", DOC)
    _, recorded = advanced(world, 3 * DAY)
    assert [(e.at - start, e.day, e.percent, e.infected) for e in of_kind(InfectionRolled, recorded)] == [(DAY, 1, 6, True)]
    assert care.care(world, JOE, "right-arm", DOC, "Nettoyage d'une blessure")["cured"] is True
    _, recorded = advanced(world, 2 * DAY)
    rolled = of_kind(InfectionRolled, recorded)
    assert [(e.at - start, e.day, e.percent, e.infected) for e in rolled] == [(4 * DAY, 2, 12, False), (5 * DAY, 3, 18, False)]


def test_an_untended_wound_advances_in_the_command_line_with_its_roll_the_day_after_S3_2_7_2_ruling_WB57(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    shotgun_city(db)
    run(db, WP, "body", "wound", C, JOE, "right-arm", "1", "--kind", "blade")
    run(db, WP, "body", "tend", C, JOE, "right-arm", "--by", DOC)
    run(db, "session", "end", C)
    # Tended (WB15): no daily roll in the five days.
    assert run(db, "advance", C, "5d", "--yes").stdout == "advanced 5 days from 1873-04-12 08:00 to 1873-04-17 08:00: nothing happened\n"
    assert run(db, WP, "body", "tend", C, JOE, "right-arm").stdout == f"{JOE}'s bras droit: untended\n"
    scripted_dice(monkeypatch, 50)
    assert run(db, "advance", C, "1d", "--yes").stdout == (
        "advanced 1 day from 1873-04-17 08:00 to 1873-04-18 08:00: 1 effect of time\n"
        f"  1873-04-18 08:00  {JOE}: the bras droit is not infected (day 1, 2%)\n"
    )


def test_an_untended_wound_does_not_stop_the_real_advance_and_the_board_dates_its_next_roll_S3_2_7_2_ruling_WB57(db: str) -> None:
    # The real command in a subprocess, its own dice: no die decides what is asserted here.
    shotgun_city(db)
    for args in (
        (WP, "body", "wound", C, JOE, "right-arm", "1", "--kind", "blade"),
        (WP, "body", "tend", C, JOE, "right-arm", "--by", DOC),
        ("session", "end", C),
        ("advance", C, "5d", "--yes"),
        (WP, "body", "tend", C, JOE, "right-arm"),
    ):
        chronique(db, *args)
    board = chronique(db, "downtime", "board", C).stdout
    assert f"1873-04-18 08:00  {JOE} the daily infection roll of the untreated wound in the bras droit" in board_lines(board)
    out = chronique(db, "advance", C, "1d", "--yes", check=False)
    assert (out.returncode, out.stderr) == (0, "")
    (rolled,) = events(db, C, "InfectionRolled")
    assert (rolled["day"], rolled["percent"]) == (1, 2)
    assert chronique(db, "verify", C).returncode == 0


# -- 2. a withdrawn care order leaves the care a skill gave (§6.18.2, §3.2.7.2; rulings WB15, WD22) -


def test_a_bandaged_wound_stays_cared_for_when_a_tending_order_on_it_is_withdrawn_S6_18_2_S3_2_7_2_ruling_WD22() -> None:
    # 4 on Sam's left arm, stopped by Doc's 1 (§3.2.4), bandaged by Doc: cared for (WB15), whatever
    # the bandage's roll (90, no effect). An order to tend it, then withdrawn: the bandage's care
    # stays, no daily infection roll. Before WD22 the withdrawal made it untreated again.
    world = table(SAM_SHEET, DOC_SHEET, dice=[1, 90])
    care.wound(world, SAM, "left-arm", 4, kind="blade")
    care.aid(world, SAM, "left-arm", DOC)
    care.care(world, SAM, "left-arm", DOC, "Bandages")
    care.order_tending(world, SAM, "left-arm", DOC, "Bandages")
    care.order_tending(world, SAM, "left-arm", None, None)
    assert world.character(SAM).condition["wounds"]["left-arm"]["cared"] is True
    _, recorded = advanced(world, 10 * DAY)
    assert of_kind(InfectionRolled, recorded) == []


def test_a_withdrawn_order_on_a_wound_nothing_else_cared_for_leaves_it_untreated_ruling_WB15_WD22() -> None:
    # The same wound, no bandage: the order was its only care, its withdrawal takes it back.
    world = table(SAM_SHEET, DOC_SHEET, dice=[1, 50])
    care.wound(world, SAM, "left-arm", 4, kind="blade")
    care.aid(world, SAM, "left-arm", DOC)
    care.order_tending(world, SAM, "left-arm", DOC, "Bandages")
    care.order_tending(world, SAM, "left-arm", None, None)
    _, recorded = advanced(world, DAY)
    assert [(e.day, e.percent) for e in of_kind(InfectionRolled, recorded)] == [(1, 6)]


def test_the_board_rolls_nothing_for_a_bandaged_wound_whose_order_was_withdrawn_ruling_WD22(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    shotgun_city(db)
    run(db, WP, "body", "wound", C, SAM, "left-arm", "1", "--kind", "blade")  # a scratch: no bleeding
    scripted_dice(monkeypatch, 90)
    run(db, WP, "body", "care", C, SAM, "left-arm", "Bandages", "--by", DOC)
    run(db, WP, "body", "tend", C, SAM, "left-arm", "--by", DOC)
    run(db, WP, "body", "tend", C, SAM, "left-arm")
    assert "infection" not in run(db, "downtime", "board", C).stdout


# -- 3. a care roll's own modifier says what it is (§6.18.13, §6.18.4; ruling WB58) --------------


def test_a_preventive_cleaning_reads_its_easy_step_as_preventive_not_as_wound_S6_18_13_ruling_WB58(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Doc's Nettoyage d'une blessure 61 on Joe's fresh scratch: "si l'action est prophylactique, le
    # jet est facile" (§6.18.13): +25, recorded under the label "wound" as before.
    shotgun_city(db)
    run(db, WP, "body", "wound", C, JOE, "right-arm", "1", "--kind", "blade")
    scripted_dice(monkeypatch, 60)
    line = (
        "Nettoyage d'une blessure by Doc Holloway on the bras droit: chance 86% (Nettoyage d'une blessure 61,"
        " preventive (easy) +25): rolled 60 → réussite normale — the wound is clean"
    )
    (said, _) = run(db, WP, "body", "care", C, JOE, "right-arm", "Nettoyage d'une blessure", "--by", DOC).stdout.splitlines()
    assert said == f"{JOE}: {line}"
    assert log_details(db, C, "--kind", "CareGiven") == [f"{line} ({DOC} had 86% to succeed)"]
    (given,) = events(db, C, "CareGiven")
    assert given["outcome"]["terms"] == {"Nettoyage d'une blessure": 61, "wound": 25}  # the stored event unchanged


def test_a_cauterisation_the_day_after_a_failed_one_reads_its_malus_as_that_S6_18_4_ruling_WB58() -> None:
    # Joe's arm festers (day 1, 3 PV lost: 6%, the d100 rolls 1); Doc's cleaning fails (95), his
    # Cautérisation fails (90: "la tentative du lendemain est pénalisée de 25 %", §6.18.4), and the
    # next one reads that -25 for what it is.
    world = table(JOE_SHEET, DOC_SHEET, dice=[50, 1, 95, 90, 10])
    care.wound(world, JOE, "right-arm", 3, kind="blade")
    care.aid(world, JOE, "right-arm", DOC)
    advanced(world, DAY)
    care.care(world, JOE, "right-arm", DOC, "Nettoyage d'une blessure")
    care.care(world, JOE, "right-arm", DOC, "Cautérisation")
    world.collect()
    care.care(world, JOE, "right-arm", DOC, "Cautérisation")
    (given,) = of_kind(CareGiven, world.collect())
    assert given.outcome["terms"]["wound"] == -25
    assert "chance 31% (Cautérisation 56, the day after a failed try -25): rolled 10" in describe(given)
    assert "wound -25" not in describe(given)


# -- 4. `attacks --help` tells what `log --character` holds (rulings WD18, RM5) -------------------


def test_the_attacks_help_no_longer_says_log_character_leaves_out_the_shots_at_him_it_holds_them_rulings_WD18_RM5(db: str) -> None:
    shotgun_city(db)
    chronique(db, WP, "shoot", C, JOE, SAM, "--weapon", "Colt SA Peacemaker", "--distance", "10")
    shown = " ".join(chronique(db, WP, "attacks", "--help").stdout.split())
    assert "leaves out" not in shown
    assert "the shots and blows alone, where `log --character` also holds his rolls, wounds and care" in shown
    # What the help now says is so: Joe's shot, recorded on Joe, is in Sam's log.
    assert "shot fired" in chronique(db, "log", C, "--character", SAM).stdout
