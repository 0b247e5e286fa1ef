"""A roll's odds in words (domain/luck.py ``odds_words``, ruling LK12): one clause a roll, the
roller named once for rolls of his that follow each other (a MicroFudge reroll, M124, counts both
rolls), so that the log never reads "Jim had 6% to succeed, Jim had 6% to succeed"."""

from __future__ import annotations

from fractions import Fraction

from chronique.domain.luck import odds_words


def test_a_reroll_s_odds_name_the_roller_once_ruling_LK12() -> None:
    six = Fraction(6, 100)
    assert odds_words([("Jim", six), ("Jim", six)]) == "Jim had 6% to succeed, then 6%"
    assert odds_words([("Jim", six), ("Jim", Fraction(1, 2))]) == "Jim had 6% to succeed, then 50%"


def test_an_opposed_roll_names_each_side_ruling_LK12() -> None:
    # Two rollers, each named: the clause of each side's roll as before.
    chances = [("Lena", Fraction(42, 100)), ("Ghoul", Fraction(58, 100)), ("Lena", Fraction(1, 3))]
    assert odds_words(chances) == "Lena had 42% to succeed, Ghoul had 58% to succeed, Lena had 33% to succeed"
    assert odds_words([]) == ""
