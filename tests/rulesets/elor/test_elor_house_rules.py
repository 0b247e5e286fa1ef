"""The house rules the Elor test modules keep among themselves: each takes its shared setup from
the helper module ``elor_table``, never from another test module, so that no test file's
edit breaks another file's tests (tests/own_setup.py, shared with Western Parade's guard)."""

from __future__ import annotations

from pathlib import Path

from own_setup import modules_importing_a_test_module


def test_no_test_module_of_this_folder_imports_another_test_module() -> None:
    assert modules_importing_a_test_module(Path(__file__).parent) == []
