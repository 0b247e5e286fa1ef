"""What a warm journal knows of the aggregates it keeps: which of them reflect every event stored
up to a position of the log (issue 20).

A warm process (``chronique shell``) keeps the aggregates it loaded. Bringing each one up to date
as it is loaded (the library's fast-forward) costs a query per aggregate, four for a command on a
campaign with one deck and two characters. Instead, once per command, the journal *looks*: one
query for the events other writers stored since its last look, whose aggregates are no longer
known current. Every other kept aggregate is handed out as it is kept, with no query at all.

This rests on the log's positions being given in commit order: SQLite has one writer at a time,
and eventsourcing's PostgreSQL recorder locks the events table for each insert so that a
transaction's notification ids are all issued and committed before another's. A look that does
not see an event at a position will never see one appear below it later. Concurrency stays guarded
as before: a command built on a stale aggregate conflicts at its insert and runs again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from uuid import UUID

# Past this many events stored by other writers since the last look, it is cheaper to bring every
# kept aggregate up to date as it is next loaded than to read which ones moved.
MOVED_LIMIT = 1000


class Freshness:
    """Which kept aggregates are known to reflect every event stored up to position ``head``."""

    def __init__(self) -> None:
        self.head: int | None = None
        self._current: set[UUID] = set()

    def looked(self, newest: int, moved: Iterable[UUID] | None) -> None:
        """A look found the log's newest position ``newest`` and the aggregates of the events
        stored after ``head`` (None: too many to list, so none is known current any more)."""
        if moved is None:
            self._current.clear()
        else:
            self._current.difference_update(moved)
        self.head = newest

    def is_current(self, aggregate_id: UUID) -> bool:
        """Whether the kept ``aggregate_id`` is known to reflect every event up to ``head``."""
        return aggregate_id in self._current

    def brought_up_to_date(self, aggregate_id: UUID) -> None:
        """``aggregate_id`` was just read from the store: it reflects at least every event stored
        up to ``head``, which was the log's newest position before that read began."""
        if self.head is not None:
            self._current.add(aggregate_id)

    def saved(self, positions: Sequence[int], behind: Iterable[UUID]) -> None:
        """This journal stored events at ``positions``; the aggregates ``behind`` are kept at an
        older version than it stored (a copy recorded them, not the kept aggregate). When the
        positions follow ``head`` with no gap, nobody else wrote meanwhile and ``head`` moves to
        the last of them; otherwise the next look reads them, with whatever came between."""
        self._current.difference_update(behind)
        if self.head is not None and positions and positions[0] == self.head + 1 and positions[-1] == self.head + len(positions):
            self.head = positions[-1]

    def forget(self, aggregate_ids: Iterable[UUID]) -> None:
        """These kept aggregates were dropped (a command changed them and recorded nothing)."""
        self._current.difference_update(aggregate_ids)
