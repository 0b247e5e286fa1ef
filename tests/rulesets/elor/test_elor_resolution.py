"""The Elor action test and its categories (digest §3, §7 X1-X7, X11, D10; seed §Catégories de
tests d'action, §Actions / réactions, §Concours, §Concours finement départagés, §Actions longues,
§Collaborations, §Familiarités)."""

from __future__ import annotations

from itertools import combinations, product

import pytest

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.elor.resolution import (
    action_level,
    best_use,
    check_effort,
    collaboration_penalty,
    dice_count,
    effective_profession,
    fine_compare,
    optimal_degrees,
    progress,
    rank,
    react,
    resolve,
    unit_total,
)


def test_a_die_at_or_under_the_level_is_a_degree_seed_Categories_L310() -> None:
    assert resolve(4, 2, [4, 5, 1], discards=False).degrees == 2
    assert resolve(4, 0, [5]).degrees == 0 and not resolve(4, 0, [5]).success


def test_X1_Chuchino_discards_two_dice_onto_a_six_seed_Categories_L328_334() -> None:
    outcome = resolve(4, 3, [6, 6, 7, 9])
    assert resolve(4, 3, [6, 6, 7, 9], discards=False).degrees == 0
    assert outcome.degrees == 1 and outcome.successes == (4,)
    assert sum(f is None for f in outcome.final) == 2  # two dice discarded (−1, −1) onto one 6


def test_at_least_one_die_stays_seed_Categories_L324() -> None:
    use = best_use([9, 9], 2)
    assert use.degrees == 0 and use.discarded == ()


def test_best_use_matches_the_digest_helper_for_every_three_dice_roll() -> None:
    for level in range(1, 10):
        for roll in product(range(1, 11), repeat=3):
            assert best_use(roll, level).degrees == optimal_degrees(roll, level)


def test_plus_one_discards_only_for_fine_tie_breaks_seed_Concours_finement_L424() -> None:
    assert best_use([2, 9], 5).final == (2, 9)  # nothing needed, nothing discarded
    fine = best_use([2, 9], 5, fine=True)
    assert fine.final == (3, None) and fine.successes == (3,)
    # Discarding a successful die would lose a degree: +1s only come from failing dice.
    assert best_use([2, 3], 5, fine=True).successes == (3, 2)


def test_no_die_is_discarded_that_buys_no_degree_without_a_fine_tie_break_seed_Categories_L324_E9() -> None:
    # §Catégories de tests d'action L324, E9: without --fine nothing beyond what is needed is
    # discarded. The playtest read "rolled 2 5, 1 die discarded to turn 5 into 4 — 1 degree" at
    # level 4 and "rolled 10 8 2, 1 die discarded to turn 10 into 9 — 2 degrees" at level 9:
    # the same degrees without the discard, which only bought a better face for a tie-break.
    assert resolve(4, 1, [2, 5]).final == (2, 5) and resolve(4, 1, [2, 5]).degrees == 1
    assert resolve(9, 2, [10, 8, 2]).final == (10, 8, 2) and resolve(9, 2, [10, 8, 2]).degrees == 2
    # A discard that buys a degree is still made (10 turns 5 into 4 at level 4: 2 degrees, not 1).
    assert resolve(4, 2, [10, 5, 1]).final == (None, 4, 1)
    # In a fine tie-break the faces count (§Concours finement départagés L424): 5 turned into 4.
    assert resolve(4, 1, [2, 5], fine=True).successes == (4,)
    # Every use without --fine keeps the most degrees at the fewest discards.
    for roll in product(range(1, 11), repeat=3):
        use = best_use(roll, 6)
        assert use.degrees == optimal_degrees(roll, 6), roll
        costs = [sum(max(0, roll[i] - 6) for i in kept) for kept in combinations(range(3), use.degrees)]
        assert len(use.discarded) == min(c for c in costs if c <= 3 - use.degrees), roll


def test_effort_limits_seed_Categories_L314_320() -> None:
    check_effort(2, 3, 2)
    with pytest.raises(RuleViolation, match="maximal effort"):
        check_effort(3, 5, 2)
    with pytest.raises(RuleViolation, match="only 1"):
        check_effort(2, 1, 2)
    with pytest.raises(RuleViolation, match="rolls 3 dice"):
        resolve(5, 2, [1, 2])


