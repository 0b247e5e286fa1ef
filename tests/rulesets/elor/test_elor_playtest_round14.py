"""Elor, fourteenth round: the effort a protagonist spent before an action scene, whose effort a
refusal is about, a contest of one, and what a certain outcome spent.
The unit tests roll scripted dice (tests/elor_table.py); the command-line tests run the real
``chronique`` command in a subprocess (``support.chronique``) on a real SQLite journal, set up
in-process (``support.run``).
Seed: shared/seeds/003_d01003b662e47709.txt; digest: shared/rules/elor.md."""

from __future__ import annotations

from dataclasses import replace

from elor_table import AIMED, MORNING, TRAIN, downtime, events_of, log, run_until, table, tolosa
from support import chronique, log_details, run

from chronique.domain.gametime import HOUR, WEEK
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.downtime import start_long_action
from chronique.domain.rulesets.elor.play import TestSpec, begin_scene, end_scene, join_scene, roll_test

SAMSON_BACK = "before it, spent effort back: Samson 1 point (outside an action scene, §Catégories de tests)"


def _refused(db: str, *args: str) -> str:
    """``args`` refused by the real command: exit 2, one line on stderr, nothing on stdout, nothing recorded."""
    before = len(log(db))
    result = chronique(db, *args, check=False)
    assert (result.returncode, result.stdout) == (2, ""), (args, result.stdout, result.stderr)
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert len(log(db)) == before, args
    return result.stderr.strip().removeprefix("error: ")


def _effort(db: str, name: str) -> str:
    """The sheet's effort row, as the terminal shows it."""
    return next(line.strip() for line in chronique(db, "elor", "sheet", "Tolosa", name).stdout.splitlines() if line.startswith("effort"))


# -- 1. Effort spent before an action scene is back as it begins (§Catégories L316, E105) ----------


def test_a_protagonist_begins_an_action_scene_with_the_effort_spent_before_it_seed_Categories_L316_ruling_E105() -> None:
    # §Catégories L316: "En dehors des scènes d'action, on suppose généralement que le personnage a
    # pu récupérer tous ses points d'effort depuis la dernière fois qu'il en a dépensé." Aldo's
    # effort spent on a test before the scene stayed spent into it, where only waiting gives any back.
    world = table(dice=[9, 9])
    roll_test(world, "Aldo", AIMED)  # 1 effort point spent out of a scene (Aldo: 2 effort points, max 1)
    assert world.character("Aldo").condition["fatigue"] == 1
    assert begin_scene(world, ["Aldo", "Bruna"]) == {"Aldo": 1}
    aldo = world.character("Aldo").condition
    assert (aldo["effort"], aldo["fatigue"]) == (2, 0)
    assert [e.reason for e in events_of(world, "Aldo", ev.EffortRecovered)] == [
        "spent before the action scene; outside one, spent effort comes back (§Catégories de tests)"
    ]
    # Bruna had spent nothing: nothing is recorded for her.
    assert events_of(world, "Bruna", ev.EffortRecovered) == []
    # The scene's end gives back what was spent in it, and says whose (PROPOSAL §5.1).
    assert end_scene(world) == {}


def test_a_latecomer_joins_with_the_effort_spent_before_and_running_work_keeps_holding_it_ruling_E105_E21() -> None:
    # A latecomer (E82) was outside the scene until it joined: its effort is back too. Effort held
    # by running downtime work stays held, as before any test (its regime governs it, §Actions
    # longues L442, E21).
    world = table(dice=[9, 9])
    begin_scene(world, ["Aldo"])
    roll_test(world, "Bruna", TestSpec("C", effort=1))
    assert join_scene(world, ["Bruna"]) == {"Bruna": 1}
    assert world.character("Bruna").condition["fatigue"] == 0
    end_scene(world)
    held = table(dice=[9, 9])
    start_long_action(held, "Aldo", "forge the blade", 5, TestSpec("P"))
    roll_test(held, "Aldo", AIMED)
    assert begin_scene(held, ["Aldo"]) == {}
    assert held.character("Aldo").condition["fatigue"] == 1


