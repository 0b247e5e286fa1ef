"""Shared fixtures: a real journal in a temporary SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from chronique.adapters.bootstrap import build
from chronique.adapters.services import Chronique


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A fresh journal file's path."""
    return tmp_path / "journal.db"


@pytest.fixture
def services(db_path: Path) -> Iterator[Chronique]:
    """The real services over a real SQLite file."""
    chronique = build(str(db_path))
    yield chronique
    chronique.journal.close()
