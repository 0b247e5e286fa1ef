"""The luck and log standings keep no count of a campaign's rows (migration 0006): a projection
reads how many rows it numbered for a campaign off those rows, so a catch-up that only numbers
rows writes no standing, and a journal whose standings kept the counts reads the same after its
upgrade (issue 20: the daemon's pass rewrote a thousand campaigns' standings at each catch-up)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import event, inspect, select, text
from support import change_read_model, run
from test_log_words import COUNTS_KEPT
from test_luck_and_log_read_models import assert_log_output_unchanged, assert_reads_equal_replay, evening
from test_ruleset_contract import CAMPAIGN

from chronique.adapters.bootstrap import build
from chronique.adapters.services import Chronique
from chronique.domain.rulesets import KNOWN
from chronique.projections.tables import log

STANDINGS = ("read_luck_standings", "read_log_standings")


def standings_columns(db: str) -> dict[str, list[str]]:
    """The columns of each standings table, as the journal has them."""
    services = build(db, create=False)
    try:
        assert services.read_models is not None
        found = inspect(services.read_models.engine)
        return {table: [column["name"] for column in found.get_columns(table)] for table in STANDINGS}
    finally:
        services.close()


def log_rows(services: Chronique) -> list[Any]:
    """The log read model's rows."""
    assert services.read_models is not None
    with services.read_models.engine.connect() as connection:
        return connection.execute(select(log)).all()


@pytest.mark.parametrize("game", KNOWN)
def test_a_catch_up_that_numbers_rows_writes_no_standing(db: str, game: str) -> None:
    evening(db, game)
    run(db, "log", CAMPAIGN)  # a read: the read models caught up (the session's start moved a standing)
    services = build(db, create=False)
    statements: list[str] = []
    try:
        assert services.read_models is not None

        @event.listens_for(services.read_models.engine, "before_cursor_execute")
        def seen(connection: Any, cursor: Any, statement: str, *rest: Any) -> None:
            statements.append(statement)

        # Events that give the campaign's log rows and move no standing: two recaps (a session's
        # end moves the campaign's, ruling LK13).
        run(db, "note", "recap", CAMPAIGN, "The party held the ford.")
        run(db, "note", "recap", CAMPAIGN, "And crossed it at dawn.")
        before = len(log_rows(services))
        assert services.read_models.catch_up(["log", "luck"]) > 0
        assert len(log_rows(services)) > before
    finally:
        services.close()
    written = [s for s in statements if s.lstrip().upper().startswith(("UPDATE", "INSERT")) and "standings" in s]
    assert written == []
    assert_log_output_unchanged(db)
    assert_reads_equal_replay(db, "after rows numbered from the rows")


@pytest.mark.parametrize("game", KNOWN)
def test_standings_that_kept_their_counts_are_upgraded_and_read_the_same(db: str, game: str) -> None:
    evening(db, game)
    run(db, "luck", CAMPAIGN)  # a read: the read models caught up
    # What an older Chronique left: the standings with a count column, the journal at 0005.
    change_read_model(db, *COUNTS_KEPT, text("UPDATE alembic_version SET version_num = '0005'"))
    assert all("numbered" in columns for columns in standings_columns(db).values())
    # The next write's catch-up upgrades the journal and refills the read models: the counts
    # are gone, and the entries that follow are numbered on from the rows, as a replay numbers.
    run(db, "session", "end", CAMPAIGN)
    run(db, "session", "start", CAMPAIGN)
    run(db, "luck", CAMPAIGN)
    assert all("numbered" not in columns for columns in standings_columns(db).values())
    assert_log_output_unchanged(db)
    assert_reads_equal_replay(db, "after the upgrade")
