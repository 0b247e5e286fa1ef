"""The spine as the round-13 review found it, on a real journal and the real command line: a
Western Parade first aid's odds say what their chance is of, beside the line's own chance (ruling
LK14); an advance by hand between sessions counts the pacing on from its end (TB19)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, text, update
from support import SAMPLES, change_read_model, log_details, run
from test_spine_round10 import MONDAY, standing
from wp_city import scripted_dice

from chronique.adapters.clock import TEST_CLOCK
from chronique.projections.tables import luck as read_luck

WP = "western-parade"
CITY, SAM, DOC = "Shotgun City", "Sam Parkerson", "Doc Holloway"


# -- First aid's odds say what their chance is of (ruling LK14) -----------------------------------


def first_aid_rolled_32(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Doc Holloway gives Sam first aid on a 10-point wound of the right thigh in session 1, the
    d100 rolling 32 (Premiers soins 85)."""
    run(db, "campaign", "new", CITY, "--ruleset", WP, "--start", "1873-04-12 08:00")
    for who in ("sam", "doc"):
        run(db, "character", "new", CITY, "--sheet", str(SAMPLES / f"wp_{who}.toml"))
    run(db, "session", "start", CITY)
    run(db, WP, "body", "wound", CITY, SAM, "right-thigh", "10", "--through")
    scripted_dice(monkeypatch, 32)
    run(db, WP, "body", "first-aid", CITY, SAM, "right-thigh", "--by", DOC)


