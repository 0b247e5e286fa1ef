"""Benchmark (issue 7): over a campaign of N events (default 100,000), the projection rebuild,
a page of the log, and `sheet --as-of`, each beside a raw baseline measured in the same run on
the same file (sqlite3 reading the same rows and decoding their JSON); `luck` and a rendered page
of `log` from their read models (issue 20: `luck` ≤ 100 ms in-process) beside the replay they
replaced (every event decoded), measured in the same run.

With ``--oneshot`` instead (issue 20), the one-shot reads at each size of ``--sizes``: the real
``chronique sheet``, ``sheet --as-of <date>``, ``luck`` and a ``log`` page, each in a subprocess
(wall time, median of ``--runs``), beside ``python -c pass`` and the same use case called in
this process; and ``sheet --as-of <date>`` in-process through the index of in-game time (the
moments read model) beside the former way (the character's whole chain decoded), same run.

    python bench/readmodels_bench.py [--events 100000]
    python bench/readmodels_bench.py --oneshot [--sizes 10000 100000] [--runs 7]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from coldstart_bench import command, environment
from coldstart_bench import timed as wall
from generate import Row, generate, median, table

from chronique.adapters import history
from chronique.adapters.bootstrap import build
from chronique.adapters.exports import corrections
from chronique.adapters.services import Chronique, LogPage
from chronique.cli import render
from chronique.domain.luck import tally
from chronique.domain.rulesets import ruleset


def raw_decode(path: Path) -> tuple[int, float]:
    """Every row read with sqlite3 and its JSON decoded: the floor of any replay."""
    start = time.perf_counter()
    connection = sqlite3.connect(path)
    count = sum(1 for (state,) in connection.execute("SELECT state FROM stored_events ORDER BY rowid") if json.loads(state))
    connection.close()
    return count, time.perf_counter() - start


def replayed_luck(services: Chronique, name: str) -> int:
    """What `luck` did before its read model: every event of the campaign decoded and read by its
    game's luck hook, the revealed rolls tallied; how many rolls."""
    campaign = services.campaign(name)
    rules = ruleset(campaign.ruleset)
    draws = [
        (str(event.originator_id), draw.success, draw.chance)
        for _, event in services.events(name)
        if getattr(event, "sealed_until", None) is None or campaign.is_revealed(event.sealed_until)
        for draw in rules.luck(event, campaign.settings)
    ]
    return sum(t.draws for t in tally(draws).values())


def replayed_log_page(services: Chronique, name: str, offset: int, limit: int) -> int:
    """What a rendered `log --limit --page` read before its read model: the log streamed to the
    page, the page decoded, then (to render it) every aggregate replayed and every event decoded
    for the corrections; how many events shown."""
    members = {a.id for a in services.world(name).aggregates()}
    shown = []
    for notification in services._notifications(1, None):  # noqa: SLF001 - the stream the old page read
        if notification.originator_id in members:
            if offset:
                offset -= 1
                continue
            shown.append(services.journal.mapper.to_domain_event(notification))
            if len(shown) >= limit:
                break
    services.world(name)
    corrections(services, name)
    return len(shown)


def rendered(services: Chronique, name: str, page: LogPage) -> int:
    """A page of `log` from its read model, rendered as the command does (to a throwaway
    console); how many entries."""
    entries = services.page_log(name, page)
    with contextlib.redirect_stdout(io.StringIO()):
        render.log(services, name, entries, False)
    return len(entries)


def best(runs: int, action):  # noqa: ANN001, ANN201
    """The fastest of ``runs`` timings of ``action()``, and its last result."""
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
    return min(times), result


AS_OF_CEILING = 0.1  # issue 20: `sheet --as-of <date>` at 100,000 events, in-process
SHEET_CEILING = 0.25  # issue 20: a one-shot `chronique sheet`


def median_of(runs: int, action: Callable[[], object]) -> float:
    """The median of ``runs`` timings of ``action()``, after one untimed run (caches warm)."""
    action()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return median(times)


