"""Cartes after the fourth playtest: a voided award leaves the hand as the commands give without it,
at the session's end and at the next deal too (§Expérience L530-534, §Ressources en cartes L203;
rulings UN7, C84); ``audit show`` places every card an event played, in the order drawn, a
survival draw's healer's cards included (rulings FP11, FP13, C85); and an attack's line says at
which lethality its damage was dealt and by whose weapon (§Réussites ou échecs L311; rulings C50,
C86). The unit tests stack the deck (tests/cartes_table.py); the journals are real, played through
the command line (support.run) where no outcome rests on the cards drawn, else through the real
services with scripted seeds (support.scripted_services), whose cards are the same at every run.
Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import json
import re
from collections import Counter, deque
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from cartes_cli import NAME, alice_dealt, alice_now, of, recorded, seat, served
from cartes_table import BRIGAND, describe, table
from support import log_details, run, sample, scripted_services, short_ref, wounded_party

from chronique.adapters.explain import CardOrigin, Explanation, _placed, account, explain
from chronique.adapters.services import Chronique
from chronique.domain.cards import shown
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.advancement import arrange_care, spend
from chronique.domain.rulesets.cartes.combat import attack, consciousness, contest, suffer_wound
from chronique.domain.rulesets.cartes.condition import CHANGES
from chronique.domain.rulesets.cartes.draws import TestRequest, award, make_test, support, take_resource
from chronique.domain.rulesets.cartes.played import CARDS_PLAYED, EVENTS, cards_played
from chronique.domain.rulesets.cartes.table import _accounted
from chronique.domain.world import World

SEEDS = b"d"  # tests/adapters/test_fair_play_v2_cartes.py: Alice's wound worsens, then her healer's care retries its malus
Event = dict[str, Any]


def hand_line(db: str) -> str:
    """The hand as Alice's GM sheet shows it ("hand: 3 cards" between sessions, its cards in one)."""
    return next(line.strip() for line in run(db, "sheet", NAME, "Alice", "--gm").stdout.splitlines() if line.strip().startswith("hand:"))


def award_ref(db: str) -> str:
    (awarded,) = of(db, "ExperienceAwarded", "Alice")
    return short_ref(awarded)


# -- 1. a voided award leaves the hand the commands give without it (§Expérience; UN7, ruling C84) --


def test_C84_voiding_an_award_after_the_session_end_notes_and_deals_the_hand_without_it_Experience_L530_Ressources_L203(db: str) -> None:
    # The playtester's journal: 2 hand cards awarded in session 1, noted at its end (5 in hand),
    # then voided. The ledger had no award while the sheet kept "hand: 5 cards" and session 2
    # dealt 5: the session's end was replayed with the count it recorded, not the hand it held.
    seat(db, "alice", start=None)
    run(db, "cartes", "xp", "award", NAME, "Alice", "2", "--reason", "the ambush")
    run(db, "session", "end", NAME)
    assert hand_line(db) == "hand: 5 cards"
    run(db, "correct", award_ref(db), "--reason", "wrong session")
    assert hand_line(db) == "hand: 3 cards"
    assert "no experience has been awarded or spent yet" in run(db, "xp", "ledger", NAME).stdout
    run(db, "session", "start", NAME)
    run(db, "cartes", "test", NAME, "Alice", "Contact")  # the session's first draw deals, from the pile
    first, second = of(db, "CardsDealt", "Alice")
    assert (len(first["hand"]), len(second["hand"])) == (3, 3)
    assert hand_line(db) == f"hand: {' '.join(shown(card) for card in second['hand'])}"
    # The session's end still reads as it was recorded (E67's rule for a later event's line).
    assert "every card back to the deck: 7 cards in the pile, 5 in hand" in run(db, "log", NAME).stdout


def test_C84_an_award_voided_before_the_session_end_is_neither_noted_nor_dealt_again_Experience_L530_Ressources_L203(db: str) -> None:
    seat(db, "alice", start=None)
    run(db, "cartes", "xp", "award", NAME, "Alice", "2", "--reason", "the ambush")  # deals, then draws the 2
    run(db, "correct", award_ref(db), "--reason", "not yet earned")
    (dealt,) = of(db, "CardsDealt", "Alice")
    assert hand_line(db) == f"hand: {' '.join(shown(card) for card in dealt['hand'])}"
    run(db, "session", "end", NAME)
    (returned,) = of(db, "CardsReturned", "Alice")
    assert (returned["pile_count"], returned["hand_count"]) == (7, 3)
    run(db, "session", "start", NAME)
    run(db, "cartes", "test", NAME, "Alice", "Contact")
    assert [len(e["hand"]) for e in of(db, "CardsDealt", "Alice")] == [3, 3]


