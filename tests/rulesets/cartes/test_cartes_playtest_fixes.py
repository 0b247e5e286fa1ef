"""Cartes after the playtest: the general deck never hands out a card more often than its packs
hold it (§Fournitures nécessaires L75, A30); every character, GM characters too, is reset at the
session's end (ruling C36); a power support card serves the next draw only (§Tirage des soutiens
L293); and the log says what the table said (a hand card's save, a survival draw's target and
care, a consciousness draw's waking malus, a failed retry). The unit tests stack the deck
(tests/cartes_table.py); the command-line tests run the real app on a real journal of each backend.
The second wave: a speciality and a situational modifier reach every side of an opposition and a
support (§Spécialités L243, §Senseurs L427); the table's lines say what a tactics test, a support
and a refill gave; a resource draw for a full pile is refused (§Ressources en cartes L197-199).
Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from cartes_cli import NAME, PARTY, refused, seat
from cartes_table import ALICE_HAND, ALICE_PILE, AXEMAN, BRIGAND, BRUNO_HAND, BRUNO_PILE, DEALT, describe, table, wounded
from support import run, sample

from chronique.adapters.explain import Explanation, account
from chronique.cli.cartes import refilled, support_result, tactics_result
from chronique.domain.cards import fresh_packs
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import HOUR
from chronique.domain.rederivation import Table, check
from chronique.domain.referees import all_rules
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.combat import Edge, attack, consciousness, spot, suffer_wound
from chronique.domain.rulesets.cartes.damage import wound_malus
from chronique.domain.rulesets.cartes.draws import TestRequest, award, make_test, support, take_resource
from chronique.domain.rulesets.cartes.processes import rest_due
from chronique.domain.rulesets.cartes.resolution import resolve_test
from chronique.domain.rulesets.cartes.table import gm_draw, return_cards
from chronique.domain.timeline import advance
from chronique.domain.world import World


def held_anywhere(world: World) -> Counter[str]:
    """Every card in the general deck or held by a character (pile, hand, support cards)."""
    cards = Counter(world.decks["general"].cards)
    for character in world.characters.values():
        c = character.condition
        cards.update([*c["pile"], *c["hand"], *c["support_cards"]])
    return cards


# -- 1. never more copies than the packs hold (§Fournitures nécessaires L75; A30, ruling C37) -------


def test_a_deck_spent_during_an_award_reshuffles_only_its_discards_Fournitures_L75_A30() -> None:
    world = table(DEALT, [])
    for _ in range(5):  # Très difficile from the deck: cards drawn, then discarded
        make_test(world, "Bruno", TestRequest("Sens", level=2, source="deck"))
    deck = world.decks["general"]
    left = len(deck.cards)
    award(world, "Alice", 84, "a long campaign")  # more than the deck holds: it runs out midway
    shuffles = [e for e in deck.pending_events if type(e).__qualname__ == "Deck.Shuffled"]
    assert len(shuffles) == 2 and left < 84
    # The cards the award drew before the deck ran out were in nobody's hand yet, but they were
    # not discards: before, they were shuffled back in and Alice held a card four times.
    assert not held_anywhere(world) - Counter(fresh_packs(2))
    assert max(Counter(world.character("Alice").condition["hand"]).values()) <= 2


def test_a_gm_draw_is_discarded_once_shown_and_a_reshuffle_takes_it_back_Tirages_passifs_A30() -> None:
    # §Tirages passifs: the GM looks at a card and discards it; nobody keeps it. Two hundred such
    # draws played on one world before it is saved (a bulk import, the benchmarks' journals) run
    # the deck out twice: each reshuffle takes the shown cards back as discards, never "on the
    # table", so the deck is never refused for want of cards nobody holds.
    world = table(DEALT, [])
    make_test(world, "Alice", TestRequest("Contact"))  # deals: 20 cards held
    shown = [card for _ in range(200) for card in gm_draw(world, 1, "", "a passive draw")]
    shuffles = [e for e in world.decks["general"].pending_events if type(e).__qualname__ == "Deck.Shuffled"]
    assert len(shown) == 200 and len(shuffles) >= 2
    assert not held_anywhere(world) - Counter(fresh_packs(2))


def test_an_award_beyond_what_the_packs_can_still_deal_is_refused_Fournitures_L75() -> None:
    world = table(DEALT)
    make_test(world, "Alice", TestRequest("Contact"))  # deals: 20 cards held
    before = {a.id: len(a.pending_events) for a in world.aggregates()}
    # 104 cards, less each player character's hand and full pile (3 + 7 each): 84 at most.
    with pytest.raises(RuleViolation, match=r"^Alice can be awarded at most 84 hand cards: the general deck's 2 packs \(104 cards\)"):
        award(world, "Alice", 85, "")
    assert {a.id: len(a.pending_events) for a in world.aggregates()} == before  # nothing recorded
    assert len(award(world, "Alice", 84, "")) == 84
    assert not held_anywhere(world) - Counter(fresh_packs(2))


def test_a_draw_the_deck_cannot_give_is_refused_before_it_draws_A30() -> None:
    world = table(DEALT)
    make_test(world, "Alice", TestRequest("Contact"))  # the 5♥ spent: a discard
    award(world, "Alice", 84, "")  # every other card is held
    deck = world.decks["general"]
    drawn = len(deck.pending_events)
    with pytest.raises(RuleViolation, match=r"^the general deck cannot give 2 cards: .* 103 cards are held .* and 1 card is left to draw$"):
        gm_draw(world, 2, "", "an omen")
    assert len(deck.pending_events) == drawn  # no shuffle, no draw: no chance consumed
    assert gm_draw(world, 1, "", "an omen") == ["5H"]  # the one discard, reshuffled


def test_a_sheet_whose_hand_and_pile_exceed_the_packs_is_refused_Fournitures_L75() -> None:
    cartes = ruleset("cartes")
    with pytest.raises(RuleViolation, match=r"^Alice's hand of 120 cards and pile of at most 7 cards need 127 cards, more than the 104"):
        cartes.new_character({**sample("alice"), "hand": 120})
    cartes.new_character({**sample("alice"), "hand": 97})  # 97 + 7 = 104: the packs just hold it


# -- 2. every character is reset at the session's end (ruling C36), GM characters too ------------------


def test_a_gm_character_comes_back_from_a_knock_out_at_the_sessions_end_ruling_C36() -> None:
    world = table([*DEALT, "2H"], sheets=["alice", "bruno", BRIGAND])
    gm_draw(world, 1, "", "the first draw deals the cards")  # 2♥ (the deck's next card after the deal)
    suffer_wound(world, "Brigand", 9, "nulle", "Alice's sword")  # Volonté 6: 9 > KO, out of combat
    brigand = world.character("Brigand")
    assert brigand.condition["out_of_combat"]
    return_cards(world)
    (returned,) = [e for e in brigand.pending_events if isinstance(e, ev.CardsReturned)]
    assert not brigand.condition["out_of_combat"] and brigand.condition["ko_damage"] == 0
    # C35: a GM character holds no cards and notes none; no night's sleep refills a pile it has not.
    assert (returned.pile_count, returned.hand_count) == (0, 0) and rest_due(brigand) is None
    assert describe(returned) == "the session ended: no cards held; markers, support cards and any knock-out lapse"


def test_a_gm_characters_waking_malus_lapses_at_the_sessions_end_ruling_C36_Tirage_de_conscience_L373() -> None:
    world = table([*DEALT, "3H"], sheets=["alice", "bruno", BRIGAND])
    suffer_wound(world, "Brigand", 9, "nulle", "Alice's sword")
    assert consciousness(world, "Brigand").success  # 3♥ under Volonté 6: he comes to, −9
    brigand = world.character("Brigand")
    assert wound_malus(brigand) == 9
    return_cards(world)
    assert wound_malus(brigand) == 0 and brigand.condition["ko_malus"] == 0


def test_a_new_gm_character_is_noted_no_pile_and_no_hand_ruling_C35() -> None:
    world = table(sheets=["alice", BRIGAND], session=False)
    brigand = world.character("Brigand")
    assert (brigand.condition["pile_count"], brigand.condition["hand_count"]) == (0, 0)
    (cards,) = [s for s in ruleset("cartes").sheet_view(world, brigand, gm=False).sections if s.title == "Cards"]
    rows = {row[0]: row[1] for row in cards.groups[0].rows}
    assert rows == {"pile and hand": "none: a GM character draws from the general deck", "markers": "0 bonus, 0 malus"}


# -- 3. a power support card serves the next draw only (§Tirage des soutiens L293, ruling C47) -------


def test_an_unused_power_support_card_lapses_at_the_next_draw_Tirage_des_soutiens_L293() -> None:
    alice_pile = ["9D", *ALICE_PILE[1:]]
    bruno_pile = ["7H", *BRUNO_PILE[1:]]
    world = table(ALICE_HAND + alice_pile + BRUNO_HAND + bruno_pile)
    support(world, "Bruno", "Alice", TestRequest("Médecine", manoeuvre="power"))
    alice = world.character("Alice")
    assert alice.condition["support_cards"] == ["7H"]
    outcome = make_test(world, "Alice", TestRequest("Contact"))  # 9♦ under 9: the 7♥ would not help
    assert outcome.success and outcome.quality == 9 and not outcome.support_used
    assert alice.condition["support_cards"] == []  # gone with the draw it was given for
    (test,) = [e for e in alice.pending_events if isinstance(e, ev.TestMade)]
    assert test.support_spent is True
    after = make_test(world, "Alice", TestRequest("Contact", modifier=-9))  # A♠ under 0: fails, nothing to save it
    assert not after.success and not after.support_used


ALICE = "a1ce0000-0000-5000-8000-000000000000"


def _verdict_on_a_test_holding(support_cards: list[str], spent: bool | None) -> str | None:
    """The verifier's verdict on Alice's test from the pile (9♦ under 9) while she holds
    ``support_cards``, recorded with ``support_spent`` = ``spent`` (left out when None)."""
    from chronique.domain.deck_rules import CHARACTER_CREATED

    table_ = Table()
    sheet, condition = ruleset("cartes").new_character(sample("alice"))
    rules = all_rules().rederive
    check(
        rules[CHARACTER_CREATED],
        {"topic": CHARACTER_CREATED, "originator_id": ALICE, "name": "Alice", "sheet": sheet, "condition": condition},
        table_,
    )
    dealt = "chronique.domain.rulesets.cartes.events:CardsDealt"
    table_.hand_out("Alice", ["2H", "9D"])
    assert check(rules[dealt], {"topic": dealt, "originator_id": ALICE, "hand": ["2H"], "pile": ["9D"]}, table_) is None
    table_.state[("now", ALICE)]["condition"]["support_cards"] = support_cards
    outcome = resolve_test(9, 0, "9D", lambda n: [], support_cards=support_cards[:1], first_from_pile=True).to_dict()
    event = {
        "topic": "chronique.domain.rulesets.cartes.events:TestMade",
        "originator_id": ALICE,
        "source": "pile",
        "outcome": outcome,
        "target": 9,
        "from_pile": ["9D"],
        "from_hand": [],
        "support_used": outcome["support_used"],
        "bonus_change": 0,
        "malus_change": 0,
        "short_circuit": False,
    }
    return check(rules[event["topic"]], event if spent is None else event | {"support_spent": spent}, table_)


def test_the_verifier_holds_a_test_to_spending_the_support_card_held_for_it_Tirage_des_soutiens_L293() -> None:
    assert _verdict_on_a_test_holding(["7H"], True) is None
    kept = _verdict_on_a_test_holding(["7H"], False)
    assert kept is not None and kept.startswith("field support_spent:"), kept
    assert _verdict_on_a_test_holding([], False) is None
    # Recorded before it was kept: such a test spent the card only when it used it, as played.
    assert _verdict_on_a_test_holding(["7H"], None) is None


# -- 4-7. the log says what the table said ----------------------------------------------------------


def test_a_hand_card_save_is_logged_with_the_card_drawn_and_the_club_Ressources_en_cartes_L199_Bonus_de_couleur_L322() -> None:
    # Difficile asked; the 8♣ first from the pile makes it Moyenne (L322) and fails against 7; the
    # 2♥ from the hand is played in its place (L199).
    alice_pile = ["8C", *ALICE_PILE[1:]]
    world = table(["KD", "QC", "2H"] + alice_pile + BRUNO_HAND + BRUNO_PILE)
    outcome = make_test(world, "Alice", TestRequest("Contact", level=1, modifier=-2, hand_cards=("2H",)))
    assert outcome.success and outcome.substituted == (("8C", "2H"),)
    (test,) = [e for e in world.character("Alice").pending_events if isinstance(e, ev.TestMade)]
    assert describe(test) == (
        "Contact against 7 (Contact 9, modifier -2) at +0 (moyenne), asked +1 (difficile), ♣ first: "
        "2♥ → success, quality 2, 2♥ from the hand played for 8♣"
    )
    # `audit show` names the pile's card drawn first, then the card the test was resolved with.
    shown = account(Explanation("ref:1", "Alice", "TestMade", dict(vars(test)), False, None, {}, description=describe(test)))
    assert "level +0 (moyenne), asked +1 (difficile), ♣ first; pile first: 8♣, played as 2♥ → success, quality 2" in shown


def tended_forte_wound(cards: list[str]) -> tuple[World, list[Any]]:
    """Alice takes a Forte wound of 6 that Bruno tends with an adapted kit; the session ends and
    the first twenty minutes of downtime pass over the stacked ``cards``: the world and the ticks."""
    world = wounded(cards, 6, care="adapted-kit")
    return world, advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + HOUR // 3)


def test_a_survival_draw_says_its_target_its_level_and_the_healers_draw_Survie_L431_Medecine_L465() -> None:
    # As test_cartes_downtime's: Bruno's Médecine K♦ fails, then Alice draws 3♥ 2♠ at Difficile
    # against her Carrure 8 (malus 4); the retry's Médecine 5♦ K♥ gives 3 markers, her 9♥ lifts it.
    world, _ = tended_forte_wound(["KD", "3H", "2S", "5D", "KH", "9H"])
    survival, retry = [e for e in world.character("Alice").pending_events if isinstance(e, (ev.SurvivalChecked, ev.SurvivalRetried))]
    assert describe(survival) == (
        "survival draw for wound 1: Bruno's Médecine draw (Premiers soins avec équipement adapté) against 9 at +0 (moyenne): "
        "K♦ → failure, no marker; then against 8 (Carrure) at +1 (difficile): 3♥ 2♠ → "
        "survived with a malus (lasting malus -4)"
    )
    assert describe(retry).startswith("survival retried for wound 1: Bruno's Médecine draw (Premiers soins avec équipement adapté)")
    assert describe(retry).endswith("then against 11 (Carrure 8, 3 bonus markers) at +0 (moyenne): 9♥ → the malus is gone")


def test_a_failed_retry_says_it_failed_and_the_malus_stays_Medecine_L467() -> None:
    # A failed retry changes nothing (ruling C28): it read "the malus of wound 1 is now 4", as if lowered.
    world, ticks = tended_forte_wound(["KD", "3H", "2S", "KS", "KH", "QH"])
    assert [t.account for t in ticks][-1] == "Alice: the retry for wound 1 failed, the malus stays 4"
    (retry,) = [e for e in world.character("Alice").pending_events if isinstance(e, ev.SurvivalRetried)]
    assert describe(retry).endswith("→ failed: the malus stays -4")


def test_a_consciousness_draw_says_the_character_came_to_with_the_damage_as_malus_Tirage_de_conscience_L373() -> None:
    # Volonté 6, the A♠ comes first: no power manoeuvre, so no "+3 (♠ on a power manoeuvre)".
    world = table([*DEALT, "AS"])
    suffer_wound(world, "Alice", 8, "nulle", "club")
    consciousness(world, "Alice")
    (drawn,) = [e for e in world.character("Alice").pending_events if isinstance(e, ev.ConsciousnessChecked)]
    words = describe(drawn)
    assert words.startswith("Volonté draw to come to, against 6 at +0 (moyenne): A♠ → success: ")
    assert words.endswith("came to; malus after a knock-out -8 (the damage card) until the scene ends")
    assert "manoeuvre" not in words


# -- the command line: refusals in words, exit 2, nothing recorded ---------------------------------


@pytest.fixture
def played(db: str) -> str:
    """Alice, Bruno and the Brigand (a GM character) at a new campaign's open session."""
    return seat(db, *PARTY, start=None)


