"""Many writers and many campaigns on PostgreSQL (issue 9): real processes on a real server."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from collections import Counter
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from support import fresh_database, scripted_services, stored
from test_daemon import MONDAY, advances, campaign_after_a_session, cli, clock, daemon, wait_until

from chronique.adapters.bootstrap import build
from chronique.domain.gametime import HOUR, WEEK

WRITER = textwrap.dedent(
    """
    import sys
    from chronique.adapters.bootstrap import build
    from chronique.domain.rulesets.cartes.table import gm_draw

    db, writer, writes = sys.argv[1], sys.argv[2], int(sys.argv[3])
    services = build(db)
    for n in range(writes):
        services.act("Verdelune", lambda w: gm_draw(w, 1, "", f"{writer}:{n}", False))
    services.close()
    """
)

# Writer processes and daemons in subprocesses: end-to-end runs that `-m "not slow"` leaves out.
pytestmark = pytest.mark.slow


@pytest.fixture
def postgres(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh PostgreSQL journal (these tests are about PostgreSQL's many writers)."""
    if request.config.getoption("backend") and "postgresql" not in request.config.getoption("backend"):
        pytest.skip("PostgreSQL was not among the chosen backends")
    with fresh_database("postgresql", tmp_path) as url:
        yield url


def test_writers_and_two_daemons_on_one_campaign_lose_and_duplicate_nothing(postgres: str) -> None:
    db, spec = postgres, clock(MONDAY, 3600)  # a real second is a game hour
    campaign_after_a_session(db, spec)
    cli(db, spec, "pace", "set", "Verdelune", "--ratio", "1")
    writers, writes = 4, 600
    with daemon(db, spec, tick=0.1), daemon(db, spec, tick=0.1):
        processes = [
            subprocess.Popen([sys.executable, "-c", WRITER, db, f"w{k}", str(writes)], stderr=subprocess.PIPE, text=True)
            for k in range(writers)
        ]
        for process in processes:
            _, errors = process.communicate(timeout=600)
            assert process.returncode == 0, errors[-3000:]
    services = scripted_services(db)
    drawn = [e.purpose for e in services.log("Verdelune") if type(e).__qualname__ == "Deck.CardsDrawn"]
    expected = {f"w{k}:{n}" for k in range(writers) for n in range(writes)}
    assert set(drawn) == expected, "a write was lost"
    assert len(drawn) == len(expected), "a write was recorded twice"
    steps = advances(db)
    assert len(steps) >= 2
    assert all(a[1] == b[0] for a, b in zip(steps, steps[1:], strict=False)), "two daemons applied a tick twice"
    versions = Counter((originator, version) for originator, version, _, _ in stored(db))
    assert max(versions.values()) == 1
    assert services.audit.verify("Verdelune").ok
    services.close()


def test_one_daemon_paces_many_campaigns_each_once_per_period(postgres: str, monkeypatch: pytest.MonkeyPatch) -> None:
    db = postgres
    monkeypatch.setenv("CHRONIQUE_TEST_CLOCK", clock(MONDAY, 0))  # Monday 08:00, frozen
    names = [f"Table {n}" for n in range(12)]
    services = build(db)
    for name in names:
        services.create_campaign(name, "cartes", "Day 1 08:00")
        services.set_pacing(name, None, "mon 09:00", WEEK, "UTC", None)
    services.close()
    start = 8 * HOUR
    for period in (1, 2):
        # The daemon runs during the period's Monday, at 10:00: each campaign moves one week, once.
        with daemon(db, clock(MONDAY + timedelta(weeks=period - 1, hours=2), 0), tick=0.2) as running:
            wait_until(lambda n=period: sorted(map(len, by_campaign(db).values())) == [n] * len(names), seconds=120)
            running.wait_for_more_checks(3)  # the target has not moved: these checks must advance nothing
        assert sorted(by_campaign(db).values()) == [[(start + k * WEEK, start + (k + 1) * WEEK) for k in range(period)]] * len(names)


def by_campaign(db: str) -> dict[str, list[tuple[int, int]]]:
    """Each campaign's advances (from, to), in order."""
    found: dict[str, list[tuple[int, int]]] = {}
    for originator, _, topic, state in stored(db):
        if topic.endswith("TimeAdvanced"):
            advanced = json.loads(state)
            found.setdefault(originator, []).append((advanced["from_time"], advanced["to_time"]))
    return found
