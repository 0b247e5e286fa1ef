"""One error boundary (issue 18 item 4): every exception that reaches the CLI is one line, exit 2
for bad input or 1 for the environment (a file, the network, the disk), and nothing is recorded;
`--debug` shows the traceback instead. The cases are the issue's: `-o` at a directory, a missing
folder, an empty path; a PostgreSQL URL with a non-numeric port; a sheet with non-UTF-8 bytes or
JSON nested 200,000 deep; `pace set --advance -1w`; `daemon --tick nan`. Then malformed values fed
to the options of a sample of commands of every game (hypothesis)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from eventsourcing.persistence import OperationalError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import SAMPLES, chronique, fresh_database, held_by_another_writer, run, stored
from verdelune_party import verdelune_party

from chronique.adapters.locks import CampaignBusy
from chronique.cli.boundary import READER_GONE, explain


def refused(db: str, *args: str, status: int) -> str:
    """Run a command that must be refused with ``status``: its one line of error, after checking
    nothing else was printed and the journal is unchanged."""
    before = stored(db)
    result = run(db, *args, check=False)
    assert result.returncode == status, f"exit {result.returncode}: {result.stdout}{result.stderr}"
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert stored(db) == before
    return lines[0]


@pytest.fixture
def verdelune(db: str) -> str:
    """A Cartes journal with Alice, one session played."""
    verdelune_party(db)
    return db


def into_a_closed_pipe(db: str, *args: str) -> subprocess.CompletedProcess[str]:
    """The real command in a subprocess whose standard output is a pipe its reader already closed
    (``chronique ... | head -0``, the reader gone before the first line)."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        env = dict(os.environ, CHRONIQUE_DB=db)
        command = [sys.executable, "-m", "chronique.cli", *args]
        return subprocess.run(command, stdout=writer, stderr=subprocess.PIPE, text=True, env=env, timeout=120, check=False)
    finally:
        os.close(writer)


@pytest.mark.parametrize(
    "args", [["cartes", "test", "Verdelune", "Alice", "Contact"], ["log", "Verdelune"], ["sheet", "Verdelune", "Alice", "--json"]]
)
def test_a_closed_output_ends_the_command_as_sigpipe_does_without_an_error_line(verdelune: str, args: list[str]) -> None:
    # A test recorded before its line could be written: not "cannot use: Broken pipe" with the
    # status 1 of an environment that failed, which a script reads as nothing recorded and runs
    # again, rolling twice; a read ends the same way.
    def tests_made() -> int:
        return sum(topic.endswith(":TestMade") for _, _, topic, _ in stored(verdelune))

    before = tests_made()
    result = into_a_closed_pipe(verdelune, *args)
    assert (result.returncode, result.stderr) == (READER_GONE, "")
    # The test was recorded, once (a read records none); the same command with its output read
    # records one more.
    assert tests_made() == before + (args[0] == "cartes")
    run(verdelune, *args)
    assert tests_made() == before + 2 * (args[0] == "cartes")


def test_an_export_at_a_folder_is_the_environment_s_error_exit_1(verdelune: str, tmp_path: Path) -> None:
    assert refused(verdelune, "export", "campaign", "Verdelune", "-o", str(tmp_path), status=1) == (
        f"error: cannot use {tmp_path}: Is a directory"
    )


def test_an_export_into_a_missing_folder_is_the_environment_s_error_exit_1(verdelune: str, tmp_path: Path) -> None:
    target = tmp_path / "nowhere" / "verdelune.md"
    assert refused(verdelune, "export", "campaign", "Verdelune", "-o", str(target), status=1) == (
        f"error: cannot use {target}: No such file or directory"
    )
    assert not target.parent.exists()


def test_an_export_to_an_empty_path_is_refused_in_one_line(verdelune: str) -> None:
    # An empty path reads as the current folder, which cannot be written as a file.
    assert refused(verdelune, "export", "sheet", "Verdelune", "Alice", "-o", "", status=1) == "error: cannot use .: Is a directory"


