"""The real daemon in a subprocess on a real journal, with wall time accelerated or frozen by the
test-only CHRONIQUE_TEST_CLOCK (issue 8). Nothing here sleeps and hopes: every wait is on something
the daemon wrote, a line of its log or a row of the journal (issue 19)."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from support import POSTGRES_SERVER, fresh_database, payload, sample, scripted_services, stored

from chronique.adapters.bootstrap import build
from chronique.adapters.services import Chronique
from chronique.domain.character import Character
from chronique.domain.gametime import HOUR, WEEK, spanning
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes.combat import suffer_wound
from chronique.domain.world import World

MONDAY = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)  # a Monday, 08:00 UTC

# The real daemon in subprocesses: the end-to-end runs that `-m "not slow"` leaves out.
pytestmark = pytest.mark.slow

# What the daemon logs (adapters/scheduler.py), in the words a GM reads.
STARTED = "daemon started"
CHECKED = "pacing check done"
ADVANCING = "Verdelune: advancing from"
ADVANCED = "Verdelune: advanced from"


def clock(fake: datetime, speed: float) -> str:
    """A test clock: ``fake`` now, running ``speed`` times faster than real time (0: frozen)."""
    return f"{fake.isoformat()}@{time.time()}@{speed}"


def env(db: str | Path, spec: str) -> dict[str, str]:
    return dict(os.environ, CHRONIQUE_DB=str(db), CHRONIQUE_TEST_CLOCK=spec)


def cli(db: str | Path, spec: str, *args: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "chronique.cli", *args], capture_output=True, text=True, env=env(db, spec), timeout=120)
    assert result.returncode == 0, result.stderr
    return result


def wait_until(condition: Callable[[], bool], seconds: float = 30, every: float = 0.1) -> None:
    """Poll ``condition`` every ``every`` seconds until it holds; fail after ``seconds``."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return
        time.sleep(every)
    raise AssertionError("timed out")


def log_of(db: str | Path) -> Path:
    """Where the daemon of the journal ``db`` logs (one file per journal, in the temporary folder)."""
    return Path(tempfile.gettempdir()) / f"chronique-daemon-{hashlib.sha1(str(db).encode()).hexdigest()[:12]}.log"


class Running:
    """A daemon process a test started, and what its journal's log gained since it started."""

    def __init__(self, process: subprocess.Popen[str], log: Path, start: int) -> None:
        self.process = process
        self._log = log
        self._start = start

    def log(self) -> str:
        """The log written since this daemon started."""
        with self._log.open("rb") as file:
            file.seek(self._start)
            return file.read().decode("utf-8", errors="replace")

    def count(self, text: str) -> int:
        """How many times ``text`` was logged since this daemon started."""
        return self.log().count(text)

    def wait_for(self, text: str, times: int = 1, seconds: float = 60, every: float = 0.1) -> None:
        """Wait until ``text`` has been logged ``times`` times; fail at once if the daemon died."""

        def seen() -> bool:
            assert self.process.poll() is None, f"the daemon exited with {self.process.returncode}:\n{self.log()[-3000:]}"
            return self.count(text) >= times

        try:
            wait_until(seen, seconds, every)
        except AssertionError as timeout:
            raise AssertionError(f"{text!r} was not logged {times} time(s) in {seconds} s:\n{self.log()[-3000:]}") from timeout

    def wait_for_more_checks(self, checks: int) -> None:
        """Wait until ``checks`` more pacing checks have completed. The one under way when this is
        called may be the last that changed anything: all the others started afterwards."""
        self.wait_for(CHECKED, times=self.count(CHECKED) + checks)


@contextmanager
def running(db: str | Path, spec: str, tick: float = 0.2) -> Iterator[Running]:
    """The daemon running with its every pacing check logged (``--verbose``), its log appended to a
    file named after the journal; killed on the way out if it still runs (a failed test leaves no
    daemon behind). How it must have ended is the caller's to say."""
    log = log_of(db)
    with log.open("a", encoding="utf-8") as sink:
        start = sink.tell()
        command = [sys.executable, "-m", "chronique.cli", "daemon", "--tick", str(tick), "--verbose"]
        process = subprocess.Popen(command, env=env(db, spec), stderr=sink, stdout=subprocess.DEVNULL, text=True)
        try:
            daemon = Running(process, log, start)
            daemon.wait_for(STARTED)
            yield daemon
        finally:
            if process.poll() is None:
                process.kill()
                process.wait(timeout=60)


