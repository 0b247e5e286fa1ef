"""What the benchmarks share: a Cartes campaign of N events (sessions of tests and GM draws),
fresh databases (a SQLite file, or a database of its own on the PostgreSQL server), the stored
rows a run recorded, the raw tables that baselines write into, timings and the suite's rows."""

from __future__ import annotations

import os
import statistics
import time
import tomllib
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from chronique.adapters.services import Chronique
from chronique.domain.chain import salting
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.rulesets.cartes.table import gm_draw

SAMPLES = Path(__file__).parents[1] / "cli" / "samples"
WESTERN = "Shotgun City"
SAM = "Sam Parkerson"
BATCH = 1000
POSTGRES_SERVER = os.environ.get("CHRONIQUE_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432")

T = TypeVar("T")
StoredRow = tuple[str, int, str, bytes]
"""(originator id as 32 hex digits, version, topic, canonical bytes): one stored event."""


@dataclass(frozen=True)
class Row:
    """One line of the suite's table: a Chronique figure beside its baseline from the same run.

    ``ratio`` is Chronique's rate over the baseline's (higher is better); ``target`` is the least
    acceptable ratio, or a ceiling in seconds when ``ceiling`` is set (lower is better)."""

    benchmark: str
    figure: str
    baseline: str = "—"
    ratio: float | None = None
    target: float | None = None
    ceiling: bool = False
    measured: float | None = None

    @property
    def met(self) -> bool | None:
        """Whether the target is met (None: no target)."""
        if self.target is None:
            return None
        if self.ceiling:
            return self.measured is not None and self.measured < self.target
        return self.ratio is not None and self.ratio >= self.target


def sample(name: str, rename: str | None = None) -> dict[str, Any]:
    """A Cartes sample sheet of cli/samples, renamed if asked."""
    data = tomllib.loads((SAMPLES / f"{name}.toml").read_text(encoding="utf-8"))
    return data if rename is None else data | {"name": rename}


