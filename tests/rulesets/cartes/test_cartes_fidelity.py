"""Cartes rules fidelity (issue 17): each test is worked out by hand from the seed
(`shared/seeds/001_2934a6d80cfcba44.txt`, Lnnn its line numbers) over a stacked deck, whose every
card the test names (cartes_table.py holds the script to account)."""

from __future__ import annotations

from typing import Any

import pytest
from cartes_table import table
from support import sample

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.combat import attack, consciousness, contest, spot, suffer_wound
from chronique.domain.rulesets.cartes.describe import describe
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.world import World

HAND = ["KD", "8H", "2H"]
REST = ["AS", "JS", "10D", "4D", "2S", "KS"]  # the pile under its top card
BRIGAND = {
    "name": "Brigand",
    "npc": True,
    "characteristics": {"Carrure": 7, "Rapidité": 6, "Sens": 6, "Volonté": 6, "Intellect": 5, "Équilibre": 6},
    "skills": {"Contact": {"level": 10, "characteristic": "Carrure"}},
}


def contact_7() -> dict[str, Any]:
    """Alice (alice.toml) with Contact 7, as in the issue's case."""
    alice = sample("alice")
    alice["skills"]["Contact"]["level"] = 7
    return alice


def alice_dealt(top: str, *then: str) -> World:
    """Alice (Contact 7) alone, her pile topped by ``top``; ``then`` the general deck's next cards."""
    return table([*HAND, top, *REST, *then], sheets=[contact_7()])


def recorded(world: World, name: str, kind: type) -> list[Any]:
    return [e for e in world.character(name).pending_events if isinstance(e, kind)]


# -- 1. short-circuits: §Choix de l'actions L269, §Bonus de couleur L324 ---------------------------


def test_short_circuit_makes_moyenne_difficile_and_a_diamond_only_cancels_it_L269_L324() -> None:
    # The case: Contact 7, 8♦ on top of the pile. Moyenne + 1 (short-circuit) = Difficile;
    # the ♦ from the pile cancels that level: Moyenne, one card, 8 > 7 → failure. (Recorded before:
    # level −1 and a success with 8♦ 5♠.)
    world = alice_dealt("8D")
    outcome = make_test(world, "Alice", TestRequest("Contact", short_circuit=True))
    assert (outcome.level_asked, outcome.level, outcome.cards, outcome.success) == (1, 0, ("8D",), False)
    (made,) = recorded(world, "Alice", ev.TestMade)
    assert made.short_circuit is True


def test_short_circuit_without_a_diamond_draws_one_more_card_L269() -> None:
    # Moyenne + 1 = Difficile: 5♥ from the pile, 6♠ from the deck, both ≤ 7, the worse (5) kept (L217).
    world = alice_dealt("5H", "6S")
    outcome = make_test(world, "Alice", TestRequest("Contact", short_circuit=True))
    assert (outcome.level_asked, outcome.level, outcome.cards, outcome.retained) == (1, 1, ("5H", "6S"), "5H")


def test_a_change_of_plan_follows_the_short_circuit_rules_L269_L324() -> None:
    # "les mêmes règles s'appliquent que pour le court-circuit": +1, and a ♦ from the pile cancels it.
    world = alice_dealt("3D")
    outcome = make_test(world, "Alice", TestRequest("Contact", shifts=("change-of-plan",)))
    assert (outcome.level_asked, outcome.level, outcome.cards, outcome.quality) == (1, 0, ("3D",), 3)
    assert recorded(world, "Alice", ev.TestMade)[0].short_circuit is True


def test_topping_a_short_circuit_costs_two_levels_and_a_diamond_cancels_one_L269_L324() -> None:
    # "surenchérir sur le court-circuit aux prix de deux niveaux de malus": Moyenne + 2 = Très
    # difficile; the ♦ cancels "le niveau" (one, ruling): Difficile, 4♦ then 6♥, worse 4.
    world = alice_dealt("4D", "6H")
    outcome = make_test(world, "Alice", TestRequest("Contact", shifts=("counter-short-circuit",)))
    assert (outcome.level_asked, outcome.level, outcome.cards, outcome.quality) == (2, 1, ("4D", "6H"), 4)


