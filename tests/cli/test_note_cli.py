"""``chronique note`` (issue 16) end to end, the real app in-process on a real SQLite file (standard
input through a subprocess): a recap and a
note written (argument, file, standard input), listed in words and as JSON, shown rendered in the
exports, verified, and taken back by ``undo``; a player's note refused until ``campaign set``
allows it; bad input refused in one line, exit 2, nothing recorded."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from support import run
from verdelune_party import verdelune_party

from chronique.domain.notes import NOTE_LIMIT

CAMPAIGN = "Verdelune"
RECAP = "## The ford\n\nThey crossed *at night*.\n\n<script>alert(1)</script>\n"


def party(db: Path) -> None:
    """A Cartes campaign with Alice (played by Mireille) and Bruno, its first session open."""
    verdelune_party(db, ("alice", "bruno"), players={"Alice": "Mireille"})


def events(db: Path) -> int:
    """How many events the journal holds, read from the file itself."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as connection:
        count = connection.execute("SELECT count(*) FROM stored_events").fetchone()[0]
    connection.close()
    return int(count)


def refused(db: Path, *args: str) -> str:
    """The one line of a refusal (exit 2) that recorded nothing."""
    before = events(db)
    result = run(db, *args, check=False)
    assert result.returncode == 2 and result.stdout == "", result
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert events(db) == before
    return result.stderr.strip()


def test_write_list_export_verify_and_undo_a_recap_and_a_note(tmp_path: Path) -> None:
    db = tmp_path / "journal.db"
    party(db)
    recap_file = tmp_path / "recap.md"
    recap_file.write_text(RECAP, encoding="utf-8")
    said = run(db, "note", "recap", CAMPAIGN, "--file", str(recap_file)).stdout
    assert said == "GM wrote a recap of session 1 (Day 1 08:00); `chronique undo` takes it back.\n"
    # Standing input ('-'), as a GM pipes a file in.
    env = {"CHRONIQUE_DB": str(db)}
    piped = subprocess.run(
        [sys.executable, "-m", "chronique.cli", "note", "character", CAMPAIGN, "alice", "--file", "-"],
        input="Keeps a *letter*.\n\nNever opens it.",
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=120,
    )
    assert piped.returncode == 0 and piped.stdout.startswith("GM wrote a note on Alice (Day 1 08:00)"), piped
    written = json.loads(run(db, "note", "character", CAMPAIGN, "Bruno", "Owes *Alice* a horse.", "--json").stdout)
    assert written["outcome"]["character"] == "Bruno" and written["outcome"]["text"] == "Owes *Alice* a horse."
    assert [e["event"]["topic"].rsplit(":", 1)[1] for e in written["recorded"]] == ["Character.NoteWritten", "Campaign.CommandRecorded"]

    listed = run(db, "note", "list", CAMPAIGN).stdout
    assert "Recaps of Verdelune:" in listed and "session 1, by GM, Day 1 08:00 in the game" in listed
    assert "    ## The ford" in listed and "Notes on Alice:" in listed and "    Never opens it." in listed
    shown = json.loads(run(db, "note", "list", CAMPAIGN, "--character", "Alice", "--json").stdout)
    assert shown["recaps"] == [] and [n["text"] for n in shown["notes"]["Alice"]] == ["Keeps a *letter*.\n\nNever opens it."]

    run(db, "session", "end", CAMPAIGN)
    page = tmp_path / "session.html"
    run(db, "export", "session", CAMPAIGN, "1", "--format", "html", "-o", str(page))
    html = page.read_text(encoding="utf-8")
    assert "<h2>The ford</h2>" in html and "<em>at night</em>" in html
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "> ## The ford" in run(db, "export", "session", CAMPAIGN, "1", "--format", "md").stdout
    sheet = run(db, "export", "sheet", CAMPAIGN, "Bruno", "--format", "html").stdout
    assert "Owes <em>Alice</em> a horse." in sheet
    assert json.loads(run(db, "export", "sheet", CAMPAIGN, "Alice", "--format", "json").stdout)["notes"][0]["author"] == "GM"
    assert "OK" in run(db, "verify", CAMPAIGN).stdout

    # The last command was the session's end, which undo never takes back; a note written after is.
    run(db, "note", "character", CAMPAIGN, "Bruno", "A second thought.")
    undone = run(db, "undo", CAMPAIGN).stdout
    assert undone.startswith("took back the last command of Verdelune") and "voided" in undone
    again = json.loads(run(db, "note", "list", CAMPAIGN, "--character", "Bruno", "--json").stdout)["notes"]["Bruno"]
    assert [(n["text"], n["voided"]) for n in again] == [("Owes *Alice* a horse.", False), ("A second thought.", True)]
    assert "A second thought." not in run(db, "export", "sheet", CAMPAIGN, "Bruno", "--format", "md").stdout
    assert "OK" in run(db, "verify", CAMPAIGN).stdout


