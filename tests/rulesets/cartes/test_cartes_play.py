"""Cartes at the table, on aggregates, with a stacked deck (the seed's sections cited per test)."""

from __future__ import annotations

from collections import Counter

import pytest
from cartes_table import ALICE_HAND, ALICE_PILE, BRIGAND, BRUNO_HAND, BRUNO_PILE, DEALT, table
from support import sample

from chronique.domain.cards import fresh_packs
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.advancement import spend
from chronique.domain.rulesets.cartes.combat import attack, consciousness, contest, spot, suffer_wound
from chronique.domain.rulesets.cartes.describe import made_of
from chronique.domain.rulesets.cartes.draws import TestRequest, award, make_test, recover, support, take_resource
from chronique.domain.rulesets.cartes.table import end_scene, gm_draw, return_cards


def test_first_draw_deals_hand_then_pile_Distribution_des_cartes_L84() -> None:
    world = table(DEALT)
    make_test(world, "Alice", TestRequest("Contact"))
    alice, bruno = world.character("Alice"), world.character("Bruno")
    assert alice.condition["hand"] == ALICE_HAND
    assert alice.condition["pile"] == ALICE_PILE[1:]  # the first pile card was drawn
    assert bruno.condition["hand"] == BRUNO_HAND and bruno.condition["pile"] == BRUNO_PILE
    dealt = [e for e in alice.pending_events if isinstance(e, ev.CardsDealt)]
    assert len(dealt) == 1


def test_moyenne_draws_the_pile_card_only_Tirage_L207() -> None:
    world = table(DEALT)
    outcome = make_test(world, "Alice", TestRequest("Contact"))
    assert outcome.cards == ("5H",) and outcome.success and outcome.quality == 5
    assert len(world.decks["general"].cards) == 104 - len(DEALT)  # no general-deck card used


def test_difficile_adds_general_deck_cards_and_keeps_the_worst_Difficulte_L213() -> None:
    world = table(DEALT + ["9S"])
    outcome = make_test(world, "Alice", TestRequest("Contact", level=1))
    assert outcome.cards == ("5H", "9S") and outcome.success and outcome.retained == "5H"


def test_clubs_first_card_gives_a_facility_level_Bonus_de_couleur_L322() -> None:
    pile = ["4C", *ALICE_PILE[1:]]
    world = table(ALICE_HAND + pile + BRUNO_HAND + BRUNO_PILE)
    outcome = make_test(world, "Alice", TestRequest("Contact", level=1))
    assert outcome.level == 0 and outcome.cards == ("4C",) and outcome.quality == 4  # cartes.md T4


def test_speciality_adds_four_on_its_skill_and_two_on_another_Specialites_L241() -> None:
    world = table(DEALT + ["QS", "QH"])
    own = make_test(world, "Alice", TestRequest("Contact", speciality="Épée", source="deck"))
    other = make_test(world, "Alice", TestRequest("Distance", speciality="Épée", source="deck"))
    assert own.target == 13 and other.target == 8
    with pytest.raises(RuleViolation, match="no speciality"):
        make_test(world, "Alice", TestRequest("Contact", speciality="Arc", source="deck"))


def test_tactics_gives_three_bonus_markers_or_one_malus_Choix_des_manoeuvres_L275() -> None:
    world = table(DEALT)
    make_test(world, "Alice", TestRequest("Contact", manoeuvre="tactics"))  # 5H: success
    assert world.character("Alice").condition["bonus"] == 3
    make_test(world, "Alice", TestRequest("Contact", manoeuvre="tactics", modifier=-9))  # AS vs 3: success
    make_test(world, "Alice", TestRequest("Vigilance", manoeuvre="tactics"))  # JS vs 7+6: success
    assert world.character("Alice").condition["bonus"] == 9
    make_test(world, "Alice", TestRequest("Vigilance", manoeuvre="tactics", modifier=-12))  # 10D vs 4: fails
    assert world.character("Alice").condition["malus"] == 1


