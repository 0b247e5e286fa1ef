"""Benchmark: `chronique verify` over a campaign of N events (default 100,000), with every
chance primitive and every outcome re-derived by the rules (FAIRNESS.md v2), beside a raw
baseline measured in the same run on the same file: sqlite3 reading the same rows and hashlib
hashing each one. Target (issue 13): verify at least a quarter of the baseline's events/s.

    python bench/verify_bench.py [--events 100000] [--keep PATH]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from generate import generate

from chronique.adapters.bootstrap import build


def raw_baseline(path: Path) -> tuple[int, float]:
    """Rows read with sqlite3 and hashed with hashlib, and the seconds it took."""
    start = time.perf_counter()
    connection = sqlite3.connect(path)
    count = 0
    for _, _, _, state in connection.execute("SELECT originator_id, originator_version, topic, state FROM stored_events ORDER BY rowid"):
        hashlib.sha256(state).hexdigest()
        count += 1
    connection.close()
    return count, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--keep", type=Path, default=None, help="Keep the generated journal at this path.")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    path = args.keep or folder / "bench.db"
    services = build(str(path))
    started = time.perf_counter()
    name = generate(services, args.events)
    print(f"generated {services.journal.recorder.max_notification_id()} events in {time.perf_counter() - started:.1f} s", file=sys.stderr)

    # Best of three for each, interleaved, so both see the same warm caches. The CPU time each
    # took is kept too: on a shared machine it moves less with what else runs than the wall clock.
    raw_runs, verify_runs, raw_cpu, verify_cpu = [], [], [], []
    for _ in range(3):
        cpu = time.process_time()
        rows, seconds = raw_baseline(path)
        raw_cpu.append(time.process_time() - cpu)
        raw_runs.append(seconds)
        start, cpu = time.perf_counter(), time.process_time()
        report = services.audit.verify(name)
        verify_runs.append(time.perf_counter() - start)
        verify_cpu.append(time.process_time() - cpu)
        assert report.ok, report.summary()
    raw_seconds, verify_seconds = min(raw_runs), min(verify_runs)
    raw_rate, verify_rate = rows / raw_seconds, report.events / verify_seconds
    print("| measure (best of 3) | events | seconds | events/s | vs baseline |")
    print("|---|---|---|---|---|")
    print(f"| raw sqlite3 read + hashlib (baseline) | {rows} | {raw_seconds:.2f} | {raw_rate:,.0f} | 1.00 |")
    print(
        f"| chronique verify, rules re-derived | {report.events} | {verify_seconds:.2f} | {verify_rate:,.0f} | "
        f"{verify_rate / raw_rate:.3f} (target ≥ 0.25) |"
    )
    print(f"({report.draws} chance primitives and {report.rederived} outcomes re-derived, {report.seals} seals)")
    print(
        f"(CPU time, best of 3: baseline {min(raw_cpu):.2f} s, verify {min(verify_cpu):.2f} s, ratio {min(raw_cpu) / min(verify_cpu):.3f})"
    )
    # The ratio moves with what else the machine runs: say how busy it was.
    print("load average over 1, 5 and 15 minutes: " + ", ".join(f"{load:.2f}" for load in os.getloadavg()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
