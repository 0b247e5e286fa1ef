"""Benchmark (issue 9): cold start of the real ``chronique`` command in a subprocess —
``chronique --help`` and ``chronique sheet <campaign> <character>`` on a generated campaign whose
read models are current — beside ``python -c pass`` (the interpreter's own start), the median of
several runs each, interleaved. Target: under 0.3 s on this machine.

    python bench/coldstart_bench.py [--runs 7] [--events 10000]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generate import Row, generate, median, table

from chronique.adapters.bootstrap import build

CEILING = 0.3


def command() -> list[str]:
    """The installed ``chronique`` script beside this interpreter, else ``python -m chronique.cli``."""
    script = Path(sys.executable).parent / "chronique"
    return [str(script)] if script.exists() else [sys.executable, "-m", "chronique.cli"]


def timed(argv: list[str], env: dict[str, str]) -> float:
    """Wall seconds of one run of ``argv`` to its exit (which must be 0)."""
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode:
        raise RuntimeError(f"{' '.join(argv[-3:])} exited {done.returncode}: {done.stderr.strip()[-500:]}")
    return seconds


def rows(runs: int, events: int) -> list[Row]:
    """The cold-start rows: --help and sheet against ``python -c pass``."""
    path = Path(tempfile.mkdtemp(prefix="chronique-bench-")) / "journal.db"
    services = build(str(path))
    name = generate(services, events)
    models = services.read_models
    assert models is not None
    models.catch_up()  # as after any command: `sheet` then finds nothing to catch up
    services.close()
    env = dict(os.environ, CHRONIQUE_DB=str(path))
    cases = {
        "chronique --help": [*command(), "--help"],
        f"chronique sheet {name} Alice ({events:,}-event campaign)": [*command(), "sheet", name, "Alice"],
    }
    bare = [sys.executable, "-c", "pass"]
    times: dict[str, list[float]] = {label: [] for label in cases}
    base: list[float] = []
    for argv in cases.values():
        timed(argv, env)  # warm the page cache and the bytecode cache: the first run is not "cold start"
    for _ in range(runs):
        base.append(timed(bare, env))
        for label, argv in cases.items():
            times[label].append(timed(argv, env))
    shutil.rmtree(path.parent, ignore_errors=True)
    bare_s = median(base)
    return [
        Row(
            f"cold start: {label}, median of {runs}",
            f"{median(found):.3f} s",
            f"python -c pass: {bare_s:.3f} s",
            bare_s / median(found),
            CEILING,
            ceiling=True,
            measured=median(found),
        )
        for label, found in times.items()
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--events", type=int, default=10_000, help="Size of the campaign the sheet is read from.")
    args = parser.parse_args()
    print(table(rows(args.runs, args.events)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
