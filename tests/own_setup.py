"""The house rule that a test module takes its setup from helper modules (``elor_table``,
``wp_city`` ...), never from another test module: which modules of a folder break it. A folder's
guard test asserts that none does."""

from __future__ import annotations

import re
from pathlib import Path

# An import of a module named test_*, at the start of a line (indented too: inside a function).
_IMPORTS_A_TEST_MODULE = re.compile(r"^\s*(from|import)\s+test_\w+", re.MULTILINE)


def modules_importing_a_test_module(folder: Path) -> list[str]:
    """The names of the test modules of ``folder`` that import another test module, sorted."""
    return [p.name for p in sorted(folder.glob("test_*.py")) if _IMPORTS_A_TEST_MODULE.search(p.read_text(encoding="utf-8"))]
