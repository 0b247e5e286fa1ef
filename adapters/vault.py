"""The seed vault: unrevealed epoch seeds, kept outside the event payloads (FAIRNESS.md)."""

from __future__ import annotations

import secrets
from functools import cache
from typing import Any, Protocol
from uuid import UUID

from chronique.adapters.database import Database, schema_change
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


@cache
def _seeds() -> Any:
    # Built on first use: a command that draws nothing never imports SQLAlchemy.
    from sqlalchemy import Column, MetaData, Table, Text

    return Table(
        "chronique_epoch_seeds",
        MetaData(),
        Column("campaign_id", Text, primary_key=True),
        Column("epoch", Text, primary_key=True),
        Column("seed", Text, nullable=False),
    )


class SqlSeedVault:
    """Seeds in a table of the journal's own database (the SQLite file or the PostgreSQL
    database), which only its operator reads; events never carry them until revealed."""

    def __init__(self, database: Database) -> None:
        self._database = database
        self._ready = False

    def _prepare(self) -> Any:
        if not self._ready:
            with schema_change(self._database.engine) as connection:
                _seeds().create(connection, checkfirst=True)
            self._ready = True
        return _seeds()

    def new_seed(self, campaign_id: UUID, epoch: str) -> str:
        from sqlalchemy import insert
        from sqlalchemy.exc import IntegrityError

        seeds = self._prepare()
        try:
            with self._database.engine.begin() as connection:
                connection.execute(insert(seeds).values(campaign_id=str(campaign_id), epoch=epoch, seed=secrets.token_bytes(32).hex()))
        except IntegrityError:
            pass  # two racing commands share one seed, so whichever landed is right
        return commitment(self.seed(campaign_id, epoch))

    def seed(self, campaign_id: UUID, epoch: str) -> bytes:
        from sqlalchemy import select

        seeds = self._prepare()
        with self._database.engine.connect() as connection:
            found = connection.execute(select(seeds.c.seed).where(seeds.c.campaign_id == str(campaign_id), seeds.c.epoch == epoch)).scalar()
        if found is None:
            raise LookupError(f"the seed of epoch {epoch} is missing from the vault")
        return bytes.fromhex(found)


class VaultChance:
    """The production chance source: the open epoch's key, from the vault and the campaign."""

    def __init__(self, vault: SeedVault, campaign: Campaign) -> None:
        self._vault = vault
        self._campaign = campaign
        self._keys: dict[tuple[str, tuple[str, ...]], bytes] = {}

    def stream(self, epoch: str, originator_id: UUID, originator_version: int) -> ChanceStream:
        contributions = tuple(self._campaign.epochs[epoch]["contributions"])
        # An advance draws thousands of times from one epoch: read its seed once, not per draw.
        key = self._keys.get((epoch, contributions))
        if key is None:
            key = self._keys[(epoch, contributions)] = epoch_key(self._vault.seed(self._campaign.id, epoch), list(contributions))
        return KeyedStream(key, originator_id, originator_version)
