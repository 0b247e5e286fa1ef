"""Shared fixtures: a real journal on each backend, a SQLite file and a PostgreSQL database of its
own (created on the machine's server and dropped after). ``--backend`` picks one; the default is both.
Under CI (``CI=true``) a missing PostgreSQL server fails the run instead of skipping. A test that
ends with scripted chance left unconsumed fails (tests/scripted_table.py)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest
from scripted_table import settle
from support import BACKENDS, fresh_database

from chronique.adapters.bootstrap import build
from chronique.adapters.services import Chronique


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--backend", action="append", choices=BACKENDS, help="run the journal tests on this backend only (repeatable; default: all)"
    )


_CACHES: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    """The `chronique` processes the tests start run as on a GM's installation: Python's bytecode
    and Chronique's compiled dataclass methods (cli/codecache.py) written by the first and read by
    the next, in a folder of this run's own, never the user's cache. With PYTHONDONTWRITEBYTECODE
    set (as in this project's sandbox), every command compiled them afresh: a third of its time.
    xdist's workers inherit the folder from the process that made it."""
    if "CHRONIQUE_TESTS_CACHE" in os.environ:
        return
    folder = tempfile.mkdtemp(prefix="chronique-tests-cache-")
    _CACHES.append(folder)
    os.environ["CHRONIQUE_TESTS_CACHE"] = os.environ["XDG_CACHE_HOME"] = folder
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the cache folder this process made (an xdist worker made none)."""
    for folder in _CACHES:
        shutil.rmtree(folder, ignore_errors=True)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    chosen = metafunc.config.getoption("backend") or BACKENDS
    if "db" in metafunc.fixturenames:
        metafunc.parametrize("db", chosen, indirect=True)
    elif "empty_db" in metafunc.fixturenames:
        metafunc.parametrize("empty_db", chosen, indirect=True)
    elif "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", chosen)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Forget the scripts of earlier tests, so a test answers only for the chance it scripts."""
    settle()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """A test that passed fails if it left scripted chance unconsumed (tests/scripted_table.py); a
    test that failed on its own keeps its own failure."""
    try:
        yield
    finally:
        leftovers = settle()
    if leftovers:
        # A property test leaves one script per example: the first few tell the story.
        more = f"; and {len(leftovers) - 5} more scripts" if len(leftovers) > 5 else ""
        pytest.fail("the test scripted chance the rules never consumed: " + "; ".join(leftovers[:5]) + more, pytrace=False)


@pytest.fixture
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh journal with nothing recorded: a SQLite file path (the file made by the first
    command) or a PostgreSQL URL (tests/support.py ``fresh_database``)."""
    with fresh_database(request.param, tmp_path) as location:
        yield location


@pytest.fixture
def empty_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A location where there is no journal yet, for what a first open does: a SQLite file path
    with no file, or an empty PostgreSQL database."""
    with fresh_database(request.param, tmp_path, made=False) as location:
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
