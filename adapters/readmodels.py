"""Keeps the read models: each projection reads the notification log after its tracked position
and writes its rows and its new position in one transaction per page, so every event is
processed exactly once and a crash between two pages resumes where it stopped."""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, delete, inspect, select
from sqlalchemy.dialects.sqlite import insert as upsert

from chronique.adapters.journal import Journal
from chronique.adapters.settings import Settings
from chronique.projections import draws, sheets, xp
from chronique.projections.tables import tracking

PageHandler = Callable[[Connection, list[Any], Callable[[Any], Any]], None]
PROJECTIONS: dict[str, tuple[PageHandler, tuple[Any, ...]]] = {
    "sheets": (sheets.apply_page, sheets.TABLES),
    "draws": (draws.apply_page, draws.TABLES),
    "xp": (xp.apply_page, xp.TABLES),
}
PAGE = 500


class ReadModels:
    """The read-model tables of a journal and the projections that keep them."""

    def __init__(self, journal: Journal, settings: Settings) -> None:
        self.journal = journal
        self.engine: Engine = create_engine(f"sqlite:///{settings.sqlite_path}", connect_args={"timeout": 30})

    def upgrade(self) -> None:
        """Run the Alembic migrations of ``migrations/`` up to the newest."""
        config = Config()
        config.set_main_option("script_location", str(resources.files("chronique.migrations")))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def ready(self) -> bool:
        """Whether the tables exist (``db upgrade`` has run)."""
        return inspect(self.engine).has_table("read_tracking")

    def position(self, name: str) -> int:
        """The last notification the projection has processed."""
        with self.engine.connect() as connection:
            return int(connection.execute(select(tracking.c.position).where(tracking.c.projection == name)).scalar() or 0)

    def catch_up(self, names: list[str] | None = None, progress: Callable[[int], None] | None = None) -> int:
        """Process every event not seen yet; return how many notifications were read."""
        if not self.ready():
            self.upgrade()
        done = 0
        for name in names or list(PROJECTIONS):
            handle, _ = PROJECTIONS[name]
            position = self.position(name)
            while True:
                page = self.journal.recorder.select_notifications(start=position + 1, limit=PAGE)
                if not page:
                    break
                with self.engine.begin() as connection:
                    handle(connection, list(page), self.journal.mapper.to_domain_event)
                    position = page[-1].id
                    statement = upsert(tracking).values(projection=name, position=position)
                    connection.execute(statement.on_conflict_do_update(index_elements=["projection"], set_={"position": position}))
                done += len(page)
                if progress:
                    progress(len(page))
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

        with self.engine.connect() as connection:
            rows = connection.execute(select(xp).where(xp.c.character_id.in_(character_ids)).order_by(xp.c.position))
            return [dict(row) for row in rows.mappings()]

    def backlog(self) -> int:
        """How many notifications the slowest projection has still to read."""
        newest = self.journal.recorder.max_notification_id() or 0
        return newest - min((self.position(name) for name in PROJECTIONS), default=0) if self.ready() else newest
