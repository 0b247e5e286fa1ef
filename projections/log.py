"""The log (issue 14): every event of a campaign with who recorded it, when in the game, the epoch
that hides it from players until revealed, and the correction that voided it; numbered per
campaign in the order of the log, so that a page of it is one query. Its words are not kept: a
page tells its events as its game's ``describe`` tells them when read (adapters/services.py
``page_log``), so that a journal recorded by an older Chronique reads in today's words."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, update

from chronique.domain.campaign import Campaign
from chronique.domain.character import Character
from chronique.domain.corrections import CORRECTION_CLASSES, voided_by
from chronique.domain.deck import Deck
from chronique.projections.standing import Standing, Standings, moves_standing, touched
from chronique.projections.stored import bulk_insert, chained, event_class, fields
from chronique.projections.tables import log, log_standings

TABLES = (log, log_standings)
DEFERRED = ("read_log_position",)
"""Indexes a rebuild makes after its rows: no fold reads this one (a correction voids through
``read_log_voided``, which stays)."""


def apply_page(connection: Connection, notifications: list[Any], decode: Callable[[Any], Any]) -> None:
    """Fold a page of events into the table: its entries in batched inserts, each correction's
    marks written after the entries it voids. Decoded are only the events that move a standing
    or may void others, and any not of Chronique's own; an entry of the others is read off its
    stored JSON (projections/stored.py ``fields``). Decoding every event was a third of the log's
    rebuild (issue 20)."""
    moving: dict[int, Any] = {}
    wanted: set[str] = set()
    for notification in notifications:
        wanted.add(notification.aggregate)
        if _stored_kind(notification.topic)[1]:
            event = moving[notification.id] = decode(notification)
            wanted.update(touched(event))
    standings = Standings()
    standings.load_keys(connection, log_standings, wanted, log)
    standings.load_members(connection, log_standings)  # so that an event naming one is found (ruling RM5)
    named = Named(standings)
    rows: list[tuple[Any, ...]] = []
    of, number, stored_kind = standings.of, standings.number, _stored_kind
    for notification in notifications:
        kind, decoded = stored_kind(notification.topic)
        if decoded:
            event = moving[notification.id]
            named.see(event)
            found = _decoded_row(standings, named, event, notification.id, notification.aggregate)
            if found is not None:
                rows.append(found)
            voided, marks = voids(event)
            if voided:
                bulk_insert(connection, log, rows)
                rows = []
                voiding = update(log).where(log.c.aggregate_id == notification.aggregate, log.c.version.in_(voided))
                connection.execute(voiding.values(**marks))
            continue
        if kind is None:
            continue
        standing = of(notification.aggregate)
        if standing is None:
            continue
        state = fields(notification)
        at, sealed = _when(state), state.get("sealed_until")
        version = notification.originator_version
        mentions = named.mentions(standing.campaign_id, notification.aggregate, state, notification.state)
        rows.append(
            _row(standing, number(standing.campaign_id), notification.id, notification.aggregate, version, at, sealed, kind, mentions)
        )
    bulk_insert(connection, log, rows)
    standings.save(connection, log_standings)


_COLUMNS = [column.name for column in log.columns]
_KINDS: dict[type, tuple[str | None, bool]] = {}
_STORED_KINDS: dict[str, tuple[str | None, bool]] = {}


def _kind(cls: type) -> tuple[str | None, bool]:
    """An event class's entries' kind (None: its events have none, see :func:`entry`), and
    whether it may void others (:func:`voids` gives nothing for any other class)."""
    found = _KINDS.get(cls)
    if found is None:
        # A command's mark is the journal's bookkeeping for `undo` (ruling UN1), not play; the
        # others' kind as `log --kind` names it: the event's class, e.g. "TestMade".
        found = _KINDS[cls] = (
            None if issubclass(cls, Campaign.CommandRecorded) else cls.__qualname__.rsplit(".", 1)[-1],
            issubclass(cls, CORRECTION_CLASSES),
        )
    return found


def _stored_kind(topic: str) -> tuple[str | None, bool]:
    """A stored event's entries' kind (:func:`_kind`), and whether it is decoded to make its
    entry: when it moves a standing, may void others, or is not of Chronique's own."""
    found = _STORED_KINDS.get(topic)
    if found is None:
        kind, voiding = _kind(event_class(topic))
        found = _STORED_KINDS[topic] = (kind, voiding or moves_standing(topic) or not chained(topic))
    return found