def test_three_bonus_markers_spent_buy_a_facility_level_Marqueurs_L331() -> None:
    world = table(DEALT + ["3S"])
    make_test(world, "Alice", TestRequest("Contact", manoeuvre="tactics"))
    outcome = make_test(world, "Alice", TestRequest("Contact", level=0, spend_bonus=True))
    # Difficulty -1 (Facile) instead of +3 to the target: AS from the pile, 3S from the deck.
    assert outcome.level == -1 and outcome.target == 9 and outcome.cards == ("AS", "3S")
    assert world.character("Alice").condition["bonus"] == 0
    with pytest.raises(RuleViolation, match="bonus markers"):
        make_test(world, "Alice", TestRequest("Contact", spend_bonus=True))


def test_a_hand_card_replaces_a_failed_draw_Ressources_en_cartes_L199() -> None:
    pile = ["KS", *ALICE_PILE[1:]]
    world = table(ALICE_HAND + pile + BRUNO_HAND + BRUNO_PILE)
    outcome = make_test(world, "Alice", TestRequest("Contact", hand_cards=("8C",)))
    assert outcome.success and outcome.quality == 8 and outcome.substituted == (("KS", "8C"),)
    assert world.character("Alice").condition["hand"] == ["KD", "2H"]


def test_empty_pile_needs_a_recovery_draw_from_the_hand_Epuisement_L233() -> None:
    world = table(DEALT + ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D"])
    for _ in ALICE_PILE:
        make_test(world, "Alice", TestRequest("Contact"))
    with pytest.raises(RuleViolation, match="pile is empty"):
        make_test(world, "Alice", TestRequest("Contact"))
    outcome = recover(world, "Alice", "8C")  # Très facile Carrure 8, and ♣ first: 8C AD 2D 3D
    assert outcome.level_asked == -2 and outcome.level == -3 and outcome.success and outcome.quality == 8
    alice = world.character("Alice")
    assert alice.condition["pile"] == ["4D", "5D", "6D", "7D", "8D", "9D", "10D"]  # capped at pile max 7
    assert alice.condition["recovery_steps"] == 1 and "8C" not in alice.condition["hand"]


def test_resource_success_adds_its_value_plus_three_on_hearts_Choix_des_manoeuvres_L277() -> None:
    world = table(DEALT + ["9S", "9C", "AD", "2D"])
    make_test(world, "Alice", TestRequest("Contact"))
    make_test(world, "Alice", TestRequest("Contact"))
    outcome = take_resource(world, "Alice", "2H")  # Très facile Volonté 6: 2H 9S 9C -> 2 +3 (♥)
    assert outcome.success and outcome.retained == "2H" and outcome.suit_bonus == 3
    # 2 + 3 (♥) = 5 cards earned, but the pile is capped at its max of 7: 5 left + 2.
    assert world.character("Alice").condition["pile"] == [*ALICE_PILE[2:], "AD", "2D"]


@pytest.mark.parametrize(
    ("damage", "effect", "bonus", "malus", "out"),
    [
        (3, "none", 0, 0, False),
        (4, "two_malus", 0, 2, False),
        (5, "two_malus", 0, 2, False),
        (6, "angry", 1, 0, False),
        (7, "out_of_combat", 0, 0, True),
    ],
)
def test_ko_ok_thresholds_of_volonte_6_KO_ou_OK_L354(damage: int, effect: str, bonus: int, malus: int, out: bool) -> None:
    world = table()  # a wound draws no card
    result = suffer_wound(world, "Alice", damage, "faible", "test")
    c = world.character("Alice").condition
    assert result["effect"] == effect and (c["bonus"], c["malus"], c["out_of_combat"]) == (bonus, malus, out)


def test_over_13_aggravates_faible_to_moyenne_T10_Aggravation_L450() -> None:
    world = table()  # a wound draws no card
    result = suffer_wound(world, "Bruno", 14, "faible", "a blast")
    assert result["wound"]["lethality"] == 2 and result["aggravations"]


def test_a_full_holder_cascades_up_to_death_T9_Nombre_de_blessures_L487() -> None:
    frail = {"name": "Frêle", "characteristics": {"Carrure": 4, "Rapidité": 8, "Sens": 8, "Volonté": 8, "Intellect": 4, "Équilibre": 4}}
    world = table(sheets=[frail], session=False)
    assert suffer_wound(world, "Frêle", 5, "moyenne", "1")["wound"]["lethality"] == 2
    assert suffer_wound(world, "Frêle", 5, "moyenne", "2")["wound"]["lethality"] == 3
    third = suffer_wound(world, "Frêle", 5, "forte", "3")
    assert third["dead"] and world.character("Frêle").condition["dead"]
    with pytest.raises(RuleViolation, match="dead"):
        suffer_wound(world, "Frêle", 1, "nulle", "4")


def test_attack_loser_takes_net_damage_Reussites_ou_echecs_L305() -> None:
    # Both succeed: brigand 9H (deck), Alice parries 5H: 9 - 5 = 4, +2 weapon = 6 (T7, §4.1).
    world = table(ALICE_HAND + ALICE_PILE + ["9H"], sheets=["alice", BRIGAND])
    axe = TestRequest("Contact", source="deck")
    result = attack(world, "Brigand", "Alice", axe, TestRequest("Contact"), 2, "forte")
    assert result.exchange.opposition.winner == "attacker" and result.damage == 4 + 2
    assert result.wound is not None and result.wound["wound"]["lethality"] == 3


def test_spades_add_three_to_a_power_attack_Bonus_de_couleur_L320() -> None:
    world = table(ALICE_HAND + ALICE_PILE + ["9S"], sheets=["alice", BRIGAND])
    result = attack(world, "Brigand", "Alice", TestRequest("Contact", source="deck"), TestRequest("Contact"), 2, "forte")
    assert result.damage == 9 + 3 - 5 + 2  # cartes.md T6/T7: ♠ +3 on a power result


def test_consciousness_draw_brings_back_with_the_damage_as_malus_Tirage_de_conscience_L369() -> None:
    world = table(DEALT + ["4H"])
    suffer_wound(world, "Alice", 8, "nulle", "club")
    outcome = consciousness(world, "Alice")  # Volonté 6, 4H: success
    c = world.character("Alice").condition
    assert outcome.success and not c["out_of_combat"] and c["ko_malus"] == 8


def test_award_draws_hand_cards_and_spend_checks_the_cost_Experience_L530() -> None:
    world = table(DEALT + ["QS", "KH", "3C"])
    make_test(world, "Alice", TestRequest("Contact"))
    assert award(world, "Alice", 3, "the ambush") == ["QS", "KH", "3C"]
    # Contact 9 -> 10 with Carrure 8: new level ≥ characteristic, so 2 cards ≥ 10 (cartes.md T14).
    with pytest.raises(RuleViolation):
        spend(world, "Alice", "skill", "Contact", "", ["KD", "8C"], "")
    paid = spend(world, "Alice", "skill", "Contact", "", [], "training")
    # The hand KD 8C 2H QS KH 3C holds three cards ≥ 10; with none named the cheapest pay: QS (12),
    # then KD before KH (both 13) in hand order (experience.py cheapest_payment).
    assert paid == ["QS", "KD"]
    alice = world.character("Alice")
    assert alice.sheet["skills"]["Contact"]["level"] == 10 and alice.condition["hand"] == ["8C", "2H", "KH", "3C"]


def test_session_end_returns_every_card_and_keeps_the_counts_Ressources_en_cartes_L201() -> None:
    world = table(DEALT)
    make_test(world, "Alice", TestRequest("Contact"))
    return_cards(world)
    alice = world.character("Alice")
    assert alice.condition["pile"] == [] and alice.condition["hand"] == []
    assert (alice.condition["pile_count"], alice.condition["hand_count"]) == (6, 3)
    assert world.decks["general"].cards == []


def test_a_spent_deck_is_reshuffled_from_its_discards_A30() -> None:
    world = table(DEALT, [])
    deck = world.decks["general"]
    for _ in range(45):  # at least 2 cards each (3, or 2 after a ♣): more than the 84 left
        make_test(world, "Bruno", TestRequest("Sens", level=2, source="deck"))
    shuffles = [e for e in deck.pending_events if type(e).__qualname__ == "Deck.Shuffled"]
    assert len(shuffles) == 2
    held = Counter(DEALT)
    # The test drawing when the deck ran out keeps the cards it drew before on the table: they are
    # not discards yet (§Fournitures nécessaires L75: no card twice more than the packs hold it).
    # This expectation once shuffled them back in too, which dealt a third copy of a card.
    before = deck.pending_events[: deck.pending_events.index(shuffles[1])]
    drawn = [c for e in before if type(e).__qualname__ == "Deck.CardsDrawn" and "dealt" not in e.purpose for c in e.cards]
    used = 0
    for test in (e for e in world.character("Bruno").pending_events if isinstance(e, ev.TestMade)):
        if used + len(test.outcome["drawn"]) > len(drawn):
            break
        used += len(test.outcome["drawn"])
    on_the_table = Counter(drawn[used:])
    assert on_the_table  # the deck ran out in the middle of a test
    assert Counter(shuffles[1].chance[0]["deck"]) == Counter(fresh_packs(2)) - held - on_the_table


def test_tactics_support_gives_three_bonus_markers_Deroulement_du_tour_L294() -> None:
    world = table(DEALT)
    support(world, "Bruno", "Alice", TestRequest("Médecine", manoeuvre="tactics"))  # 8D ≤ 9
    assert world.character("Alice").condition["bonus"] == 3
    assert world.character("Bruno").condition["bonus"] == 0


def test_power_support_card_replaces_a_card_of_the_next_draw_Deroulement_du_tour_L293() -> None:
    pile = ["KS", *ALICE_PILE[1:]]
    bruno_pile = ["7H", *BRUNO_PILE[1:]]
    world = table(ALICE_HAND + pile + BRUNO_HAND + bruno_pile)
    support(world, "Bruno", "Alice", TestRequest("Médecine"))
    assert world.character("Alice").condition["support_cards"] == ["7H"]
    outcome = make_test(world, "Alice", TestRequest("Contact"))  # KS fails; the 7H takes its place
    assert outcome.success and outcome.quality == 7 and outcome.support_used
    assert world.character("Alice").condition["support_cards"] == []


def test_a_failed_tactics_support_falls_on_the_supporter_A5() -> None:
    bruno_pile = ["KH", *BRUNO_PILE[1:]]
    world = table(ALICE_HAND + ALICE_PILE + BRUNO_HAND + bruno_pile)
    support(world, "Bruno", "Alice", TestRequest("Médecine", manoeuvre="tactics"))
    assert world.character("Bruno").condition["malus"] == 1 and world.character("Alice").condition["bonus"] == 0


def test_shedding_three_malus_markers_is_one_level_harder_without_them_Marqueurs_L333() -> None:
    world = table(DEALT + ["3S"])
    suffer_wound(world, "Alice", 4, "nulle", "a")  # two malus markers (OK < 4 < KO)
    suffer_wound(world, "Alice", 5, "nulle", "b")  # two more: 4 markers
    outcome = make_test(world, "Alice", TestRequest("Contact", shed_malus=True))
    # Target 9 − 1 (the fourth marker only) − 0 wound malus; level +1: 5H then 3S, worst 3.
    assert outcome.level == 1 and outcome.target == 8 and outcome.success
    assert world.character("Alice").condition["malus"] == 1


def test_gm_draw_takes_cards_after_the_deal_Tirage_passifs_L229() -> None:
    world = table(DEALT + ["QD", "JD"])
    assert gm_draw(world, 2, "", "weather") == ["QD", "JD"]
    assert world.character("Alice").condition["dealt"]


def test_a_failed_power_draw_gives_no_malus_marker_A5() -> None:
    pile = ["KS", *ALICE_PILE[1:]]
    world = table(ALICE_HAND + pile + BRUNO_HAND + BRUNO_PILE)
    assert not make_test(world, "Alice", TestRequest("Contact")).success
    assert world.character("Alice").condition["malus"] == 0


def test_scene_end_clears_markers_and_the_post_ko_malus_A7_A16() -> None:
    world = table(DEALT + ["4H"])
    make_test(world, "Alice", TestRequest("Contact", manoeuvre="tactics"))
    suffer_wound(world, "Alice", 8, "nulle", "club")
    consciousness(world, "Alice")
    c = world.character("Alice").condition
    assert (c["bonus"], c["ko_malus"]) == (3, 8)
    end_scene(world)
    assert (c["bonus"], c["malus"], c["ko_malus"]) == (0, 0, 0)


def test_an_award_between_sessions_is_dealt_next_session_A15() -> None:
    world = table(session=False)
    assert award(world, "Alice", 2, "downtime heroics") == []
    assert world.character("Alice").condition["hand_count"] == 5
    assert world.decks["general"].pending_events[-1].originator_version == 1  # no card drawn


def test_npcs_are_dealt_no_cards_and_decks_have_two_packs_A2() -> None:
    world = table(DEALT, sheets=["alice", "bruno", BRIGAND])
    gm_draw(world, 1, "", "")
    shuffled = world.decks["general"].pending_events[1]
    assert world.decks["general"].packs == 2 and len(shuffled.chance[0]["deck"]) == 104
    assert not world.character("Brigand").condition["dealt"]


def test_discretion_adds_the_range_and_sens_replaces_vigilance_unless_alert_Vigilance_L407() -> None:
    # Alice Discrétion 8 at 30 m (range 2): target 10. Bruno not alert: Sens 7, one level harder.
    world = table(DEALT + ["3H"])
    exchange = spot(world, "Alice", "Bruno", 30, 0, alert=False)
    assert exchange.first.target == 10 and exchange.second.target == 7 and exchange.second.level_asked == 1
    alert = spot(world, "Alice", "Bruno", 6, 2, alert=True)
    assert alert.first.target == 8 + 0 - 2 and alert.second.target == 8 and alert.second.level_asked == 0
    # Range is a bonus to discretion (L417), a device's signature a malus (L423): each recorded
    # as what it is, and read so (it read "Discrétion 8, modifier +2").
    hidden = [e for e in world.collect() if isinstance(e, ev.TestMade) and e.skill == "Discrétion"]
    assert [(e.basis["range"], e.basis["signature"], e.basis["situational"]) for e in hidden] == [(2, 0, 0), (0, -2, 0)]
    assert [made_of(e) for e in hidden] == [" (Discrétion 8, range +2)", " (Discrétion 8, signature -2)"]


def test_equal_results_are_broken_by_one_card_each_from_the_deck_A18() -> None:
    # Brigand 5D (deck) against Alice's 5H: equal totals; tie-break 3C vs 9D, Alice wins.
    world = table(ALICE_HAND + ALICE_PILE + ["5D", "3C", "9D"], sheets=["alice", BRIGAND])
    exchange = contest(world, "Brigand", TestRequest("Contact", source="deck"), "Alice", TestRequest("Contact"))
    assert exchange.opposition.tie_breaks == (("3C", "9D"),) and exchange.opposition.winner == "defender"
    assert exchange.opposition.net == 0  # the loser's 5 is subtracted from the winner's 5


def test_specialities_cost_two_then_four_cards_Experience_L538() -> None:
    world = table(DEALT + ["AS", "2S", "3S", "4S", "5S", "6S"])
    make_test(world, "Bruno", TestRequest("Médecine"))
    award(world, "Alice", 6, "long campaign")
    assert len(spend(world, "Alice", "speciality", "Distance", "Arc", [], "")) == 2
    assert len(spend(world, "Alice", "speciality", "Distance", "Fronde", [], "")) == 4
    assert world.character("Alice").sheet["skills"]["Distance"]["specialities"] == ["Arc", "Fronde"]
    with pytest.raises(RuleViolation):
        spend(world, "Alice", "speciality", "Distance", "Javelot", [], "")  # 8 cards: the hand holds 3


def test_a_character_joining_mid_session_is_dealt_at_the_next_draw_Distribution_des_cartes_L84() -> None:
    from chronique.domain.character import Character
    from chronique.domain.rulesets import ruleset

    world = table(DEALT, sheets=["alice"])
    make_test(world, "Alice", TestRequest("Contact"))
    sheet, condition = ruleset("cartes").new_character(sample("bruno"))
    bruno = Character.create(world.campaign.id, "Bruno", "cartes", sheet, condition)
    world.campaign.join(bruno.id, "character", "Bruno")
    world.characters[bruno.id] = bruno
    make_test(world, "Alice", TestRequest("Contact"))
    assert len(bruno.condition["hand"]) == 3 and len(bruno.condition["pile"]) == 7


def test_a_resource_card_named_from_an_empty_hand_is_refused_not_ignored_A29() -> None:
    world = table(DEALT)
    make_test(world, "Alice", TestRequest("Contact"))  # the session's cards are dealt at its first draw
    world.character("Alice").condition["hand"] = []  # every hand card played since
    with pytest.raises(RuleViolation, match="Alice's hand is empty: no 5♥ to play"):
        take_resource(world, "Alice", "5H")
