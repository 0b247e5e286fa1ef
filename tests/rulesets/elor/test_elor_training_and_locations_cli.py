"""Elor from the real command line, in-process, on a real journal of each backend: training with a
teacher in downtime (PROPOSAL §5.5, ruling E27), and the body's locations named in refusals and
suggestions as the sheet names them (§Humains)."""

from __future__ import annotations

from pathlib import Path

from elor_table import TRAIN, refused_in_one_line, tolosa_with_brigand, with_aldo_and_bruna
from support import board_lines, run

# §Humains: the seven locations of a human, as the sheet's body lists them.
SEVEN = "Tête, Torse, Bras droit, Bras gauche, Abdomen, Jambe droite, Jambe gauche"


def log_rows(db: str, name: str) -> list[tuple[str, str, str]]:
    """The log's rows of ``name`` that fit their line: (in game, what, details)."""
    rows = []
    for line in run(db, "log", "Tolosa", "--character", name).stdout.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0] and cells[0] != "Ref" and not cells[0].startswith("-"):
            rows.append((cells[1], cells[3], cells[4]))
    return rows


def test_E27_training_with_a_teacher_raises_the_profession_after_its_weeks_PROPOSAL_5_5(db: str, tmp_path: Path) -> None:
    with_aldo_and_bruna(db, tmp_path)
    # Bruna (Guerrier 1) trains with Aldo (Guerrier 2): 2 × the next level = 4 degrees, a test a
    # week. The GM makes the drill easy: Coordination 1 + Guerrier 1 + 8 = level 10, a success
    # without a die (E8) of 1 + 1 effort = 2 degrees a week.
    said = run(db, *TRAIN, "Bruna", "Guerrier", "--teacher", "Aldo", "-d", "8", "-e", "1").stdout
    weekly = "one test a week, the first Day 8 08:00\n"
    assert said == f"Bruna trains in Guerrier with Aldo (long action 1): 4 degrees to reach level 2, {weekly}"
    # Montana James learns a new profession from Samson (Guerrier 2; level 1 is 2 degrees away),
    # named as the teacher's sheet names it; no level in it adds yet: C 0 + 10 = level 10.
    said = run(db, *TRAIN, "Montana James", "guerrier", "--teacher", "Samson", "-d", "10").stdout
    assert said == f"Montana James trains in Guerrier with Samson (long action 1): 2 degrees to reach level 1, {weekly}"
    board = board_lines(run(db, "downtime", "board", "Tolosa").stdout)
    assert "Day 8 08:00  Bruna the next test of the long action training in Guerrier with Aldo" in board
    assert "Day 8 08:00  Montana James the next test of the long action training in Guerrier with Samson" in board
    run(db, "session", "end", "Tolosa")

    week = run(db, "advance", "Tolosa", "1w", "--yes").stdout
    assert "Day 8 08:00  Bruna: training in Guerrier with Aldo 2/4 degrees (next test Day 15 08:00)" in week
    assert "Day 8 08:00  Montana James: training in Guerrier with Samson 1/2 degrees (next test Day 15 08:00)" in week
    sheet = run(db, "sheet", "Tolosa", "Bruna").stdout
    assert "Forgeron 1, Guerrier 1" in sheet and "training in Guerrier with Aldo  2/4 degrees  running" in sheet

    week = run(db, "advance", "Tolosa", "1w", "--yes").stdout
    grant = "its familiarity or prowess to be named"
    assert f"Day 15 08:00  Bruna: training in Guerrier with Aldo 4/4 degrees (done: Guerrier rose to level 2, {grant})" in week
    assert f"Day 15 08:00  Montana James: training in Guerrier with Samson 2/2 degrees (done: Guerrier rose to level 1, {grant})" in week
    assert ("Day 1 08:00", "long action started", "began long action 1 (training in Guerrier with Aldo), 4 degrees required") in (
        rows := log_rows(db, "Bruna")
    )
    assert ("Day 15 08:00", "profession raised", "Guerrier rose to level 2 by training") in rows
    assert ("Day 15 08:00", "profession raised", "Guerrier rose to level 1 by training") in log_rows(db, "Montana James")
    sheet = run(db, "sheet", "Tolosa", "Bruna").stdout
    assert "Forgeron 1, Guerrier 2" in sheet and "training in Guerrier with Aldo  4/4 degrees  done" in sheet
    assert "to choose: 1 level waits for its familiarity or prowess" in sheet
    # E21: each week's test is the first of its work day, so the student rested before it: one
    # effort point spent at the last test, none left over from the first.
    assert "effort: 2 of 3 points available, 1 spent (fatigue)" in sheet
    assert "Archéologue 1, Aventurier 1, Guerrier 1" in run(db, "sheet", "Tolosa", "Montana James").stdout
    # The level's grant is named afterwards (E27, E26).
    assert run(db, "elor", "xp", "grant", "Tolosa", "Bruna", "familiarity", "Épées").stdout == "Bruna gains familiarity Épées\n"
    assert "to choose" not in run(db, "sheet", "Tolosa", "Bruna").stdout


