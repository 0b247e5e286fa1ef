"""Benchmark (issue 4): advancing a six-character Western Parade party with every kind of
process running — a bleeding-then-healing wound in bed, training plans (skills and a
characteristic under a teacher), trick-shooting practice, a reputation roll due, banking,
speculation, bookkeeping, survival, hunting, gold panning and long-distance running — by one
week, one month and one year, through the real services on a real SQLite file.

For each span it prints the wall time of the advance (computed and saved), the events it
recorded and events per second; a "quiet" party (training and monthly banking only) shows that
a long span with few events stays cheap: time follows the events, not the length of the span.

    python bench/westernparade_bench.py [--runs 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from chronique.adapters.bootstrap import build
from chronique.adapters.services import Chronique
from chronique.domain.gametime import DAY, WEEK
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.world import World

SAMPLES = Path(__file__).parents[1] / "cli" / "samples"
CAMPAIGN = "Shotgun City"
SPANS = (("1 week", WEEK), ("1 month", 30 * DAY), ("1 year", 365 * DAY))


def sheet(sample: str, name: str | None = None) -> dict[str, Any]:
    """A sample sheet of cli/samples, renamed if asked."""
    data = tomllib.loads((SAMPLES / f"wp_{sample}.toml").read_text(encoding="utf-8"))
    return data if name is None else data | {"name": name}


def party(services: Chronique, busy: bool) -> None:
    """Six characters and their downtime orders (every process when ``busy``)."""
    services.create_campaign(CAMPAIGN, "western-parade", "1873-04-12 08:00")
    for raw in (sheet("sam"), sheet("joe"), sheet("doc"), sheet("siringo"), sheet("sam", "Kid Curry"), sheet("joe", "Black Bart")):
        services.create_character(CAMPAIGN, raw)
    orders: list[Callable[[World], Any]] = [
        lambda w: dt.plan_training(w, "Sam Parkerson", "Armes de poing", 20, teacher="Charlie Siringo"),
        lambda w: dt.plan_training(w, "Joe Hambuster", "Placage", 20),
        lambda w: dt.plan_training(w, "Joe Hambuster", "FOR", 20),
        lambda w: dt.start_activity(w, "Doc Holloway", "banking", capital=500_000),
    ]
    if busy:
        orders += [
            lambda w: care.wound(w, "Kid Curry", "left-arm", 6, kind="blade", source="a knife"),
            lambda w: care.order_activity(w, "Kid Curry", "bed"),
            lambda w: care.order_tending(w, "Kid Curry", "left-arm", "Doc Holloway", "Bandages"),
            lambda w: dt.set_practice(w, "Sam Parkerson", True),
            lambda w: dt.gunfight(w, "Sam Parkerson", put_out=2),
            lambda w: dt.start_activity(w, "Doc Holloway", "speculation", capital=100_000),
            lambda w: dt.start_activity(w, "Doc Holloway", "bookkeeping"),
            lambda w: dt.start_activity(w, "Charlie Siringo", "hunting", terrain="giboyeux"),
            lambda w: dt.start_activity(w, "Black Bart", "panning"),
            lambda w: dt.start_activity(w, "Black Bart", "running"),
            lambda w: dt.start_activity(w, "Joe Hambuster", "survival", skill="Survie dans le désert", resources=True),
        ]
    for order in orders:
        services.act(CAMPAIGN, order)


def measure(busy: bool, span: int, runs: int) -> tuple[float, int]:
    """The best wall time of advancing a fresh party by ``span``, and the events recorded."""
    best, events = float("inf"), 0
    for _ in range(runs):
        services = build(str(Path(tempfile.mkdtemp()) / "bench.db"))
        party(services, busy)
        start = time.perf_counter()
        done = services.advance(CAMPAIGN, lambda c: c.clock + span)
        best = min(best, time.perf_counter() - start)
        events = len(done.events)
        services.close()
    return best, events


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="Runs per measure (the best is shown).")
    args = parser.parse_args()
    print("| party | span | events | seconds | events/s | ms per event |")
    print("|---|---|---|---|---|---|")
    for busy in (True, False):
        for label, span in SPANS:
            seconds, events = measure(busy, span, args.runs)
            rate = events / seconds if seconds else float("inf")
            per_event = 1000 * seconds / max(events, 1)
            print(f"| {'busy' if busy else 'quiet'} | {label} | {events} | {seconds:.3f} | {rate:,.0f} | {per_event:.2f} |")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
