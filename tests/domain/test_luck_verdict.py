"""The luck verdict (ruling LK9): a z-score is read against the normal curve ("unusual" past two
standard deviations) only once at least 5 successes and 5 failures were to be expected, the
textbook condition n·p ≥ 5 and n·(1 − p) ≥ 5 taken as Σp and Σ(1 − p) for chances that differ
from roll to roll; before that, "too few rolls to tell". The boundary is exact (the sums are
fractions)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from chronique.domain.luck import Tally, tally

HALF = Fraction(1, 2)


def tallied(*draws: tuple[bool, Fraction]) -> Tally:
    """One character's tally of these draws (success, chance)."""
    return tally(("Aldo", success, chance) for success, chance in draws)["Aldo"]


def test_one_roll_failed_at_87_percent_is_too_few_rolls_to_tell_LK9() -> None:
    # The complaint: one failure at 87 % is z −2.59, yet befalls one roll in eight.
    one = tallied((False, Fraction(87, 100)))
    assert one.z is not None and one.z < -2.5
    assert one.verdict() == "too few rolls to tell"


@pytest.mark.parametrize(
    ("successes", "verdict"),
    [(0, "unusually unlucky"), (1, "unusually unlucky"), (2, "within ordinary luck"), (5, "within ordinary luck"), (10, "unusually lucky")],
)
def test_exactly_five_successes_and_five_failures_expected_give_a_verdict_LK9(successes: int, verdict: str) -> None:
    # Ten rolls at one chance in two: 5 of each expected, one sd √2.5 ≈ 1.58 (2 successes: z −1.90).
    ten = tallied(*[(True, HALF)] * successes, *[(False, HALF)] * (10 - successes))
    assert (ten.expected, ten.draws - ten.expected) == (5, 5)
    assert ten.verdict() == verdict


def test_a_hair_under_five_expected_successes_is_too_few_rolls_to_tell_LK9() -> None:
    # 4.99 successes expected: no verdict, though none came (z −3.16).
    short = tallied(*[(False, HALF)] * 9, (False, Fraction(49, 100)))
    assert short.expected == Fraction(499, 100) and short.z is not None and short.z < -3
    assert short.verdict() == "too few rolls to tell"


def test_five_expected_failures_are_needed_too_LK9() -> None:
    # At nine chances in ten, 50 rolls expect 5 failures: a verdict; 49 expect 4.9: none, though
    # every one of them failed.
    fifty = tallied(*[(False, Fraction(9, 10))] * 50)
    assert fifty.draws - fifty.expected == 5 and fifty.verdict() == "unusually unlucky"
    forty_nine = tallied(*[(False, Fraction(9, 10))] * 49)
    assert forty_nine.draws - forty_nine.expected == Fraction(49, 10)
    assert forty_nine.verdict() == "too few rolls to tell"


def test_a_certain_draw_expects_its_success_and_no_failure_LK9() -> None:
    # A draw at chance 1 adds a success expected and no failure: with 4.5 + 1 expected successes
    # but 4.5 failures, still too few; the failures of ten rolls at one in two make it enough.
    nine = tallied(*[(True, HALF)] * 9, (True, Fraction(1)))
    assert (nine.expected, nine.draws - nine.expected) == (Fraction(11, 2), Fraction(9, 2))
    assert nine.verdict() == "too few rolls to tell"
    ten = tallied(*[(True, HALF)] * 5, *[(False, HALF)] * 5, (True, Fraction(1)))
    assert ten.verdict() == "within ordinary luck"


def test_draws_without_uncertainty_still_say_so_LK9() -> None:
    assert tallied((True, Fraction(1)), (False, Fraction(0))).verdict() == "no uncertain draw"
