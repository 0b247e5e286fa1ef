"""Exact probabilities of digest §7.3, by enumerating every ordered draw against resolve_test.

A fresh shuffled deck makes every ordered sequence of distinct positions equally likely, so
P(outcome) = Σ over first cards and continuations of 1 / (N · (N−1) ··· (N−k)), where k is the
number of extra cards resolve_test asks for after seeing the first card (it depends on the ♣
rule). Seed sections: §Difficulté des tirages L219-227, §Bonus de couleur L322, §Survie L431-441,
§Tirages de survie L443-461.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Hashable
from fractions import Fraction
from itertools import permutations
from math import perm

import pytest

from chronique.domain.cards import fresh_packs
from chronique.domain.rulesets.cartes.resolution import TestOutcome, resolve_test
from chronique.domain.rulesets.cartes.survival import survival_level, survival_result

F = Fraction


def exact(
    target: int,
    level: int,
    *,
    clubs_rule: bool = False,
    packs: int = 1,
    classify: Callable[[TestOutcome], Hashable] = lambda o: o.success,
) -> dict[Hashable, Fraction]:
    """Exact distribution of ``classify(resolve_test(...))`` over a fresh shuffled deck."""
    deck = fresh_packs(packs)
    size = len(deck)
    totals: dict[Hashable, Fraction] = defaultdict(Fraction)
    for i, first in enumerate(deck):
        rest = deck[:i] + deck[i + 1 :]
        asked: list[int] = []

        def probe(k: int, rest: list[str] = rest, asked: list[int] = asked) -> list[str]:
            asked.append(k)
            return rest[:k]

        alone = resolve_test(target, level, first, probe, clubs_rule=clubs_rule)
        extra = asked[0] if asked else 0
        if extra == 0:
            totals[classify(alone)] += F(1, size)
            continue
        counts: Counter[Hashable] = Counter()
        for sequence in permutations(rest, extra):
            outcome = resolve_test(target, level, first, lambda k, s=sequence: list(s), clubs_rule=clubs_rule)
            counts[classify(outcome)] += 1
        weight = F(1, size * perm(size - 1, extra))
        for key, count in counts.items():
            totals[key] += count * weight
    assert sum(totals.values()) == 1
    return dict(totals)


# Digest §7.3, success probability, 1 deck, ♣ rule off.
TABLE = {
    (4, -2): F(44, 65),
    (4, -1): F(116, 221),
    (4, 0): F(4, 13),
    (4, 1): F(20, 221),
    (4, 2): F(28, 1105),
    (7, -2): F(5019, 5525),
    (7, -1): F(175, 221),
    (7, 0): F(7, 13),
    (7, 1): F(63, 221),
    (7, 2): F(63, 425),
    (10, -2): F(1094, 1105),
    (10, -1): F(210, 221),
    (10, 0): F(10, 13),
    (10, 1): F(10, 17),
    (10, 2): F(38, 85),
}


@pytest.mark.parametrize(("target", "level"), list(TABLE))
def test_success_probability_table_digest_7_3_seed_Difficulte_des_tirages_L219_227(target: int, level: int) -> None:
    assert exact(target, level).get(True, F(0)) == TABLE[(target, level)]


def test_difficile_target_7_with_two_and_three_packs_digest_7_3_PROPOSAL_A2() -> None:
    assert exact(7, 1, packs=2).get(True) == F(385, 1339)
    assert exact(7, 1, packs=3).get(True) == F(581, 2015)


@pytest.mark.parametrize(
    ("level", "expected"),
    [(0, F(133, 221)), (1, F(77, 221)), (-1, F(4536, 5525)), (2, F(1008, 5525))],
)
def test_clubs_rule_on_target_7_digest_7_3_seed_Bonus_de_couleur_L322(level: int, expected: Fraction) -> None:
    assert exact(7, level, clubs_rule=True).get(True) == expected


def test_clubs_rule_difficile_formula_digest_7_3() -> None:
    # 7/52 (a ♣ ≤ 7 alone) + 21/52 · 27/51 (a non-♣ ≤ 7, then any other ≤ 7).
    assert F(7, 52) + F(21, 52) * F(27, 51) == F(77, 221)


def survival_outcomes(carrure: int, wound: int, lethality: int) -> dict[Hashable, Fraction]:
    def classify(outcome: TestOutcome) -> Hashable:
        result = survival_result(carrure, wound, lethality, outcome)
        return (result.kind, result.malus if result.kind == "malus" else 0)

    return exact(carrure, survival_level(lethality), classify=classify)


def test_survival_distribution_carrure_7_B5_moyenne_digest_7_3_seed_Tirages_de_survie_L455_461() -> None:
    assert survival_outcomes(7, 5, 2) == {
        ("clean", 0): F(3, 13),
        ("malus", 1): F(1, 13),
        ("malus", 2): F(1, 13),
        ("malus", 3): F(1, 13),
        ("malus", 4): F(1, 13),
        ("escalate", 0): F(6, 13),
    }


def test_survival_distribution_carrure_6_B4_facile_digest_7_3_seed_Tirages_de_survie_L455_461() -> None:
    assert survival_outcomes(6, 4, 1) == {
        ("clean", 0): F(7, 17),
        ("escalate", 0): F(63, 221),
        ("malus", 1): F(25, 221),
        ("malus", 2): F(67, 663),
        ("malus", 3): F(59, 663),
    }


def test_survival_distribution_carrure_8_B3_difficile_digest_7_3_seed_Tirages_de_survie_L455_461() -> None:
    assert survival_outcomes(8, 3, 3) == {
        ("clean", 0): F(46, 221),
        ("escalate", 0): F(415, 663),
        ("malus", 1): F(1, 13),
        ("malus", 2): F(59, 663),
    }
