"""Every benchmark of Chronique in one command, each figure beside a baseline measured in the
same run, printed as one markdown table (issue 9):

* append per command (SQLite, PostgreSQL) against the driver inserting the same rows, one
  transaction per command, and warm also in rows per second against one row per transaction
  (append_bench.py);
* one advance of a year recording many events against the driver's executemany of the same
  rows, and how timeline catch-up grows with span and party size (advance_bench.py);
* projection rebuild and verify over 100,000 and 1,000,000 events with peak memory, each in a
  child process (scale_bench.py);
* one daemon pass pacing 1,000 campaigns on PostgreSQL (daemon_bench.py);
* cold start of ``chronique --help`` and ``chronique sheet`` against ``python -c pass``
  (coldstart_bench.py);
* commands in one warm ``chronique shell`` (test, roll, sheet, log page) at 100,000 events,
  median and p95, against the use case called directly and the one-shot process (shell_bench.py);
* one-shot reads (``sheet``, ``sheet --as-of <date>``, ``luck``, a ``log`` page) at 10,000 and
  100,000 events against ``python -c pass`` and the use case in-process, and ``sheet --as-of``
  in-process through the index of in-game time against the former way (readmodels_bench.py).

The PostgreSQL rows need the server of ``CHRONIQUE_BENCH_POSTGRES`` (default
postgresql://postgres@127.0.0.1:5432, trust authentication); without it they are left out, and
the output says so.

    python bench/suite.py [--quick] [--skip-million]
"""

from __future__ import annotations

import argparse
import os
import platform
import sqlite3
import sys
import time
import traceback
from collections.abc import Callable

import advance_bench
import append_bench
import coldstart_bench
import daemon_bench
import readmodels_bench
import scale_bench
import shell_bench
from generate import POSTGRES_SERVER, Row, postgres_available, table


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="Small sizes and single runs, to build and debug (figures are indicative).")
    parser.add_argument("--skip-million", action="store_true", help="Leave out the 1,000,000-event rebuild and verify.")
    args = parser.parse_args()
    quick = args.quick
    commands, runs = (50, 1) if quick else (500, 3)
    sizes = [10_000] if quick else [100_000] + ([] if args.skip_million else [1_000_000])
    started = time.perf_counter()
    found: list[Row] = []
    notes: list[str] = []

    def step(label: str, action: Callable[[], list[Row]]) -> None:
        print(f"[{time.perf_counter() - started:6.1f} s] {label}", file=sys.stderr, flush=True)
        try:
            found.extend(action())
        except Exception as error:  # noqa: BLE001 — one broken benchmark must not lose the others' figures
            traceback.print_exc()
            found.append(Row(label, f"failed: {type(error).__name__}: {str(error).strip().splitlines()[0][:200]}"))

    missing = postgres_available()
    step("append, SQLite", lambda: [one for warm in (True, False) for one in append_bench.sqlite(commands, warm)])
    if missing is None:
        step("append, PostgreSQL", lambda: [one for warm in (True, False) for one in append_bench.postgres(commands, warm)])
    step("advance, SQLite", lambda: advance_bench.sqlite(runs))
    if missing is None:
        step("advance, PostgreSQL", lambda: advance_bench.postgres(runs))
    else:
        notes.append(f"PostgreSQL rows left out: no server at {POSTGRES_SERVER} ({missing})")
    step("timeline catch-up growth", lambda: advance_bench.growth(runs))
    for events in sizes:

        def scale(events: int = events) -> list[Row]:
            # One child per measure: at 1,000,000 events the projections that write a row for most
            # events (draws, luck, log) are left out to keep the run under ten minutes.
            projections = scale_bench.PROJECTIONS if events < 1_000_000 else ("sheets", "xp", "moments")
            rows, note = scale_bench.rows(events, 1, projections)
            notes.append(note)
            if projections != scale_bench.PROJECTIONS:
                left = [name for name in scale_bench.PROJECTIONS if name not in projections]
                notes.append(f"at {events:,} events the rebuilds of {', '.join(left)} are left out: see their rates at the smaller size")
            return rows

        step(f"rebuild and verify, {events:,} events", scale)
    if missing is None:
        campaigns, rounds = (50, 1) if quick else (1000, daemon_bench.ROUNDS)
        step("one daemon pass over many campaigns, PostgreSQL", lambda: daemon_bench.many_campaigns(campaigns, rounds))
    step("cold start", lambda: coldstart_bench.rows(3 if quick else 9, 2_000 if quick else 10_000))
    for events in [2_000] if quick else [10_000, 100_000]:
        step(f"one-shot reads, {events:,} events", lambda events=events: readmodels_bench.oneshot_rows(events, 2 if quick else 7))
    step("shell, warm commands", lambda: shell_bench.rows(2_000 if quick else 100_000, 5 if quick else 30, 1 if quick else 5))
    total = time.perf_counter() - started

    load = os.getloadavg()
    print(f"Chronique benchmarks{' (--quick: small sizes, one run each)' if quick else ''}")
    print(
        f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}, {os.cpu_count()} CPUs, "
        f"load average at the end {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}; the whole run took {total:.0f} s.\n"
    )
    print(table(found))
    print()
    notes.append(f"best of {runs} run(s) for append, advance and catch-up; one child process per rebuild, verify and baseline")
    notes.append(
        f"scale journals: 1,000,000 events are generated once per code version in {scale_bench.CACHE} "
        "(bulk mode: no snapshot per page, one per chain at each session's end, taken from memory)"
    )
    print("\n".join(f"- {note}" for note in notes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