def test_C84_an_award_voided_after_the_next_deal_keeps_the_first_cards_dealt_and_the_journal_verifies_Ressources_L203(db: str) -> None:
    # Session 2 dealt the 5 the session's end noted; once the award is voided, the hand is the 3
    # the deal gives without it (its first cards, as a deal of 3 would have dealt them), and the
    # two others go to the discards (A30). The pile is as dealt.
    seat(db, "alice", start=None)
    run(db, "cartes", "xp", "award", NAME, "Alice", "2", "--reason", "the ambush")
    run(db, "session", "end", NAME)
    run(db, "session", "start", NAME)
    run(db, "cartes", "test", NAME, "Alice", "Contact")  # from the pile: the hand is untouched
    dealt = of(db, "CardsDealt", "Alice")[-1]
    assert len(dealt["hand"]) == 5
    run(db, "correct", award_ref(db), "--reason", "wrong session")
    assert hand_line(db) == f"hand: {' '.join(shown(card) for card in dealt['hand'][:3])}"
    assert "OK" in run(db, "verify", NAME).stdout
    run(db, "session", "end", NAME)
    assert (of(db, "CardsReturned", "Alice")[-1]["hand_count"]) == 3


def test_C84_voiding_an_award_whose_card_a_later_test_played_is_refused_naming_the_card_Ressources_L199(db: str) -> None:
    # Without the award the 5th card dealt would never have been in the hand, and a test played
    # it: the correction is refused in words ("void them first"), never "x not in list".
    # Scripted seeds, so that the fifth card dealt is no copy of the first three (two packs): a
    # copy would still be in the hand without the award, and the correction would stand.
    services = served(db, "alice")
    try:
        services.act(NAME, lambda w: award(w, "Alice", 2, "the ambush"))
        services.end_session(NAME)
        services.start_session(NAME)
        services.act(NAME, lambda w: make_test(w, "Alice", TestRequest("Contact")))
        hand = of(db, "CardsDealt", "Alice")[-1]["hand"]
        fifth = hand[4]
        assert fifth not in hand[:3], hand
        services.act(NAME, lambda w: make_test(w, "Alice", TestRequest("Contact", source="hand", first_hand_card=fifth)))
    finally:
        services.close()
    before = recorded(db)
    refused = run(db, "correct", award_ref(db), "--reason", "wrong session", check=False)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1, refused
    assert f"a later event plays {shown(fifth)}, which the hand does not hold without it" in refused.stderr
    assert "list" not in refused.stderr and recorded(db) == before


def test_C84_a_voided_award_leaves_alice_as_the_same_commands_without_it_UN7(tmp_path: Path) -> None:
    # UN7's property, for an award noted at a session's end and voided before the next deal: the
    # same commands on two journals of the same scripted seeds, one with the award, then voided.
    # Session 2's deck is shuffled afresh, so both deal the very same cards.
    with_award, without = alice_dealt(str(tmp_path / "a.db")), alice_dealt(str(tmp_path / "b.db"))
    with_award.act(NAME, lambda w: award(w, "Alice", 2, "the ambush"))
    for services in (with_award, without):
        services.end_session(NAME)
    awarded = next(e for e in with_award.log(NAME) if isinstance(e, ev.ExperienceAwarded))
    with_award.correct(NAME, "Alice", awarded.originator_version, "wrong session")
    assert alice_now(with_award) == alice_now(without)
    for services in (with_award, without):
        services.start_session(NAME)
        services.act(NAME, lambda w: make_test(w, "Alice", TestRequest("Contact")))
    assert alice_now(with_award) == alice_now(without)
    assert len(alice_now(without)[1]["hand"]) == 3
    for services in (with_award, without):
        services.close()