def test_a_postgresql_url_with_a_port_that_is_not_a_number_is_bad_input() -> None:
    # Ruling EB2, in words rather than urllib's ("Port could not be cast to integer value as
    # 'abc'"); a port past 65535 alike, and a password never shown.
    for url, shown in (
        ("postgresql://postgres@127.0.0.1:abc/chronique", "postgresql://postgres@127.0.0.1:abc/chronique"),
        ("postgresql://postgres:secret@127.0.0.1:99999/chronique", "postgresql://postgres:***@127.0.0.1:99999/chronique"),
    ):
        result = run(url, "campaign", "list", check=False)
        assert (result.returncode, result.stdout) == (2, "")
        assert result.stderr == f"error: the PostgreSQL URL “{shown}”: its port must be a whole number up to 65535\n"


def test_a_sheet_that_is_not_utf8_is_bad_input(verdelune: str, tmp_path: Path) -> None:
    sheet = tmp_path / "latin1.toml"
    sheet.write_bytes('name = "Hélène"\n'.encode("latin-1"))
    assert refused(verdelune, "character", "new", "Verdelune", "--sheet", str(sheet), status=2) == (
        "error: the file is not UTF-8 text (byte 9 is 0xE9)"  # ruling EB9: it read "b'\\xe9'", a Python bytes literal
    )


@pytest.mark.parametrize("suffix", ["json", "toml"])
def test_a_sheet_nested_200000_deep_is_bad_input(verdelune: str, tmp_path: Path, suffix: str) -> None:
    sheet = tmp_path / f"deep.{suffix}"
    sheet.write_text(("[" * 200_000 + "]" * 200_000) if suffix == "json" else "name = " + "[" * 200_000 + "]" * 200_000, encoding="utf-8")
    line = refused(verdelune, "character", "new", "Verdelune", "--sheet", str(sheet), status=2)
    assert line.startswith("error: ") and "Traceback" not in line


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("cartes", "test"), "error: missing argument CAMPAIGN (see `chronique cartes test --help`)"),
        (
            ("cartes", "test", "--bogus", "Verdelune", "Alice", "Contact"),
            "error: no such option “--bogus”: did you mean `--spend-bonus`? (see `chronique cartes test --help`)",
        ),
        (("--bogus", "sheet"), "error: no such option “--bogus” (see `chronique --help`)"),
        (("sheet", "Verdelune", "Alice", "Bruno"), "error: got an unexpected extra argument: “Bruno” (see `chronique sheet --help`)"),
        (("cartse",), "error: no such command “cartse”: did you mean `cartes` or `character`? (see `chronique --help`)"),
        (("cartes", "tset"), "error: no such command “tset”: did you mean `test`? (see `chronique cartes --help`)"),
        (("log", "Verdelune", "--page", "x"), "error: invalid value for `--page`: “x” is not a whole number (see `chronique log --help`)"),
        (("daemon", "--tick", "soon"), "error: invalid value for `--tick`: “soon” is not a number (see `chronique daemon --help`)"),
        # What was typed is shown inert: an escape sequence in a command's name is not obeyed.
        (("\x1b[2J",), "error: no such command “\\x1b[2J” (see `chronique --help`)"),
    ],
    ids=[
        "missing argument",
        "unknown option",
        "unknown root option",
        "extra argument",
        "unknown command",
        "unknown game command",
        "no whole number",
        "no number",
        "escape sequence",
    ],
)
def test_a_line_click_refuses_is_one_line_naming_the_problem_and_the_help_exit_2(
    verdelune: str, args: tuple[str, ...], expected: str
) -> None:
    assert refused(verdelune, *args, status=2) == expected


def test_a_value_that_is_no_number_is_said_in_words_every_time_in_one_process(verdelune: str) -> None:
    # Typer's reading is built at the first value it reads and kept (cli/coercion.py): the words
    # must not turn into pydantic's at the second, as in the shell's one process.
    for value in ("many", "5.5", "many"):
        assert refused(verdelune, "log", "Verdelune", "--limit", value, status=2) == (
            f"error: invalid value for `--limit`: “{value}” is not a whole number (see `chronique log --help`)"
        )


