"""Keeps the read models: each projection reads the notification log after its tracked position
and writes its rows and its new position in one transaction per page, so every event is
processed exactly once and a crash between two pages resumes where it stopped."""

from __future__ import annotations

import gc
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import import_module, resources
from typing import Any
from uuid import UUID

from sqlalchemy import Connection, Engine, Index, delete, inspect, select, text, update
from sqlalchemy.schema import CreateIndex, DropIndex

from chronique.adapters.database import Database, first_line, schema_change
from chronique.adapters.journal import Journal
from chronique.domain.text import to_type
from chronique.projections import draws, luck, moments, sheets, xp
from chronique.projections import log as log_pages
from chronique.projections.tables import metadata, tracking

PageHandler = Callable[[Connection, list[Any], Callable[[Any], Any]], None]
PROJECTIONS: dict[str, tuple[PageHandler, tuple[Any, ...]]] = {
    "sheets": (sheets.apply_page, sheets.TABLES),
    "draws": (draws.apply_page, draws.TABLES),
    "xp": (xp.apply_page, xp.TABLES),
    "luck": (luck.apply_page, luck.TABLES),
    "log": (log_pages.apply_page, log_pages.TABLES),
    "moments": (moments.apply_page, moments.TABLES),
}
# A daemon's pass catches the projections up in these groups, of about equal work each, so that
# two daemons ending their passes together share it (Chronique.catch_up).
PASS_GROUPS = (("log",), ("sheets", "draws", "xp", "luck", "moments"))
HEAD = "0013"
"""The newest migration of ``migrations/versions`` (tests/projections/test_log_words.py checks it
is Alembic's head): a journal at an older one is upgraded before its read models catch up."""

PAGE = 500
# Events a page when a daemon catches up after its pass: a thousand campaigns' advances in a few
# transactions, not one per projection every 500 events (a read's pages, kept short for a GM).
PASS_PAGE = 5000
REBUILD_PAGE = 5000  # a rebuild's pages: a tenth of the commits (each one an fsync) of a catch-up's
log = logging.getLogger("chronique.readmodels")


class Notice:
    """A stored event as the projections read it: its row as stored, its id made only for the
    events a projection decodes (parsing 100,000 ids cost a rebuild a tenth of its time), and
    then shared by every event of the same aggregate (an id is immutable), as is its text."""

    __slots__ = ("aggregate", "hex", "id", "originator_version", "state", "topic")

    def __init__(self, position: int, hex_id: str, version: int, topic: str, state: bytes) -> None:
        self.id = position
        self.hex = hex_id
        self.originator_version = version
        self.topic = topic
        self.state = state
        # The aggregate's id as the read models write it (``str`` of the UUID).
        self.aggregate: str = _TEXTS.get(hex_id) or _text(hex_id)

    @property
    def originator_id(self) -> UUID:
        """The aggregate's id."""
        found = _UUIDS.get(self.hex)
        if found is None:
            if len(_UUIDS) >= _KEPT:
                _UUIDS.clear()
            found = _UUIDS[self.hex] = UUID(hex=self.hex)
        return found


def _text(hex_id: str) -> str:
    if len(_TEXTS) >= _KEPT:
        _TEXTS.clear()
    found = _TEXTS[hex_id] = f"{hex_id[:8]}-{hex_id[8:12]}-{hex_id[12:16]}-{hex_id[16:20]}-{hex_id[20:]}"
    return found


_UUIDS: dict[str, UUID] = {}
_TEXTS: dict[str, str] = {}
_KEPT = 100_000  # ids kept for reuse: a journal's aggregates, bounded for a long-lived process