def test_C84_an_award_voided_after_a_hand_dealt_early_leaves_the_hand_the_commands_give_without_it_Experience_L534_C46(
    tmp_path: Path,
) -> None:
    # Between sessions: 2 cards awarded (noted: 5), then a speciality bought, which deals the
    # noted hand face up ahead of the next session (C46) and pays 2 of it. The downtime's deck is
    # shuffled afresh in both journals, so its first three cards are the hand dealt without the
    # award; the purchase pays the two cards the journal without the award paid.
    with_award, without = alice_dealt(str(tmp_path / "a.db")), alice_dealt(str(tmp_path / "b.db"))
    for services in (with_award, without):
        services.end_session(NAME)
    paid = without.act(NAME, lambda w: spend(w, "Alice", "speciality", "Distance", "Couteau", [], "practice"))
    with_award.act(NAME, lambda w: award(w, "Alice", 2, "the ambush"))
    with_award.act(NAME, lambda w: spend(w, "Alice", "speciality", "Distance", "Couteau", paid, "practice"))
    (early,) = [e for e in with_award.log(NAME) if isinstance(e, ev.HandDealtEarly)]
    assert len(early.hand) == 5 and len(alice_now(with_award)[1]["hand"]) == 3
    awarded = next(e for e in with_award.log(NAME) if isinstance(e, ev.ExperienceAwarded))
    with_award.correct(NAME, "Alice", awarded.originator_version, "wrong campaign")
    assert alice_now(with_award) == alice_now(without)
    assert len(alice_now(without)[1]["hand"]) == 1
    for services in (with_award, without):
        services.close()


def test_C84_a_voided_pile_max_bought_before_a_nights_rest_leaves_the_pile_at_the_old_maximum_Experience_L549_A14(tmp_path: Path) -> None:
    # §Expérience L549: four cards of 8 or more raise Alice's pile max from 7 to 8; the session
    # ends with 6 in the pile (one test), and a night's sleep (A14) refills it to 8. Voiding the
    # purchase gives 7 of 7: the rest recorded its 8, which was the maximum then, not now.
    services = alice_dealt(str(tmp_path / "a.db"))
    services.act(NAME, lambda w: award(w, "Alice", 12, "a long campaign"))
    services.act(NAME, lambda w: spend(w, "Alice", "pile-max", "", "", [], "a bigger pack"))
    services.end_session(NAME)
    services.advance(NAME, lambda c: c.clock + 86400)
    sheet, condition = alice_now(services)
    assert (sheet["pile_max"], condition["pile_count"]) == (8, 8)
    bought = next(e for e in services.log(NAME) if isinstance(e, ev.ExperienceSpent))
    services.correct(NAME, "Alice", bought.originator_version, "not bought after all")
    sheet, condition = alice_now(services)
    assert (sheet["pile_max"], condition["pile_count"]) == (7, 7)
    services.close()


# -- 2. audit show places every card an event played, in the order drawn (FP11, FP13, ruling C85) ---


def _survival_under_care(db: str) -> None:
    # The playtester's: a wound in session 1, tended by Bruno at a field hospital; a day of
    # downtime brings the survival draws, each supported by Bruno's Médecine draw, and session 2
    # opens.
    services = scripted_services(db, SEEDS)
    wounded_party(services, NAME)
    services.act(NAME, lambda w: arrange_care(w, "Alice", "Bruno", "field-hospital"))
    services.advance(NAME, lambda c: c.clock + 86400)
    services.start_session(NAME)  # which reveals the downtime's dice
    services.close()


def test_C85_audit_show_of_a_survival_draw_places_the_healers_cards_then_the_survival_cards_in_order_Medecine_L465(db: str) -> None:
    # The downtime's first draw shuffles the deck afresh: Bruno's Médecine cards lie at its top,
    # Alice's Carrure cards under them. Before, only the survival cards were placed, once each,
    # in the order of the record's keys (K♦ at 4 before 5♣ at 3), and the healer's not at all.
    _survival_under_care(db)
    events = recorded(db)
    first = next(e for e in events if e["topic"] == EVENTS + "SurvivalChecked")
    assert first["medicine"] is not None
    healer, patient = first["medicine"]["outcome"]["drawn"], first["outcome"]["drawn"]
    explained = json.loads(run(db, "audit", "show", short_ref(first), "--gm", "--json").stdout)
    placed = [(c["card"], c["to"], c["position"]) for c in explained["cards"]]
    wanted = [*((card, "Bruno") for card in healer), *((card, "Alice") for card in patient)]
    assert placed == [(card, to, position) for position, (card, to) in enumerate(wanted)]
    assert explained["verifiable"] is True
    shown_lines = run(db, "audit", "show", short_ref(first), "--gm").stdout.splitlines()
    listed = [line.split(":")[0].strip() for line in shown_lines if line.startswith("  ") and "of shuffle" in line]
    assert listed == [shown(card) for card, _ in wanted]
    assert shown_lines[-1] == "verifiable now"


