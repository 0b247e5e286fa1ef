"""The read-model tables (SQLAlchemy Core). Alembic revisions in ``migrations/`` create them; the
event store's own tables belong to eventsourcing."""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Column, Integer, MetaData, String, Table, Text

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
