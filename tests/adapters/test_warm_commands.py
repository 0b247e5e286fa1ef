"""Issue 20: a warm process (``chronique shell``) runs its commands on the very aggregates it keeps,
without copying them. A command that changed them and recorded nothing must not leave them
changed; what another writer records is seen at the next command; and the kept aggregates always
equal a replay of the store."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import psycopg
import pytest
from support import fresh_database, sample, state

from chronique.adapters.bootstrap import build
from chronique.adapters.services import Chronique
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.world import World

CAMPAIGN = "Verdelune"


def table(db: str) -> None:
    services = build(db)
    services.create_campaign(CAMPAIGN, "cartes", None)
    for who in ("alice", "bruno"):
        services.create_character(CAMPAIGN, sample(who))
    services.start_session(CAMPAIGN)
    services.close()


def contact_test(world: World) -> None:
    make_test(world, "Alice", TestRequest("Contact", source="deck"))


def stored_world(db: str) -> dict[str, object]:
    """Every aggregate of the campaign as a cold process replays it from the store."""
    cold = build(db)
    try:
        return {str(a.id): state(a) for a in cold.world(CAMPAIGN).aggregates()}
    finally:
        cold.close()


def test_a_command_that_fails_after_drawing_leaves_the_kept_aggregates_as_stored(db: str) -> None:
    table(db)
    warm = build(db, warm=True)
    try:
        warm.act(CAMPAIGN, contact_test)  # loads and keeps the world

        def draws_then_fails(world: World) -> None:
            contact_test(world)  # the deck and Alice change in memory...
            raise RuleViolation("the GM changed their mind")  # ...and nothing is recorded

        with pytest.raises(RuleViolation):
            warm.act(CAMPAIGN, draws_then_fails)
        kept = {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()}
        assert kept == stored_world(db)
        warm.act(CAMPAIGN, contact_test)  # and the next command records from the stored state
        assert {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()} == stored_world(db)
    finally:
        warm.close()


def another_writer_s_commands_seen(db: str, *commands: Callable[[World], object]) -> None:
    """A warm process reads what another writer's ``commands`` recorded before its next command,
    then records on top of it."""
    table(db)
    warm, other = build(db, warm=True), build(db)
    try:
        warm.act(CAMPAIGN, contact_test)
        for command in commands:
            other.act(CAMPAIGN, command)
        # Before its next command the warm process already reads the other writer's draws...
        assert {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()} == stored_world(db)
        warm.act(CAMPAIGN, contact_test)  # ...and records on top of them
        assert {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()} == stored_world(db)
        assert warm.journal.recorder.max_notification_id() == other.journal.recorder.max_notification_id()
    finally:
        warm.close()
        other.close()


def test_another_writer_s_command_is_seen_at_the_next_command(db: str) -> None:
    another_writer_s_commands_seen(db, contact_test)


def test_a_dry_run_on_a_warm_journal_changes_nothing_it_keeps(db: str) -> None:
    table(db)
    warm = build(db, warm=True)
    try:
        warm.act(CAMPAIGN, contact_test)
        warm.end_session(CAMPAIGN)
        warm.advance(CAMPAIGN, lambda c: c.clock + 86_400, dry_run=True)
        assert {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()} == stored_world(db)
    finally:
        warm.close()


# -- one look a command (adapters/freshness.py) ----------------------------------------------------


def traced(services: Chronique) -> list[str]:
    """The statements every connection of a SQLite journal's pool runs from now on, as SQLite's
    own trace callback gives them (no connection is opened by a warm command after the first)."""
    seen: list[str] = []
    for connection in services.journal.recorder.datastore.pool._pool:  # type: ignore[attr-defined]
        connection._sqlite_conn.set_trace_callback(seen.append)
    return seen


def reads_of_aggregates(statements: list[str]) -> list[str]:
    return [s for s in statements if s.startswith("SELECT") and "WHERE originator_id" in s]


def test_a_warm_command_reads_no_aggregate_unless_another_writer_moved_it(tmp_path: Path) -> None:
    db = str(tmp_path / "journal.db")
    table(db)
    warm, other = build(db, warm=True), build(db)
    try:
        warm.act(CAMPAIGN, contact_test)
        statements = traced(warm)
        warm.act(CAMPAIGN, contact_test)
        # One look at the log, then the insert: not one of the campaign's, the deck's or Alice's events read.
        assert len([s for s in statements if s.startswith("SELECT") and "stored_events" in s]) == 1
        assert reads_of_aggregates(statements) == []
        other.act(CAMPAIGN, contact_test)  # moves the campaign, the deck and Alice; not Bruno
        statements.clear()
        warm.act(CAMPAIGN, contact_test)
        moved = {str(a.id).replace("-", "") for a in warm.world(CAMPAIGN).aggregates() if a.name != "Bruno"}
        assert {s.split("originator_id='")[1][:32] for s in reads_of_aggregates(statements)} == moved
        assert {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()} == stored_world(db)
    finally:
        warm.close()
        other.close()


def test_a_warm_postgresql_command_takes_its_lock_checks_its_world_and_saves_in_one_round_trip_PF17(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once a warm process has looked, a command runs on what it keeps and sends one string: its
    transaction and lock, the look that also checks that no event of its world was recorded
    since the last look, the save and the commit. It took two round trips, the lock with its look
    before the command ran and the save after (issue 20, ruling PF17)."""
    with fresh_database("postgresql", tmp_path) as url:
        table(url)
        warm = build(url, warm=True)
        try:
            warm.act(CAMPAIGN, contact_test)
            sent = spy_on_statements(monkeypatch)
            warm.act(CAMPAIGN, contact_test)
            assert len(sent) == 1, sent
            heads = [s.split(" ")[0] for s in sent[0].split(";\n")]
            assert heads == ["BEGIN", "SET", "SELECT", "SELECT", "SET", "LOCK", "NOTIFY", "INSERT", "COMMIT"], sent[0]
            lock, look = sent[0].split(";\n")[2:4]
            assert "pg_advisory_xact_lock" in lock and CHECK in look and "ORDER BY notification_id DESC" in look
            assert {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()} == stored_world(url)
        finally:
            warm.close()


