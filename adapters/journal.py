"""The event store: eventsourcing's own recorder (a SQLite file in WAL mode by default, or
PostgreSQL through psycopg 3), storing each event as exactly its canonical bytes (FAIRNESS.md), so
its hash is the sha256 of its row."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any, ClassVar, cast
from uuid import UUID

import orjson
from eventsourcing.application import Application, ProcessingEvent
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import Mapper, Recording, StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder
from eventsourcing.utils import resolve_topic

from chronique.adapters import pacingdue
from chronique.adapters.commandids import COMMAND_IDS_TABLE, CREATE_COMMAND_IDS, INSERT_COMMAND_ID, SELECT_COMMAND_ID, CommandRecord
from chronique.adapters.identity import claim_postgres, claim_sqlite
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


class SQLiteRecorderWithSecrets(SQLiteApplicationRecorder):
    """The library's SQLite recorder, which also writes the epoch seeds a command committed to
    (``secrets=`` given to ``save``) in the same transaction as the events that commit them:
    a seed never exists before its commitment, nor a commitment without its seed. The command's
    id (``command=``, adapters/commandids.py) and the campaigns' next advances (``dues=``,
    adapters/pacingdue.py) are written in it too."""

    def construct_create_table_statements(self) -> list[str]:
        # Made with the events' table on every open, so a journal from before command ids gets it.
        return [*super().construct_create_table_statements(), CREATE_COMMAND_IDS, *CREATE_INVITES, CREATE_SECRETS]

    def _insert_events(self, c: Any, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        ids = super()._insert_events(c, stored_events, **kwargs)
        for campaign_id, epoch, seed in kwargs.get("secrets", ()):
            c.execute(INSERT_SECRET + "(?, ?, ?)", (campaign_id, epoch, seed))
        command: CommandRecord | None = kwargs.get("command")
        if command is not None:
            c.execute(INSERT_COMMAND_ID + "(?, ?, ?, ?, ?)", command.row())
        for due in kwargs.get("dues", ()):
            due.write(c, "?")
        return ids


class Journal(Application):
    """Chronique's event-sourced application: stores and replays every campaign's events."""

    name = "chronique"
    # Snapshots bound a replay: an aggregate loads from its latest snapshot plus fewer than this
    # many events (stack notes, §2.3). Every command loads its campaign's world, so a short replay
    # is most of a command's speed (bench/append_bench.py: 6.6 ms a command at 100/200/200, 3.3 ms
    # at 25). They are a disposable cache; events are the truth.
    snapshotting_intervals: ClassVar[dict[type[Any], int]] = {Character: 25, Deck: 25, Campaign: 25}

    @classmethod
    def open(cls, settings: Settings, *, create: bool = True, warm: bool = False) -> Journal:
        """The journal at ``settings.db``; a new one (its marker and tables) only if ``create``.
        Anything there that is not a journal is refused before it is opened for writing
        (adapters/identity.py). A ``warm`` journal keeps the aggregates it loaded, for a process
        that runs many commands (``chronique shell``, issue 20)."""
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
            settings.probe()
            env |= settings.postgres_env() | {
                "PERSISTENCE_MODULE": "eventsourcing.postgres",
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
                "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                "SQLITE_DBNAME": str(settings.sqlite_path),
                # DESIGN.md, Storage: the CLI and the daemon share the file, so wait for the lock.
                "SQLITE_LOCK_TIMEOUT": "30",
                "APPLICATION_RECORDER_TOPIC": "chronique.adapters.journal:SQLiteRecorderWithSecrets",
            }
            if str(settings.sqlite_path) != ":memory:":
                claim_sqlite(settings.sqlite_path, create=create)
        journal = cls(env=env)
        journal.settings = settings
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
        with datastore.transaction(commit=True) as cursor:
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
        datastore.register_type_adapters()

    settings: Settings

    def save(self, *objs: Any, **kwargs: Any) -> list[Recording[UUID]]:
        """The library's ``save``, taking chained events (all a command records) as they are,
        without its runtime Protocol check of each one (issue 20: a sixth of a year's save)."""
        if not all(isinstance(obj, CHAINED) for obj in objs):
            return super().save(*objs, **kwargs)
        processing_event: ProcessingEvent[UUID] = ProcessingEvent()
        processing_event.events.extend(objs)
        processing_event.saved_kwargs.update(kwargs)
        recordings = self._record(processing_event)
        self._take_snapshots(processing_event)
        self._notify(recordings)
        self.notify(processing_event.events)  # the library's deprecated hook, called as its save does
        return recordings

    def snapshot(self, aggregate: Any, version: int) -> None:
        """Snapshot ``aggregate`` at ``version`` (``version`` recorded and saved): from the state
        it kept of that version when it recorded the event that brought it there
        (``chain.checkpoint``), else from the store, loading and replaying its events (issue 20)."""
        kept = checkpoint(aggregate, version)
        if kept is None:
            self.take_snapshot(aggregate.id, version=version, projector_func=_replay)
            return
        snapshot_class = getattr(type(kept), "Snapshot", type(self).snapshot_class)
        assert self.snapshots is not None and snapshot_class is not None  # snapshotting_intervals turn both on
        self.snapshots.put([snapshot_class.take(kept)])

    def load(self, aggregate_id: UUID | str, version: int | None = None, *, shared: bool = False) -> Any:
        """An aggregate from its latest snapshot (up to ``version``) and the events after it. A
        warm journal hands out a copy of the aggregate it keeps, unless ``shared``: then the kept
        aggregate itself, for a command that either commits what it changes or has it forgotten
        (:meth:`forget`), sparing a deep copy of every aggregate of its world (issue 20)."""
        return self.repository.get(aggregate_id, version=version, projector_func=_replay, deepcopy_from_cache=not shared)

    def forget(self, aggregate_ids: Iterable[UUID]) -> None:
        """Drop the kept aggregates ``aggregate_ids`` (a command changed them and recorded nothing):
        the next load rebuilds them from the store."""
        cache = self.repository.cache
        if cache is None:
            return
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

    @property
    def raw(self) -> RawLog:
        """The stored rows, undecoded, in recording order."""
        datastore = self.recorder.datastore  # type: ignore[attr-defined]
        if self.settings.is_postgres:
            return PostgresRawLog(datastore, self.recorder.events_table_name)  # type: ignore[attr-defined]
        return SqliteRawLog(datastore)


# The chains a journal snapshots keep their state at each snapshot's version as they record it.
keep_checkpoints(Journal.snapshotting_intervals)


def _replay(aggregate: Any, events: Iterable[Any]) -> Any:
    # The library's projector asserts a runtime-checkable Protocol on every event, which costs a
    # fifth of a command's load; every event here is one of our own, which can mutate.
    for event in events:
        aggregate = event.mutate(aggregate)
    return aggregate
