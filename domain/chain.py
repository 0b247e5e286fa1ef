"""Aggregates whose events form a hash chain: each event carries ``prev_hash`` (FAIRNESS.md)."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Self
from uuid import UUID

from eventsourcing.domain import Aggregate
from eventsourcing.utils import get_topic

from chronique.domain.chance import DrawPlace
from chronique.domain.fairness import GENESIS_HASH, sha256_hex


def canonical_event(event: Any) -> dict[str, Any]:
    """The canonical object of an event: topic, originator id and version, timestamp, payload."""
    return {"topic": get_topic(type(event)), **vars(event)}


def event_hash(event: Any) -> str:
    """sha256 of the event's canonical bytes, hex."""
    return sha256_hex(canonical_event(event))


_Hashes = dict[int, tuple[weakref.ref[Any], str]]
_STORED_HASHES: _Hashes = {}
_RECORDED_HASHES: _Hashes = {}


def _remember(table: _Hashes, event: Any, digest: str) -> None:
    # Kept for this very object only (by id, while it lives), never for another event of the
    # same place: another journal, a later test.
    def forget(ref: weakref.ref[Any], key: int = id(event)) -> None:
        if table.get(key, (None, ""))[0] is ref:
            del table[key]

    table[id(event)] = (weakref.ref(event, forget), digest)


def _recall(table: _Hashes, event: Any) -> str | None:
    kept = table.pop(id(event), None)
    return kept[1] if kept is not None and kept[0]() is event else None


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


def _head_hash(event: Any) -> str:
    stored = _recall(_STORED_HASHES, event)
    if stored is not None:
        return stored
    digest = event_hash(event)
    _remember(_RECORDED_HASHES, event, digest)
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

    sealed_until: str | None
    salt: str | None

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
        return cls._create(created, id=id, prev_hash=GENESIS_HASH, **payload)

    def record(self, event_class: type[ChainedEvent], **payload: Any) -> None:
        """Trigger ``event_class`` as the next link of the chain (a chance-consuming event is
        given its draw place, FAIRNESS.md v2)."""
        if issubclass(event_class, ChanceConsumed):
            payload["draw"] = self.draw_place(payload["epoch"]).draw
        if issubclass(event_class, FaceDown):
            salter, sealed_until = _SALTER.get(), payload.get("sealed_until")
            payload["salt"] = salter(sealed_until, self.id, self.next_version) if salter and sealed_until else None
        self.trigger_event(event_class, prev_hash=self.head_hash, **payload)

    def draw_place(self, epoch: str) -> DrawPlace:
        """Where this aggregate's next chance-consuming event in ``epoch`` draws."""
        return DrawPlace(self.id, self.next_version, self.__dict__.get("draws", {}).get(epoch, 0))

    @property
    def next_version(self) -> int:
        """The version the next recorded event will have: its draw place."""
        return self.version + 1
