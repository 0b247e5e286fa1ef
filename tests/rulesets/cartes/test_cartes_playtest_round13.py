"""Cartes, thirteenth round: a resource or recovery draw says when the game chose its hand card, the
lowest, the player naming none (ruling C121); a deck's line stored before ruling C120 reads with one
pair of brackets (ruling C122); a GM character's own test is no passive draw (ruling C123). The unit
tests stack the deck (tests/cartes_table.py); the command-line tests run the real app on a real
journal. Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import copy
import json
from typing import Any

from cartes_cli import NAME, PARTY, cli, hand, of, seat, served, value
from cartes_table import DEALT, describe, empty_alices_pile, last_test, table
from support import log_details, sample

from chronique.domain.deck_rules import CHARACTER_CREATED
from chronique.domain.rederivation import Table, check
from chronique.domain.referees import all_rules
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test, recover, take_resource
from chronique.domain.rulesets.cartes.resolution import resolve_test
from chronique.domain.rulesets.cartes.table import draw
from chronique.domain.rulesets.words import cards

# -- 1. the hand card the game chose says so (§Choix des manœuvres L279, §Épuisement L235; C121) --

LOWEST = "the lowest in hand since no card was named"


def test_a_recovery_without_a_card_says_it_played_the_lowest_Epuisement_de_la_pioche_L235_ruling_C121() -> None:
    # The seed has the player play a hand card first (L235) and leaves which to them; without
    # `--card` the game played the lowest, and the line read ", 2♥ from the hand played first" as
    # if the player had chosen it. Alice's hand K♦ 8♣ 2♥; her emptied pile; 2♥ first, then 9♣ 3♦
    # from the deck against Carrure 8 (Très facile, the best success kept).
    world = table([*DEALT, "9C", "3D"])
    empty_alices_pile(world)
    recover(world, "Alice", None)
    test = last_test(world, "Alice")
    assert (test.from_hand, test.first_card_lowest) == (["2H"], True)
    assert (
        describe(test) == f"Carrure against 8 at -2 (très facile): 2♥ 9♣ 3♦ → success, quality 3, 2♥ from the hand played first, {LOWEST}"
    )


def test_a_hand_card_the_player_named_reads_as_before_Choix_des_manoeuvres_L279_ruling_C121() -> None:
    # Named with `--card`, the card is the player's choice: nothing more is said. K♦ first, then
    # 9♣ 3♦ against Volonté 6 (Très facile): 3♦ the best success.
    world = table([*DEALT, "9C", "3D"])
    make_test(world, "Alice", TestRequest("Contact"))  # 5♥ from the pile: room for the refill
    take_resource(world, "Alice", "KD")
    test = last_test(world, "Alice")
    assert (test.from_hand, test.first_card_lowest) == (["KD"], False)
    assert describe(test) == "Volonté against 6 at -2 (très facile): K♦ 9♣ 3♦ → success, quality 3, K♦ from the hand played first"
    # Any other test records no choice of the game's either.
    assert last_test(world, "Alice").first_card_lowest is False


def test_a_resource_draw_without_a_card_says_so_at_the_table_and_in_the_log_Choix_des_manoeuvres_L279_ruling_C121(db: str) -> None:
    seat(db)
    cli(db, "cartes", "test", NAME, "Alice", "Contact")  # deals, and makes room in the pile
    held = hand(db, "Alice")
    lowest = min(held, key=value)  # the first of the lowest value, as the hand orders them
    said = cli(db, "cartes", "resource", NAME, "Alice").stdout.splitlines()
    assert said[0].endswith(f", {cards([lowest])} from the hand played first, {LOWEST}"), said
    test = of(db, "TestMade", "Alice")[-1]
    assert (test["from_hand"], test["first_card_lowest"]) == ([lowest], True)
    assert any(f"{cards([lowest])} from the hand played first, {LOWEST}" in line for line in log_details(db, NAME, "--gm"))
    # `verify` re-derives it: the card played was the lowest held.
    assert cli(db, "verify", NAME).stdout.startswith(f"{NAME}: OK")


def test_a_test_recorded_before_version_10_reads_as_it_did_ruling_C121() -> None:
    old: dict[str, Any] = {}
    ev.TestMade.upcast_stored(old)
    assert old["first_card_lowest"] is None
    world = table([*DEALT, "9C", "3D"])
    empty_alices_pile(world)
    recover(world, "Alice", None)
    before = copy.copy(last_test(world, "Alice"))
    vars(before).update(first_card_lowest=None)
    assert describe(before) == "Carrure against 8 at -2 (très facile): 2♥ 9♣ 3♦ → success, quality 3, 2♥ from the hand played first"


# -- 2. a deck's line stored before C120 reads with one pair of brackets (§Tirage passifs L229; C122) --


def test_a_passive_draw_stored_before_ruling_C120_reads_with_one_pair_of_brackets_Tirage_passifs_L229_ruling_C122(db: str) -> None:
    # A journal played before ruling C120 stored the purpose "Vigilance test (passive)", and its
    # log read "3♥ drawn for Alice (Vigilance test (passive))". Recorded here as that code did.
    services = served(db, "alice")
    services.act(NAME, lambda w: draw(w, 1, "Alice", "Vigilance test (passive)"))
    stored = [e for e in of(db, "Deck.CardsDrawn") if e["to"] == "Alice" and "passive" in e["purpose"]]
    assert [e["purpose"] for e in stored] == ["Vigilance test (passive)"]  # the event is as stored
    said = f"{cards(list(stored[0]['cards']))} drawn for Alice (passive Vigilance test)"
    logged = log_details(db, NAME, "--gm")
    assert said in logged
    assert [line for line in logged if "((" in line or "))" in line or "(passive)" in line] == []
    # Any other purpose reads as the spine's describer says it.
    services.act(NAME, lambda w: draw(w, 1, "Alice", "an omen (at dusk)"))
    assert any(line.endswith(" drawn for Alice (an omen (at dusk))") for line in log_details(db, NAME, "--gm"))


# -- 3. a GM character's own test is no passive draw (§Tirage passifs L231, ruling C35; C123) -----


def test_a_gm_characters_test_is_not_called_passive_Tirage_passifs_L231_ruling_C123(db: str) -> None:
    # The Brigand holds no pile and draws from the deck (C35); its deck line read "2♥ drawn for
    # Brigand (passive Contact test)", though a deliberate blow is neither trivial nor involuntary.
    seat(db, "alice", "bruno", "brigand")
    cli(db, "cartes", "test", NAME, "Brigand", "Contact")
    cli(db, "cartes", "test", NAME, "Alice", "Vigilance", "--from", "deck")
    drawn_for = [(e["to"], e["purpose"]) for e in of(db, "Deck.CardsDrawn") if e["to"] in ("Alice", "Brigand")]
    # Its first card, and a second after a ♣ first (§Bonus de couleur L322), for its test.
    assert {p for to, p in drawn_for if to == "Brigand"} == {"Contact test"}
    assert ("Alice", "passive Vigilance test") in drawn_for  # a player's passive draw, as C120 words it
    details = json.dumps(log_details(db, NAME, "--gm"), ensure_ascii=False)
    assert "Brigand (passive" not in details


# -- the verifier holds a test to the choice it records (FAIRNESS.md v2; ruling C121) ------------

ALICE = "a1ce0000-0000-5000-8000-000000000000"


def _verdict_of_a_test_from_the_hand(first: str, first_card_lowest: bool) -> str | None:
    # Alice, dealt K♦ 8♣ 2♥ and a pile, draws Contact (target 9, Moyenne) with ``first`` from the hand.
    table = Table()
    sheet, condition = ruleset("cartes").new_character(sample("alice"))
    created: dict[str, Any] = {"topic": CHARACTER_CREATED, "originator_id": ALICE, "name": "Alice", "sheet": sheet, "condition": condition}
    dealt: dict[str, Any] = {
        "topic": "chronique.domain.rulesets.cartes.events:CardsDealt",
        "originator_id": ALICE,
        "hand": ["KD", "8C", "2H"],
        "pile": ["5H"],
    }
    table.hand_out("Alice", ["KD", "8C", "2H", "5H"])
    for event in (created, dealt):
        assert check(all_rules().rederive[event["topic"]], event, table) is None
    outcome = resolve_test(9, 0, first, lambda n: []).to_dict()
    test: dict[str, Any] = {
        "topic": "chronique.domain.rulesets.cartes.events:TestMade",
        "originator_id": ALICE,
        "source": "hand",
        "outcome": outcome,
        "target": outcome["target"],
        "from_pile": [],
        "from_hand": [first],
        "support_used": False,
        "bonus_change": 0,
        "malus_change": 0,
        "short_circuit": False,
        "first_card_lowest": first_card_lowest,
    }
    return check(all_rules().rederive[test["topic"]], test, table)


def test_the_verifier_refuses_a_test_that_says_it_played_the_lowest_but_did_not_ruling_C121() -> None:
    assert _verdict_of_a_test_from_the_hand("2H", True) is None
    assert _verdict_of_a_test_from_the_hand("KD", False) is None  # the player's own choice
    forged = _verdict_of_a_test_from_the_hand("KD", True)
    assert forged == "field first_card_lowest: records that Alice played the lowest hand card first, but Alice held 8♣ 2♥, lower"


# -- 4. an attack says the damage its weapon adds to the net (§Encaissement L346; C124) -----------


def test_an_attack_says_the_damage_its_weapon_adds_to_the_net_Encaissement_des_dommages_L346_ruling_C124(db: str) -> None:
    # The table read "Brigand wins, net 6" then "Bruno takes a wound of 9": the weapon's +3, which
    # the log said ("…; 9 damage at Forte from the attack (weapon +3)"), the table did not. The
    # Brigand's Contact 9 with the speciality Hache (+4) is 13, which every card meets; Bruno ignores the
    # blow and does not draw (§Choix de l'actions L271), so the Brigand wins at full quality.
    seat(db, *PARTY)
    said = cli(
        db,
        "cartes",
        "attack",
        NAME,
        "Brigand",
        "Bruno",
        "--speciality",
        "Hache",
        "--weapon-bonus",
        "3",
        "--lethality",
        "forte",
        "--ignored",
    ).stdout.splitlines()
    (settled,) = of(db, "OppositionSettled")
    net = settled["opposition"]["net"]
    assert said[1:4] == [
        "Bruno ignores it and does not draw",
        f"Brigand wins, net {net}",
        f"{net + 3} damage at Forte from the attack (weapon +3)",
    ]
    assert said[4].startswith(f"Bruno takes a wound of {net + 3}, lethality ") and len(said) == 5, said
    logged = f"opposed draw against Bruno, who does not draw: won, net {net}; {net + 3} damage at Forte from the attack (weapon +3)"
    assert logged in log_details(db, NAME, "--gm")
