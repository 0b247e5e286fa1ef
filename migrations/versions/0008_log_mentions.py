"""The log keeps, with each entry, the characters its event names beside the one that recorded it
(an attack's settlement naming its defender, a wound "from Alice's parry", a card drawn for Alice),
so that ``log --character Alice`` shows what others did to her (ruling RM5).

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column (``ReadModels.upgrade`` then refills the read models from the events); a
    table made by this Chronique's own ``create_all`` at an older revision has it already."""
    if "mentions" in {column["name"] for column in sa.inspect(op.get_bind()).get_columns("read_log")}:
        return
    with op.batch_alter_table("read_log") as table:
        table.add_column(sa.Column("mentions", sa.Text, nullable=True))


def downgrade() -> None:
    """Drop it."""
    with op.batch_alter_table("read_log") as table:
        table.drop_column("mentions")
