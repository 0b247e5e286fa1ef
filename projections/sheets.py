"""The current sheet of every character, kept by replaying each event's own ``apply``."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, insert, select, update

from chronique.domain.character import Character
from chronique.projections.tables import sheets

TABLES = (sheets,)


def handle(connection: Connection, event: Any, position: int) -> None:
    """Fold one event into the sheet of the character it belongs to (other events: nothing)."""
    if isinstance(event, Character.Created):
        connection.execute(
            insert(sheets).values(
                character_id=str(event.originator_id),
                campaign_id=event.campaign_id,
                name=event.name,
                ruleset=event.ruleset,
                version=event.originator_version,
                sheet=event.sheet,
                condition=event.condition,
                voided=[],
            )
        )
        return
    row = connection.execute(select(sheets).where(sheets.c.character_id == str(event.originator_id))).mappings().first()
    if row is None:
        return
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
    connection.execute(
        update(sheets)
        .where(sheets.c.character_id == row["character_id"])
        .values(version=event.originator_version, sheet=shell.sheet, condition=shell.condition, voided=shell.voided)
    )
