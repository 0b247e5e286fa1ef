"""What the luck and log projections must know of an event beyond the event itself: the campaign
whose log it belongs to, that campaign's game, settings and session, and the name of the
aggregate that recorded it, all as the log stands at that event. Each projection keeps its own
table of them (projections/tables.py), so that each rebuilds alone; without read models the same
fold runs in memory over one campaign's events."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Table, bindparam, func, insert, select, update

from chronique.domain.campaign import Campaign, settings_after
from chronique.domain.character import Character
from chronique.domain.deck import Deck
from chronique.domain.rulesets import Ruleset, ruleset
from chronique.projections.stored import among

# A campaign's settings move by these events only, each by its own ``apply`` (a setting chosen,
# a correction recomputing them without the settings it voided).
_SETTINGS = (Campaign.SettingChanged, Campaign.Corrected)


@dataclass(frozen=True)
class Standing:
    """An event's place: its campaign, that campaign's game (its rules), settings and session when it was
    recorded (0 before the first; minus a session's number between its end and the next one's
    start, ruling LK13), and the name of the aggregate that recorded it."""

    campaign_id: str
    rules: Ruleset
    settings: dict[str, Any]
    session: int
    name: str


class Standings:
    """The standings of the aggregates met so far, as rows of a standings table: every aggregate
    names its campaign and itself; a campaign's own row also holds its game, settings, session and
    how many rows the projection numbered for it (read off those rows, not kept in the table)."""

    def __init__(self) -> None:
        self.rows: dict[str, dict[str, Any]] = {}
        self._stored: set[str] = set()
        self._changed: set[str] = set()
        self._rules: dict[str, Ruleset] = {}  # looked up once a page, not once an event
        self._seen: dict[str, Standing] = {}  # the standings given since the rows last moved

    def load_keys(self, connection: Connection, table: Table, wanted: set[str], numbered: Table) -> None:
        """Read the rows of the aggregates ``wanted`` and of the campaigns they name, each with
        how many rows of the projection's table ``numbered`` its campaign has (for a campaign, the
        highest ``number`` of its rows: one indexed look each)."""
        count = func.coalesce(
            select(func.max(numbered.c.number)).where(numbered.c.campaign_id == table.c.aggregate_id).scalar_subquery(), 0
        )
        for _ in range(2):  # the aggregates, then the campaigns they name
            missing = wanted - self.rows.keys()
            if missing:
                query = select(table, count.label("numbered")).where(among(connection, table.c.aggregate_id, missing))
                for row in connection.execute(query).mappings():
                    self.rows[row["aggregate_id"]] = dict(row)
                    self._stored.add(row["aggregate_id"])
                self._seen.clear()
            wanted = {row["campaign_id"] for row in self.rows.values()}

    def load_members(self, connection: Connection, table: Table) -> None:
        """Read the rows of every member of the campaigns met so far, in one query by campaign:
        for a projection that looks in an event for the names of its campaign's members (the
        log, ruling RM5). A member's row counts no rows of its own (only a campaign's does)."""
        campaigns = {row["campaign_id"] for row in self.rows.values()}
        if not campaigns:
            return
        for row in connection.execute(select(table).where(among(connection, table.c.campaign_id, campaigns))).mappings():
            if row["aggregate_id"] not in self.rows:
                self.rows[row["aggregate_id"]] = {**row, "numbered": 0}
                self._stored.add(row["aggregate_id"])
        self._seen.clear()

    def save(self, connection: Connection, table: Table) -> None:
        """Write back the rows whose standing moved since loaded: the new ones in one insert, the
        others in one update of many rows. A row numbered moves no standing (its count is read
        off the rows, :meth:`load_keys`): a daemon's pass that numbers a thousand campaigns' rows
        writes none of their standings (that update was a fifth of its log catch-up, issue 20)."""
        changed = sorted(self._changed)  # a steady order of row locks between concurrent writers
        columns = [column.name for column in table.columns]

        def kept(key: str) -> dict[str, Any]:  # the row as the table keeps it (no count)
            return {name: self.rows[key][name] for name in columns}

        new = [kept(key) for key in changed if key not in self._stored]
        old = [{**kept(key), "key": key} for key in changed if key in self._stored]
        if new:
            connection.execute(insert(table), new)
        if old:
            values: dict[str, Any] = {name: bindparam(name) for name in columns if name != "aggregate_id"}
            connection.execute(update(table).where(table.c.aggregate_id == bindparam("key")).values(values), old)
        self._stored.update(self._changed)
        self._changed.clear()

    def see(self, event: Any, key: str | None = None) -> Standing | None:
        """Fold ``event`` in; the standing of its aggregate (None for an aggregate of no campaign
        met: a projection rebuilt from a log that starts mid-way). ``key``: its aggregate's id as
        text, when known already."""
        key = key or str(event.originator_id)
        move = _move(type(event))
        if move:
            self._fold(move, event, key)
        return self.of(key)

    def of(self, key: str) -> Standing | None:
        """The standing of the aggregate ``key`` as the rows hold it now (None for an aggregate of
        no campaign met): what :meth:`see` gives an event that moves no standing, without it."""
        found = self._seen.get(key)
        if found is None:
            member = self.rows.get(key)
            campaign = self.rows.get(member["campaign_id"]) if member else None
            if member is None or campaign is None:
                return None
            rules = self._rules.get(campaign["ruleset"]) or self._rules.setdefault(campaign["ruleset"], ruleset(campaign["ruleset"]))
            found = self._seen[key] = Standing(member["campaign_id"], rules, campaign["settings"], campaign["session"], member["name"])
        return found

    def _fold(self, move: int, event: Any, key: str) -> None:
        # The first of the classes of _MOVES that the event is an instance of (1 for the first).
        if move == 1:
            self._set(key, campaign_id=key, name=event.name, ruleset=event.ruleset, settings=dict(event.settings), session=0, numbered=0)
        elif move == 2:
            self._set(event.member_id, campaign_id=key, name=event.name)
        elif move == 3:
            self._set(key, campaign_id=str(event.campaign_id), name=event.name)
        elif move == 4 and key in self.rows:
            self._set(key, session=event.number)
        elif move == 5 and key in self.rows:
            # Ruling LK13: what is rolled from a session's end to the next one's start (survival
            # draws, healing rolls, downtime work) is the downtime's, not the session's.
            self._set(key, session=-event.number)
        elif move == 6 and key in self.rows:
            self._set(key, settings=settings_after(self.rows[key]["settings"], event))

    def rules_of(self, key: str) -> Ruleset | None:
        """The game of the campaign of the aggregate ``key`` as the standings hold it now (None
        for an aggregate of no campaign)."""
        standing = self.of(key)
        return standing.rules if standing else None

    def number(self, campaign_id: str) -> int:
        """The next row's number in the campaign's part of the projection (1, 2, ...): rows kept
        in the order of the log, whichever page or process wrote them."""
        row = self.rows[campaign_id]
        numbered = row["numbered"] = int(row["numbered"]) + 1  # no standing reads it: the standings seen stay
        return numbered

    def _set(self, key: str, **values: Any) -> None:
        row = self.rows.setdefault(key, {"aggregate_id": key, "ruleset": None, "settings": None, "session": None, "numbered": None})
        row.update(values)
        self._changed.add(key)
        self._seen.clear()


_MOVES = (
    Campaign.Created,
    Campaign.MemberJoined,
    Character.Created,
    Deck.Created,
    Campaign.SessionStarted,
    Campaign.SessionEnded,
    *_SETTINGS,
)
_MOVE_ORDER: tuple[type | tuple[type, ...], ...] = (
    Campaign.Created,
    Campaign.MemberJoined,
    (Character.Created, Deck.Created),
    Campaign.SessionStarted,
    Campaign.SessionEnded,
    _SETTINGS,
)
_MOVE: dict[type, int] = {}


def _move(cls: type) -> int:
    """Which of :meth:`Standings.see`'s folds an event of the class runs: the first of
    ``_MOVE_ORDER`` it is a subclass of, counted from 1; 0 for none."""
    found = _MOVE.get(cls)
    if found is None:
        found = _MOVE[cls] = next((i for i, kinds in enumerate(_MOVE_ORDER, 1) if issubclass(cls, kinds)), 0)
    return found


def moves_standing(topic: str) -> bool:
    """Whether an event of the topic's class may change a standing (:meth:`Standings.see`): the
    others only read theirs."""
    found = _MOVING.get(topic)
    if found is None:
        from chronique.projections.stored import event_class

        found = _MOVING[topic] = issubclass(event_class(topic), _MOVES)
    return found


_MOVING: dict[str, bool] = {}


def touched(event: Any) -> list[str]:
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
