"""The event store: eventsourcing's own recorder (SQLite file in WAL mode by default), storing
each event as exactly its canonical bytes (FAIRNESS.md), so its hash is the sha256 of its row."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, ClassVar, cast
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import Mapper, StoredEvent
from eventsourcing.utils import resolve_topic

from chronique.adapters.settings import Settings
from chronique.domain.campaign import Campaign
from chronique.domain.chain import ChainedCreated, ChainedEvent, canonical_event
from chronique.domain.character import Character
from chronique.domain.deck import Deck
from chronique.domain.errors import RuleViolation
from chronique.domain.fairness import canonical_bytes

CHAINED = (ChainedEvent, ChainedCreated)


class CanonicalMapper(Mapper[UUID]):
    """Writes chained events as their canonical JSON (topic, ids, timestamp and payload, keys
    sorted); other objects (snapshots) go through the library's transcoder as usual."""

    def to_stored_event(self, domain_event: DomainEventProtocol[UUID]) -> StoredEvent:
        if not isinstance(domain_event, CHAINED):
            return super().to_stored_event(domain_event)
        canonical = canonical_event(domain_event)
        return StoredEvent(
            originator_id=domain_event.originator_id,
            originator_version=domain_event.originator_version,
            topic=canonical["topic"],
            state=canonical_bytes(canonical),
        )

    def to_domain_event(self, stored_event: StoredEvent) -> DomainEventProtocol[UUID]:
        cls = resolve_topic(stored_event.topic)
        if not issubclass(cls, CHAINED):
            return super().to_domain_event(stored_event)
        # Shapes change through new classes with upcasters (DESIGN.md); none exists yet, and an
        # upcaster here must keep the hash of the stored, original shape.
        state: dict[str, Any] = json.loads(stored_event.state)
        del state["topic"]
        state["originator_id"] = UUID(state["originator_id"])
        state["timestamp"] = datetime.fromisoformat(state["timestamp"])
        event = object.__new__(cls)
        object.__setattr__(event, "__dict__", state)
        return cast(DomainEventProtocol[UUID], event)


class Journal(Application):
    """Chronique's event-sourced application: stores and replays every campaign's events."""

    name = "chronique"
    # Snapshots bound a replay: an old character's sheet loads from its latest snapshot plus at
    # most this many events (stack notes, §2.3). They are a disposable cache; events are the truth.
    snapshotting_intervals: ClassVar[dict[type[Any], int]] = {Character: 100, Deck: 200, Campaign: 200}

    @classmethod
    def open(cls, settings: Settings) -> Journal:
        """The journal at ``settings.db``; the tables are created on first use."""
        if settings.is_postgres:
            raise RuleViolation("PostgreSQL journals are not supported yet; use a SQLite file path")
        env: dict[str, Any] = {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(settings.sqlite_path),
            # DESIGN.md, Storage: the CLI and the daemon share the file, so wait for the lock.
            "SQLITE_LOCK_TIMEOUT": "30",
            "MAPPER_TOPIC": "chronique.adapters.journal:CanonicalMapper",
        }
        return cls(env=env)
