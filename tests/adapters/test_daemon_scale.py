"""The daemon at club scale (issue 20): one pacing pass over many paced campaigns, in process,
on a real journal (SQLite file or PostgreSQL) with scripted seeds and a frozen wall clock.

A pass used to reload each campaign by a name lookup that first missed on the hash of its id's
text, and to report each advance by rereading the whole journal: eleven loads per campaign and a
pass quadratic in campaigns. Loads are counted by wrapping the real journal's own ``load`` and
its recorder's notification reads (both still run); the store is never replaced."""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from uuid import UUID, uuid5

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import ScriptedSeedVault, fresh_database, sample

from chronique.adapters.audit import Audit
from chronique.adapters.bootstrap import build
from chronique.adapters.journal import Journal
from chronique.adapters.locks import AdvisoryLocks
from chronique.adapters.pacingdue import PACING_CLAIMS_TABLE, PACING_DUE_TABLE
from chronique.adapters.scheduler import pace_every
from chronique.adapters.services import Chronique
from chronique.adapters.settings import Settings
from chronique.domain.character import Character
from chronique.domain.gametime import WEEK
from chronique.domain.pacing import Pacing
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes.combat import suffer_wound
from chronique.domain.world import World

SET_ON = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)  # a Monday, 08:00: pacing set before 09:00
CHECKED_AT = datetime(2026, 1, 5, 10, 0, tzinfo=UTC)  # after Monday 09:00: every campaign is due once
MONDAY_0900 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)  # when a pacing set on SET_ON is first due
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
CAMPAIGNS = 6
SOLDIERS = 3


def services_at(db: str, now: datetime) -> Chronique:
    """Real services on the journal ``db`` with scripted seeds and wall time frozen at ``now``."""
    journal = Journal.open(Settings(db))
    return Chronique(journal, ScriptedSeedVault(b"daemon-scale"), Audit(journal), clock=lambda: now)


def wounded_table(services: Chronique, name: str) -> None:
    """A Cartes campaign paced a week every Monday 09:00 whose soldiers each carry a Faible wound:
    its week of downtime draws survival (Cartes §Survie), the outcomes a GM is told of."""
    services.create_campaign(name, "cartes", "Day 1 08:00")
    rules = ruleset("cartes")

    def recruit(world: World) -> None:
        for n in range(SOLDIERS):
            sheet, condition = rules.new_character({**sample("alice"), "name": f"{name} soldier {n}"})
            character = Character.create(world.campaign.id, sheet["name"], "cartes", sheet, condition)
            world.campaign.join(character.id, "character", character.name)
            world.characters[character.id] = character

    def drill(world: World) -> None:
        for character in list(world.characters.values()):
            suffer_wound(world, character.name, 2, "faible", "drill")

    services.act(name, recruit)
    services.start_session(name)
    services.act(name, drill)
    services.end_session(name)
    services.set_pacing(name, None, "mon 09:00", WEEK, "UTC", None)


