"""The fourth Elor play-test, each finding pinned where the play-tester met it: a training that
could never gain a degree (ruling E68), what a healing leaves of a location's damage and what it
gives back (E69), and the sheet's headings in English (SV2). Through the real ``chronique`` command
(in-process, ``support.run``) on a real journal, with outcomes no unscripted die decides (a level
of 0 or below, or of 10 or more, rolls nothing, E8; a location named by the GM), and with
scripted dice in memory (``elor_table``) where a die must fall. Lnnn are lines of the seed
(003_d01003b662e47709.txt); En and SVn the rulings of docs/rulings.md."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from elor_table import (
    ALDO,
    BRUNA,
    MORNING,
    TRAIN,
    dice,
    downtime,
    events_of,
    in_the_log,
    of_kind,
    refused_in_one_line,
    run_until,
    table,
    tolosa_with_brigand,
    with_aldo_and_bruna,
)
from support import run

from chronique.domain.gametime import WEEK
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.describe import WORDS
from chronique.domain.rulesets.elor.downtime import change_faculties, start_training
from chronique.domain.rulesets.elor.play import TestSpec

# -- E68: a training that could never gain a degree ----------------------------------------------


def test_E68_a_training_whose_weekly_test_fails_without_a_roll_is_refused_with_what_would_do_seed_Resolution_L296_E8(
    db: str, tmp_path: Path
) -> None:
    # Montana James (Coordination 0, no Guerrier) learns Guerrier from Samson: the weekly test is
    # Coordination 0 alone, level 0, an automatic failure (§Résolution des actions L296 "échec
    # automatique"; E8: level 0 or below), so no week could gain the 2 degrees level 1 needs. It
    # ticked "0/2 degrees" every week for ever; now it is refused, and the line names what the GM
    # may change: the faculty the drill uses (his Esprit 2) or an easier difficulty.
    tolosa_with_brigand(db, tmp_path)
    refused = (
        "error: Montana James cannot train in Guerrier: the weekly test would be at level 0 (Coordination 0), and at 0 or below"
        " a test fails without a roll; possible with -f Esprit (level 2) if that faculty fits, or an easier -d 1 (level 1)"
        " from the GM"
    )
    assert refused_in_one_line(db, *TRAIN, "Montana James", "Guerrier", "--teacher", "Samson") == refused
    # Effort buys dice, and no die is rolled at level 0 (E8); a familiarity makes a profession's
    # level whole (§Familiarités L256), and he has no level in Guerrier yet: neither helps.
    assert refused_in_one_line(db, *TRAIN, "Montana James", "Guerrier", "--teacher", "Samson", "-e", "1") == refused
    assert refused_in_one_line(db, *TRAIN, "Montana James", "Guerrier", "--teacher", "Samson", "--familiarity", "Haches") == refused
    # What the line named makes it possible: Esprit 2, level 2.
    said = run(db, *TRAIN, "Montana James", "Guerrier", "--teacher", "Samson", "-f", "Esprit").stdout
    assert said == (
        "Montana James trains in Guerrier with Samson (long action 1): 2 degrees to reach level 1, one test a week, the first Day 8 08:00\n"
    )


def test_E68_a_difficulty_that_leaves_no_faculty_enough_names_only_an_easier_difficulty_seed_Resolution_L296(
    db: str, tmp_path: Path
) -> None:
    # Bruna (Physique 1, Coordination 1, Esprit 0, Mental 0; Guerrier 1) trains with Aldo under a
    # hard drill (−2): Coordination 1 + Guerrier 1 − 2 = 0. No faculty of hers lifts it above 0
    # (Physique gives 0 too), so only the difficulty is named: −1 gives level 1.
    with_aldo_and_bruna(db, tmp_path)
    said = refused_in_one_line(db, *TRAIN, "Bruna", "Guerrier", "--teacher", "Aldo", "--difficulty=-2")
    assert said == (
        "error: Bruna cannot train in Guerrier: the weekly test would be at level 0 (Coordination 1, Guerrier +1, difficulty -2),"
        " and at 0 or below a test fails without a roll; possible with an easier -d -1 (level 1) from the GM"
    )
    said = run(db, *TRAIN, "Bruna", "Guerrier", "--teacher", "Aldo", "--difficulty=-1").stdout
    assert said.startswith("Bruna trains in Guerrier with Aldo (long action 1): 4 degrees to reach level 2")


def test_E68_a_running_training_whose_weekly_test_became_an_automatic_failure_stops_at_its_week_PROPOSAL_5_5_E35(
    db: str, tmp_path: Path
) -> None:
    # Montana James trains under an easy drill (Coordination 0 + 1: level 1); before the first week
    # the GM lowers his Coordination to −1 (E35): the weekly test is now at level 0. At its week the
    # training stops, said by the advance, the log, the sheet and the downtime report, and no
    # test is made that week or after (it failed "no roll" every week for ever).
    tolosa_with_brigand(db, tmp_path)
    run(db, *TRAIN, "Montana James", "Guerrier", "--teacher", "Samson", "-d", "1")
    run(db, "session", "end", "Tolosa")
    run(db, "elor", "faculties", "Tolosa", "Montana James", "C=-1", "--reason", "a crippled hand")
    why = (
        "its weekly test is now at level 0 (Coordination -1, difficulty +1), and a test at 0 or below fails without a roll,"
        " so it could never end"
    )
    said = run(db, "advance", "Tolosa", "3w", "--yes").stdout
    assert f"  Day 8 08:00  Montana James: training in Guerrier with Samson stopped at 0/2 degrees: {why}\n" in said
    assert said.count("training in Guerrier") == 1  # nothing more in the weeks after
    assert of_kind(db, "TestRolled", "Montana James") == [] and of_kind(db, "LongActionProgressed", "Montana James") == []
    (stopped,) = of_kind(db, "LongActionAbandoned", "Montana James")
    assert in_the_log(stopped) == f"gave up long action 1 (training in Guerrier with Samson): {why}"
    assert "training in Guerrier with Samson  0/2 degrees  abandoned" in run(db, "sheet", "Tolosa", "Montana James").stdout
    assert (
        run(db, "downtime", "report", "Tolosa").stdout
        == f"Day 8 08:00  Montana James gave up long action 1 (training in Guerrier with Samson): {why}\n"
    )
    assert run(db, "verify").returncode == 0
    # Started again as it is, it is refused as at first (no faculty of his gives more than Esprit).
    said = refused_in_one_line(db, *TRAIN, "Montana James", "Guerrier", "--teacher", "Samson", "-d", "1")
    assert said.startswith(
        "error: Montana James cannot train in Guerrier: the weekly test would be at level 0 (Coordination -1, difficulty +1)"
    )


def test_E68_a_test_by_hand_of_a_training_that_can_no_longer_succeed_stops_it_the_same_way_seed_Actions_longues_L442(
    db: str, tmp_path: Path
) -> None:
    # The GM's 'long-action test' follows the same rule as the timeline's week (E65): it stops the
    # training rather than record a failure without a roll.
    tolosa_with_brigand(db, tmp_path)
    run(db, *TRAIN, "Montana James", "Guerrier", "--teacher", "Samson", "-d", "1")
    run(db, "elor", "faculties", "Tolosa", "Montana James", "C=-1")
    said = run(db, "elor", "long-action", "test", "Tolosa", "Montana James", "1").stdout
    assert said == (
        "training in Guerrier with Samson: 0/2 degrees — stopped: its weekly test is now at level 0 (Coordination -1, difficulty +1),"
        " and a test at 0 or below fails without a roll, so it could never end\n"
    )
    assert of_kind(db, "TestRolled", "Montana James") == []
    assert refused_in_one_line(db, "elor", "long-action", "test", "Tolosa", "Montana James", "1") == (
        "error: long action “training in Guerrier with Samson” is over"
    )


def test_E68_the_degrees_a_stopped_training_gained_stay_on_record_PROPOSAL_5_5() -> None:
    # Bruna (Coordination 1, Guerrier 1) trains with Aldo (Guerrier 2): level 2 a week, 4 degrees
    # for level 2. The first week's die (1) gives a degree; the GM then lowers her Coordination to
    # −1 (E35): level 0. The second week stops the training at 1/4 without a die (none is queued).
    world = table(ALDO, BRUNA)
    downtime(world)
    start_training(world, "Bruna", "Guerrier", "Aldo", TestSpec("C"))
    dice(world).add(1)
    (first,) = run_until(world, MORNING + WEEK)
    assert first.account == (
        "Bruna: training in Guerrier with Aldo 1/4 degrees (next test Day 15 08:00)"
        " — level 2 (Coordination 1, Guerrier +1): rolled 1 — 1 degree of success"
    )
    change_faculties(world, "Bruna", {"Coordination": -1}, "a fever")
    (second,) = run_until(world, MORNING + 3 * WEEK)
    assert second.due.at == MORNING + 2 * WEEK
    assert second.account == (
        "Bruna: training in Guerrier with Aldo stopped at 1/4 degrees: its weekly test is now at level 0"
        " (Coordination -1, Guerrier +1), and a test at 0 or below fails without a roll, so it could never end"
    )
    (action,) = world.character("Bruna").condition["long_actions"]
    assert (action["accumulated"], action["abandoned"], action["next_at"]) == (1, True, None)
    assert len(events_of(world, "Bruna", ev.TestRolled)) == 1
    # Back to Coordination 1, she may train again (from 0: the degrees were the stopped one's).
    change_faculties(world, "Bruna", {"Coordination": 1}, "recovered")
    again = start_training(world, "Bruna", "Guerrier", "Aldo", TestSpec("C"))
    assert (again["id"], again["accumulated"], again["required"]) == (2, 0, 4)


# -- E69: what a healing leaves ------------------------------------------------------------------


def test_E69_a_day_of_rest_says_the_damage_left_and_when_the_leg_can_be_used_again_seed_Application_des_dommages_L713(
    db: str, tmp_path: Path
) -> None:
    # Montana James (Physique 0): the jambe gauche has 5 hit points (§Humains). 6 damage there
    # makes it unusable (at least its hit points, L713); a day of rest takes 1 (PROPOSAL §5.6):
    # 5 left is still unusable, 4 is under its hit points, usable again. "(5 left)" read as hit
    # points left; it is the damage left.
    tolosa_with_brigand(db, tmp_path)
    run(db, "elor", "damage", "Tolosa", "Montana James", "--amount", "6", "--location", "Jambe gauche")
    run(db, "session", "end", "Tolosa")
    said = run(db, "advance", "Tolosa", "3d", "--yes").stdout.splitlines()
    rest = "Montana James healed by a day of rest: 1 point in the jambe gauche"
    assert said[1:] == [
        f"  Day 2 08:00  {rest} (5 damage points left: the jambe gauche is still unusable)",
        f"  Day 3 08:00  {rest} (4 damage points left: the jambe gauche can be used again)",
        f"  Day 4 08:00  {rest} (3 damage points left)",
    ]
    # The log reads the same words back from the journal.
    assert [f"Montana James {in_the_log(e)}" for e in of_kind(db, "WoundsHealed", "Montana James")] == [line[15:] for line in said[1:]]
    assert "Jambe gauche  3       5           hurt" in run(db, "sheet", "Tolosa", "Montana James").stdout


def test_E69_a_vital_location_healed_under_its_hit_points_no_longer_causes_unconsciousness_seed_Humains_L868(
    db: str, tmp_path: Path
) -> None:
    # Montana James's torse has 6 hit points: 7 there knock him out (§Humains "Effet PV":
    # Inconscience). A day of rest: 6, still; another: 5, under them, and he wakes (E24).
    tolosa_with_brigand(db, tmp_path)
    run(db, "elor", "damage", "Tolosa", "Montana James", "--amount", "7", "--location", "Torse")
    run(db, "session", "end", "Tolosa")
    said = run(db, "advance", "Tolosa", "2d", "--yes").stdout.splitlines()
    rest = "Montana James healed by a day of rest: 1 point in the torse"
    assert said[1:] == [
        f"  Day 2 08:00  {rest} (6 damage points left: the torse still causes unconsciousness)",
        f"  Day 3 08:00  {rest} (5 damage points left: the torse no longer causes unconsciousness)",
    ]
    assert run(db, "sheet", "Tolosa", "Montana James").stdout.startswith("Montana James — standing")


def test_E69_care_says_the_damage_left_and_the_leg_usable_again_as_the_log_does_PROPOSAL_5_6(db: str, tmp_path: Path) -> None:
    # 5 damage in Montana James's 5-hit-point jambe gauche: unusable. Samson's care under an easy
    # hand (Esprit 0 + 10: level 10, a degree without a die, E8) removes 1 (E23): 4, usable again.
    tolosa_with_brigand(db, tmp_path)
    run(db, "elor", "damage", "Tolosa", "Montana James", "--amount", "5", "--location", "Jambe gauche")
    said = run(db, "elor", "care", "Tolosa", "Samson", "Montana James", "--location", "Jambe gauche", "-d", "10").stdout.splitlines()
    assert said == [
        "Samson cares for Montana James's jambe gauche: level 10 (Esprit 0, difficulty +10): no roll, success — 1 degree of success",
        "Samson removes 1 damage point from Montana James's jambe gauche (4 damage points left: the jambe gauche can be used again)",
    ]
    (healed,) = of_kind(db, "WoundsHealed", "Montana James")
    assert (
        in_the_log(healed)
        == "healed by care by Samson: 1 point in the jambe gauche (4 damage points left: the jambe gauche can be used again)"
    )


def test_E69_a_healing_recorded_before_it_kept_hit_points_says_the_damage_left_alone_PROPOSAL_5_6() -> None:
    # WoundsHealed version 2 kept the points healed but not the hit points (E67): the damage left
    # is said, never "usable again", which needs the hit points the healing was read against.
    stored: dict[str, Any] = {"at": MORNING, "by": "a day of rest", "healed": {"left-leg": 4}, "removed": {"left-leg": 1}}
    ev.WoundsHealed.upcast_stored(stored)
    said = WORDS["chronique.domain.rulesets.elor.events:WoundsHealed"](SimpleNamespace(**stored))
    assert said == "healed by a day of rest: 1 point in the jambe gauche (4 damage points left)"
    # And a version-1 one (totals only): the damage points it came down to.
    older: dict[str, Any] = {"at": MORNING, "by": "a day of rest", "healed": {"left-leg": 3}}
    ev.WoundsHealed.upcast_stored(older)
    said = WORDS["chronique.domain.rulesets.elor.events:WoundsHealed"](SimpleNamespace(**older))
    assert said == "healed by a day of rest: the jambe gauche down to 3 damage points"


# -- SV2: the sheet's headings in English ---------------------------------------------------------


def test_SV2_the_faculties_heading_is_english_in_every_sheet_format_seed_Facultes(db: str, tmp_path: Path) -> None:
    # Ruling SV2: a sheet's headings are English (CAPACITIES, ATTRIBUTES, BODY); only the
    # rulebook's terms stay French (§Facultés: Physique, Coordination, Esprit, and lang="fr" in HTML).
    tolosa_with_brigand(db, tmp_path)
    text = run(db, "sheet", "Tolosa", "Montana James").stdout.splitlines()
    assert text[2:4] == ["FACULTIES", "Physique 0, Coordination 0, Esprit +2, Mental 0"]
    markdown = run(db, "export", "sheet", "Tolosa", "Montana James").stdout
    assert "## Faculties\n\nPhysique 0, Coordination 0, Esprit +2, Mental 0" in markdown
    html = run(db, "export", "sheet", "Tolosa", "Montana James", "--format", "html").stdout
    assert "<h2>Faculties</h2>" in html and '<span lang="fr">Physique</span>' in html
    for shown in (*text, markdown, html):
        assert "FACULTÉS" not in shown and "Facultés" not in shown
    assert json.loads(run(db, "sheet", "Tolosa", "Montana James", "--json").stdout)["sheet"]["faculties"] == {
        "Physique": 0,
        "Coordination": 0,
        "Esprit": 2,
        "Mental": 0,
    }
