"""A hidden roll's outcome stays the GM's until its epoch is revealed (FAIRNESS.md v2, face-down
events), and so does what it did to a sheet: the tactics markers and pile it spent (Cartes), the
Revers and the Atout it cost (MicroFudge), the effort it took (Elor). Through the real command line
on a real journal of each backend, for all four games: the players' sheet shows each part a hidden
roll changed as it stood before it, and says a hidden roll waits; the GM's sheet shows all; the
session's end reveals the epoch and the players' sheet catches up."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from elor_table import ALDO_SHEET
from microfudge_table import zombies_at_the_table
from support import SAMPLES, run

NOTICE = "may stand as they were before a hidden roll of session 1"


def sheet(db: str, campaign: str, name: str, *view: str) -> dict[str, Any]:
    """``sheet --json`` of ``name`` as players read it (or ``--gm``)."""
    return dict(json.loads(run(db, "sheet", campaign, name, "--json", *view).stdout))


def waits(shown: dict[str, Any]) -> dict[str, Any]:
    """What a sheet's JSON says of the hidden rolls it waits for (ruling FP20): its keys naming
    them, by whatever words (the internal epoch code was one)."""
    return {key: value for key, value in shown.items() if key.startswith("hidden_rolls")}


def text(db: str, campaign: str, name: str, *view: str) -> str:
    """The sheet in the terminal, one line (its words wrap at 80 columns)."""
    return " ".join(run(db, "sheet", campaign, name, *view).stdout.split())


def assert_veiled(db: str, campaign: str, name: str, before: dict[str, Any], changed: set[str]) -> dict[str, Any]:
    """The players' sheet of ``name`` is ``before`` (the players' condition before the hidden
    roll) and says a hidden roll waits; the GM's holds what the roll did to ``changed``."""
    players, gm = sheet(db, campaign, name), sheet(db, campaign, name, "--gm")
    assert players["condition"] == before["condition"]
    # Which reveal the sheet waits for, as a number a script can use (ruling FP20).
    assert waits(players) == {"hidden_rolls_until_session": [1]} and NOTICE in players["notice"]
    assert {key for key in changed if gm["condition"][key] != before["condition"][key]} == changed
    assert waits(gm) == {}
    assert NOTICE in text(db, campaign, name) and NOTICE not in text(db, campaign, name, "--gm")
    return gm


def assert_revealed(db: str, campaign: str, name: str, changed: set[str]) -> None:
    """After the session's end the players' sheet shows what the roll did, and no notice."""
    run(db, "session", "end", campaign)
    players, gm = sheet(db, campaign, name), sheet(db, campaign, name, "--gm")
    assert {key: players["condition"][key] for key in changed} == {key: gm["condition"][key] for key in changed}
    assert waits(players) == {} and NOTICE not in text(db, campaign, name)


def test_cartes_a_hidden_test_spends_its_pile_and_markers_out_of_the_players_sight_s_Tirage(db: str) -> None:
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    for name in ("alice", "bruno"):
        run(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / f"{name}.toml"))
    run(db, "session", "start", "Verdelune")
    # The session's first draw deals the hands (face up to their players, §Piles): a visible one,
    # so that the hand dealt is no hidden roll's doing.
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact")
    before = sheet(db, "Verdelune", "Alice")
    assert waits(before) == {} and NOTICE not in text(db, "Verdelune", "Alice")
    run(db, "cartes", "test", "Verdelune", "Alice", "Vigilance", "--hidden", "--manoeuvre", "tactics")
    # A test draws at least one card of the pile: how many would tell its course (§Tirage).
    assert_veiled(db, "Verdelune", "Alice", before, {"pile_count"})
    # The next test in plain sight draws from the pile too: the count it leaves would still tell
    # how many the hidden one drew, so the pile stays as the players last saw it.
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact")
    assert sheet(db, "Verdelune", "Alice")["condition"]["pile_count"] == before["condition"]["pile_count"]
    # A scene's end clears the markers whatever the hidden test gave (§Marqueurs): 0 and 0.
    run(db, "cartes", "scene", "end", "Verdelune")
    players = sheet(db, "Verdelune", "Alice")["condition"]
    assert (players["bonus"], players["malus"]) == (0, 0)
    assert_revealed(db, "Verdelune", "Alice", {"pile_count", "bonus", "malus", "hand"})


