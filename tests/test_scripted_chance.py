"""Scripted chance is held to account (issue 19): a test that scripts more chance than the rules
consume fails, and says how much was left and which."""

from __future__ import annotations

from pathlib import Path

import pytest
from cartes_table import ScriptedDraw, table
from scripted_table import ScriptedDice, die_faces, settle

from chronique.domain.rulesets.cartes.table import gm_draw

pytest_plugins = ["pytester"]

TESTS = Path(__file__).parent

# A conftest for pytester's runs that carries the suite's own hooks (tests/conftest.py, loaded
# under another name: pytester's conftest is the one called ``conftest``).
CONFTEST = f"""
import importlib.util
import sys

sys.path.insert(0, {str(TESTS)!r})
spec = importlib.util.spec_from_file_location("suite_conftest", {str(TESTS / "conftest.py")!r})
suite = importlib.util.module_from_spec(spec)
spec.loader.exec_module(suite)
pytest_runtest_setup = suite.pytest_runtest_setup
pytest_runtest_call = suite.pytest_runtest_call
"""


def test_a_test_leaving_faces_unrolled_fails_naming_them(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(
        """
        from uuid import UUID

        from scripted_table import ScriptedDice

        from chronique.domain.chance import DrawPlace

        PLACE = DrawPlace(UUID(int=1), 1, 0)

        def test_scripts_three_rolls_one() -> None:
            assert ScriptedDice([4, 9, 2]).stream("session-1", PLACE).die(10) == 4

        def test_scripts_one_rolls_one() -> None:
            assert ScriptedDice([4]).stream("session-1", PLACE).die(10) == 4

        def test_fails_on_its_own() -> None:
            ScriptedDice([5, 6])
            assert "its own failure" == ""
        """
    )
    result = pytester.runpytest("-p", "no:xdist", "-p", "no:cacheprovider", "-o", "addopts=")
    result.assert_outcomes(passed=1, failed=2)
    result.stdout.fnmatch_lines(
        [
            "*_ test_scripts_three_rolls_one _*",
            "the test scripted chance the rules never consumed: 2 scripted die faces were never rolled: 9, 2",
            "*_ test_fails_on_its_own _*",
            "E       AssertionError: *",
        ]
    )
    result.stdout.no_fnmatch_line("*never rolled: 5, 6*")


def test_leftovers_say_how_many_and_which_for_every_scripted_source() -> None:
    ScriptedDice([6])
    faces = die_faces(97, 100, 12)
    assert faces.die(100) == 97
    draw = ScriptedDraw("5S", "KD", "2H")
    assert draw(1) == ["5S"]
    assert settle() == [
        "1 scripted die face was never rolled: 6",
        "2 scripted die faces were never rolled: 100, 12",
        "2 scripted cards were never drawn: KD, 2H",
    ]
    assert settle() == []  # settled once, then forgotten


def test_stacked_cards_left_on_the_deck_and_stacks_never_shuffled_are_leftovers() -> None:
    world = table(["5H", "AS"], ["KD"], ["QS", "JS"], sheets=())  # no one to deal cards to
    assert gm_draw(world, 1, "", "the weather") == ["5H"]
    assert settle() == ["2 stacked runs of cards were never shuffled: KD, QS JS; 1 stacked card was never drawn: AS"]


def test_leaving_faces_unrolled_takes_a_reason() -> None:
    dice = ScriptedDice([3, 4])
    with pytest.raises(ValueError, match="say why"):
        dice.leave_unrolled(" ")
    dice.leave_unrolled("a reserve for rolls the span may call for")
    assert settle() == []


def test_a_script_that_runs_out_fails_the_draw() -> None:
    stream = die_faces(3)
    assert stream.die(6) == 3
    with pytest.raises(AssertionError, match="every scripted value was spent"):
        stream.die(6)
