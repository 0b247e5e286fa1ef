"""A rebuild of the read models (issue 20) runs in one transaction with the indexes its folds
never read made after its rows: it gives the rows a page-by-page catch-up gives, byte for byte,
leaves every index in place, and a rebuild that fails half-way leaves the rows, indexes and
positions as they were; over a real SQLite file and a real PostgreSQL database."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import orjson
import pytest
from sqlalchemy import inspect, select
from support import run, scripted_services, wounded_party
from test_read_model_equals_replay import read_model, replayed
from test_ruleset_contract import CAMPAIGN, PLAYS, party

from chronique.adapters import readmodels
from chronique.adapters.bootstrap import build
from chronique.adapters.database import Database
from chronique.adapters.readmodels import PROJECTIONS, ReadModels
from chronique.adapters.services import Chronique
from chronique.adapters.settings import Settings
from chronique.domain.rulesets import KNOWN
from chronique.domain.rulesets.cartes.draws import award
from chronique.projections.stored import recorded, stored_json
from chronique.projections.tables import metadata, tracking


@pytest.fixture
def played(db: str) -> Iterator[tuple[Chronique, ReadModels, str]]:
    services = scripted_services(db)
    name = wounded_party(services)
    services.start_session(name)
    services.act(name, lambda w: award(w, "Bruno", 2, "saved Alice"))
    alice = services.world(name).character("Alice")
    test = next(e for e in services.journal.events.get(alice.id) if type(e).__name__ == "TestMade")
    # A correction, so that the draws and the log rebuild their voided marks too.
    services.correct(name, "Alice", test.originator_version, "drawn for the wrong character")
    services.end_session(name)
    models = ReadModels(services.journal, Database(Settings(db)))
    yield services, models, name
    models.database.dispose()
    services.close()


def raw_rows(models: ReadModels) -> dict[str, list[tuple[Any, ...]]]:
    """Every read-model table's rows as the driver returns them (a JSON column's stored text on
    SQLite), in primary-key order."""
    found = {}
    with models.engine.connect() as connection:
        for table in metadata.sorted_tables:
            if table.name.startswith("read_"):
                order = ", ".join(column.name for column in table.primary_key.columns)
                found[table.name] = [tuple(row) for row in connection.exec_driver_sql(f"SELECT * FROM {table.name} ORDER BY {order}")]
    return found


def indexes(models: ReadModels) -> dict[str, set[str]]:
    """The named indexes of every read-model table, as the database lists them."""
    inspector = inspect(models.engine)
    return {table.name: {str(index["name"]) for index in inspector.get_indexes(table.name)} for table in metadata.sorted_tables}


def test_a_rebuild_writes_the_bytes_a_catch_up_writes_and_keeps_every_index(played: tuple[Chronique, ReadModels, str]) -> None:
    _, models, _ = played
    models.catch_up()
    before, listed = raw_rows(models), indexes(models)
    assert before["read_draws"] and before["read_log"] and before["read_luck"]
    assert {"ix_read_draws_position", "ix_read_draws_aggregate_id"} <= listed["read_draws"]
    assert "read_log_position" in listed["read_log"]
    models.rebuild()
    assert raw_rows(models) == before
    assert indexes(models) == listed


def test_a_rebuild_that_fails_half_way_leaves_the_read_models_as_they_were(
    played: tuple[Chronique, ReadModels, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    services, models, _ = played
    models.catch_up()
    before, listed = raw_rows(models), indexes(models)
    monkeypatch.setattr(readmodels, "REBUILD_PAGE", 5)
    real = PROJECTIONS["log"]
    pages = 0

    def failing(connection: Any, notifications: list[Any], decode: Any) -> None:
        nonlocal pages
        pages += 1
        if pages == 3:  # the rows of two pages written, the indexes dropped: then the process dies
            raise KeyboardInterrupt
        real[0](connection, notifications, decode)

    monkeypatch.setitem(PROJECTIONS, "log", (failing, real[1]))
    with pytest.raises(KeyboardInterrupt):
        models.rebuild()
    assert pages == 3
    assert raw_rows(models) == before
    assert indexes(models) == listed
    newest = services.journal.recorder.max_notification_id()
    with models.engine.connect() as connection:
        positions = dict(connection.execute(select(tracking.c.projection, tracking.c.position)).tuples().all())
    assert positions == dict.fromkeys(PROJECTIONS, newest)


def test_a_draw_s_outcome_is_stored_as_text_that_decodes_to_what_json_dumps_wrote(played: tuple[Chronique, ReadModels, str]) -> None:
    services, models, _ = played
    models.catch_up()
    with models.engine.connect() as connection:
        stored = [row[0] for row in connection.exec_driver_sql("SELECT outcome FROM read_draws")]
    assert stored
    for value in stored:
        # SQLite hands the column's text; PostgreSQL's driver hands the JSON decoded.
        decoded = orjson.loads(value) if isinstance(value, str) else value
        assert json.loads(json.dumps(decoded)) == decoded
        if isinstance(value, str):
            assert value == stored_json(decoded)
    # Beyond the played campaign: the text of values a stored event may hold decodes to the same
    # value as the standard library's (non-ASCII text, large and negative numbers, nesting).
    for value in ({"to": "Éloïse “la Rousse”", "cards": ["10H", "QS"]}, {"n": -(2**63), "x": 0.1, "e": [], "o": {}}, [1, [2, [3]]]):
        assert json.loads(stored_json(value)) == json.loads(json.dumps(value)) == value


def test_a_stored_timestamp_reads_as_its_decoded_isoformat() -> None:
    moments = [
        datetime(2026, 11, 25, 15, 15, 47, 732265, tzinfo=UTC),
        datetime(2026, 11, 25, 15, 15, 47, tzinfo=UTC),  # no microseconds: isoformat leaves them out
        datetime(1, 1, 1, 0, 0, 0, 1, tzinfo=timezone(timedelta(hours=-5, minutes=-30))),
        datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=timezone(timedelta(hours=14))),
    ]
    texts = [m.isoformat() for m in moments] + [
        "2026-11-25T15:15:47.732265Z",
        "2026-11-25T15:15:47.732265-00:00",
        "2026-11-25T15:15:47.000000+00:00",
    ]
    for text in texts:
        assert recorded(text) == datetime.fromisoformat(text).isoformat(), text


@pytest.mark.parametrize("game", KNOWN)
def test_a_rebuild_gives_the_rows_of_the_page_by_page_catch_up_for_every_game(db: str, game: str) -> None:
    # Played through the real command line, corrections and sessions included, so that every
    # game's describe, luck and experience hooks are folded; caught up in pages of three events.
    party(db, game)
    play = PLAYS[game]
    for step in ((game, *play.roll), ("session", "start", CAMPAIGN), (game, *play.wound), (game, *play.roll), ("session", "end", CAMPAIGN)):
        run(db, *(CAMPAIGN if a == "{c}" else game if a == "{g}" else a for a in step))
    run(db, "advance", CAMPAIGN, "1d", "--yes")
    services = build(db, create=False)
    try:
        models = services.read_models
        assert models is not None
        models.catch_up(size=3)
        caught_up = raw_rows(models)
        assert caught_up["read_log"] and caught_up["read_sheets"]
        models.rebuild()
        assert raw_rows(models) == caught_up
        assert read_model(services) == replayed(services)
    finally:
        services.close()