def test_microfudge_a_hidden_hazard_keeps_its_Revers_and_its_Atout_off_the_players_sheet_L351_L743(db: str, tmp_path: Path) -> None:
    zombies_at_the_table(db, tmp_path)
    before = sheet(db, "Zombies", "Jim")
    # Psychologie 3 against Impossible (8): even + + + + gives 7, so the roll and its reroll fail
    # (L743, an Atout paid), and the hazard deals Jim a Revers (L351).
    run(db, "microfudge", "hazard", "Zombies", "Jim", "Psychologie", "-d", "impossible", "--reroll", "--hidden")
    gm = assert_veiled(db, "Zombies", "Jim", before, {"setbacks", "atouts"})
    assert before["condition"]["setbacks"] == [] and len(gm["condition"]["setbacks"]) == 1
    assert_revealed(db, "Zombies", "Jim", {"setbacks", "atouts"})


def test_elor_a_hidden_test_keeps_the_effort_it_took_off_the_players_sheet_s3_3(db: str, tmp_path: Path) -> None:
    (tmp_path / "aldo.toml").write_text(ALDO_SHEET, encoding="utf-8")
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    run(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / "aldo.toml"))
    run(db, "session", "start", "Tolosa")
    before = sheet(db, "Tolosa", "Aldo")
    # One point of effort spent is one more die (§3.3): it moves to fatigue whatever the dice say.
    # Coordination 2, so that dice are rolled: a certain failure (level 0 or below) spends none (ruling E116).
    run(db, "elor", "test", "Tolosa", "Aldo", "-f", "C", "-e", "1", "--hidden")
    gm = assert_veiled(db, "Tolosa", "Aldo", before, {"effort", "fatigue"})
    assert gm["condition"]["effort"] == before["condition"]["effort"] - 1
    assert_revealed(db, "Tolosa", "Aldo", {"effort", "fatigue"})


def test_western_parade_a_hidden_roll_is_said_to_wait_though_it_changed_nothing_ruling_WD2(db: str) -> None:
    # A hidden roll grants nothing (ruling WD2) and changes no sheet; the sheet says one waits all
    # the same, since saying it only when a roll changed something would tell what it gave.
    city, sam = "Shotgun City", "Sam Parkerson"
    run(db, "campaign", "new", city, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", city, "--sheet", str(SAMPLES / "wp_sam.toml"))
    run(db, "session", "start", city)
    before = sheet(db, city, sam)
    run(db, "western-parade", "roll", city, sam, "-c", "INT", "--hidden")
    gm = assert_veiled(db, city, sam, before, set())
    assert gm["condition"] == before["condition"]
    assert_revealed(db, city, sam, set())


def test_a_voided_hidden_roll_leaves_nothing_to_wait_for(db: str, tmp_path: Path) -> None:
    zombies_at_the_table(db, tmp_path)
    run(db, "microfudge", "hazard", "Zombies", "Jim", "Psychologie", "-d", "impossible", "--hidden")
    assert waits(sheet(db, "Zombies", "Jim")) == {"hidden_rolls_until_session": [1]}
    run(db, "undo", "Zombies", "--reason", "wrong character")
    players = sheet(db, "Zombies", "Jim")
    assert waits(players) == {} and players["condition"] == sheet(db, "Zombies", "Jim", "--gm")["condition"]


def test_the_players_json_and_export_say_the_reveal_waited_for_as_a_session_number_ruling_FP20(db: str) -> None:
    # A script reads which session's end turns the hidden roll up, as M91 gives the GM's sheet a
    # face-down Revers: "hidden_rolls_until_session": 1, never the internal epoch code.
    city, sam = "Shotgun City", "Sam Parkerson"
    run(db, "campaign", "new", city, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", city, "--sheet", str(SAMPLES / "wp_sam.toml"))
    run(db, "session", "start", city)
    run(db, "western-parade", "roll", city, sam, "-c", "INT", "--hidden")
    shown = run(db, "sheet", city, sam, "--json").stdout
    exported = run(db, "export", "sheet", city, sam, "--format", "json").stdout
    for players in (shown, exported):
        assert waits(json.loads(players)) == {"hidden_rolls_until_session": [1]}
        assert "session-1" not in players