def test_C85_a_card_drawn_twice_from_two_packs_is_placed_twice_in_the_order_drawn_A30() -> None:
    # Two packs hold K♦ twice: a test that turns both over plays both, each from where it lay.
    test = {"topic": EVENTS + "TestMade", "outcome": {"drawn": ["KD", "4C", "KD"], "cards": ["KD", "4C", "KD"], "substituted": []}}
    assert cards_played(test) == [(None, "KD"), (None, "4C"), (None, "KD")]

    def at(card: str, position: int) -> CardOrigin:
        return CardOrigin(card, "Alice", "test", "deck:3", position, "session-1")

    received = {("Alice", "KD"): deque([at("KD", 2), at("KD", 7), at("KD", 9)]), ("Alice", "4C"): deque([at("4C", 8)])}
    placed = _placed(received, [("Alice", "KD"), ("Alice", "4C"), ("Alice", "KD")])
    assert [(o.card, o.position) for o in placed] == [("KD", 7), ("4C", 8), ("KD", 9)]


def test_C85_a_test_recorded_before_its_substitutions_were_kept_plays_its_cards_not_drawn_after_them_L199() -> None:
    # An outcome without ``substituted``: the cards it was resolved with that it did not draw.
    old = {"topic": EVENTS + "TestMade", "outcome": {"drawn": ["9H", "KD"], "cards": ["9H", "QS"]}}
    assert cards_played(old) == [(None, "9H"), (None, "KD"), (None, "QS")]
    assert cards_played({"topic": "chronique.domain.rulesets.microfudge.events:ConflictCardsDrawn"}) is None


# The contract: every Cartes event kind either plays the general deck's cards, and a journal of
# the real services records one (or more) for ``audit show`` to place, or plays none.
PLAYS_NONE = {
    "WoundSuffered",
    "Died",
    "PileRested",
    "ExperienceSpent",
    "CardsReturned",
    "SceneEnded",
    "CareArranged",
    "CareIntensified",
    "CuredByCare",
}


@pytest.fixture(scope="module")
def campaign_of_every_draw(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Chronique, str]]:
    """One journal whose scripted play records every Cartes event that draws from the general deck:
    session 1's deals and tests, a wound tended by Bruno; the downtime's survival draws and
    retries under his care; a speciality bought between sessions (a hand dealt early, C46);
    session 2's tests from the pile and the deck, an award, a resource support and a resource
    draw, contests until one is tied (A18), and a knock-out's consciousness draws; then its end."""
    services = scripted_services(str(tmp_path_factory.mktemp("every_draw") / "j.db"), SEEDS)
    wounded_party(services, NAME)
    services.create_character(NAME, dict(BRIGAND))
    services.advance(NAME, lambda c: c.clock + 86400)

    def act(command: Callable[[World], Any]) -> Any:
        return services.act(NAME, command)

    act(lambda w: spend(w, "Alice", "speciality", "Distance", "Couteau", [], "practice"))
    services.start_session(NAME)
    act(lambda w: make_test(w, "Alice", TestRequest("Contact")))
    act(lambda w: make_test(w, "Alice", TestRequest("Contact", 1, "deck")))
    act(lambda w: award(w, "Alice", 2, "the ambush"))
    for _ in range(20):  # §Déroulement du tour L296: until Bruno's resource support succeeds
        if act(lambda w: support(w, "Bruno", "Alice", TestRequest("Médecine", -1, "deck", manoeuvre="resource"))).success:
            break
    act(lambda w: make_test(w, "Bruno", TestRequest("Vigilance")))
    act(lambda w: take_resource(w, "Bruno", None))  # §Choix des manœuvres L279
    from_the_deck = TestRequest("Contact", 0, "deck")
    for _ in range(200):  # L311, A18: until equal totals are broken by a card each
        if act(lambda w: contest(w, "Alice", from_the_deck, "Brigand", from_the_deck)).opposition.tie_breaks:
            break
    act(lambda w: suffer_wound(w, "Brigand", 9, "nulle", "a club"))  # Volonté 6: knocked out (L361)
    for _ in range(10):  # §Tirage de conscience
        if act(lambda w: consciousness(w, "Brigand")).success:
            break
    services.end_session(NAME)  # which reveals its dice: every card is verifiable
    yield services, NAME
    services.close()


