"""Luck in Cartes (ruling C97): every draw with a chance of success counts, a test, a survival draw,
the healer's Médecine draw and a consciousness draw, each the cards as they fell (before a
support's card or a hand card replaced one) at the exact chance of that outcome from fresh packs
(cartes.md §7.3). A worked campaign on a stacked deck (tests/cartes_table.py) whose figures are
worked out by hand from its cards, cross-checked by brute force (tests/luck_brute.py). Seed:
shared/seeds/001_2934a6d80cfcba44.txt; Alice: Carrure 8, Contact 9, Volonté 6; Bruno: Médecine
9, Volonté 6, Carrure 6 (cli/samples)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from cartes_cli import seat
from cartes_table import ALICE_HAND, ALICE_PILE, BRIGAND, BRUNO_HAND, BRUNO_PILE, DEALT, downtime, table
from luck_brute import cards_success
from sqlalchemy import text
from support import change_read_model, run

from chronique.domain.gametime import DAY, MINUTE
from chronique.domain.luck import Tally, tally
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.advancement import arrange_care
from chronique.domain.rulesets.cartes.combat import consciousness, suffer_wound
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test, support
from chronique.domain.rulesets.cartes.odds import success_odds
from chronique.domain.timeline import advance
from chronique.domain.world import World
from chronique.projections.luck import folded

# Two packs (ruling C34): 104 cards, 8 of each value; 72 are at most 9, 48 at most 6, 88 at most 11.
# At Moyenne one card; a ♣ first card (a quarter of them) eases the test one level (§Bonus de
# couleur L322): below Moyenne one success among the cards will do, above it every card must.
# Moyenne against 9: the first card succeeds, or it is a failing ♣ and the next one succeeds.
MOYENNE_9 = Fraction(72, 104) + Fraction(32, 104) * Fraction(1, 4) * Fraction(72, 103)  # 999/1339
# Moyenne against 6 (Volonté to come to, §Tirage de conscience L371, ruling C29).
MOYENNE_6 = Fraction(48, 104) + Fraction(56, 104) * Fraction(1, 4) * Fraction(48, 103)  # 54/103
# Difficile against 9: the first card succeeds, and is a ♣ (then Moyenne) or the second one succeeds too.
DIFFICILE_9 = Fraction(72, 104) * (Fraction(1, 4) + Fraction(3, 4) * Fraction(71, 103))  # 711/1339
# Difficile against 11 (a Forte wound's survival draw, §Survie L439, Carrure 8 + 3 markers of care).
DIFFICILE_11 = Fraction(88, 104) * (Fraction(1, 4) + Fraction(3, 4) * Fraction(87, 103))  # 77/103
# Facile after a known K♦ from the hand: it fails, and the one card drawn after it must succeed.
FACILE_9_AFTER_A_KING = Fraction(72, 103)


def test_the_hand_worked_chances_are_the_brute_force_counts_cartes_7_3() -> None:
    assert MOYENNE_9 == cards_success(9, 0) == success_odds(9, 0) == Fraction(999, 1339)
    assert MOYENNE_6 == cards_success(6, 0) == success_odds(6, 0) == Fraction(54, 103)
    assert DIFFICILE_9 == cards_success(9, 1) == success_odds(9, 1) == Fraction(711, 1339)
    assert DIFFICILE_11 == cards_success(11, 1) == success_odds(11, 1) == Fraction(77, 103)
    assert FACILE_9_AFTER_A_KING == cards_success(9, -1, first=(13, "D"))


def test_a_diamond_first_from_the_pile_eases_a_short_circuit_in_the_odds_too_Bonus_de_couleur_L324() -> None:
    # Ruling C6: a short-circuit's test is a level harder, and a ♦ first from the pile cancels it;
    # its odds count the ♦ as they count the ♣ (the brute force draws every card in order).
    for packs in (1, 2):
        for level in range(-2, 3):
            for target in (4, 7, 10):
                assert success_odds(target, level, packs, diamond_cancels=True) == cards_success(target, level, packs, diamond=True)
    assert success_odds(7, 1, 1, diamond_cancels=True) > success_odds(7, 1, 1)


def played() -> World:
    """The worked campaign: one session, then ten minutes of downtime."""
    session = [*DEALT, "QH", "3S", "9H", "3C", "JD"]
    world = table(session, ["5H", "10S", "QS"])
    # Bruno's power support of Alice: 8♦ from his pile, Moyenne against his Médecine 9.
    support(world, "Bruno", "Alice", TestRequest("Médecine"))
    # Alice's Difficile Contact: 5♥ from her pile, then Q♥ fails; Bruno's 8♦ takes the Q♥'s place
    # (§Tirage des soutiens L293): her test succeeds, but her cards as they fell failed.
    assert make_test(world, "Alice", TestRequest("Contact", level=1)).support_used
    # Alice plays K♦ face up from her hand at Facile (§Distribution des cartes L86): it fails, and
    # the 3♠ drawn after it succeeds: only that card was left to chance.
    make_test(world, "Alice", TestRequest("Contact", level=-1, source="hand", first_hand_card="KD"))
    # Bruno is knocked out (7 is over his KO of 6, §KO ou OK L361) and draws Volonté to come to:
    # 9♥ fails; then 3♣ succeeds (its ♣ made the test Facile: J♦ is drawn and does not matter).
    suffer_wound(world, "Bruno", 7, "nulle", "club")
    assert not consciousness(world, "Bruno").success
    assert consciousness(world, "Bruno").success
    # Alice takes a Forte wound; Bruno tends it with an adapted kit (§Médecine L465, L473).
    suffer_wound(world, "Alice", 5, "forte", "axe")
    arrange_care(world, "Alice", "Bruno", "adapted-kit")
    downtime(world)
    # Ten minutes on (§Survie L439): Bruno's Médecine, Forte +1 and the kit −1, Moyenne: 5♥ is
    # under his 9, three markers; Alice's Difficile survival against 8 + 3: 10♠ then Q♠ fails.
    advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + 10 * MINUTE)
    return world


def events(world: World) -> list[tuple[int, Any]]:
    """Every event of the campaign, the campaign's own first, numbered as a log would."""
    aggregates = [world.campaign, *world.decks.values(), *world.characters.values()]
    return list(enumerate((e for aggregate in aggregates for e in aggregate.pending_events), start=1))


