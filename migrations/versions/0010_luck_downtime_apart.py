"""Luck counts what is rolled between sessions (survival draws, healing rolls, downtime work) under
the downtime after the session that ended (ruling LK13): "between sessions 1 and 2", no longer
"session 1". No table changes shape (the session a luck row keeps is minus the session ended):
the revision exists so that a journal projected by an older Chronique has its luck read model
refilled from the events (``ReadModels.upgrade`` refills the read models after any migration), as
0009 did.

Revision ID: 0010
Revises: 0009
"""

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing to reshape: ``ReadModels.upgrade`` refills the read models from the events."""


def downgrade() -> None:
    """Nothing to undo: the older code's rebuild counts the downtime's rolls under a session again."""
