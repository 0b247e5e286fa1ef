"""The log says when in the game a time advance stands: the moment it reached, in the "In game"
column every other entry fills (ruling NT13); luck names a Western Parade luck roll against an
impossible roll for what its chance is the chance of, to be spared a critical failure (ruling
WC36). No table changes shape: the revision exists so that a journal projected by an older
Chronique has its log and luck refilled from the events (``ReadModels.upgrade`` refills the read
models after any migration), as 0009 to 0012 did.

Revision ID: 0013
Revises: 0012
"""

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing to reshape: ``ReadModels.upgrade`` refills the read models from the events."""


def downgrade() -> None:
    """Nothing to undo: the older code's rebuild leaves a time advance's moment empty again."""
