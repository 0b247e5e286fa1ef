"""The downtime board reads in words for every game (issue 14): each ruleset describes its own due
processes through the ``describe_due`` hook of the ``Ruleset`` protocol, never an internal code
such as ``infect:left-thigh`` or ``recover:1``. Real CLI in-process, on a real journal of each backend."""

from __future__ import annotations

import json
from pathlib import Path

from support import SAMPLES, run, table_rows


def board(db: str, campaign: str) -> set[tuple[str, str]]:
    """(who, what) of every line of the board."""
    return {(line["who"], line["what"]) for line in json.loads(run(db, "downtime", "board", campaign, "--json").stdout)}


def test_western_parade_s_board_names_the_body_s_clocks_s5_1_s5_3_s4_1(db: str) -> None:
    sam = "Sam Parkerson"
    run(db, "campaign", "new", "Shotgun City", "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", "Shotgun City", "--sheet", str(SAMPLES / "wp_sam.toml"))
    run(db, "session", "start", "Shotgun City")
    # A bleeding, untreated blade wound (§3.2.3, §3.2.7.2) and a drink that wears off (§4.1.2).
    run(db, "western-parade", "body", "wound", "Shotgun City", sam, "left-thigh", "4", "--kind", "blade")
    run(db, "western-parade", "body", "drink", "Shotgun City", sam, "3")
    assert board(db, "Shotgun City") == {
        (sam, "blood loss: passes out or falls beyond saving"),
        (sam, "the daily infection roll of the untreated wound in the cuisse gauche"),
        (sam, "the drink wears off a stage"),
    }


def test_microfudge_s_board_names_the_revers_that_heals_L339(db: str, tmp_path: Path) -> None:
    (tmp_path / "harvey.toml").write_text('name = "Harvey"\nstatus = "hero"\n[ranks]\nPilotage = 5\n', encoding="utf-8")
    run(db, "campaign", "new", "Zombies", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    run(db, "character", "new", "Zombies", "--sheet", str(tmp_path / "harvey.toml"))
    # Named as the sheet names it: a physical Revers by its wound (L343, L927-L931), another by its
    # severity.
    run(db, "microfudge", "setback", "Zombies", "Harvey", "--severity", "2")
    run(db, "microfudge", "setback", "Zombies", "Harvey", "--severity", "2", "--domain", "social")
    sheet = run(db, "sheet", "Zombies", "Harvey").stdout
    assert "Blessure sérieuse (−2)" in sheet and "Revers sérieux (−2), social" in sheet, sheet
    assert board(db, "Zombies") == {
        ("Harvey", "Revers 1 (Blessure sérieuse) heals a step"),
        ("Harvey", "Revers 2 (Revers sérieux) heals a step"),
    }


def test_elor_s_board_names_the_long_action_and_its_risk_Actions_longues_L436(db: str, tmp_path: Path) -> None:
    aldo = 'name = "Aldo"\nfaculties = { P = 1, C = 2, E = 0, M = -1 }\nprofessions = { Guerrier = 2 }\nfamiliarities = { "Épées" = 2 }\n'
    (tmp_path / "aldo.toml").write_text(aldo, encoding="utf-8")
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    run(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / "aldo.toml"))
    work = ("fletch arrows", "--degrees", "40", "-f", "C", "-p", "Guerrier", "--risk", "watch")
    run(db, "elor", "long-action", "start", "Tolosa", "Aldo", *work)
    assert board(db, "Tolosa") == {("Aldo", "the next test of the long action fletch arrows"), ("Aldo", "the risk of fletch arrows: watch")}


def test_the_board_is_a_table_headed_when_who_and_what_comes_next_ruling_tb20(db: str, tmp_path: Path) -> None:
    # Each process names what comes ("the next test of the long action …"): as a line of its own,
    # "Day 1 08:00  Aldo the next test of …", it read as a sentence missing its verb.
    aldo = 'name = "Aldo"\nfaculties = { P = 1, C = 2, E = 0, M = -1 }\nprofessions = { Guerrier = 2 }\nfamiliarities = { "Épées" = 2 }\n'
    (tmp_path / "aldo.toml").write_text(aldo, encoding="utf-8")
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    run(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / "aldo.toml"))
    run(db, "elor", "long-action", "start", "Tolosa", "Aldo", "fletch arrows", "--degrees", "40", "-f", "C", "-p", "Guerrier")
    printed = run(db, "--ascii", "downtime", "board", "Tolosa").stdout
    header = next(line for line in printed.splitlines() if line.startswith("|"))
    assert [cell.strip() for cell in header.strip("|").split("|")] == ["When", "Who", "What comes next"]
    assert table_rows(printed) == [["Day 1 09:00", "Aldo", "the next test of the long action fletch arrows"]]
