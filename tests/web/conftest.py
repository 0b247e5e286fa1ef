"""The web journal's shared fixture: a real ``chronique serve`` over a real journal (one of each
backend, as ``db`` is), with the invite links of the GM and two players (``served.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from served import Served, cartes_table, serving


@pytest.fixture
def table(db: str) -> str:
    """What the journal holds before the server starts: the Cartes table of ``served.py``. A test
    module that needs more at the table (an NPC) overrides this fixture."""
    cartes_table(db)
    return db


@pytest.fixture
def served(table: str, tmp_path: Path) -> Iterator[Served]:
    """``chronique serve`` over ``table``'s journal for the test, stopped after it."""
    with serving(table, tmp_path) as site:
        yield site
