"""Aggregates whose events form a hash chain: each event carries ``prev_hash`` (FAIRNESS.md)."""

from __future__ import annotations

import hashlib
import re
import weakref
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any, ClassVar, Self
from uuid import UUID

import orjson
from eventsourcing.domain import Aggregate
from eventsourcing.utils import get_topic

from chronique.domain.chance import DrawPlace
from chronique.domain.copying import copied
from chronique.domain.fairness import GENESIS_HASH, canonical_bytes, plain


def canonical_event(event: Any) -> dict[str, Any]:
    """The canonical object of an event: topic, originator id and version, timestamp, payload."""
    return {"topic": get_topic(type(event)), **vars(event)}


def event_hash(event: Any) -> str:
    """sha256 of the event's canonical bytes, hex."""
    return hashlib.sha256(canonical_json(canonical_event(event))[0]).hexdigest()


_ORJSON = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATACLASS
# A JSON string as orjson writes it (every '"' and '\\' inside escaped), and what is left of a
# document once they are gone that may be a float (a digit then '.', 'e' or 'E': true and false
# follow no digit) or an integer of 16 digits or more (beyond 2^53 - 1 it may be).
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_SMALL_INTEGER = re.compile(rb"[0-9][.eE]|[0-9]{16}")


def _leaf(value: Any) -> Any:
    # The types JSON lacks, written as FAIRNESS.md says (fairness.plain); anything else is refused.
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (Decimal, set, frozenset)):
        return plain(value)
    raise TypeError(f"{type(value).__name__} is not canonical JSON")


def canonical_json(obj: dict[str, Any]) -> tuple[bytes, bool]:
    """``fairness.canonical_bytes(obj)`` (FAIRNESS.md: sorted keys, no insignificant whitespace,
    UTF-8, ``ensure_ascii=False``), and whether every number in it is an integer of fewer than 16
    digits (so storable, ``limits.check_storable``). Written by orjson, whose output is
    byte-identical to the standard library's for what orjson takes and this check lets through
    (issue 20: 5 µs an event against 20-28); anything else (keys that are not strings, integers
    beyond 64 bits, floats, objects of other types) is written by ``canonical_bytes`` itself."""
    try:
        data = orjson.dumps(obj, default=_leaf, option=_ORJSON)
    except TypeError:
        return canonical_bytes(obj), False
    if _NOT_SMALL_INTEGER.search(_outside_strings(data)) is not None:
        return canonical_bytes(obj), False
    return data, True


def _outside_strings(data: bytes) -> bytes:
    """What is left of an orjson document once its strings are gone. Without a backslash in it,
    every '"' opens or closes a string (one inside a string is escaped), so the pieces between
    them alternate outside and inside, outside first: a split, twice as fast as the pattern
    (issue 20: a tenth of a command's own work). A piece never ends with a digit before a string
    nor starts with one after it, so joining them makes no number."""
    if b"\\" in data:
        return _STRING.sub(b"", data)
    return b"".join(data.split(b'"')[::2])


_Hashes = dict[int, tuple[weakref.ref[Any], str, tuple[bytes, bool] | None]]
_STORED_HASHES: _Hashes = {}
_RECORDED_HASHES: _Hashes = {}


def _remember(table: _Hashes, event: Any, digest: str, state: tuple[bytes, bool] | None = None) -> None:
    # Kept for this very object only (by id, while it lives), never for another event of the
    # same place: another journal, a later test.
    def forget(ref: weakref.ref[Any], key: int = id(event)) -> None:
        if table.get(key, (None, "", None))[0] is ref:
            del table[key]

    table[id(event)] = (weakref.ref(event, forget), digest, state)


def _recall_kept(table: _Hashes, event: Any) -> tuple[str, tuple[bytes, bool] | None] | None:
    kept = table.pop(id(event), None)
    return (kept[1], kept[2]) if kept is not None and kept[0]() is event else None


def _recall(table: _Hashes, event: Any) -> str | None:
    kept = _recall_kept(table, event)
    return None if kept is None else kept[0]


def remember_stored_hash(event: Any, digest: str) -> None:
    """Keep the hash of an event just decoded from the store (the sha256 of its stored canonical
    bytes, FAIRNESS.md) for the replay that follows: re-encoding every replayed event only to hash
    it again would cost most of a command's load."""
    _remember(_STORED_HASHES, event, digest)


