"""Cartes: which success an easy resource draw keeps (ruling C101). §Choix des manœuvres L279: a
successful resource draw "regarni sa pioche d'un nombre de cartes égal à la réussite"; §Bonus de
couleur L321: a ♥ gives "+3 à la réussite d'une manœuvre de ressource"; §Difficulté des tirages
L215: of several successes "c'est la meilleure qui est retenue". The best success of a resource
draw is the one worth the most cards: 2♥ (2 + 3) over 3♦ (3). Tests recorded before ``TestMade``
class version 7 kept the highest value, and verify as they were played. The unit tests stack
the deck (tests/cartes_table.py).
Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

from cartes_table import ALICE_PILE, DEALT, table
from test_cartes_verification import dealt, recorded_test, verdict

from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test, take_resource
from chronique.domain.rulesets.cartes.resolution import resolve_test

# The cards the resource draw adds to Alice's pile, drawn from the general deck after its two.
REFILL = ["AC", "3C", "4C", "6C", "7C"]


def test_a_resource_draw_keeps_the_success_that_gains_most_cards_Choix_des_manoeuvres_L279_ruling_C101() -> None:
    # Alice (Volonté 6) plays five tests from her pile (5♥ A♠ J♠ 10♦ 4♦), leaving room for five
    # cards; then a Très facile resource draw from her hand: 2♥, then 3♦ and 9♣ from the deck.
    # 3♦ would refill 3 cards, 2♥ refills 2 + 3 = 5: the 2♥ is the better success.
    world = table(DEALT + ["3D", "9C", *REFILL])
    for _ in range(5):
        make_test(world, "Alice", TestRequest("Contact"))
    outcome = take_resource(world, "Alice", "2H")
    assert outcome.drawn == ("2H", "3D", "9C")
    assert (outcome.success, outcome.retained, outcome.quality, outcome.suit_bonus) == (True, "2H", 2, 3)
    assert world.character("Alice").condition["pile"] == [*ALICE_PILE[5:], *REFILL]
    resource = world.recorded_last("Alice", ev.TestMade)
    refill = world.recorded_last("Alice", ev.PileRefilled)
    describe = ruleset("cartes").describe
    assert describe(resource) == (
        "Volonté against 6 at -2 (très facile): 2♥ 3♦ 9♣ → success, quality 2 +3 (♥ on a resource manoeuvre), 2♥ from the hand played first"
    )
    assert describe(refill) == "5 cards into the pile from the resource draw"


def test_an_equal_gain_keeps_the_higher_card_Choix_des_manoeuvres_L279_ruling_C101() -> None:
    # 5♦ and 2♥ both refill 5 cards: the 5♦ is kept, its value being what an opposition takes off
    # the winner (§Réussites ou échecs L311), and no ♥ is needed for the same gain.
    outcome = resolve_test(6, -2, "2H", lambda n: ["5D", "KC"], manoeuvre="resource", first_from_pile=False)
    assert (outcome.retained, outcome.total) == ("5D", 5)


def test_a_power_draw_still_keeps_the_highest_card_Difficulte_des_tirages_L215() -> None:
    # The ruling is the resource draw's: a power draw (whose card is also what an opposition
    # takes off the winner, L311) keeps the highest value, 3♦ over 2♠.
    outcome = resolve_test(6, -1, "2S", lambda n: ["3D"])
    assert (outcome.retained, outcome.total) == ("3D", 3)


def test_a_resource_draw_recorded_before_version_7_verifies_as_it_was_played_ruling_C101() -> None:
    # A journal's resource draw from before the ruling kept 3♦: it verifies, as it was played;
    # the same cards recorded today must keep the 2♥, and keeping the 3♦ is refused.
    old = resolve_test(6, -2, "2H", lambda n: ["3D", "9C"], manoeuvre="resource", first_from_pile=False, best_by_gain=False)
    assert old.retained == "3D"
    table_ = dealt(["2H"], ["5D"])
    assert verdict(table_, recorded_test(table_, "hand", old.to_dict(), False, ["2H"]) | {"manoeuvre": "resource"}) is None
    table_ = dealt(["2H"], ["5D"])
    forged = recorded_test(table_, "hand", old.to_dict(), False, ["2H"]) | {"manoeuvre": "resource", "best_by_gain": True}
    why = verdict(table_, forged)
    assert why is not None and why.startswith("field outcome:"), why
    table_ = dealt(["2H"], ["5D"])
    new = resolve_test(6, -2, "2H", lambda n: ["3D", "9C"], manoeuvre="resource", first_from_pile=False)
    assert verdict(table_, recorded_test(table_, "hand", new.to_dict(), False, ["2H"]) | {"best_by_gain": True}) is None


def test_a_stored_test_before_version_7_reads_as_keeping_the_highest_value() -> None:
    state = {"outcome": {}, "support_cards_spent": 0}
    ev.TestMade.upcast_stored(state)
    assert state["best_by_gain"] is None
