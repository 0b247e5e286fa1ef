"""A default campaign (issue 15): ``chronique use CAMPAIGN`` remembers one per journal (or
``CHRONIQUE_CAMPAIGN`` names one), and every command whose first argument is the campaign may
then leave it out: a whole session is played without retyping it. The real command line, in
process, on a real journal of each backend."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import SAMPLES, run

CARTES, WP = "Vallée Verte", "Shotgun City"


@pytest.fixture(autouse=True)
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where ``chronique use`` remembers: a folder of the test's own, no CHRONIQUE_CAMPAIGN."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("CHRONIQUE_CAMPAIGN", raising=False)
    return tmp_path / "config"


def test_a_cartes_session_without_retyping_the_campaign(db: str) -> None:
    run(db, "campaign", "new", CARTES, "--ruleset", "cartes", "--start", "Day 1 08:00")
    assert run(db, "use").stdout == "no default campaign: `chronique use CAMPAIGN` sets one\n"
    assert run(db, "use", "vallee verte").stdout == f"default campaign: {CARTES}\n"
    assert run(db, "use").stdout == f"default campaign: {CARTES}\n"
    for sheet in ("alice", "brigand"):
        run(db, "character", "new", "--sheet", str(SAMPLES / f"{sheet}.toml"))
    run(db, "session", "start")
    run(db, "cartes", "test", "Alice", "Contact")
    run(db, "cartes", "wound", "Alice", "--damage", "3", "--lethality", "faible")
    assert run(db, "sheet", "Alice").stdout.startswith("Alice")
    run(db, "session", "end")
    assert run(db, "advance", "1d").stdout.startswith("advanced 1 day")
    shown = run(db, "campaign", "show").stdout
    assert shown.startswith(f"{CARTES} — Cartes, Day 2 08:00") and "1 session played" in shown
    # The same commands with the campaign typed still work, and --clear forgets the default.
    assert run(db, "campaign", "show", CARTES).stdout == shown
    assert run(db, "use", "--clear").stdout == "no default campaign for this journal\n"
    result = run(db, "campaign", "show", check=False)
    assert (result.returncode, result.stderr) == (2, "error: missing argument CAMPAIGN (see `chronique campaign show --help`)\n")


def test_a_western_parade_session_with_chronique_campaign(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    run(db, "campaign", "new", WP, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    monkeypatch.setenv("CHRONIQUE_CAMPAIGN", WP)
    assert run(db, "use").stdout == f"default campaign: {WP} (from CHRONIQUE_CAMPAIGN)\n"
    for name in ("sam", "joe"):
        run(db, "character", "new", "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    run(db, "session", "start")
    run(db, "western-parade", "roll", "Joe Hambuster", "--characteristic", "END")
    assert run(db, "western-parade", "body", "wound", "Sam Parkerson", "left-arm", "2", "--kind", "blunt").stdout.startswith(
        "Sam Parkerson: wounded in the bras gauche: 2 points of blunt damage; a scratch wound"
    )
    run(db, "session", "end")
    run(db, "advance", "3h")
    assert "1873-04-12 11:00" in run(db, "campaign", "show").stdout
    log = run(db, "log").stdout
    assert "Sam Parkerson" in log and "Joe Hambuster" in log


def test_a_first_word_that_names_no_campaign_is_read_after_the_default(db: str) -> None:
    run(db, "campaign", "new", CARTES, "--ruleset", "cartes", "--start", "Day 1 08:00")
    run(db, "campaign", "new", WP, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "use", CARTES)
    # ``advance 2h`` parses with "2h" as the campaign; it names none, so it is the duration.
    run(db, "advance", "2h")
    assert run(db, "campaign", "show").stdout.startswith(f"{CARTES} — Cartes, Day 1 10:00")
    # Another campaign typed in full is that campaign, default or not.
    run(db, "advance", WP, "1h")
    assert run(db, "campaign", "show", WP).stdout.startswith(f"{WP} — Western Parade, 1873-04-12 09:00")


def test_use_refuses_an_unknown_campaign_and_remembers_nothing(db: str) -> None:
    run(db, "campaign", "new", CARTES, "--ruleset", "cartes")
    result = run(db, "use", "Valle Vert", check=False)
    assert (result.returncode, result.stderr) == (2, f"error: no campaign named “Valle Vert” (did you mean {CARTES}?)\n")
    assert run(db, "use").stdout.startswith("no default campaign")


def test_a_default_the_journal_no_longer_holds_is_never_put_first_ruling_eb39(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A default remembered for a journal made again at the same path, or named by
    # CHRONIQUE_CAMPAIGN for another journal: a line missing a word read "no campaign named
    # “Forêt”", as if the default were the fault, not the word left out.
    run(db, "campaign", "new", WP, "--ruleset", "western-parade")
    run(db, "character", "new", WP, "--sheet", str(SAMPLES / "wp_joe.toml"))
    monkeypatch.setenv("CHRONIQUE_CAMPAIGN", "Forêt")
    said = run(db, "sheet", "Joe Hambuster", check=False)
    assert (said.returncode, said.stderr) == (2, "error: missing argument NAME (see `chronique sheet --help`)\n")
    assert run(db, "sheet", WP, "Joe Hambuster").stdout.startswith("Joe Hambuster")