def recorded_hash(event: Any) -> str | None:
    """The hash a new event had when it was recorded (and its successor chained to), for the
    store to check that it still has it: a rule that changed a payload after recording it would
    otherwise break the chain silently. None for an event decoded from the store."""
    return _recall(_RECORDED_HASHES, event)


def recorded_state(event: Any) -> tuple[bytes, bool] | None:
    """The canonical bytes a new event was hashed from when it was recorded and whether its
    numbers are all small integers (``canonical_json``), for the store to write exactly those
    bytes (issue 20: each event encoded once, its row hashing to its hash) once it has checked
    that the event still encodes to them (``encoded_again``). None for an event decoded from the
    store."""
    kept = _recall_kept(_RECORDED_HASHES, event)
    return None if kept is None else kept[1]


def encoded_again(obj: dict[str, Any], recorded: bytes) -> bool:
    """Whether ``obj`` still has the canonical bytes ``recorded`` (``canonical_json`` gave them)."""
    try:
        again = orjson.dumps(obj, default=_leaf, option=_ORJSON)
    except TypeError:
        return canonical_json(obj)[0] == recorded
    return again == recorded


def _head_hash(event: Any) -> str:
    stored = _recall(_STORED_HASHES, event)
    if stored is not None:
        return stored
    state = canonical_json(canonical_event(event))
    digest = hashlib.sha256(state[0]).hexdigest()
    _remember(_RECORDED_HASHES, event, digest, state)
    return digest


def _count_draw(event: Any, aggregate: Any) -> None:
    # chronique-fair-v2, draw places: the n-th chance-consuming event of an aggregate in an epoch.
    state = vars(event)
    if "chance" in state:
        draws = aggregate.__dict__.setdefault("draws", {})
        draws[state["epoch"]] = draws.get(state["epoch"], 0) + 1


class ChainedEvent(Aggregate.Event):
    """An event of a chained aggregate: it names the hash of the event before it."""

    prev_hash: str

    def mutate(self, aggregate: Any) -> Any:
        aggregate = super().mutate(aggregate)
        aggregate.head_hash = _head_hash(self)
        _count_draw(self, aggregate)
        return aggregate

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        """Bring a stored event's payload to this class's shape (its hash stays the stored one)."""


class ChanceConsumed(ChainedEvent):
    """An event that consumes chance (FAIRNESS.md): the epoch it drew in, its draw place ``draw``
    (chronique-fair-v2) and every primitive it consumed, in order (empty when it needed none)."""

    class_version = 2

    epoch: str
    draw: int
    chance: list[dict[str, Any]]

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before chronique-fair-v2, whose draw places count chance-consuming events.
        super().upcast_stored(state)
        state.setdefault("draw", None)


class FaceDown(ChainedEvent):
    """An event that may be recorded face down, hidden from players until the epoch
    ``sealed_until`` is revealed; then it carries a ``salt`` from that epoch's key, so that its
    hash cannot be brute-forced from the few values its content could take (FAIRNESS.md v2)."""

    class_version = 2

    # Face down by design (a dealt pile, cards put into one): only its cards are hidden, what it
    # did (a hand dealt, a pile's count) is the players' to see. Otherwise an event lies face
    # down because the GM asked for a hidden roll, and what it did to a sheet would tell its
    # outcome before its epoch is revealed.
    face_down_by_design: ClassVar[bool] = False

    sealed_until: str | None
    salt: str | None

    def keeps_from_players(self, is_revealed: Callable[[str], bool]) -> bool:
        """Whether players may not yet see what this event did to its character's sheet: it is
        a hidden roll (not face down by design) whose epoch is not revealed."""
        return self.sealed_until is not None and not self.face_down_by_design and not is_revealed(self.sealed_until)

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before chronique-fair-v2, which salts face-down events.
        super().upcast_stored(state)
        state.setdefault("salt", None)


Salter = Callable[[str, UUID, int], "str | None"]
"""(epoch, originator id, originator version) -> the salt of a face-down event, None under v1."""

_SALTER: ContextVar[Salter | None] = ContextVar("chronique_salter", default=None)


@contextmanager
def salting(salter: Salter) -> Iterator[None]:
    """Salt the face-down events recorded within (the keys that salt them stay outside the domain)."""
    token = _SALTER.set(salter)
    try:
        yield
    finally:
        _SALTER.reset(token)