def test_hurrying_and_taking_time_shift_the_level_Duree_du_tour_L239() -> None:
    # Ruling C8: hurrying is one level harder, taking one's time one level easier.
    world = alice_dealt("5H", "9S", "6H")  # Difficile: 5♥ 9♠ fails (9 > 7); Facile: A♠ 6♥ keeps 6
    hurried = make_test(world, "Alice", TestRequest("Contact", shifts=("hurry",)))
    patient = make_test(world, "Alice", TestRequest("Contact", shifts=("take-time",)))
    assert (hurried.level, hurried.cards, hurried.success) == (1, ("5H", "9S"), False)
    assert (patient.level, patient.cards, patient.quality) == (-1, ("AS", "6H"), 6)
    with pytest.raises(RuleViolation, match="may be declared"):
        make_test(world, "Alice", TestRequest("Contact", shifts=("spend-three-bonus",)))


# -- 2. oppositions recorded, and a defender's win deals damage: §Réussites ou échecs L305-313 -----


def test_a_defender_who_wins_deals_the_net_damage_to_the_attacker_Reussites_L311() -> None:
    # The Brigand (Contact 10, a GM character: the general deck) draws 4♥; Alice parries with 7♥
    # from her pile (Contact 7). Both succeed, 7 > 4: Alice wins, 7 − 4 = 3, + her weapon 1 = 4
    # to the Brigand at Forte. Volonté 6: OK 3 < 4 < KO 6 → two malus markers (L359).
    world = table([*HAND, "7H", *REST, "4H"], sheets=[contact_7(), BRIGAND])
    strike, parry = TestRequest("Contact"), TestRequest("Contact")
    result = attack(world, "Brigand", "Alice", strike, parry, 2, "moyenne", defence_weapon_bonus=1, defence_lethality="forte")
    opposition = result.exchange.opposition
    assert (opposition.winner, opposition.net, result.damage, result.wounded) == ("defender", 3, 4, "Brigand")
    (settled,) = recorded(world, "Brigand", ev.OppositionSettled)
    assert (settled.opponent, settled.opponent_stance, settled.damage) == ("Alice", "draws", 4)
    assert settled.opposition["winner"] == "defender" and settled.weapons["defender"] == {"bonus": 1, "lethality": 3}
    (wound,) = recorded(world, "Brigand", ev.WoundSuffered)
    assert (wound.damage, wound.wound["lethality"], wound.effect, wound.malus_change) == (4, 3, "two_malus", 2)
    assert recorded(world, "Alice", ev.WoundSuffered) == []
    # The Brigand's log says whose blow it was: Alice's parry, not "parry by Alice".
    assert describe(wound) == "took a wound of 4 from Alice's parry, Forte; shaken: two malus markers"


def test_a_failed_attack_takes_the_defence_in_full_Reussites_L312() -> None:
    # The Brigand draws Q♠ (12 > 10, fails); Alice's 5♥ succeeds: she wins at full power, 5, no
    # weapon: 5 to the Brigand (two malus markers).
    world = table([*HAND, "5H", *REST, "QS"], sheets=[contact_7(), BRIGAND])
    result = attack(world, "Brigand", "Alice", TestRequest("Contact"), TestRequest("Contact"), 2, "forte")
    assert (result.exchange.opposition.winner, result.damage, result.wounded) == ("defender", 5, "Brigand")
    assert recorded(world, "Brigand", ev.WoundSuffered)[0].wound["lethality"] == 2  # the defender's default: Moyenne


def test_a_contest_records_its_winner_and_net_Reussites_L311() -> None:
    # Alice's Discrétion 8 draws 7♥ against the Brigand's Contact 10 drawing 2♠: totals 7 against
    # 2 + 3 (♠ on a power draw) = 5: Alice wins, net 7 − 2 (the loser's card) = 5. No harm.
    world = table([*HAND, "7H", *REST, "2S"], sheets=[contact_7(), BRIGAND])
    exchange = contest(world, "Alice", TestRequest("Discrétion"), "Brigand", TestRequest("Contact"))
    assert (exchange.opposition.winner, exchange.opposition.net) == ("attacker", 5)
    (settled,) = recorded(world, "Alice", ev.OppositionSettled)
    assert settled.opposition == exchange.opposition.to_dict() and (settled.weapons, settled.damage) == (None, 0)


