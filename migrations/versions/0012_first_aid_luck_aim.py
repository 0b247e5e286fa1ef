"""Luck names Western Parade's first aid with what its chance is the chance of (ruling LK14):
"first aid — to stop at least 1 PH, at the easy chance", since its line gives the normal chance
and its odds the easy one's. No table changes shape (a luck row's kind is a word already): the
revision exists so that a journal projected by an older Chronique has its luck read model
refilled from the events (``ReadModels.upgrade`` refills the read models after any migration),
as 0009 to 0011 did.

Revision ID: 0012
Revises: 0011
"""

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing to reshape: ``ReadModels.upgrade`` refills the read models from the events."""


def downgrade() -> None:
    """Nothing to undo: the older code's rebuild names first aid "first aid" again."""
