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
from collections.abc import Callable, Iterator
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


class WorldMoved(OperationalError):
    """A command run on what a warm process kept, its lock deferred to its save, found that
    another writer had recorded events of its world since the process last looked: nothing was
    committed, and the command runs again under its lock, on what is stored (ruling PF17)."""


Rows = list[tuple[Any, ...]]


class Held(Protocol):
    """A lock being held."""

    rows: Rows | None
    """The rows of the read asked for with the lock (``hold``'s ``read``), read once it was
    held; None when the locks run no read, or not yet (a deferred hold)."""

    def owe(self, look: str, found: Callable[[Rows], None]) -> None:
        """For a deferred hold: once its lock is taken, before anything is written, run ``look``
        (a statement of literals that fails with a division by zero, read as :class:`WorldMoved`,
        when the command's world moved), whose rows go to ``found``."""
        ...


class CampaignLocks(Protocol):
    """Serialises the commands of one campaign across processes. Where a lock is a transaction
    (PostgreSQL), the block's save commits in it (``AdvisoryLocks.transaction``), which ends the
    hold."""

    defers: bool
    """Whether a hold may be deferred to the block's save (``hold(deferred=True)``)."""

    def hold(self, campaign_id: UUID, read: str | None = None, *, deferred: bool = False) -> AbstractContextManager[Held]:
        """Wait for, then hold, the campaign's lock for the duration of the block; ``read``, a
        statement of literals, is run once it is held, in the same round trip where the locks
        take one (its rows in ``Held.rows``). ``deferred`` (where the locks ``defers``): the lock
        is taken by the block's save, in the round trip that commits it, after what the block
        owes (``Held.owe``); a block that ends without a save and must know its world was current
        asks :meth:`settle`."""
        ...

    def settle(self) -> None:
        """Take a deferred hold's lock now and run what it owes (raising :class:`WorldMoved`
        when the world moved), for a block that saves nothing: its outcome, a refusal included,
        then rests on what is stored. Nothing to do for a hold that is not deferred."""
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

    rows: Rows | None = None

    def owe(self, look: str, found: Callable[[Rows], None]) -> None:
        """Never deferred: nothing is owed."""


class NoLocks:
    """SQLite: the file's own write lock already serialises writers, and conflicts are retried."""

    defers = False

    def hold(self, campaign_id: UUID, read: str | None = None, *, deferred: bool = False) -> AbstractContextManager[Held]:
        return nullcontext(_NothingHeld())

    def settle(self) -> None:
        """Never deferred."""

    def try_hold(self, campaign_ids: list[UUID]) -> AbstractContextManager[tuple[Held, list[UUID]]]:
        return nullcontext((_NothingHeld(), list(campaign_ids)))

    def close(self) -> None:
        """No connection of its own."""


class Owed:
    """What a deferred hold still has to send before the save's statements, in the same string:
    the transaction's start, the lock and the look that checks the world (``statements``), the
    rows of the last of them going to ``found``."""

    def __init__(self, statements: list[str], found: Callable[[Rows], None] | None) -> None:
        self.statements = statements
        self.found = found

    def read(self, cursor: Any, *, then: bool = False) -> None:
        """Give ``found`` the rows of the last statement, reading the results of a cursor that
        ran these statements up to it (``then``: statements followed them, and the cursor is
        left on the next one's result)."""
        for _ in range(len(self.statements) - 1):
            cursor.nextset()
        if self.found is not None:
            self.found(cursor.fetchall() if cursor.description else [])
        if then:
            cursor.nextset()


class HeldLock:
    """The connection whose open transaction holds a campaign's advisory lock, until the block's
    save commits it (``AdvisoryLocks.transaction``); for a deferred hold, what it still owes
    before that save (``owed``, taken by whoever sends it)."""

    def __init__(self, connection: Connection, rows: Rows | None = None, owed: Owed | None = None) -> None:
        self.connection: Connection | None = connection
        self.rows = rows
        self.owed = owed

    def owe(self, look: str, found: Callable[[Rows], None]) -> None:
        if self.owed is None:
            return  # not deferred: the lock's round trip read the look
        self.owed.statements.append(look)
        self.owed.found = found

    def take_owed(self) -> Owed | None:
        """What is owed, once: the caller sends it."""
        owed, self.owed = self.owed, None
        return owed


# The lock held here and its locks: a save commits in it only through those very locks (a
# journal's recorder is given its own, adapters/bootstrap.py), never another database's.
_HELD: ContextVar[tuple[AdvisoryLocks, HeldLock] | None] = ContextVar("chronique_campaign_lock", default=None)