def test_an_award_of_150_cards_is_refused_in_words_and_records_nothing_Fournitures_L75(played: str) -> None:
    db = played
    line = refused(db, "cartes", "xp", "award", NAME, "Alice", "150")
    assert line == (
        "error: Alice can be awarded at most 84 hand cards: the general deck's 2 packs (104 cards) "
        "must still deal every player character's hand and full pile"
    )


def test_a_gm_character_knocked_out_acts_again_next_session_ruling_C36(played: str) -> None:
    db = played
    run(db, "cartes", "wound", NAME, "Brigand", "--damage", "9", "--lethality", "nulle")
    run(db, "session", "end", NAME)
    run(db, "session", "start", NAME)
    assert run(db, "cartes", "test", NAME, "Brigand", "Contact").stdout.startswith("Brigand draws Contact:")
    sheet = run(db, "sheet", NAME, "Brigand").stdout
    assert sheet.splitlines()[0].endswith("— standing") and "face down" not in sheet


def test_wound_damage_and_level_errors_read_without_codes_Encaissement_L345(played: str) -> None:
    db = played
    assert refused(db, "cartes", "wound", NAME, "Alice", "--damage", "0", "--lethality", "nulle").startswith(
        "error: `--damage` must be between 1 and"
    )
    line = refused(db, "cartes", "test", NAME, "Alice", "Contact", "--difficulty", "11")
    assert "A23" not in line and "each level away from Moyenne draws one more card" in line


