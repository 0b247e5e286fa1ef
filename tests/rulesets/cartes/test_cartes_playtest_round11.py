"""Cartes, eleventh round: stopping care that does not stand (ruling C113), what a test between
sessions may leave (rulings C114, C116), and hiding without Discrétion (ruling C115). The unit
tests stack the deck (tests/cartes_table.py); the command-line tests run the real app on a real
journal. Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import json
from typing import Any

import pytest
from cartes_cli import NAME, PARTY, cli, of, refused, seat
from cartes_table import ALICE_HAND, ALICE_PILE, table

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.advancement import arrange_care
from chronique.domain.rulesets.cartes.combat import spot, suffer_wound
from chronique.domain.rulesets.cartes.condition import short_deal, test_made
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test, support


def _condition(db: str, who: str) -> dict[str, Any]:
    return dict(json.loads(cli(db, "sheet", NAME, who, "--json").stdout)["condition"])


# -- 1. stopping care needs care to stop (§Médecine L465-467; ruling C113, after C100, C106, C108) --

NO_CARE = "no care order stands for Alice: there is no care to stop"


def test_stopping_care_that_does_not_stand_is_refused_and_records_nothing_Medecine_L465_ruling_C113(db: str) -> None:
    # `cartes care Verdelune Alice` with no order standing recorded "care stopped: nobody tends the
    # wounds now", of care that never ran.
    seat(db)
    assert refused(db, "cartes", "care", NAME, "Alice") == f"error: {NO_CARE}"
    assert of(db, "CareArranged") == []
    # An order that stands is stopped as before, once; a second stop has nothing left to stop.
    cli(db, "cartes", "wound", NAME, "Alice", "--damage", "5", "--lethality", "forte")
    cli(db, "cartes", "care", NAME, "Alice", "--healer", "Bruno")
    assert cli(db, "cartes", "care", NAME, "Alice").stdout == "nobody tends Alice now\n"
    assert [e["healer"] for e in of(db, "CareArranged")] == ["Bruno", ""]
    assert refused(db, "cartes", "care", NAME, "alice") == f"error: {NO_CARE}"
    assert [e["healer"] for e in of(db, "CareArranged")] == ["Bruno", ""]


def test_care_that_lapsed_at_death_has_nothing_to_stop_Medecine_L465_ruling_C113() -> None:
    # C108: the order lapses when nothing is left to tend, or at death (C100: the dead draw no
    # survival); the rules (so every caller) then refuse to stop it, recording nothing.
    world = table()
    suffer_wound(world, "Alice", 5, "forte", "axe")
    arrange_care(world, "Alice", "Bruno", "hospital")
    alice = world.character("Alice")
    assert alice.condition["care"] is not None
    suffer_wound(world, "Alice", 14, "enorme", "axe")  # over 13 past Énorme: death (§Aggravation L452)
    assert (alice.condition["dead"], alice.condition["care"]) == (True, None)
    before = alice.version
    with pytest.raises(RuleViolation, match=f"^{NO_CARE}$"):
        arrange_care(world, "Alice", None)
    assert alice.version == before


# -- 2. no scene's markers are won between sessions (§Choix des manœuvres L278, ruling C114) --------

TACTICS = (
    "a tactics manoeuvre gains markers for the following rounds of a scene, and no scene runs between sessions:"
    " draw it as power, or in a session"
)


def test_a_tactics_test_between_sessions_is_refused_and_leaves_no_markers_Choix_des_manoeuvres_L278_ruling_C114(db: str) -> None:
    # A tactics test from the general deck between sessions gave Alice 3 bonus markers (or a malus
    # marker), which no scene's end could clear (C112) and which waited for the next session.
    seat(db)
    cli(db, "session", "end", NAME)
    said = refused(db, "cartes", "test", NAME, "Alice", "Contact", "--from", "deck", "--manoeuvre", "tactics")
    assert said == f"error: {TACTICS}"
    for kind in ("power", "tactics"):
        said = refused(db, "cartes", "support", NAME, "Bruno", "Alice", "Contact", "--from", "deck", "--kind", kind)
        why = f"a {kind} support helps an action of a scene's round, and no scene runs between sessions"
        assert said == f"error: {why}: support it in a session"
    condition = _condition(db, "Alice")
    assert (condition["bonus"], condition["malus"], condition["support_cards"]) == (0, 0, [])
    # A power test from the deck is still drawn between sessions, and leaves no marker.
    cli(db, "cartes", "test", NAME, "Alice", "Contact", "--from", "deck")
    assert (_condition(db, "Alice")["bonus"], _condition(db, "Alice")["malus"]) == (0, 0)
    # In a session a tactics test is drawn as before, its markers for the scene.
    cli(db, "session", "start", NAME)
    cli(db, "cartes", "test", NAME, "Alice", "Contact", "--manoeuvre", "tactics")
    assert of(db, "TestMade", "Alice")[-1]["manoeuvre"] == "tactics"


def test_the_rules_refuse_a_tactics_test_or_a_support_out_of_session_for_every_caller_ruling_C114() -> None:
    world = table(session=False)
    alice, bruno = world.character("Alice"), world.character("Bruno")
    versions, deck = (alice.version, bruno.version), world.decks["general"].version
    with pytest.raises(RuleViolation, match=f"^{TACTICS}$"):
        make_test(world, "Alice", TestRequest("Contact", source="deck", manoeuvre="tactics"))
    with pytest.raises(RuleViolation, match="^a power support helps an action of a scene's round"):
        support(world, "Bruno", "Alice", TestRequest("Contact", source="deck", manoeuvre="power"))
    assert (alice.version, bruno.version) == versions
    assert world.decks["general"].version == deck  # nothing drawn


# -- 3. a test between sessions keeps the noted pile and hand (§Ressources en cartes L203; C116) ----


def test_a_test_between_sessions_keeps_the_pile_and_hand_noted_Ressources_en_cartes_L203_ruling_C116(db: str) -> None:
    # A passive test from the general deck between sessions set the noted pile and hand to the
    # cards held, none: Alice's 6 pile cards and 3 hand cards (her experience) were gone, and the
    # next session dealt her nothing ("Alice's pile is empty").
    seat(db)
    cli(db, "cartes", "test", NAME, "Alice", "Contact")  # deals, and spends one card of the pile
    cli(db, "session", "end", NAME)
    noted = _condition(db, "Alice")
    assert (noted["pile_count"], noted["hand_count"]) == (6, 3)
    cli(db, "cartes", "test", NAME, "Alice", "Contact", "--from", "deck")
    after = _condition(db, "Alice")
    assert (after["pile_count"], after["hand_count"]) == (6, 3)
    assert of(db, "TestMade", "Alice")[-1]["counts_kept"] is True
    cli(db, "session", "start", NAME)
    cli(db, "cartes", "test", NAME, "Alice", "Contact")
    dealt = of(db, "CardsDealt", "Alice")[-1]
    assert (len(dealt["pile"]), len(dealt["hand"])) == (6, 3)


def test_a_test_between_sessions_with_a_hand_dealt_early_counts_the_card_played_ruling_C116() -> None:
    # C46: a hand dealt early between sessions is its whole count; a hand card played in place of
    # a failed draw leaves the count one less, the pile's as noted.
    # Contact 9 -8: against 1, the deck's 9♦ fails and the A♥ from the hand is played for it.
    world = table(["9D"], session=False)
    alice = world.character("Alice")
    alice.record(ev.HandDealtEarly, at=world.campaign.clock, hand=["AH", "2H", "3H"])
    outcome = make_test(world, "Alice", TestRequest("Contact", source="deck", modifier=-8, hand_cards=("AH",)))
    assert (outcome.success, outcome.substituted) == (True, (("9D", "AH"),))
    c = alice.condition
    assert (c["pile_count"], c["hand_count"], c["hand"]) == (7, 2, ["2H", "3H"])


def test_a_test_recorded_before_version_8_replays_as_played_ruling_C116() -> None:
    # Stored before version 8, a test between sessions set the counts to the cards held (none), and
    # the next deal dealt nothing: both replay so, without refusing the deal (ruling C87).
    state: dict[str, Any] = {"outcome": {}, "support_cards_spent": 0}
    ev.TestMade.upcast_stored(state)
    assert state["counts_kept"] is None
    condition: dict[str, Any] = {"dealt": False, "pile": [], "hand": [], "pile_count": 6, "hand_count": 3}
    condition |= {"support_cards": [], "bonus": 0, "malus": 0}
    old = {"from_pile": [], "from_hand": [], "bonus_change": 0, "malus_change": 0, "support_cards_spent": 0, "counts_kept": None}
    kept = dict(condition)
    test_made({}, condition, old)
    assert (condition["pile_count"], condition["hand_count"]) == (0, 0)
    short_deal(condition, {"hand": [], "pile": []})  # the deal that dealt nothing replays
    test_made({}, kept, old | {"counts_kept": True})
    assert (kept["pile_count"], kept["hand_count"]) == (6, 3)


# -- 4. hiding without Discrétion (§Compétences L525-527, §Vigilance et discrétion L417; C115) -----


def test_a_sneak_without_discretion_hides_at_0_plus_the_range_Competences_L527_Vigilance_et_discretion_L417_ruling_C115() -> None:
    # The Brigand (a GM character, general deck) has no Discrétion: `cartes spot` refused ("no
    # skill Discrétion in Brigand's sheet"). Unbought, the skill is at 0 and the range (30 m:
    # 2) is its bonus: a 2♦ hides him. Alice watches unalert: Sens 6 one level harder (L411),
    # 5♥ from her pile and 9♣: a failure.
    world = table(ALICE_HAND + ALICE_PILE + ["2D", "9C"], sheets=("alice", "brigand"))
    exchange = spot(world, "Brigand", "Alice", 30, 0, False)
    hidden = world.recorded_last("Brigand", ev.TestMade)
    assert (hidden.skill, hidden.target, hidden.basis["sheet"], hidden.basis["range"]) == ("Discrétion", 2, 0, 2)
    assert (exchange.first.success, exchange.first.quality) == (True, 2)
    assert exchange.second is not None and not exchange.second.success
    assert world.recorded_last("Alice", ev.TestMade).outcome["cards"][0] == ALICE_PILE[0]


def test_a_sneak_without_discretion_is_drawn_at_the_table_Vigilance_et_discretion_L417_ruling_C115(db: str) -> None:
    seat(db, *PARTY)
    said = cli(db, "cartes", "spot", NAME, "Bruno", "Alice", "--distance", "30").stdout
    assert said.startswith("Bruno (Discrétion): target 2 (Discrétion 0, range +2), "), said
    made = of(db, "TestMade", "Bruno")[-1]
    assert (made["skill"], made["target"], made["basis"]["sheet"], made["basis"]["range"]) == ("Discrétion", 2, 0, 2)
    # A test of a skill the sheet lacks is still refused outside a sneak: a mistyped name is no
    # untrained skill.
    assert refused(db, "cartes", "test", NAME, "Bruno", "Discrétion").startswith("error: no skill “Discrétion” in Bruno's sheet")