@contextmanager
def daemon(db: str | Path, spec: str, tick: float = 0.2) -> Iterator[Running]:
    """The daemon running, then stopped with SIGTERM: it must exit 0, having let any advance finish."""
    with running(db, spec, tick) as started:
        yield started
        started.process.send_signal(signal.SIGTERM)
        try:
            started.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"SIGTERM did not stop the daemon in 60 s:\n{started.log()[-3000:]}") from None
        assert started.process.returncode == 0, started.log()[-3000:]
        assert "daemon stopped" in started.log()


def advances(db: str | Path) -> list[tuple[int, int]]:
    """(from, to) of every TimeAdvanced recorded, straight from the stored rows."""
    return [
        (json.loads(state)["from_time"], json.loads(state)["to_time"])
        for _, _, topic, state in stored(db)
        if topic.endswith("TimeAdvanced")
    ]


def campaign_after_a_session(db: str | Path, spec: str) -> int:
    """A Cartes campaign whose first session has ended; returns its clock."""
    cli(db, spec, "campaign", "new", "Verdelune", "--ruleset", "cartes")
    cli(db, spec, "character", "new", "Verdelune", "--sheet", str(Path(__file__).parents[2] / "cli" / "samples" / "alice.toml"))
    cli(db, spec, "session", "start", "Verdelune")
    cli(db, spec, "session", "end", "Verdelune")
    return 8 * HOUR


def test_a_ratio_pacing_advances_the_clock_tick_after_tick(db: str) -> None:
    spec = clock(MONDAY, 3600)  # a real second is a game hour
    start = campaign_after_a_session(db, spec)
    cli(db, spec, "pace", "set", "Verdelune", "--ratio", "1")
    with daemon(db, spec):
        wait_until(lambda: len(advances(db)) >= 4)
    steps = advances(db)
    assert steps[0][0] == start and all(a[1] == b[0] for a, b in zip(steps, steps[1:], strict=False))
    assert all(to > since for since, to in steps)  # every tick moves the clock on
    # Each tick brings the clock to the ratio's target: a game hour per real second. Four ticks
    # span three of the daemon's 0.2 s intervals at least (half that allowed for the scheduler's
    # jitter), and the whole test well under a minute; how long the daemon took to start after
    # the pacing was set is not known, hence the range.
    gained = steps[-1][1] - start
    assert 3 * 0.2 / 2 * HOUR <= gained <= 60 * HOUR


def test_a_scheduled_pacing_fires_on_its_times(db: str) -> None:
    spec = clock(MONDAY, 86400)  # a real second is a day
    start = campaign_after_a_session(db, spec)
    cli(db, spec, "pace", "set", "Verdelune", "--every", "mon 09:00", "--advance", "1w")
    with daemon(db, spec):
        wait_until(lambda: len(advances(db)) >= 2, seconds=40)
    # Monday 09:00 then the next Monday 09:00: one week each time, never more.
    assert [to for _, to in advances(db)][:2] == [start + WEEK, start + 2 * WEEK]


def test_a_daemon_down_for_a_week_catches_up_once(db: str) -> None:
    frozen = clock(MONDAY, 0)
    start = campaign_after_a_session(db, frozen)
    cli(db, frozen, "pace", "set", "Verdelune", "--ratio", "1")
    with daemon(db, clock(MONDAY + timedelta(hours=1), 0)) as running_an_hour_later:
        wait_until(lambda: len(advances(db)) == 1)
        running_an_hour_later.wait_for_more_checks(3)  # the wall clock is frozen: the target cannot move
    assert advances(db) == [(start, start + HOUR)]
    with daemon(db, clock(MONDAY + timedelta(days=7, hours=1), 0)) as running_a_week_later:
        wait_until(lambda: len(advances(db)) == 2)
        running_a_week_later.wait_for_more_checks(3)
    assert advances(db) == [(start, start + HOUR), (start + HOUR, start + HOUR + WEEK)]