def test_days_later_a_gm_character_carries_no_waking_malus_ruling_C36(played: str) -> None:
    db = played
    run(db, "cartes", "wound", NAME, "Brigand", "--damage", "9", "--lethality", "nulle")
    for _ in range(30):  # a round's Volonté draw until he comes to (Volonté 6: 6 in 13 per draw)
        if "came to" in run(db, "cartes", "conscious", NAME, "Brigand").stdout:
            break
    run(db, "session", "end", NAME)
    run(db, "advance", NAME, "2d", "--yes")
    sheet = json.loads(run(db, "sheet", NAME, "Brigand", "--json", "--gm").stdout)
    assert sheet["condition"]["ko_malus"] == 0 and not sheet["condition"]["out_of_combat"]


# -- second wave: specialities and modifiers on every side (§Spécialités L243, §Senseurs L427) -----


def made_by(world: World, name: str) -> list[ev.TestMade]:
    return [e for e in world.character(name).pending_events if isinstance(e, ev.TestMade)]


def test_an_attack_raises_each_sides_target_by_its_speciality_Specialites_L243() -> None:
    # The Brigand's Q♠ is over his Contact 9 but under 13 with his Hache; Alice's 5♥ from her pile
    # under 9 + 4 (Épée) − 1 (the GM's modifier).
    world = table([*DEALT, "QS"], sheets=["alice", "bruno", AXEMAN])
    result = attack(
        world,
        "Brigand",
        "Alice",
        TestRequest("Contact", speciality="hache"),
        TestRequest("Contact", speciality="Épée", modifier=-1),
        0,
        "faible",
    )
    assert (result.exchange.first.target, result.exchange.first.success) == (13, True)
    assert result.exchange.second is not None and result.exchange.second.target == 12
    (axe,), (sword,) = made_by(world, "Brigand"), made_by(world, "Alice")
    assert describe(axe).startswith("Contact against 13 (Contact 9, speciality +4) at +0 (moyenne): Q♠ → success")
    assert describe(sword).startswith("Contact against 12 (Contact 9, speciality +4, modifier -1) at ")