def test_a_group_named_alone_still_shows_its_help(verdelune: str) -> None:
    result = run(verdelune, "cartes", check=False)
    assert result.returncode == 2 and result.stderr.startswith("Usage: chronique cartes [OPTIONS] COMMAND [ARGS]...")


def test_pace_set_with_a_negative_advance_is_bad_input(verdelune: str) -> None:
    line = refused(verdelune, "pace", "set", "Verdelune", "--every", "mon 09:00", "--advance", "-1w", status=2)
    assert line == "error: “-1w” is not a duration (write e.g. `30s`, `10m`, `3h`, `2d`, `1w`)"


def test_the_daemon_refuses_a_tick_that_is_not_a_number(verdelune: str) -> None:
    assert refused(verdelune, "daemon", "--tick", "nan", status=2) == "error: `--tick` must be between 0.05 and 86400 seconds (got nan)"


def test_debug_shows_the_traceback_instead_of_the_line(verdelune: str, tmp_path: Path) -> None:
    sheet = tmp_path / "latin1.toml"
    sheet.write_bytes('name = "Hélène"\n'.encode("latin-1"))
    # In this process the exception itself comes out of the CLI; from a shell, Python's traceback.
    with pytest.raises(UnicodeDecodeError):
        run(verdelune, "--debug", "character", "new", "Verdelune", "--sheet", str(sheet), check=False)
    shell = chronique(verdelune, "--debug", "character", "new", "Verdelune", "--sheet", str(sheet), check=False)
    assert shell.returncode == 1
    assert shell.stderr.startswith("Traceback (most recent call last):")
    assert shell.stderr.rstrip().splitlines()[-1].startswith("UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9")


def test_an_unexpected_error_is_one_line_naming_it_and_the_way_to_the_traceback(verdelune: str) -> None:
    from chronique.cli.boundary import explain

    assert explain(AssertionError("the deck lost a card")) == (
        "unexpected AssertionError: the deck lost a card (run with `--debug` for the traceback)",
        1,
    )


# -- malformed values, hypothesis ------------------------------------------------------------------

NUMBERS = st.one_of(
    st.sampled_from(["", " ", "nan", "NaN", "inf", "-inf", "1e400", "0x10", "½", "1.5.2", "--", "一"]),
    st.integers(min_value=10**18, max_value=10**40).map(str),
    st.integers(min_value=-(10**40), max_value=-(10**18)).map(str),
    # Not a control character Python's int() skips as white space (\x1c-\x1f, \x85).
    st.sampled_from(["\x00", "\x07", "\x1b", "\x1b[2J", "\x7f", "\x9b"]).map(lambda c: f"1{c}"),
    st.integers(min_value=1001, max_value=200_000).map(lambda n: "9" * n),
)
# Text that no name, reason or phrase may carry: a control character, or a flood. (Never starting
# with "-", which the command line would read as an option.)
TEXTS = st.one_of(
    st.builds(
        lambda a, c, b: a + c + b,
        st.text(max_size=5).filter(lambda a: not a.startswith("-")),
        st.characters(codec="utf-8", categories=["Cc"]),
        st.text(max_size=5),
    ),
    st.sampled_from(["\x1b[2J", "\x1b]0;pwned\x07", "Al\x00ice", "\u202eecilA", "a\nb"]),
    st.integers(min_value=501, max_value=200_000).map(lambda n: "é" * n),
)
# A sample of commands of each game and of the spine, each with where a malformed value goes.
NUMBER_SLOTS = [
    ("cartes", "test", "Verdelune", "Alice", "Contact", "--modifier", "{}"),
    ("cartes", "draw", "Verdelune", "--count", "{}"),
    ("cartes", "wound", "Verdelune", "Alice", "--damage", "{}", "--lethality", "forte"),
    ("cartes", "xp", "award", "Verdelune", "Alice", "{}"),
    ("advance", "Verdelune", "{}"),
    ("pace", "set", "Verdelune", "--ratio", "{}"),
    ("elor", "damage", "Tolosa", "Samson", "--amount", "{}"),
    ("microfudge", "setback", "Zombies", "Harvey", "--severity", "{}"),
    ("western-parade", "body", "drink", "Shotgun City", "Sam Parkerson", "{}"),
    ("daemon", "--tick", "{}"),
]
TEXT_SLOTS = [
    ("cartes", "test", "Verdelune", "Alice", "Contact", "--reason", "{}"),
    ("cartes", "xp", "award", "Verdelune", "Alice", "1", "--reason", "{}"),
    ("campaign", "new", "{}", "--ruleset", "cartes"),
    ("character", "player", "Verdelune", "Alice", "{}"),
    ("elor", "effort", "Tolosa", "Samson", "--reason", "{}"),
    ("western-parade", "roll", "Shotgun City", "{}", "--skill", "Armes de poing"),
]


