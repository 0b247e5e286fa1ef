"""Shared fixtures: a real journal on each backend, a SQLite file and a PostgreSQL database of its
own (created on the machine's server and dropped after). ``--backend`` picks one; the default is both.
Under CI (``CI=true``) a missing PostgreSQL server fails the run instead of skipping."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support import BACKENDS, fresh_database

from chronique.adapters.bootstrap import build
from chronique.adapters.services import Chronique


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--backend", action="append", choices=BACKENDS, help="run the journal tests on this backend only (repeatable; default: all)"
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    chosen = metafunc.config.getoption("backend") or BACKENDS
    if "db" in metafunc.fixturenames:
        metafunc.parametrize("db", chosen, indirect=True)
    elif "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", chosen)


@pytest.fixture
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty journal location: a SQLite file path or a PostgreSQL URL."""
    with fresh_database(request.param, tmp_path) as location:
        yield location


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A fresh SQLite journal file's path, for what only a file allows (editing its bytes)."""
    return tmp_path / "journal.db"


@pytest.fixture
def services(db: str) -> Iterator[Chronique]:
    """The real services over a real journal."""
    chronique = build(db)
    yield chronique
    chronique.close()
