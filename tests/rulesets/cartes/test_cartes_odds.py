"""Exact odds for luck statistics, against the digest's table (cartes.md §7.3)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chronique.domain.luck import tally
from chronique.domain.rulesets.cartes.odds import success_odds

TABLE = {  # cartes.md §7.3, one deck, ♣ rule off: target -> levels -2..+2
    4: (Fraction(44, 65), Fraction(116, 221), Fraction(4, 13), Fraction(20, 221), Fraction(28, 1105)),
    7: (Fraction(5019, 5525), Fraction(175, 221), Fraction(7, 13), Fraction(63, 221), Fraction(63, 425)),
    10: (Fraction(1094, 1105), Fraction(210, 221), Fraction(10, 13), Fraction(10, 17), Fraction(38, 85)),
}


@pytest.mark.parametrize("target", TABLE)
def test_odds_match_the_digest_table_Difficulte_des_tirages_L219(target: int) -> None:
    assert tuple(success_odds(target, level, 1, clubs_rule=False) for level in range(-2, 3)) == TABLE[target]


def test_odds_with_the_clubs_rule_and_more_packs_Bonus_de_couleur_L322() -> None:
    assert success_odds(7, 0, 1) == Fraction(133, 221)
    assert success_odds(7, 1, 1) == Fraction(77, 221)
    assert success_odds(7, -1, 1) == Fraction(4536, 5525)
    assert success_odds(7, 2, 1) == Fraction(1008, 5525)
    assert success_odds(7, 1, 2, clubs_rule=False) == Fraction(385, 1339)
    assert success_odds(7, 1, 3, clubs_rule=False) == Fraction(581, 2015)


@given(st.lists(st.tuples(st.sampled_from("ab"), st.booleans(), st.fractions(min_value=0, max_value=1)), max_size=30))
def test_a_tally_sums_chances_and_their_variance(draws: list[tuple[str, bool, Fraction]]) -> None:
    for key, t in tally(draws).items():
        mine = [(s, p) for k, s, p in draws if k == key]
        assert (t.draws, t.observed) == (len(mine), sum(s for s, _ in mine))
        assert t.expected == sum(p for _, p in mine) and t.variance == sum(p * (1 - p) for _, p in mine)
