"""The index of in-game time to version (issue 20): ``sheet --as-of`` a date finds the
character's version at that moment in one indexed look instead of reading its whole chain.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table (``ReadModels.upgrade`` then fills it from the events)."""
    op.create_table(
        "read_moments",
        sa.Column("aggregate_id", sa.String(36), primary_key=True),
        sa.Column("reached", sa.BigInteger, primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    """Drop it."""
    op.drop_table("read_moments")
