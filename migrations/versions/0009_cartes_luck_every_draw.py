"""Cartes luck counts every draw with a chance of success, each the cards as they fell at its exact
chance (ruling C97): survival draws and retries, the healer's Médecine draws and consciousness
draws join the tests; a test a support's card or a hand card changed counts as its cards fell; a
test after a face-up hand card counts the cards left to chance; a ♦ first from the pile eases a
short-circuit's odds. No table changes shape: the revision exists so that a journal projected by
an older Chronique has its luck read model refilled from the events (``ReadModels.upgrade``
refills the read models after any migration), as 0007 did for the ledger.

Revision ID: 0009
Revises: 0008
"""

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing to reshape: ``ReadModels.upgrade`` refills the read models from the events."""


def downgrade() -> None:
    """Nothing to undo: the older code's rebuild counts its own draws again."""
