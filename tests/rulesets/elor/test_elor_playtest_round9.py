"""The defects the ninth play-test of Elor found, in its downtime and between sessions: rest,
experience, progression and long actions through the real ``chronique`` command (in-process,
``support.run``), for what a person reads and what a refused command leaves behind (exit 2, one
line, nothing recorded). En are the rulings of docs/rulings.md."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from elor_table import MORNING, SWORD, downtime, events_of, log, refused_in_one_line, run_until, table, tolosa
from support import run

from chronique.domain.gametime import HOUR
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.describe import WORDS
from chronique.domain.rulesets.elor.downtime import start_long_action


def details(db: str) -> list[str]:
    """The log's lines in words, as ``chronique log`` says them (its Markdown export's Details)."""
    export = run(db, "export", "session", "Tolosa", "1").stdout
    return [row.rsplit(" | ", 1)[1].rstrip(" |") for row in export.splitlines() if row.startswith("| Day ")]


# -- 1. No rest order for the dead (ruling E79) ---------------------------------------------------


def test_rest_is_not_ordered_for_a_dead_character_PROPOSAL_5_6_E23_seed_Humains_Effet_double_PV(db: str) -> None:
    # §Humains L866-L874: "Effet double PV" of the head is Mort. A day of rest heals the living
    # (PROPOSAL §5.6, E23); none is due for the dead (E60): an order to rest or not is refused in
    # one line, nothing recorded, either way (ruling E79). It recorded "Samson does not rest".
    tolosa(db)
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "8", "--location", "head")  # 8 of 4 HP: dead
    assert refused_in_one_line(db, "elor", "rest", "Tolosa", "Samson", "--off") == "error: Samson is dead"
    assert refused_in_one_line(db, "elor", "rest", "Tolosa", "Samson") == "error: Samson is dead"
    # The unconscious are ordered as before.
    run(db, "elor", "damage", "Tolosa", "Montana James", "--amount", "5", "--location", "head")
    assert run(db, "elor", "rest", "Tolosa", "Montana James", "--off").stdout == "Montana James does not rest\n"


# -- 2. An order that already stands is refused and keeps the day counted (ruling E85) -----------


def test_a_rest_order_that_already_stands_is_refused_and_the_day_of_rest_still_counts_from_the_blow_PROPOSAL_5_6_E23(
    db: str,
) -> None:
    # PROPOSAL §5.6 (E23): "after each full day of rest" a point heals, the first day counted from
    # the blow. Samson, hurt at Day 1 08:00, rests by default; the GM typing `elor rest` again at
    # 20:00 recorded a second order that restarted the day, and the arm healed at Day 2 20:00
    # rather than 08:00. Refused in one line, nothing recorded (ruling E85); so is a second --off.
    tolosa(db)
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "3", "--location", "Bras droit")
    run(db, "advance", "Tolosa", "12h")
    assert refused_in_one_line(db, "elor", "rest", "Tolosa", "samson") == "error: Samson already rests"
    said = run(db, "advance", "Tolosa", "12h").stdout
    assert "Day 2 08:00  Samson healed by a day of rest: 1 point in the bras droit (2 damage points left)" in said
    assert run(db, "elor", "rest", "Tolosa", "samson", "--off").stdout == "Samson does not rest\n"
    assert refused_in_one_line(db, "elor", "rest", "Tolosa", "Samson", "--off") == "error: Samson already does not rest"


# -- 3. What the downtime commands and their log lines say -----------------------------------------


def test_an_award_without_a_reason_reads_without_empty_brackets_PROPOSAL_5_5(db: str) -> None:
    # PROPOSAL §5.5 (E25): the GM grants experience points; --reason is optional. Without it the
    # log and the session's export read "earned 2 experience points ()".
    tolosa(db)
    run(db, "elor", "xp", "award", "Tolosa", "Samson", "2")
    run(db, "elor", "xp", "award", "Tolosa", "Samson", "1", "--reason", "the ford")
    run(db, "session", "end", "Tolosa")
    assert [line for line in details(db) if line.startswith("earned")] == [
        "earned 2 experience points",
        "earned 1 experience point (the ford)",
    ]


def test_downtime_commands_name_the_character_profession_and_action_as_the_journal_holds_them_PROPOSAL_5_5(db: str) -> None:
    # A name is found whatever its case (E1), but the line said it as typed: "samson gains 1
    # experience point", "SAMSON: guerrier 3, with familiarity   Épées  ", "samson gives up 1",
    # and the natural progression's roll said neither whose profession nor its new level
    # ("Guerrier 2: rolled 7 — raised"). Each says the names the sheet and the log say.
    tolosa(db)
    assert run(db, "elor", "xp", "award", "Tolosa", "samson", "2").stdout == "Samson gains 2 experience points\n"
    said = run(db, "elor", "xp", "spend", "Tolosa", "SAMSON", "guerrier", "familiarity", "  Épées  ").stdout
    assert said == "Samson: Guerrier 3, with familiarity Épées\n"
    # --json keeps the command's result made plain (README, JSON output), the line in its text.
    spent = json.loads(run(db, "elor", "xp", "spend", "Tolosa", "samson", "Guerrier", "prowess", "Coup puissant", "--json").stdout)
    assert (spent["outcome"], spent["text"]) == (4, ["Samson: Guerrier 4, with prowess Coup puissant"])
    assert run(db, "elor", "rest", "Tolosa", "samson", "--off").stdout == "Samson does not rest\n"
    assert run(db, "elor", "effort", "Tolosa", "samson").stdout == "Samson has spent no effort: there is nothing to recover\n"
    run(db, "elor", "long-action", "start", "Tolosa", "Samson", "Carve A Canoe", "--degrees", "6", "--unit", "1d")
    assert run(db, "elor", "long-action", "abandon", "Tolosa", "samson", "1").stdout == "Samson gives up Carve A Canoe\n"
    said = run(db, "elor", "faculties", "Tolosa", "samson", "M=0", "--reason", "a vision").stdout
    assert said.startswith("Samson's faculties change: Mental from ")  # the line's wording: ruling E131


def test_a_long_action_given_up_or_finished_is_named_and_an_older_one_reads_without_a_placeholder_seed_Actions_longues(
    db: str,
) -> None:
    # §Actions longues L436-L452: the degrees accumulate until the action is done, or the GM stops
    # it. Given up, the log and the session's export said "gave up long action 1 (abandoned)":
    # not which action, and "abandoned" where the GM gave no reason. LongActionAbandoned version
    # 2 keeps the action's name, as LongActionProgressed does, and says a reason only when given.
    tolosa(db)
    run(db, "elor", "long-action", "start", "Tolosa", "Samson", "carve a canoe", "--degrees", "6", "--unit", "1d")
    run(db, "elor", "long-action", "start", "Tolosa", "Samson", "dig a well", "--degrees", "9", "--unit", "1d")
    run(db, "elor", "long-action", "abandon", "Tolosa", "Samson", "carve a canoe")
    run(db, "elor", "long-action", "abandon", "Tolosa", "Samson", "2", "--reason", "the river rose")
    run(db, "session", "end", "Tolosa")
    assert [line for line in details(db) if line.startswith("gave up")] == [
        "gave up long action 1 (carve a canoe)",
        "gave up long action 2 (dig a well): the river rose",
    ]
    words = WORDS[f"{ev.__name__}:LongActionAbandoned"]
    for reason, said in (("abandoned", "gave up long action 1"), ("the river rose", "gave up long action 1: the river rose")):
        stored: dict[str, Any] = {"at": 0, "action_id": 1, "reason": reason}
        ev.LongActionAbandoned.upcast_stored(stored)  # recorded before version 2 kept the name
        assert stored["name"] is None and words(SimpleNamespace(**stored)) == said


def test_the_downtime_report_names_the_long_action_finished_seed_Actions_longues_L448() -> None:
    # §Actions longues L448-L452 (Montana James's 5 degrees): once the degrees are reached the
    # action is done. The GM's downtime report said "finished long action 1 (3 degrees)", not which.
    world = table(dice=[1, 1])  # Aldo (Coordination 2 + Guerrier 2, Épées) forges: 1 degree, then 1
    downtime(world)
    start_long_action(world, "Aldo", "forge an axe", 2, SWORD)
    run_until(world, MORNING + 2 * HOUR)
    done = [e for e in events_of(world, "Aldo", ev.LongActionProgressed) if e.done]
    assert [ruleset("elor").notable(e) for e in done] == ["finished long action 1 (forge an axe) with 2 degrees"]


def test_natural_progression_says_whose_profession_and_what_its_die_made_of_it_PROPOSAL_5_5(db: str) -> None:
    # PROPOSAL §5.5 (E25): a profession used in a test with 2 degrees or more is ticked; at an
    # adventure's end 1D10 per ticked profession, above the level raises it. `xp progress` said
    # "Guerrier 2: rolled 7 — raised": neither whose profession nor to what level. At level 14
    # Samson succeeds without a roll with 1 + effort degrees (E8), 2 with one effort point, which
    # ticks Guerrier; the line says what the recorded progression die made of it.
    tolosa(db)
    run(db, "elor", "test", "Tolosa", "Samson", "-f", "P", "-p", "Guerrier", "-d", "10", "-e", "1", "--reason", "lift the log")
    said = run(db, "elor", "xp", "progress", "Tolosa", "samson").stdout
    (rolled,) = [e for e in log(db) if e["topic"].endswith(":ProgressionRolled")]
    ((profession, level, die),) = [(r["profession"], r["level"], r["die"]) for r in rolled["rolls"]]
    assert (profession, level) == ("Guerrier", 2)
    made = f"raised to {level + 1}" if die > level else f"stays at {level} (over {level} raises it)"
    assert said == f"Samson's Guerrier 2: rolled {die} — {made}\n"


def test_care_and_its_refusals_name_healer_patient_and_location_as_the_sheets_and_the_log_do_PROPOSAL_5_6(db: str) -> None:
    # PROPOSAL §5.6 (E23, E32): one care test per injury, within an hour of it. The care's line
    # and the log say "Samson's bras droit"; its refusals said "Samson's Bras droit", a heading.
    tolosa(db)
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "3", "--location", "Bras droit")
    # Typed in any case, healer and patient are named as their sheets spell them (it said
    # "montana james cares for samson's bras droit").
    care = ("elor", "care", "Tolosa", "montana james", "samson", "--location")
    cared = run(db, *care, "Bras droit").stdout.splitlines()
    assert cared[0].startswith("Montana James cares for Samson's bras droit: ")
    assert cared[1].startswith("Montana James removes ") and " from Samson's bras droit" in cared[1]
    assert refused_in_one_line(db, *care, "Bras droit") == (
        "error: Samson's bras droit was already cared for since its last injury (one care test per injury)"
    )
    assert refused_in_one_line(db, *care, "Tête") == "error: Samson's tête is not hurt"
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "2", "--location", "Jambe gauche")
    run(db, "advance", "Tolosa", "2h")
    assert refused_in_one_line(db, *care, "Jambe gauche") == (
        "error: care comes within an hour of the injury: too late for Samson's jambe gauche (hurt at Day 1 08:00)"
    )


# -- 4. Long actions: options that would change nothing, names that repeat ------------------------


def test_options_a_long_action_would_drop_without_a_word_are_refused_seed_Actions_longues_PROPOSAL_5_3(db: str) -> None:
    # PROPOSAL §5.3: the risk clock's threshold, period and step shape a risk named with --risk;
    # §Actions longues (E22): the work day's hours pace downtime work in units under a day, and
    # units of a day or more simply repeat. Typed where they change nothing, they were dropped
    # and the action started as if they had not been (ruling E87).
    tolosa(db)
    start = ("elor", "long-action", "start", "Tolosa", "Samson", "hunt", "--degrees", "5")
    assert refused_in_one_line(db, *start, "--risk-threshold", "3") == (
        "error: `--risk-threshold` shapes a risk clock, and this long action has none: name its risk with `--risk`"
    )
    assert refused_in_one_line(db, *start, "--risk-every", "2h", "--risk-step", "2") == (
        "error: `--risk-every` and `--risk-step` shape a risk clock, and this long action has none: name its risk with `--risk`"
    )
    assert refused_in_one_line(db, *start, "--unit", "1w", "--hours-per-day", "3") == (
        "error: `--hours-per-day` sets the work day of downtime work in units under a day,"
        " and its unit of 1 week is tested a whole unit after the last (§Actions longues)"
    )
    assert refused_in_one_line(db, *start, "--manual", "--start-hour", "6") == (
        "error: `--start-hour` sets the work day of downtime work in units under a day, and it is tested by hand (`--manual`)"
    )
    assert refused_in_one_line(db, *start, "--in-scene", "--hours-per-day", "2", "--start-hour", "3") == (
        "error: `--hours-per-day` and `--start-hour` set the work day of downtime work in units under a day,"
        " and it is paced by action points (`--in-scene`)"
    )
    # Where they shape something they are taken: a work day 06:00-10:00 in units of 2 hours,
    # the first test one whole unit after the start (E22).
    said = run(db, *start, "--unit", "2h", "--hours-per-day", "4", "--start-hour", "6", "--risk", "a bear", "--risk-threshold", "0")
    assert said.stdout == "long action 1 “hunt”: 5 degrees, first test Day 1 10:00\n"


def test_a_long_action_named_again_is_found_by_its_name_while_under_way_seed_Actions_longues(db: str) -> None:
    # §Actions longues: the GM names the work. Samson digs a well, gives it up, digs again: by its
    # name `long-action abandon` and `long-action test` found the first, over ("long action 'dig'
    # is already over"), and the one under way could be reached by its number only. Two of that
    # name under way: the name says neither, so the number is asked for (ruling E88).
    tolosa(db)
    dig = ("elor", "long-action", "start", "Tolosa", "Samson", "dig", "--degrees", "5", "--unit", "1d")
    run(db, *dig)
    run(db, "elor", "long-action", "abandon", "Tolosa", "Samson", "dig")
    run(db, *dig)
    run(db, *dig)
    assert refused_in_one_line(db, "elor", "long-action", "abandon", "Tolosa", "Samson", "DIG") == (
        "error: Samson has 2 long actions “dig” under way (2, 3): give its number"
    )
    assert run(db, "elor", "long-action", "abandon", "Tolosa", "Samson", "2").stdout == "Samson gives up dig\n"
    assert run(db, "elor", "long-action", "abandon", "Tolosa", "Samson", "Dig", "--reason", "dry").stdout == "Samson gives up dig\n"
    (last,) = [e for e in log(db) if e["topic"].endswith(":LongActionAbandoned") and e["reason"] == "dry"]
    assert last["action_id"] == 3
    assert (
        refused_in_one_line(db, "elor", "long-action", "abandon", "Tolosa", "Samson", "dig") == "error: long action “dig” is already over"
    )


def test_the_sheet_says_whether_and_when_the_wounds_heal_between_sessions_PROPOSAL_5_6_E23(db: str) -> None:
    # PROPOSAL §5.6 (E23): a day of rest heals a point in each damaged location that is not
    # destroyed, the first day counted from the blow; the GM's `elor rest --off` stops it. The
    # sheet said neither, so a player could not tell why a wound stayed, nor when it would
    # heal (ruling E89). A sound character's sheet says nothing of healing.
    tolosa(db)

    def healing(name: str) -> list[str]:
        # The sheet's line, its wrapped part (indented) joined back.
        text = run(db, "elor", "sheet", "Tolosa", name).stdout.replace("\n    ", " ")
        return [line for line in text.splitlines() if line.startswith("healing:")]

    assert healing("Samson") == []
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "3", "--location", "Bras droit")
    assert healing("Samson") == ["healing: 1 point a day of rest in each hurt location, the next on Day 2 08:00"]
    run(db, "elor", "rest", "Tolosa", "Samson", "--off")
    assert healing("Samson") == ["healing: none while not resting, by the GM's order (`elor rest` resumes it)"]
    run(db, "advance", "Tolosa", "3h")
    run(db, "elor", "rest", "Tolosa", "Samson")  # a rest resumed counts its day from then
    assert healing("Samson") == ["healing: 1 point a day of rest in each hurt location, the next on Day 2 11:00"]
    # §Application des dommages: at twice its 4 hit points Montana James's arm is destroyed.
    run(db, "elor", "damage", "Tolosa", "Montana James", "--amount", "8", "--location", "Bras gauche")
    assert healing("Montana James") == ["healing: none: destroyed locations never heal"]
    # Ruling E112: with another location hurt, the day of rest heals it, never the destroyed arm.
    run(db, "elor", "damage", "Tolosa", "Montana James", "--amount", "2", "--location", "Bras droit")
    assert healing("Montana James") == [
        "healing: 1 point a day of rest in each hurt location (destroyed ones never heal), the next on Day 2 11:00"
    ]


def test_experience_is_not_spent_on_a_profession_without_a_name_seed_Professions_PROPOSAL_5_5(db: str) -> None:
    # §Professions: a level is a level in a named profession; PROPOSAL §5.5: 1 point = +1 level in
    # one. `xp spend` with a blank name raised a nameless profession (" rose to level 1"), and its
    # point was spent: refused in one line, nothing recorded.
    tolosa(db)
    run(db, "elor", "xp", "award", "Tolosa", "Samson", "1")
    for blank in ("", "  "):
        said = refused_in_one_line(db, "elor", "xp", "spend", "Tolosa", "Samson", blank, "familiarity", "Épées")
        assert said == "error: name the profession the level raises"
    assert "experience: 1" in run(db, "elor", "sheet", "Tolosa", "Samson").stdout
