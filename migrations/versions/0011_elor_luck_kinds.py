"""Luck names each Elor action test by its kind as the table names it (ruling E113): attack,
parry, dodge, care, training, long action work, opposed action, reaction, contest, or action
test, no longer "action test" for them all; and Western Parade's forced pull is a "FOR roll", the
seed's word, no longer "STR" (ruling WC32). No table changes shape (a luck row's kind is a word
already): the revision exists so that a journal projected by an older Chronique has its luck read
model refilled from the events (``ReadModels.upgrade`` refills the read models after any
migration), as 0009 and 0010 did.

Revision ID: 0011
Revises: 0010
"""

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing to reshape: ``ReadModels.upgrade`` refills the read models from the events."""


def downgrade() -> None:
    """Nothing to undo: the older code's rebuild counts every Elor test as an action test again."""
