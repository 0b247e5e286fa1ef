"""Benchmark (issue 9): projection rebuild and ``verify`` over campaigns of 100,000 and
1,000,000 events, with the peak memory of each, beside raw baselines on the same file:
sqlite3 reading every row and decoding its JSON with orjson, the library the journal itself
decodes with (for the rebuild of each projection, target ≥ 0.25 of its rate,
issues 7 and 20) and sqlite3 reading every row and hashing it with hashlib (for verify, target ≥ 0.33,
issue 3). Each measurement runs in a child process of its own, which reports its own peak
resident memory (VmHWM of /proc/self/status) when it is done.

The campaigns are generated through the services (``generate.py``) in its bulk mode: pages of
a thousand events, one snapshot per chain at each session's end taken from memory. A million
events still take minutes, so that journal is generated once per version of the code and kept
in ``$CHRONIQUE_BENCH_CACHE`` (default /tmp/chronique-bench-cache), keyed by a hash of the code
that writes it (``code_version``); each run works on a fresh copy of it.

    python bench/scale_bench.py [--events 100000 1000000] [--runs 1] [--postgres 10000]

``--postgres`` adds the rebuilds on a fresh PostgreSQL database (``CHRONIQUE_BENCH_POSTGRES``)
beside psycopg reading the same rows and decoding them with orjson; ``--events`` with no size
gives those rows alone.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

if TYPE_CHECKING:
    from generate import Row

ROOT = Path(__file__).parents[1]
CACHE = Path(os.environ.get("CHRONIQUE_BENCH_CACHE", "/tmp/chronique-bench-cache"))
CACHED_FROM = 1_000_000
NAME = "Bench"
PROJECTIONS = ("sheets", "xp", "draws", "luck", "log", "moments")
TARGETS = {"rebuild": 0.25, "verify": 0.33}  # issue 20: each projection's rebuild ≥ 0.25
BASELINES = {"rebuild": "raw-decode", "verify": "raw-hash"}
LABELS = {"raw-decode": "sqlite3 read + orjson decode", "raw-hash": "sqlite3 read + hashlib"}


def code_version() -> str:
    """A hash of the code that writes a generated journal: domain/ (its Cartes ruleset only, the
    one the campaign plays), adapters/ and bench/generate.py, with the Python and SQLite versions.
    Read models are rebuilt by every run, so projections/ and migrations/ are not part of it."""
    digest = hashlib.sha256(f"{sys.version}|{sqlite3.sqlite_version}".encode())
    rulesets = ROOT / "domain" / "rulesets"
    files = [ROOT / "bench" / "generate.py"]
    for folder in ("domain", "adapters"):
        files += sorted(
            p
            for p in (ROOT / folder).rglob("*")
            if p.suffix in (".py", ".toml")
            and "__pycache__" not in p.parts
            and (p.parent == rulesets or not p.is_relative_to(rulesets) or p.is_relative_to(rulesets / "cartes"))
        )
    for path in files:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def journal(events: int, folder: Path) -> tuple[Path, str]:
    """A fresh journal of a ``events``-event campaign in ``folder``, and how it was obtained."""
    # Imported here, not at the top: a baseline child must not carry Chronique in its memory.
    from generate import generate

    from chronique.adapters.bootstrap import build

    target = folder / f"journal-{events}.db"
    cached = CACHE / code_version() / f"journal-{events}.db"
    if events >= CACHED_FROM and cached.exists():
        shutil.copyfile(cached, target)
        return target, f"copied from the cache {cached}"
    services = build(str(target))
    start = time.perf_counter()
    generate(services, events, NAME, snapshots=False)
    services.close()
    how = f"generated in {time.perf_counter() - start:.0f} s"
    if events >= CACHED_FROM:
        for stale in CACHE.glob("*"):  # journals of older code: a million events is 700 MB
            if stale != cached.parent:
                shutil.rmtree(stale)
        cached.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(target, cached.with_suffix(".tmp"))
        cached.with_suffix(".tmp").rename(cached)
        how += f", kept in the cache {cached}"
    return target, how


def child(kind: str, path: str) -> dict[str, Any]:
    """One measurement in this process (``rebuild:<projection>``, ``verify`` or a raw baseline):
    seconds and events."""
    if kind == "raw-decode":
        start = time.perf_counter()
        connection = sqlite3.connect(path)
        # The same decoder as the journal's (adapters/journal.py): a slower stdlib baseline would
        # flatter every rebuild ratio (issue 20).
        events = sum(1 for (state,) in connection.execute("SELECT state FROM stored_events ORDER BY rowid") if orjson.loads(state))
        connection.close()
        return {"seconds": time.perf_counter() - start, "events": events}
    if kind == "raw-decode-pg":
        import psycopg

        start = time.perf_counter()
        with psycopg.connect(path) as connection:
            table = _pg_events_table(connection)
            rows = connection.execute(f"SELECT state FROM {table} ORDER BY notification_id")
            events = sum(1 for (state,) in rows if orjson.loads(state))
        return {"seconds": time.perf_counter() - start, "events": events}
    if kind == "raw-hash":
        start = time.perf_counter()
        connection = sqlite3.connect(path)
        query = "SELECT originator_id, originator_version, topic, state FROM stored_events ORDER BY rowid"
        events = sum(1 for _, _, _, state in connection.execute(query) if hashlib.sha256(state).hexdigest())
        connection.close()
        return {"seconds": time.perf_counter() - start, "events": events}
    from chronique.adapters.bootstrap import build

    services = build(path)
    if kind.startswith("rebuild:"):
        models = services.read_models
        assert models is not None
        models.upgrade()  # the tables exist in any journal in use: `chronique init`
        start = time.perf_counter()
        models.rebuild([kind.split(":", 1)[1]])
        seconds = time.perf_counter() - start
        events = services.journal.recorder.max_notification_id() or 0
    else:
        start = time.perf_counter()
        report = services.audit.verify(NAME)
        seconds = time.perf_counter() - start
        assert report.ok, report.summary()
        events = report.events
    services.close()
    return {"seconds": seconds, "events": events}


def _pg_events_table(connection: Any) -> str:
    """The events' table of the one journal in a PostgreSQL database (eventsourcing's
    ``<app>_events``), schema-qualified."""
    found = connection.execute(
        "SELECT table_schema, table_name FROM information_schema.tables WHERE table_name LIKE '%%\\_events' "
        "AND table_schema NOT IN ('pg_catalog', 'information_schema')"
    ).fetchall()
    if len(found) != 1:
        raise RuntimeError(f"expected one events table in the benchmark's database, found {found}")
    return f'"{found[0][0]}"."{found[0][1]}"'


def postgres_rows(events: int, runs: int, projections: tuple[str, ...]) -> tuple[list[Row], str]:
    """The rebuild of each of ``projections`` on a fresh PostgreSQL database of an
    ``events``-event campaign, each in a child process, beside psycopg reading every row and
    decoding it with orjson, same run (issue 20: PostgreSQL must not regress)."""
    from generate import Row, fresh_postgres, generate, postgres_available

    unavailable = postgres_available()
    if unavailable:
        raise RuntimeError(f"the PostgreSQL rows need the server: {unavailable}")
    from chronique.adapters.bootstrap import build

    found = []
    with fresh_postgres() as url:
        services = build(url)
        start = time.perf_counter()
        generate(services, events, NAME, snapshots=False)
        services.close()
        how = f"{events:,}-event journal on PostgreSQL generated in {time.perf_counter() - start:.0f} s"
        base = _fastest([measure("raw-decode-pg", url) for _ in range(runs)])
        for name in projections:
            best = _fastest([measure(f"rebuild:{name}", url) for _ in range(runs)])
            rate, raw_rate = best["events"] / best["seconds"], base["events"] / base["seconds"]
            found.append(
                Row(
                    f"rebuild of the {name} projection on PostgreSQL, {best['events']:,} events",
                    f"{best['seconds']:.2f} s, {rate:,.0f} events/s, peak {best['peak_mib']:.0f} MiB",
                    f"psycopg read + orjson decode: {base['seconds']:.2f} s, {raw_rate:,.0f} events/s",
                    rate / raw_rate,
                    TARGETS["rebuild"],
                )
            )
    return found, how


def measure(kind: str, path: Path | str) -> dict[str, Any]:
    """One measurement in a child process of its own: seconds, events and peak memory in MiB."""
    done = subprocess.run([sys.executable, __file__, "--child", kind, str(path)], capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"the {kind} child failed with status {done.returncode}: {done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout)


def peak_mib() -> float:
    """This process's peak resident memory since it started (VmHWM), in MiB. Not ``ru_maxrss``
    of the child: Linux carries the forking parent's high-water mark over ``exec`` into it."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc/self/status")


