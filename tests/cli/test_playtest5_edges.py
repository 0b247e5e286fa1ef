"""The fifth play-test's findings at the command line's edge, through the real CLI: the shell
refuses what would outlive a line or swap its journal (ruling SL8); a backup to a folder typed
with a final ``/`` that does not exist is refused (EB7); a restore names the campaigns it brings
in and those it replaces (EB8); ``db rebuild`` and ``audit export`` count in true words; an undo
names the character a player took up; a setting reads as a GM would write it (TB8)."""

from __future__ import annotations

import json
from pathlib import Path

from support import run, shell, stored
from verdelune_party import verdelune_party

SAMPLES = Path(__file__).parents[2] / "cli" / "samples"


def verdelune(db: str) -> str:
    """A Cartes campaign with Alice (the sample sheet)."""
    verdelune_party(db, session=False)
    return db


def test_the_shell_refuses_the_daemon_the_web_server_the_demo_and_a_restore_each_in_one_line(db_path: Path, tmp_path: Path) -> None:
    # Ruling SL8: the daemon and the web journal run until a signal (which would be the shell's,
    # as the play-tester saw: the daemon took the shell's SIGTERM, then `serve` ran on); a restore
    # swaps the journal the shell keeps open; the demo plays a campaign of its own.
    db = verdelune(str(db_path))
    before = run(db, "log", "Verdelune", "--json", "--gm").stdout
    done = shell(
        db,
        f"daemon --tick 1\nserve --port 8799\ndemo\nrestore {tmp_path / 'none.db'}\nhelp daemon\ncampaign list\n",
        "Verdelune",
    )
    assert done.stderr.splitlines() == [
        "error: the daemon runs until it is stopped: run `chronique daemon` beside the shell, not in it",
        "error: the web journal runs until it is stopped: run `chronique serve` beside the shell, not in it",
        "error: the demo plays a scripted campaign of its own: run `chronique demo` outside the shell",
        "error: a restore replaces the journal the shell has open: leave the shell, then run `chronique restore`",
    ]
    assert done.returncode == 2
    # The shell went on: a command's help is still read, and the line after ran.
    assert "Run the pacing daemon" in done.stdout and "Verdelune" in done.stdout.split("Run the pacing daemon")[1]
    # Nothing was played, nothing replaced.
    assert run(db, "log", "Verdelune", "--json", "--gm").stdout == before
    assert [c["name"] for c in json.loads(run(db, "campaign", "list", "--json").stdout)] == ["Verdelune"]


def test_a_backup_to_a_missing_folder_typed_with_a_final_slash_is_refused(db_path: Path, tmp_path: Path) -> None:
    # Ruling EB7: it wrote a FILE named like the folder.
    db = verdelune(str(db_path))
    missing = tmp_path / "backups"
    refused = run(db, "backup", "-o", f"{missing}/", check=False)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == f"error: no folder {missing}/: make it first, or name the backup file\n"
    assert not missing.exists()
    # An existing folder, typed either way, takes the backup under the default name.
    missing.mkdir()
    done = run(db, "backup", "-o", f"{missing}/")
    (made,) = list(missing.iterdir())
    assert made.name.startswith("journal-backup-") and done.stdout == f"backed up {_events(db)} events to {made}\n"


def _events(db: str) -> int:
    """How many events the journal stores, read raw."""
    return len(stored(db))


def test_a_restore_names_the_campaigns_it_brings_in_and_those_it_replaces(tmp_path: Path) -> None:
    # Ruling EB8: a restore over a MicroFudge journal (Arkham) said only "75 events in 1 campaign".
    cartes = verdelune(str(tmp_path / "cartes.db"))
    backup = tmp_path / "verdelune.db"
    run(cartes, "backup", "-o", str(backup))
    arkham = str(tmp_path / "arkham.db")
    run(arkham, "campaign", "new", "Arkham", "--ruleset", "microfudge")
    events = _events(cartes)
    said = run(arkham, "restore", str(backup)).stdout
    assert said == (
        f"restored {backup}: {events} events in 1 campaign (Verdelune); it replaced a journal of 1 campaign (Arkham): "
        f"Arkham is no longer in the journal; the journal it replaced is kept as {arkham}.before-restore-1\n"
    )
    # Over itself: the same campaign comes back, none is gone.
    again = run(arkham, "restore", str(backup)).stdout
    assert again.endswith(
        f"it replaced a journal of 1 campaign (Verdelune); the journal it replaced is kept as {arkham}.before-restore-2\n"
    )
    fresh = str(tmp_path / "fresh.db")
    assert run(fresh, "restore", str(backup)).stdout.endswith("in 1 campaign (Verdelune); there was no journal before\n")


def test_db_rebuild_counts_each_event_once_and_names_the_read_models(db_path: Path) -> None:
    # It said "378 events replayed" for 63 events replayed into 6 read models.
    from chronique.adapters.readmodels import PROJECTIONS

    db = verdelune(str(db_path))
    events = _events(db)
    assert run(db, "db", "rebuild").stdout.strip() == f"rebuilt {len(PROJECTIONS)} read models: {events} events replayed into each"
    assert run(db, "db", "rebuild", "log").stdout.strip() == f"rebuilt the log read model: {events} events replayed into it"


def test_audit_export_counts_in_words(db_path: Path, tmp_path: Path) -> None:
    # It said "57 events, 1 seals".
    db = verdelune(str(db_path))
    run(db, "session", "start", "Verdelune")
    out = tmp_path / "bundle.json"
    said = run(db, "audit", "export", "Verdelune", "-o", str(out)).stdout
    # Its first line counts; the next says how to check the bundle (ruling EB48).
    assert said.splitlines()[0].endswith(", 1 seal") and "seals" not in said


def test_undo_names_the_character_a_player_took_up(db_path: Path) -> None:
    # It said "voided …  Verdelune: a character is now played by Marie"; the log names her.
    db = verdelune(str(db_path))
    run(db, "character", "player", "Verdelune", "Alice", "Marie")
    said = run(db, "undo", "Verdelune").stdout.splitlines()
    assert said[1].endswith("  Verdelune: Alice is now played by Marie"), said


def test_a_setting_reads_as_a_gm_writes_it_and_a_refusal_lists_what_to_type(db_path: Path) -> None:
    # Ruling TB8 (MicroFudge «IV – Expérience» L213-L215 for the session award).
    db = str(db_path)
    run(db, "campaign", "new", "Arkham", "--ruleset", "microfudge")
    said = run(db, "campaign", "set", "Arkham", "players-write-notes", "on").stdout
    assert said == "Arkham: Who writes recaps and notes is now the GM and the players.\n"
    assert run(db, "campaign", "set", "Arkham", "fatigue", "on").stdout == "Arkham: Fatigue from powers is now on.\n"
    refused = run(db, "campaign", "set", "Arkham", "session_award", "7", check=False)
    assert (refused.returncode, refused.stderr) == (2, "error: no session_award value “7” (one of 0, 1, 2, 3)\n")
    refused = run(db, "campaign", "set", "Arkham", "first_aid_mode", "x", check=False)
    assert refused.stderr == "error: no first_aid_mode value “x” (one of reduce_step, stabilize, shorten)\n"
    # The settings list a switch's choices as themselves once ("on", not "on: on").
    shown = " ".join(run(db, "--ascii", "campaign", "settings", "Arkham").stdout.replace("|", " ").split())
    assert "off: off" not in shown and "on: on" not in shown
    assert "1: 1 Atout" in shown and "off: the GM alone" in shown