def test_first_aid_odds_say_they_are_the_chance_of_stopping_any_PH_at_the_easy_chance_S3_2_4_ruling_LK14(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    first_aid_rolled_32(db, monkeypatch)
    # §3.2.4 (WB34): one roll at Premiers soins 85 read at three chances; luck counts it at the
    # easy 110 read open-ended (LK4), 96%. It read "(Doc Holloway had 96% to succeed)" after
    # "chance 85%": two chances of one roll, the second unexplained.
    (details,) = log_details(db, CITY, "--kind", "FirstAidGiven")
    assert details.startswith("first aid by Doc Holloway on the cuisse droite: chance 85% (Premiers soins 85)")
    assert details.endswith("(Doc Holloway had 96% to stop at least 1 PH, at the easy chance)")
    # Luck counts it as before: one roll, a success, at 96%; its kind says what the chance is of.
    (row,) = [line for line in run(db, "--ascii", "luck", CITY, "--by", "kind").stdout.splitlines() if "first aid" in line]
    assert "first aid — to stop at least 1 PH, at the easy chance" in row


def test_a_journal_whose_luck_an_older_chronique_projected_names_first_aid_s_aim_after_migration_0012_ruling_LK14(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    first_aid_rolled_32(db, monkeypatch)
    kinds = select(read_luck.c.kind).where(read_luck.c.kind.like("first aid%"))
    run(db, "luck", CITY)  # a read catches the read models up
    assert change_read_model(db, kinds) == [[("first aid — to stop at least 1 PH, at the easy chance",)]]
    # What an older Chronique left: the kind "first aid", the journal at migration 0011.
    older = text("UPDATE alembic_version SET version_num = '0011'")
    change_read_model(db, update(read_luck).where(read_luck.c.kind.like("first aid%")).values(kind="first aid"), older)
    run(db, "session", "end", CITY)  # the next write's catch-up upgrades it (0012) and refills luck
    run(db, "luck", CITY)
    assert change_read_model(db, kinds) == [[("first aid — to stop at least 1 PH, at the easy chance",)]]


# -- An advance by hand counts the pacing on from its end (ruling TB19) ----------------------------


def at(monkeypatch: pytest.MonkeyPatch, now: datetime) -> None:
    """The wall clock of the commands run from now on, frozen at ``now`` (as the daemon's tests freeze it)."""
    monkeypatch.setenv(TEST_CLOCK, f"{now.isoformat()}@0@0")


def paced(db: str, monkeypatch: pytest.MonkeyPatch, *pace: str) -> None:
    """Verdelune (Cartes, Day 1 08:00) between sessions, paced with ``pace`` on Monday at 00:00 UTC."""
    at(monkeypatch, MONDAY)
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    run(db, "pace", "set", "Verdelune", *pace)


def test_a_weekly_pacing_brings_its_whole_week_the_monday_after_an_advance_by_hand_ruling_tb19(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    paced(db, monkeypatch, "--every", "mon 09:00", "--advance", "1w")
    said = run(db, "advance", "Verdelune", "2d").stdout.splitlines()
    assert said[0] == "advanced 2 days from Day 1 08:00 to Day 3 08:00: nothing happened"
    assert said[1] == "the pacing counts on from here: in-game time moves on 1 week every mon 09:00 (UTC), from Day 3 08:00"
    # Monday 09:00 brings the week the GM paced: Day 10. It brought Day 8, five days, the two
    # moved by hand taken out of the week, as if the GM had meant them as the pacing's own.
    assert standing(db, datetime(2026, 1, 5, 9, tzinfo=UTC)) == "the clock should now be at Day 10 08:00"
    assert run(db, "pace", "show", "Verdelune").stdout.splitlines()[1] == "clock Day 3 08:00; the clock should now be at Day 3 08:00"


def test_a_ratio_pacing_goes_on_from_the_clock_moved_by_hand_never_standing_still_ruling_tb19(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    paced(db, monkeypatch, "--ratio", "60")
    at(monkeypatch, MONDAY + timedelta(minutes=10))  # the pacing puts the clock at Day 1 18:00
    run(db, "advance", "Verdelune", "2d")
    # Ten real minutes on, ten in-game hours on from Day 3 08:00. It stood still at Day 3 08:00
    # for the 48 real minutes the pacing took to reach it.
    assert standing(db, MONDAY + timedelta(minutes=20)) == "the clock should now be at Day 3 18:00"
    # The recount is the advance's own: undone with it, the pacing counts from where it was set.
    run(db, "undo", "Verdelune")
    assert standing(db, MONDAY + timedelta(minutes=20)) == "the clock should now be at Day 2 04:00"


def test_an_advance_short_of_where_the_pacing_puts_the_clock_leaves_the_pacing_be_ruling_tb19(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    paced(db, monkeypatch, "--ratio", "60")
    at(monkeypatch, MONDAY + timedelta(hours=1))  # the pacing puts the clock at Day 3 20:00
    said = run(db, "advance", "Verdelune", "1d").stdout
    assert said == "advanced 1 day from Day 1 08:00 to Day 2 08:00: nothing happened\n"
    # The daemon still catches up to where the pacing puts the clock, as it did.
    assert standing(db, MONDAY + timedelta(hours=1)) == "the clock should now be at Day 3 20:00"
    assert [line for line in log_details(db, "Verdelune") if line.startswith("pacing set")] == [
        "pacing set: 1 minute of in-game time per real second"
    ]


def test_an_advance_past_the_pacing_s_end_does_not_count_it_on_ruling_tb19(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    paced(db, monkeypatch, "--every", "daily 20:00", "--advance", "1d", "--until", "Day 2 08:00")
    # The pacing moves the clock no more past Day 2 08:00: "counting on" would promise what it never does.
    assert run(db, "advance", "Verdelune", "2d").stdout == "advanced 2 days from Day 1 08:00 to Day 3 08:00: nothing happened\n"
    assert standing(db, MONDAY) == (
        "the clock is ahead of the pacing, which puts it at Day 1 08:00 now; "
        "the pacing stops at Day 2 08:00: it will not move the clock again"
    )


# -- A number's argument refused in words, alike in every game (ruling BD24) -----------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        # Elor §Expérience (BD8: 1..100 points); Cartes §Expérience, cards (at least one, C142).
        (("elor", "xp", "award", "Tolosa", "Aldo", "0"), "the number of points must be between 1 and 100 (got 0)"),
        (("cartes", "xp", "award", "Verdelune", "Alice", "0"), "the number of cards must be at least 1 (got 0)"),
        (("microfudge", "atout", "award", "Zombies", "Jim", "101"), "the number must be between -100 and 100 (got 101)"),
        (("western-parade", "downtime", "plan", "Dodge", "Sam", "Tir", "169"), "the number of hours must be between 0 and 168 (got 169)"),
        (("western-parade", "body", "wound", "Dodge", "Sam", "torso", "501"), "the damage must be between 1 and 500 (got 501)"),
        (("western-parade", "body", "drink", "Dodge", "Sam", "nan"), "the number of units must be between 0 and 100 (got nan)"),
        (("advance", "Verdelune", "52143w"), "the duration must be at most 1,000 in-game years (got 52143w)"),
        # An option is named by its flag, as it is typed.
        (("cartes", "draw", "Verdelune", "--count", "0"), "`--count` must be at least 1 (got 0)"),
    ],
)
def test_a_number_out_of_range_is_named_in_words_never_by_its_placeholder_in_capitals_ruling_bd24(
    db: str, args: tuple[str, ...], said: str
) -> None:
    # It read "POINTS must be between 1 and 100 (got 0)": the help's placeholder, not a word.
    run(db, "init")
    result = run(db, *args, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", f"error: {said}\n")
