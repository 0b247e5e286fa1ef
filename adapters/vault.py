"""The seed vault: unrevealed epoch seeds, kept outside the event payloads (FAIRNESS.md)."""

from __future__ import annotations

import secrets
from typing import Protocol
from uuid import UUID

from chronique.adapters.journal import Journal
from chronique.domain.campaign import Campaign
from chronique.domain.chance import ChanceStream, DrawPlace
from chronique.domain.errors import RuleViolation
from chronique.domain.fairness import FORMAT_V1, KeyedStream, commitment, epoch_key, salt
from chronique.domain.rulesets.words import epoch_name


class SeedVault(Protocol):
    """Keeps each epoch's secret seed until its epoch is revealed (FAIRNESS.md v2, "Secrets")."""

    def draft(self, campaign_id: UUID, epoch: str) -> str:
        """A fresh seed for an epoch about to be committed, from the OS CSPRNG; its commitment.
        It is written with the events that record the commitment (``take_drafts``), never
        before; an epoch the vault already holds a seed for is refused."""
        ...

    def take_drafts(self) -> list[tuple[str, str, str]]:
        """The drafted (campaign id, epoch, seed hex) rows to write with the events, forgotten here."""
        ...

    def seed(self, campaign_id: UUID, epoch: str) -> bytes:
        """The seed kept (or drafted) for an epoch."""
        ...

    def close(self) -> None:
        """Give back whatever connection the vault holds."""
        ...


class SqlSeedVault:
    """Seeds in a table of the journal's own database (the SQLite file, readable by its owner
    only, or the PostgreSQL database), made when the journal opens and written in the very
    transaction that records their commitments; events never carry them until revealed."""

    def __init__(self, journal: Journal) -> None:
        self._journal = journal
        self._drafts: dict[tuple[str, str], str] = {}

    def close(self) -> None:
        """Nothing of its own to give back: it reads through the journal's connection."""

    def _stored(self, campaign_id: UUID, epoch: str) -> str | None:
        return self._journal.stored_seed(campaign_id, epoch)

    def draft(self, campaign_id: UUID, epoch: str) -> str:
        if self._stored(campaign_id, epoch) is not None:
            raise RuleViolation(
                f"the seed vault already holds a secret for the dice of {epoch_name(epoch)}, which were never committed: refused "
                "(a seed must be made with its commitment; was the vault written to by hand?)"
            )
        seed = secrets.token_bytes(32)
        self._drafts[(str(campaign_id), epoch)] = seed.hex()
        return commitment(seed)

    def take_drafts(self) -> list[tuple[str, str, str]]:
        drafts = [(campaign_id, epoch, seed) for (campaign_id, epoch), seed in self._drafts.items()]
        self._drafts.clear()
        return drafts

    def seed(self, campaign_id: UUID, epoch: str) -> bytes:
        found = self._drafts.get((str(campaign_id), epoch)) or self._stored(campaign_id, epoch)
        if found is None:
            raise LookupError(f"the seed of the dice of {epoch_name(epoch)} is missing from the vault")
        return bytes.fromhex(found)


class VaultChance:
    """The production chance source: the open epoch's key, from the vault and the campaign; its
    draw places and salts follow the fairness version the epoch was committed under."""

    def __init__(self, vault: SeedVault, campaign: Campaign) -> None:
        self._vault = vault
        self._campaign = campaign
        self._keys: dict[tuple[str, tuple[str, ...]], bytes] = {}

    def _key(self, epoch: str) -> bytes:
        contributions = tuple(self._campaign.epochs[epoch]["contributions"])
        # An advance draws thousands of times from one epoch: read its seed once, not per draw.
        key = self._keys.get((epoch, contributions))
        if key is None:
            seed = self._vault.seed(self._campaign.id, epoch)
            key = self._keys[(epoch, contributions)] = epoch_key(seed, list(contributions), self._campaign.fairness(epoch))
        return key

    def stream(self, epoch: str, place: DrawPlace) -> ChanceStream:
        if self._campaign.fairness(epoch) == FORMAT_V1:
            return KeyedStream(self._key(epoch), place.originator_id, place.version)
        return KeyedStream.v2(self._key(epoch), place.originator_id, epoch, place.draw)

    def salt(self, epoch: str, originator_id: UUID, version: int) -> str | None:
        """The salt of a face-down event (none under chronique-fair-v1)."""
        if self._campaign.fairness(epoch) == FORMAT_V1:
            return None
        return salt(self._key(epoch), originator_id, version)


class SimulatedChance:
    """Chance for a dry run: a throwaway key from the OS, so what it shows is what *could*
    happen, never what will (FAIRNESS.md v2); nothing it draws is recorded."""

    def __init__(self) -> None:
        self._key = secrets.token_bytes(32)

    def stream(self, epoch: str, place: DrawPlace) -> ChanceStream:
        return KeyedStream.v2(self._key, place.originator_id, epoch, place.draw)

    def salt(self, epoch: str, originator_id: UUID, version: int) -> str | None:
        """A salt from the throwaway key."""
        return salt(self._key, originator_id, version)
