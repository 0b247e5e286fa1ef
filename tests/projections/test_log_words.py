"""The log tells its events in today's words (migration 0005): its read model keeps where each
entry is and who recorded it, not what it says, so a journal whose log was projected by an older
Chronique (which kept the words of the day each entry was projected) reads as its exports,
``undo`` and ``audit show`` read, and as a replay of its events does."""

from __future__ import annotations

from importlib import resources

import pytest
from sqlalchemy import inspect, text
from support import change_read_model, run
from test_luck_and_log_read_models import assert_log_output_unchanged, evening
from test_ruleset_contract import CAMPAIGN

from chronique.adapters.bootstrap import build
from chronique.adapters.readmodels import HEAD
from chronique.domain.rulesets import KNOWN

OLD_WORDS = "the words of an older Chronique"
COUNTS_KEPT = tuple(text(f"ALTER TABLE {table} ADD COLUMN numbered INTEGER") for table in ("read_luck_standings", "read_log_standings"))
"""What the luck and log standings held before migration 0006: each campaign's count of rows."""


def test_the_readiness_check_knows_the_newest_migration() -> None:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(resources.files("chronique.migrations")))
    assert ScriptDirectory.from_config(config).get_current_head() == HEAD


def log_columns(db: str) -> list[str]:
    """The log read model's columns, as its table has them."""
    services = build(db, create=False)
    try:
        assert services.read_models is not None
        return [column["name"] for column in inspect(services.read_models.engine).get_columns("read_log")]
    finally:
        services.close()


@pytest.mark.parametrize("game", KNOWN)
def test_a_log_projected_by_an_older_chronique_reads_in_today_s_words(db: str, game: str) -> None:
    evening(db, game)
    run(db, "luck", CAMPAIGN)  # a read: the read models caught up
    # What an older Chronique left: each entry's words kept in the row, the standings' counts
    # (0006 drops them), the journal at 0004.
    change_read_model(
        db,
        text(f"ALTER TABLE read_log ADD COLUMN description TEXT NOT NULL DEFAULT '{OLD_WORDS}'"),
        *COUNTS_KEPT,
        text("UPDATE alembic_version SET version_num = '0004'"),
    )
    # Read as it stands (current, so not upgraded yet): every entry in today's words already.
    assert OLD_WORDS not in run(db, "log", CAMPAIGN, "--gm").stdout
    assert_log_output_unchanged(db)
    # The next write's catch-up upgrades the journal and refills the log: the words are gone
    # from the table, and every entry, old and new, reads as a replay of the events tells it.
    run(db, "session", "end", CAMPAIGN)
    run(db, "luck", CAMPAIGN)
    assert "description" not in log_columns(db)
    assert_log_output_unchanged(db)