def test_a_tie_is_broken_by_one_card_each_and_recorded_A18() -> None:
    # 6♥ against 6♦: equal totals; tie-break 3♣ (Alice) against 9♦ (Brigand): the Brigand wins,
    # net 6 − 6 = 0 → no wound (A20).
    world = table([*HAND, "6H", *REST, "6D", "3C", "9D"], sheets=[contact_7(), BRIGAND])
    exchange = contest(world, "Alice", TestRequest("Contact"), "Brigand", TestRequest("Contact"))
    assert exchange.opposition.tie_breaks == (("3C", "9D"),) and exchange.opposition.winner == "defender"
    assert recorded(world, "Alice", ev.OppositionSettled)[0].opposition["tie_breaks"] == [["3C", "9D"]]


# -- 3. out of combat: §KO ou OK L361, §Réussites ou échecs L312, §Tirage de conscience L373 ------


def test_out_of_combat_takes_the_attack_in_full_and_cannot_act_KO_ou_OK_L361() -> None:
    # Alice (Volonté 6, KO 6) takes 8: out of combat. She cannot draw; the Brigand's 4♥ wins at
    # full power (no parry card subtracted): 4 + weapon 1 = 5 (L312 "dans toute sa puissance").
    world = table([*HAND, "5H", *REST, "4H"], sheets=[contact_7(), BRIGAND])
    suffer_wound(world, "Alice", 8, "nulle", "a club")
    with pytest.raises(RuleViolation, match="out of combat"):
        make_test(world, "Alice", TestRequest("Contact"))
    result = attack(world, "Brigand", "Alice", TestRequest("Contact"), TestRequest("Contact"), 1, "faible")
    assert result.exchange.stance == "out of combat" and result.exchange.second is None
    assert (result.exchange.opposition.winner, result.exchange.opposition.net, result.damage) == ("attacker", 4, 5)
    assert recorded(world, "Alice", ev.TestMade) == []  # she drew nothing
    assert recorded(world, "Brigand", ev.OppositionSettled)[0].opponent_stance == "out of combat"


def test_a_second_knock_out_keeps_the_larger_waking_malus_Tirage_de_conscience_L373() -> None:
    # Alice is knocked out by 9, then hit for 7 (> KO 6) while out: the malus on coming to is the
    # larger card, 9. Her consciousness draw (Volonté 6, general deck): 4♥ ≤ 6, she comes to.
    world = table([*HAND, "5H", *REST, "4H"], sheets=[contact_7()])
    suffer_wound(world, "Alice", 9, "nulle", "a club")
    suffer_wound(world, "Alice", 7, "nulle", "a kick")
    assert consciousness(world, "Alice").success
    assert world.character("Alice").condition["ko_malus"] == 9


def test_ignoring_an_attack_gives_the_attacker_a_facility_level_Choix_de_l_actions_L271() -> None:
    # Alice ignores the Brigand's attack: she does not draw; he draws Facile (two cards, the best):
    # Q♠ fails, 8♥ succeeds: 8 at full power + weapon 0.
    world = table([*HAND, "5H", *REST, "QS", "8H"], sheets=[contact_7(), BRIGAND])
    result = attack(world, "Brigand", "Alice", TestRequest("Contact"), TestRequest("Contact"), 0, "faible", ignored=True)
    assert result.exchange.first.level_asked == -1 and result.exchange.first.cards == ("QS", "8H")
    assert (result.exchange.stance, result.damage, result.wounded) == ("ignores", 8, "Alice")


# -- 4. GM characters draw from the general deck: ruling C35 ---------------------------------------


def test_gm_characters_draw_from_the_general_deck_by_default_ruling_C35() -> None:
    world = table([*HAND, "5H", *REST, "9H", "3S", "JH"], sheets=[contact_7(), BRIGAND])
    outcome = make_test(world, "Brigand", TestRequest("Contact"))
    assert outcome.cards == ("9H",) and recorded(world, "Brigand", ev.TestMade)[0].source == "deck"
    with pytest.raises(RuleViolation, match="GM character"):
        make_test(world, "Brigand", TestRequest("Contact", source="pile"))
    # A GM character on watch: Alice's Discrétion 8 + range 2 (30 m) = 10 draws 5♥ from her pile;
    # the Brigand has no Vigilance: Sens 6 one level harder (§Sens ou vigilance ? L411), from the
    # general deck: 3♠ then J♥ (J > 6 fails). Alice stays unseen, at full power 5.
    exchange = spot(world, "Alice", "Brigand", 30, 0, False)
    assert exchange.first.cards == ("5H",) and exchange.second is not None and exchange.second.cards == ("3S", "JH")
    assert (exchange.opposition.winner, exchange.opposition.net) == ("attacker", 5)
