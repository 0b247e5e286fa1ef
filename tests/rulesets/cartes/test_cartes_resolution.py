"""Resolution of Cartes tests: digest §3 and vectors T1-T7, T15-T17, S5, S6 of §7."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from cartes_table import ScriptedDraw as deck
from hypothesis import given, settings
from hypothesis import strategies as st
from scripted_table import hold_to_account, unspent

from chronique.domain.cards import RANKS, fresh_packs, suit, value
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes.resolution import (
    DIFFICULTIES,
    LEVEL_MODIFIERS,
    Opposition,
    TestOutcome,
    atout_applies,
    calamity_applies,
    cards_for_level,
    difficulty_name,
    first_speaker,
    level_modifier,
    manoeuvre_name,
    oppose,
    parse_difficulty,
    perception,
    pile_gain,
    range_of,
    recovery_level,
    resolve_test,
    resource_level,
    shed_malus_removed,
    speciality_bonus,
    tactics_markers,
    target_with_markers,
    test_level,
)


def no_draw(n: int) -> list[str]:
    raise AssertionError(f"no extra card should be drawn, {n} asked")


def ties(*pairs: tuple[str, str]) -> Callable[[], tuple[str, str]]:
    """A tie-break callback serving ``pairs`` in order, held to account for the pairs it never served."""
    pending = list(pairs)
    hold_to_account(lambda: unspent(pending, "scripted tie-break pair", "drawn"))
    return lambda: pending.pop(0)


def outcome(quality: int, suit_letter: str = "D", *, success: bool = True, manoeuvre: str = "power") -> TestOutcome:
    """A one-card outcome for opposition tests."""
    card = f"{RANKS[max(quality, 1) - 1]}{suit_letter}"
    bonus = 3 if success and ((manoeuvre == "power" and suit_letter == "S") or (manoeuvre == "resource" and suit_letter == "H")) else 0
    return TestOutcome(
        target=13 if success else 0,
        level_asked=0,
        level=0,
        cards=(card,),
        success=success,
        retained=card if success else None,
        quality=quality if success else 0,
        suit_bonus=bonus,
        manoeuvre=manoeuvre,
    )


# --- difficulty names and card counts (§Difficulté des tirages L219-227) -------------------


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("tres-facile", -2),
        ("Très facile", -2),
        ("TRÈS FACILE", -2),
        ("tres_facile", -2),
        ("facile", -1),
        ("Moyenne", 0),
        ("difficile", 1),
        ("Très difficile", 2),
        ("very-hard", 2),
        ("easy", -1),
        ("+1", 1),
        ("-3", -3),
        ("0", 0),
        (" 2 ", 2),
        (4, 4),
    ],
)
def test_parse_difficulty_seed_Difficulte_des_tirages_L219_227(text: str | int, level: int) -> None:
    assert parse_difficulty(text) == level


@pytest.mark.parametrize("bad", ["", "impossible", "1.5", "plus un", "++1"])
def test_parse_difficulty_rejects_garbage(bad: str) -> None:
    with pytest.raises(RuleViolation):
        parse_difficulty(bad)


def test_difficulties_mapping_and_names() -> None:
    assert dict(DIFFICULTIES) == {"tres-facile": -2, "facile": -1, "moyenne": 0, "difficile": 1, "tres-difficile": 2}
    assert difficulty_name(1) == "difficile"
    assert [difficulty_name(n) for n in (-2, 2)] == ["très facile", "très difficile"]  # the seed's names, never "tres-difficile"
    assert difficulty_name(3) is None


def test_card_counts_S6_seed_Difficulte_des_tirages_L223_227_and_A23() -> None:
    # S6: 3/2/1/2/3 cards for Très facile .. Très difficile; A23: 1 + |level| beyond.
    assert [cards_for_level(level) for level in (-2, -1, 0, 1, 2)] == [3, 2, 1, 2, 3]
    assert cards_for_level(3) == 4 and cards_for_level(-4) == 5


def test_level_modifiers_digest_3_5_step_1_and_round_duration_PROPOSAL_3_6() -> None:
    assert level_modifier("short-circuit") == 1
    assert level_modifier("Counter short circuit") == 2
    assert level_modifier("ignored-hostile-action") == -1
    assert level_modifier("sens-instead-of-vigilance") == 1
    assert LEVEL_MODIFIERS["survival-retry"] == -1
    # PROPOSAL §3.6 (§Durée du tour L239): halving the time +1 level, doubling it −1.
    assert (level_modifier("hurry"), level_modifier("take time")) == (1, -1)
    assert test_level("moyenne", "short-circuit", "spend-three-bonus") == 0
    assert test_level("difficile", "counter-short-circuit") == 3
    with pytest.raises(RuleViolation):
        level_modifier("bribe")


# --- vectors T1-T5 (§Tirage L209, §Difficulté L215-217, §Bonus de couleur L322) ---------


def test_T1_moyenne_success_iff_card_at_most_target_seed_Tirage_L209() -> None:
    ok = resolve_test(7, 0, "7D", no_draw)
    assert ok.success and ok.quality == 7 and ok.retained == "7D" and ok.cards == ("7D",)
    ko = resolve_test(7, 0, "8H", no_draw)
    assert not ko.success and ko.quality == 0 and ko.retained is None and ko.suit_bonus == 0


def test_T2_facile_best_success_retained_seed_Difficulte_L215() -> None:
    draw = deck("5S")
    result = resolve_test(7, -1, "9H", draw)
    assert draw.requests == [1]
    assert result.cards == ("9H", "5S")
    assert result.success and result.quality == 5 and result.retained == "5S"


def test_T3_difficile_all_must_succeed_worst_retained_seed_Difficulte_L217() -> None:
    ok = resolve_test(7, 1, "6H", deck("3D"))
    assert ok.success and ok.quality == 3 and ok.retained == "3D"
    ko = resolve_test(7, 1, "6H", deck("8D"))
    assert not ko.success and ko.quality == 0


def test_T4_club_first_card_makes_difficile_moyenne_seed_Bonus_de_couleur_L322() -> None:
    result = resolve_test(7, 1, "4C", no_draw)
    assert result.level_asked == 1 and result.level == 0
    assert result.cards == ("4C",) and result.success and result.quality == 4


def test_T5_club_first_card_makes_moyenne_facile_seed_Bonus_de_couleur_L322() -> None:
    draw = deck("6H")
    result = resolve_test(7, 0, "9C", draw)
    assert draw.requests == [1]
    assert result.level == -1 and result.cards == ("9C", "6H")
    assert result.success and result.quality == 6


def test_clubs_rule_off_keeps_level() -> None:
    result = resolve_test(7, 0, "9C", no_draw, clubs_rule=False)
    assert result.level == 0 and not result.success


def test_tres_facile_any_success_best_retained_seed_Difficulte_L215_L223() -> None:
    result = resolve_test(7, -2, "KD", deck("2S", "6H"))
    assert result.cards == ("KD", "2S", "6H") and result.success and result.retained == "6H"
    fail = resolve_test(7, -2, "KD", deck("9S", "8H"))
    assert not fail.success


def test_tres_difficile_all_three_worst_retained_seed_Difficulte_L217_L227() -> None:
    result = resolve_test(9, 2, "8D", deck("2S", "6H"))
    assert result.success and result.retained == "2S" and result.quality == 2
    assert not resolve_test(9, 2, "8D", deck("2S", "10H")).success


def test_beyond_tres_difficile_extends_PROPOSAL_A23() -> None:
    draw = deck("2S", "3S", "4S")
    result = resolve_test(9, 3, "8D", draw)
    assert draw.requests == [3]
    assert len(result.cards) == 4 and result.success and result.quality == 2


def test_diamond_cancels_short_circuit_level_seed_Bonus_de_couleur_L324() -> None:
    # Moyenne + short-circuit = Difficile; a ♦ pile card cancels the +1: one card only.
    result = resolve_test(7, 1, "5D", no_draw, short_circuit=True)
    assert result.level == 0 and result.success and result.quality == 5
    # Without a short-circuit ♦ does nothing.
    assert resolve_test(7, 1, "5D", deck("2H")).level == 1
    # The seed ties ♦ to the personal-pile card: a first card from the hand does not cancel.
    assert resolve_test(7, 1, "5D", deck("2H"), short_circuit=True, first_from_pile=False).level == 1


def test_suit_bonus_spades_power_hearts_resource_seed_Bonus_de_couleur_L321_L323() -> None:
    assert resolve_test(10, 0, "8S", no_draw, manoeuvre="power").suit_bonus == 3
    assert resolve_test(10, 0, "8S", no_draw, manoeuvre="resource").suit_bonus == 0
    assert resolve_test(10, 0, "8H", no_draw, manoeuvre="resource").suit_bonus == 3
    assert resolve_test(10, 0, "8H", no_draw, manoeuvre="power").suit_bonus == 0
    assert resolve_test(10, 0, "8S", no_draw, manoeuvre="tactics").suit_bonus == 0
    # Only a success card earns it.
    assert resolve_test(7, 0, "8S", no_draw).suit_bonus == 0
    # The bonus goes with the retained card, not with any card drawn.
    assert resolve_test(10, -1, "2S", deck("9D")).suit_bonus == 0
    assert resolve_test(10, -1, "2D", deck("9S")).total == 12


def test_equal_values_retain_the_bonus_suit_ruling() -> None:
    # Two successes of the same value: the player keeps the one with the suit bonus.
    result = resolve_test(10, -1, "6H", deck("6S"))
    assert result.retained == "6S" and result.total == 9
    hard = resolve_test(10, 1, "6S", deck("6H"), manoeuvre="resource")
    assert hard.retained == "6H" and hard.suit_bonus == 3


def test_manoeuvre_names_french_and_english() -> None:
    assert manoeuvre_name("Puissance") == "power"
    assert manoeuvre_name("tactique") == "tactics"
    assert manoeuvre_name("ressource") == "resource"
    with pytest.raises(RuleViolation):
        manoeuvre_name("charge")
    with pytest.raises(RuleViolation):
        resolve_test(7, 0, "3H", no_draw, manoeuvre="charge")


def test_draw_callback_not_called_when_no_extra_card() -> None:
    resolve_test(7, 0, "3H", no_draw)


def test_invalid_cards_and_short_draws_raise_RuleViolation() -> None:
    with pytest.raises(RuleViolation, match="not a card"):
        resolve_test(7, 0, "ZZ", no_draw)
    with pytest.raises(RuleViolation, match="general deck gave 1 cards, 2 were needed"):
        resolve_test(7, 2, "3H", deck("4H"))
    with pytest.raises(RuleViolation, match="not a card"):
        resolve_test(7, -1, "3H", deck("14H"))
    with pytest.raises(RuleViolation):
        resolve_test(7, 0, "3H", no_draw, hand_cards=["XX"])
    with pytest.raises(RuleViolation):
        resolve_test("7", 0, "3H", no_draw)  # type: ignore[arg-type]


def test_lenient_card_spelling_is_normalised() -> None:
    result = resolve_test(7, -1, "10h", deck("1c"))
    assert result.cards == ("10H", "AC") and result.quality == 1


# --- hand cards (§Ressources en cartes L199, PROPOSAL §3.3) --------------------------------


def test_hand_card_replaces_failed_draw_PROPOSAL_3_3_seed_Ressources_L199() -> None:
    result = resolve_test(7, 0, "9H", no_draw, hand_cards=["QS", "6S", "5D"])
    assert result.success and result.cards == ("6S",) and result.quality == 6
    assert result.substituted == (("9H", "6S"),)
    assert result.drawn == ("9H",) and result.first == "9H"


def test_hand_cards_unused_when_test_succeeds_PROPOSAL_3_3() -> None:
    result = resolve_test(10, 0, "2H", no_draw, hand_cards=["9S"])
    assert result.quality == 2 and result.substituted == ()


def test_hand_cards_best_total_counts_suit_bonus_PROPOSAL_3_3() -> None:
    # 7♠ on power is worth 10, more than 9♥'s 9.
    result = resolve_test(10, -1, "JH", deck("QD"), hand_cards=["9H", "7S"])
    assert result.retained == "7S" and result.total == 10
    assert len(result.substituted) == 1


def test_hand_cards_replace_every_failed_card_on_hard_tests_PROPOSAL_3_3() -> None:
    result = resolve_test(8, 2, "9H", deck("3S", "KD"), hand_cards=["8C", "5H", "7D", "JS"])
    assert result.success
    # Both failed cards must be replaced; the 3♠ stays the worst card whatever is played.
    assert result.quality == 3 and result.retained == "3S"
    # So the lowest-valued hand cards that reach that quality are spent.
    assert sorted(new for _, new in result.substituted) == ["5H", "7D"]


def test_hand_cards_cannot_save_when_too_few_PROPOSAL_3_3() -> None:
    result = resolve_test(8, 1, "9H", deck("KD"), hand_cards=["5H"])
    assert not result.success and result.substituted == ()


def test_hand_cards_above_target_are_useless() -> None:
    result = resolve_test(7, 0, "9H", no_draw, hand_cards=["8S"])
    assert not result.success and result.substituted == ()


def test_hand_cards_respect_multiplicity_two_packs() -> None:
    result = resolve_test(8, 1, "9H", deck("KD"), hand_cards=["5H", "5H"])
    assert result.success and result.cards == ("5H", "5H")


def test_club_level_stays_after_first_card_replaced_seed_Choix_de_l_actions_L269() -> None:
    # The ♣ facility level is set when the first card is drawn; replacing it later keeps it.
    result = resolve_test(7, 0, "9C", deck("10D"), hand_cards=["4S"])
    assert result.level == -1 and result.success and result.quality == 4
    assert result.first == "9C"


# --- support card (§Tirage des soutiens L293) ---------------------------------------------


def test_support_power_card_replaces_any_card_seed_Tirage_des_soutiens_L293() -> None:
    # Difficile: 6 and 2 both succeed; the supporter's 5 replaces the 2 and raises the worst.
    result = resolve_test(7, 1, "6H", deck("2D"), support_cards=["5S"])
    assert result.success and result.quality == 5 and result.support_used
    assert result.substituted == (("2D", "5S"),)


def test_support_card_unused_when_it_does_not_help() -> None:
    result = resolve_test(7, 0, "6H", no_draw, support_cards=["3S"])
    assert result.quality == 6 and not result.support_used and result.substituted == ()


def test_support_card_saves_a_failed_draw_before_hand_cards() -> None:
    result = resolve_test(7, 0, "9H", no_draw, support_cards=["4S"], hand_cards=["6D"])
    # The free support card (4♠ = 7 with ♠ on power) beats spending the 6♦ (6): best total wins.
    assert result.success and result.support_used and result.total == 7
    assert result.substituted == (("9H", "4S"),)


def test_support_and_hand_together_on_a_hard_test() -> None:
    result = resolve_test(10, 1, "QD", deck("KH"), support_cards=["8S"], hand_cards=["9H"])
    assert result.success and result.support_used
    assert sorted(result.cards) == ["8S", "9H"] and result.quality == 8 and result.total == 11


# --- serialisation --------------------------------------------------------------------------


def test_outcome_to_dict_is_json_plain_and_round_trips() -> None:
    import json

    result = resolve_test(10, 1, "QD", deck("KH"), support_cards=["8S"], hand_cards=["9H"])
    data = result.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert TestOutcome.from_dict(data) == result


def test_outcome_from_dict_rejects_malformed() -> None:
    data = resolve_test(7, 0, "3H", no_draw).to_dict()
    del data["quality"]
    with pytest.raises(RuleViolation, match="quality"):
        TestOutcome.from_dict(data)
    with pytest.raises(RuleViolation):
        TestOutcome.from_dict({**resolve_test(7, 0, "3H", no_draw).to_dict(), "cards": ["nope"]})
    with pytest.raises(RuleViolation, match="true or false"):
        TestOutcome.from_dict({**resolve_test(7, 0, "3H", no_draw).to_dict(), "success": "false"})


# --- oppositions (§Réussites ou échecs L305-313) --------------------------------------------


def test_T7_opposition_both_succeed_loser_card_subtracted_seed_Reussites_L311() -> None:
    result = oppose(outcome(9), outcome(6), ties())
    assert result.winner == "attacker" and result.net == 3


def test_T7_opposition_defender_failed_full_power_seed_Reussites_L312() -> None:
    result = oppose(outcome(9), outcome(0, success=False), ties())
    assert result.winner == "attacker" and result.net == 9


def test_T7_opposition_both_failed_nothing_seed_Reussites_L313() -> None:
    result = oppose(outcome(0, success=False), outcome(0, success=False), ties())
    assert result.winner is None and result.net == 0


def test_opposition_defender_wins() -> None:
    result = oppose(outcome(4), outcome(10), ties())
    assert result.winner == "defender" and result.net == 6
    alone = oppose(outcome(0, success=False), outcome(10), ties())
    assert alone.winner == "defender" and alone.net == 10


def test_opposition_compares_suit_bonus_but_subtracts_card_value_PROPOSAL_3_11_4() -> None:
    # 8♠ on power = 11 beats a 10; the loser's card value 10 is subtracted: 1.
    result = oppose(outcome(8, "S"), outcome(10), ties())
    assert result.winner == "attacker" and result.net == 1
    assert (result.attacker_total, result.defender_total) == (11, 10)


def test_opposition_tie_break_general_deck_PROPOSAL_A18() -> None:
    result = oppose(outcome(7), outcome(7, "H"), ties(("5C", "5D"), ("2H", "9S")))
    assert result.winner == "defender" and result.net == 0
    assert result.tie_breaks == (("5C", "5D"), ("2H", "9S"))
    won = oppose(outcome(7), outcome(7, "H"), ties(("KC", "5D")))
    assert won.winner == "attacker" and won.net == 0 and won.tie_breaks == (("KC", "5D"),)


def test_opposition_tie_break_malformed_raises() -> None:
    with pytest.raises(RuleViolation):
        oppose(outcome(7), outcome(7), lambda: ("5C",))  # type: ignore[return-value]


def test_opposition_to_dict_round_trip() -> None:
    import json

    result = oppose(outcome(7), outcome(7, "H"), ties(("5C", "5D"), ("2H", "9S")))
    data = result.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert Opposition.from_dict(data) == result


# --- manoeuvres (§Choix des manœuvres L277-279), markers (§Marqueurs L326-335) ---------------


def test_tactics_markers_seed_Choix_des_manoeuvres_L278() -> None:
    assert tactics_markers(resolve_test(7, 0, "5H", no_draw, manoeuvre="tactics")) == (3, 0)
    assert tactics_markers(resolve_test(7, 0, "9H", no_draw, manoeuvre="tactics")) == (0, 1)


def test_S5_club_tactical_support_flag_PROPOSAL_A6_seed_Marqueurs_L335() -> None:
    # Table wins by default: a ♣ first card gives a facility level, still 3 markers.
    played = resolve_test(7, 0, "2C", deck("KD"), manoeuvre="tactics")
    assert played.level == -1 and tactics_markers(played) == (3, 0)
    # The flag gives the combo text's reading: 4 markers.
    assert tactics_markers(played, clubs_tactical_plus_one=True) == (4, 0)
    assert tactics_markers(resolve_test(7, 0, "2D", no_draw), clubs_tactical_plus_one=True) == (3, 0)


def test_T16_resource_success_adds_value_plus_hearts_seed_Choix_des_manoeuvres_L279() -> None:
    result = resolve_test(9, -2, "5H", deck("KD", "QS"), manoeuvre="resource")
    assert result.total == 8
    assert pile_gain(result, pile=0, pile_max=10) == 8
    assert pile_gain(result, pile=3, pile_max=7) == 4  # capped at pile max
    assert pile_gain(resolve_test(3, 0, "9H", no_draw, manoeuvre="resource"), 0, 7) == 0


def test_T16_exhaustion_recovery_gain_capped_PROPOSAL_3_10_seed_Epuisement_L235() -> None:
    result = resolve_test(9, -2, "8H", deck("KD", "QS"), manoeuvre="resource")
    # The recovery draw counts the winning card only (no ♥ bonus): 8, capped at pile max 7.
    assert pile_gain(result, pile=0, pile_max=7, with_suit_bonus=False) == 7
    assert pile_gain(result, pile=0, pile_max=13, with_suit_bonus=False) == 8


def test_resource_and_recovery_levels_escalate_seed_L235_L279_PROPOSAL_A29() -> None:
    assert [resource_level(n) for n in range(3)] == [-2, -1, 0]
    assert [recovery_level(n) for n in range(3)] == [-2, -1, 0]
    assert recovery_level(0, hand_empty=True) == -1
    with pytest.raises(RuleViolation):
        resource_level(-1)


def test_markers_add_to_target_seed_Marqueurs_L330_L331() -> None:
    assert target_with_markers(7, 2, 1) == (8, 0)
    # Spending three bonus markers: one facility level, those three no longer add.
    assert target_with_markers(7, 4, 0, True) == (8, -1)
    # Three malus markers: one more level, without the −3 (PROPOSAL: shed on success).
    assert target_with_markers(7, 0, 3, shed_three_malus=True) == (7, 1)
    with pytest.raises(RuleViolation, match="needs 3"):
        target_with_markers(7, 2, 0, True)
    with pytest.raises(RuleViolation):
        target_with_markers(7, -1, 0)
    assert shed_malus_removed(resolve_test(7, 0, "5H", no_draw)) == 3
    assert shed_malus_removed(resolve_test(7, 0, "9H", no_draw)) == 0


def test_speciality_bonus_seed_Specialites_L243_no_stacking_PROPOSAL_3_4() -> None:
    assert speciality_bonus(own_skill=True) == 4
    assert speciality_bonus(other_skill=True) == 2
    assert speciality_bonus(own_skill=True, other_skill=True) == 4
    assert speciality_bonus() == 0


# --- range, perception, round order, traits -------------------------------------------------


@pytest.mark.parametrize(
    ("metres", "expected"),
    [(0, 0), (6, 0), (7, 1), (24, 1), (25, 2), (30, 2), (99, 3), (999, 6), (1000, 7), (9999, 12)],
)
def test_T15_range_seed_Echelle_des_portees_L387_405(metres: int, expected: int) -> None:
    assert range_of(metres) == expected


def test_range_beyond_scale_PROPOSAL_A26() -> None:
    assert range_of(10_000) == 13 and range_of(50_000) == 13
    with pytest.raises(RuleViolation):
        range_of(-1)


def test_perception_seed_Vigilance_L407_L411() -> None:
    # Range and signature move the discretion draw's target: test_cartes_play.py
    # (test_discretion_adds_the_range_…).
    assert perception(has_vigilance=True, alert=True) == ("Vigilance", 0)
    assert perception(has_vigilance=False, alert=True) == ("Sens", 1)
    assert perception(has_vigilance=True, alert=False) == ("Sens", 1)


def test_T17_first_speaker_rotates_left_seed_Declaration_L255_259() -> None:
    assert [first_speaker(r, 4) for r in range(1, 6)] == [0, 1, 2, 3, 0]
    assert first_speaker(1, 4, first_seat=2) == 2 and first_speaker(3, 4, first_seat=2) == 0
    with pytest.raises(RuleViolation):
        first_speaker(0, 4)
    with pytest.raises(RuleViolation):
        first_speaker(1, 0)


def test_numbered_traits_strict_comparisons_seed_Atouts_L521() -> None:
    assert calamity_applies(4, 5) and not calamity_applies(5, 5)
    assert atout_applies(6, 5) and not atout_applies(5, 5)


# --- invariants (hypothesis) ----------------------------------------------------------------

DECK = fresh_packs(1)


@settings(max_examples=300, deadline=None)
@given(
    target=st.integers(min_value=-2, max_value=15),
    level=st.integers(min_value=-3, max_value=3),
    order=st.permutations(DECK),
    clubs=st.booleans(),
    manoeuvre=st.sampled_from(["power", "tactics", "resource"]),
)
def test_resolution_invariants_digest_3_2(target: int, level: int, order: list[str], clubs: bool, manoeuvre: str) -> None:
    first, rest = order[0], order[1:]
    expected_level = level - (1 if clubs and suit(first) == "C" else 0)
    # Digest §3.2: level ±k draws k cards from the general deck after the first; a draw of more
    # fails on the short deck, a draw of fewer leaves scripted cards.
    result = resolve_test(target, level, first, deck(*rest[: abs(expected_level)]), clubs_rule=clubs, manoeuvre=manoeuvre)
    assert result.level == expected_level
    assert len(result.cards) == cards_for_level(expected_level)
    assert result.cards[0] == first
    values = [value(c) for c in result.cards]
    if expected_level < 0:
        assert result.success == any(v <= target for v in values)
        if result.success and manoeuvre == "resource":
            # Ruling C101: the success that gains the most cards, its value +3 on ♥ (§Bonus de
            # couleur L321), the higher value on an equal gain.
            successes = [c for c in result.cards if value(c) <= target]
            assert (result.total, result.quality) == max((value(c) + 3 * (suit(c) == "H"), value(c)) for c in successes)
        elif result.success:
            assert result.quality == max(v for v in values if v <= target)
    else:
        assert result.success == all(v <= target for v in values)
        if result.success:
            assert result.quality == min(values)
    if result.success:
        assert result.retained in result.cards and 1 <= result.quality <= target
        # Digest §3.7: +3 on the success card, ♠ on a power manoeuvre, ♥ on a resource one.
        bonus_suit = {"power": "S", "resource": "H"}.get(manoeuvre)
        assert result.suit_bonus == (3 if suit(result.retained) == bonus_suit else 0)
    else:
        assert (result.quality, result.suit_bonus, result.retained) == (0, 0, None)
    assert TestOutcome.from_dict(result.to_dict()) == result


@settings(max_examples=200, deadline=None)
@given(
    target=st.integers(min_value=1, max_value=13),
    level=st.integers(min_value=-2, max_value=2),
    order=st.permutations(DECK),
    hand_size=st.integers(min_value=0, max_value=5),
)
def test_hand_cards_never_make_things_worse(target: int, level: int, order: list[str], hand_size: int) -> None:
    first, hand, rest = order[0], order[1 : 1 + hand_size], order[1 + hand_size :]
    extra = rest[: abs(level - (1 if suit(first) == "C" else 0))]  # digest §3.2, a ♣ first card one level easier (§3.5)
    plain = resolve_test(target, level, first, deck(*extra))
    helped = resolve_test(target, level, first, deck(*extra), hand_cards=hand)
    if plain.success:
        assert helped == plain  # hand cards are only played on a failure
    else:
        assert len(helped.substituted) <= len(hand)
        used = [new for _, new in helped.substituted]
        assert all(card in hand for card in used)
        if helped.success:
            assert all(value(c) <= target for c in used)