class ReadModels:
    """The read-model tables of a journal and the projections that keep them."""

    def __init__(self, journal: Journal, database: Database) -> None:
        self.journal = journal
        self.database = database
        self._ready = False  # the tables exist: looked up once, not on every catch-up

    @property
    def engine(self) -> Engine:
        """The engine on the journal's database."""
        return self.database.engine

    def upgrade(self) -> None:
        """Run the Alembic migrations of ``migrations/`` up to the newest."""
        from alembic import command  # only here: Alembic costs every other command its import
        from alembic.config import Config
        from alembic.runtime.migration import MigrationContext

        config = Config()
        config.set_main_option("script_location", str(resources.files("chronique.migrations")))
        with schema_change(self.engine) as connection:
            config.attributes["connection"] = connection
            before = MigrationContext.configure(connection).get_current_revision()
            command.upgrade(config, "head")
            migrated = MigrationContext.configure(connection).get_current_revision() != before
        if migrated:
            # A migration may have recreated or reshaped a table under a tracking position that
            # no longer describes its rows: the rows are rebuilt from the events, never left stale,
            # in a catch-up's pages (it runs within the read that found the tables missing).
            self._replay(list(PROJECTIONS))

    def ready(self) -> bool:
        """Whether ``db upgrade`` has run since the newest migration (:data:`HEAD`) and every table
        exists: a journal made before a new read model, or before a table changed shape, is
        upgraded and its read models refilled at the next catch-up. Two queries (the names of
        the tables were asked once per table, a round trip each on PostgreSQL, issue 20)."""
        with self.engine.connect() as connection:
            tables = set(inspect(connection).get_table_names())
            if "alembic_version" not in tables or not tables.issuperset(metadata.tables):
                return False
            return connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD

    def position(self, name: str) -> int:
        """The last notification the projection has processed."""
        with self.engine.connect() as connection:
            return int(connection.execute(select(tracking.c.position).where(tracking.c.projection == name)).scalar() or 0)

    def refresh(self, names: list[str] | None = None, size: int = 0) -> None:
        """Catch up (the projections ``names``, else all), or say why not: before a read (which
        then shows what there is) and after a daemon's pass (the events are saved already), a
        failing projection is a warning, not a failure. ``size`` events a page (:data:`PAGE`
        unless given)."""
        try:
            self.catch_up(names, size=size)
        except Exception as error:  # noqa: BLE001 - the events are the truth; `db rebuild` mends the rest
            log.warning("the read models could not catch up (%s); run %s", first_line(error), to_type("db rebuild"))

    def catch_up(self, names: list[str] | None = None, progress: Callable[[int], None] | None = None, size: int = 0) -> int:
        """Process every event not seen yet; return how many (notification, projection) pairs
        were applied. Each page is read once and applied to every projection behind it in one
        transaction: every read runs this first, so a current projection costs one query. Each
        event of a page is decoded once, whichever projections decode it; ``size`` events a page
        (:data:`PAGE` unless given)."""
        if not self._ready:
            if not self.ready():
                self.upgrade()
            self._ready = True
        chosen = names or list(PROJECTIONS)
        newest = self.journal.recorder.max_notification_id() or 0
        with self.engine.connect() as connection:
            known = dict(connection.execute(select(tracking.c.projection, tracking.c.position)).tuples().all())
        positions = {name: int(known.get(name, 0)) for name in chosen}
        done = 0
        while min(positions.values()) < newest:
            start = min(positions.values()) + 1
            page = [Notice(*row) for row in self.journal.raw.page(start - 1, size or PAGE)]
            if not page:
                break
            applied = 0
            decode = _decoder(self.journal.mapper.to_domain_event)
            with self.engine.begin() as connection:
                for name in chosen:
                    # The position as this transaction holds it: another process may have applied
                    # part of the page meanwhile (only the rest is applied here), or rebuilt the
                    # projection from the start (the page does not reach back there: read again).
                    claimed = _claim(connection, name)
                    if claimed < start - 1:
                        positions[name] = claimed
                        continue
                    unseen = [n for n in page if n.id > claimed]
                    if unseen:
                        PROJECTIONS[name][0](connection, unseen, decode)
                        _track(connection, name, unseen[-1].id)
                        applied += len(unseen)
                    positions[name] = max(claimed, page[-1].id)
            done += applied
            if progress and applied:
                progress(applied)
        return done

    def rebuild(self, names: list[str] | None = None, progress: Callable[[int], None] | None = None, size: int = 0) -> int:
        """Drop the projections' rows and replay every event into them, in pages of ``size``
        events (:data:`REBUILD_PAGE` unless given), all in one transaction: a crash or an error
        leaves the rows, indexes and positions as they were; another process catching up waits
        on the tracking rows, then sees the rebuilt positions. On SQLite, a projection's indexes
        that it never reads while it folds (its ``DEFERRED``) are dropped first and made again
        after the last page: one sorted build instead of 100,000 updates of each (issue 20)."""
        if not self.ready():
            self.upgrade()
        chosen = names or list(PROJECTIONS)
        newest = self.journal.recorder.max_notification_id() or 0
        done = 0
        with _collector_paused(), self.engine.begin() as connection:
            for name in chosen:
                _claim(connection, name)
            for name in chosen:
                for table in PROJECTIONS[name][1]:
                    connection.execute(delete(table))
            # Only on SQLite: PostgreSQL's DROP INDEX would lock the readers out of the table until
            # the commit, and its rebuild measured slower with the indexes made again after it.
            deferred = [index for name in chosen for index in _deferred(name)] if connection.dialect.name == "sqlite" else []
            for index in deferred:
                connection.execute(DropIndex(index, if_exists=True))
            position = 0
            while position < newest:
                page = [Notice(*row) for row in self.journal.raw.page(position, size or REBUILD_PAGE)]
                if not page:
                    break
                decode = _decoder(self.journal.mapper.to_domain_event, remember=len(chosen) > 1)
                for name in chosen:
                    PROJECTIONS[name][0](connection, page, decode)
                position = page[-1].id
                done += len(page) * len(chosen)
                if progress:
                    progress(len(page) * len(chosen))
            for index in deferred:
                connection.execute(CreateIndex(index, if_not_exists=True))
            for name in chosen:
                _track(connection, name, position)
        return done

    def _replay(self, names: list[str]) -> int:
        """Drop the projections' rows and positions, then catch them up in a catch-up's pages,
        each committed as it is done."""
        with self.engine.begin() as connection:
            for name in names:
                for table in PROJECTIONS[name][1]:
                    connection.execute(delete(table))
                connection.execute(delete(tracking).where(tracking.c.projection == name))
        return self.catch_up(names, None, PAGE)

    def xp_ledger(self, character_ids: list[str]) -> list[dict[str, Any]]:
        """Every award and spend of experience of these characters, oldest first, with balances."""
        from chronique.projections.tables import xp

        # A read shows the journal as it is: events a crash, a daemon or a migration left
        # unprojected are projected first (from the tracking position: nothing when current).
        self.refresh()
        with self.engine.connect() as connection:
            rows = connection.execute(select(xp).where(xp.c.character_id.in_(character_ids)).order_by(xp.c.position))
            return [dict(row) for row in rows.mappings()]