def test_a_worked_campaign_s_luck_counts_every_draw_as_its_cards_fell_at_its_exact_chance_ruling_C97() -> None:
    world = played()
    rows = folded(events(world))
    assert [(row["roller"], row["kind"], row["success"], Fraction(row["numerator"], row["denominator"])) for row in rows] == [
        # Alice's chain: her two tests, then her survival draw and Bruno's Médecine draw beside it.
        ("Alice", "test", False, DIFFICILE_9),
        ("Alice", "test", True, FACILE_9_AFTER_A_KING),
        ("Bruno", "Médecine draw", True, MOYENNE_9),
        ("Alice", "survival draw", False, DIFFICILE_11),
        # Bruno's chain: his support, his two consciousness draws.
        ("Bruno", "test", True, MOYENNE_9),
        ("Bruno", "consciousness draw", False, MOYENNE_6),
        ("Bruno", "consciousness draw", True, MOYENNE_6),
    ]
    luck = tally((row["roller"], row["success"], Fraction(row["numerator"], row["denominator"])) for row in rows)
    # By hand: Alice, 1 success of 3, expected 711/1339 + 72/103 + 77/103 = 2648/1339; Bruno, 3 of 4,
    # expected 2 x 999/1339 + 2 x 54/103 = 3402/1339.
    assert luck["Alice"] == Tally(
        3, 1, Fraction(2648, 1339), sum((p * (1 - p) for p in (DIFFICILE_9, FACILE_9_AFTER_A_KING, DIFFICILE_11)), Fraction(0))
    )
    assert luck["Bruno"] == Tally(4, 3, Fraction(3402, 1339), 2 * MOYENNE_9 * (1 - MOYENNE_9) + 2 * MOYENNE_6 * (1 - MOYENNE_6))
    survival = next(e for e in world.character("Alice").pending_events if isinstance(e, ev.SurvivalChecked))
    assert survival.result == "escalate" and survival.medicine["bonus"] == 3