def test_a_spot_takes_each_sides_speciality_and_the_watchers_sensor_Specialites_L243_Senseurs_L427() -> None:
    # Alice hides in the shadows (Ombres, +4) at 10 m (range +1); Bruno, not alert, watches with
    # Sens 7 one level harder (§Sens ou vigilance L411), a sensor's +2 to his target.
    world = table([*DEALT, "3S"])
    exchange = spot(world, "Alice", "Bruno", 10, 0, False, sneak_edge=Edge("Ombres"), sensor=2)
    assert exchange.first.target == 13 and exchange.second is not None and exchange.second.target == 9
    (hidden,), (watching,) = made_by(world, "Alice"), made_by(world, "Bruno")
    assert hidden.basis["speciality"] == 4 and watching.basis["sensor"] == 2
    assert describe(hidden).startswith("Discrétion against 13 (Discrétion 8, speciality +4, range +1) at +0 (moyenne)")
    assert describe(watching).startswith("Sens against 9 (Sens 7, sensor +2) at +1 (difficile): 8♦ 3♠ → success")


def test_an_unknown_speciality_of_the_second_side_is_refused_before_anyone_draws_Specialites_L243() -> None:
    world = table(DEALT)
    make_test(world, "Bruno", TestRequest("Médecine"))  # the session's cards are dealt at its first draw
    drawn = len(world.decks["general"].pending_events)
    with pytest.raises(RuleViolation, match=r"^Bruno has no speciality “Lance” \(the sheet's: Chirurgie\)$"):
        spot(world, "Alice", "Bruno", 10, 0, True, watcher_edge=Edge("Lance"))
    # The first side drew nothing either: Alice's 5♥ is still on top of her pile.
    assert len(world.decks["general"].pending_events) == drawn and not made_by(world, "Alice")
    assert world.character("Alice").condition["pile"][0] == "5H"


