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
    assert found.__file__ is not None  # a ruleset's module comes from a file, or from a zip's member
    # Both loaders such a module comes from (a file's, a zip's) read the data beside it.
    data: bytes = found.__loader__.get_data(os.path.join(os.path.dirname(found.__file__), name))  # type: ignore[union-attr]
    return tomllib.loads(data.decode("utf-8"))
