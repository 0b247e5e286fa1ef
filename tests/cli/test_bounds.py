"""Every number a command accepts has a range (issue 18, items 1 and 3): a value outside it is refused
in one line naming the option and its range, exit 2, and the journal is left as it was, on both
backends. The ranges, and the rulebook sections they come from, are in domain/limits.py. Before
them, an integer above 2^64 was stored, read back as a float and broke the journal for good; an
award of 10^11 cards ran until killed, and a draw of a million cards wrote 21,283 events."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import SAMPLES, run, sample, stored
from verdelune_party import verdelune_party

from chronique.domain.limits import STORABLE

NO_CAPITAL = "`--capital` must be between $0.01 and $10,000,000.00 (got $0.00)"  # rulings BD11, WC31: in dollars

HUGE = str(10**25)


def refused(db: str, *args: str) -> str:
    """Run a command that must be refused as bad input: exit 2, one line on stderr, nothing on
    stdout, the stored rows unchanged. Its one line is returned for the caller to read."""
    before = stored(db)
    result = run(db, *args, check=False)
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert result.stdout == ""
    assert stored(db) == before
    return lines[0]


def cartes(db: str, session: bool = False) -> str:
    """A Cartes campaign with Alice (cli/samples/alice.toml), a session open if ``session``."""
    return verdelune_party(db, session=session)


# -- durations and dates: at most 1,000 in-game years (domain/limits.py MAX_DURATION) -------------


@pytest.mark.parametrize("duration", ["99999999999999999999w", "52143w", "365001d"])
def test_an_advance_beyond_a_thousand_in_game_years_is_refused(db: str, duration: str) -> None:
    campaign = cartes(db)
    line = refused(db, "advance", campaign, duration)
    assert line == f"error: the duration must be at most 1,000 in-game years (got {duration})"


def test_an_advance_of_a_thousand_in_game_years_is_taken(db: str) -> None:
    run(db, "campaign", "new", "Empty", "--ruleset", "cartes", "--start", "Day 1 00:00")
    run(db, "advance", "Empty", "365000d", "--yes")
    assert "Day 365001 00:00" in run(db, "campaign", "show", "Empty").stdout


@pytest.mark.parametrize("day", ["99999999999999999999", "365001"])
def test_an_advance_to_a_day_beyond_the_last_is_refused(db: str, day: str) -> None:
    campaign = cartes(db)
    line = refused(db, "advance", campaign, "--to", f"Day {day} 08:00")
    assert line == f"error: the day of `--to` must be between 1 and 365,000 (got {int(day):,})"


def test_an_advance_to_a_date_more_than_a_thousand_years_ahead_is_refused(db: str) -> None:
    # Gregorian dates stop at the year 9999 (Python's calendar): 8,126 years after 1873.
    run(db, "campaign", "new", "Dodge", "--ruleset", "western-parade", "--start", "1873-05-01")
    line = refused(db, "advance", "Dodge", "--to", "9999-01-01 08:00")
    assert line == "error: an advance must be at most 1,000 in-game years (got 9999-01-01 08:00)"


def test_a_campaign_starting_beyond_the_last_day_is_refused(db: str) -> None:
    run(db, "init")
    line = refused(db, "campaign", "new", "S", "--ruleset", "cartes", "--start", "Day 99999999999999999999 08:00")
    assert line == "error: the day of `--start` must be between 1 and 365,000 (got 99,999,999,999,999,999,999)"


def test_a_day_of_more_digits_than_python_reads_as_a_number_is_refused_in_words(db: str) -> None:
    # Python refuses to read over 4,300 digits as one int, in its own words about its settings.
    run(db, "init")
    day = "9" * 5000
    line = refused(db, "campaign", "new", "S", "--ruleset", "cartes", "--start", f"Day {day} 08:00")
    assert line == "error: the day of `--start` must be between 1 and 365,000 (got a number of 5,000 digits)"


def test_a_pacing_step_or_ratio_beyond_its_range_is_refused(db: str) -> None:
    campaign = cartes(db)
    line = refused(db, "pace", "set", campaign, "--every", "mon 09:00", "--advance", "99999999999999999999w")
    assert line == "error: `--advance` must be at most 1,000 in-game years (got 99999999999999999999w)"
    line = refused(db, "pace", "set", campaign, "--ratio", HUGE)
    assert line == f"error: `--ratio` must be between 1 and 365,000 (got {10**25:,})"
    # A negative step was a traceback (issue 18, item 4): it is not a duration at all.
    assert refused(db, "pace", "set", campaign, "--every", "mon 09:00", "--advance", "-1w") == (
        "error: “-1w” is not a duration (write e.g. `30s`, `10m`, `3h`, `2d`, `1w`)"
    )


@pytest.mark.parametrize("port", ["0", "-1", "65536", "99999999999"])
def test_a_web_port_outside_1_to_65535_is_refused_before_serving(db: str, port: str) -> None:
    assert refused(db, "serve", "--port", port).startswith("error: `--port` must be between 1 and 65,535 (got ")


@pytest.mark.parametrize("tick", ["nan", "0", "-1", "1e9"])
def test_a_daemon_tick_outside_a_twentieth_of_a_second_to_a_day_is_refused(db: str, tick: str) -> None:
    cartes(db)
    assert refused(db, "daemon", "--tick", tick).startswith("error: `--tick` must be between 0.05 and 86400 seconds (got ")


# -- modifiers within each game's scale -----------------------------------------------------------


def test_a_cartes_modifier_beyond_twenty_or_damage_beyond_36_is_refused_Tirage_L209(db: str) -> None:
    campaign = cartes(db, session=True)
    line = refused(db, "cartes", "test", campaign, "Alice", "Contact", "--modifier", HUGE)
    assert line == f"error: `--modifier` must be between -20 and 20 (got {10**25:,})"
    line = refused(db, "cartes", "test", campaign, "Alice", "Contact", "--modifier", "-21")
    assert line == "error: `--modifier` must be between -20 and 20 (got -21)"
    # §Encaissement des dommages L339-351: a king (13), +3 on a spade, and a weapon bonus of at most 20.
    line = refused(db, "cartes", "wound", campaign, "Alice", "--damage", "37", "--lethality", "moyenne")
    assert line == "error: `--damage` must be between 1 and 36 (got 37)"
    # A blow of no damage is no wound (§Encaissement des dommages): 0 is refused too, as the range says.
    line = refused(db, "cartes", "wound", campaign, "Alice", "--damage", "0", "--lethality", "moyenne")
    assert line == "error: `--damage` must be between 1 and 36 (got 0)"


def test_a_microfudge_modifier_beyond_ten_ranks_is_refused_s1_2(db: str, tmp_path: Path) -> None:
    (tmp_path / "harvey.toml").write_text('name = "Harvey"\nstatus = "hero"\n[ranks]\nPilotage = 5\n', encoding="utf-8")
    run(db, "campaign", "new", "Zombies", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    run(db, "character", "new", "Zombies", "--sheet", str(tmp_path / "harvey.toml"))
    line = refused(db, "microfudge", "test", "Zombies", "Harvey", "Pilotage", "--modifier", HUGE)
    assert line == f"error: `--modifier` must be between -10 and 10 (got {10**25:,})"
    line = refused(db, "microfudge", "atout", "award", "Zombies", "Harvey", str(10**20))
    assert line == f"error: the number must be between -100 and 100 (got {10**20:,})"


def test_an_elor_difficulty_or_effort_beyond_twenty_is_refused_Attaque_L538(db: str, tmp_path: Path) -> None:
    aldo = 'name = "Aldo"\nfaculties = { P = 1, C = 2, E = 0, M = -1 }\nprofessions = { Guerrier = 2 }\nfamiliarities = { "Épées" = 2 }\n'
    (tmp_path / "aldo.toml").write_text(aldo, encoding="utf-8")
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    run(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / "aldo.toml"))
    assert (
        refused(db, "elor", "test", "Tolosa", "Aldo", "--difficulty", HUGE)
        == f"error: `--difficulty` must be between -20 and 20 (got {10**25:,})"
    )
    assert refused(db, "elor", "test", "Tolosa", "Aldo", "--effort", "21") == "error: `--effort` must be between 0 and 20 (got 21)"


def test_a_western_parade_modifier_beyond_two_hundred_percent_is_refused_s1_6_3(db: str) -> None:
    run(db, "campaign", "new", "Dodge", "--ruleset", "western-parade", "--start", "1873-05-01")
    run(db, "character", "new", "Dodge", "--sheet", str(SAMPLES / "wp_sam.toml"))
    care = ("western-parade", "body", "care", "Dodge", "Sam Parkerson", "head", "Bandages", "--by", "Sam Parkerson")
    line = refused(db, *care, "--modifier", f"huge={HUGE}")
    # Ruling WB59: the body's care takes its modifiers LABEL=VALUE, as `roll` does.
    assert line == f"error: the modifier “huge” must be between -200 and 200 (got {10**25:,})"


# -- counts within what the campaign's table holds: its general deck (Cartes, §Fournitures nécessaires L73-77) --
# Ruling C142: the bound is the campaign's own deck (two packs, 104 cards), no longer three decks' 156.


def test_a_draw_of_more_cards_than_three_decks_is_refused(db: str) -> None:
    campaign = cartes(db, session=True)
    said = refused(db, "cartes", "draw", campaign, "--count", "1000000")
    assert said.startswith("error: the general deck cannot give 1,000,000 cards: of the 2 packs (104 cards), ")


@pytest.mark.parametrize("session", [False, True], ids=["between-sessions", "in-a-session"])
def test_an_award_of_more_cards_than_three_decks_is_refused(db: str, session: bool) -> None:
    # In a session an award draws its cards at once: 10^11 of them ran until killed.
    campaign = cartes(db, session=session)
    for count in (str(10**20), "100000000000"):
        said = refused(db, "cartes", "xp", "award", campaign, "Alice", count)
        assert said.startswith("error: Alice can be awarded at most ") and "the general deck's 2 packs (104 cards)" in said


# -- the store, last of all: no integer it cannot give back exactly ------------------------------


def test_an_integer_the_journal_cannot_give_back_is_refused_by_the_store_in_the_players_words(db: str, tmp_path: Path) -> None:
    # A number no range bounds (an NPC's pile maximum: the GM's, no creation budget) reaches the
    # store: it refuses it in one line naming the number as the sheet does, not the event's path.
    cartes(db)
    for pile_max in (STORABLE + 1, 10**20):
        brigand = tmp_path / f"brigand-{pile_max}.json"
        brigand.write_text(json.dumps(dict(sample("brigand"), pile_max=pile_max)), encoding="utf-8")
        line = refused(db, "character", "new", "Verdelune", "--sheet", str(brigand))
        assert line == f"error: the pile max {pile_max} is beyond the ±9,007,199,254,740,991 a journal can store; nothing was recorded"
    assert "Alice" in run(db, "campaign", "show", "Verdelune").stdout


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("body", "wound", "Shotgun City", "Sam Parkerson", "right-thigh", "99999999999"), "the damage must be between 1 and 500"),
        (
            ("body", "press", "Shotgun City", "Sam Parkerson", "right-thigh", "--rounds", "100000000000000"),
            "`--rounds` must be between 1 and",
        ),
        (("body", "drink", "Shotgun City", "Sam Parkerson", "nan"), "the number of units must be between 0 and 100 (got "),
        (("body", "drink", "Shotgun City", "Sam Parkerson", "inf"), "the number of units must be between 0 and 100 (got "),
    ],
)
def test_western_parade_body_numbers_have_a_range(db: str, args: tuple[str, ...], named: str) -> None:
    run(db, "campaign", "new", "Shotgun City", "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", "Shotgun City", "--sheet", str(SAMPLES / "wp_sam.toml"))
    before = stored(db)
    result = run(db, "western-parade", *args, check=False)
    assert result.returncode == 2 and result.stdout == "", result
    assert result.stderr.count("\n") == 1 and named in result.stderr, result.stderr
    assert stored(db) == before


# -- every other number of a command: a range each (domain/limits.py, ruling BD8) ----------------
# The callbacks refuse before the journal is opened: the campaign need not exist for the refusal.

ELOR_ATTACK = ("elor", "attack", "Tolosa", "Aldo", "Bruto", "--weapon", "Arc", "--ranged", "--target-size", "1.1", "--distance", "20")
ELOR_LONG = ("elor", "long-action", "start", "Tolosa", "Aldo", "forge the sword", "--degrees", "5")
TELEKINESIS = ("microfudge", "power", "Zombies", "Harvey", "telekinesie")
SHOOT = ("western-parade", "shoot", "Dodge", "Sam", "Joe", "--weapon", "Colt")
PLAN = ("western-parade", "downtime", "plan", "Dodge", "Sam", "Tir")
DOWNTIME = ("western-parade", "downtime")


@pytest.mark.parametrize(
    ("args", "line"),
    [
        # Elor §Attaque à distance L544-603: the tables end at 1,000 m of size, 10,000 m, 2,500 km/h.
        ((*ELOR_ATTACK[:-1], HUGE), f"`--distance` must be between 0 and 100,000 (got {10**25:,})"),
        ((*ELOR_ATTACK[:-1], "-1"), "`--distance` must be between 0 and 100,000 (got -1)"),
        ((*ELOR_ATTACK[:-3], "nan", "--distance", "20"), "`--target-size` must be between 0.01 and 10000 metres (got nan)"),
        ((*ELOR_ATTACK, "--target-speed", "25001"), "`--target-speed` must be between 0 and 25,000 (got 25,001)"),
        ((*ELOR_ATTACK, "--angle", "361"), "`--angle` must be between 0 and 360 (got 361)"),
        ((*ELOR_ATTACK, "--erratic", "3"), "`--erratic` must be between 0 and 2 (got 3)"),
        # §3.1: one die plus one per effort point, a degree each.
        ((*ELOR_ATTACK, "--simultaneous", "--opponent-attack", "22"), "`--opponent-attack` must be between 0 and 21 (got 22)"),
        # §Humains L862-882: a location holds 3 to about 20 HP.
        (("elor", "damage", "Tolosa", "Aldo", "--amount", HUGE), f"`--amount` must be between 1 and 100 (got {10**25:,})"),
        (("elor", "damage", "Tolosa", "Aldo", "--amount", "-1"), "`--amount` must be between 1 and 100 (got -1)"),
        (("elor", "xp", "award", "Tolosa", "Aldo", "101"), "the number of points must be between 1 and 100 (got 101)"),
        # §Actions longues L436-452 and the risk clock (E-T6: a D10 at most the threshold).
        ((*ELOR_LONG[:-1], "1001"), "`--degrees` must be between 1 and 1,000 (got 1,001)"),
        ((*ELOR_LONG, "--hours-per-day", "25"), "`--hours-per-day` must be between 1 and 24 (got 25)"),
        ((*ELOR_LONG, "--start-hour", "24"), "`--start-hour` must be between 0 and 23 (got 24)"),
        ((*ELOR_LONG, "--risk", "police", "--risk-threshold", "11"), "`--risk-threshold` must be between 0 and 10 (got 11)"),
        ((*ELOR_LONG, "--risk", "police", "--risk-step", "-1"), "`--risk-step` must be between 0 and 10 (got -1)"),
        ((*ELOR_LONG, "--unit", "99999999999w"), "`--unit` must be at most 1,000 in-game years (got 99999999999w)"),
        ((*ELOR_LONG, "--risk", "police", "--risk-every", "52143w"), "`--risk-every` must be at most 1,000 in-game years (got 52143w)"),
        # MicroFudge «Télékinésie» L586-L607 (§7.4): a tonne, for 6 Sequences at most.
        ((*TELEKINESIS, "--grams", HUGE), f"`--grams` must be between 0 and 1,000,000 (got {10**25:,})"),
        ((*TELEKINESIS, "--grams", "10", "--sequences", "7"), "`--sequences` must be between 1 and 6 (got 7)"),
        # Cartes §Vigilance et discrétion L385-427: the range scale ends at 10,000 m.
        (("cartes", "spot", "V", "Alice", "Bruno", "--distance", HUGE), f"`--distance` must be between 0 and 100,000 (got {10**25:,})"),
        # Western Parade Tables 5.1-5.4: no firearm reaches 2,800 m at long range.
        ((*SHOOT, "--distance", HUGE), f"`--distance` must be between 0 and 10,000 (got {10**25:,})"),
        # §2.6.1 L1421 (a week of 168 hours), §1.6.3 (percentages), §2.4.3 (a gunfight), §1.7.2 (REP), §6.8 (a capital, WC31).
        ((*PLAN, "169"), "the number of hours must be between 0 and 168 (got 169)"),
        ((*PLAN, "10", "--teacher", "Doc", "--teacher-level", "201"), "`--teacher-level` must be between -200 and 200 (got 201)"),
        ((*DOWNTIME, "gunfight", "Dodge", "Sam", "--put-out", HUGE), f"`--put-out` must be between 0 and 100 (got {10**25:,})"),
        ((*DOWNTIME, "gunfight", "Dodge", "Sam", "--duel", "12", "--duel", "101"), "`--duel` must be between 0 and 100 (got 101)"),
        ((*DOWNTIME, "activity", "Dodge", "Sam", "banking", "--capital", "0"), NO_CAPITAL),
        ((*DOWNTIME, "activity", "Dodge", "Sam", "running", "--wounds", "201"), "`--wounds` must be between 0 and 200 (got 201)"),
    ],
)  # fmt: skip
def test_every_other_number_of_a_command_has_a_range(db: str, args: tuple[str, ...], line: str) -> None:
    run(db, "init")
    assert refused(db, *args) == f"error: {line}"


def test_a_banking_capital_beyond_ten_million_dollars_is_refused_s6_8_1(db: str) -> None:
    # Before its range, a capital above 2^53 cents reached the store's guard, which named the
    # event's inner path (activity.options.capital).
    run(db, "campaign", "new", "Dodge", "--ruleset", "western-parade", "--start", "1873-05-01")
    run(db, "character", "new", "Dodge", "--sheet", str(SAMPLES / "wp_sam.toml"))
    for capital in (STORABLE + 1, 10**20):
        line = refused(db, "western-parade", "downtime", "activity", "Dodge", "Sam Parkerson", "banking", "--capital", str(capital))
        said = f"${capital:,}.00" if len(str(capital)) <= 20 else f"a number of {len(str(capital))} digits"
        assert line == f"error: `--capital` must be between $0.01 and $10,000,000.00 (got {said})"
    run(db, "western-parade", "downtime", "activity", "Dodge", "Sam Parkerson", "banking", "--capital", "10000000")


def test_a_cartes_difficulty_level_is_ten_at_most_either_way_A23(db: str) -> None:
    # Digest A23: a level beyond ±2 draws 1 + |level| cards; -d 30 drew 31 (issue 15).
    campaign = cartes(db, session=True)
    assert refused(db, "cartes", "test", campaign, "Alice", "Contact", "--from", "deck", "-d", "30") == (
        "error: a difficulty level is -10 to +10 (each level away from Moyenne draws one more card), not 30"
    )
    assert run(db, "cartes", "test", campaign, "Alice", "Contact", "--from", "deck", "-d", "hard").returncode == 0


@pytest.mark.parametrize("option", ["--limit", "--page", "--tail"])
def test_a_log_page_beyond_a_million_is_refused_in_words(db: str, option: str) -> None:
    cartes(db)
    assert (
        refused(db, "log", "Verdelune", option, "10000000000") == f"error: `{option}` must be between 1 and 1,000,000 (got 10,000,000,000)"
    )
