"""One writer at a time per campaign on PostgreSQL: many processes (CLI commands, daemons on
several machines) may write the same campaign, and optimistic concurrency alone lets a slow writer
lose every race to faster ones. An advisory lock queues them; the conflict retry stays as the net.

The lock is transaction-level (``pg_advisory_xact_lock``) in a transaction of its own, held for the
whole command: it ends with that transaction or with its connection, so it can never outlive the
command nor be left behind by a process that died. A lock lost with its connection mid-command is
noticed before the command commits (``Held.confirm``), and the command runs again under a new one.
Ending the lock's transaction after the events are committed cannot fail the command: the events
are what the command did (issue 18, "a command's result is what was committed")."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import TYPE_CHECKING, Protocol
from uuid import UUID

from eventsourcing.persistence import OperationalError

from chronique.adapters.database import Database

if TYPE_CHECKING:
    from sqlalchemy import Connection

log = logging.getLogger("chronique.locks")

# The longest a command waits for another command of the same campaign before giving up.
WAIT_SECONDS = 60.0


class CampaignBusy(OperationalError):
    """Another command held the campaign longer than a command waits: said in one line, never
    retried (a retry would wait as long again)."""


class LockLost(OperationalError):
    """The lock's connection dropped during the command: nothing was committed; run it again."""


class Held(Protocol):
    """A lock being held, which can say whether it still is."""

    def confirm(self) -> None:
        """Raise ``LockLost`` if the lock is gone (checked just before the command commits)."""
        ...


class CampaignLocks(Protocol):
    """Serialises the commands of one campaign across processes."""

    def hold(self, campaign_id: UUID) -> AbstractContextManager[Held]:
        """Wait for, then hold, the campaign's lock for the duration of the block."""
        ...

    def try_hold(self, campaign_ids: list[UUID]) -> AbstractContextManager[tuple[Held, list[UUID]]]:
        """Hold for the block the locks of those of ``campaign_ids`` that no other writer holds,
        never waiting for one: the lock and the campaigns taken, in their order."""
        ...

    def close(self) -> None:
        """Give back the connections the locks were taken on."""
        ...


class _NothingHeld:
    """No lock to lose."""

    def confirm(self) -> None:
        """Nothing to check."""


class NoLocks:
    """SQLite: the file's own write lock already serialises writers, and conflicts are retried."""

    def hold(self, campaign_id: UUID) -> AbstractContextManager[Held]:
        return nullcontext(_NothingHeld())

    def try_hold(self, campaign_ids: list[UUID]) -> AbstractContextManager[tuple[Held, list[UUID]]]:
        return nullcontext((_NothingHeld(), list(campaign_ids)))

    def close(self) -> None:
        """No connection of its own."""


class _AdvisoryHeld:
    """The connection whose open transaction holds a campaign's advisory lock."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def confirm(self) -> None:
        """A round trip on the lock's own connection: a dropped connection took the lock with it."""
        from sqlalchemy import text
        from sqlalchemy.exc import DBAPIError

        try:
            self.connection.execute(text("SELECT 1"))
        except DBAPIError as error:
            raise LockLost(f"the campaign's lock was lost with its connection ({_first_line(error)})") from error


class AdvisoryLocks:
    """PostgreSQL transaction-level advisory locks, keyed by the campaign id's first 64 bits."""

    def __init__(self, database: Database, wait: float = WAIT_SECONDS) -> None:
        self._database = database
        self._wait = wait

    def close(self) -> None:
        """Give back the pooled connections (a database in use cannot be copied or dropped)."""
        self._database.dispose()

    @contextmanager
    def hold(self, campaign_id: UUID) -> Iterator[Held]:
        from sqlalchemy.exc import DBAPIError

        try:
            connection = self._take(_key(campaign_id))
        except DBAPIError as error:
            if getattr(error.orig, "sqlstate", None) == "55P03":  # lock_not_available
                raise CampaignBusy(
                    f"another command has held this campaign for more than {self._wait:g} s; try again once it is done"
                ) from None
            raise OperationalError(_first_line(error)) from error
        with _released(connection):
            yield _AdvisoryHeld(connection)

    @contextmanager
    def try_hold(self, campaign_ids: list[UUID]) -> Iterator[tuple[Held, list[UUID]]]:
        """One statement on one connection for them all: a try never waits, so two holders of
        several locks can never wait for each other."""
        from sqlalchemy import text

        connection = self._database.engine.connect()
        with _released(connection):
            connection.begin()
            keys = [_key(c) for c in campaign_ids]
            taken = connection.execute(
                text("SELECT k, pg_try_advisory_xact_lock(k) FROM unnest(CAST(:keys AS bigint[])) WITH ORDINALITY AS t(k, n) ORDER BY n"),
                {"keys": keys},
            ).all()
            yield _AdvisoryHeld(connection), [c for c, (_, ok) in zip(campaign_ids, taken, strict=True) if ok]

    def _take(self, key: int) -> Connection:
        """A connection whose open transaction holds the lock of ``key``."""
        from sqlalchemy import text

        connection = self._database.engine.connect()
        try:
            connection.begin()
            # Never wait forever: a stuck holder surfaces as a message instead of a hung daemon.
            connection.execute(text(f"SET LOCAL lock_timeout = '{int(self._wait * 1000)}ms'"))
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": key})
        except BaseException:
            connection.close()
            raise
        return connection


def _key(campaign_id: UUID) -> int:
    """The campaign's lock: its id's first 64 bits."""
    return int.from_bytes(campaign_id.bytes[:8], "big", signed=True)


@contextmanager
def _released(connection: Connection) -> Iterator[None]:
    """Ending the transaction releases its locks; on a dropped connection they went with it."""
    from sqlalchemy.exc import SQLAlchemyError

    try:
        yield
    finally:
        try:
            connection.rollback()
        except SQLAlchemyError as error:
            log.warning("the campaign's lock went with its connection (%s); nothing to release", _first_line(error))
            connection.invalidate()
        connection.close()


def _first_line(error: BaseException) -> str:
    text = str(getattr(error, "orig", None) or error).strip()
    return text.splitlines()[0] if text else type(error).__name__