def generate(services: Chronique, events: int, name: str = "Bench", snapshots: bool = True) -> str:
    """A campaign of about ``events`` events, saved a thousand at a time.

    Without ``snapshots`` the pages are saved as a bulk import is (stack notes, pitfall 15): no
    snapshot per page (the library's replays the chain since the last one), but one per chain at
    each session's end, taken from the aggregate already in memory, which the next session loads."""
    services.create_campaign(name, "cartes", None)
    for who in ("alice", "bruno"):
        services.create_character(name, sample(who))
    total = services.journal.recorder.max_notification_id() or 0
    while total < events:
        services.start_session(name)
        world = services.world(name)
        started = {a.id: a.version for a in world.aggregates()}
        for _ in range(50):
            loaded = {a.id: a.version for a in world.aggregates()}
            with salting(world.source.salt):  # what `Chronique.act` does: face-down events are salted
                for _ in range(BATCH // 4):
                    make_test(world, "Alice", TestRequest("Contact", source="deck"))
                    gm_draw(world, 1, "", "bench")
            total += len(world.pending())
            if snapshots:
                services.save(world, loaded)
            else:
                services.journal.save(*world.collect())
            if total >= events:
                break
        if not snapshots:
            journal = services.journal
            assert journal.snapshots is not None
            for aggregate in world.aggregates():
                if aggregate.version > started[aggregate.id]:
                    journal.snapshots.put([getattr(type(aggregate), "Snapshot", journal.snapshot_class).take(aggregate)])
        services.end_session(name)
        total = services.journal.recorder.max_notification_id() or total
    return name


def stored_after(services: Chronique, position: int) -> list[StoredRow]:
    """Every row recorded after ``position``, as stored, in recording order."""
    rows: list[StoredRow] = []
    while True:
        page = services.journal.raw.page(position, 10_000)
        rows += [row[1:] for row in page]
        if len(page) < 10_000:
            return rows
        position = page[-1][0]


def position(services: Chronique) -> int:
    """The newest position of the journal's log."""
    return services.journal.recorder.max_notification_id() or 0


@contextmanager
def fresh_postgres() -> Iterator[str]:
    """A new, empty database on the PostgreSQL server, dropped after (as tests/support.py does)."""
    import psycopg

    name = f"chronique_bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(f"{POSTGRES_SERVER}/postgres", autocommit=True, connect_timeout=5) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield f"{POSTGRES_SERVER}/{name}"
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def postgres_available() -> str | None:
    """None when the PostgreSQL server answers, else why not."""
    try:
        import psycopg

        psycopg.connect(f"{POSTGRES_SERVER}/postgres", connect_timeout=3).close()
    except Exception as error:  # noqa: BLE001 — any failure means the PostgreSQL rows are skipped
        return f"{type(error).__name__}: {str(error).strip().splitlines()[0] if str(error).strip() else ''}"
    return None


# -- raw baselines -------------------------------------------------------------------------------

SQLITE_SCHEMA = (
    "CREATE TABLE stored_events (originator_id TEXT, originator_version INTEGER, topic TEXT, state BLOB, "
    "PRIMARY KEY (originator_id, originator_version))"
)
SQLITE_INSERT = "INSERT INTO stored_events (originator_id, originator_version, topic, state) VALUES (?, ?, ?, ?)"


def raw_sqlite(path: Path) -> Any:
    """A sqlite3 connection on a new file with the event store's table, in WAL mode with SQLite's
    default (FULL) synchronous setting, as eventsourcing's recorder uses it: commits are durable."""
    import sqlite3

    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute(SQLITE_SCHEMA)
    return connection


Driver = Callable[[Sequence[Sequence[StoredRow]]], float]
"""Seconds for a driver to insert these transactions' rows, one transaction each."""


@contextmanager
def sqlite_driver(path: Path, many: bool) -> Iterator[Driver]:
    """sqlite3 on a new file with the event store's table, kept open while the block lasts: a
    :data:`Driver` (``executemany`` within each transaction when ``many``)."""
    connection = raw_sqlite(path)

    def insert(transactions: Sequence[Sequence[StoredRow]]) -> float:
        start = time.perf_counter()
        for rows in transactions:
            connection.execute("BEGIN")
            if many:
                connection.executemany(SQLITE_INSERT, rows)
            else:
                for row in rows:
                    connection.execute(SQLITE_INSERT, row)
            connection.execute("COMMIT")
        return time.perf_counter() - start

    try:
        yield insert
    finally:
        connection.close()


def raw_sqlite_insert(path: Path, transactions: Sequence[Sequence[StoredRow]], many: bool) -> float:
    """Seconds for sqlite3 to insert ``transactions`` into a new file, one transaction each
    (``executemany`` within each when ``many``)."""
    with sqlite_driver(path, many) as insert:
        return insert(transactions)


@contextmanager
def postgres_driver(url: str, many: bool, table: str = "raw_events") -> Iterator[Driver]:
    """psycopg on a new table (``table``) shaped as the event store's in the database at ``url``,
    one connection kept open while the block lasts: a :data:`Driver` (``executemany`` within each
    transaction when ``many``)."""
    import psycopg

    with psycopg.connect(url) as connection:
        connection.execute(
            f"CREATE TABLE {table} (originator_id uuid NOT NULL, originator_version bigint NOT NULL, topic text, "
            "state bytea, notification_id bigserial, PRIMARY KEY (originator_id, originator_version))"
        )
        connection.commit()
        statement = f"INSERT INTO {table} (originator_id, originator_version, topic, state) VALUES (%s, %s, %s, %s)"

        def insert(transactions: Sequence[Sequence[StoredRow]]) -> float:
            rows_of = [[(uuid.UUID(hex=r[0]), r[1], r[2], r[3]) for r in rows] for rows in transactions]
            start = time.perf_counter()
            for rows in rows_of:
                with connection.cursor() as cursor:
                    if many:
                        cursor.executemany(statement, rows)
                    else:
                        for row in rows:
                            cursor.execute(statement, row)
                connection.commit()
            return time.perf_counter() - start

        yield insert


def raw_postgres_insert(url: str, transactions: Sequence[Sequence[StoredRow]], many: bool) -> float:
    """Seconds for psycopg to insert ``transactions`` into a table shaped as the event store's,
    one transaction each (``executemany`` within each when ``many``)."""
    with postgres_driver(url, many) as insert:
        return insert(transactions)


# -- timing --------------------------------------------------------------------------------------


def best(runs: int, action: Callable[[], T]) -> tuple[float, T]:
    """The fastest of ``runs`` timings of ``action()``, and its last result."""
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
    return min(times), result  # type: ignore[return-value]


def median(values: Sequence[float]) -> float:
    """The median of ``values``."""
    return statistics.median(values)


def table(rows: Sequence[Row]) -> str:
    """The suite's rows as a markdown table."""
    lines = ["| benchmark | Chronique | baseline (same run) | ratio | target | met? |", "|---|---|---|---|---|---|"]
    for row in rows:
        ratio = "—" if row.ratio is None else f"{row.ratio:.2f}"
        if row.target is None:
            target = "—"
        else:
            target = f"< {row.target:g} s" if row.ceiling else f"≥ {row.target:.2f}"
        met = {None: "—", True: "yes", False: "**no**"}[row.met]
        lines.append(f"| {row.benchmark} | {row.figure} | {row.baseline} | {ratio} | {target} | {met} |")
    return "\n".join(lines)


def journal(folder: Path, events: int) -> tuple[str, str]:
    """A fresh journal in ``folder`` of about ``events`` Cartes events, in an open session, and a
    small Western Parade campaign, also in session."""
    path = str(folder / "journal.db")
    from chronique.adapters.bootstrap import build

    services = build(path)
    try:
        name = generate(services, events)
        services.start_session(name)
        services.create_campaign(WESTERN, "western-parade", "1873-04-12 08:00")
        services.create_character(WESTERN, tomllib.loads((SAMPLES / "wp_sam.toml").read_text(encoding="utf-8")))
        services.start_session(WESTERN)
        services.catch_up()
    finally:
        services.close()
    return path, name