def _when(state: Mapping[str, Any]) -> Any:
    """The moment in the game an entry stands at: its event's own, or for a time advance (which
    has none) the moment it reached, so that its row says when as every other does (ruling NT13)."""
    return state["at"] if "at" in state else state.get("to_time")


def _row(
    standing: Standing, number: int, position: int, key: str, version: int, at: Any, sealed: Any, kind: str, mentions: str | None
) -> tuple[Any, ...]:
    """An entry as a row in the table's column order; no correction has voided it yet."""
    return (standing.campaign_id, number, position, key, version, at, standing.name, kind, sealed, None, None, mentions)


def _decoded_row(standings: Standings, named: Named, event: Any, position: int, key: str) -> tuple[Any, ...] | None:
    """Fold ``event`` (at ``position`` in the log; ``key``, its aggregate's id as text) into
    ``standings``; its entry as a row (:func:`_row`), None for an event of no campaign."""
    standing = standings.see(event, key)
    kind = _kind(type(event))[0]
    if standing is None or kind is None:
        return None
    state = vars(event)
    at, sealed = _when(state), state.get("sealed_until")
    mentions = named.mentions(standing.campaign_id, key, state)
    return _row(standing, standings.number(standing.campaign_id), position, key, event.originator_version, at, sealed, kind, mentions)


def entry(standings: Standings, named: Named, event: Any, position: int, key: str | None = None) -> dict[str, Any] | None:
    """Fold ``event`` (at ``position`` in the log; ``key``, its aggregate's id as text, when
    known) into ``standings``; its entry, as a row (None for an event of no campaign)."""
    row = _decoded_row(standings, named, event, position, key or str(event.originator_id))
    return None if row is None else dict(zip(_COLUMNS, row, strict=True))


# Never a character named by what the event tells: the chance drawn and a shuffle's cards (the
# longest fields), and the campaign's bookkeeping of every member (a seal's heads, a correction's
# members, a command's versions, an undo's copy of a sheet and condition).
_BOOKKEEPING = frozenset({"heads", "members", "recorded", "sheet", "condition"})
_UNNAMED = frozenset({"chance", "deck", "result", "prev_hash", "salt", "timestamp", "originator_id", *_BOOKKEEPING})


_JOINING = (Campaign.MemberJoined, Character.Created, Deck.Created)
"""The events that make a member of a campaign (no event renames one)."""


@dataclass(frozen=True)
class _Member:
    """A member as an event's stored JSON spells it: its id, its name's UTF-8 bytes (looked for
    first, a search in C) and a pattern finding its name not followed by a letter (a literal
    first, which the pattern engine searches fast; the letter before is checked apart)."""

    id: str
    spelled: bytes
    pattern: re.Pattern[str]


_Members = tuple[re.Pattern[str] | None, dict[str, str], tuple[_Member, ...]]


