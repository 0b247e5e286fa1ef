"""A time advance's entry in the log says when in the game it stands, as every other entry does
(ruling NT13): the moment it reached. Its "In game" cell was empty, so a GM reading the log could
not tell when three days went by, nor find the advance by its moment."""

from __future__ import annotations

from sqlalchemy import text
from support import SAMPLES, change_read_model, run


def _party(db: str) -> None:
    run(db, "campaign", "new", "Tolosa", "--ruleset", "western-parade")
    run(db, "character", "new", "Tolosa", "--sheet", str(SAMPLES / "wp_joe.toml"))
    run(db, "advance", "Tolosa", "3d", "--yes")


def _advances(db: str) -> list[str]:
    """The "In game" cell of each time advance's entry in the log's table."""
    table = run(db, "--ascii", "log", "Tolosa").stdout
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in table.splitlines() if "time advanced" in line]
    return [row[1] for row in rows]


def test_a_time_advance_stands_in_the_log_at_the_moment_it_reached_ruling_nt13(db: str) -> None:
    _party(db)
    # Western Parade's calendar starts on 1873-04-12 08:00 (the campaign's clock at creation).
    assert _advances(db) == ["1873-04-15 08:00"]


def test_a_log_an_older_chronique_projected_is_refilled_with_the_advance_s_moment_ruling_nt13(db: str) -> None:
    _party(db)
    assert _advances(db) == ["1873-04-15 08:00"]
    # What an older Chronique left: no moment on a time advance, the journal at 0012.
    older = text("UPDATE alembic_version SET version_num = '0012'")
    change_read_model(db, text("UPDATE read_log SET at = NULL WHERE kind = 'TimeAdvanced'"), older)
    assert _advances(db) == [""]  # read as it stands until a write upgrades it
    run(db, "session", "start", "Tolosa")  # the next write's catch-up upgrades it (0013) and refills the log
    assert _advances(db) == ["1873-04-15 08:00"]
