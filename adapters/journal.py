"""The event store: eventsourcing's own recorder (a SQLite file in WAL mode by default, or
PostgreSQL through psycopg 3), storing each event as exactly its canonical bytes (FAIRNESS.md), so
its hash is the sha256 of its row."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from copy import deepcopy
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from itertools import chain
from typing import Any, ClassVar, cast
from uuid import UUID

import orjson
from eventsourcing.application import AggregateNotFoundError, Application, ProcessingEvent
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import Mapper, Recording, StoredEvent
from eventsourcing.utils import resolve_topic

from chronique.adapters import pacingdue
from chronique.adapters.commandids import COMMAND_IDS_TABLE, CREATE_COMMAND_IDS, INSERT_COMMAND_ID, SELECT_COMMAND_ID, CommandRecord
from chronique.adapters.freshness import MOVED_LIMIT, Freshness
from chronique.adapters.identity import MARKER_TABLE, claim_postgres, claim_sqlite
from chronique.adapters.invites import CREATE_INVITES, INVITES_TABLE
from chronique.adapters.rawlog import PostgresRawLog, RawLog, SqliteRawLog
from chronique.adapters.settings import SCHEMA_LOCK, Settings
from chronique.domain.campaign import Campaign
from chronique.domain.chain import (
    ChainedCreated,
    ChainedEvent,
    canonical_event,
    canonical_json,
    checkpoint,
    encoded_again,
    keep_checkpoints,
    recorded_state,
    remember_stored_hash,
)
from chronique.domain.character import Character
from chronique.domain.deck import Deck
from chronique.domain.limits import check_storable

CHAINED = (ChainedEvent, ChainedCreated)
# A warm journal keeps at most this many aggregates, the least recently loaded dropped first: a
# table's few campaigns with their decks and characters, without holding a whole club's journal.
WARM_AGGREGATES = 500


class CanonicalMapper(Mapper[UUID]):
    """Writes chained events as their canonical JSON (topic, ids, timestamp and payload, keys
    sorted); other objects (snapshots) go through the library's transcoder as usual."""

    def to_stored_event(self, domain_event: DomainEventProtocol[UUID]) -> StoredEvent:
        if not isinstance(domain_event, CHAINED):
            return super().to_stored_event(domain_event)
        canonical = canonical_event(domain_event)
        # The bytes the event was hashed from when recorded are those stored (issue 20): encoding
        # it again only checks that no rule changed its payload since.
        recorded = recorded_state(domain_event)
        unchanged = recorded is not None and encoded_again(canonical, recorded[0])
        state, small = recorded if recorded is not None and unchanged else canonical_json(canonical)
        if not small:
            # Issue 18: an integer beyond 2^53 comes back as a float and breaks every later read.
            check_storable(canonical)
        if recorded is not None and not unchanged:
            # A bug, never bad input: storing it would break the chain for good (FAIRNESS.md).
            raise RuntimeError(
                f"{canonical['topic']} {domain_event.originator_id}:{domain_event.originator_version} changed after it was recorded"
            )
        return StoredEvent(
            originator_id=domain_event.originator_id,
            originator_version=domain_event.originator_version,
            topic=canonical["topic"],
            state=state,
        )

    def to_domain_event(self, stored_event: StoredEvent) -> DomainEventProtocol[UUID]:
        cls = resolve_topic(stored_event.topic)
        if not issubclass(cls, CHAINED):
            return super().to_domain_event(stored_event)
        # Shapes change through new classes with upcasters (DESIGN.md); none exists yet, and an
        # upcaster here must keep the hash of the stored, original shape.
        state: dict[str, Any] = orjson.loads(stored_event.state)
        del state["topic"]
        # The row's own id: the same aggregate, without parsing its text again.
        state["originator_id"] = stored_event.originator_id
        state["timestamp"] = datetime.fromisoformat(state["timestamp"])
        cls.upcast_stored(state)
        event = object.__new__(cls)
        object.__setattr__(event, "__dict__", state)
        remember_stored_hash(event, hashlib.sha256(stored_event.state).hexdigest())
        return cast(DomainEventProtocol[UUID], event)


