"""A command's result is what was committed (issue 18, item 2): on a PostgreSQL database of the
test's own, the server drops a command's connections at chosen points (a trigger on the events
table, or the command itself, calls ``pg_terminate_backend``), and what the command reports must
equal what the journal holds: no event without success, no success without its event, never twice.
A save that fails although its events were committed (the commit went through, its answer was
lost) is met on both backends.

The commands are relative ones (an advance of one hour, an award of two hand cards, Cartes
§Expérience), so that a command applied twice would show in the clock or the ledger."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from support import fresh_database, stored, wounded_party

from chronique.adapters.bootstrap import build
from chronique.adapters.locks import AdvisoryLocks, CampaignBusy
from chronique.adapters.services import Chronique
from chronique.adapters.settings import Settings
from chronique.domain.campaign import campaign_id_for
from chronique.domain.rulesets.cartes.draws import award
from chronique.domain.world import World

HOUR = 3600

# The lock's backend is the one other connection of this database holding an advisory lock.
THE_LOCK = """
    FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
"""
KILL_THE_LOCK = f"SELECT pg_terminate_backend(pid, 5000) {THE_LOCK}"


@pytest.fixture
def postgres(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh PostgreSQL journal (connections that drop are PostgreSQL's)."""
    if request.config.getoption("backend") and "postgresql" not in request.config.getoption("backend"):
        pytest.skip("PostgreSQL was not among the chosen backends")
    with fresh_database("postgresql", tmp_path) as url:
        yield url


@pytest.fixture
def services(postgres: str) -> Iterator[Chronique]:
    """The real services (advisory locks, read models) over a Cartes campaign after one session."""
    chronique = build(postgres)
    wounded_party(chronique)
    yield chronique
    chronique.close()


def sql(url: str, statement: str) -> list[tuple[Any, ...]]:
    """One statement on a connection of the test's own."""
    with psycopg.connect(url, autocommit=True) as connection:
        cursor = connection.execute(statement)
        return cursor.fetchall() if cursor.description else []


def on_insert(url: str, body: str) -> None:
    """A trigger that runs ``body`` inside every transaction that records events."""
    table = sql(url, "SELECT tablename FROM pg_tables WHERE tablename LIKE '%events' AND tablename NOT LIKE '%snapshot%'")[0][0]
    sql(url, "CREATE SEQUENCE drop_point")  # a sequence: its count survives the rollback of a killed transaction
    sql(url, f"CREATE FUNCTION drop_point() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN {body} RETURN NULL; END $$")
    sql(url, f'CREATE TRIGGER drop_point AFTER INSERT ON "{table}" FOR EACH STATEMENT EXECUTE FUNCTION drop_point()')


def topics(url: str, suffix: str) -> int:
    return sum(1 for _, _, topic, _ in stored(url) if topic.endswith(suffix))


