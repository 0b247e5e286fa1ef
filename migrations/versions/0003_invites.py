"""The invite links (issue 16, "Who sees what"): one row per link, keyed by the sha256 of its
token (never the token), with its campaign, its holder, whether it is the GM's, and when it was
issued and revoked.

The journal makes this table itself on open (adapters/invites.py, adapters/journal.py), before
any migration can run, so this one makes it only where it is missing, with the same statements:
the history of ``chronique db upgrade`` names every table beside the events it added. The
statements are written out here, not imported, so the migration stays what it was when a later
version changes the table.

Revision ID: 0003
Revises: 0002
"""

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

TABLE = "chronique_invites"


def upgrade() -> None:
    """Create the table and its index, unless the journal's open made them already."""
    op.execute(
        f"CREATE TABLE IF NOT EXISTS {TABLE} (token_hash TEXT PRIMARY KEY, campaign_id TEXT NOT NULL, player TEXT NOT NULL, "
        "gm BOOLEAN NOT NULL, issued_at TEXT NOT NULL, revoked_at TEXT)"
    )
    op.execute(f"CREATE INDEX IF NOT EXISTS {TABLE}_holder ON {TABLE} (campaign_id, player)")


def downgrade() -> None:
    """Drop it: every link is then unknown (the next open makes the table again, empty), so a
    downgrade fails closed, never open."""
    op.drop_table(TABLE)
