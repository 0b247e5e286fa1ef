"""Retries are idempotent (issue 18, item 2): every command that records carries an id
(``--command-id``, else a fresh one), written in the very transaction of its events; a command run
again with an id already recorded records nothing and says so, exit 0. On a PostgreSQL database of
the test's own, the server drops the command's connections at points hypothesis picks, and the
command run again with its id leaves its events in the journal exactly once.

The commands are relative ones, which a second application would show: an advance of one week
(the clock) and an award of two hand cards (Cartes §Expérience: the ledger)."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest
from eventsourcing.persistence import OperationalError
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from support import POSTGRES_SERVER, SAMPLES, fresh_database, run, stored

from chronique.adapters.commandids import COMMAND_IDS_TABLE
from chronique.adapters.journal import Journal
from chronique.adapters.locks import AdvisoryLocks
from chronique.adapters.pgsecrets import PostgresRecorderWithSecrets

# The relative commands, each with what it records and the words of a first run.
ADVANCE = ("advance", "Verdelune", "1w", "--yes")
AWARD = ("cartes", "xp", "award", "Verdelune", "Alice", "2", "--reason", "saved Bruno")
RECORDS = {ADVANCE: "Campaign.TimeAdvanced", AWARD: "ExperienceAwarded"}
SAYS = {ADVANCE: "advanced 1 week from Day 1 08:00 to Day 8 08:00", AWARD: "Alice gains 2 hand cards"}
# The in-game time each leaves the campaign at: an award between sessions takes none.
AT = {ADVANCE: "Day 8 08:00", AWARD: "Day 1 08:00"}
RETRY = "to record it at most once"
# The events' table on PostgreSQL: eventsourcing names it after the application.
EVENTS = "chronique_events"


def verdelune(db: str) -> None:
    """A Cartes campaign with Alice (cli/samples/alice.toml), between sessions."""
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    run(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / "alice.toml"))


def count(db: str, topic: str) -> int:
    """How many stored events end with ``topic``."""
    return sum(1 for *_, name, _ in stored(db) if name.endswith(topic))


def command_ids(db: str) -> list[tuple[str, int]]:
    """The recorded (command id, step) rows, read on a connection of the test's own."""
    query = f"SELECT command_id, step FROM {COMMAND_IDS_TABLE} ORDER BY recorded_at"
    if db.startswith("postgresql://"):
        with psycopg.connect(db) as connection:
            return [tuple(row) for row in connection.execute(query)]  # type: ignore[misc]
    with sqlite3.connect(db) as connection:
        rows = connection.execute(query).fetchall()
    connection.close()
    return rows


def already(command_id: str, at: str) -> re.Pattern[str]:
    """The words of a command run again with an id already recorded."""
    return re.compile(
        rf"already recorded: this command \(id {re.escape(command_id)}\) was recorded in Verdelune at {at} in the game, "
        r"on \d{4}-\d\d-\d\d \d\d:\d\d UTC; nothing was recorded again\n"
    )


# -- both backends --------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [ADVANCE, AWARD], ids=["advance-1w", "xp-award"])
def test_a_relative_command_run_again_with_its_id_records_once_and_says_already_recorded(db: str, command: tuple[str, ...]) -> None:
    verdelune(db)
    first = run(db, "--command-id", "gm-42", *command)
    assert first.stdout.startswith(SAYS[command])
    again = run(db, "--command-id", "gm-42", *command)
    assert already("gm-42", AT[command]).fullmatch(again.stdout), again.stdout
    assert again.stderr == ""
    assert count(db, RECORDS[command]) == 1
    assert ("gm-42", 1) in command_ids(db)


def test_an_advance_run_again_with_its_id_leaves_the_clock_one_week_on(db: str) -> None:
    verdelune(db)
    for _ in range(3):
        run(db, "--command-id", "advance-once", *ADVANCE)
    assert "Verdelune — Cartes, Day 8 08:00" in run(db, "campaign", "show", "Verdelune").stdout


