"""What the luck and log projections must know of an event beyond the event itself: the campaign
whose log it belongs to, that campaign's game, settings and session, and the name of the
aggregate that recorded it, all as the log stands at that event. Each projection keeps its own
table of them (projections/tables.py), so that each rebuilds alone; without read models the same
fold runs in memory over one campaign's events."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Table, insert, select, update

from chronique.domain.campaign import Campaign
from chronique.domain.character import Character
from chronique.domain.deck import Deck
from chronique.domain.rulesets import Ruleset, ruleset

# A campaign's settings move by these events only, each by its own ``apply`` (a setting chosen,
# a correction recomputing them without the settings it voided).
_SETTINGS = (Campaign.SettingChanged, Campaign.Corrected)


@dataclass(frozen=True)
class Standing:
    """An event's place: its campaign, that campaign's game (its rules), settings and session when it was
    recorded (0 before the first), and the name of the aggregate that recorded it."""

    campaign_id: str
    rules: Ruleset
    settings: dict[str, Any]
    session: int
    name: str


class Standings:
    """The standings of the aggregates met so far, as rows of a standings table: every aggregate
    names its campaign and itself; a campaign's own row also holds its game, settings, session and
    how many rows the projection numbered for it."""

    def __init__(self) -> None:
        self.rows: dict[str, dict[str, Any]] = {}
        self._stored: set[str] = set()
        self._changed: set[str] = set()
        self._rules: dict[str, Ruleset] = {}  # looked up once a page, not once an event

    def load(self, connection: Connection, table: Table, events: Iterable[Any]) -> None:
        """Read the rows that the page of ``events`` may touch: their aggregates' and those
        aggregates' campaigns'."""
        wanted = {key for event in events for key in _touched(event)}
        for _ in range(2):  # the aggregates, then the campaigns they name
            missing = wanted - self.rows.keys()
            if missing:
                for row in connection.execute(select(table).where(table.c.aggregate_id.in_(missing))).mappings():
                    self.rows[row["aggregate_id"]] = dict(row)
                    self._stored.add(row["aggregate_id"])
            wanted = {row["campaign_id"] for row in self.rows.values()}

    def save(self, connection: Connection, table: Table) -> None:
        """Write back the rows changed since loaded."""
        for key in self._changed:
            if key in self._stored:
                connection.execute(update(table).where(table.c.aggregate_id == key).values(**self.rows[key]))
            else:
                connection.execute(insert(table).values(**self.rows[key]))
                self._stored.add(key)
        self._changed.clear()

    def see(self, event: Any) -> Standing | None:
        """Fold ``event`` in; the standing of its aggregate (None for an aggregate of no campaign
        met: a projection rebuilt from a log that starts mid-way)."""
        key = str(event.originator_id)
        if isinstance(event, Campaign.Created):
            self._set(key, campaign_id=key, name=event.name, ruleset=event.ruleset, settings=dict(event.settings), session=0, numbered=0)
        elif isinstance(event, Campaign.MemberJoined):
            self._set(event.member_id, campaign_id=key, name=event.name)
        elif _created_in(event):
            self._set(key, campaign_id=str(event.campaign_id), name=event.name)
        elif isinstance(event, Campaign.SessionStarted) and key in self.rows:
            self._set(key, session=event.number)
        elif isinstance(event, _SETTINGS) and key in self.rows:
            shell = Campaign.__new__(Campaign)
            shell.settings = dict(self.rows[key]["settings"])
            event.apply(shell)
            self._set(key, settings=shell.settings)
        member = self.rows.get(key)
        campaign = self.rows.get(member["campaign_id"]) if member else None
        if member is None or campaign is None:
            return None
        rules = self._rules.get(campaign["ruleset"]) or self._rules.setdefault(campaign["ruleset"], ruleset(campaign["ruleset"]))
        return Standing(member["campaign_id"], rules, campaign["settings"], campaign["session"], member["name"])

    def number(self, campaign_id: str) -> int:
        """The next row's number in the campaign's part of the projection (1, 2, ...): rows kept
        in the order of the log, whichever page or process wrote them."""
        numbered = int(self.rows[campaign_id]["numbered"]) + 1
        self._set(campaign_id, numbered=numbered)
        return numbered

    def _set(self, key: str, **values: Any) -> None:
        row = self.rows.setdefault(key, {"aggregate_id": key, "ruleset": None, "settings": None, "session": None, "numbered": None})
        row.update(values)
        self._changed.add(key)


def _touched(event: Any) -> list[str]:
    """The aggregates whose standing ``event`` reads or changes."""
    if isinstance(event, Campaign.MemberJoined):
        return [str(event.originator_id), event.member_id]
    if _created_in(event):
        return [str(event.originator_id), str(event.campaign_id)]
    return [str(event.originator_id)]


def _created_in(event: Any) -> bool:
    """A character or deck created for a campaign: it names the campaign itself, and may come
    before the campaign's ``MemberJoined`` in the log."""
    return isinstance(event, (Character.Created, Deck.Created))
