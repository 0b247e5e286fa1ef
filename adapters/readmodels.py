"""Keeps the read models: each projection reads the notification log after its tracked position
and writes its rows and its new position in one transaction per page, so every event is
processed exactly once and a crash between two pages resumes where it stopped."""

from __future__ import annotations

import logging
from collections.abc import Callable
from importlib import resources
from typing import Any

from sqlalchemy import Connection, Engine, delete, inspect, select, update

from chronique.adapters.database import Database, first_line, schema_change
from chronique.adapters.journal import Journal
from chronique.adapters.readrows import character_of
from chronique.domain.character import Character
from chronique.projections import draws, luck, sheets, xp
from chronique.projections import log as log_pages
from chronique.projections.tables import metadata, tracking

PageHandler = Callable[[Connection, list[Any], Callable[[Any], Any]], None]
PROJECTIONS: dict[str, tuple[PageHandler, tuple[Any, ...]]] = {
    "sheets": (sheets.apply_page, sheets.TABLES),
    "draws": (draws.apply_page, draws.TABLES),
    "xp": (xp.apply_page, xp.TABLES),
    "luck": (luck.apply_page, luck.TABLES),
    "log": (log_pages.apply_page, log_pages.TABLES),
}
PAGE = 500
log = logging.getLogger("chronique.readmodels")


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
            # no longer describes its rows: the rows are rebuilt from the events, never left stale.
            self.rebuild()

    def ready(self) -> bool:
        """Whether every table exists (``db upgrade`` has run since the newest migration): a
        journal made before a new read model is upgraded, and the new one filled, at the next
        catch-up."""
        inspector = inspect(self.engine)
        return all(inspector.has_table(name) for name in metadata.tables)

    def position(self, name: str) -> int:
        """The last notification the projection has processed."""
        with self.engine.connect() as connection:
            return int(connection.execute(select(tracking.c.position).where(tracking.c.projection == name)).scalar() or 0)

    def refresh(self) -> None:
        """Catch up, or say why not: after a commit (the events are saved already) and before a
        read (which then shows what there is), a failing projection is a warning, not a failure."""
        try:
            self.catch_up()
        except Exception as error:  # noqa: BLE001 - the events are the truth; `db rebuild` mends the rest
            log.warning("the read models could not catch up (%s); run `chronique db rebuild`", first_line(error))

    def catch_up(self, names: list[str] | None = None, progress: Callable[[int], None] | None = None) -> int:
        """Process every event not seen yet; return how many (notification, projection) pairs
        were applied. Each page is read once and applied to every projection behind it in one
        transaction: after each commit this runs, so a current projection costs one query."""
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
            page = self.journal.recorder.select_notifications(start=start, limit=PAGE)
            if not page:
                break
            applied = 0
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
                        PROJECTIONS[name][0](connection, unseen, self.journal.mapper.to_domain_event)
                        _track(connection, name, unseen[-1].id)
                        applied += len(unseen)
                    positions[name] = max(claimed, page[-1].id)
            done += applied
            if progress and applied:
                progress(applied)
        return done

    def rebuild(self, names: list[str] | None = None, progress: Callable[[int], None] | None = None) -> int:
        """Drop the projections' rows and replay every event into them."""
        if not self.ready():
            self.upgrade()
        chosen = names or list(PROJECTIONS)
        with self.engine.begin() as connection:
            for name in chosen:
                for table in PROJECTIONS[name][1]:
                    connection.execute(delete(table))
                connection.execute(delete(tracking).where(tracking.c.projection == name))
        return self.catch_up(chosen, progress)

    def xp_ledger(self, character_ids: list[str]) -> list[dict[str, Any]]:
        """Every award and spend of experience of these characters, oldest first, with balances."""
        from chronique.projections.tables import xp

        # A read shows the journal as it is: events a crash, a daemon or a migration left
        # unprojected are projected first (from the tracking position: nothing when current).
        self.refresh()
        with self.engine.connect() as connection:
            rows = connection.execute(select(xp).where(xp.c.character_id.in_(character_ids)).order_by(xp.c.position))
            return [dict(row) for row in rows.mappings()]

    def characters(self, campaign_id: str) -> list[Character]:
        """The campaign's characters as the sheets read model holds them, caught up first:
        read-only copies, at their current versions, never saved."""
        from chronique.projections.tables import sheets as table

        self.refresh()
        with self.engine.connect() as connection:
            rows = connection.execute(select(table).where(table.c.campaign_id == campaign_id)).mappings().all()
        return [character_of(row) for row in rows]

    def backlog(self) -> int:
        """How many notifications the slowest projection has still to read."""
        newest = self.journal.recorder.max_notification_id() or 0
        return newest - min((self.position(name) for name in PROJECTIONS), default=0) if self.ready() else newest


def _claim(connection: Connection, name: str) -> int:
    """Lock the projection's tracking row for this transaction and read its position: a CLI
    command and a daemon (or two writers on PostgreSQL) catching up at once must not apply the
    same page twice, so the second waits here, then sees the first's position and moves on."""
    if connection.execute(update(tracking).where(tracking.c.projection == name).values(position=tracking.c.position)).rowcount == 0:
        connection.execute(tracking.insert().values(projection=name, position=0))
    return int(connection.execute(select(tracking.c.position).where(tracking.c.projection == name)).scalar_one())


def _track(connection: Connection, name: str, position: int) -> None:
    connection.execute(update(tracking).where(tracking.c.projection == name).values(position=position))