def test_a_player_is_refused_until_the_campaign_allows_players_to_write_notes(tmp_path: Path) -> None:
    db = tmp_path / "journal.db"
    party(db)
    assert refused(db, "note", "character", CAMPAIGN, "Alice", "Mine.", "--author", "Mireille") == (
        f"error: players may not write notes in {CAMPAIGN}: the GM allows it with "
        f"`chronique campaign set '{CAMPAIGN}' players-write-notes on`"
    )
    refused(db, "note", "recap", CAMPAIGN, "Ours.", "--author", "mireille")
    run(db, "campaign", "set", CAMPAIGN, "players-write-notes", "on")
    said = run(db, "note", "character", CAMPAIGN, "Alice", "Mine.", "--author", "Mireille").stdout
    assert said.startswith("Mireille (a player) wrote a note on Alice")
    assert run(db, "note", "recap", CAMPAIGN, "Ours.", "--author", "Mireille").returncode == 0


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (("note", "recap", CAMPAIGN), "error: give the text, or `--file`"),
        (("note", "recap", CAMPAIGN, "   "), "error: a recap cannot be empty"),
        (("note", "character", CAMPAIGN, "Alice", ""), "error: a note cannot be empty"),
        (("note", "recap", CAMPAIGN, "x", "--file", "-"), "error: give the text either as an argument or with `--file`, not both"),
        (("note", "recap", CAMPAIGN, "x", "--session", "2"), f"error: campaign {CAMPAIGN} has no session 2: its sessions are 1 to 1"),
        (("note", "recap", CAMPAIGN, "x", "--session", str(2**64)), "error: `--session` must be between 1 and 9,007,199,254,740,991"),
        (("note", "character", CAMPAIGN, "Nobody", "x"), "error: no character"),
        (("note", "character", CAMPAIGN, "Alice", "two\nlines"), "error: TEXT may hold only printable characters"),
        (("note", "recap", CAMPAIGN, "x", "--author", ""), "error: a note's author cannot be empty"),
    ],
    ids=["no-text", "blank", "empty", "both", "no-such-session", "huge-session", "no-such-character", "line-break-argument", "no-author"],
)
def test_bad_input_is_refused_in_one_line_and_records_nothing(tmp_path: Path, args: tuple[str, ...], problem: str) -> None:
    db = tmp_path / "journal.db"
    party(db)
    assert refused(db, *args).startswith(problem)


def test_a_file_too_long_empty_or_not_utf8_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "journal.db"
    party(db)
    too_long, empty, latin, huge = (tmp_path / name for name in ("long.md", "empty.md", "latin.md", "huge.md"))
    too_long.write_text("x" * (NOTE_LIMIT + 1), encoding="utf-8")
    empty.write_text("\n\n", encoding="utf-8")
    latin.write_bytes("Épée".encode("latin-1"))
    huge.write_bytes(b"y" * (4 * NOTE_LIMIT + 1))
    assert refused(db, "note", "recap", CAMPAIGN, "--file", str(too_long)) == (
        f"error: a recap is {NOTE_LIMIT + 1:,} characters long; at most {NOTE_LIMIT:,} are allowed"
    )
    assert refused(db, "note", "recap", CAMPAIGN, "--file", str(empty)) == "error: a recap cannot be empty"
    assert refused(db, "note", "recap", CAMPAIGN, "--file", str(latin)) == f"error: {latin} is not UTF-8 text (byte 0 is 0xC9)"
    assert "holds more than 80,000 bytes" in refused(db, "note", "recap", CAMPAIGN, "--file", str(huge))
    assert refused(db, "note", "recap", CAMPAIGN, "--file", str(tmp_path / "missing.md")).startswith("error: cannot read")
    # The longest recap a file may hold is recorded whole.
    too_long.write_text("z" * NOTE_LIMIT, encoding="utf-8")
    run(db, "note", "recap", CAMPAIGN, "--file", str(too_long))