def test_E27_a_teacher_must_be_another_living_character_above_the_student_PROPOSAL_5_5(db: str, tmp_path: Path) -> None:
    with_aldo_and_bruna(db, tmp_path)
    said = refused_in_one_line(db, *TRAIN, "Aldo", "Guerrier", "--teacher", "Bruna")
    assert said == "error: Bruna cannot teach Guerrier to Aldo: a teacher's level must be above the student's (Bruna 1, Aldo 2)"
    said = refused_in_one_line(db, *TRAIN, "Aldo", "Guerrier", "--teacher", "Samson")
    assert said == "error: Samson cannot teach Guerrier to Aldo: a teacher's level must be above the student's (Samson 2, Aldo 2)"
    said = refused_in_one_line(db, *TRAIN, "Bruna", "Cuisine", "--teacher", "Aldo")
    assert said == "error: Aldo cannot teach “Cuisine”: Aldo has no level in it (professions: Guerrier)"
    said = refused_in_one_line(db, *TRAIN, "Bruna", "Forgeron", "--teacher", "Aldo")
    assert said == "error: Aldo cannot teach Forgeron: Aldo has no level in it (professions: Guerrier)"
    said = refused_in_one_line(db, *TRAIN, "Bruna", " ", "--teacher", "Aldo")
    assert said == "error: name the profession to train in"
    said = refused_in_one_line(db, *TRAIN, "Aldo", "Guerrier", "--teacher", "Aldo")
    assert said == "error: Aldo cannot be Aldo's own teacher: name another character"
    assert refused_in_one_line(db, *TRAIN, "Bruna", "Guerrier", "--teacher", "Zorro").startswith("error: no character “Zorro” in Tolosa")
    run(db, "elor", "damage", "Tolosa", "Brigand", "--amount", "20", "--location", "Tête")
    assert refused_in_one_line(db, *TRAIN, "Montana James", "Guerrier", "--teacher", "Brigand") == "error: Brigand is dead"
    # One training in a profession at a time: its degrees were set by the level it raises.
    run(db, *TRAIN, "Bruna", "Guerrier", "--teacher", "Aldo")
    said = refused_in_one_line(db, *TRAIN, "Bruna", "Guerrier", "--teacher", "Samson")
    assert said == "error: Bruna already trains in Guerrier (long action 1, training in Guerrier with Aldo)"


def test_a_location_refused_or_suggested_reads_as_the_sheet_names_it_seed_Humains(db: str, tmp_path: Path) -> None:
    tolosa_with_brigand(db, tmp_path)
    said = refused_in_one_line(db, "elor", "care", "Tolosa", "Montana James", "Samson", "--location", "tail")
    assert said == f"error: no location “tail” (one of {SEVEN})"
    said = refused_in_one_line(db, "elor", "damage", "Tolosa", "Samson", "--amount", "1", "--location", "torsoo")
    assert said == "error: no location “torsoo” (did you mean Torse?)"
    attack = ("elor", "attack", "Tolosa", "Samson", "Brigand", "-w", "Hache", "--effect", "choose-location")
    assert refused_in_one_line(db, *attack, "--location", "tail") == f"error: no location “tail” (one of {SEVEN})"
    # Both spellings are still taken: the sheet's name, without case or accents, and the key.
    assert run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "1", "--location", "bras GAUCHE").stdout.startswith(
        "Samson's bras gauche: 1 point of damage"
    )
    assert run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "1", "--location", "left-arm").stdout.startswith(
        "Samson's bras gauche: 1 point of damage"
    )
    cared = run(db, "elor", "care", "Tolosa", "Montana James", "Samson", "--location", "Bras gauche", "-f", "E").stdout
    assert cared.startswith("Montana James cares for Samson's bras gauche: level ")
