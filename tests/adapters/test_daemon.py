"""The real daemon in a subprocess on a real journal, with wall time accelerated or frozen by the
test-only CHRONIQUE_TEST_CLOCK (issue 8)."""

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
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

from support import payload, sample, scripted_services, stored

from chronique.adapters.bootstrap import build
from chronique.adapters.services import Chronique
from chronique.domain.character import Character
from chronique.domain.gametime import HOUR, WEEK
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes.combat import suffer_wound
from chronique.domain.world import World

MONDAY = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)  # a Monday, 08:00 UTC


def clock(fake: datetime, speed: float) -> str:
    """A test clock: ``fake`` now, running ``speed`` times faster than real time (0: frozen)."""
    return f"{fake.isoformat()}@{time.time()}@{speed}"


def env(db: str | Path, spec: str) -> dict[str, str]:
    return dict(os.environ, CHRONIQUE_DB=str(db), CHRONIQUE_TEST_CLOCK=spec)


def cli(db: str | Path, spec: str, *args: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "chronique.cli", *args], capture_output=True, text=True, env=env(db, spec), timeout=120)
    assert result.returncode == 0, result.stderr
    return result


@contextmanager
def daemon(db: str | Path, spec: str, tick: float = 0.2) -> Iterator[subprocess.Popen[str]]:
    """The daemon running, its log in a file named after the journal; stopped with SIGTERM (it must then exit 0)."""
    log = log_of(db)
    started = log.read_text(encoding="utf-8").count("daemon started") if log.exists() else 0
    with log.open("a", encoding="utf-8") as sink:
        command = [sys.executable, "-m", "chronique.cli", "daemon", "--tick", str(tick)]
        process = subprocess.Popen(command, env=env(db, spec), stderr=sink, stdout=subprocess.DEVNULL, text=True)
        try:
            wait_until(lambda: log.read_text(encoding="utf-8").count("daemon started") > started, seconds=60)
            yield process
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()  # leave no daemon behind, then fail: SIGTERM must stop it
                raise
            assert process.returncode in (0, -signal.SIGKILL), log.read_text(encoding="utf-8")[-3000:]


def wait_until(condition, seconds: float = 30) -> None:  # noqa: ANN001
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError("timed out")


def log_of(db: str | Path) -> Path:
    """Where the daemon of the journal ``db`` logs (one file per journal, in the temporary folder)."""
    return Path(tempfile.gettempdir()) / f"chronique-daemon-{hashlib.sha1(str(db).encode()).hexdigest()[:12]}.log"


def advances(db: str | Path) -> list[tuple[int, int]]:
    """(from, to) of every TimeAdvanced recorded, straight from the stored rows."""
    return [
        (json.loads(state)["from_time"], json.loads(state)["to_time"])
        for _, _, topic, state in stored(db)
        if topic.endswith("TimeAdvanced")
    ]


def count(db: str | Path, topic: str) -> int:
    return sum(1 for _, _, stored_topic, _ in stored(db) if stored_topic.endswith(topic))


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
    # Each tick brings the clock to the ratio's target: about a game hour per real second.
    gained = steps[-1][1] - start
    assert HOUR <= gained <= 60 * HOUR


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
    with daemon(db, clock(MONDAY + timedelta(hours=1), 0)):
        wait_until(lambda: len(advances(db)) == 1)
        time.sleep(1)  # several more ticks: the target has not moved, so nothing more happens
    assert advances(db) == [(start, start + HOUR)]
    with daemon(db, clock(MONDAY + timedelta(days=7, hours=1), 0)):
        wait_until(lambda: len(advances(db)) == 2)
        time.sleep(1)
    assert advances(db) == [(start, start + HOUR), (start + HOUR, start + HOUR + WEEK)]


def test_a_campaign_with_an_open_session_is_never_advanced(db: str) -> None:
    spec = clock(MONDAY, 3600)
    campaign_after_a_session(db, spec)
    cli(db, spec, "pace", "set", "Verdelune", "--ratio", "1")
    cli(db, spec, "session", "start", "Verdelune")
    with daemon(db, spec):
        time.sleep(2.5)
    assert advances(db) == []
    ended = time.time()
    cli(db, spec, "session", "end", "Verdelune")  # pacing resumes from the session's end
    with daemon(db, spec):
        wait_until(lambda: len(advances(db)) >= 1)
        # A game hour per real second since the session's end at most: counted from the pacing's
        # setting instead, the advance would also hold the 2.5 s the daemon ran during the session.
        assert advances(db)[0][1] - advances(db)[0][0] <= (time.time() - ended) * HOUR


def crowded(db: Path, characters: int) -> None:
    """A campaign whose many characters each carry a Faible wound: a long advance of survival draws."""
    services = build(str(db))  # the real vault: the daemon reads the seeds from the same file
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
    services.journal.close()


def copy(source: Path, target: Path) -> None:
    with sqlite3.connect(source) as a, sqlite3.connect(target) as b:
        a.backup(b)


def test_kill_9_in_a_long_advance_then_restart_gives_the_uninterrupted_log(tmp_path: Path) -> None:
    crashed, clean = tmp_path / "crashed.db", tmp_path / "clean.db"
    crowded(crashed, 1000)
    copy(crashed, clean)
    frozen = clock(MONDAY, 0)
    cli(crashed, frozen, "pace", "set", "Verdelune", "--ratio", "1")
    copy(crashed, clean)
    rows = count(crashed, "")
    later = clock(MONDAY + timedelta(days=2), 0)
    with daemon(crashed, later) as process:
        time.sleep(0.5)  # the advance of a thousand characters takes seconds: kill it midway
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    assert count(crashed, "") == rows, "a killed advance must leave the journal as it was"
    for journal in (crashed, clean):
        with daemon(journal, later):
            wait_until(lambda j=journal: len(advances(j)) == 1, seconds=120)
    assert events_after(crashed, rows) == events_after(clean, rows)


def events_after(db: Path, rows: int) -> list[tuple[str, int, dict]]:
    services = scripted_services(db)
    events = services.log("Verdelune")[rows:]
    return [(name, version, {k: v for k, v in fields.items() if k != "real"}) for name, version, fields in map(payload, events)]


def test_a_cli_writer_hammering_the_campaign_while_the_daemon_runs_loses_nothing(db: str) -> None:
    spec = clock(MONDAY, 3600)
    campaign_after_a_session(db, spec)
    cli(db, spec, "pace", "set", "Verdelune", "--ratio", "1")
    with daemon(db, spec, tick=0.1):
        for n in range(15):
            cli(db, spec, "draw", "Verdelune", "--reason", f"hammer {n}")
    services: Chronique = scripted_services(db)
    drawn = [e for e in services.log("Verdelune") if type(e).__qualname__ == "Deck.CardsDrawn" and e.purpose.startswith("hammer")]
    assert sorted(e.purpose for e in drawn) == sorted(f"hammer {n}" for n in range(15))
    assert len(advances(db)) >= 2
    assert services.audit.verify("Verdelune").ok
    assert [to for _, to in advances(db)] == sorted({to for _, to in advances(db)})  # no tick applied twice
