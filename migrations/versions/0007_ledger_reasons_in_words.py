"""The experience ledger's reasons in words: a Cartes purchase reads "a speciality: Escalade, the
1st of Athlétisme" (it was "speciality Athlétisme 0→1") and an Elor level bought with experience
names its profession (it was blank), ruling C81. No table changes shape: the revision exists so
that a journal projected by an older Chronique has its read models refilled from the events
(``ReadModels.upgrade`` refills them after any migration), its ledger then in today's words.

Revision ID: 0007
Revises: 0006
"""

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing to reshape: ``ReadModels.upgrade`` refills the read models from the events."""


def downgrade() -> None:
    """Nothing to undo: the older code's rebuild writes its own words again."""
