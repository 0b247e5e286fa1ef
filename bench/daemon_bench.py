"""One daemon pass over many paced campaigns on PostgreSQL (issue 9, "many campaigns").

Creates N Cartes campaigns paced every Monday 09:00 by a week, then times the daemon's job
(``pace_all``) twice with the wall clock frozen after a Monday 09:00: the first pass advances
every campaign once, the second finds nothing to do. The baseline is psycopg reading every
campaign's stored events once (what any pass must at least read). Each pass gives its wall time
and this process's CPU time: on a shared machine the wall time also counts other processes' turns.

    python bench/daemon_bench.py [--campaigns 1000]
"""

from __future__ import annotations

import argparse
import os
import time
from datetime import UTC, datetime

from generate import Row, fresh_postgres

from chronique.adapters.bootstrap import build
from chronique.adapters.scheduler import pace_all
from chronique.domain.gametime import WEEK

MONDAY = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)


def many_campaigns(campaigns: int) -> list[Row]:
    """Time two daemon passes over ``campaigns`` paced campaigns."""
    import psycopg

    with fresh_postgres() as url:
        os.environ["CHRONIQUE_TEST_CLOCK"] = f"{MONDAY.isoformat()}@{time.time()}@0"
        services = build(url)
        for n in range(campaigns):
            services.create_campaign(f"Table {n}", "cartes", "Day 1 08:00")
            services.set_pacing(f"Table {n}", None, "mon 09:00", WEEK, "UTC", None)
        services.close()
        os.environ["CHRONIQUE_TEST_CLOCK"] = f"{MONDAY.replace(hour=10).isoformat()}@{time.time()}@0"
        passes, cpu = [], []
        for _ in range(2):
            started, cpu_started = time.perf_counter(), time.process_time()
            pace_all(url)
            passes.append(time.perf_counter() - started)
            cpu.append(time.process_time() - cpu_started)
        del os.environ["CHRONIQUE_TEST_CLOCK"]
        with psycopg.connect(url) as connection:
            started = time.perf_counter()
            rows = connection.execute("SELECT originator_id, originator_version, topic, state FROM chronique_events").fetchall()
            baseline = time.perf_counter() - started
            advanced = connection.execute("SELECT count(*) FROM chronique_events WHERE topic LIKE '%TimeAdvanced'").fetchone()[0]
    assert advanced == campaigns, f"{advanced} advances for {campaigns} campaigns"
    return [
        Row(
            f"daemon pass advancing {campaigns} paced campaigns once each (PostgreSQL)",
            f"{passes[0]:.1f} s ({campaigns / passes[0]:.0f} campaigns/s; {cpu[0]:.1f} s of CPU in the daemon)",
            f"psycopg read of all {len(rows)} events: {baseline:.2f} s",
        ),
        Row(
            f"daemon pass with nothing due, {campaigns} campaigns (PostgreSQL)",
            f"{passes[1]:.2f} s ({cpu[1]:.2f} s of CPU in the daemon)",
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--campaigns", type=int, default=1000)
    for row in many_campaigns(parser.parse_args().campaigns):
        print(f"{row.benchmark}: {row.figure}   [{row.baseline}]")


if __name__ == "__main__":
    main()