def _in_order(origins: list[CardOrigin]) -> bool:
    # Cards drawn one after the other lie one under the other in their shuffle; a deck that ran out
    # was shuffled anew (A30), its next card at the top of the new shuffle.
    return all(
        (b.shuffle == a.shuffle and b.position == (a.position or 0) + 1) or (b.shuffle != a.shuffle and b.position == 0)
        for a, b in zip(origins, origins[1:], strict=False)
    )


@pytest.mark.parametrize("kind", sorted(CHANGES), ids=str)
def test_C85_every_cartes_event_places_each_card_it_played_in_the_order_drawn_FP11_FP13(
    campaign_of_every_draw: tuple[Chronique, str], kind: str
) -> None:
    services, name = campaign_of_every_draw
    assert (EVENTS + kind in CARDS_PLAYED) != (kind in PLAYS_NONE), f"{kind}: say whether it plays cards (CARDS_PLAYED or PLAYS_NONE)"
    recorded = [e for e in services.log(name) if type(e).__name__ == kind]
    if kind in PLAYS_NONE:
        return
    assert recorded, f"{kind} draws cards but the journal records none: add it to the scripted play"
    # Every deal, award, refill, support, consciousness and survival draw, the tied contest and a
    # few tests of each source: each explanation verifies the whole journal.
    if kind == "OppositionSettled":
        recorded = [e for e in recorded if isinstance(e, ev.OppositionSettled) and e.opposition["tie_breaks"]]
    elif kind == "TestMade":
        tests = [e for e in recorded if isinstance(e, ev.TestMade)]
        recorded = [next(e for e in tests if e.source == source) for source in ("pile", "deck")]
    for event in recorded:
        x = explain(services.audit, f"{event.originator_id}:{event.originator_version}", for_players=False)
        taken = _accounted(event)  # the deck's cards the event took in or used up (table.py)
        held = x.origins[: len(x.origins) - len(taken)]  # a pile's card, dealt before
        drawn = x.origins[len(held) :]
        what = f"{kind} {short_ref({'originator_id': str(event.originator_id), 'originator_version': event.originator_version})}"
        assert x.untraced == 0 and x.verifiable, what
        assert Counter(o.card for o in drawn) == Counter(taken), what
        assert _in_order(drawn), f"{what}: {[(o.card, o.position) for o in drawn]}"
        if isinstance(event, ev.TestMade) and event.source == "pile":
            assert [o.card for o in held] == event.from_pile and held[0].position is not None
        else:
            assert held == [], what
        if isinstance(event, (ev.SurvivalChecked, ev.SurvivalRetried)) and event.medicine:
            assert [o.to for o in drawn] == ["Bruno"] * len(event.medicine["outcome"]["drawn"]) + ["Alice"] * len(event.outcome["drawn"])
        if isinstance(event, ev.OppositionSettled):
            assert [o.to for o in drawn] == ["Alice", "Brigand"] * len(event.opposition["tie_breaks"])


# -- 3. an attack says at which lethality its damage was dealt, and by whose weapon (C50, C86) -------

HAND = ["KD", "8H", "2H"]
REST = ["AS", "JS", "10D", "4D", "2S", "KS"]  # the pile under its top card


def contact_7() -> dict[str, Any]:
    alice = sample("alice")
    alice["skills"]["Contact"] = {"level": 7, "characteristic": "Carrure"}
    return alice


def settled(world: World) -> ev.OppositionSettled:
    return world.recorded_last("Brigand", ev.OppositionSettled)


def audit_lines(event: ev.OppositionSettled) -> list[str]:
    """``audit show``'s lines for an opposition recorded in memory (adapters/explain.py's account)."""
    return account(Explanation("ref:1", "Brigand", "OppositionSettled", dict(vars(event)), False, None, {}, description=describe(event)))


