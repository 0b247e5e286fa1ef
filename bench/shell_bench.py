"""Benchmark (issue 20): commands in one warm ``chronique shell`` session on a journal of N events
(a Cartes test, a Western Parade roll, a sheet, a page of the log), median and p95 per command,
beside the same command as a one-shot process and as the use case called directly on services
kept open (the baseline: the same work and libraries, no shell, no cache). Target: a warm
command ≤ 25 ms median at 100,000 events.

    python bench/shell_bench.py [--events 100000] [--runs 30] [--cold-runs 5]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import typer.main
from coldstart_bench import command
from generate import SAM, WESTERN, Row, journal, table

import chronique.cli  # noqa: F401 - the CLI's Typer environment, as `python -m chronique.cli` sets it
from chronique.adapters.bootstrap import build
from chronique.adapters.services import Chronique, LogPage
from chronique.cli import render
from chronique.cli.app import app
from chronique.cli.context import SHELL
from chronique.cli.shell import Warm, invoke
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.rulesets.westernparade.play import Check, check

CEILING = 0.025


def lines(name: str) -> dict[str, list[str]]:
    """Each benchmarked command as the shell's words."""
    return {
        "cartes test": ["cartes", "test", name, "Alice", "Contact", "--from", "deck"],
        "western-parade roll": ["western-parade", "roll", WESTERN, SAM, "--skill", "Armes de poing"],
        "sheet": ["sheet", name, "Alice"],
        "log page": ["log", name, "--limit", "20", "--page", "2"],
    }


def direct(services: Chronique, name: str) -> dict[str, Callable[[], object]]:
    """The same work as each command, called on the use cases (no CLI, no cache)."""

    def sheet() -> None:
        # What `chronique sheet` does for the sheet as it stands now (cli/journal.py).
        world = services.world(name)
        render.sheet(world, services.character_as_of(name, "Alice", lambda _campaign, _character: None), False)

    def log_page() -> None:
        render.log(services, name, services.page_log(name, LogPage(offset=20, limit=20)), False)

    return {
        "cartes test": lambda: services.act(name, lambda w: make_test(w, "Alice", TestRequest("Contact", source="deck"))),
        "western-parade roll": lambda: services.act(WESTERN, lambda w: check(w, SAM, Check(skill="Armes de poing"))),
        "sheet": sheet,
        "log page": log_page,
    }


def timings(action: Callable[[], object], runs: int) -> list[float]:
    """Seconds of each of ``runs`` calls of ``action``, its output thrown away."""
    out: list[float] = []
    for _ in range(runs):
        with contextlib.redirect_stdout(io.StringIO()):
            start = time.perf_counter()
            action()
            out.append(time.perf_counter() - start)
    return out


def p95(values: list[float]) -> float:
    """The 95th percentile."""
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else values[0]


def measure(events: int, runs: int, cold_runs: int) -> tuple[list[Row], list[str]]:
    """The shell's rows: per command, warm median and p95 against the one-shot and the direct call."""
    with tempfile.TemporaryDirectory(prefix="chronique-shell-bench-") as folder:
        return _measure(Path(folder), events, runs, cold_runs)


def _measure(folder: Path, events: int, runs: int, cold_runs: int) -> tuple[list[Row], list[str]]:
    path, name = journal(folder, events)
    words = lines(name)
    root = typer.main.get_command(app)
    warm = Warm(path)
    token = SHELL.set(warm)
    shell_times: dict[str, list[float]] = {}
    try:
        for label, args in words.items():

            def one(args: list[str] = args) -> None:
                warm.check()
                status = invoke(root, ["--db", path, *args])
                warm.settle()
                if status:
                    raise RuntimeError(f"{' '.join(args)} exited {status}")

            timings(one, 1)  # the first command of a session opens the journal and loads the campaign
            shell_times[label] = timings(one, runs)
    finally:
        SHELL.reset(token)
        warm.close()
    services = build(path, create=False)
    try:
        direct_times = {label: timings(action, runs) for label, action in direct(services, name).items()}
    finally:
        services.close()
    env = dict(os.environ, CHRONIQUE_DB=path)
    one_shot: dict[str, list[float]] = {}
    for label, args in words.items():
        one_shot[label] = []
        for _ in range(cold_runs):
            start = time.perf_counter()
            done = subprocess.run([*command(), *args], env=env, capture_output=True, text=True, check=False)
            one_shot[label].append(time.perf_counter() - start)
            if done.returncode:
                raise RuntimeError(f"{' '.join(args)} exited {done.returncode}: {done.stderr.strip()[-300:]}")
    rows: list[Row] = []
    notes: list[str] = []
    for label in words:
        warm_median, warm_p95 = statistics.median(shell_times[label]), p95(shell_times[label])
        base = statistics.median(direct_times[label])
        cold = statistics.median(one_shot[label])
        rows.append(
            Row(
                f"shell, warm: {label} ({events:,} events)",
                f"{warm_median * 1e3:.1f} ms median, p95 {warm_p95 * 1e3:.1f} ms; one-shot process {cold * 1e3:.0f} ms",
                f"use case called directly {base * 1e3:.1f} ms",
                base / warm_median if warm_median else None,
                CEILING,
                ceiling=True,
                measured=warm_median,
            )
        )
        notes.append(
            f"{label}: warm {warm_median * 1e3:.1f} / p95 {warm_p95 * 1e3:.1f} ms, direct {base * 1e3:.1f} ms, one-shot {cold * 1e3:.0f} ms"
        )
    return rows, notes


def rows(events: int, runs: int, cold_runs: int) -> list[Row]:
    """The suite's rows (bench/suite.py)."""
    return measure(events, runs, cold_runs)[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--cold-runs", type=int, default=5)
    args = parser.parse_args()
    found, notes = measure(args.events, args.runs, args.cold_runs)
    load = os.getloadavg()
    print(f"{os.cpu_count()} CPUs, load average at the end {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}\n")
    print(table(found))
    print("\n".join(f"- {note}" for note in notes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
