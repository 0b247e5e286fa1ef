"""The seed vault: unrevealed epoch seeds, kept outside the event payloads (FAIRNESS.md)."""

from __future__ import annotations

import secrets
import sqlite3
from pathlib import Path
from typing import Protocol
from uuid import UUID

from chronique.domain.campaign import Campaign
from chronique.domain.chance import ChanceStream
from chronique.domain.fairness import KeyedStream, commitment, epoch_key


class SeedVault(Protocol):
    """Keeps each epoch's secret seed until its epoch is revealed."""

    def new_seed(self, campaign_id: UUID, epoch: str) -> str:
        """Create and keep a seed from the OS CSPRNG; return its commitment."""
        ...

    def seed(self, campaign_id: UUID, epoch: str) -> bytes:
        """The seed kept for an epoch."""
        ...


class SqliteSeedVault:
    """Seeds in a table of the journal's SQLite file, which only its operator reads."""

    def __init__(self, path: Path) -> None:
        self._path = path

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self._path, timeout=30)
        connection.execute(
            "CREATE TABLE IF NOT EXISTS chronique_epoch_seeds ("
            "campaign_id TEXT NOT NULL, epoch TEXT NOT NULL, seed TEXT NOT NULL, "
            "PRIMARY KEY (campaign_id, epoch))"
        )
        return connection

    def new_seed(self, campaign_id: UUID, epoch: str) -> str:
        with self._connect() as connection:
            # INSERT OR IGNORE: two racing commands share one seed, so whichever lands is right.
            connection.execute(
                "INSERT OR IGNORE INTO chronique_epoch_seeds VALUES (?, ?, ?)",
                (str(campaign_id), epoch, secrets.token_bytes(32).hex()),
            )
        connection.close()
        return commitment(self.seed(campaign_id, epoch))

    def seed(self, campaign_id: UUID, epoch: str) -> bytes:
        with self._connect() as connection:
            row = connection.execute(
                "SELECT seed FROM chronique_epoch_seeds WHERE campaign_id = ? AND epoch = ?", (str(campaign_id), epoch)
            ).fetchone()
        connection.close()
        if row is None:
            raise LookupError(f"the seed of epoch {epoch} is missing from the vault")
        return bytes.fromhex(row[0])


class VaultChance:
    """The production chance source: the open epoch's key, from the vault and the campaign."""

    def __init__(self, vault: SeedVault, campaign: Campaign) -> None:
        self._vault = vault
        self._campaign = campaign

    def stream(self, epoch: str, originator_id: UUID, originator_version: int) -> ChanceStream:
        contributions = self._campaign.epochs[epoch]["contributions"]
        key = epoch_key(self._vault.seed(self._campaign.id, epoch), contributions)
        return KeyedStream(key, originator_id, originator_version)