def rows(events: int, runs: int, projections: tuple[str, ...] = PROJECTIONS) -> tuple[list[Row], str]:
    """The rows at one size — the rebuild of each of ``projections`` (``chronique db rebuild``
    replays the log once per projection) and verify — and how its journal was obtained."""
    from generate import Row

    folder = Path(tempfile.mkdtemp(prefix="chronique-bench-"))
    path, how = journal(events, folder)
    raw = {name: _fastest([measure(name, path) for _ in range(runs)]) for name in LABELS}
    found = []
    for kind in [f"rebuild:{name}" for name in projections] + ["verify"]:
        best = _fastest([measure(kind, path) for _ in range(runs)])
        baseline = BASELINES[kind.split(":")[0]]
        base = raw[baseline]
        rate, raw_rate = best["events"] / best["seconds"], base["events"] / base["seconds"]
        what = f"rebuild of the {kind.split(':')[1]} projection" if ":" in kind else "verify"
        found.append(
            Row(
                f"{what}, {best['events']:,} events",
                f"{best['seconds']:.2f} s, {rate:,.0f} events/s, peak {best['peak_mib']:.0f} MiB",
                f"{LABELS[baseline]}: {base['seconds']:.2f} s, {raw_rate:,.0f} events/s, peak {base['peak_mib']:.0f} MiB",
                rate / raw_rate,
                TARGETS[kind.split(":")[0]],
            )
        )
    shutil.rmtree(folder, ignore_errors=True)
    return found, f"{events:,}-event journal {how}"