def test_a_support_held_but_not_needed_counts_its_test_as_the_cards_fell_Tirage_des_soutiens_L293() -> None:
    # Bruno's 8♦ supports Alice; her 5♥ succeeds against Contact 9 and the 8♦ only raises its
    # quality (ruling C4). The test counts, a success, at the odds of her card alone, as a test
    # the 8♦ saved counts a failure at the same odds: which one the support changed is no filter.
    world = table(DEALT)
    support(world, "Bruno", "Alice", TestRequest("Médecine"))
    outcome = make_test(world, "Alice", TestRequest("Contact"))
    assert outcome.success and outcome.support_used and outcome.quality == 8
    test = world.character("Alice").pending_events[-1]
    assert [(d.kind, d.success, d.chance) for d in ruleset("cartes").luck(test, world.campaign.settings)] == [("test", True, MOYENNE_9)]


def test_a_hand_card_that_settles_the_test_leaves_nothing_to_chance_Distribution_des_cartes_L86() -> None:
    # 8♣ from the hand succeeds against Contact 9, and its ♣ makes the test Facile: the card drawn
    # after it cannot change a success. A test a known card settled is no draw.
    world = table([*ALICE_HAND, *ALICE_PILE, *BRUNO_HAND, *BRUNO_PILE, "KS"])
    make_test(world, "Alice", TestRequest("Contact", source="hand", first_hand_card="8C"))
    test = world.character("Alice").pending_events[-1]
    assert test.outcome["drawn"] == ["8C", "KS"]
    assert ruleset("cartes").luck(test, world.campaign.settings) == []


def test_a_journal_whose_luck_an_older_chronique_projected_is_refilled_with_every_draw_ruling_C97(db: str) -> None:
    # Through the real CLI: Bruno is knocked out (7 over his KO of 6, §KO ou OK L361) and draws
    # to come to (§Tirage de conscience L371): one draw, whatever it gives, is the draw luck counts.
    seat(db)
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact")
    run(db, "cartes", "wound", "Verdelune", "Bruno", "--damage", "7", "--lethality", "nulle")
    assert run(db, "sheet", "Verdelune", "Bruno").stdout.splitlines()[0].endswith("out of combat")
    run(db, "cartes", "conscious", "Verdelune", "Bruno")
    now = luck_by_kind(db)
    assert set(now) == {"test", "consciousness draw"}
    # What an older Chronique left: no row for a consciousness draw, the journal at 0008.
    change_read_model(db, text("DELETE FROM read_luck WHERE kind <> 'test'"), text("UPDATE alembic_version SET version_num = '0008'"))
    assert set(luck_by_kind(db)) == {"test"}  # read as it stands until a write upgrades it
    # The next write's catch-up upgrades the journal (0009) and refills the luck read model.
    run(db, "session", "end", "Verdelune")
    assert luck_by_kind(db) == now


def luck_by_kind(db: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(run(db, "luck", "Verdelune", "--by", "kind", "--json").stdout)
    return found


def test_a_draw_no_card_could_change_is_no_draw_Medecine_L465_Difficulte_des_tirages_L215_ruling_C97() -> None:
    # The Brigand knows no Médecine: his target is 0 (§Médecine L465, untrained), no card meets it,
    # and his Médecine is settled a failure without a card drawn (ruling C136).
    world = table(["QS", "3D"], sheets=["alice", BRIGAND])
    suffer_wound(world, "Alice", 5, "faible", "knife")
    arrange_care(world, "Alice", "Brigand", "light-kit")
    downtime(world)
    # A day on (§Survie L437): her Facile survival against Carrure 8, Q♠ then 3♦: a success, 3
    # under the wound's 5.
    advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + DAY)
    survival = world.character("Alice").pending_events[-1]
    assert isinstance(survival, ev.SurvivalChecked) and survival.medicine["outcome"]["drawn"] == []
    assert [(d.kind, d.roller, d.chance) for d in ruleset("cartes").luck(survival, world.campaign.settings)] == [
        ("survival draw", None, success_odds(8, -1))
    ]


def test_a_test_every_card_or_no_card_meets_is_no_draw_Difficulte_des_tirages_L215_ruling_C97() -> None:
    # Contact 9 with +4 is 13: every card meets it (ruling C1, K = 13); with −9 it is 0: none does.
    world = table(DEALT)
    make_test(world, "Alice", TestRequest("Contact", modifier=4))
    make_test(world, "Alice", TestRequest("Contact", modifier=-9))
    certain, hopeless = [e for e in world.character("Alice").pending_events if isinstance(e, ev.TestMade)]
    assert certain.outcome["success"] and not hopeless.outcome["success"]
    assert ruleset("cartes").luck(certain, world.campaign.settings) == ruleset("cartes").luck(hopeless, world.campaign.settings) == []