def test_an_award_run_again_with_its_id_is_in_the_ledger_once(db: str) -> None:
    # Cartes §Expérience: the ledger shows each award with its running balance.
    verdelune(db)
    for _ in range(2):
        run(db, "--command-id", "award-once", *AWARD)
    ledger = run(db, "xp", "ledger", "Verdelune", "--json").stdout
    assert ledger.count("saved Bruno") == 1


def test_two_ids_record_twice(db: str) -> None:
    verdelune(db)
    run(db, "--command-id", "first", *ADVANCE)
    second = run(db, "--command-id", "second", *ADVANCE)
    assert second.stdout.startswith("advanced 1 week from Day 8 08:00 to Day 15 08:00")
    assert count(db, "Campaign.TimeAdvanced") == 2


def test_without_an_id_each_run_is_a_new_command_with_a_fresh_id(db: str) -> None:
    verdelune(db)
    before = command_ids(db)
    run(db, *ADVANCE)
    run(db, *ADVANCE)
    assert count(db, "Campaign.TimeAdvanced") == 2
    fresh = [command_id for command_id, _ in command_ids(db) if (command_id, 1) not in before]
    assert len(set(fresh)) == 2
    assert all(re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}", c) for c in fresh)


def test_the_id_comes_from_the_environment_too(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    verdelune(db)
    run(db, "--command-id", "from-env", *ADVANCE)
    monkeypatch.setenv("CHRONIQUE_COMMAND_ID", "from-env")
    # support.run isolates the environment but for what it names: CHRONIQUE_COMMAND_ID passes.
    again = run(db, *ADVANCE)
    assert already("from-env", "Day 8 08:00").fullmatch(again.stdout), again.stdout


def test_a_new_campaign_run_again_with_its_id_is_already_recorded_not_a_refusal(db: str) -> None:
    new = ("campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    run(db, "--command-id", "create-1", *new)
    again = run(db, "--command-id", "create-1", *new)
    assert already("create-1", "Day 1 08:00").fullmatch(again.stdout), again.stdout
    assert count(db, "Campaign.Created") == 1


def test_a_command_that_records_several_times_is_recognised_at_its_first_write(db: str) -> None:
    # The demo creates a campaign, characters, a session and more: one write each, each a step of
    # the one id, so its own writes never take each other for a run again.
    first = run(db, "--command-id", "demo-1", "demo")
    steps = [step for command_id, step in command_ids(db) if command_id == "demo-1"]
    assert steps == list(range(1, len(steps) + 1)) and len(steps) > 10
    rows = stored(db)
    again = run(db, "--command-id", "demo-1", "demo")
    # The demo's first heading is printed before its first write, which is found recorded.
    heading, said = again.stdout.split("\n", 2)[1:]
    assert heading == "== A campaign and two characters (and the GM's brigand)"
    assert already("demo-1", "Day 1 08:00").fullmatch(said), said
    assert stored(db) == rows
    assert first.stdout.startswith("\n== A campaign and two characters")


def test_a_command_that_fails_records_neither_its_events_nor_its_id(db: str) -> None:
    verdelune(db)
    # A failure inside the command's transaction once its events and its id are both written:
    # whichever of the two each backend writes last fails (a trigger of the server's own).
    fail_after_both(db, "the disk failed")
    before, ids = stored(db), command_ids(db)
    failed = run(db, "--command-id", "atomic-1", *ADVANCE, check=False)
    assert failed.returncode == 1
    assert "the disk failed" in failed.stderr and RETRY not in failed.stderr  # known: nothing was recorded
    assert (stored(db), command_ids(db)) == (before, ids)
    stop_failing(db)
    again = run(db, "--command-id", "atomic-1", *ADVANCE)
    assert again.stdout.startswith(SAYS[ADVANCE])
    assert count(db, "Campaign.TimeAdvanced") == 1


def fail_after_both(db: str, message: str) -> None:
    """Make every transaction that records a command's id fail once both the events and the id
    are written: SQLite writes the id last, PostgreSQL the events (adapters/pgsecrets.py)."""
    if db.startswith("postgresql://"):
        with psycopg.connect(db, autocommit=True) as connection:
            connection.execute(
                f"CREATE FUNCTION fail_here() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '{message}'; END $$"
            )
            connection.execute(f"CREATE TRIGGER fail_here AFTER INSERT ON {EVENTS} FOR EACH STATEMENT EXECUTE FUNCTION fail_here()")
        return
    with sqlite3.connect(db) as connection:
        connection.execute(f"CREATE TRIGGER fail_here AFTER INSERT ON {COMMAND_IDS_TABLE} BEGIN SELECT RAISE(ABORT, '{message}'); END")
    connection.close()


def stop_failing(db: str) -> None:
    """Drop the trigger of :func:`fail_after_both`."""
    if db.startswith("postgresql://"):
        with psycopg.connect(db, autocommit=True) as connection:
            connection.execute(f"DROP TRIGGER fail_here ON {EVENTS}")
        return
    with sqlite3.connect(db) as connection:
        connection.execute("DROP TRIGGER fail_here")
    connection.close()


def test_a_journal_from_before_command_ids_gets_their_table_when_opened(db: str) -> None:
    verdelune(db)
    statement = f"DROP TABLE {COMMAND_IDS_TABLE}"
    if db.startswith("postgresql://"):
        with psycopg.connect(db, autocommit=True) as connection:
            connection.execute(statement)
    else:
        with sqlite3.connect(db) as connection:
            connection.execute(statement)
        connection.close()
    for _ in range(2):
        run(db, "--command-id", "after-upgrade", *ADVANCE)
    assert count(db, "Campaign.TimeAdvanced") == 1
    assert command_ids(db) == [("after-upgrade", 1)]


@pytest.mark.parametrize(
    ("given", "problem"),
    [
        ("", "`--command-id` is empty: give the id of the command to run at most once, or leave it out for a new one"),
        ("two words", "`--command-id` “two words” has spaces: an id is one word"),
        ("x" * 101, "`--command-id` is 101 characters long; at most 100 are allowed"),
        ("bell\x07", "`--command-id` may hold only printable characters, not a bell character (U+0007)"),  # EB27
    ],
    ids=["empty", "spaces", "too-long", "control-character"],
)
def test_a_malformed_id_is_refused_in_one_line_and_records_nothing(db: str, given: str, problem: str) -> None:
    verdelune(db)
    before = stored(db)
    refused = run(db, "--command-id", given, *ADVANCE, check=False)
    assert (refused.returncode, refused.stdout, refused.stderr) == (2, "", f"error: {problem}\n")
    assert stored(db) == before


# -- PostgreSQL: the server drops the command's connections ---------------------------------------


@pytest.fixture
def server(request: pytest.FixtureRequest) -> None:
    """PostgreSQL among the chosen backends (connections that drop are PostgreSQL's)."""
    if request.config.getoption("backend") and "postgresql" not in request.config.getoption("backend"):
        pytest.skip("PostgreSQL was not among the chosen backends")


def drop_connections(url: str) -> None:
    """Drop every connection to the test's database but the one asking (``pg_terminate_backend``
    with a timeout returns once they are gone: no sleep)."""
    name = url.rsplit("/", 1)[1]
    with psycopg.connect(f"{POSTGRES_SERVER}/postgres", autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", (name,)
        )


@contextmanager
def dropped_once(monkeypatch: pytest.MonkeyPatch, point: str, drop: Callable[[], None]) -> Iterator[None]:
    """Hooks on the real objects the command uses, which call ``drop`` once, at ``point``:
    before the campaign's lock is taken, once it is held, once the command's events and id are
    written (before the commit), or right after the commit (the answer then read on the dropped
    connection raises, as a lost answer to a COMMIT does)."""
    dropped: list[str] = []

    def once() -> None:
        if not dropped:
            dropped.append(point)
            drop()

    take = AdvisoryLocks._take
    insert = PostgresRecorderWithSecrets._insert_stored_events
    save = Journal.save

    def take_then_drop(self: AdvisoryLocks, key: int, read: str | None) -> Any:
        if point == "before the lock":
            once()
        held = take(self, key, read)
        if point == "the lock held":
            once()
        return held

    def written_then_drop(self: PostgresRecorderWithSecrets, *args: Any, **kwargs: Any) -> None:
        insert(self, *args, **kwargs)  # sent with the commit, which follows (ruling PF16)
        if point == "events written":
            once()

    def committed_then_drop(self: Journal, *objs: Any, **kwargs: Any) -> Any:
        recordings = save(self, *objs, **kwargs)
        if point == "committed" and kwargs.get("command") is not None and not dropped:
            once()
            try:
                with self.recorder.datastore.transaction(commit=False) as cursor:  # type: ignore[attr-defined]
                    cursor.execute("SELECT 1")  # the answer, on the connection the commit used
            except OperationalError:
                dropped.append("answer lost")
                raise
        return recordings

    monkeypatch.setattr(AdvisoryLocks, "_take", take_then_drop)
    monkeypatch.setattr(PostgresRecorderWithSecrets, "_insert_stored_events", written_then_drop)
    monkeypatch.setattr(Journal, "save", committed_then_drop)
    try:
        yield
    finally:
        monkeypatch.undo()
    expected = [point, "answer lost"] if point == "committed" else [point]
    assert dropped == expected, "the command never reached the point where its connection was to drop"


POINTS = ["before the lock", "the lock held", "events written", "committed"]


@pytest.mark.usefixtures("server")
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(point=st.sampled_from(POINTS), command=st.sampled_from([ADVANCE, AWARD]))
@example(point="before the lock", command=ADVANCE)
@example(point="the lock held", command=AWARD)
@example(point="events written", command=ADVANCE)
@example(point="committed", command=AWARD)
def test_a_command_whose_connections_drop_anywhere_is_recorded_once_when_run_again_with_its_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, point: str, command: tuple[str, ...]
) -> None:
    with fresh_database("postgresql", tmp_path) as db:
        verdelune(db)
        with dropped_once(monkeypatch, point, lambda: drop_connections(db)):
            first = run(db, "--command-id", "gm-7", *command, check=False)
        # The command ran again on new connections (a lost lock, a commit that never came, an
        # answer lost after it did: adapters/services.py): its words are a success's, once.
        assert (first.returncode, first.stdout.startswith(SAYS[command])) == (0, True), first.stderr
        assert count(db, RECORDS[command]) == 1
        again = run(db, "--command-id", "gm-7", *command)
        assert already("gm-7", AT[command]).fullmatch(again.stdout), again.stdout
        assert count(db, RECORDS[command]) == 1
        assert command_ids(db).count(("gm-7", 1)) == 1


@pytest.mark.usefixtures("server")
@pytest.mark.parametrize(
    ("point", "committed"), [("events written", False), ("committed", True)], ids=["before-the-commit", "after-the-commit"]
)
def test_a_server_gone_around_the_commit_says_how_to_retry_and_the_retry_records_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, point: str, committed: bool
) -> None:
    # The server goes away with the command's connections, and refuses new ones until the GM
    # runs the command again: the first run cannot tell whether its commit went through.
    monkeypatch.setenv("POSTGRES_CONNECT_TIMEOUT", "1")  # eventsourcing's wait for a connection: not 30 s a try
    with fresh_database("postgresql", tmp_path) as db:
        verdelune(db)
        name = db.rsplit("/", 1)[1]
        with psycopg.connect(f"{POSTGRES_SERVER}/postgres", autocommit=True) as admin:

            def server_gone() -> None:
                admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
                drop_connections(db)

            try:
                with dropped_once(monkeypatch, point, server_gone):
                    first = run(db, "--command-id", "gm-9", *ADVANCE, check=False)
            finally:
                admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        lines = first.stderr.splitlines()
        assert (first.returncode, first.stdout, len(lines)) == (1, "", 1), first.stderr
        assert lines[0].startswith("error: cannot reach the journal's database: ")
        assert lines[0].endswith(
            "; whether the command was recorded is unknown: run the same command again with `--command-id gm-9` to record it at most once"
        )
        assert count(db, RECORDS[ADVANCE]) == int(committed)
        again = run(db, "--command-id", "gm-9", *ADVANCE)
        if committed:
            assert already("gm-9", AT[ADVANCE]).fullmatch(again.stdout), again.stdout
        else:
            assert again.stdout.startswith(SAYS[ADVANCE])
        assert count(db, RECORDS[ADVANCE]) == 1
