"""The pacing daemon's log, read by a GM between sessions (the round-5 play-test): the real
daemon in a subprocess over a real journal."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from test_daemon import ADVANCED, MONDAY, campaign_after_a_session, cli, clock, env, wait_until

pytestmark = pytest.mark.slow


def test_a_daemon_logs_what_it_did_not_its_schedulers_ticks_or_migrations_ruling_tb9(tmp_path: Path) -> None:
    """README ("Deaths, failed survival draws and lasting maluses go to the daemon's log"): without
    --verbose the log said, every tick, "Running job pace_all ..." and "... executed successfully",
    and on a journal's first read every Alembic plugin and migration's docstring."""
    db = tmp_path / "journal.db"
    spec = clock(MONDAY, 3600)
    campaign_after_a_session(db, spec)
    cli(db, spec, "pace", "set", "Verdelune", "--ratio", "1")
    log = tmp_path / "daemon.log"
    command = [sys.executable, "-m", "chronique.cli", "daemon", "--tick", "0.2", "--log-file", str(log)]
    process = subprocess.Popen(command, env=env(db, spec), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until(lambda: log.exists() and log.read_text(encoding="utf-8").count(ADVANCED) >= 3)
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 0
    said = log.read_text(encoding="utf-8")
    assert "daemon started" in said and "daemon stopped" in said
    for noise in ("Running job", "executed successfully", "Adding job", "alembic", "Running upgrade", "Context impl"):
        assert noise not in said, said