def _decoder(decode: Callable[[Any], Any], remember: bool = True) -> Callable[[Any], Any]:
    """The page's decoder: Chronique's own events without remembering their stored hash
    (projections/stored.py ``decoded``), any other by ``decode``; each event decoded once for all
    the page's projections when ``remember`` (one projection asks each event once)."""
    from chronique.projections.stored import chained, decoded

    def one(notice: Notice) -> Any:
        return decoded(notice) if chained(notice.topic) else decode(notice)

    if not remember:
        return one
    seen: dict[int, Any] = {}

    def once(notice: Notice) -> Any:
        event = seen.get(notice.id)
        if event is None:
            event = seen[notice.id] = one(notice)
        return event

    return once


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused for a rebuild, then resumed as it was: a rebuild
    allocates a few objects per event (rows, decoded events) and frees them by reference count,
    none in a cycle, but the allocations alone set off full collections that walk every object
    of the process again and again (a third of the luck and log rebuilds' time at 100,000
    events, issue 20). Whatever cycles it leaves are collected once the collector runs again."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _deferred(name: str) -> list[Index]:
    """The indexes of the projection's tables that a rebuild makes after its rows."""
    module = _MODULES[name]
    wanted = set(getattr(module, "DEFERRED", ()))
    return [index for table in PROJECTIONS[name][1] for index in sorted(table.indexes, key=lambda i: str(i.name)) if index.name in wanted]


_MODULES = {"sheets": sheets, "draws": draws, "xp": xp, "luck": luck, "log": log_pages, "moments": moments}


def _claim(connection: Connection, name: str) -> int:
    """Lock the projection's tracking row for this transaction and read its position: a CLI
    command and a daemon (or two writers on PostgreSQL) catching up at once must not apply the
    same page twice, so the second waits here, then sees the first's position and moves on."""
    lock = update(tracking).where(tracking.c.projection == name).values(position=tracking.c.position)
    if connection.execute(lock).rowcount == 0:
        # A new projection: two processes may make its row at once; the second waits for the
        # first's, makes none, then locks it like any other.
        dialect = import_module(f"sqlalchemy.dialects.{connection.dialect.name}")
        connection.execute(dialect.insert(tracking).values(projection=name, position=0).on_conflict_do_nothing())
        connection.execute(lock)
    return int(connection.execute(select(tracking.c.position).where(tracking.c.projection == name)).scalar_one())


def _track(connection: Connection, name: str, position: int) -> None:
    connection.execute(update(tracking).where(tracking.c.projection == name).values(position=position))
