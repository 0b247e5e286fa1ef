"""In-game time to version (issue 20): for each aggregate, the versions at which the in-game time
of its events (their ``at``) first went past the furthest point it had reached, so that
``sheet --as-of`` a date finds a character's version at that moment in one indexed look instead
of decoding its whole chain. Only the stored JSON is read: no event is decoded into its class."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
from sqlalchemy import Connection, func, select

from chronique.projections.stored import among, bulk_insert, chained
from chronique.projections.tables import moments

TABLES = (moments,)


def apply_page(connection: Connection, notifications: list[Any], decode: Callable[[Any], Any]) -> None:
    """Fold a page of events into the index: one read of the furthest moments its aggregates had
    reached, one batched insert of the new ones."""
    timed: list[tuple[str, int, int]] = []
    for notification in notifications:
        # Chronique's own events are stored as compact canonical JSON: one with an ``at`` has the
        # key's text, so most events are never parsed.
        if b'"at":' not in notification.state and chained(notification.topic):
            continue
        at = orjson.loads(notification.state).get("at")
        if isinstance(at, int) and not isinstance(at, bool):
            timed.append((notification.aggregate, notification.originator_version, at))
    if not timed:
        return
    keys = {key for key, _, _ in timed}
    column = moments.c.aggregate_id
    query = select(column, func.max(moments.c.reached)).where(among(connection, column, keys)).group_by(column)
    furthest: dict[str, int] = dict(connection.execute(query).tuples().all())
    rows = []
    for key, version, at in timed:
        if key not in furthest or at > furthest[key]:
            furthest[key] = at
            rows.append((key, at, version))
    bulk_insert(connection, moments, rows)
