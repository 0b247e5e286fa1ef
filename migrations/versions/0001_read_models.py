"""The first read models: tracking, sheets, the roll and draw log, the experience ledger.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables."""
    op.create_table(
        "read_tracking", sa.Column("projection", sa.String(64), primary_key=True), sa.Column("position", sa.Integer, nullable=False)
    )
    op.create_table(
        "read_sheets",
        sa.Column("character_id", sa.String(36), primary_key=True),
        sa.Column("campaign_id", sa.String(36), nullable=False, index=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("sheet", sa.JSON, nullable=False),
        sa.Column("condition", sa.JSON, nullable=False),
        sa.Column("voided", sa.JSON, nullable=False),
    )
    op.create_table(
        "read_draws",
        sa.Column("ref", sa.String(48), primary_key=True),
        sa.Column("position", sa.Integer, nullable=False, index=True),
        sa.Column("aggregate_id", sa.String(36), nullable=False, index=True),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("purpose", sa.Text, nullable=False),
        sa.Column("at", sa.Integer, nullable=True),
        sa.Column("recorded", sa.String(40), nullable=False),
        sa.Column("outcome", sa.JSON, nullable=False),
        sa.Column("epoch", sa.String(64), nullable=True),
        sa.Column("hidden_until", sa.String(64), nullable=True),
        sa.Column("voided", sa.Boolean, nullable=False),
    )
    op.create_table(
        "read_xp",
        sa.Column("ref", sa.String(48), primary_key=True),
        sa.Column("position", sa.Integer, nullable=False, index=True),
        sa.Column("character_id", sa.String(36), nullable=False, index=True),
        sa.Column("at", sa.Integer, nullable=True),
        sa.Column("change", sa.Integer, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("balance", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    for table in ("read_xp", "read_draws", "read_sheets", "read_tracking"):
        op.drop_table(table)
