"""Rows of the read models read through the event store's own connection, for one-shot reads:
a cold ``chronique sheet`` reads the sheets read model (issue 14) without importing SQLAlchemy,
which costs more than the read itself (issue 20). Only a current read model is read this way;
when it is behind the journal, or absent, the caller catches it up through ``ReadModels`` first.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import orjson
from eventsourcing.persistence import PersistenceError

from chronique.adapters.journal import Journal
from chronique.domain.character import Character

_POSITION = "SELECT position FROM read_tracking WHERE projection = {0}"
_SHEETS = "SELECT character_id, campaign_id, name, ruleset, version, sheet, condition, voided FROM read_sheets WHERE campaign_id = {0}"
_JSON = ("sheet", "condition", "voided")


def current_characters(journal: Journal, campaign_id: str) -> list[Character] | None:
    """The campaign's characters from the sheets read model when it has read every event of the
    journal; None when it has not (or its tables do not exist yet)."""
    datastore = journal.recorder.datastore  # type: ignore[attr-defined]
    mark = "%s" if journal.settings.is_postgres else "?"
    newest = journal.recorder.max_notification_id() or 0
    try:
        with datastore.transaction(commit=False) as cursor:
            cursor.execute(_POSITION.format(mark), ("sheets",))
            tracked = cursor.fetchone()
            if tracked is None or int(tracked["position"]) < newest:
                return None
            cursor.execute(_SHEETS.format(mark), (campaign_id,))
            rows = cursor.fetchall()
    except PersistenceError:  # no read-model tables yet: `db upgrade` or the next write makes them
        return None
    return [character_of(row) for row in rows]


def character_of(row: Any) -> Character:
    """A read-only character from its read-model row, which is the fold of its events by their own
    ``apply`` (projections/sheets.py): what replaying them gives, never saved."""
    # SQLite keeps a JSON column as text; PostgreSQL's driver hands it decoded.
    decoded = {name: orjson.loads(row[name]) if isinstance(row[name], str | bytes) else row[name] for name in _JSON}
    character = Character.__new__(Character)
    character.__dict__.update(
        _id=UUID(str(row["character_id"])),
        _version=int(row["version"]),
        _created_on=None,
        _modified_on=None,
        _pending_events=[],
        campaign_id=row["campaign_id"],
        name=row["name"],
        ruleset=row["ruleset"],
        **decoded,
    )
    return character