def replayed_as_of(services: Chronique, name: str, who: str, moment: int) -> object:
    """``sheet --as-of`` a date the former way: the character's version found by decoding his
    whole chain (``history.version_at_by_replay``), the rest as now."""
    indexed = history.version_at
    history.version_at = history.version_at_by_replay
    try:
        return services.world_as_of(name, who, moment)
    finally:
        history.version_at = indexed


def as_of_rows(services: Chronique, name: str, runs: int) -> list[Row]:
    """``sheet --as-of`` the campaign's clock (every event of the character at or before it: the
    former way decodes them all), through the index and the former way, in this process."""
    campaign = services.campaign(name)
    date = services.calendar(campaign).format(campaign.clock)
    alice = services.world(name).character("Alice")
    indexed = median_of(runs, lambda: history.sheet_as_of(services, name, "Alice", date, False))
    replayed = median_of(runs, lambda: replayed_as_of(services, name, "Alice", campaign.clock))
    events = services.journal.recorder.max_notification_id() or 0
    return [
        Row(
            f"sheet --as-of a date at {events:,} events (Alice: {alice.version:,} events), in-process, median of {runs}",
            f"{indexed * 1000:.1f} ms, one indexed look (moments read model)",
            f"the former way, her chain decoded: {replayed * 1000:.0f} ms",
            replayed / indexed,
            AS_OF_CEILING,
            ceiling=True,
            measured=indexed,
        )
    ]


