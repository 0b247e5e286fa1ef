"""Benchmark (issues 9 and 20): cold start of the real ``chronique`` command in a subprocess —
``chronique --help``, ``chronique sheet``, a Cartes ``test`` and a Western Parade ``roll``, on a
journal of a generated Cartes campaign and a small Western Parade one, both in session, whose
read models are current — beside ``python -c pass`` (the interpreter's own start), the median of
several runs each, interleaved. Targets on this machine: ``--help`` under 0.3 s, ``sheet`` 0.25 s,
``test`` and ``roll`` 0.3 s (issue 20).

Each command runs as on a GM's installation: Python writes its bytecode cache (here under a
folder of the run's own, so the work tree gets no ``__pycache__``), and Chronique its cache of
compiled dataclass methods (cli/codecache.py, here in the same folder), both warmed by a first
run that is not counted.

    python bench/coldstart_bench.py [--runs 9] [--events 10000]
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

from generate import SAM, WESTERN, Row, journal, median, table

# The wall-clock ceilings, in seconds (issue 9 for --help, issue 20 for the commands of play).
HELP, SHEET, TEST, ROLL = 0.3, 0.25, 0.3, 0.3


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


def environment(folder: Path, path: str) -> dict[str, str]:
    """The commands' environment: the journal, and Python's and Chronique's caches written as on
    a GM's installation, into ``folder``."""
    env = dict(os.environ, CHRONIQUE_DB=path, PYTHONPYCACHEPREFIX=str(folder / "pycache"), XDG_CACHE_HOME=str(folder / "cache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def rows(runs: int, events: int) -> list[Row]:
    """The cold-start rows: --help, sheet, a Cartes test and a Western Parade roll against ``python -c pass``."""
    folder = Path(tempfile.mkdtemp(prefix="chronique-bench-"))
    # A Cartes campaign of about ``events`` events and a Western Parade campaign, both in session,
    # read models current: the first command finds nothing to catch up.
    path, name = journal(folder, events)
    env = environment(folder, path)
    cases = {
        "chronique --help": ([*command(), "--help"], HELP),
        f"chronique sheet {name} Alice ({events:,}-event campaign)": ([*command(), "sheet", name, "Alice"], SHEET),
        # From the deck: a pile would run dry over many runs; a test records its draw like any other.
        f"chronique cartes test {name} Alice Contact ({events:,}-event campaign)": (
            [*command(), "cartes", "test", name, "Alice", "Contact", "--from", "deck"],
            TEST,
        ),
        f"chronique western-parade roll '{WESTERN}' '{SAM}'": (
            [*command(), "western-parade", "roll", WESTERN, SAM, "--skill", "Armes de poing"],
            ROLL,
        ),
    }
    bare = [sys.executable, "-c", "pass"]
    times: dict[str, list[float]] = {label: [] for label in cases}
    base: list[float] = []
    for argv, _ in cases.values():
        timed(argv, env)  # warm the page cache and both caches: the first run is not "cold start"
    for _ in range(runs):
        base.append(timed(bare, env))
        for label, (argv, _) in cases.items():
            times[label].append(timed(argv, env))
    shutil.rmtree(folder, ignore_errors=True)
    bare_s = median(base)
    load = os.getloadavg()[0]
    return [
        Row(
            f"cold start: {label}, median of {runs}",
            f"{median(found):.3f} s",
            f"python -c pass: {bare_s:.3f} s (load {load:.1f})",
            bare_s / median(found),
            cases[label][1],
            ceiling=True,
            measured=median(found),
        )
        for label, found in times.items()
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--events", type=int, default=10_000, help="Size of the campaign the sheet is read from.")
    args = parser.parse_args()
    print(table(rows(args.runs, args.events)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
