"""Exact probabilities of digest §7.3, by enumerating every roll of fair D10s against the
implementation (seed §Catégories de tests d'action, §Effets de combat)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from chronique.domain.rulesets.elor.combat import exchange
from chronique.domain.rulesets.elor.resolution import resolve

F = Fraction


def degrees(level: int, dice: int, discards: bool) -> dict[int, Fraction]:
    """The exact distribution of degrees with ``dice`` D10 at ``level``."""
    counts = Counter(resolve(level, dice - 1, roll, discards).degrees for roll in product(range(1, 11), repeat=dice))
    return {k: F(v, 10**dice) for k, v in counts.items()}


def at_least_one(level: int, dice: int, discards: bool) -> Fraction:
    return 1 - degrees(level, dice, discards).get(0, F(0))


TABLE = {
    2: (F(1, 5), F(9, 25), F(51, 100), F(61, 125), F(98, 125)),
    4: (F(2, 5), F(16, 25), F(3, 4), F(98, 125), F(117, 125)),
    5: (F(1, 2), F(3, 4), F(21, 25), F(7, 8), F(973, 1000)),
    7: (F(7, 10), F(91, 100), F(24, 25), F(973, 1000), F(999, 1000)),
}


@pytest.mark.parametrize("level", sorted(TABLE))
def test_P_at_least_one_degree_table_digest_7_3(level: int) -> None:
    got = (
        at_least_one(level, 1, True),
        at_least_one(level, 2, False),
        at_least_one(level, 2, True),
        at_least_one(level, 3, False),
        at_least_one(level, 3, True),
    )
    assert got == TABLE[level]


def test_closed_form_with_discards_digest_7_3() -> None:
    for level in range(1, 10):
        for n in (1, 2, 3):
            assert at_least_one(level, n, True) == 1 - F(10 - min(10, level + n - 1), 10) ** n


def test_degree_distribution_level_4_four_dice_digest_7_3() -> None:
    assert degrees(4, 4, False) == {0: F(81, 625), 1: F(216, 625), 2: F(216, 625), 3: F(96, 625), 4: F(16, 625)}
    assert degrees(4, 4, True) == {0: F(81, 10000), 1: F(517, 2500), 2: F(5003, 10000), 3: F(162, 625), 4: F(16, 625)}


@pytest.mark.parametrize(
    ("discards", "expected"),
    [
        (False, {"hit": F(11, 20), "half": F(1, 5), "miss": F(3, 20), "dodged": F(1, 10)}),
        (True, {"hit": F(151, 250), "half": F(59, 250), "miss": F(12, 125), "dodged": F(8, 125)}),
    ],
)
def test_attack_level_5_one_effort_against_defence_level_4_digest_7_3(discards: bool, expected: dict[str, Fraction]) -> None:
    attack, defence = degrees(5, 2, discards), degrees(4, 1, discards)
    result: Counter[str] = Counter()
    for a, pa in attack.items():
        for d, pd in defence.items():
            result[exchange(a, d, "dodge").result] += pa * pd
    assert dict(result) == expected