def test_C86_a_winning_parry_says_it_dealt_the_defenders_lethality_not_the_attacks_Reussites_L311() -> None:
    # The playtester's: the Brigand attacks at Forte (--lethality forte) and draws Q♠ (12 > 10,
    # fails); Alice parries with 5♥: she wins at full power, 5, no weapon given: Moyenne (C50).
    world = table([*HAND, "5H", *REST, "QS"], sheets=[contact_7(), BRIGAND])
    attack(world, "Brigand", "Alice", TestRequest("Contact"), TestRequest("Contact"), 2, "forte")
    line = (
        "opposed draw against Alice: lost to Alice, 5 against a failure, net 5; 5 damage at Moyenne from Alice's parry "
        "(a winning parry deals the defender's lethality, Moyenne unless a weapon is given, not the attack's Forte)"
    )
    assert describe(settled(world)) == line
    assert f"what happened: {line}" in audit_lines(settled(world))


def test_C86_a_parry_with_a_weapon_given_says_its_bonus_and_lethality_Reussites_L311() -> None:
    # Alice's 7♥ beats the Brigand's 4♥: net 3, + her weapon 1 = 4 at Forte, the attack's Moyenne unused.
    world = table([*HAND, "7H", *REST, "4H"], sheets=[contact_7(), BRIGAND])
    attack(
        world,
        "Brigand",
        "Alice",
        TestRequest("Contact"),
        TestRequest("Contact"),
        2,
        "moyenne",
        defence_weapon_bonus=1,
        defence_lethality="forte",
    )
    assert describe(settled(world)) == (
        "opposed draw against Alice: lost to Alice, 7 against 4, net 3 (7 less 4, the loser's success card); "
        "4 damage at Forte from Alice's parry "
        "(weapon +1; a winning parry deals the defender's lethality, not the attack's Moyenne)"
    )


def test_C86_a_winning_attack_says_it_dealt_its_own_lethality_and_weapon_Reussites_L311() -> None:
    # The Brigand's 4♥ succeeds (Contact 10); Alice's K♦ from the pile fails (13 > 7): the attack
    # wins at full power, 4 + its weapon 2 = 6, at Forte.
    world = table([*HAND, "KD", *REST, "4H"], sheets=[contact_7(), BRIGAND])
    attack(world, "Brigand", "Alice", TestRequest("Contact"), TestRequest("Contact"), 2, "forte")
    assert settled(world).opposition["winner"] == "attacker"
    won = "opposed draw against Alice: won, 4 against a failure, net 4; 6 damage at Forte from the attack (weapon +2)"
    assert describe(settled(world)) == won


def test_C86_a_contest_deals_no_damage_and_names_no_lethality_Reussites_L311() -> None:
    world = table([*HAND, "7H", *REST, "2S"], sheets=[contact_7(), BRIGAND])
    contest(world, "Brigand", TestRequest("Contact"), "Alice", TestRequest("Contact"))
    assert re.fullmatch(
        r"opposed draw against Alice: (won|lost to Alice), \d+ against \d+, net \d+"
        r" \(\d+ less \d+, the loser's success card\)",
        describe(settled(world)),
    )


def test_C86_the_log_and_audit_show_of_a_won_parry_name_its_lethality_Reussites_L311_ruling_C50(db: str) -> None:
    # Through the real services with scripted seeds, attacks at Forte until Alice's parry wins;
    # then the command line's log and audit show of the opposition.
    services = served(db, "alice", BRIGAND)
    for _ in range(30):
        result = services.act(
            NAME, lambda w: attack(w, "Brigand", "Alice", TestRequest("Contact"), TestRequest("Contact", 0, "deck"), 2, "forte")
        )
        if result.exchange.opposition.winner == "defender":
            break
    assert result.exchange.opposition.winner == "defender"
    services.close()
    won = [e for e in recorded(db) if e["topic"] == EVENTS + "OppositionSettled"][-1]
    words = "from Alice's parry (a winning parry deals the defender's lethality, Moyenne unless a weapon is given, not the attack's Forte)"
    shown_out = run(db, "audit", "show", short_ref(won), "--gm").stdout
    assert f"damage at Moyenne {words}" in shown_out
    settled_line = [entry for entry in log_details(db, NAME, "--character", "Brigand") if entry.startswith("opposed draw")][-1]
    assert settled_line.endswith(f"damage at Moyenne {words}"), settled_line
