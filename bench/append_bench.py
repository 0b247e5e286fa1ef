"""Benchmark (issue 9): appending one command at a time — a Cartes test, one draw from the
deck, loaded, decided and saved durably through ``Chronique.act`` — beside a raw baseline in the
same run: the driver (sqlite3, or psycopg on PostgreSQL) inserting exactly the rows the commands
recorded, one transaction per command, the two taking turns every tenth of the commands. Target
(issue 20, warm): at least 50 % of the baseline's commands/s. The ratio swings with the disk's
fsync latency, which both sides pay, so the row also gives the milliseconds each command costs
beyond the driver's. Warm, a second row reads the issue's target as it is written ("sqlite3 one
row per transaction, same rows"): the same rows inserted by the driver one row per transaction,
in the same turns, rows per second against rows per second.

    python bench/append_bench.py [--commands 500] [--postgres]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from itertools import accumulate
from pathlib import Path

from generate import Driver, Row, StoredRow, fresh_postgres, position, postgres_driver, sample, sqlite_driver, stored_after, table

from chronique.adapters.bootstrap import build
from chronique.adapters.services import Chronique
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.world import World

CAMPAIGN = "Append"
TARGET = 0.50
ROUNDS = 10


def one_test(world: World) -> int:
    """The command: Alice's Contact test with a card from the deck; how many events it recorded."""
    make_test(world, "Alice", TestRequest("Contact", source="deck"))
    return len(world.pending())


def appended(services: Chronique, commands: int, driver: Driver, row_driver: Driver) -> tuple[float, float, float, list[list[StoredRow]]]:
    """Seconds for ``commands`` commands, one ``act`` (one transaction) each; seconds for
    ``driver`` to insert the rows each recorded, one transaction a command, and for
    ``row_driver`` (on a table of its own) to insert them one transaction a row; and those rows.
    They take turns, :data:`ROUNDS` times, so that all meet the disk at the same moments: its
    fsync latency drifts from one minute to the next, and timed one after the other the ratio
    swung from 0.68 to 0.96 between two runs of the same code (issue 20)."""
    services.create_campaign(CAMPAIGN, "cartes", None)
    for who in ("alice", "bruno"):
        services.create_character(CAMPAIGN, sample(who))
    services.start_session(CAMPAIGN)
    services.act(CAMPAIGN, one_test)  # the session deals at its first draw: not a typical command
    seconds = raw_seconds = row_seconds = 0.0
    transactions: list[list[StoredRow]] = []
    for turn in range(ROUNDS):
        before = position(services)
        start = time.perf_counter()
        # Each command also records its mark for `undo` (Campaign.CommandRecorded, ruling UN1).
        counts = [services.act(CAMPAIGN, one_test) + 1 for _ in range(commands * (turn + 1) // ROUNDS - commands * turn // ROUNDS)]
        seconds += time.perf_counter() - start
        rows = stored_after(services, before)
        assert len(rows) == sum(counts), (len(rows), sum(counts))
        ends = list(accumulate(counts))
        turns = [rows[end - count : end] for count, end in zip(counts, ends, strict=True)]
        raw_seconds += driver(turns)
        row_seconds += row_driver([[one] for turn_rows in turns for one in turn_rows])
        transactions += turns
    return seconds, raw_seconds, row_seconds, transactions


def row(backend: str, driver: str, seconds: float, raw_seconds: float, transactions: list[list[StoredRow]]) -> Row:
    """The suite's row for one backend ("warm": aggregates kept loaded, as in ``chronique shell``)."""
    commands, events = len(transactions), sum(map(len, transactions))
    rate, raw_rate = commands / seconds, commands / raw_seconds
    extra_ms = 1000 * (seconds - raw_seconds) / commands
    return Row(
        f"append per command, {backend} ({commands} commands, {events / commands:g} events each, durable)",
        f"{rate:,.0f} commands/s ({1000 * seconds / commands:.2f} ms each, {extra_ms:.2f} ms more than the driver's)",
        f"{driver}, 1 txn per command: {raw_rate:,.0f}/s ({1000 * raw_seconds / commands:.2f} ms)",
        rate / raw_rate,
        TARGET,
    )


def per_row(backend: str, driver: str, seconds: float, row_seconds: float, transactions: list[list[StoredRow]]) -> Row:
    """The warm row against the issue's baseline as written: the driver committing each row on
    its own, rows per second against rows per second."""
    events = sum(map(len, transactions))
    rate, raw_rate = events / seconds, events / row_seconds
    return Row(
        f"append, {backend}, in rows: the same commands against one row per transaction ({events} rows)",
        f"{rate:,.0f} rows/s",
        f"{driver}, 1 txn per row: {raw_rate:,.0f} rows/s",
        rate / raw_rate,
        TARGET,
    )


def rows(backend: str, driver: str, warm: bool, measured: tuple[float, float, float, list[list[StoredRow]]]) -> list[Row]:
    """The rows of one backend: per command; warm, also per row against one row per transaction."""
    seconds, raw_seconds, row_seconds, transactions = measured
    label = f"{backend}, {'warm' if warm else 'cold'}"
    found = [row(label, driver, seconds, raw_seconds, transactions)]
    return found + [per_row(label, driver, seconds, row_seconds, transactions)] if warm else found


def sqlite(commands: int, warm: bool) -> list[Row]:
    """Append on a SQLite file against sqlite3."""
    folder = Path(tempfile.mkdtemp(prefix="chronique-bench-"))
    services = build(str(folder / "journal.db"), warm=warm)
    try:
        with sqlite_driver(folder / "raw.db", many=False) as driver, sqlite_driver(folder / "raw-rows.db", many=False) as row_driver:
            measured = appended(services, commands, driver, row_driver)
    finally:
        services.close()
        shutil.rmtree(folder, ignore_errors=True)
    return rows("SQLite", "sqlite3", warm, measured)


def postgres(commands: int, warm: bool) -> list[Row]:
    """Append on a PostgreSQL database against psycopg."""
    with fresh_postgres() as url:
        services = build(url, warm=warm)
        try:
            with postgres_driver(url, many=False) as driver, postgres_driver(url, many=False, table="raw_rows") as row_driver:
                measured = appended(services, commands, driver, row_driver)
        finally:
            services.close()
        return rows("PostgreSQL", "psycopg", warm, measured)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commands", type=int, default=500)
    parser.add_argument("--postgres", action="store_true", help="Also on the PostgreSQL server (CHRONIQUE_BENCH_POSTGRES).")
    args = parser.parse_args()
    # Warm: the table mode's process, its campaign's aggregates cached and fast-forwarded (issue 20's
    # target); cold: every command loads its world afresh, as a one-shot process does.
    found = [one for warm in (True, False) for one in sqlite(args.commands, warm)]
    found += [one for warm in (True, False) for one in postgres(args.commands, warm)] if args.postgres else []
    print(table(found))
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