# -- second wave: the table's lines say what a test gave (§Choix des manœuvres L278-279) -----------


def test_the_lines_say_what_a_tactics_test_a_support_and_a_refill_gave_Choix_des_manoeuvres_L278_Tirage_des_soutiens_L291() -> None:
    world = table([*DEALT, "9S", "9C", "AD"])
    tactics = make_test(world, "Alice", TestRequest("Contact", manoeuvre="tactics"))  # 5♥ under 9
    assert tactics_result(world, "Alice", tactics) == ["Alice gains 3 bonus markers (now 3 bonus, 0 malus)"]
    assert tactics_result(world, "Alice", make_test(world, "Bruno", TestRequest("Médecine"))) == []  # a power test: no markers
    helped = support(world, "Bruno", "Alice", TestRequest("Médecine", manoeuvre="tactics"))  # K♥ over 9: it fails
    assert support_result(world, "Bruno", "Alice", helped) == ["the support fails: Bruno takes 1 malus marker (now 0 bonus, 1 malus)"]
    helped = support(world, "Bruno", "Alice", TestRequest("Médecine", manoeuvre="power"))  # 2♣ under 9 − 1
    assert support_result(world, "Bruno", "Alice", helped) == ["Alice receives a power card for their next draw (2♣)"]
    failed = support(world, "Bruno", "Alice", TestRequest("Médecine", manoeuvre="tactics", modifier=-9))  # 5♣ over 0
    assert support_result(world, "Bruno", "Alice", failed) == ["the support fails: Bruno takes 1 malus marker (now 0 bonus, 2 malus)"]
    # Très facile Volonté 6 + 3 markers, the 2♥ from the hand: 2 + 3 (♥) cards, one fits in the pile.
    assert take_resource(world, "Alice", "2H").success
    assert refilled(world, "Alice") == "Alice's pile gains 1 card (now 7 of 7)"


