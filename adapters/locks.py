"""One writer at a time per campaign on PostgreSQL: many processes (CLI commands, daemons on
several machines) may write the same campaign, and optimistic concurrency alone lets a slow writer
lose every race to faster ones. An advisory lock queues them; the conflict retry stays as the net.

The lock is transaction-level (``pg_advisory_xact_lock``) in a transaction of its own, held for the
whole command: it ends with that transaction or with its connection, so it can never outlive the
command nor be left behind by a process that died. The command's events are committed in that
very transaction (``AdvisoryLocks.transaction``, ruling PF16): the commit that records them releases the
lock, and a lock lost with its connection mid-command fails the save itself, so nothing is
committed and the command runs again under a new one (issue 18, "a command's result is what was
committed")."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Protocol
from uuid import UUID

from eventsourcing.persistence import OperationalError

from chronique.adapters.database import first_line
from chronique.adapters.settings import FirstConnection, Settings

if TYPE_CHECKING:
    from psycopg import Connection

log = logging.getLogger("chronique.locks")

# The longest a command waits for another command of the same campaign before giving up.
WAIT_SECONDS = 60.0


class CampaignBusy(OperationalError):
    """Another command held the campaign longer than a command waits: said in one line, never
    retried (a retry would wait as long again)."""


class Held(Protocol):
    """A lock being held."""

    rows: list[tuple[Any, ...]] | None
    """The rows of the read asked for with the lock (``hold``'s ``read``), read once it was
    held; None when the locks run no read."""


class CampaignLocks(Protocol):
    """Serialises the commands of one campaign across processes. Where a lock is a transaction
    (PostgreSQL), the block's save commits in it (``AdvisoryLocks.transaction``), which ends the
    hold."""

    def hold(self, campaign_id: UUID, read: str | None = None) -> AbstractContextManager[Held]:
        """Wait for, then hold, the campaign's lock for the duration of the block; ``read``, a
        statement of literals, is run once it is held, in the same round trip where the locks
        take one (its rows in ``Held.rows``)."""
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

    rows: list[tuple[Any, ...]] | None = None


class NoLocks:
    """SQLite: the file's own write lock already serialises writers, and conflicts are retried."""

    def hold(self, campaign_id: UUID, read: str | None = None) -> AbstractContextManager[Held]:
        return nullcontext(_NothingHeld())

    def try_hold(self, campaign_ids: list[UUID]) -> AbstractContextManager[tuple[Held, list[UUID]]]:
        return nullcontext((_NothingHeld(), list(campaign_ids)))

    def close(self) -> None:
        """No connection of its own."""


class _AdvisoryHeld:
    """The connection whose open transaction holds a campaign's advisory lock, until the block's
    save commits it (``AdvisoryLocks.transaction``)."""

    def __init__(self, connection: Connection, rows: list[tuple[Any, ...]] | None = None) -> None:
        self.connection: Connection | None = connection
        self.rows = rows


# The lock held here and its locks: a save commits in it only through those very locks (a
# journal's recorder is given its own, adapters/bootstrap.py), never another database's.
_HELD: ContextVar[tuple[AdvisoryLocks, _AdvisoryHeld] | None] = ContextVar("chronique_campaign_lock", default=None)


class AdvisoryLocks:
    """PostgreSQL transaction-level advisory locks, keyed by the campaign id's first 64 bits, on
    psycopg connections of their own: a command that writes pays neither SQLAlchemy's import nor
    its dialect's first statements, and waits for its lock in one round trip (issue 20). The
    connections are kept between the commands of one process (the shell, the daemon, the web
    journal); a kept one found dropped is replaced once."""

    def __init__(self, settings: Settings, wait: float = WAIT_SECONDS, *, first: FirstConnection | None = None) -> None:
        """Locks on the server of ``settings``, waiting at most ``wait`` seconds for one; the
        first taken on ``first``'s connection if it is still there."""
        self._settings = settings
        self._wait = wait
        self._first = first
        self._idle: list[Connection] = []
        self._guard = threading.Lock()  # the daemon's scheduler thread takes locks too

    def close(self) -> None:
        """Close the kept connections (a database in use cannot be copied or dropped)."""
        with self._guard:
            idle, self._idle = self._idle, []
        for connection in idle:
            connection.close()
        if self._first is not None:
            self._first.close()

    @contextmanager
    def hold(self, campaign_id: UUID, read: str | None = None) -> Iterator[Held]:
        import psycopg

        try:
            connection, rows = self._take(_key(campaign_id), read)
        except psycopg.errors.LockNotAvailable:
            raise CampaignBusy(
                f"another command has held this campaign for more than {self._wait:g} s; try again once it is done"
            ) from None
        except psycopg.Error as error:
            raise OperationalError(first_line(error)) from error
        with self._released(connection), self._saving_in(_AdvisoryHeld(connection, rows)) as held:
            yield held

    @contextmanager
    def try_hold(self, campaign_ids: list[UUID]) -> Iterator[tuple[Held, list[UUID]]]:
        """One statement on one connection for them all: a try never waits, so two holders of
        several locks can never wait for each other."""
        keys = [_key(c) for c in campaign_ids]
        connection, _ = self._begun("BEGIN")
        with self._released(connection):
            taken = connection.execute(
                "SELECT pg_try_advisory_xact_lock(k) FROM unnest(%s::bigint[]) WITH ORDINALITY AS t(k, n) ORDER BY n", (keys,)
            )
            with self._saving_in(_AdvisoryHeld(connection)) as held:
                yield held, [c for c, (ok,) in zip(campaign_ids, taken, strict=True) if ok]

    def transaction(self) -> Connection | None:
        """The connection whose open transaction holds the locks held here (``hold``,
        ``try_hold``), for the block's save to insert its events and commit in, ending the hold
        (ruling PF16): the events and the lock that guarded them are one transaction, with no
        round trip to check the lock before the commit nor to release it after. None outside a
        hold of these locks, and once that save took it: a later save of the block is an
        ordinary one (the lock went with the first commit; the versions' check stays)."""
        found = _HELD.get()
        if found is None or found[0] is not self:
            return None
        held = found[1]
        connection, held.connection = held.connection, None
        return connection

    @contextmanager
    def _saving_in(self, held: _AdvisoryHeld) -> Iterator[_AdvisoryHeld]:
        """``held`` as the lock whose transaction the block's save commits in."""
        token = _HELD.set((self, held))
        try:
            yield held
        finally:
            _HELD.reset(token)

    def _take(self, key: int, read: str | None) -> tuple[Connection, list[tuple[Any, ...]] | None]:
        """A connection whose open transaction holds the lock of ``key``, and the rows of ``read``
        run once it was held."""
        # Never wait forever: a stuck holder surfaces as a message instead of a hung daemon. One
        # string of statements (integers only, written here and by the journal) is one round trip.
        then = "" if read is None else f"; {read}"
        return self._begun(f"BEGIN; SET LOCAL lock_timeout = '{int(self._wait * 1000)}ms'; SELECT pg_advisory_xact_lock({key}){then}")

    def _begun(self, statements: str) -> tuple[Connection, list[tuple[Any, ...]] | None]:
        """A connection that ran ``statements`` (which begin its transaction), from those kept
        when one is, a new one when a kept one was dropped; and the rows of the last statement."""
        import psycopg

        with self._guard:
            kept = self._idle.pop() if self._idle else None
        if kept is None and self._first is not None:
            kept = self._first.take(autocommit=True)
        connection = kept or self._settings.connect(autocommit=True)
        try:
            cursor = connection.execute(statements)
        except psycopg.Error:
            connection.close()
            if kept is None or not connection.broken:  # a lock waited for too long leaves it whole
                raise
            connection = self._settings.connect(autocommit=True)  # the server dropped the kept one
            cursor = connection.execute(statements)
        while cursor.nextset():  # each statement's result in turn: the rows are the last one's
            pass
        return connection, (cursor.fetchall() if cursor.description else None)

    @contextmanager
    def _released(self, connection: Connection) -> Iterator[None]:
        """Ending the transaction releases its locks, unless a save committed it already; on a
        dropped connection they went with it."""
        import psycopg

        try:
            yield
        finally:
            try:
                if connection.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                    connection.execute("ROLLBACK")
            except psycopg.Error as error:
                log.warning("the campaign's lock went with its connection (%s); nothing to release", first_line(error))
                connection.close()
            else:
                with self._guard:
                    self._idle.append(connection)


def _key(campaign_id: UUID) -> int:
    """The campaign's lock: its id's first 64 bits."""
    return int.from_bytes(campaign_id.bytes[:8], "big", signed=True)
