"""Aggregates whose events form a hash chain: each event carries ``prev_hash`` (FAIRNESS.md)."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any, Self
from uuid import UUID

from eventsourcing.domain import Aggregate
from eventsourcing.utils import get_topic

from chronique.domain.fairness import GENESIS_HASH, sha256_hex


def canonical_event(event: Any) -> dict[str, Any]:
    """The canonical object of an event: topic, originator id and version, timestamp, payload."""
    return {"topic": get_topic(type(event)), **vars(event)}


def event_hash(event: Any) -> str:
    """sha256 of the event's canonical bytes, hex."""
    return sha256_hex(canonical_event(event))


_STORED_HASHES: dict[int, tuple[weakref.ref[Any], str]] = {}


def remember_stored_hash(event: Any, digest: str) -> None:
    """Keep the hash of an event just decoded from the store (the sha256 of its stored canonical
    bytes, FAIRNESS.md) for the replay that follows: re-encoding every replayed event only to hash
    it again would cost most of a command's load. Kept for this very object only, never for
    another event of the same place (another journal, a later test)."""

    def forget(ref: weakref.ref[Any], key: int = id(event)) -> None:
        if _STORED_HASHES.get(key, (None, ""))[0] is ref:
            del _STORED_HASHES[key]

    _STORED_HASHES[id(event)] = (weakref.ref(event, forget), digest)


def _head_hash(event: Any) -> str:
    kept = _STORED_HASHES.pop(id(event), None)
    if kept is not None and kept[0]() is event:
        return kept[1]
    return event_hash(event)


class ChainedEvent(Aggregate.Event):
    """An event of a chained aggregate: it names the hash of the event before it."""

    prev_hash: str

    def mutate(self, aggregate: Any) -> Any:
        aggregate = super().mutate(aggregate)
        aggregate.head_hash = _head_hash(self)
        return aggregate


class ChainedCreated(Aggregate.Created):
    """The first event of a chained aggregate; its ``prev_hash`` is 64 zeros."""

    prev_hash: str

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
        """Trigger ``event_class`` as the next link of the chain."""
        self.trigger_event(event_class, prev_hash=self.head_hash, **payload)

    @property
    def next_version(self) -> int:
        """The version the next recorded event will have: its draw place."""
        return self.version + 1
