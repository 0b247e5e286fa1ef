"""A ruleset's data (its tables, in TOML), read from the file beside its code."""

from __future__ import annotations

import os
import tomllib
from typing import Any


def load_toml(module_file: str, name: str) -> dict[str, Any]:
    """The TOML file ``name`` of the folder holding the module whose ``__file__`` is
    ``module_file``, parsed. Opened as a plain file: ``importlib.resources`` costs every command
    that reads a table 3 to 4 ms of imports (``zipfile``, ``tempfile``, its readers, issue 20)
    to reach a file that pip always installs as one."""
    with open(os.path.join(os.path.dirname(module_file), name), encoding="utf-8") as file:
        return tomllib.loads(file.read())