CHECK = "1 / (originator_id NOT IN ("
"""What the look of a deferred lock adds to check the command's world (ruling PF17)."""


def alice_s_tests(db: str) -> int:
    """How many tests Alice made, as a cold process reads them from the store."""
    cold = build(db)
    try:
        return sum(1 for event in cold.log(CAMPAIGN) if type(event).__name__ == "TestMade")
    finally:
        cold.close()


def test_a_warm_postgresql_command_whose_world_another_writer_moved_runs_again_after_looking_PF17(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check fails when another writer recorded events of the command's world: nothing is
    committed, and the command runs again as a cold one does, looking in the round trip that
    takes its lock (then the look is read under it), on what is stored. One test is recorded."""
    with fresh_database("postgresql", tmp_path) as url:
        table(url)
        warm, other = build(url, warm=True), build(url)
        try:
            warm.act(CAMPAIGN, contact_test)
            other.act(CAMPAIGN, contact_test)  # moves the campaign, the deck and Alice
            before = alice_s_tests(url)
            sent = spy_on_statements(monkeypatch)
            warm.act(CAMPAIGN, contact_test)
            (checked, rolled_back, locked), saved = sent[:3], sent[-1]  # between: the moved aggregates read
            assert CHECK in checked and "COMMIT" in checked and rolled_back == "ROLLBACK"  # refused by its check
            assert "pg_advisory_xact_lock" in locked and "ORDER BY notification_id DESC" in locked and CHECK not in locked
            assert "COMMIT" in saved and CHECK not in saved
            assert alice_s_tests(url) == before + 1
            # What the look found is read again: the warm process records on top of the other's draw.
            assert {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()} == stored_world(url)
        finally:
            warm.close()
            other.close()


def test_a_refusal_on_what_a_warm_process_keeps_is_decided_again_when_its_world_moved_PF17(tmp_path: Path) -> None:
    """A command refused on the kept world is refused only if the stored world refuses it too:
    another writer brought a brigand into the campaign, and the warm process, which kept the
    campaign without him, makes his test instead of answering that there is no such character."""
    with fresh_database("postgresql", tmp_path) as url:
        table(url)
        warm, other = build(url, warm=True), build(url)
        try:
            warm.act(CAMPAIGN, contact_test)  # keeps the world, Alice and Bruno only
            other.create_character(CAMPAIGN, sample("brigand"))
            warm.act(CAMPAIGN, lambda world: make_test(world, "Brigand", TestRequest("Contact", source="deck")))
            assert [type(e).__name__ for e in warm.log(CAMPAIGN)][-3:] == ["CardsDrawn", "TestMade", "CommandRecorded"]
        finally:
            warm.close()
            other.close()


def test_more_events_of_others_than_the_look_reads_run_a_warm_command_again_after_looking_PF17(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the look's limit its rows may not hold every event since the last look, so they cannot
    show that the command's world stood still: the check fails at the limit's row, and the command
    runs again looking first, then on what is stored."""
    from chronique.adapters import journal

    monkeypatch.setattr(journal, "MOVED_LIMIT", 2)
    with fresh_database("postgresql", tmp_path) as url:
        table(url)
        warm, other = build(url, warm=True), build(url)
        try:
            warm.act(CAMPAIGN, contact_test)
            for name in ("Brumeval", "Cendrelac"):  # events of other campaigns only, more than 2
                other.create_campaign(name, "cartes", None)
            sent = spy_on_statements(monkeypatch)
            warm.act(CAMPAIGN, contact_test)
            assert CHECK in sent[0] and sent[1] == "ROLLBACK" and "pg_advisory_xact_lock" in sent[2] and CHECK not in sent[2], sent
            assert {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()} == stored_world(url)
        finally:
            warm.close()
            other.close()


def test_another_campaign_moving_leaves_a_warm_command_its_one_round_trip_PF17(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Events of another campaign fail no check: the command commits in its one round trip, and
    the look sent with it brings the process's position past them, so the next command's check
    starts there."""
    with fresh_database("postgresql", tmp_path) as url:
        table(url)
        warm, other = build(url, warm=True), build(url)
        try:
            warm.act(CAMPAIGN, contact_test)
            other.create_campaign("Brumeval", "cartes", None)
            sent = spy_on_statements(monkeypatch)
            warm.act(CAMPAIGN, contact_test)
            assert len(sent) == 1, sent
            assert warm.journal.freshness is not None
            assert warm.journal.freshness.head == other.journal.recorder.max_notification_id()
            assert {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()} == stored_world(url)
        finally:
            warm.close()
            other.close()


def spy_on_statements(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each string psycopg's cursors are asked to execute from now on (a composed query as its repr)."""
    sent: list[str] = []
    execute = psycopg.Cursor.execute

    def spied(cursor: psycopg.Cursor[Any], query: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(query if isinstance(query, str) else repr(query))
        return execute(cursor, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Cursor, "execute", spied)
    return sent


def test_a_warm_postgresql_command_saves_in_one_string_of_statements_with_its_values_written_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two strings a command: the lock with its look, then the save (the table's lock, the command's
    id, the events and the commit) with every value written in by psycopg's client-side quoting.
    The save was a pipeline of a message a statement, which psycopg waited on one after another
    (issue 20: a quarter of a millisecond of a warm command). A command id typed with quotes, a
    backslash and a semicolon is stored as typed, and the events read back as a replay."""
    typed = "gm'7\\; DROP TABLE x; --"
    with fresh_database("postgresql", tmp_path) as url:
        table(url)
        warm = build(url, warm=True, command_id=typed)
        try:
            warm.act(CAMPAIGN, contact_test)
            sent = spy_on_statements(monkeypatch)
            warm.act(CAMPAIGN, contact_test)
            # The lock with its look, whether this write of the command is recorded, the save.
            assert len(sent) == 3, sent
            lock, _, save = sent
            assert "pg_advisory_xact_lock" in lock
            assert [s.split(" ")[0] for s in save.split(";\n")] == ["INSERT", "SET", "LOCK", "NOTIFY", "INSERT", "COMMIT"], save
            assert warm.journal.recorded_command(typed, 2) is not None
            assert {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()} == stored_world(url)
        finally:
            warm.close()


def test_a_postgresql_save_of_many_events_sends_them_as_arrays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``WRITTEN_IN_MOST`` events, written-in values cost the server more to parse than four
    binary arrays (a year's advance of 1,600 events took twice as long as text): the events go as
    arrays, in the pipeline."""
    from chronique.adapters.pgsecrets import WRITTEN_IN_MOST

    with fresh_database("postgresql", tmp_path) as url:
        table(url)
        warm = build(url, warm=True)
        try:
            sent = spy_on_statements(monkeypatch)

            def many_tests(world: World) -> None:
                for _ in range(WRITTEN_IN_MOST):
                    contact_test(world)

            warm.act(CAMPAIGN, many_tests)
            inserts = [s for s in sent if "INSERT INTO" in s and "chronique_events" in s]
            assert len(inserts) == 1 and "unnest" in inserts[0], sent
            assert {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()} == stored_world(url)
        finally:
            warm.close()


def test_a_copy_saved_through_a_warm_journal_is_never_taken_for_the_kept_aggregate(db: str) -> None:
    table(db)
    warm = build(db, warm=True)
    try:
        warm.act(CAMPAIGN, contact_test)  # keeps the world
        copy = warm.world(CAMPAIGN)  # a copy of each kept aggregate, which the command changes
        loaded = {a.id: a.version for a in copy.aggregates()}
        contact_test(copy)
        warm.save(copy, loaded)  # the kept aggregates are now older than the store
        runs: list[World] = []
        warm.act(CAMPAIGN, lambda world: (runs.append(world), contact_test(world)))
        assert len(runs) == 1  # recorded on top of the copy's events at once: no conflict, no second run
        assert {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()} == stored_world(db)
    finally:
        warm.close()


def test_past_the_look_s_limit_every_kept_aggregate_is_read_again(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from chronique.adapters import journal

    monkeypatch.setattr(journal, "MOVED_LIMIT", 2)  # one command of another writer stores more events
    another_writer_s_commands_seen(db, contact_test, lambda world: make_test(world, "Bruno", TestRequest("Contact", source="deck")))


def test_a_snapshot_a_command_brings_due_is_written_in_the_command_s_own_transaction(tmp_path: Path) -> None:
    db = str(tmp_path / "journal.db")
    table(db)
    warm = build(db, warm=True)
    try:
        warm.act(CAMPAIGN, contact_test)
        statements = traced(warm)
        alice = warm.world(CAMPAIGN).character("Alice")
        interval = warm.journal.snapshotting_intervals[type(alice)]
        while warm.journal.load(alice.id).version < interval:  # the kept Alice: no statement
            statements.clear()
            warm.act(CAMPAIGN, contact_test)
        # The command that brought Alice to her interval: one transaction, the snapshot inside it.
        writes = [s.split(" ")[0] if not s.startswith("INSERT") else s.split(" (")[0] for s in statements if not s.startswith("SELECT")]
        events = ["INSERT INTO stored_events VALUES"] * writes.count("INSERT INTO stored_events VALUES")
        assert events and writes == ["BEGIN", "ROLLBACK", "BEGIN", *events, "INSERT INTO stored_snapshots", "COMMIT"]
        assert [s.originator_version for s in warm.journal.snapshots.get(alice.id)] == [interval]  # type: ignore[union-attr]
    finally:
        warm.close()