@pytest.fixture
def four_games(verdelune: str) -> str:
    """A journal with a campaign of each game and a character in each."""
    db = verdelune
    for campaign, game, sheet in (
        ("Tolosa", "elor", "elor_samson"),
        ("Zombies", "microfudge", "mf_harvey"),
        ("Shotgun City", "western-parade", "wp_sam"),
    ):
        run(db, "campaign", "new", campaign, "--ruleset", game)
        run(db, "character", "new", campaign, "--sheet", str(SAMPLES / f"{sheet}.toml"))
    return db


def _refused_untouched(db: str, slot: tuple[str, ...], value: str) -> None:
    before = stored(db)
    args = [value if word == "{}" else word for word in slot]
    result = run(db, *args, check=False)  # an exception escaping the CLI would be raised here
    shown = result.stdout + result.stderr
    assert result.returncode == 2, f"{args!r}: exit {result.returncode}: {shown}"
    assert "Traceback" not in shown
    # Our one line, whether the command or Click refused the value (cli/boundary.py Refused).
    lines = result.stderr.rstrip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert stored(db) == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(slot=st.sampled_from(NUMBER_SLOTS), value=NUMBERS)
def test_a_malformed_number_is_refused_in_one_line_and_records_nothing(four_games: str, slot: tuple[str, ...], value: str) -> None:
    _refused_untouched(four_games, slot, value)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(slot=st.sampled_from(TEXT_SLOTS), value=TEXTS)
def test_text_with_control_characters_or_a_flood_is_refused_and_records_nothing(four_games: str, slot: tuple[str, ...], value: str) -> None:
    _refused_untouched(four_games, slot, value)


# -- a database reached but held by another writer (ruling EB2: the environment's, exit 1) -------


def test_a_postgresql_journal_held_by_another_writer_is_busy_not_out_of_reach(tmp_path: Path) -> None:
    with fresh_database("postgresql", tmp_path) as db:
        run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
        with held_by_another_writer(db, "LOCK TABLE chronique_events IN ACCESS EXCLUSIVE MODE"):
            busy = run(db, "campaign", "show", "Verdelune", check=False)
    assert busy.returncode == 1
    assert busy.stderr == (
        "error: the journal's database is busy: canceling statement due to lock timeout; try again once the other command is done\n"
    )


def test_a_sqlite_journal_locked_by_another_writer_and_a_campaign_lock_held_too_long_read_as_busy() -> None:
    try:
        try:
            raise sqlite3.OperationalError("database is locked")  # what SQLite says after its 30 s wait
        except sqlite3.OperationalError as locked:
            raise OperationalError(str(locked)) from locked
    except OperationalError as error:
        assert explain(error) == ("the journal's database is busy: database is locked; try again once the other command is done", 1)
    held = CampaignBusy("another command has held this campaign for more than 60 s; try again once it is done")
    assert explain(held) == (
        "the campaign is busy: another command has held this campaign for more than 60 s; try again once it is done",
        1,
    )
