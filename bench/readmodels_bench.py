"""Benchmark (issue 7): over a campaign of N events (default 100,000), the projection rebuild,
a page of the log, and `sheet --as-of`, each beside a raw baseline measured in the same run on
the same file (sqlite3 reading the same rows and decoding their JSON).

    python bench/readmodels_bench.py [--events 100000]
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from generate import generate

from chronique.adapters.bootstrap import build
from chronique.adapters.services import LogPage


def raw_decode(path: Path) -> tuple[int, float]:
    """Every row read with sqlite3 and its JSON decoded: the floor of any replay."""
    start = time.perf_counter()
    connection = sqlite3.connect(path)
    count = sum(1 for (state,) in connection.execute("SELECT state FROM stored_events ORDER BY rowid") if json.loads(state))
    connection.close()
    return count, time.perf_counter() - start


def best(runs: int, action):  # noqa: ANN001, ANN201
    """The fastest of ``runs`` timings of ``action()``, and its last result."""
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=100_000)
    args = parser.parse_args()
    path = Path(tempfile.mkdtemp()) / "bench.db"
    services = build(str(path))
    started = time.perf_counter()
    name = generate(services, args.events)
    print(f"generated {services.journal.recorder.max_notification_id()} events in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    models = services.read_models
    assert models is not None
    raw_seconds, rows = best(3, lambda: raw_decode(path))
    rows = rows[0]
    rebuild_seconds, processed = best(1, lambda: models.rebuild(["sheets"]))
    page_seconds, shown = best(5, lambda: services.page_log(name, LogPage(offset=rows // 2, limit=50)))
    alice = services.world(name).character("Alice")
    as_of_seconds, _ = best(5, lambda: services.journal.repository.get(alice.id, version=alice.version // 2))
    print("| measure (best of runs) | events | seconds | events/s | vs baseline |")
    print("|---|---|---|---|---|")
    print(f"| raw sqlite3 read + json decode (baseline) | {rows} | {raw_seconds:.2f} | {rows / raw_seconds:,.0f} | 1.00 |")
    rate = processed / rebuild_seconds
    print(f"| db rebuild sheets | {processed} | {rebuild_seconds:.2f} | {rate:,.0f} | {rate / (rows / raw_seconds):.2f} (target ≥ 0.20) |")
    print(f"| log page of {len(shown)} from the middle | — | {page_seconds:.3f} | — | — |")
    print(f"| sheet as of version {alice.version // 2} of {alice.version} | — | {as_of_seconds:.4f} | — | (target ≪ 0.1 s) |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