class Named:
    """Finds in an event the other members of its campaign it names (ruling RM5): by name as the
    campaign spells it, a whole word or words of a text ("an attack on Alice", "Alice's parry", a
    card drawn for Alice, a healer), or by id (a player's assignment, a member joining). An
    event's own aggregate is not among them: the log has it already."""

    def __init__(self, standings: Standings) -> None:
        self.standings = standings
        self._found: dict[str, _Members] = {}

    def see(self, event: Any) -> None:
        """Forget the members found when ``event`` makes one: found from it on."""
        if isinstance(event, _JOINING):
            self._found.clear()

    def mentions(self, campaign_id: str, key: str, state: Mapping[str, Any], stored: bytes | None = None) -> str | None:
        """The ids of the members ``state`` names but ``key``, each between spaces (so that one is
        found with ``LIKE '% id %'``); None when it names none. ``stored``: the event's JSON as
        stored, searched whole unless it holds the campaign's bookkeeping: walking every event
        field by field made the log's rebuild several times slower."""
        pattern, members, listed = self._members(campaign_id)
        found: set[str] = set()
        member = state.get("member_id")
        if isinstance(member, str) and member in self.standings.rows:
            found.add(member)
        if pattern is not None and stored is not None and _BOOKKEEPING.isdisjoint(state):
            # Its stored JSON holds nothing but what it tells (the chance and hashes name no one).
            # Names' bare bytes are looked for first (a search in C), the pattern only where one is:
            # the pattern tried at every place of every event was a third of the log's rebuild.
            hits = [listed_member for listed_member in listed if listed_member.spelled in stored]
            if any(hit.id != key for hit in hits):
                found.update(_whole_names(str(stored, "utf-8"), hits))
        elif pattern is not None:
            stack: list[Any] = [value for field, value in state.items() if field not in _UNNAMED]
            while stack:
                value = stack.pop()
                if isinstance(value, str):
                    found.update(members[name] for name in pattern.findall(value))
                elif isinstance(value, Mapping):
                    stack.extend(value.values())
                    stack.extend(k for k in value if isinstance(k, str))
                elif isinstance(value, (list, tuple)):
                    stack.extend(value)
        found.discard(key)
        return f" {' '.join(sorted(found))} " if found else None

    def _members(self, campaign_id: str) -> _Members:
        """The campaign's members by name; one pattern finding any of them as whole words, the
        longest first ("Joe Hambuster" found whole, not as "Joe"); and each name as UTF-8, as the
        stored JSON holds it."""
        found = self._found.get(campaign_id)
        if found is None:
            members = {
                row["name"]: k
                for k, row in self.standings.rows.items()
                if row.get("campaign_id") == campaign_id and k != campaign_id and row.get("name")
            }
            names = sorted(members, key=len, reverse=True)
            pattern = re.compile(rf"(?<!\w)(?:{'|'.join(map(re.escape, names))})(?!\w)") if names else None
            listed = tuple(_Member(members[name], name.encode("utf-8"), re.compile(rf"{re.escape(name)}(?!\w)")) for name in names)
            found = self._found[campaign_id] = (pattern, members, listed)
        return found


def _whole_names(text: str, hits: Sequence[_Member]) -> set[str]:
    """The ids of ``hits`` (longest name first) whose name ``text`` holds as whole words, as the
    members' pattern finds them: a longer name's place is not searched again for a shorter one
    ("Joe Hambuster" is not also "Joe")."""
    found: set[str] = set()
    taken: list[tuple[int, int]] = []
    for member in hits:
        for match in member.pattern.finditer(text):
            start, end = match.span()
            before = text[start - 1] if start else ""
            if before.isalnum() or before == "_" or any(s <= start < e for s, e in taken):
                continue
            taken.append((start, end))
            found.add(member.id)
    return found


def voids(event: Any) -> tuple[list[int], dict[str, Any]]:
    """The versions of its own aggregate that ``event`` voids (none unless a correction), and the
    marks their entries then carry: the correction as the log shows it, and its reason."""
    voided = voided_by(event)
    if not voided:
        return [], {}
    return voided, {"correction": f"{event.originator_id.hex[:8]}:{event.originator_version}", "reason": event.reason}


def folded(events: Iterable[tuple[int, Any]]) -> list[dict[str, Any]]:
    """The entries of ``events`` (position, event), folded in memory: the log of services that
    keep no read models."""
    standings = Standings()
    named = Named(standings)
    found: dict[tuple[str, int], dict[str, Any]] = {}
    for position, event in events:
        named.see(event)
        row = entry(standings, named, event, position)
        if row is None:
            continue
        found[(row["aggregate_id"], row["version"])] = row
        voided, marks = voids(event)
        for version in voided:
            if (row["aggregate_id"], version) in found:
                found[(row["aggregate_id"], version)].update(marks)
    return list(found.values())