def test_the_scene_says_the_effort_back_at_its_start_and_its_end_seed_Categories_L316_ruling_E105(db: str) -> None:
    tolosa(db)
    run(db, "elor", "test", "Tolosa", "Samson", "--effort", "1", "--reason", "sprint across the bridge")
    assert _effort(db, "Samson") == "effort: 2 of 3 points available, 1 spent (fatigue)"
    said = chronique(db, "elor", "scene", "start", "Tolosa", "Samson", "Montana James").stdout.splitlines()
    assert said[0].startswith("scene started; next: ") and said[1:] == [SAMSON_BACK]
    assert _effort(db, "Samson") == "effort: 3 of 3 points available"
    # In the scene, what is spent stays spent (PROPOSAL §5.1) until the scene's end, which says whose came back.
    run(db, "elor", "test", "Tolosa", "Samson", "--effort", "1")
    run(db, "elor", "test", "Tolosa", "Montana James", "--faculty", "E", "--effort", "2")
    assert _effort(db, "Samson") == "effort: 2 of 3 points available, 1 spent (fatigue)"
    assert chronique(db, "elor", "scene", "end", "Tolosa").stdout == (
        "scene ended; spent effort back: Samson 1 point, Montana James 2 points\n"
    )
    # Nothing spent, nothing said: the lines read as they did.
    assert chronique(db, "elor", "scene", "start", "Tolosa", "Samson").stdout == "scene started; next: Samson\n"
    assert chronique(db, "elor", "scene", "end", "Tolosa").stdout == "scene ended\n"
    assert "OK" in chronique(db, "verify", "Tolosa").stdout


# -- 2. An effort refusal names whose effort (§Catégories L314-L320, E106) -------------------------


def test_an_effort_refusal_names_the_character_and_what_was_asked_seed_Categories_L314_L320_ruling_E106(db: str) -> None:
    # "only 0 effort points available" in a contest of three, "at most 1 effort point on one
    # action" for an attack's defence: whose? The refusal names the character and the effort asked.
    tolosa(db)
    run(db, "elor", "scene", "start", "Tolosa", "Samson", "Montana James")
    run(db, "elor", "test", "Tolosa", "Montana James", "--faculty", "E", "--effort", "2")  # her 2 points, spent in the scene
    assert _refused(db, "elor", "contest", "Tolosa", "Samson:1", "Montana James:1") == (
        "Montana James has no effort point available (1 asked)"
    )
    run(db, "elor", "scene", "end", "Tolosa")
    # The defender's maximal effort (2 + Mental, §Capacités dérivées calculées), not the attacker's.
    assert _refused(db, "elor", "attack", "Tolosa", "Samson", "Montana James", "-w", "Hache", "--defence-effort", "3") == (
        "Montana James's maximal effort is 2: at most 2 effort points on one action (3 asked)"
    )
    # A test of one's own: what is left, said with the effort asked.
    run(db, "elor", "scene", "start", "Tolosa", "Montana James")
    run(db, "elor", "test", "Tolosa", "Montana James", "--faculty", "E", "--effort", "1")
    assert _refused(db, "elor", "test", "Tolosa", "Montana James", "--faculty", "E", "--effort", "2") == (
        "Montana James has only 1 effort point available (2 asked)"
    )


def test_a_long_action_planned_above_the_maximal_effort_is_refused_seed_Categories_L320_ruling_E106(db: str) -> None:
    # Its tests cut the planned effort to the maximal effort without a word, every hour: refused
    # when it starts, as a test's is (a test invests what is left of the effort, E21).
    tolosa(db)
    assert _refused(
        db, "elor", "long-action", "start", "Tolosa", "Samson", "fell the oak", "--degrees", "3", "-f", "P", "--effort", "2"
    ) == ("Samson's maximal effort is 1: at most 1 effort point on one action (2 asked)")
    assert _refused(
        db, "elor", "downtime", "train", "Tolosa", "Samson", "Archéologue", "--teacher", "Montana James", "-f", "P", "-e", "3"
    ) == ("Samson's maximal effort is 1: at most 1 effort point on one action (3 asked)")
    started = chronique(db, "elor", "long-action", "start", "Tolosa", "Samson", "fell the oak", "--degrees", "3", "-f", "P", "-e", "1")
    assert started.stdout.startswith("long action 1 “fell the oak”: 3 degrees, first test Day 1 09:00")


# -- 3. A contest of one entrant (§Concours L400, E107) -------------------------------------------


def test_a_contest_of_one_entrant_is_refused_seed_Concours_L400_ruling_E107(db: str) -> None:
    # §Concours L400: "plusieurs protagonistes agissent simultanément de façons concurrentes": one
    # alone was ranked against nobody ("ranking: Samson") and its test recorded as a contest's.
    tolosa(db)
    assert _refused(db, "elor", "contest", "Tolosa", "Samson:1") == (
        "a contest ranks several protagonists acting at once (§Concours): Samson alone is an action test (`elor test`)"
    )
    assert chronique(db, "elor", "contest", "Tolosa", "Samson", "Montana James").stdout.splitlines()[-1].startswith("ranking: ")


# -- 4. A certain outcome says the effort it spent (PROPOSAL B4, E8, E108) ------------------------


