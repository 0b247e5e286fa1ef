"""The current sheet of every character, kept by replaying each event's own ``apply``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, insert, select, update

from chronique.domain.character import Character
from chronique.projections.tables import sheets

TABLES = (sheets,)


def apply_page(connection: Connection, notifications: list[Any], decode: Callable[[Any], Any]) -> None:
    """Fold a page of events into the sheets: each touched character is read once, folded by
    its events' own ``apply`` and written once per page, and only characters' events are
    decoded."""
    known = {row[0] for row in connection.execute(select(sheets.c.character_id))}
    touched: dict[str, Character] = {}
    versions: dict[str, int] = {}
    new: set[str] = set()
    for notification in notifications:
        character_id = notification.aggregate
        if notification.topic == CREATED:
            event = decode(notification)
            fields = {"campaign_id": event.campaign_id, "name": event.name, "ruleset": event.ruleset, "sheet": event.sheet}
            touched[character_id] = _shell(fields | {"condition": event.condition, "voided": []})
            versions[character_id] = event.originator_version
            new.add(character_id)
            continue
        shell = touched.get(character_id)
        if shell is None:
            if character_id not in known:
                continue
            row = connection.execute(select(sheets).where(sheets.c.character_id == character_id)).mappings().one()
            shell = touched[character_id] = _shell(row)
            versions[character_id] = row["version"]
        event = decode(notification)
        # The same apply() the aggregate runs: the read model cannot drift from the rules.
        event.apply(shell)
        versions[character_id] = event.originator_version
    for character_id, shell in touched.items():
        values = {
            "character_id": character_id,
            "campaign_id": shell.campaign_id,
            "name": shell.name,
            "ruleset": shell.ruleset,
            "version": versions.get(character_id, 0),
            "sheet": shell.sheet,
            "condition": shell.condition,
            "voided": shell.voided,
        }
        if character_id in new:
            connection.execute(insert(sheets).values(**values))
        else:
            connection.execute(update(sheets).where(sheets.c.character_id == character_id).values(**values))


CREATED = "chronique.domain.character:Character.Created"


def _shell(row: Any) -> Character:
    # Copies: the page's events are shared with the other projections, never changed here.
    shell = Character.__new__(Character)
    shell.__dict__.update(
        campaign_id=row["campaign_id"],
        name=row["name"],
        ruleset=row["ruleset"],
        sheet=dict(row["sheet"]),
        condition=dict(row["condition"]),
        voided=list(row["voided"]),
    )
    return shell
