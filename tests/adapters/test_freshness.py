"""What a warm journal knows current of the aggregates it keeps (adapters/freshness.py, issue 20),
and the SQLite pool that keeps using one connection."""

from __future__ import annotations

from pathlib import Path
from uuid import uuid4

from chronique.adapters.bootstrap import build
from chronique.adapters.freshness import Freshness


def test_nothing_is_current_before_the_first_look() -> None:
    fresh, alice = Freshness(), uuid4()
    fresh.brought_up_to_date(alice)  # read from the store, but against no known position
    assert not fresh.is_current(alice)
    fresh.looked(10, ())
    fresh.brought_up_to_date(alice)
    assert fresh.is_current(alice) and fresh.head == 10


def test_a_look_takes_back_only_the_aggregates_other_writers_moved() -> None:
    fresh, alice, bruno = Freshness(), uuid4(), uuid4()
    fresh.looked(10, ())
    fresh.brought_up_to_date(alice)
    fresh.brought_up_to_date(bruno)
    fresh.looked(12, [alice])
    assert (fresh.is_current(alice), fresh.is_current(bruno), fresh.head) == (False, True, 12)
    fresh.looked(20, None)  # too many moved to list
    assert not fresh.is_current(bruno)


def test_the_head_follows_this_journal_s_saves_only_when_nobody_wrote_between() -> None:
    fresh, alice, bruno = Freshness(), uuid4(), uuid4()
    fresh.looked(10, ())
    fresh.brought_up_to_date(alice)
    fresh.brought_up_to_date(bruno)
    fresh.saved([11, 12, 13], [])
    assert fresh.head == 13
    fresh.saved([15, 16], [])  # another writer stored position 14 meanwhile: the next look reads it
    assert fresh.head == 13 and fresh.is_current(alice)
    fresh.saved([17], [bruno])  # a copy of Bruno recorded it: the kept Bruno is behind
    assert not fresh.is_current(bruno) and fresh.is_current(alice)
    fresh.forget([alice])
    assert not fresh.is_current(alice)


def test_the_sqlite_pool_hands_out_the_connection_given_back_last(tmp_path: Path) -> None:
    services = build(str(tmp_path / "journal.db"))
    try:
        datastore = services.journal.recorder.datastore  # type: ignore[attr-defined]
        with datastore.transaction(commit=False), datastore.transaction(commit=False):
            pass  # a transaction inside another: the pool now holds two connections
        assert len(datastore.pool._pool) == 2
        used = []
        for commit in (False, True, False):
            with datastore.transaction(commit=commit) as cursor:
                used.append(cursor.sqlite_cursor.connection)
        # One connection, whose cache of the file's pages its own writes keep valid.
        assert used[0] is used[1] is used[2]
    finally:
        services.close()