def test_a_resource_draw_or_support_for_a_full_pile_is_refused_Ressources_en_cartes_L197_L199() -> None:
    world = table([*DEALT, "9S", "9C", "AD"])
    make_test(world, "Alice", TestRequest("Contact"))  # the 5♥: six cards left of seven
    assert take_resource(world, "Alice", "2H").success  # one card back: the pile is full
    alice = world.character("Alice")
    before = {a.id: len(a.pending_events) for a in world.aggregates()}
    with pytest.raises(
        RuleViolation, match=r"^Alice's pile is full \(7 of 7 cards\): a resource draw would spend a hand card for nothing$"
    ):
        take_resource(world, "Alice", None)
    with pytest.raises(RuleViolation, match=r"^Alice's pile is full \(7 of 7 cards\): a resource support has nothing to give$"):
        support(world, "Bruno", "Alice", TestRequest("Médecine", manoeuvre="resource"))
    assert {a.id: len(a.pending_events) for a in world.aggregates()} == before  # nothing drawn, nothing recorded
    assert alice.condition["hand"] == ["KD", "8C"]


def test_every_side_of_an_opposition_and_a_support_takes_its_speciality_and_modifier_Specialites_L243_Senseurs_L427(
    played: str,
) -> None:
    db = played
    out = run(db, "cartes", "oppose", NAME, "Alice", "Discrétion", "Bruno", "Vigilance", "--first-speciality", "ombres").stdout
    assert out.startswith("Alice (Discrétion): target 12 (Discrétion 8, speciality +4), ")
    out = run(
        db, "cartes", "spot", NAME, "Alice", "Bruno", "--distance", "10", "--alert", "--sensor", "2", "--watcher-modifier", "-1"
    ).stdout
    assert out.splitlines()[1].startswith("Bruno (Vigilance): target 9 (Vigilance 8, modifier -1, sensor +2), ")
    out = run(db, "cartes", "support", NAME, "Bruno", "Alice", "Médecine", "--speciality", "Chirurgie", "--modifier", "1").stdout
    assert out.startswith("Bruno draws Médecine: target 14 (Médecine 9, speciality +4, modifier +1), ")
    # The line after the draw says what the support gave Alice, or that it failed (the draw is chance's).
    assert out.splitlines()[1].startswith(("Alice receives 3 bonus markers", "the support fails: Bruno takes 1 malus marker"))
    out = run(db, "cartes", "attack", NAME, "Brigand", "Alice", "--speciality", "Hache", "--defence-speciality", "Épée").stdout
    brigand, alice = out.splitlines()[:2]
    assert brigand.startswith("Brigand (Contact): target 13 (Contact 9, speciality +4), ")
    assert alice.startswith("Alice (Contact): target ") and "(Contact 9, speciality +4" in alice
    logged = [line for line in run(db, "log", NAME).stdout.splitlines() if "test made" in line]
    assert any("Contact against 13 (Contact 9, speciality +4) at " in line for line in logged)
    assert any("Discrétion against 12 (Discrétion 8, speciality +4) at " in line for line in logged)
    run(db, "session", "end", NAME)
    assert "OK:" in run(db, "verify", NAME).stdout


