"""The luck and log standings keep no count of a campaign's rows: a projection reads it off the
rows themselves (their highest number), so a catch-up that numbers rows for a thousand campaigns
writes none of their standings (issue 20).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_TABLES = ("read_luck_standings", "read_log_standings")


def upgrade() -> None:
    """Drop the counts (``ReadModels.upgrade`` then refills the read models from the events)."""
    for name in _TABLES:
        with op.batch_alter_table(name) as table:  # SQLite: the table copied without the column
            table.drop_column("numbered")


def downgrade() -> None:
    """Give the column back, empty (a rebuild by the older code fills it)."""
    for name in _TABLES:
        with op.batch_alter_table(name) as table:
            table.add_column(sa.Column("numbered", sa.Integer, nullable=True))