SECRETS_TABLE = "chronique_epoch_seeds"
INSERT_SECRET = f"INSERT INTO {SECRETS_TABLE} (campaign_id, epoch, seed) VALUES "
# The seed vault's table (adapters/vault.py), made on open like the command ids': the schema the
# vault made with SQLAlchemy before (issue 20: a draw no longer imports it to read its seed).
CREATE_SECRETS = (
    f"CREATE TABLE IF NOT EXISTS {SECRETS_TABLE} (campaign_id TEXT NOT NULL, epoch TEXT NOT NULL, seed TEXT NOT NULL, "
    "PRIMARY KEY (campaign_id, epoch))"
)
SELECT_SECRET = f"SELECT seed FROM {SECRETS_TABLE} WHERE campaign_id = {{0}} AND epoch = {{0}}"


@dataclass(frozen=True)
class SnapshotRows:
    """Snapshots to write in a command's transaction, as rows of the snapshots' ``table``: those
    its events bring due, taken from the state each chain kept at that version (issue 20: one
    commit a command, not one more for each snapshot)."""

    table: str
    rows: Sequence[StoredEvent]

    def write(self, cursor: Any, placeholder: str) -> None:
        """Insert the rows on ``cursor`` (``placeholder``: ``?`` on SQLite, ``%s`` on PostgreSQL).
        A snapshot already there is the same state, taken by another writer of the same version."""
        values = ", ".join([placeholder] * 4)
        statement = f"INSERT INTO {self.table} (originator_id, originator_version, topic, state) VALUES ({values}) ON CONFLICT DO NOTHING"
        for row in self.rows:
            originator = row.originator_id.hex if placeholder == "?" and isinstance(row.originator_id, UUID) else row.originator_id
            cursor.execute(statement, (originator, row.originator_version, row.topic, row.state))


def write_beside_events(cursor: Any, placeholder: str, options: Mapping[str, Any]) -> None:
    """Write, in a save's transaction, what its ``options`` carry beside its events: the epoch
    seeds the events commit to (``secrets=``, so a seed never exists before its commitment, nor
    a commitment without its seed), the command's id (``command=``, adapters/commandids.py), the
    campaigns' next advances (``dues=``, adapters/pacingdue.py) and the snapshots the events
    bring due (``snapshots=``). ``placeholder``: ``?`` on SQLite, ``%s`` on PostgreSQL."""
    for campaign_id, epoch, seed in options.get("secrets", ()):
        cursor.execute(INSERT_SECRET + f"({placeholder}, {placeholder}, {placeholder})", (campaign_id, epoch, seed))
    command: CommandRecord | None = options.get("command")
    if command is not None:
        cursor.execute(INSERT_COMMAND_ID + f"({', '.join([placeholder] * 5)})", command.row())
    pacingdue.write_all(cursor, placeholder, options.get("dues", ()))
    snapshots: SnapshotRows | None = options.get("snapshots")
    if snapshots is not None:
        snapshots.write(cursor, placeholder)