class ChainedCreated(Aggregate.Created):
    """The first event of a chained aggregate; its ``prev_hash`` is 64 zeros."""

    prev_hash: str

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        """Bring a stored event's payload to this class's shape (its hash stays the stored one)."""

    def mutate(self, aggregate: Any) -> Any:
        aggregate = super().mutate(aggregate)
        aggregate.head_hash = _head_hash(self)
        return aggregate


class ChainedAggregate(Aggregate):
    """An aggregate whose every event extends its hash chain."""

    if TYPE_CHECKING:  # attributes set by events; annotations here would become Created fields
        head_hash: str

    @classmethod
    def begin(cls, created: type[ChainedCreated], id: UUID, **payload: Any) -> Self:  # noqa: A002
        """Create the aggregate with its first, chained event."""
        aggregate = cls._create(created, id=id, prev_hash=GENESIS_HASH, **payload)
        _checkpoint(aggregate)
        return aggregate

    def record(self, event_class: type[ChainedEvent], **payload: Any) -> None:
        """Trigger ``event_class`` as the next link of the chain (a chance-consuming event is
        given its draw place, FAIRNESS.md v2)."""
        if issubclass(event_class, ChanceConsumed):
            payload["draw"] = self.draw_place(payload["epoch"]).draw
        if issubclass(event_class, FaceDown):
            salter, sealed_until = _SALTER.get(), payload.get("sealed_until")
            payload["salt"] = salter(sealed_until, self.id, self.next_version) if salter and sealed_until else None
        self.trigger_event(event_class, prev_hash=self.head_hash, **payload)
        _checkpoint(self)

    def ref(self, version: int) -> str:
        """Its event at ``version`` as ``chronique log`` prints it (``4ba03a80:3``): a refusal
        names an event as the log the GM reads it from does."""
        return f"{self.id.hex[:8]}:{version}"

    def draw_place(self, epoch: str) -> DrawPlace:
        """Where this aggregate's next chance-consuming event in ``epoch`` draws."""
        return DrawPlace(self.id, self.next_version, self.__dict__.get("draws", {}).get(epoch, 0))

    @property
    def next_version(self) -> int:
        """The version the next recorded event will have: its draw place."""
        return self.version + 1


# -- checkpoints: an aggregate's state as it stood at a version, for its snapshot ----------------

_CHECKPOINT_EVERY: dict[type[Any], set[int]] = {}
_CHECKPOINTS: dict[int, tuple[weakref.ref[Any], Any]] = {}


def keep_checkpoints(intervals: Mapping[type[Any], int]) -> None:
    """Keep, of every aggregate of these types that records an event bringing it to a multiple of
    its interval, a copy of its state then (``checkpoint``): the store snapshots it from memory
    instead of loading and replaying its events again (issue 20)."""
    for kind, every in intervals.items():
        _CHECKPOINT_EVERY.setdefault(kind, set()).add(every)


def _checkpoint(aggregate: Any) -> None:
    everies = _CHECKPOINT_EVERY.get(type(aggregate))
    if not everies or not any(aggregate.version % every == 0 for every in everies):
        return
    # A deep copy: the rules change the live aggregate's dicts in place as later events apply.
    state = {k: copied(v) for k, v in vars(aggregate).items() if k != "_pending_events"}
    state["_pending_events"] = []
    kept = object.__new__(type(aggregate))
    object.__setattr__(kept, "__dict__", state)

    def forget(ref: weakref.ref[Any], key: int = id(aggregate)) -> None:
        if _CHECKPOINTS.get(key, (None, None))[0] is ref:
            del _CHECKPOINTS[key]

    _CHECKPOINTS[id(aggregate)] = (weakref.ref(aggregate, forget), kept)


def checkpoint(aggregate: Any, version: int) -> Any | None:
    """The state ``aggregate`` (this very object) had at ``version``, as an aggregate of its own,
    if it recorded the event that brought it there and has kept it (``keep_checkpoints``); else
    None. Every change of state is an event applied in order, so it is the state a replay of its
    events up to ``version`` gives."""
    kept = _CHECKPOINTS.get(id(aggregate))
    if kept is None or kept[0]() is not aggregate or kept[1].version != version:
        return None
    return kept[1]
