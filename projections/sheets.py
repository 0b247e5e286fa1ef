"""The current sheet of every character, kept by replaying each event's own ``apply``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, insert, select, update

from chronique.domain.character import Character
from chronique.projections.tables import sheets

TABLES = (sheets,)


def apply_page(connection: Connection, notifications: list[Any], decode: Callable[[Any], Any]) -> None:
    """Fold a page of events into the sheets: each touched character is read once and written
    once per page, and only characters' events are decoded."""
    known = {row[0] for row in connection.execute(select(sheets.c.character_id))}
    touched: dict[str, dict[str, Any]] = {}
    for notification in notifications:
        character_id = str(notification.originator_id)
        if notification.topic == CREATED:
            event = decode(notification)
            touched[character_id] = {
                "character_id": character_id,
                "campaign_id": event.campaign_id,
                "name": event.name,
                "ruleset": event.ruleset,
                "version": event.originator_version,
                "sheet": event.sheet,
                "condition": event.condition,
                "voided": [],
                "new": True,
            }
            continue
        if character_id not in known and character_id not in touched:
            continue
        row = touched.get(character_id) or _load(connection, character_id)
        touched[character_id] = _fold(row, decode(notification))
    for row in touched.values():
        values = {k: v for k, v in row.items() if k != "new"}
        if row.get("new"):
            connection.execute(insert(sheets).values(**values))
        else:
            connection.execute(update(sheets).where(sheets.c.character_id == row["character_id"]).values(**values))


CREATED = "chronique.domain.character:Character.Created"


def _load(connection: Connection, character_id: str) -> dict[str, Any]:
    row = connection.execute(select(sheets).where(sheets.c.character_id == character_id)).mappings().one()
    return dict(row)


def _fold(row: dict[str, Any], event: Any) -> dict[str, Any]:
    # The same apply() the aggregate runs: the read model cannot drift from the rules.
    shell = Character.__new__(Character)
    shell.__dict__.update(
        campaign_id=row["campaign_id"],
        name=row["name"],
        ruleset=row["ruleset"],
        sheet=dict(row["sheet"]),
        condition=dict(row["condition"]),
        voided=list(row["voided"]),
    )
    event.apply(shell)
    return dict(row, version=event.originator_version, sheet=shell.sheet, condition=shell.condition, voided=shell.voided)