def _fastest(measures: list[dict[str, Any]]) -> dict[str, Any]:
    # The fastest run's time with the largest peak memory of all runs.
    return min(measures, key=lambda m: m["seconds"]) | {"peak_mib": max(m["peak_mib"] for m in measures)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, nargs="*", default=[100_000, 1_000_000])
    parser.add_argument("--runs", type=int, default=1, help="Children per measure (the fastest is shown, the largest peak).")
    parser.add_argument("--projections", nargs="+", default=list(PROJECTIONS), choices=PROJECTIONS)
    parser.add_argument("--postgres", type=int, nargs="*", default=[], metavar="EVENTS", help="The rebuilds on PostgreSQL at these sizes.")
    parser.add_argument("--child", nargs=2, metavar=("KIND", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(*args.child) | {"peak_mib": peak_mib()}))
        return 0
    from generate import table

    found, notes = [], []
    for events in args.events:
        more, note = rows(events, args.runs, tuple(args.projections))
        found += more
        notes.append(note)
        print(note, file=sys.stderr)
    for events in args.postgres:
        more, note = postgres_rows(events, args.runs, tuple(args.projections))
        found += more
        notes.append(note)
        print(note, file=sys.stderr)
    print(table(found))
    print("\n".join(f"- {note}" for note in notes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