class Journal(Application):
    """Chronique's event-sourced application: stores and replays every campaign's events."""

    name = "chronique"
    # Snapshots bound a replay: an aggregate loads from its latest snapshot plus fewer than this
    # many events (stack notes, §2.3). Every command loads its campaign's world, so a short replay
    # is most of a command's speed (bench/append_bench.py: 6.6 ms a command at 100/200/200, 3.3 ms
    # at 25). They are a disposable cache; events are the truth.
    snapshotting_intervals: ClassVar[dict[type[Any], int]] = {Character: 25, Deck: 25, Campaign: 25}

    @classmethod
    def open(cls, settings: Settings, *, create: bool = True, warm: bool = False, probed: bool = False) -> Journal:
        """The journal at ``settings.db``; a new one (its marker and tables) only if ``create``.
        Anything there that is not a journal is refused before it is opened for writing
        (adapters/identity.py). A ``warm`` journal keeps the aggregates it loaded, for a process
        that runs many commands (``chronique shell``, issue 20). A PostgreSQL server is first
        found answering (``Settings.probe``), unless the caller ``probed`` it already."""
        env: dict[str, Any] = {"MAPPER_TOPIC": "chronique.adapters.journal:CanonicalMapper"}
        if warm:
            env |= {
                # A loaded aggregate stays in memory and is brought up to date by reading only the
                # events stored after its version (the library's fast-forward), so another
                # writer's events are seen at the next load.
                "AGGREGATE_CACHE_MAXSIZE": str(WARM_AGGREGATES),
                "AGGREGATE_CACHE_FASTFORWARD": "y",
                # Each load hands out a copy: a command that fails after changing its world (and
                # so records nothing) leaves the kept aggregate as the store has it.
                "DEEPCOPY_FROM_AGGREGATE_CACHE": "y",
            }
        if settings.is_postgres:
            if not probed:
                settings.probe()
            env |= settings.postgres_env() | {
                "PERSISTENCE_MODULE": "chronique.adapters.pgsecrets:Factory",
                # Every insert locks the events table (stack notes, pitfall 9): wait for it a
                # while, never forever, so a stuck writer surfaces as an error to retry.
                "POSTGRES_LOCK_TIMEOUT": "30",
                # A command is short and single-threaded; the daemon paces one campaign at a time.
                "POSTGRES_POOL_SIZE": "1",
                "POSTGRES_MAX_OVERFLOW": "4",
                # Concurrent CREATE ... IF NOT EXISTS from several processes fails on PostgreSQL
                # ("tuple concurrently updated"): tables are made once, under a lock, below.
                "CREATE_TABLE": "no",
                "APPLICATION_RECORDER_TOPIC": "chronique.adapters.pgsecrets:PostgresRecorderWithSecrets",
            }
        else:
            env |= {
                "PERSISTENCE_MODULE": "chronique.adapters.sqlitestore:Factory",
                "SQLITE_DBNAME": str(settings.sqlite_path),
                # DESIGN.md, Storage: the CLI and the daemon share the file, so wait for the lock.
                "SQLITE_LOCK_TIMEOUT": "30",
                "APPLICATION_RECORDER_TOPIC": "chronique.adapters.sqlitestore:SQLiteRecorderWithSecrets",
            }
            if str(settings.sqlite_path) != ":memory:":
                claim_sqlite(settings.sqlite_path, create=create)
        journal = cls(env=env)
        journal.settings = settings
        journal.freshness = Freshness() if warm else None
        try:
            if settings.is_postgres:
                journal._create_postgres_tables_once(create)
            else:
                journal._create_pacing_due_sqlite()
        except BaseException:
            journal.close()
            raise
        return journal

    def _create_pacing_due_sqlite(self) -> None:
        datastore = self.recorder.datastore  # type: ignore[attr-defined]
        with datastore.transaction(commit=True) as cursor:
            cursor.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (pacingdue.PACING_DUE_TABLE,))
            if cursor.fetchone() is None:
                self._create_pacing_due(cursor, "?")

    def _create_pacing_due(self, cursor: Any, placeholder: str) -> None:
        """Make the table of next advances, filled from the campaigns already recorded: a journal
        from before it keeps its paced campaigns paced (ruling DM1)."""
        for statement in pacingdue.CREATE_PACING_DUE:
            cursor.execute(statement)
        topic = "chronique.domain.campaign:Campaign.Created"
        created = self.recorder.select_notifications(start=None, limit=10**9, topics=[topic])
        pacingdue.fill(cursor, placeholder, [self.load(n.originator_id) for n in created])

    def _create_postgres_tables_once(self, create: bool) -> None:
        recorders: list[Any] = [self.recorder, *([self.snapshots.recorder] if self.snapshots else [])]
        datastore = self.recorder.datastore  # type: ignore[attr-defined]
        schema = datastore.schema
        made = [
            f'"{schema}".{MARKER_TABLE}',
            *(f'"{schema}"."{recorder.events_table_name}"' for recorder in recorders),
            COMMAND_IDS_TABLE,
            INVITES_TABLE,
            SECRETS_TABLE,
            pacingdue.PACING_DUE_TABLE,
        ]
        with datastore.transaction(commit=True) as cursor:
            # Tables are made once and never dropped: a journal that has them all (every open but
            # its first) is opened with this one look, without the lock and the checks below.
            cursor.execute("SELECT " + " AND ".join(["to_regclass(%s) IS NOT NULL"] * len(made)) + " AS made", made)
            if not cursor.fetchone()["made"]:
                self._make_postgres_tables(cursor, recorders, create)

    def _make_postgres_tables(self, cursor: Any, recorders: list[Any], create: bool) -> None:
        """Make the tables a journal lacks (all of them in a new database), once whatever the
        processes opening it at the same time."""
        datastore = self.recorder.datastore  # type: ignore[attr-defined]
        # A transaction-scoped advisory lock: the first process creates, the others wait, then see.
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
        events_table = self.recorder.events_table_name  # type: ignore[attr-defined]
        claim_postgres(cursor, datastore.schema, events_table, create=create, shown=self.settings.shown())
        for recorder in recorders:
            cursor.execute("SELECT to_regclass(%s) AS found", (f'"{datastore.schema}"."{recorder.events_table_name}"',))
            if cursor.fetchone()["found"] is None:
                recorder.create_table()
        # Apart from the events' tables, so a journal from before command ids gets it too.
        cursor.execute("SELECT to_regclass(%s) AS found", (COMMAND_IDS_TABLE,))
        if cursor.fetchone()["found"] is None:
            cursor.execute(CREATE_COMMAND_IDS)
        cursor.execute("SELECT to_regclass(%s) AS found", (INVITES_TABLE,))
        if cursor.fetchone()["found"] is None:
            for statement in CREATE_INVITES:  # the invite links (adapters/invites.py)
                cursor.execute(statement)
        cursor.execute(CREATE_SECRETS)  # IF NOT EXISTS, under the schema lock
        cursor.execute("SELECT to_regclass(%s) AS found", (pacingdue.PACING_DUE_TABLE,))
        if cursor.fetchone()["found"] is None:
            self._create_pacing_due(cursor, "%s")

    settings: Settings
    freshness: Freshness | None
    """What a warm journal knows current of the aggregates it keeps (adapters/freshness.py)."""

    def look_statement(self) -> str | None:
        """The next :meth:`look` as one statement, for the campaign's lock to run in the round
        trip that takes it, its rows then given to :meth:`look` in the same command (PostgreSQL:
        three round trips fewer a warm command, issue 20). None when cold or on SQLite."""
        if self.freshness is None:
            return None
        return self.raw.moved_statement(self.freshness.head, MOVED_LIMIT + 1)

    @property
    def has_looked(self) -> bool:
        """Whether this journal is warm and has looked at the log (its kept aggregates are known
        current up to a position)."""
        return self.freshness is not None and self.freshness.head is not None

    def checked_look_statement(self, aggregate_ids: Iterable[UUID]) -> str:
        """:meth:`look_statement` that also fails, read as ``locks.WorldMoved``, when another
        writer recorded events of ``aggregate_ids`` since the last look (:attr:`has_looked`) or
        more than the look reads: for a warm command whose lock is deferred to its save to run
        first in it (ruling PF17); on a backend whose locks are never deferred, an empty one."""
        assert self.freshness is not None and self.freshness.head is not None, "a cold journal, or one that never looked"
        return self.raw.moved_statement(self.freshness.head, MOVED_LIMIT + 1, unless=list(aggregate_ids)) or ""

    def look(self, found: Sequence[tuple[Any, ...]] | None = None) -> None:
        """A warm journal's look at the log before a command: one query for the events other
        writers stored since the last look, whose kept aggregates are read again when next loaded;
        every other kept aggregate is handed out with no query (issue 20). Nothing to do cold.
        ``found``: the rows (position and aggregate first) of :meth:`look_statement` or
        :meth:`checked_look_statement`, already read under the campaign's lock."""
        if self.freshness is None:
            return
        if self.freshness.head is None:
            newest = self.recorder.max_notification_id() if found is None else (found[0][0] if found else None)
            self.freshness.looked(newest or 0, ())
            return
        moved = self.raw.moved_after(self.freshness.head, MOVED_LIMIT + 1) if found is None else found
        if moved:
            self.freshness.looked(moved[0][0], None if len(moved) > MOVED_LIMIT else [row[1] for row in moved])

    def keeps(self, aggregate_id: UUID) -> bool:
        """Whether a warm journal keeps ``aggregate_id`` loaded (so it exists: none is ever removed)."""
        return self._kept(aggregate_id) is not None

    def save(self, *objs: Any, **kwargs: Any) -> list[Recording[UUID]]:
        """The library's ``save``, taking chained events (all a command records) as they are,
        without its runtime Protocol check of each one (issue 20: a sixth of a year's save).
        ``snapshots=`` (rows from :meth:`snapshot_row`) are written in the same transaction."""
        snapshots = kwargs.pop("snapshots", None)
        if snapshots:
            kwargs["snapshots"] = SnapshotRows(self._snapshots_table, snapshots)
        if not all(isinstance(obj, CHAINED) for obj in objs):
            recordings = super().save(*objs, **kwargs)
            self._saved(recordings)
            return recordings
        processing_event: ProcessingEvent[UUID] = ProcessingEvent()
        processing_event.events.extend(objs)
        processing_event.saved_kwargs.update(kwargs)
        recordings = self._record(processing_event)
        self._saved(recordings)
        self._take_snapshots(processing_event)
        self._notify(recordings)
        self.notify(processing_event.events)  # the library's deprecated hook, called as its save does
        return recordings

    def _saved(self, recordings: Sequence[Recording[UUID]]) -> None:
        # A kept aggregate older than what was just stored of it (a copy recorded the events, not
        # the kept one) is no longer current: its next load reads the store.
        if self.freshness is None or not recordings:
            return
        stored: dict[UUID, int] = {}
        for recording in recordings:
            event = recording.domain_event
            stored[event.originator_id] = max(event.originator_version, stored.get(event.originator_id, 0))
        behind = [aggregate_id for aggregate_id, version in stored.items() if _older(self._kept(aggregate_id), version)]
        self.freshness.saved([recording.notification.id for recording in recordings], behind)

    def _kept(self, aggregate_id: UUID) -> Any | None:
        cache = self.repository.cache
        if cache is None:
            return None
        try:
            return cache.get(aggregate_id)
        except KeyError:
            return None

    def snapshot_row(self, aggregate: Any, version: int) -> StoredEvent | None:
        """The stored row of a snapshot of ``aggregate`` at ``version``, from the state it kept of
        that version when it recorded the event that brought it there (``chain.checkpoint``), to
        save with that event (``save(..., snapshots=)``); None when it kept none."""
        kept = checkpoint(aggregate, version)
        if kept is None:
            return None
        snapshot_class = getattr(type(kept), "Snapshot", type(self).snapshot_class)
        assert self.snapshots is not None and snapshot_class is not None  # snapshotting_intervals turn both on
        return self.snapshots.mapper.to_stored_event(snapshot_class.take(kept))

    def snapshot(self, aggregate: Any, version: int) -> None:
        """Snapshot ``aggregate`` at ``version`` (``version`` recorded and saved) on its own: from
        the state it kept of that version (:meth:`snapshot_row`), else from the store, loading
        and replaying its events (issue 20)."""
        row = self.snapshot_row(aggregate, version)
        if row is None:
            self.take_snapshot(aggregate.id, version=version, projector_func=_replay)
            return
        assert self.snapshots is not None
        self.snapshots.recorder.insert_events([row])

    @cached_property
    def _snapshots_table(self) -> str:
        assert self.snapshots is not None  # snapshotting_intervals turn it on
        table: str = self.snapshots.recorder.events_table_name  # type: ignore[attr-defined]
        if self.settings.is_postgres:
            return f'"{self.recorder.datastore.schema}"."{table}"'  # type: ignore[attr-defined]
        return table

    def load(self, aggregate_id: UUID | str, version: int | None = None, *, shared: bool = False) -> Any:
        """An aggregate from its latest snapshot (up to ``version``) and the events after it. A
        warm journal hands out a copy of the aggregate it keeps, unless ``shared``: then the kept
        aggregate itself, for a command that either commits what it changes or has it forgotten
        (:meth:`forget`), sparing a deep copy of every aggregate of its world (issue 20)."""
        fresh = self.freshness
        if fresh is None or version is not None:
            return self.repository.get(aggregate_id, version=version, projector_func=_replay, deepcopy_from_cache=not shared)
        if isinstance(aggregate_id, UUID) and fresh.is_current(aggregate_id):
            kept = self._kept(aggregate_id)
            if kept is not None:
                return kept if shared else deepcopy(kept)
            fresh.forget([aggregate_id])  # dropped from the cache as the least recently used
        aggregate = self.repository.get(aggregate_id, projector_func=_replay, deepcopy_from_cache=not shared)
        fresh.brought_up_to_date(aggregate.id)
        return aggregate

    def load_many(self, aggregate_ids: Sequence[UUID]) -> dict[UUID, Any]:
        """Several aggregates by id, each from its latest snapshot and the events after it, read
        for them all at once (:meth:`RawLog.chains`): a daemon's batch of fifty campaigns, then
        their decks and characters, was two hundred round trips to PostgreSQL (issue 20). Any id
        without events is left out. A warm journal loads each as :meth:`load` does."""
        if self.freshness is not None:
            found = {}
            for aggregate_id in aggregate_ids:
                try:
                    found[aggregate_id] = self.load(aggregate_id)
                except AggregateNotFoundError:
                    continue
            return found
        assert self.snapshots is not None  # snapshotting_intervals turn it on
        snapshots, chains = self.raw.chains(self._snapshots_table, aggregate_ids)
        found = {}
        for aggregate_id in aggregate_ids:
            snapshot = snapshots.get(aggregate_id)
            first = [self.snapshots.mapper.to_domain_event(snapshot)] if snapshot is not None else []
            stored = chains.get(aggregate_id, [])
            if first or stored:
                found[aggregate_id] = _replay(None, chain(first, map(self.mapper.to_domain_event, stored)))
        return found

    def forget(self, aggregate_ids: Iterable[UUID]) -> None:
        """Drop the kept aggregates ``aggregate_ids`` (a command changed them and recorded nothing):
        the next load rebuilds them from the store."""
        cache = self.repository.cache
        if cache is None:
            return
        aggregate_ids = list(aggregate_ids)
        if self.freshness is not None:
            self.freshness.forget(aggregate_ids)
        for aggregate_id in aggregate_ids:
            try:
                cache.get(aggregate_id, evict=True)
            except KeyError:
                pass

    def stored_seed(self, campaign_id: UUID, epoch: str) -> str | None:
        """The seed (hex) the vault holds for ``epoch`` of the campaign, read through the event
        store's own connection; None when it holds none."""
        datastore = self.recorder.datastore  # type: ignore[attr-defined]
        with datastore.transaction(commit=False) as cursor:
            cursor.execute(SELECT_SECRET.format("%s" if self.settings.is_postgres else "?"), (str(campaign_id), epoch))
            row = cursor.fetchone()
        return None if row is None else str(row["seed"] if isinstance(row, dict) else row[0])

    def recorded_command(self, command_id: str, step: int) -> CommandRecord | None:
        """The record of the ``step``-th write of the command ``command_id``, if it is recorded."""
        datastore = self.recorder.datastore  # type: ignore[attr-defined]
        with datastore.transaction(commit=False) as cursor:
            cursor.execute(SELECT_COMMAND_ID.format("%s" if self.settings.is_postgres else "?"), (command_id, step))
            row = cursor.fetchone()
        return None if row is None else CommandRecord.from_row(command_id, step, row)

    @contextmanager
    def claim_due(self, now: datetime, batch: int, skipped: set[UUID]) -> Iterator[list[UUID]]:
        """Claim up to ``batch`` campaigns due at ``now`` (but ``skipped``) for the block: one
        statement, so a check with nothing due is one indexed query. On PostgreSQL the claim is
        held until the block ends, and campaigns another daemon holds are passed over
        (adapters/pacingdue.py)."""
        postgres = self.settings.is_postgres
        statement, values = pacingdue.claim_statement(postgres, now, batch, skipped)
        with self.recorder.datastore.transaction(commit=False) as cursor:  # type: ignore[attr-defined]
            cursor.execute(statement, values)
            claimed = [UUID(row["campaign_id"]) for row in cursor.fetchall()]
            if postgres:
                yield claimed
                return
        yield claimed  # SQLite: one daemon, no claim to hold, and no read kept open meanwhile

    def write_due(self, due: pacingdue.PacingDue) -> None:
        """Write one campaign's row on its own (a row found out of date by the daemon)."""
        with self.recorder.datastore.transaction(commit=True) as cursor:  # type: ignore[attr-defined]
            due.write(cursor, "%s" if self.settings.is_postgres else "?")

    @cached_property
    def raw(self) -> RawLog:
        """The stored rows, undecoded, in recording order."""
        datastore = self.recorder.datastore  # type: ignore[attr-defined]
        if self.settings.is_postgres:
            return PostgresRawLog(datastore, self.recorder.events_table_name)  # type: ignore[attr-defined]
        return SqliteRawLog(datastore)


# The chains a journal snapshots keep their state at each snapshot's version as they record it.
keep_checkpoints(Journal.snapshotting_intervals)


def _older(kept: Any | None, version: int) -> bool:
    return kept is not None and kept.version < version


def _replay(aggregate: Any, events: Iterable[Any]) -> Any:
    # The library's projector asserts a runtime-checkable Protocol on every event, which costs a
    # fifth of a command's load; every event here is one of our own, which can mutate.
    for event in events:
        aggregate = event.mutate(aggregate)
    return aggregate
