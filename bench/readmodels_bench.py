"""Benchmark (issue 7): over a campaign of N events (default 100,000), the projection rebuild,
a page of the log, and `sheet --as-of`, each beside a raw baseline measured in the same run on
the same file (sqlite3 reading the same rows and decoding their JSON); `luck` and a rendered page
of `log` from their read models (issue 20: `luck` ≤ 100 ms in-process) beside the replay they
replaced (every event decoded), measured in the same run.

    python bench/readmodels_bench.py [--events 100000]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from generate import generate

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
    print(f"| db rebuild sheets | {processed} | {rebuild_seconds:.2f} | {rate:,.0f} | {rate / (rows / raw_seconds):.2f} (target ≥ 0.20) |")
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
