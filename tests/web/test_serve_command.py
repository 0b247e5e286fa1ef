"""``chronique serve`` refuses what it cannot serve in one line (exit 2), before it says it serves."""

from __future__ import annotations

import socket
from pathlib import Path

from support import chronique, run


def test_a_port_already_taken_is_one_line_and_exit_2(db: str) -> None:
    run(db, "init")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        refused = chronique(db, "serve", "--port", str(port), check=False)
    assert refused.returncode == 2
    said = f"error: cannot listen on 127.0.0.1 port {port}: Address already in use (another `--port` or `--host`?)"
    assert refused.stderr.splitlines() == [said]


def test_serving_a_journal_that_does_not_exist_creates_nothing(empty_db: str) -> None:
    refused = chronique(empty_db, "serve", check=False)
    assert refused.returncode == 2 and len(refused.stderr.splitlines()) == 1 and "chronique init" in refused.stderr
    # A server that refused to start makes no journal: no file, or no table in the empty database.
    assert made_nothing(empty_db)


def made_nothing(db: str) -> bool:
    if "://" not in db:
        return not Path(db).exists()
    import psycopg

    with psycopg.connect(db) as connection:
        return connection.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").fetchone() == (0,)
