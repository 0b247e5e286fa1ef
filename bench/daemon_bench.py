"""The daemon at club scale on PostgreSQL (issue 9, "many campaigns"; issue 20).

Creates N Cartes campaigns paced every Monday 09:00 by a week, then times the daemon's job
(``pace_all``) with the wall clock frozen:
- an idle pass before the first Monday 09:00 (nothing due): the table of next advances answers;
- one pass after it, in this process, advancing every campaign once;
- one daemon in a process of its own the next Monday, then two daemons in two processes the
  Monday after, started together (a barrier), splitting the campaigns between them: the ratio
  is one daemon's time over the two's (both timed from the barrier, process start excluded).
The baseline of the passes is psycopg reading every campaign's stored events once (what any pass
must at least read); of the idle pass, one psycopg round trip. Each in-process pass gives its wall
time and this process's CPU time: on a shared machine the wall time also counts other processes'.

    python bench/daemon_bench.py [--campaigns 1000]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from datetime import UTC, datetime, timedelta
from multiprocessing.synchronize import Barrier

from generate import Row, fresh_postgres

from chronique.adapters.bootstrap import build
from chronique.adapters.scheduler import pace_all
from chronique.domain.gametime import WEEK

MONDAY = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)
IDLE_TARGET, PASS_TARGET, SPLIT_TARGET = 0.2, 5.0, 1.6  # issue 20 (at 1,000 campaigns)
PASS_TARGET_10K = 60.0


def frozen(at: datetime) -> None:
    """Wall time stands still at ``at`` for every service built from here on (this process's)."""
    os.environ["CHRONIQUE_TEST_CLOCK"] = f"{at.isoformat()}@{time.time()}@0"


def timed_pass(url: str) -> tuple[float, float]:
    """One daemon pass: (wall seconds, CPU seconds of this process)."""
    started, cpu_started = time.perf_counter(), time.process_time()
    pace_all(url)
    return time.perf_counter() - started, time.process_time() - cpu_started


def _daemon(url: str, at: datetime, barrier: Barrier, times: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    """A daemon process: waits for the others, then one pass; puts (start, end) on ``times``."""
    frozen(at)
    barrier.wait()
    started = time.perf_counter()  # CLOCK_MONOTONIC: comparable across the processes
    pace_all(url)
    times.put((started, time.perf_counter()))


def daemons(url: str, at: datetime, count: int) -> float:
    """Wall seconds for ``count`` daemon processes started together to finish one pass each."""
    context = multiprocessing.get_context("spawn")  # no connection of this process is inherited
    barrier, times = context.Barrier(count), context.Queue()
    processes = [context.Process(target=_daemon, args=(url, at, barrier, times)) for _ in range(count)]
    for process in processes:
        process.start()
    spans = [times.get(timeout=3600) for _ in processes]
    for process in processes:
        process.join()
        assert process.exitcode == 0, f"a daemon process exited with {process.exitcode}"
    return max(end for _, end in spans) - min(start for start, _ in spans)


def many_campaigns(campaigns: int) -> list[Row]:
    """Time the idle pass, one pass, and one daemon against two, over ``campaigns`` paced campaigns."""
    import psycopg

    with fresh_postgres() as url:
        frozen(MONDAY)
        services = build(url)
        started = time.perf_counter()
        for n in range(campaigns):
            services.create_campaign(f"Table {n}", "cartes", "Day 1 08:00")
            services.set_pacing(f"Table {n}", None, "mon 09:00", WEEK, "UTC", None)
        generated = time.perf_counter() - started
        services.close()
        frozen(MONDAY.replace(minute=30))  # before 09:00: nothing due
        idle, idle_cpu = timed_pass(url)
        frozen(MONDAY.replace(hour=10))
        one, one_cpu = timed_pass(url)
        alone = daemons(url, MONDAY.replace(hour=10) + timedelta(weeks=1), 1)
        pair = daemons(url, MONDAY.replace(hour=10) + timedelta(weeks=2), 2)
        del os.environ["CHRONIQUE_TEST_CLOCK"]
        with psycopg.connect(url) as connection:
            started = time.perf_counter()
            rows = connection.execute("SELECT originator_id, originator_version, topic, state FROM chronique_events").fetchall()
            baseline = time.perf_counter() - started
            started = time.perf_counter()
            connection.execute("SELECT 1").fetchone()
            round_trip = time.perf_counter() - started
            advanced = connection.execute("SELECT count(*) FROM chronique_events WHERE topic LIKE '%TimeAdvanced'").fetchone()[0]
    # Each campaign advanced once a week, three weeks: by the pass, by one daemon, by the pair.
    assert advanced == 3 * campaigns, f"{advanced} advances for {campaigns} campaigns over three weeks"
    target = PASS_TARGET if campaigns <= 1000 else PASS_TARGET_10K
    read = f"psycopg read of all {len(rows)} events: {baseline:.2f} s"
    return [
        Row(
            f"daemon pass with nothing due, {campaigns} paced campaigns (PostgreSQL)",
            f"{idle * 1000:.1f} ms ({idle_cpu * 1000:.1f} ms of CPU in the daemon; campaigns made in {generated:.0f} s)",
            f"psycopg round trip: {round_trip * 1000:.2f} ms",
            target=IDLE_TARGET,
            ceiling=True,
            measured=idle,
        ),
        Row(
            f"daemon pass advancing {campaigns} paced campaigns once each (PostgreSQL)",
            f"{one:.1f} s ({campaigns / one:.0f} campaigns/s; {one_cpu:.1f} s of CPU in the daemon)",
            read,
            target=target,
            ceiling=True,
            measured=one,
        ),
        Row(
            f"two daemons splitting {campaigns} due campaigns vs one (PostgreSQL, a process each)",
            f"two {pair:.1f} s, one {alone:.1f} s: {alone / pair:.2f}x",
            read,
            ratio=alone / pair,
            target=SPLIT_TARGET,
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--campaigns", type=int, default=1000)
    rows = many_campaigns(parser.parse_args().campaigns)
    print("| benchmark | figure | same-run baseline | target | met |")
    print("|---|---|---|---|---|")
    for row in rows:
        target = "—" if row.target is None else (f"≤ {row.target:g} s" if row.ceiling else f"≥ {row.target:g}x")
        met = {None: "—", True: "yes", False: "no"}[row.met]
        print(f"| {row.benchmark} | {row.figure} | {row.baseline} | {target} | {met} |")


if __name__ == "__main__":
    main()