def counting(calls: Counter[Any], key: Callable[..., Any], method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` itself, each call counted in ``calls`` under ``key(*args, **kwargs)``."""

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[key(*args, **kwargs)] += 1
        return method(*args, **kwargs)

    return counted


def test_a_pass_over_many_paced_campaigns_loads_each_a_bounded_number_of_times_and_reports_its_own_news(
    db: str, caplog: pytest.LogCaptureFixture
) -> None:
    setup = services_at(db, SET_ON)
    names = [f"Table {n}" for n in range(CAMPAIGNS)]
    try:
        for name in names:
            wounded_table(setup, name)
        clocks = {name: setup.campaign(name).clock for name in names}
    finally:
        setup.close()

    services = services_at(db, CHECKED_AT)
    loads: Counter[UUID] = Counter()
    reads: Counter[str] = Counter()
    journal, recorder = services.journal, services.journal.recorder
    journal.load = counting(loads, lambda aggregate_id, **_: UUID(str(aggregate_id)), journal.load)  # type: ignore[method-assign]
    load_many = journal.load_many

    def loading_many(aggregate_ids: list[UUID]) -> dict[UUID, Any]:
        loads.update(aggregate_ids)  # each aggregate of a batch read once
        return load_many(aggregate_ids)

    journal.load_many = loading_many  # type: ignore[method-assign]
    read = recorder.select_notifications
    recorder.select_notifications = counting(reads, lambda *_, **__: "notifications", read)  # type: ignore[method-assign]
    try:
        with caplog.at_level(logging.INFO, logger="chronique.daemon"):
            assert pace_every(services) == CAMPAIGNS
    finally:
        services.close()

    check = services_at(db, CHECKED_AT)
    try:
        rules = ruleset("cartes")
        expected: list[str] = []
        for name in names:
            world = check.world(name)
            assert world.campaign.clock == clocks[name] + WEEK  # each advanced once, by its week
            # The campaign once for the listing, once to check it is due, once in its advance;
            # each deck and character once in the advance: however many campaigns the journal holds.
            assert loads[world.campaign.id] <= 3
            assert all(loads[member] == 1 for member in world.campaign.member_ids())
            who = {c.id: c.name for c in world.characters.values()}
            calendar = check.calendar(world.campaign)
            # Cartes §Survie: every failed or scarred survival draw of this campaign's week, read back
            # from the journal, and nothing of any other campaign's.
            expected += [
                f"{name}: {calendar.format(event.at)} {who[event.originator_id]} {rules.notable(event)}"
                for event in check.log(name)
                if getattr(event, "at", None) is not None and event.at > clocks[name] and rules.notable(event) is not None
            ]
    finally:
        check.close()
    # No notification is read: the due campaigns come from the table of next advances, and no
    # campaign's log is reread.
    assert reads == Counter()
    reported = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert expected, "the scripted seeds give this week survival draws a GM is told of"
    assert reported == expected


# -- the table of next advances (adapters/pacingdue.py) ------------------------------------------


def due_rows(services: Chronique) -> dict[str, tuple[datetime, dict[str, Any]]]:
    """The table of next advances as stored: campaign name -> (when due, its pacing)."""
    names = {str(c.id): c.name for c in services.campaigns()}
    with services.journal.recorder.datastore.transaction(commit=False) as cursor:  # type: ignore[attr-defined]
        cursor.execute(f"SELECT campaign_id, due_at_us, pacing FROM {PACING_DUE_TABLE}")
        rows = cursor.fetchall()
    return {names[row["campaign_id"]]: (EPOCH + timedelta(microseconds=int(row["due_at_us"])), json.loads(row["pacing"])) for row in rows}


def test_the_next_advance_follows_pacing_sessions_advances_and_clearing(db: str) -> None:
    services = services_at(db, SET_ON)
    try:
        services.create_campaign("Verdelune", "cartes", "Day 1 08:00")
        assert due_rows(services) == {}  # never paced: never due
        services.set_pacing("Verdelune", None, "mon 09:00", WEEK, "UTC", None)
        pacing = services.campaign("Verdelune").pacing
        assert due_rows(services) == {"Verdelune": (MONDAY_0900, pacing)}
        services.start_session("Verdelune")
        assert due_rows(services) == {}  # a session pauses pacing: not due while it lasts
        services.end_session("Verdelune")
        # Re-anchored at the session's end (Monday 08:00 still): due at 09:00 as before.
        assert due_rows(services) == {"Verdelune": (MONDAY_0900, services.campaign("Verdelune").pacing)}
        # A GM's own advance of a week: the pacing counts on from it (ruling TB19), its first
        # Monday bringing a week more, as ever (it waited for the Monday after, only catching up).
        services.advance("Verdelune", lambda c: c.clock + WEEK)
        assert due_rows(services) == {"Verdelune": (MONDAY_0900, services.campaign("Verdelune").pacing)}
        assert services.campaign("Verdelune").pacing["anchor_game"] == services.campaign("Verdelune").clock
        services.set_pacing("Verdelune", 3600, None, None, "UTC", None)  # a game hour a real second
        # Counted from now (08:00): the target passes the clock after one whole real second.
        assert due_rows(services)["Verdelune"][0] == SET_ON + timedelta(seconds=1)
        services.clear_pacing("Verdelune")
        assert due_rows(services) == {}
    finally:
        services.close()


def test_a_daemon_advance_moves_the_campaign_to_its_next_monday(db: str) -> None:
    setup = services_at(db, SET_ON)
    try:
        wounded_table(setup, "Verdelune")
    finally:
        setup.close()
    services = services_at(db, CHECKED_AT)
    try:
        assert pace_every(services) == 1
        assert due_rows(services)["Verdelune"][0] == MONDAY_0900 + timedelta(weeks=1)
        assert pace_every(services) == 0  # the same instant: nothing due any more
    finally:
        services.close()


def executed_statements(monkeypatch: pytest.MonkeyPatch, backend: str) -> list[str]:
    """Every SQL statement this thread sends from now on, transaction control aside: through
    psycopg's cursors on PostgreSQL (SQLAlchemy's included; not the connection pool's own thread,
    which configures the connections it opens in the background whenever it likes), through each
    new SQLite connection's trace on SQLite."""
    sent: list[str] = []
    if backend == "postgresql":
        import psycopg

        execute = psycopg.Cursor.execute
        this_thread = threading.get_ident()

        def counted(cursor: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
            if threading.get_ident() == this_thread:
                sent.append(str(query) if isinstance(query, str) else query.as_string(cursor))
            return execute(cursor, query, *args, **kwargs)

        monkeypatch.setattr(psycopg.Cursor, "execute", counted)
        return sent
    connect = sqlite3.connect

    def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        connection = connect(*args, **kwargs)
        connection.set_trace_callback(lambda statement: None if statement.split()[0].upper() in CONTROL else sent.append(statement))
        return connection

    monkeypatch.setattr(sqlite3, "connect", traced)
    return sent


CONTROL = {"BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE"}


def test_a_pass_with_nothing_due_sends_one_query(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    setup = services_at(db, SET_ON)
    try:
        for n in range(CAMPAIGNS):
            setup.create_campaign(f"Table {n}", "cartes", "Day 1 08:00")
            setup.set_pacing(f"Table {n}", None, "mon 09:00", WEEK, "UTC", None)
    finally:
        setup.close()
    sent = executed_statements(monkeypatch, "postgresql" if db.startswith("postgresql") else "sqlite")
    services = services_at(db, SET_ON + timedelta(minutes=30))  # before 09:00: none due
    try:
        sent.clear()  # opening the journal is not the pass
        assert pace_every(services) == 0
        assert len(sent) == 1, sent
        (query,) = sent
        assert f"FROM {PACING_DUE_TABLE}" in query and "WHERE" in query
    finally:
        services.close()


def test_a_journal_paced_before_the_table_existed_keeps_its_campaigns_paced(db: str) -> None:
    setup = services_at(db, SET_ON)
    try:
        for name in ("Verdelune", "Brumeval"):
            wounded_table(setup, name)
        clocks = {name: setup.campaign(name).clock for name in ("Verdelune", "Brumeval")}
        # What a journal written by a Chronique from before the table looks like.
        with setup.journal.recorder.datastore.transaction(commit=True) as cursor:  # type: ignore[attr-defined]
            cursor.execute(f"DROP TABLE {PACING_DUE_TABLE}")
            cursor.execute(f"DROP TABLE {PACING_CLAIMS_TABLE}")
    finally:
        setup.close()
    services = services_at(db, CHECKED_AT)  # opening it makes the table, from its campaigns
    try:
        assert {name: due for name, (due, _) in due_rows(services).items()} == {"Verdelune": MONDAY_0900, "Brumeval": MONDAY_0900}
        assert pace_every(services) == 2
        assert {name: services.campaign(name).clock for name in clocks} == {name: clock + WEEK for name, clock in clocks.items()}
    finally:
        services.close()


def test_two_daemons_split_the_due_campaigns_each_advanced_once_neither_waiting(request: pytest.FixtureRequest, tmp_path: Path) -> None:
    """PostgreSQL only: on SQLite one daemon runs (a lock file beside the journal, ruling DM2)."""
    if request.config.getoption("backend") and "postgresql" not in request.config.getoption("backend"):
        pytest.skip("several daemons share a journal on PostgreSQL only")
    with fresh_database("postgresql", tmp_path) as db:
        setup = services_at(db, SET_ON)
        names = [f"Table {n}" for n in range(12)]
        try:
            for name in names:
                setup.create_campaign(name, "cartes", "Day 1 08:00")
                setup.set_pacing(name, None, "mon 09:00", WEEK, "UTC", None)
            ids = {setup.campaign(name).id: name for name in names}
        finally:
            setup.close()
        # Each daemon waits, before its first advance, until the other has claimed its first batch
        # too: had a claim waited for the other's rows instead of passing over them, the barrier
        # would time out.
        both_claimed = threading.Barrier(2, timeout=60)
        held: list[list[UUID]] = [[], []]
        counts = [0, 0]
        failures: list[BaseException] = []

        def daemon(n: int) -> None:
            services = services_at(db, CHECKED_AT)
            locks = AdvisoryLocks(Settings(db), wait=60)

            class Recorded:
                """The real locks, each campaign locked (or tried) recorded."""

                def hold(self, campaign_id: UUID) -> Any:
                    self._seen([campaign_id])
                    return locks.hold(campaign_id)

                def try_hold(self, campaign_ids: list[UUID]) -> Any:
                    self._seen(campaign_ids)
                    return locks.try_hold(campaign_ids)

                def close(self) -> None:
                    locks.close()

                def _seen(self, campaign_ids: list[UUID]) -> None:
                    if not held[n]:
                        both_claimed.wait()
                    held[n].extend(campaign_ids)

            services.locks = Recorded()
            try:
                counts[n] = pace_every(services, batch=3)
            except BaseException as error:  # noqa: BLE001 - re-raised in the test's own thread below
                failures.append(error)
            finally:
                services.close()

        threads = [threading.Thread(target=daemon, args=(n,)) for n in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not failures, failures
        first, second = set(held[0]), set(held[1])
        # Neither ever took (nor waited for) the lock of a campaign the other had claimed.
        assert first and second and not first & second
        assert first | second == set(ids)
        assert counts[0] + counts[1] == len(names) and all(counts)  # each advanced its share
        check = services_at(db, CHECKED_AT)
        try:
            for campaign_id in ids:
                advances = [e for e in check.log(str(campaign_id)) if type(e).__qualname__ == "Campaign.TimeAdvanced"]
                assert [(a.from_time, a.to_time) for a in advances] == [(8 * 3600, 8 * 3600 + WEEK)]
        finally:
            check.close()


@settings(max_examples=200, deadline=None)
@given(
    every=st.sampled_from([None, "mon 09:00", "daily 20:00", "sun 02:30"]),
    tz=st.sampled_from(["UTC", "Europe/Paris", "America/New_York"]),
    anchor=st.datetimes(min_value=datetime(2025, 1, 1), max_value=datetime(2027, 1, 1), timezones=st.just(UTC)),
    ratio=st.integers(1, 7200),
    behind=st.integers(-WEEK, 60 * WEEK),
    until=st.none() | st.integers(1, 30 * WEEK),
)
def test_the_due_time_is_the_first_instant_the_pacing_passes_the_clock(
    every: str | None, tz: str, anchor: datetime, ratio: int, behind: int, until: int | None
) -> None:
    start = 1_000_000
    limit = None if until is None else start + until
    pacing = Pacing(None if every else ratio, every, WEEK if every else 0, tz, limit, anchor.isoformat(), start)
    clock = start + behind
    due = pacing.due_after(clock)
    if due is None:
        assert pacing.target(datetime(2200, 1, 1, tzinfo=UTC)) <= clock  # its until reached: never again
        return
    assert pacing.target(due) > clock
    # The first such instant (or the anchor itself, when the clock stands behind it already).
    assert pacing.target(due - timedelta(microseconds=1)) <= clock or due == anchor


def test_a_daemon_leaves_the_projections_another_daemon_is_catching_up_and_catches_up_the_others(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """PostgreSQL only (several daemons, ruling DM5): two daemons ending their passes together
    share the read models' catch-up, a group of projections each, never both on one group."""
    if request.config.getoption("backend") and "postgresql" not in request.config.getoption("backend"):
        pytest.skip("several daemons share a journal on PostgreSQL only")
    from chronique.adapters.readmodels import PASS_GROUPS
    from chronique.adapters.services import CATCHING_UP

    with fresh_database("postgresql", tmp_path) as db:
        setup = services_at(db, SET_ON)
        try:
            for name in ("Table 0", "Table 1"):
                setup.create_campaign(name, "cartes", "Day 1 08:00")
                setup.set_pacing(name, None, "mon 09:00", WEEK, "UTC", None)
        finally:
            setup.close()
        services = build(db)  # a daemon's services: advisory locks, read models
        other = AdvisoryLocks(Settings(db))  # the other daemon, catching up the first group
        try:
            models = services.read_models
            assert models is not None
            models.upgrade()  # the tables of a journal in use (`chronique init`), current
            services.create_campaign("Table 2", "cartes", "Day 1 08:00")  # events left to the next catch-up
            before = models.position(PASS_GROUPS[0][0])
            newest = services.journal.recorder.max_notification_id()  # the campaigns' events, not yet projected
            with other.try_hold([uuid5(CATCHING_UP, PASS_GROUPS[0][0])]) as (_, taken):
                assert taken
                services.catch_up()
            assert before < newest and [models.position(name) for name in PASS_GROUPS[0]] == [before] * len(PASS_GROUPS[0])
            others = [name for group in PASS_GROUPS[1:] for name in group]
            assert others and [models.position(name) for name in others] == [newest] * len(others)
        finally:
            other.close()
            services.close()