def test_a_campaign_with_an_open_session_is_never_advanced(db: str) -> None:
    frozen = clock(MONDAY, 0)
    start = campaign_after_a_session(db, frozen)
    cli(db, frozen, "pace", "set", "Verdelune", "--ratio", "1")
    cli(db, frozen, "session", "start", "Verdelune")
    five_hours_later = clock(MONDAY + timedelta(hours=5), 0)
    with daemon(db, five_hours_later) as in_play:
        # Pacing checks that each found the campaign five hours behind its pacing, but in play.
        in_play.wait_for_more_checks(3)
        assert f"{CHECKED}: 0 campaigns due, 0 advanced" in in_play.log()
    assert advances(db) == []
    cli(db, five_hours_later, "session", "end", "Verdelune")
    with daemon(db, clock(MONDAY + timedelta(hours=7), 0)):
        wait_until(lambda: len(advances(db)) == 1)
    # Pacing resumes from the session's end, two hours ago; counted from the pacing's setting,
    # seven hours ago, the advance would also hold the five hours of play.
    assert advances(db) == [(start, start + 2 * HOUR)]


def crowded(db: str | Path, characters: int) -> None:
    """A campaign whose many characters each carry a Faible wound: a long advance of survival draws."""
    services = build(str(db))  # the real vault: the daemon reads the seeds from the same journal
    services.create_campaign("Verdelune", "cartes", None)
    rules = ruleset("cartes")

    def recruit(world: World) -> None:
        for n in range(characters):
            sheet, condition = rules.new_character(dict(sample("alice"), name=f"Soldier {n}"))
            character = Character.create(world.campaign.id, sheet["name"], "cartes", sheet, condition)
            world.campaign.join(character.id, "character", character.name)
            world.characters[character.id] = character

    services.act("Verdelune", recruit)
    services.start_session("Verdelune")

    def drill(world: World) -> None:
        for character in list(world.characters.values()):
            suffer_wound(world, character.name, 2, "faible", "drill")

    services.act("Verdelune", drill)
    services.end_session("Verdelune")
    services.close()


@contextmanager
def copy_of(db: str, folder: Path) -> Iterator[str]:
    """A byte-for-byte copy of the journal ``db``, seed vault included: the SQLite file through
    SQLite's backup, the PostgreSQL database as the template of a new one (dropped after)."""
    if not db.startswith("postgresql"):
        copy = str(folder / f"copy-{uuid.uuid4().hex[:8]}.db")
        with sqlite3.connect(db) as source, sqlite3.connect(copy) as target:
            source.backup(target)
        yield copy
        return
    import psycopg

    original, name = db.rsplit("/", 1)[1], f"chronique_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(f"{POSTGRES_SERVER}/postgres", autocommit=True) as admin:
        # A template must have no other session: close the ones this test process pooled while
        # building the journal (nothing else runs on it now).
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (original,))
        admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{original}"')
        try:
            yield f"{POSTGRES_SERVER}/{name}"
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def events_after(db: str, rows: int) -> list[tuple[str, int, dict[str, Any]]]:
    """The campaign's events recorded after its first ``rows``, whole but for what wall time sets:
    - ``timestamp``: when the event was stored; two runs store at two different moments;
    - ``prev_hash``: the previous event's hash, and that hash covers its timestamp. The chains
      themselves are checked by the audit instead (each link names its predecessor's hash).
    Every other field — times, cards, draw places, epochs, salts, outcomes — must be equal."""
    services = scripted_services(db)
    try:
        return [payload(event) for event in services.log("Verdelune")[rows:]]
    finally:
        services.close()


