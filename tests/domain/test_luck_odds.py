"""Exact odds of every game's rolls for luck (issue 14), each against the same odds counted out
by brute force in tests/luck_brute.py from the digests: every face of the open-ended d100, the 81
outcomes of 4dF, every combination of d10. Cartes has its own (tests/rulesets/cartes/test_cartes_odds.py)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from luck_brute import FOUR_DF, d10_success, d100_improvement, d100_success, fudge_beats, fudge_success, open_ended

from chronique.domain.rulesets.elor import odds as elor
from chronique.domain.rulesets.elor.resolution import resolve
from chronique.domain.rulesets.microfudge import odds as microfudge
from chronique.domain.rulesets.microfudge.rules import resolve_test
from chronique.domain.rulesets.westernparade import odds as wp
from chronique.domain.rulesets.westernparade.resolution import SUCCESSES, quality


@pytest.mark.parametrize("chance", [-20, 0, 4, 5, 19, 20, 50, 95, 96, 97, 100, 101, 150, 191, 192, 193, 200, 290])
def test_a_d100_roll_succeeds_at_its_open_ended_odds_western_parade_s3_1(chance: int) -> None:
    assert wp.success_odds(chance) == d100_success(chance)


def test_the_d100_odds_read_table_2_1_and_the_s2_1_1_limits_western_parade_s3_1_s3_2() -> None:
    # §3.1: below 5% no roll, a certain failure; up to 95 each face at or under the chance; a
    # chance of 96 still fails on 96-100 (they roll again and add: 97 or more).
    assert wp.success_odds(4) == 0
    assert [wp.success_odds(c) for c in (5, 60, 95, 96)] == [Fraction(n, 100) for n in (5, 60, 95, 95)]
    # 97: any face to 95, or 96 then a 1.
    assert wp.success_odds(97) == Fraction(95, 100) + Fraction(1, 100) * Fraction(1, 100)
    # Table 2.1 reads success as the qualities NORM_S and better: the same odds over every total.
    for chance in (5, 33, 80, 120):
        by_quality = sum((w for faces, w in open_ended(chance) if quality(chance, sum(faces)) in SUCCESSES), Fraction(0))
        assert by_quality == wp.success_odds(chance)


@pytest.mark.parametrize(("current", "marks", "bonus"), [(30, 0, 0), (57, 2, 0), (95, 0, 0), (96, 1, 5), (120, 3, 10), (0, 0, 0)])
def test_an_improvement_roll_succeeds_strictly_above_the_score_western_parade_s6_1(current: int, marks: int, bonus: int) -> None:
    assert wp.improvement_odds(current, marks, bonus) == d100_improvement(current, 5 * marks + bonus)


@pytest.mark.parametrize("need", range(-6, 7))
def test_4df_reaches_a_rank_at_its_odds_over_the_81_outcomes_microfudge_L245(need: int) -> None:
    assert microfudge.at_least(need) == fudge_success(0, need)


def test_the_4df_odds_are_those_of_play_s_resolution_microfudge_L245_L253() -> None:
    # The Test's own resolution (rank + dice + modifier >= required) over the 81 outcomes.
    for rank, modifier, required in product(range(0, 7), (-1, 0, 2), range(2, 8)):
        wins = sum(resolve_test(rank, modifier, dice, required).success for dice in FOUR_DF)
        assert microfudge.at_least(required - rank - modifier) == Fraction(wins, 81)
    assert microfudge.at_least(0) == Fraction(1 + 4 + 10 + 16 + 19, 81) and microfudge.at_least(5) == 0


@pytest.mark.parametrize(("mine", "theirs"), [(3, 3), (5, 2), (1, 6), (0, 9)])
def test_a_simple_conflict_is_won_at_its_odds_over_81_by_81_outcomes_microfudge_L253(mine: int, theirs: int) -> None:
    assert microfudge.beats(mine, theirs) == fudge_beats(mine, theirs)
    # A tie wins for neither: both sides' chances leave the tie's out.
    tie = Fraction(sum(mine + sum(a) == theirs + sum(b) for a in FOUR_DF for b in FOUR_DF), 81 * 81)
    assert microfudge.beats(mine, theirs) + microfudge.beats(theirs, mine) == 1 - tie


@pytest.mark.parametrize(("effort", "discards"), [(0, True), (1, True), (2, True), (3, True), (2, False), (3, False)])
def test_a_d10_test_gives_a_degree_at_its_odds_over_every_combination_elor_s3_3(effort: int, discards: bool) -> None:
    for level in range(1, 10):
        assert elor.success_odds(level, effort, discards) == d10_success(level, effort, discards), level


@pytest.mark.parametrize("effort", [0, 1, 2, 3])
def test_the_d10_odds_are_those_of_play_s_resolution_elor_s3_3(effort: int) -> None:
    # Play's own use of the dice (the discards that give the most degrees) over every combination.
    for level, discards in product(range(1, 10), (True, False)):
        combos = list(product(range(1, 11), repeat=1 + effort))
        wins = sum(resolve(level, effort, dice, discards).success for dice in combos)
        assert elor.success_odds(level, effort, discards) == Fraction(wins, len(combos)), (level, discards)


def test_an_automatic_level_leaves_nothing_to_the_dice_elor_PROPOSAL_B4() -> None:
    assert elor.success_odds(10, 2) is None and elor.success_odds(0, 0) is None and elor.success_odds(-3, 1) is None


@pytest.mark.parametrize("level", range(0, 11))
def test_natural_progression_rises_on_a_d10_above_the_level_elor_PROPOSAL_5_5(level: int) -> None:
    assert elor.progression_odds(level) == Fraction(sum(face > level for face in range(1, 11)), 10)


def test_a_changed_die_is_the_player_s_choice_so_luck_reads_the_dice_as_they_fell_microfudge_L743() -> None:
    from microfudge_table import table

    from chronique.domain.rulesets import ruleset
    from chronique.domain.rulesets.microfudge import events as ev
    from chronique.domain.rulesets.microfudge.play import TestRequest, roll_test

    # Harvey's Athlétisme 4 against Bon (5): 0 0 0 − gives 3, a failure; the Atout turns the − to
    # + (two ranks): 5, a success. The dice alone needed +1 or more: 31 of the 81 outcomes.
    world = table(0, 0, 0, -1)
    assert roll_test(world, "Harvey", TestRequest("Athlétisme", 5, change_die=True)).success
    (test,) = [e for e in world.character("Harvey").pending_events if isinstance(e, ev.TestRolled)]
    (draw,) = ruleset("microfudge").luck(test, world.campaign.settings)
    assert (draw.kind, draw.success, draw.chance) == ("Test", False, fudge_success(4, 5)) and draw.chance == Fraction(31, 81)