class AdvisoryLocks:
    """PostgreSQL transaction-level advisory locks, keyed by the campaign id's first 64 bits, on
    psycopg connections of their own: a command that writes pays neither SQLAlchemy's import nor
    its dialect's first statements, and waits for its lock in one round trip (issue 20). The
    connections are kept between the commands of one process (the shell, the daemon, the web
    journal); a kept one found dropped is replaced once."""

    defers = True

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
    def hold(self, campaign_id: UUID, read: str | None = None, *, deferred: bool = False) -> Iterator[Held]:
        import psycopg

        if deferred:
            # No round trip yet: the save sends the lock first, in the string that commits it.
            connection, _ = self._connection()
            owed = Owed(self._lock_statements(_key(campaign_id)), None)
            with self._released(connection), self._saving_in(HeldLock(connection, owed=owed)) as held:
                yield held
            return
        try:
            connection, rows = self._take(_key(campaign_id), read)
        except psycopg.errors.LockNotAvailable:
            raise self._busy() from None
        except psycopg.Error as error:
            raise OperationalError(first_line(error)) from error
        with self._released(connection), self._saving_in(HeldLock(connection, rows)) as held:
            yield held

    def settle(self) -> None:
        import psycopg

        held = self._held_here()
        owed = held.take_owed() if held is not None else None
        if held is None or held.connection is None or owed is None:
            return
        try:
            owed.read(held.connection.execute(";\n".join(owed.statements)))
        except psycopg.Error as error:
            raise self.in_words(error) or OperationalError(first_line(error)) from error

    def in_words(self, error: Exception) -> OperationalError | None:
        """A failure of the statements a hold sends, as the command reads it: the lock waited
        for too long (:class:`CampaignBusy`) or the world moved (:class:`WorldMoved`); None for
        any other."""
        import psycopg

        if isinstance(error, psycopg.errors.LockNotAvailable):
            return self._busy()
        if isinstance(error, psycopg.errors.DivisionByZero):
            # The look's check (rawlog.moved_statement's ``unless``): the only division sent.
            return WorldMoved("the campaign's events moved since this process last looked")
        return None

    def _busy(self) -> CampaignBusy:
        return CampaignBusy(f"another command has held this campaign for more than {self._wait:g} s; try again once it is done")

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
            with self._saving_in(HeldLock(connection)) as held:
                yield held, [c for c, (ok,) in zip(campaign_ids, taken, strict=True) if ok]

    def transaction(self) -> tuple[Connection, Owed | None] | None:
        """The connection whose open transaction holds the locks held here (``hold``,
        ``try_hold``), for the block's save to insert its events and commit in, ending the hold
        (ruling PF16): the events and the lock that guarded them are one transaction, with no
        round trip to check the lock before the commit nor to release it after; and, for a
        deferred hold, what the save must send first (ruling PF17). None outside a hold of these
        locks, and once that save took it: a later save of the block is an ordinary one (the
        lock went with the first commit; the versions' check stays)."""
        held = self._held_here()
        if held is None or held.connection is None:
            return None
        connection, held.connection = held.connection, None
        return connection, held.take_owed()

    def _held_here(self) -> HeldLock | None:
        """The lock of these locks held by the block running now, if any."""
        found = _HELD.get()
        return found[1] if found is not None and found[0] is self else None

    @contextmanager
    def _saving_in(self, held: HeldLock) -> Iterator[HeldLock]:
        """``held`` as the lock whose transaction the block's save commits in."""
        token = _HELD.set((self, held))
        try:
            yield held
        finally:
            _HELD.reset(token)

    def _take(self, key: int, read: str | None) -> tuple[Connection, list[tuple[Any, ...]] | None]:
        """A connection whose open transaction holds the lock of ``key``, and the rows of ``read``
        run once it was held."""
        # One string of statements (integers only, written here and by the journal) is one round trip.
        return self._begun("; ".join(self._lock_statements(key) + ([] if read is None else [read])))

    def _lock_statements(self, key: int) -> list[str]:
        # Never wait forever: a stuck holder surfaces as a message instead of a hung daemon.
        return ["BEGIN", f"SET LOCAL lock_timeout = '{int(self._wait * 1000)}ms'", f"SELECT pg_advisory_xact_lock({key})"]

    def _connection(self) -> tuple[Connection, bool]:
        """A kept connection when there is one, else a new one; and whether it was kept."""
        with self._guard:
            kept = self._idle.pop() if self._idle else None
        if kept is None and self._first is not None:
            kept = self._first.take(autocommit=True)
        return (kept, True) if kept is not None else (self._settings.connect(autocommit=True), False)

    def _begun(self, statements: str) -> tuple[Connection, list[tuple[Any, ...]] | None]:
        """A connection that ran ``statements`` (which begin its transaction), from those kept
        when one is, a new one when a kept one was dropped; and the rows of the last statement."""
        import psycopg

        connection, kept = self._connection()
        try:
            cursor = connection.execute(statements)
        except psycopg.Error:
            connection.close()
            if not kept or not connection.broken:  # a lock waited for too long leaves it whole
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