def test_the_events_commit_in_the_lock_s_own_transaction_which_the_commit_releases(services: Chronique, postgres: str) -> None:
    # Ruling PF16: no window is left where the events are committed and the lock still held (or
    # lost) on a connection of its own: the backend that inserts them holds the campaign's lock.
    start = services.campaign("Verdelune").clock
    sql(postgres, "CREATE TABLE inserted_by (holds_the_lock boolean, others_holding bigint)")
    on_insert(
        postgres,
        "INSERT INTO inserted_by SELECT"
        " EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid = pg_backend_pid()),"
        " (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()"
        "   AND database = (SELECT oid FROM pg_database WHERE datname = current_database()));",
    )
    advanced = services.advance("Verdelune", lambda c: c.clock + HOUR)
    assert (advanced.recorded, advanced.to_time) == (True, start + HOUR)
    assert sql(postgres, "SELECT holds_the_lock, others_holding FROM inserted_by") == [(True, 0)]
    assert topics(postgres, "TimeAdvanced") == 1
    # Released by the commit: no lock is left, and the kept connection is idle, not in a transaction.
    assert sql(postgres, f"SELECT count(*) {THE_LOCK}") == [(0,)]
    states = sql(postgres, "SELECT state FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
    assert ("idle in transaction",) not in states
    assert services.advance("Verdelune", lambda c: c.clock + HOUR).to_time == start + 2 * HOUR


def test_an_insert_whose_connection_drops_before_the_commit_is_recorded_once(services: Chronique, postgres: str) -> None:
    start = services.campaign("Verdelune").clock
    # The first transaction that records events dies inside itself, before its commit.
    on_insert(postgres, "IF nextval('drop_point') = 1 THEN PERFORM pg_terminate_backend(pg_backend_pid()); END IF;")
    advanced = services.advance("Verdelune", lambda c: c.clock + HOUR)
    assert advanced.to_time == start + HOUR
    assert sql(postgres, "SELECT last_value FROM drop_point") == [(2,)]  # killed once, recorded on the second try
    assert topics(postgres, "TimeAdvanced") == 1
    assert services.campaign("Verdelune").clock == start + HOUR


def test_a_lock_lost_during_the_command_runs_it_again_under_a_new_lock_and_awards_once(services: Chronique, postgres: str) -> None:
    # Cartes §Expérience: an award of 2 hand cards, a relative command a retry must not double.
    services.start_session("Verdelune")
    runs: list[int] = []

    def award_with_a_drop(world: World) -> list[str]:
        runs.append(len(runs) + 1)
        if len(runs) == 1:
            assert sql(postgres, KILL_THE_LOCK) == [(True,)]  # the lock's connection, mid-command
        return award(world, "Bruno", 2, "saved Alice")

    services.act("Verdelune", award_with_a_drop)
    assert runs == [1, 2]  # the lost lock failed the save on its connection: nothing was committed
    assert topics(postgres, "ExperienceAwarded") == 1
    ledger = services.read_models.xp_ledger([str(services.world("Verdelune").character("Bruno").id)])  # type: ignore[union-attr]
    assert [(row["change"], row["reason"]) for row in ledger] == [(2, "saved Alice")]


def test_a_lock_connection_kept_between_commands_and_dropped_by_the_server_is_replaced_at_once(postgres: str) -> None:
    # The shell, the daemon and the web journal keep the locks' connection between commands
    # (ruling PF15); a server restarted meanwhile dropped it, and the next lock is taken anyway.
    locks = AdvisoryLocks(Settings(postgres))
    campaign = campaign_id_for("Verdelune")
    try:
        with locks.hold(campaign):
            [(first,)] = sql(postgres, f"SELECT pid {THE_LOCK}")
        assert sql(postgres, f"SELECT pg_terminate_backend({first}, 5000)") == [(True,)]  # idle, kept
        with locks.hold(campaign):
            [(second,)] = sql(postgres, f"SELECT pid {THE_LOCK}")
        assert second != first
    finally:
        locks.close()


def test_a_warm_command_whose_kept_lock_connection_the_server_dropped_is_recorded_once_PF17(services: Chronique, postgres: str) -> None:
    # A warm process sends its lock with its save (ruling PF17): a connection the server dropped
    # between two commands fails that one string, nothing is committed, and the command runs
    # again, taking its lock on a new connection first. Cartes §Expérience: an award, which a
    # second recording would double.
    services.close()
    warm = build(postgres, warm=True)
    try:
        warm.start_session("Verdelune")  # the process has looked: its next command is deferred
        [kept] = warm.locks._idle  # type: ignore[attr-defined]
        assert sql(postgres, f"SELECT pg_terminate_backend({kept.info.backend_pid}, 5000)") == [(True,)]
        warm.act("Verdelune", lambda world: award(world, "Bruno", 2, "saved Alice"))
        assert topics(postgres, "ExperienceAwarded") == 1
        assert [connection.info.backend_pid for connection in warm.locks._idle] != [kept.info.backend_pid]  # type: ignore[attr-defined]
    finally:
        warm.close()


def test_a_campaign_held_past_the_wait_is_refused_in_one_line_and_records_nothing(services: Chronique, postgres: str) -> None:
    key = int.from_bytes(campaign_id_for("Verdelune").bytes[:8], "big", signed=True)
    services.locks = AdvisoryLocks(Settings(postgres), wait=0.5)
    before = stored(postgres)
    with psycopg.connect(postgres, autocommit=True) as holder:
        holder.execute("SELECT pg_advisory_lock(%s)", (key,))  # another command, stuck
        with pytest.raises(CampaignBusy) as busy:
            services.advance("Verdelune", lambda c: c.clock + HOUR)
    assert str(busy.value) == "another command has held this campaign for more than 0.5 s; try again once it is done"
    assert stored(postgres) == before


def test_a_save_reported_failed_although_its_events_were_committed_is_a_success_never_run_twice(db: str) -> None:
    # What a connection lost as its COMMIT went through leaves: the events are in the journal, and
    # the save raises. Here the command commits its own events first (as the lost commit did), so
    # the service's save of those very events meets them already stored.
    services = build(db)
    try:
        wounded_party(services)
        services.start_session("Verdelune")
        runs: list[int] = []

        def award_committed_early(world: World) -> list[str]:
            runs.append(len(runs) + 1)
            cards = award(world, "Bruno", 2, "saved Alice")  # Cartes §Expérience, relative: twice would show
            services.journal.save(*world.pending(), secrets=services.vault.take_drafts())
            return cards

        services.act("Verdelune", award_committed_early)
        assert runs == [1]
        assert topics(db, "ExperienceAwarded") == 1
        bruno = str(services.world("Verdelune").character("Bruno").id)
        assert [(r["change"], r["balance"]) for r in services.read_models.xp_ledger([bruno])] == [(2, 2)]  # type: ignore[union-attr]
    finally:
        services.close()
