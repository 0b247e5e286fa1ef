"""The composition root: the one place where the journal, the vault and the services are built."""

from __future__ import annotations

from chronique.adapters.audit import Audit
from chronique.adapters.clock import wall_clock
from chronique.adapters.journal import Journal
from chronique.adapters.readmodels import ReadModels
from chronique.adapters.services import Chronique
from chronique.adapters.settings import Settings
from chronique.adapters.vault import SqliteSeedVault


def build(db: str | None = None) -> Chronique:
    """The services over the journal at ``db`` (else ``CHRONIQUE_DB``, else ``./chronique.db``)."""
    settings = Settings.from_env(db)
    journal = Journal.open(settings)
    return Chronique(journal, SqliteSeedVault(settings.sqlite_path), Audit(journal), wall_clock(), ReadModels(journal, settings))
