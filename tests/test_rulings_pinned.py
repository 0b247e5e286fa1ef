"""Every ruling in docs/rulings.md names the tests that pin it, and those tests exist."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).parents[1]
CITATION = re.compile(r"`([\w./]*\.py)?::(\w+\*?)")


def defined_tests() -> dict[str, set[str]]:
    """Test file name -> names of the test functions it defines."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / "tests").rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}
        found.setdefault(path.name, set()).update(names)
    return found


def test_every_ruling_names_tests_that_exist() -> None:
    tests = defined_tests()
    missing, rulings = [], 0
    for line in (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8").splitlines():
        if not line.startswith("| ") or line.startswith(("| #", "|---")):
            continue
        rulings += 1
        current = None
        cited = CITATION.findall(line.rstrip().rstrip("|").rsplit("|", 1)[-1])  # the "Pinned by" column
        if not cited:
            missing.append(f"{line.split('|')[1].strip()}: names no test")
        for file, name in cited:
            current = Path(file).name if file else current
            known = tests.get(current or "", set())
            # "test_x_*" cites every test of that name's family.
            if not (name in known or (name.endswith("*") and any(t.startswith(name[:-1]) for t in known))):
                missing.append(f"{line.split('|')[1].strip()}: {current}::{name}")
    assert rulings > 100
    assert missing == []
