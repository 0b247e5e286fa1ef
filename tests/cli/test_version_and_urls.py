"""``chronique --version`` (issue 15), and a PostgreSQL URL that cannot be reached fails at once
with its real cause in one line, exit 1, instead of the pool's "couldn't get a connection after
30.00 sec" (the journal's location is probed with a short connect timeout first)."""

from __future__ import annotations

import uuid
from importlib import metadata
from pathlib import Path
from urllib.parse import urlsplit

from support import fresh_database, run


def test_version_prints_the_installed_version_and_opens_no_journal(tmp_path: Path) -> None:
    journal = tmp_path / "chronique.db"
    result = run(journal, "--version")
    assert (result.returncode, result.stdout, result.stderr) == (0, f"chronique {metadata.version('chronique')}\n", "")
    assert not journal.exists()


def cannot_reach(url: str) -> str:
    """What a read command prints on the URL ``url``: it exits 1, one line, nothing on stdout."""
    result = run(url, "campaign", "list", check=False)
    assert (result.returncode, result.stdout) == (1, ""), result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    return result.stderr


def test_a_closed_port_names_the_refused_connection() -> None:
    # Port 1 (tcpmux) is closed on any machine running these tests: the server refuses at once.
    assert cannot_reach("postgresql://postgres@127.0.0.1:1/chronique") == (
        "error: cannot reach the journal's database: connection refused at 127.0.0.1:1\n"
    )


def test_a_missing_database_on_a_live_server_names_the_database(tmp_path: Path) -> None:
    # A server that answers (the test server, skipped without one), asked for a database it lacks.
    with fresh_database("postgresql", tmp_path) as live:
        server = urlsplit(live)
        missing = f"chronique_missing_{uuid.uuid4().hex[:8]}"
        said = cannot_reach(f"{server.scheme}://{server.netloc}/{missing}")
    host, port = server.hostname, server.port or 5432
    assert said == f'error: cannot reach the journal\'s database: database "{missing}" does not exist at {host}:{port}\n'