def test_kill_9_in_a_long_advance_then_restart_gives_the_uninterrupted_log(backend: str, tmp_path: Path) -> None:
    """README, "Between sessions": a daemon killed in the middle leaves the journal as it was, and
    the restarted daemon records the same events as one never interrupted. The clean twin is a copy
    of the journal (seed vault included) taken before either daemon ran, so both draw the same seeds."""
    with fresh_database(backend, tmp_path) as crashed:
        crowded(crashed, 600)  # six hundred survival draws: an advance of seconds, never over within a poll
        frozen = clock(MONDAY, 0)
        cli(crashed, frozen, "pace", "set", "Verdelune", "--ratio", "1")
        with copy_of(crashed, tmp_path) as clean:
            before = stored(crashed)
            two_days_later = clock(MONDAY + timedelta(days=2), 0)
            with running(crashed, two_days_later) as doomed:
                doomed.wait_for(f"{ADVANCING} Day 1 08:00 to Day 3 08:00", every=0.02)
                doomed.process.send_signal(signal.SIGKILL)
                doomed.process.wait(timeout=30)
                assert doomed.process.returncode == -signal.SIGKILL
                assert ADVANCED not in doomed.log(), "the advance was over before the kill: make it longer"
            assert stored(crashed) == before, "a killed advance must leave the journal as it was"
            for journal in (crashed, clean):
                with daemon(journal, two_days_later) as restarted:
                    restarted.wait_for(f"{ADVANCED} Day 1 08:00 to Day 3 08:00")
                assert advances(journal) == [(8 * HOUR, 8 * HOUR + 2 * 24 * HOUR)]
                services = scripted_services(journal)
                assert services.audit.verify("Verdelune").ok
                services.close()
            resumed, uninterrupted = events_after(crashed, len(before)), events_after(clean, len(before))
            assert len(resumed) == len(uninterrupted)
            for n, (got, expected) in enumerate(zip(resumed, uninterrupted, strict=True)):
                assert got == expected, f"event {n} after the kill differs from the uninterrupted run's"


def test_a_cli_writer_hammering_the_campaign_while_the_daemon_runs_loses_nothing(db: str) -> None:
    spec = clock(MONDAY, 3600)  # each 0.1 s tick moves the target by six game minutes: every check advances
    start = campaign_after_a_session(db, spec)
    cli(db, spec, "pace", "set", "Verdelune", "--ratio", "1")
    with daemon(db, spec, tick=0.1) as pacing:
        for n in range(15):
            cli(db, spec, "cartes", "draw", "Verdelune", "--reason", f"hammer {n}")
            # The next advance announced starts after this draw was stored (advances run one at a
            # time): once it is over, the journal must hold it after this draw, before the next one.
            pacing.wait_for(ADVANCED, times=pacing.count(ADVANCING) + 1)
    logged = [line.split(ADVANCED, 1)[1].split(";")[0].strip() for line in pacing.log().splitlines() if ADVANCED in line]
    services: Chronique = scripted_services(db)
    log = services.log("Verdelune")
    drawn = [e for e in log if type(e).__qualname__ == "Deck.CardsDrawn" and e.purpose.startswith("hammer")]
    assert [e.purpose for e in drawn] == [f"hammer {n}" for n in range(15)]
    steps = advances(db)
    # How many ticks ran is wall-time dependent; what makes them right is not: they chain from the
    # session's end without a gap or an overlap (no tick applied twice, none lost)...
    assert steps[0][0] == start and all(a[1] == b[0] and a[0] < a[1] for a, b in zip(steps, steps[1:], strict=False))
    # ... each is the very advance the daemon reported, once ...
    calendar = services.calendar(services.campaign("Verdelune"))
    # Each to the second when minutes alone would hide part of its span (ruling TB10).
    assert logged == [f"{spanning(calendar, a, b)(a)} to {spanning(calendar, a, b)(b)}" for a, b in steps]
    # ... and the daemon wrote between every two draws of the writer.
    hammered = {id(e) for e in drawn}
    order = "".join("D" if id(e) in hammered else "A" for e in log if id(e) in hammered or type(e).__qualname__ == "Campaign.TimeAdvanced")
    assert "DD" not in order, order
    assert services.audit.verify("Verdelune").ok
    services.close()
