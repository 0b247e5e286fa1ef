"""When each paced campaign is next due (issue 20, "the daemon at club scale"): one row per
campaign whose pacing will move its clock, with the wall time at which it next will, so the
daemon's check finds the campaigns to advance with one indexed query instead of loading them all.

The row is a function of the campaign's pacing, session and clock (``Pacing.due_after``), never of
wall time, and is written in the very transaction that records the events changing them
(``due=`` given to ``Journal.save``): setting or clearing a pacing, a session's start or end, an
advance, a correction. A campaign that will never be due (no pacing, a session open, its ``until``
reached) has no row. The table is the journal's own, made on open with the other tables beside
the events (never an Alembic read model: it is written with the events, not projected after
them), and filled from the campaigns when it is made, so a journal paced before it existed is
found (ruling DM1).

Several daemons on PostgreSQL split the due campaigns by claiming them in batches with
``SELECT ... FOR UPDATE SKIP LOCKED``, on rows of a table of claims apart from the due times: the
batch's transaction holds them while its campaigns are advanced, and each advance writes its new
due time in its own transaction without waiting for them; a daemon that dies releases its claims
with its connection (ruling DM2). On SQLite one daemon runs (a lock file) and the file has one
writer anyway: the same query, without row locks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

import orjson

from chronique.domain.campaign import Campaign
from chronique.domain.pacing import Pacing

PACING_DUE_TABLE = "chronique_pacing_due"
# One row per campaign ever paced, never written again once made (a write would wait for a
# daemon's claim): what daemons lock to claim a campaign.
PACING_CLAIMS_TABLE = "chronique_pacing_claims"
# Wall times are microseconds since the Unix epoch (UTC): compared and ordered the same way on
# both backends.
CREATE_PACING_DUE = [
    f"CREATE TABLE IF NOT EXISTS {PACING_DUE_TABLE} (campaign_id TEXT PRIMARY KEY, due_at_us BIGINT NOT NULL, pacing TEXT NOT NULL)",
    f"CREATE INDEX IF NOT EXISTS {PACING_DUE_TABLE}_due ON {PACING_DUE_TABLE} (due_at_us)",
    f"CREATE TABLE IF NOT EXISTS {PACING_CLAIMS_TABLE} (campaign_id TEXT PRIMARY KEY)",
]

# {0} is the backend's placeholder: ``?`` on SQLite, ``%s`` on PostgreSQL.
_UPSERT = (
    f"INSERT INTO {PACING_DUE_TABLE} (campaign_id, due_at_us, pacing) VALUES ({{0}}, {{0}}, {{0}}) "
    "ON CONFLICT (campaign_id) DO UPDATE SET due_at_us = excluded.due_at_us, pacing = excluded.pacing"
)
# DO NOTHING never waits for the lock of a daemon's claim on the existing row.
_CLAIMABLE = f"INSERT INTO {PACING_CLAIMS_TABLE} (campaign_id) VALUES ({{0}}) ON CONFLICT (campaign_id) DO NOTHING"
_DELETE = f"DELETE FROM {PACING_DUE_TABLE} WHERE campaign_id = {{0}}"
_CLAIM_POSTGRES = (
    f"SELECT d.campaign_id FROM {PACING_DUE_TABLE} d JOIN {PACING_CLAIMS_TABLE} c ON c.campaign_id = d.campaign_id "
    "WHERE d.due_at_us <= %s AND d.campaign_id <> ALL(%s::text[]) ORDER BY d.due_at_us LIMIT %s FOR UPDATE OF c SKIP LOCKED"
)
_DUE_SQLITE = f"SELECT campaign_id FROM {PACING_DUE_TABLE} WHERE due_at_us <= ? AND campaign_id NOT IN ({{0}}) ORDER BY due_at_us LIMIT ?"


def microseconds(moment: datetime) -> int:
    """``moment`` as whole microseconds since the Unix epoch."""
    return (moment - datetime(1970, 1, 1, tzinfo=UTC)) // timedelta(microseconds=1)


@dataclass(frozen=True)
class PacingDue:
    """A campaign's row: when it is next due and the pacing that says so (both None: never due,
    so no row)."""

    campaign_id: UUID
    due_at: datetime | None
    pacing: dict[str, Any] | None

    @classmethod
    def of(cls, campaign: Campaign) -> PacingDue:
        """The row the campaign's current state gives."""
        if campaign.pacing is None or campaign.in_session:  # a session pauses pacing until it ends
            return cls(campaign.id, None, None)
        due_at = Pacing.from_data(campaign.pacing).due_after(campaign.clock)
        return cls(campaign.id, due_at, None if due_at is None else campaign.pacing)

    def write(self, cursor: Any, placeholder: str) -> None:
        """Write the row with ``cursor``, in its transaction (delete it when never due)."""
        write_all(cursor, placeholder, [self])


def write_all(cursor: Any, placeholder: str, dues: Sequence[PacingDue]) -> None:
    """Write the rows ``dues`` with ``cursor``, in its transaction (deleting those never due):
    each statement once for them all (a daemon's batch moves fifty campaigns, issue 20), in
    the order of their ids, so that two writers lock shared rows in the same order."""
    ordered = sorted(dues, key=lambda due: str(due.campaign_id))
    never = [(str(due.campaign_id),) for due in ordered if due.due_at is None]
    # Sorted keys: the same pacing is the same text whatever order its fields came in.
    rows = [
        (str(due.campaign_id), microseconds(due.due_at), orjson.dumps(due.pacing, option=orjson.OPT_SORT_KEYS).decode())
        for due in ordered
        if due.due_at is not None
    ]
    if never:
        cursor.executemany(_DELETE.format(placeholder), never)
    if rows:
        cursor.executemany(_UPSERT.format(placeholder), rows)
        cursor.executemany(_CLAIMABLE.format(placeholder), [row[:1] for row in rows])


def moved(before: PacingDue | None, campaign: Campaign) -> list[PacingDue]:
    """The campaign's row to write with a command's events, if the command moved it from
    ``before`` (its row as loaded; None: a new campaign, which has none)."""
    after = PacingDue.of(campaign)
    return [after] if after != (before or PacingDue(campaign.id, None, None)) else []


def fill(cursor: Any, placeholder: str, campaigns: list[Campaign]) -> None:
    """Write the rows of ``campaigns`` (the table was just made on a journal that had some)."""
    write_all(cursor, placeholder, [PacingDue.of(campaign) for campaign in campaigns])


def claim_statement(postgres: bool, now: datetime, batch: int, skipped: set[UUID]) -> tuple[str, tuple[Any, ...]]:
    """The claim of a batch: at most ``batch`` campaigns due at ``now``, soonest first, but those
    this pass already tried (``skipped``: busy, or failing); on PostgreSQL those another daemon
    holds are skipped, never waited for, and the rows stay locked until the transaction ends."""
    at, tried = microseconds(now), sorted(str(c) for c in skipped)
    if postgres:
        return _CLAIM_POSTGRES, (at, tried, batch)
    return _DUE_SQLITE.format(", ".join("?" * len(tried))), (at, *tried, batch)