def test_a_certain_outcome_says_the_effort_it_spent_PROPOSAL_B4_ruling_E108(db: str) -> None:
    # E8: at level 10 or more, a certain success of 1 + effort degrees, the effort still spent.
    # The line said "no roll, success — 2 degrees of success": where the second degree came from,
    # and the effort point gone from the sheet, were nowhere.
    tolosa(db)
    assert chronique(db, "elor", "test", "Tolosa", "Samson", "--effort", "1", "-d", "20").stdout == (
        "Samson: level 21 (Coordination 1, difficulty +20) with 1 effort point: no roll, success — 2 degrees of success\n"
    )
    # Ruling E116: a certain failure rolls no die, so the effort asked is not spent, and is said so.
    assert chronique(db, "elor", "test", "Tolosa", "Montana James", "--effort", "2", "-d", "-5").stdout == (
        "Montana James: level -5 (Coordination 0, difficulty -5): no roll, failure — 0 degrees of success"
        " (2 effort points asked, none spent: a test at level 0 or below fails before any effort is invested or die rolled)\n"
    )
    # The log says it as the table's line does.
    certain = [line for line in log_details(db, "Tolosa") if "no roll" in line]
    assert certain == [
        "test: level 21 (Coordination 1, difficulty +20) with 1 effort point: no roll, success — 2 degrees of success",
        "test: level -5 (Coordination 0, difficulty -5): no roll, failure — 0 degrees of success",
    ]
    assert _effort(db, "Montana James") == "effort: 2 of 2 points available"


# -- 5. Work tested once a week holds no effort between its tests (§Actions longues L450, E109) ----


def test_weekly_work_gives_the_effort_back_after_an_hours_pause_not_a_week_later_seed_Actions_longues_L450_ruling_E109() -> None:
    # §Actions longues L450: "une heure de pause qui permettra de récupérer tous les points
    # d'effort dépensés"; §Catégories L316: outside action scenes spent effort is back. A test of
    # work whose unit is a week kept its effort spent the whole week, in sessions too.
    world = table(dice=[9, 9])
    downtime(world)
    start_long_action(world, "Aldo", "learn the sword", 4, replace(AIMED, faculty="C"), unit_s=WEEK)
    run_until(world, MORNING + WEEK)  # its first test, a week after its start: 1 effort point spent
    assert world.character("Aldo").condition["fatigue"] == 1
    run_until(world, MORNING + WEEK + HOUR)
    back = events_of(world, "Aldo", ev.EffortRecovered)
    assert [(e.at, e.amount) for e in back] == [(MORNING + WEEK + HOUR, 1)]
    assert world.character("Aldo").condition["fatigue"] == 0


def test_hourly_work_and_the_regime_none_still_hold_the_effort_ruling_E109_E21() -> None:
    # E21 unchanged where the work is tested within the day (its hours of work), and under the
    # GM's regime "none" (no recovery during the series, §Actions longues L442).
    # Hourly: the hour after its first test is its second, the effort left invested (2 spent);
    # weekly under "none": two hours after its test, the point is still spent.
    for unit, regime, faces, fatigue in ((HOUR, "daily", [9, 9, 9, 9], 2), (WEEK, "none", [9, 9], 1)):
        world = table(dice=faces)
        downtime(world)
        start_long_action(world, "Aldo", "learn the sword", 40, AIMED, unit_s=unit, effort_regime=regime)
        first = world.character("Aldo").condition["long_actions"][0]["next_at"]
        run_until(world, first + (HOUR if unit == HOUR else 2 * HOUR))
        assert world.character("Aldo").condition["fatigue"] == fatigue, (unit, regime)
        assert events_of(world, "Aldo", ev.EffortRecovered) == [], (unit, regime)


def test_a_trainee_has_the_effort_back_in_the_next_session_seed_Categories_L316_ruling_E109(db: str) -> None:
    tolosa(db)
    run(db, "session", "end", "Tolosa")
    run(db, *TRAIN, "Montana James", "Guerrier", "--teacher", "Samson", "-f", "E", "-e", "1")
    said = chronique(db, "advance", "Tolosa", "1w", "--yes").stdout
    assert "Montana James: training in Guerrier with Samson" in said
    assert _effort(db, "Montana James") == "effort: 1 of 2 points available, 1 spent (fatigue)"  # its test, Day 8 08:00
    said = chronique(db, "advance", "Tolosa", "2h", "--yes").stdout
    assert "Day 8 09:00  Montana James recovered 1 effort point" in said
    run(db, "session", "start", "Tolosa")
    assert _effort(db, "Montana James") == "effort: 2 of 2 points available"
    # Her test in the session invests her 2 points: it was refused, "only 1 effort point available".
    assert chronique(db, "elor", "test", "Tolosa", "Montana James", "-f", "E", "-e", "2").returncode == 0
    assert "OK" in chronique(db, "verify", "Tolosa").stdout
