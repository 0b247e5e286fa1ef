"""A ruleset's data (its tables, in TOML), read from the file beside its code."""

from __future__ import annotations

import os
import sys
import tomllib
from typing import Any


def load_toml(module: str, name: str) -> dict[str, Any]:
    """The TOML file ``name`` beside the module named ``module`` (its ``__name__``), parsed. Read
    through that module's own loader, which reads a plain file as well as a member of the zip the
    standalone verifier runs from (``chronique verifier``): ``importlib.resources`` does the same
    at the cost of 3 to 4 ms of imports (``zipfile``, ``tempfile``, its readers) to every command
    that reads a table (issue 20)."""
    found = sys.modules[module]
    path = os.path.join(os.path.dirname(found.__file__ or ""), name)
    # Both loaders a module of Chronique comes from (a file's, a zip's) read data beside it.
    data: bytes = found.__loader__.get_data(path)  # type: ignore[union-attr]
    return tomllib.loads(data.decode("utf-8"))
