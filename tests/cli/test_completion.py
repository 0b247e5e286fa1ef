"""Shell completion (issue 15): Typer's completion script for the shell, and the names a GM
would otherwise retype: campaigns, and the characters of the campaign on the line, read from
the journal. The real command line, in process, on a real journal of each backend."""

from __future__ import annotations

from pathlib import Path

from support import SAMPLES, completed, run

CARTES = "Vallée Verte"


def test_the_completion_script_is_produced_for_each_shell() -> None:
    script = run("unused.db", "completion", "bash").stdout
    assert "_chronique_completion()" in script and "_CHRONIQUE_COMPLETE=complete_bash" in script
    assert "compdef _chronique_completion chronique" in run("unused.db", "completion", "zsh").stdout
    assert "complete --command chronique" in run("unused.db", "completion", "fish").stdout
    refused = run("unused.db", "completion", "tcsh", check=False)
    assert (refused.returncode, refused.stderr) == (2, "error: no completion for the shell “tcsh” (one of bash, zsh, fish, powershell)\n")


def test_a_campaign_and_its_characters_complete_from_the_journal(db: str) -> None:
    run(db, "campaign", "new", CARTES, "--ruleset", "cartes")
    run(db, "campaign", "new", "Shotgun City", "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", CARTES, "--sheet", str(SAMPLES / "alice.toml"))
    # Names forgive accents when typed, so "val" completes Vallée; "sh" the other campaign.
    assert completed(f"chronique --db {db} log val") == [CARTES]
    assert completed(f"chronique --db {db} campaign show sh") == ["Shotgun City"]
    assert completed(f"chronique --db {db} sheet vallee-verte al") == ["Alice"]
    assert completed(f"chronique --db {db} cartes test vallee-verte ") == ["Alice"]


def test_commands_complete() -> None:
    assert completed("chronique --db unused.db camp") == ["campaign"]


def test_an_unreadable_journal_completes_nothing_and_creates_none(tmp_path: Path) -> None:
    missing = tmp_path / "none.db"
    assert completed(f"chronique --db {missing} log ") == []
    assert not missing.exists()
