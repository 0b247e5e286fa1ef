"""The read-model tables (SQLAlchemy Core). Alembic revisions in ``migrations/`` create them; the
event store's own tables belong to eventsourcing."""

from __future__ import annotations

from sqlalchemy import JSON, BigInteger, Boolean, Column, Index, Integer, MetaData, String, Table, Text

metadata = MetaData()

tracking = Table(
    "read_tracking",
    metadata,
    Column("projection", String(64), primary_key=True),
    Column("position", Integer, nullable=False),
)

sheets = Table(
    "read_sheets",
    metadata,
    Column("character_id", String(36), primary_key=True),
    Column("campaign_id", String(36), nullable=False, index=True),
    Column("name", Text, nullable=False),
    Column("ruleset", String(32), nullable=False),
    Column("version", Integer, nullable=False),
    Column("sheet", JSON, nullable=False),
    Column("condition", JSON, nullable=False),
    Column("voided", JSON, nullable=False),
)

draws = Table(
    "read_draws",
    metadata,
    Column("ref", String(48), primary_key=True),
    Column("position", Integer, nullable=False, index=True),
    Column("aggregate_id", String(36), nullable=False, index=True),
    Column("kind", String(64), nullable=False),
    Column("purpose", Text, nullable=False),
    Column("at", Integer, nullable=True),
    Column("recorded", String(40), nullable=False),
    Column("outcome", JSON, nullable=False),
    Column("epoch", String(64), nullable=True),
    Column("hidden_until", String(64), nullable=True),
    Column("voided", Boolean, nullable=False, default=False),
)

xp = Table(
    "read_xp",
    metadata,
    Column("ref", String(48), primary_key=True),
    Column("position", Integer, nullable=False, index=True),
    Column("character_id", String(36), nullable=False, index=True),
    Column("at", Integer, nullable=True),
    Column("change", Integer, nullable=False),
    Column("reason", Text, nullable=False),
    Column("balance", Integer, nullable=False),
)


def _standings(name: str) -> Table:
    """What a projection keeps of the log beside its rows (projections/standing.py): for every
    aggregate met, its campaign and name; for a campaign, its game, settings and session, as the
    log stands at the projection's position. How many rows the projection numbered for a campaign
    is read off its rows (their highest number), not kept: keeping it rewrote every campaign's
    standing at every catch-up that gave it a row."""
    return Table(
        name,
        metadata,
        Column("aggregate_id", String(36), primary_key=True),
        Column("campaign_id", String(36), nullable=False),
        Column("name", Text, nullable=False),
        Column("ruleset", String(32), nullable=True),
        Column("settings", JSON, nullable=True),
        Column("session", Integer, nullable=True),
    )


luck_standings = _standings("read_luck_standings")

luck = Table(
    "read_luck",
    metadata,
    Column("campaign_id", String(36), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("position", Integer, nullable=False),
    Column("ref", String(48), nullable=False),
    Column("session", Integer, nullable=True),
    Column("roller", Text, nullable=False),
    Column("kind", Text, nullable=False),
    Column("numerator", BigInteger, nullable=False),
    Column("denominator", BigInteger, nullable=False),
    Column("success", Boolean, nullable=False),
    Column("hidden_until", String(64), nullable=True),
)

log_standings = _standings("read_log_standings")

log = Table(
    "read_log",
    metadata,
    Column("campaign_id", String(36), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("position", Integer, nullable=False),
    Column("aggregate_id", String(36), nullable=False),
    Column("version", Integer, nullable=False),
    Column("at", Integer, nullable=True),
    Column("who", Text, nullable=False),
    Column("kind", String(64), nullable=False),
    Column("hidden_until", String(64), nullable=True),
    Column("correction", String(48), nullable=True),
    Column("reason", Text, nullable=True),
    # The ids of the other characters the event names, each between spaces (projections/log.py).
    Column("mentions", Text, nullable=True),
    Index("read_log_voided", "aggregate_id", "version"),
    Index("read_log_position", "campaign_id", "position"),
)

moments = Table(
    "read_moments",
    metadata,
    Column("aggregate_id", String(36), primary_key=True),
    Column("reached", BigInteger, primary_key=True),
    Column("version", Integer, nullable=False),
)
"""In-game time to version (issue 20, ``sheet --as-of`` a date): for each aggregate, the versions
at which its events' in-game time first passed a new furthest point (``reached``, the furthest
``at`` of its events up to that version). The first row past a moment names the first event
after it, so an aggregate's version at that moment is one indexed look, however long its chain."""
