"""Type checkers see the code (issue 14): ``chronique.*`` maps onto top-level folders, which mypy
cannot follow, so ``typings/chronique`` links them and ``[tool.mypy]`` in pyproject.toml checks
every package through it. These tests run mypy as CI does, and prove it checks something."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("domain", "projections", "adapters", "cli", "web", "migrations")

# Five misuses of chronique.domain.chance, one a line, each with the error mypy must report.
PROBE = '''\
from uuid import uuid4

from chronique.domain.chance import ChanceSource, DrawPlace, ScriptedStream


def consume(source: ChanceSource) -> None:
    """Stands for any code that needs a whole chance source."""


ScriptedStream([1, 2]).uniform("six")
version: str = DrawPlace(uuid4(), 1, 0).version
DrawPlace("not a uuid", 1, 0)
ScriptedStream([1]).left.upper()
consume(ScriptedStream([1]))
'''
PROBE_ERRORS = {(10, "arg-type"), (11, "assignment"), (12, "arg-type"), (13, "attr-defined"), (14, "arg-type")}


def sources(package: str) -> int:
    """How many sources mypy finds in ``package``: its modules and its namespace folders."""
    folder = ROOT / package
    modules = sum(1 for _ in folder.rglob("*.py"))
    namespaces = sum(1 for d in folder.rglob("*") if d.is_dir() and d.name != "__pycache__" and not (d / "__init__.py").exists())
    return modules + namespaces


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One mypy cache for the module's runs, outside the repository."""
    return tmp_path_factory.mktemp("mypy-cache")


def mypy(cache: Path, *targets: str) -> subprocess.CompletedProcess[str]:
    """``python -m mypy`` from the repository's root with its pyproject.toml configuration."""
    command = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(cache), *targets]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_mypy_checks_every_chronique_module_and_finds_no_error(cache: Path) -> None:
    done = mypy(cache)
    shown = done.stdout + done.stderr
    assert done.returncode == 0, shown
    checked = re.search(r"Success: no issues found in (\d+) source files", done.stdout)
    assert checked is not None, shown
    # Every module of the five packages: a package missing from [tool.mypy] packages would go
    # unchecked. mypy counts a folder without an __init__.py (templates, samples) as a namespace
    # package of its own.
    assert int(checked.group(1)) == sum(map(sources, PACKAGES)), shown


def test_mypy_reports_each_of_five_misuses_of_chronique_through_the_typing_path(cache: Path, tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE)
    done = mypy(cache, str(probe))
    shown = done.stdout + done.stderr
    reported = {(int(line), code) for line, code in re.findall(r"probe\.py:(\d+): error: .*\[([a-z-]+)\]", done.stdout)}
    # An unresolved import would be one import-not-found error and leave every name Any.
    assert reported == PROBE_ERRORS, shown
    assert "Found 5 errors in 1 file" in done.stdout, shown