def test_certain_outcomes_roll_nothing_PROPOSAL_B4() -> None:
    assert dice_count(10, 2) == 0 and dice_count(0, 1) == 0 and dice_count(9, 1) == 2
    assert resolve(10, 2, []).degrees == 3 and resolve(10, 2, []).automatic == "success"
    assert resolve(0, 0, []).degrees == 0 and resolve(-3, 0, []).automatic == "failure"


def test_X11_Samson_axes_familiarity_seed_Familiarites_L266_270() -> None:
    assert [effective_profession(n, "full", True, n) for n in (1, 2, 3)] == [(1, 0), (2, 1), (3, 2)]
    assert sum(effective_profession(3, "full", True, 3)) == 5  # Guerrier 3 with Haches +2
    assert effective_profession(3, "full", True, 0) == (1, 0)  # other weapons: ⌊3 / 2⌋


def test_X2_soldier_and_machine_gunner_seed_Actions_reactions_L364_372() -> None:
    # The soldier sprints: Physique + half of Guerrier (partially relevant), mud −1.
    soldier = action_level(1, *effective_profession(3, "partial", False, 0), difficulty=-1)
    # The gunner: Coordination + full Guerrier + Mitrailleuses, darkness −2.
    gunner = action_level(2, *effective_profession(3, "full", True, 1), difficulty=-2)
    assert soldier.total == 1 + 1 - 1 and gunner.total == 2 + 3 - 2


def test_partial_profession_without_familiarity_halves_once_PROPOSAL_B5() -> None:
    assert effective_profession(5, "partial", True, 0) == (2, 0)
    assert effective_profession(5, "none", True, 2) == (0, 0)


def test_action_reaction_cases_seed_Actions_reactions_L374_396() -> None:
    assert react(0, [0, 0]).result == "nothing"
    success = react(3, [1, 2])
    assert success.result == "success" and success.actor_extra == 1
    failure = react(1, [3, 1, 2])
    assert failure.result == "failure" and failure.opponent_extra == (2, 0, 1)
    assert react(2, [2, 1]).result == "tie"


def test_opponents_are_compared_one_by_one_not_summed_footnote_1() -> None:
    assert react(3, [2, 2]).result == "success"


def test_X5_Vitto_and_Carlo_fine_tie_break_seed_Concours_finement_L426_432() -> None:
    vitto, carlo = resolve(7, 2, [5, 3, 3]), resolve(5, 2, [5, 4, 1])
    assert vitto.degrees == carlo.degrees == 3
    assert fine_compare(vitto.successes, carlo.successes) == -1
    assert rank({"Vitto": vitto, "Carlo": carlo}, fine=True) == [["Carlo"], ["Vitto"]]
    assert rank({"Vitto": vitto, "Carlo": carlo}) == [["Vitto", "Carlo"]]  # ties stand unless broken


def test_X4_contest_without_effort_reaches_one_degree_at_most_seed_Concours_L408() -> None:
    runners = {"A": resolve(6, 0, [3]), "B": resolve(6, 0, [6]), "C": resolve(4, 0, [7])}
    assert rank(runners) == [["A", "B"], ["C"]]
    assert rank(runners, fine=True) == [["B"], ["A"], ["C"]]


def test_X6_Montana_James_five_degrees_in_four_hours_seed_Actions_longues_L448_452() -> None:
    accumulated, hours = 0, 0
    for degrees in (2, 0, 1, 2):
        step = progress(accumulated, 5, [degrees])
        accumulated, hours = step.accumulated, hours + 1
        if step.done:
            break
    assert hours == 4 and accumulated == 5


def test_X7_collaboration_loses_a_degree_per_full_three_seed_Collaborations_L462() -> None:
    assert [collaboration_penalty(n) for n in (1, 2, 3, 5, 6, 8, 9)] == [0, 0, 1, 1, 2, 2, 3]


def test_D10_four_collaborators_and_the_zero_floor_PROPOSAL_B15() -> None:
    assert unit_total([2, 1, 0, 1]) == 3
    assert unit_total([0, 0, 0]) == 0


def test_a_short_action_requires_one_degree_seed_Actions_longues_L444() -> None:
    assert progress(0, 1, [1]).done
    with pytest.raises(RuleViolation):
        progress(0, 0, [1])
