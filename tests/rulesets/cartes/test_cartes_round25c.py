"""Cartes, round 25 play-test (third evening): a reason of spaces alone is no reason, and the
spaces around one are dropped, in every Cartes command that takes ``--reason`` (ruling C140). Played
through the real ``chronique`` command on a real journal (tests/cartes_cli.py). Seed:
shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import pytest
from cartes_cli import NAME, cli, of, recorded, seat


@pytest.fixture
def table(db: str) -> str:
    """Verdelune with Alice and Bruno, session 1 open."""
    return seat(db)


def _log(db: str) -> str:
    return cli(db, "log", NAME, "--gm").stdout


def test_a_reason_of_spaces_is_no_reason_in_the_log_Experience_L530_Tirage_passifs_L229_ruling_C140(table: str) -> None:
    # The log read "earned 1 hand card (   )" and "8♠ drawn for Alice (  )": a GM's empty words
    # recorded as the reason of an award (§Expérience L530) and of a passive draw (§Tirage passifs L229).
    db = table
    cli(db, "cartes", "xp", "award", NAME, "Alice", "1", "--reason", "   ")
    cli(db, "cartes", "draw", NAME, "--for", "Alice", "--reason", "  ")
    cli(db, "cartes", "test", NAME, "Bruno", "Vigilance", "--from", "deck", "--reason", "  ")
    (awarded,) = of(db, "ExperienceAwarded", "Alice")
    assert awarded["reason"] == ""
    purposes = [(e["to"], e["purpose"]) for e in recorded(db) if e["topic"].endswith("CardsDrawn")]
    assert ("Alice", "GM draw") in purposes and ("Bruno", "passive Vigilance test") in purposes
    assert not [purpose for _, purpose in purposes if not purpose.strip()]
    log = " ".join(_log(db).split())
    assert "earned 1 hand card |" in log and "drawn for Alice (GM draw)" in log


def test_the_spaces_around_a_reason_are_dropped_ruling_C140(table: str) -> None:
    db = table
    cli(db, "cartes", "xp", "award", NAME, "Alice", "2", "--reason", "  saved the mill ")
    (awarded,) = of(db, "ExperienceAwarded", "Alice")
    assert awarded["reason"] == "saved the mill"
    assert "earned 2 hand cards (saved the mill)" in " ".join(_log(db).split())
    ledger = cli(db, "xp", "ledger", NAME).stdout
    assert "| saved the mill " in ledger


def test_the_help_of_a_hidden_draw_says_what_the_players_see_ruling_C140(table: str) -> None:
    # It read "players see 'hidden' until its epoch is revealed": straight quotes around a word
    # the log never shows, and an internal term; the log shows the cards face down.
    shown = " ".join(cli(table, "cartes", "draw", "--help").stdout.split())
    assert "the players see its cards face down until the dice it was drawn with are revealed" in shown
    assert "'hidden'" not in shown