@pytest.mark.parametrize(
    ("command", "line"),
    [
        (
            ("attack", "Brigand", "Alice", "--defence-speciality", "Lance"),
            "error: Alice has no speciality “Lance” (the sheet's: Épée, Ombres)",
        ),
        (("attack", "Brigand", "Alice", "--speciality", "Épée"), "error: Brigand has no speciality “Épée” (the sheet's: Hache)"),
        (
            ("oppose", "Alice", "Discrétion", "Bruno", "Vigilance", "--second-speciality", "Ombres"),
            "error: Bruno has no speciality “Ombres” (the sheet's: Chirurgie)",
        ),
        (
            ("spot", "Alice", "Bruno", "--distance", "5", "--sneak-speciality", "Hache"),
            "error: Alice has no speciality “Hache” (the sheet's: Épée, Ombres)",
        ),
        (
            ("support", "Bruno", "Alice", "Médecine", "--speciality", "Épée"),
            "error: Bruno has no speciality “Épée” (the sheet's: Chirurgie)",
        ),
        (("resource", "Alice"), "error: Alice's pile is full (7 of 7 cards): a resource draw would spend a hand card for nothing"),
    ],
)
def test_an_unknown_speciality_or_a_resource_draw_for_a_full_pile_is_refused_Specialites_L243_Ressources_en_cartes_L197(
    played: str, command: tuple[str, ...], line: str
) -> None:
    assert refused(played, "cartes", command[0], NAME, *command[1:]) == line