def oneshot_rows(events: int, runs: int) -> list[Row]:
    """At one size: each one-shot read in a subprocess (median of ``runs``, interleaved with
    ``python -c pass``) beside the same use case in this process; then ``sheet --as-of``
    in-process through the index and the former way. The journal is the scale benchmark's (bulk
    mode), its read models caught up as after any command."""
    import shutil

    import scale_bench

    folder = Path(tempfile.mkdtemp(prefix="chronique-bench-"))
    path, _ = scale_bench.journal(events, folder)
    services = build(str(path))
    models = services.read_models
    assert models is not None
    models.catch_up()
    name = scale_bench.NAME
    campaign = services.campaign(name)
    date = services.calendar(campaign).format(campaign.clock)
    page = (services.journal.recorder.max_notification_id() or 0) // 100  # a page of 50 in the middle
    cases: dict[str, tuple[list[str], Callable[[], object]]] = {
        "sheet": (["sheet", name, "Alice"], lambda: services.sheet_now(name, "Alice")),
        "sheet --as-of <date>": (
            ["sheet", name, "Alice", "--as-of", date],
            lambda: history.sheet_as_of(services, name, "Alice", date, False),
        ),
        "luck --by character": (["luck", name, "--by", "character"], lambda: services.luck(name, "character")),
        f"log --limit 50 --page {page}": (
            ["log", name, "--limit", "50", "--page", str(page)],
            lambda: services.page_log(name, LogPage(offset=(page - 1) * 50, limit=50)),
        ),
    }
    # Bytecode and the dataclass cache written, as on a GM's installation (coldstart_bench.py).
    env = dict(environment(path.parent, str(path)), COLUMNS="160")
    bare = [sys.executable, "-c", "pass"]
    for argv, _ in cases.values():
        wall([*command(), *argv], env)  # warm the page and bytecode caches: the first run is not the table's
    times: dict[str, list[float]] = {label: [] for label in cases}
    base: list[float] = []
    for _ in range(runs):
        base.append(wall(bare, env))
        for label, (argv, _) in cases.items():
            times[label].append(wall([*command(), *argv], env))
    bare_s = median(base)
    found = []
    for label, (_, call) in cases.items():
        in_process = median_of(runs, call)
        one_shot = median(times[label])
        found.append(
            Row(
                f"one-shot `chronique {label}`, {events:,} events, wall, median of {runs}",
                f"{one_shot * 1000:.0f} ms",
                f"python -c pass: {bare_s * 1000:.0f} ms; the use case in-process: {in_process * 1000:.1f} ms",
                None,
                SHEET_CEILING if label == "sheet" else None,
                ceiling=label == "sheet",
                measured=one_shot,
            )
        )
    found += as_of_rows(services, name, runs)
    services.close()
    shutil.rmtree(folder, ignore_errors=True)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--oneshot", action="store_true", help="The one-shot read rows (and --as-of in-process) instead.")
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000], help="With --oneshot: the journals' sizes.")
    parser.add_argument("--runs", type=int, default=7, help="With --oneshot: runs per measure (the median is shown).")
    args = parser.parse_args()
    if args.oneshot:
        print(table([row for events in args.sizes for row in oneshot_rows(events, args.runs)]))
        print(f"- load average at the end: {' / '.join(f'{x:.2f}' for x in os.getloadavg())}")
        return 0
    path = Path(tempfile.mkdtemp()) / "bench.db"
    services = build(str(path))
    started = time.perf_counter()
    name = generate(services, args.events)
    print(f"generated {services.journal.recorder.max_notification_id()} events in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    models = services.read_models
    assert models is not None
    models.catch_up()  # what every command's commit does: reads then find their models current
    raw_seconds, rows = best(3, lambda: raw_decode(path))
    rows = rows[0]
    rebuild_seconds, processed = best(1, lambda: models.rebuild(["sheets"]))
    rebuilt = {projection: best(1, lambda projection=projection: models.rebuild([projection])) for projection in ("luck", "log")}
    luck_seconds, tallies = best(5, lambda: services.luck(name, "character"))
    replay_luck_seconds, replayed_draws = best(1, lambda: replayed_luck(services, name))
    assert sum(t.draws for t in tallies.values()) == replayed_draws
    entries = services.journal.recorder.max_notification_id() or 0
    log_seconds, log_shown = best(5, lambda: rendered(services, name, LogPage(offset=entries // 2, limit=50)))
    newest_seconds, _ = best(5, lambda: rendered(services, name, LogPage(limit=50, newest_first=True)))
    replay_log_seconds, _ = best(1, lambda: replayed_log_page(services, name, entries // 2, 50))
    page_seconds, shown = best(5, lambda: services.page_log(name, LogPage(offset=rows // 2, limit=50)))
    alice = services.world(name).character("Alice")
    as_of_seconds, _ = best(5, lambda: services.journal.repository.get(alice.id, version=alice.version // 2))
    print("| measure (best of runs) | events | seconds | events/s | vs baseline |")
    print("|---|---|---|---|---|")
    print(f"| raw sqlite3 read + json decode (baseline) | {rows} | {raw_seconds:.2f} | {rows / raw_seconds:,.0f} | 1.00 |")
    rate = processed / rebuild_seconds
    print(f"| db rebuild sheets | {processed} | {rebuild_seconds:.2f} | {rate:,.0f} | {rate / (rows / raw_seconds):.2f} (target ≥ 0.25) |")
    for projection, (seconds, count) in rebuilt.items():
        rate = count / seconds
        print(f"| db rebuild {projection} | {count} | {seconds:.2f} | {rate:,.0f} | {rate / (rows / raw_seconds):.2f} (target ≥ 0.25) |")
    print(f"| log page of {len(shown)} from the middle (entries) | — | {page_seconds:.4f} | — | — |")
    ratio = replay_luck_seconds / luck_seconds
    figure = f"{luck_seconds:.4f} | — | {ratio:,.0f}× faster (target ≤ 0.100 s)"
    print(f"| luck --by character, {replayed_draws} rolls (read model) | — | {figure} |")
    print(f"| luck, replayed (every event decoded: before) | — | {replay_luck_seconds:.3f} | — | 1 |")
    ratio = replay_log_seconds / log_seconds
    print(f"| log page of {log_shown} from the middle, rendered (read model) | — | {log_seconds:.4f} | — | {ratio:,.0f}× faster |")
    print(f"| log page of 50 newest first, rendered (read model) | — | {newest_seconds:.4f} | — | — |")
    print(f"| log page of 50 from the middle, rendered, replayed (before) | — | {replay_log_seconds:.3f} | — | 1 |")
    print(f"| sheet as of version {alice.version // 2} of {alice.version} | — | {as_of_seconds:.4f} | — | (target ≪ 0.1 s) |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
