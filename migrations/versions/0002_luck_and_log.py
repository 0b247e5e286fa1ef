"""The luck and log read models (issue 14): every roll left to chance with its exact odds, and
every event of the log in the players' words, each beside what its projection keeps of the log
(the campaign of each aggregate, a campaign's game, settings and session).

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

STANDINGS = ("read_luck_standings", "read_log_standings")


def upgrade() -> None:
    """Create the tables (``ReadModels.upgrade`` then fills them from the events)."""
    for name in STANDINGS:
        op.create_table(
            name,
            sa.Column("aggregate_id", sa.String(36), primary_key=True),
            sa.Column("campaign_id", sa.String(36), nullable=False),
            sa.Column("name", sa.Text, nullable=False),
            sa.Column("ruleset", sa.String(32), nullable=True),
            sa.Column("settings", sa.JSON, nullable=True),
            sa.Column("session", sa.Integer, nullable=True),
            sa.Column("numbered", sa.Integer, nullable=True),
        )
    op.create_table(
        "read_luck",
        sa.Column("campaign_id", sa.String(36), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("ref", sa.String(48), nullable=False),
        sa.Column("session", sa.Integer, nullable=True),
        sa.Column("roller", sa.Text, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("numerator", sa.BigInteger, nullable=False),
        sa.Column("denominator", sa.BigInteger, nullable=False),
        sa.Column("success", sa.Boolean, nullable=False),
        sa.Column("hidden_until", sa.String(64), nullable=True),
    )
    op.create_table(
        "read_log",
        sa.Column("campaign_id", sa.String(36), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("aggregate_id", sa.String(36), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("at", sa.Integer, nullable=True),
        sa.Column("who", sa.Text, nullable=False),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("description", sa.Text, nullable=False),
        sa.Column("hidden_until", sa.String(64), nullable=True),
        sa.Column("correction", sa.String(48), nullable=True),
        sa.Column("reason", sa.Text, nullable=True),
    )
    op.create_index("read_log_voided", "read_log", ["aggregate_id", "version"])
    op.create_index("read_log_position", "read_log", ["campaign_id", "position"])


def downgrade() -> None:
    """Drop them."""
    for table in ("read_log", "read_luck", *STANDINGS):
        op.drop_table(table)
