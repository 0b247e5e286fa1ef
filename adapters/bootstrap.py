"""The composition root: the one place where the journal, the vault and the services are built."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from chronique.adapters.audit import Audit
from chronique.adapters.clock import wall_clock
from chronique.adapters.database import Database
from chronique.adapters.journal import Journal
from chronique.adapters.locks import AdvisoryLocks, NoLocks
from chronique.adapters.services import Chronique
from chronique.adapters.settings import FirstConnection, Settings
from chronique.adapters.vault import SqlSeedVault

if TYPE_CHECKING:
    from chronique.adapters.pgsecrets import PostgresRecorderWithSecrets


def build(db: str | None = None, *, create: bool = True, command_id: str | None = None, warm: bool = False) -> Chronique:
    """The services over the journal at ``db`` (else ``CHRONIQUE_DB``, else ``./chronique.db``);
    a new journal is made there only if ``create``. What they record carries ``command_id``
    (adapters/commandids.py), if given. ``warm`` services keep the aggregates they load, for
    many commands in one process (:meth:`Journal.open`)."""
    settings = Settings.from_env(db)
    # On PostgreSQL, the connection that finds the server answering is kept for the campaign
    # locks of a command that writes, or the read models of one that reads (issue 20).
    first = FirstConnection(settings.connect()) if settings.is_postgres else None
    try:
        journal = Journal.open(settings, create=create, warm=warm, probed=first is not None)
    except BaseException:
        if first is not None:
            first.close()
        raise
    database = Database(settings, first)

    def read_models():  # noqa: ANN202 - imported only when a command needs them
        from chronique.adapters.readmodels import ReadModels

        return ReadModels(journal, database)

    locks: AdvisoryLocks | NoLocks = NoLocks()
    if first is not None:
        locks = AdvisoryLocks(settings, first=first)
        # A command's events commit in its campaign lock's own transaction (ruling PF16).
        cast("PostgresRecorderWithSecrets", journal.recorder).commit_under(locks)
    return Chronique(journal, SqlSeedVault(journal), Audit(journal), wall_clock(), read_models, locks, command_id)
