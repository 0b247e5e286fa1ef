"""The log read model keeps no words: a page tells its events as the game's ``describe`` tells
them when read, so that entries recorded by an older Chronique read in today's words (its exports,
``undo`` and ``audit show`` told them so already; the log alone kept the words of the day they
were projected) and the rebuild writes less.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Drop the words (``ReadModels.upgrade`` then refills the read models from the events)."""
    with op.batch_alter_table("read_log") as table:  # SQLite: the table copied without the column
        table.drop_column("description")


def downgrade() -> None:
    """Give the column back, empty (a rebuild by the older code fills it)."""
    with op.batch_alter_table("read_log") as table:
        table.add_column(sa.Column("description", sa.Text, nullable=False, server_default=""))
