"""Cartes: voiding a purchase of experience leaves the sheet, the hand and the pile the same
commands give without it (§Expérience L530-549; rulings UN7, C84, C87).

A purchase is one step up from the level the replay holds, never the level it recorded: Contact
9→10→11 with the first voided is 10, not 11. The purchase voided gives its cards back to the hand;
a later purchase keeps the cards it paid, and when they no longer pay its step (a 2nd speciality's
4 cards once it is the 1st, a skill's 1 card once the voided characteristic makes it cost 2) or it
needs what the voided one bought (a speciality of the skill it created), or a later deal would owe
the cards given back, the correction is refused in words naming that event, and nothing is
recorded. A speciality the skill already has is not bought again (C88). The unit tests stack the
deck (tests/cartes_table.py); the journals are real, played through the command line
(support.run) where no outcome rests on the cards drawn, else through the real services with
scripted seeds (support.scripted_services), whose cards are the same at every run.
Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import pytest
from cartes_cli import NAME, alice_dealt, alice_now, of, recorded, seat
from cartes_table import ALICE_HAND, ALICE_PILE, table
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from support import run, scripted_services, short_ref, wounded_party

from chronique.adapters.services import Chronique
from chronique.domain.cards import fresh_packs, value
from chronique.domain.character import Character
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.advancement import spend
from chronique.domain.rulesets.cartes.draws import TestRequest, award, make_test
from chronique.domain.rulesets.cartes.table import deal
from chronique.domain.world import World

Purchase = tuple[str, str, str]  # what is bought, its skill or characteristic, the speciality


# -- in memory, the deck stacked: Alice (alice.toml) is dealt her hand and pile, then awarded ----


def _alice(awarded: Sequence[str]) -> World:
    """A session where Alice, dealt ALICE_HAND and ALICE_PILE, is awarded ``awarded`` (in that order)."""
    world = table([*ALICE_HAND, *ALICE_PILE, *awarded], sheets=("alice",))
    award(world, "Alice", len(awarded), "the campaign so far")
    return world


def _buy(world: World, purchase: Purchase, cards: Sequence[str]) -> list[str]:
    what, target, speciality = purchase
    return spend(world, "Alice", what, target, speciality, list(cards), "practice")


def _bought(world: World) -> list[ev.ExperienceSpent]:
    return [e for e in world.character("Alice").pending_events if isinstance(e, ev.ExperienceSpent)]


def _history(world: World) -> list[Any]:
    """Alice's whole chain as recorded in this in-memory table (her creation first)."""
    return list(world.character("Alice").pending_events)


def _void(world: World, event: Any) -> None:
    world.character("Alice").correct(_history(world), event.originator_version, "never bought")


def _now(world: World) -> tuple[dict[str, Any], dict[str, Any]]:
    alice = world.character("Alice")
    return alice.sheet, alice.condition


def _level(sheet: dict[str, Any], purchase: Purchase) -> int:
    what, target, _ = purchase
    if what == "skill":
        return int(sheet["skills"][target]["level"])
    if what == "characteristic":
        return int(sheet["characteristics"][target])
    return int(sheet["pile_max"])


# Alice: Carrure 8, Rapidité 7, Équilibre 4, Contact 9, pile max 7. Each row: two steps of the same
# thing and the cards each pays, exactly its price (§Expérience L536-549; PROPOSAL A4).
TWO_STEPS = [
    # Contact 9→10 then 10→11: two cards each (≥ Carrure 8), of 10 or more then 11 or more (L536).
    (("skill", "Contact", ""), ["10H", "10C"], ["JH", "JC"], 10),
    # A skill new to the sheet starts at 0 (A3): Poursuite (Rapidité) 0→1 then 1→2, one card each.
    (("skill", "Poursuite", ""), ["2C"], ["3C"], 1),
    # Équilibre 4→5 then 5→6: three cards of the new level or more (L540, A4).
    (("characteristic", "Équilibre", ""), ["5C", "6C", "7C"], ["6H", "7H", "8H"], 5),
    # The pile max 7→8 then 8→9: four cards of the new maximum or more (L549, A4).
    (("pile-max", "", ""), ["8H", "9H", "10S", "JD"], ["9C", "9D", "QH", "QC"], 8),
]


@pytest.mark.parametrize(("purchase", "first", "second", "level"), TWO_STEPS, ids=[row[0][0] + "-" + row[0][1] for row in TWO_STEPS])
def test_C87_voiding_the_first_of_two_steps_leaves_the_level_the_second_alone_gives_Experience_L536_L549(
    purchase: Purchase, first: list[str], second: list[str], level: int
) -> None:
    # The helper's find: Contact 9→10→11, the first voided, read 11, as the second recorded. The
    # second is one step from where the sheet is without the first, and the first's cards are
    # back in the hand: what the second command alone gives, its cards named (xp spend --cards).
    world = _alice([*first, *second])
    _buy(world, purchase, first)
    _buy(world, purchase, second)
    assert _level(_now(world)[0], purchase) == level + 1
    _void(world, _bought(world)[0])
    sheet, condition = _now(world)
    assert _level(sheet, purchase) == level
    assert (condition["hand"], condition["hand_count"]) == ([*ALICE_HAND, *first], len(ALICE_HAND) + len(first))
    alone = _alice([*first, *second])
    _buy(alone, purchase, second)
    assert _now(world) == _now(alone)


def test_C87_voiding_the_second_of_two_steps_leaves_the_first_and_gives_its_cards_back_Experience_L536() -> None:
    world = _alice(["10H", "10C", "JH", "JC"])
    _buy(world, ("skill", "Contact", ""), ["10H", "10C"])
    _buy(world, ("skill", "Contact", ""), ["JH", "JC"])
    _void(world, _bought(world)[1])
    sheet, condition = _now(world)
    assert sheet["skills"]["Contact"]["level"] == 10
    assert condition["hand"] == [*ALICE_HAND, "JH", "JC"]


def _refused(world: World, event: Any) -> str:
    """The words refusing to void ``event``; the refusal records nothing and changes nothing."""
    alice = world.character("Alice")
    before = (len(alice.pending_events), json.dumps(_now(world), sort_keys=True))
    with pytest.raises(RuleViolation) as refused:
        _void(world, event)
    assert (len(alice.pending_events), json.dumps(_now(world), sort_keys=True)) == before
    return str(refused.value)


def test_C87_voiding_a_first_speciality_is_refused_when_the_second_paid_the_price_of_a_second_Experience_L538() -> None:
    # §Expérience L538: 2, 4 then 8 cards. Without the 1st, Saut is the 1st, which costs 2 cards,
    # not the 4 its command paid: the same command (xp spend --cards, 4 cards) is refused.
    world = _alice(["2C", "3C", "4C", "5C", "6C", "7C"])
    _buy(world, ("speciality", "Athlétisme", "Escalade"), ["2C", "3C"])
    _buy(world, ("speciality", "Athlétisme", "Saut"), ["4C", "5C", "6C", "7C"])
    first, second = _bought(world)
    assert _refused(world, first) == (
        f"later events of Alice depend on event {first.originator_id.hex[:8]}:{first.originator_version}; "
        f"void them first: event {second.originator_id.hex[:8]}:{second.originator_version} "
        "paid 4♣ 5♣ 6♣ 7♣ for a speciality: Saut, the 2nd of Athlétisme, and without it "
        "a speciality: Saut, the 1st of Athlétisme costs 2 cards"
    )
    _void(world, second)  # the later one can go: Escalade stays, Saut's cards come back
    sheet, condition = _now(world)
    assert sheet["skills"]["Athlétisme"]["specialities"] == ["Escalade"]
    assert condition["hand"] == [*ALICE_HAND, "4C", "5C", "6C", "7C"]


def test_C87_voiding_the_purchase_of_a_skill_a_speciality_was_bought_for_is_refused_Experience_L536_L538() -> None:
    # Poursuite is new to Alice's sheet (A3): without its first level, she has no Poursuite to
    # add Filature to (xp spend speciality is refused: "not on Alice's sheet").
    world = _alice(["2C", "3C", "4C"])
    _buy(world, ("skill", "Poursuite", ""), ["2C"])
    _buy(world, ("speciality", "Poursuite", "Filature"), ["3C", "4C"])
    skill, speciality = _bought(world)
    assert _refused(world, skill).endswith(
        f"void them first: event {speciality.originator_id.hex[:8]}:{speciality.originator_version} "
        "adds the speciality Filature to Poursuite, a skill the sheet does not hold without it"
    )


def test_C87_voiding_a_characteristic_a_later_skill_level_was_priced_by_is_refused_Experience_L536() -> None:
    # §Expérience L536: a skill level is two cards once it reaches its characteristic. Rapidité
    # 7→8 made Distance 6→7 a one-card step (7 < 8); without it, 7 ≥ 7: two cards.
    world = _alice(["8H", "9H", "10H", "7H"])
    _buy(world, ("characteristic", "Rapidité", ""), ["8H", "9H", "10H"])
    _buy(world, ("skill", "Distance", ""), ["7H"])
    rapidite, distance = _bought(world)
    assert _refused(world, rapidite).endswith(
        f"void them first: event {distance.originator_id.hex[:8]}:{distance.originator_version} "
        "paid 7♥ for a skill level: Distance from 6 to 7, and without it "
        "a skill level: Distance from 6 to 7, with Rapidité at 7, costs 2 cards of 7 or more"
    )
    _void(world, distance)
    assert _now(world)[0]["characteristics"]["Rapidité"] == 8


def test_C88_a_speciality_the_skill_already_has_is_refused_before_anything_is_paid_Experience_L538() -> None:
    # Alice's Contact has Épée (alice.toml). Bought again as "épée" it was recorded, 2 cards
    # paid, and then every later purchase of hers failed on a sheet naming Épée twice.
    world = _alice(["2C", "3C"])
    with pytest.raises(RuleViolation, match="^Alice's Contact already has the speciality Épée$"):
        _buy(world, ("speciality", "contact", "épée"), [])
    assert _bought(world) == [] and _now(world)[1]["hand"] == [*ALICE_HAND, "2C", "3C"]
    _buy(world, ("speciality", "Contact", "Rapière"), [])
    assert _now(world)[0]["skills"]["Contact"]["specialities"] == ["Épée", "Rapière"]


def test_C87_a_purchase_replayed_without_voids_reads_the_level_it_recorded_Experience_L536() -> None:
    # Old journals load unchanged: with nothing voided the step from the level held is the one
    # each purchase recorded (from_level → to_level), here replayed from Alice's whole chain.
    world = _alice(["10H", "10C", "JH", "JC", "5C", "6C", "7C"])
    _buy(world, ("skill", "Contact", ""), ["10H", "10C"])
    _buy(world, ("characteristic", "Équilibre", ""), ["5C", "6C", "7C"])
    _buy(world, ("skill", "Contact", ""), ["JH", "JC"])
    events = _history(world)
    replayed = cast(Character, events[0].mutate(None))
    for event in events[1:]:
        event.apply(replayed)
        if isinstance(event, ev.ExperienceSpent):
            assert _level(replayed.sheet, (event.purchase, event.name, "")) == event.to_level
    assert (replayed.sheet, replayed.condition) == _now(world)


# -- the property: purchases, one voided, as the same commands without it (UN7) -------------------

# Every card the award hands Alice, in order: each at most twice in the two packs, with her deal.
AWARDED = "3C 4C 5C 6C 7C 8H 9H 10H JH QH KH 7S 8S 9S 10S JC QC KC 9D 10C JD QD QS 6H 7H 8D 9C 10H 6D 7D".split()
MENU: list[Purchase] = [
    ("skill", "Contact", ""),  # Carrure 8: two cards from 9→10 on
    ("skill", "Athlétisme", ""),  # Carrure 8: one card to 7, two to 8
    ("skill", "Distance", ""),  # Rapidité 7: two cards to 7
    ("skill", "Poursuite", ""),  # new to the sheet (A3), Rapidité
    ("speciality", "Athlétisme", "Escalade"),
    ("speciality", "Poursuite", "Filature"),
    ("characteristic", "Carrure", ""),
    ("characteristic", "Rapidité", ""),
    ("pile-max", "", ""),
]


def test_the_award_holds_no_card_more_often_than_the_two_packs_do() -> None:
    held = Counter([*ALICE_HAND, *ALICE_PILE, *AWARDED])
    assert max(held.values()) <= 2 and set(held) <= set(fresh_packs(1))
    assert Counter(value(card) for card in AWARDED)[10] >= 2  # enough for Contact's dearer steps


def _play(purchases: Sequence[Purchase], payments: Sequence[Sequence[str]] | None = None) -> tuple[World, list[tuple[Purchase, list[str]]]]:
    """Alice awarded AWARDED buys ``purchases`` in turn, each with its ``payments`` row (the
    cheapest the hand holds when None); a purchase refused records nothing and is left out.
    Returns the world and the purchases bought, with the cards each paid."""
    world = _alice(AWARDED)
    done = []
    for i, purchase in enumerate(purchases):
        try:
            paid = _buy(world, purchase, payments[i] if payments is not None else [])
        except RuleViolation:
            continue
        done.append((purchase, paid))
    return world, done


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(purchases=st.lists(st.sampled_from(MENU), min_size=1, max_size=9), pick=st.integers(0, 8))
def test_C87_a_voided_purchase_leaves_alice_as_the_same_commands_without_it_or_is_refused_UN7(purchases: list[Purchase], pick: int) -> None:
    # UN7, C87: whatever purchases follow, voiding one gives the sheet and the hand the others give
    # run without it, each paying the cards it paid (xp spend --cards); when one of them would be
    # refused run so, the correction is refused instead, naming it, and records nothing.
    world, done = _play(purchases)
    assume(done)
    voided = pick % len(done)
    alice = world.character("Alice")
    before = (len(alice.pending_events), json.dumps(_now(world), sort_keys=True))
    rest = done[:voided] + done[voided + 1 :]
    without, redone = _play([purchase for purchase, _ in rest], [paid for _, paid in rest])
    try:
        _void(world, _bought(world)[voided])
    except RuleViolation as refused:
        assert len(redone) < len(rest), f"refused although the commands without it all run: {refused}"
        assert "void them first: event " in str(refused)
        assert (len(alice.pending_events), json.dumps(_now(world), sort_keys=True)) == before
        return
    assert len(redone) == len(rest)
    assert _now(world) == _now(without)


# -- real journals: across a session's end, and the command line ----------------------------------


def _session_with_a_purchase(db: str, also: bool = True) -> Chronique:
    """Alice in session 1 on scripted seeds: dealt at a test, awarded 4 cards, and (``also``)
    a speciality of Athlétisme bought with the two cheapest (any value, §Expérience L538)."""
    services = alice_dealt(db)
    services.act(NAME, lambda w: award(w, "Alice", 4, "the ambush"))
    if also:
        services.act(NAME, lambda w: spend(w, "Alice", "speciality", "Athlétisme", "Escalade", [], "practice"))
    return services


def test_C87_a_purchase_voided_after_the_session_end_gives_its_cards_to_the_hand_the_next_deal_deals_Ressources_L203(
    tmp_path: Path,
) -> None:
    # §Ressources en cartes L203: the session's end notes the hand. Voided then, the speciality's
    # two cards are noted in it (7, not 5), and session 2 deals them: as the journal without it.
    with_it, without = _session_with_a_purchase(str(tmp_path / "a.db")), _session_with_a_purchase(str(tmp_path / "b.db"), also=False)
    for services in (with_it, without):
        services.end_session(NAME)
    assert alice_now(with_it)[1]["hand_count"] == 5
    bought = next(e for e in with_it.log(NAME) if isinstance(e, ev.ExperienceSpent))
    with_it.correct(NAME, "Alice", bought.originator_version, "not earned yet")
    assert alice_now(with_it) == alice_now(without)
    assert alice_now(with_it)[1]["hand_count"] == 7
    for services in (with_it, without):
        services.start_session(NAME)
        services.act(NAME, lambda w: make_test(w, "Alice", TestRequest("Contact")))
    assert alice_now(with_it) == alice_now(without)
    assert len(alice_now(with_it)[1]["hand"]) == 7
    for services in (with_it, without):
        services.close()


def test_C87_a_pile_max_voided_after_a_nights_sleep_and_the_next_deal_keeps_the_first_cards_dealt_Experience_L549_A14(
    tmp_path: Path,
) -> None:
    # Between sessions the noted hand is dealt early to pay the pile max 7→8 (C46, §Expérience
    # L534, L549); a night's sleep refills the pile to 8 (A14) and session 2 deals 8. Voided, the
    # four cards are back in the hand, the pile max is 7, and of the 8 dealt the pile keeps the
    # first 7, as a deal of 7 would have dealt them (C84); the rest go to the discards (A30).
    db = str(tmp_path / "a.db")
    services = _session_with_a_purchase(db, also=False)
    services.act(NAME, lambda w: award(w, "Alice", 12, "a long campaign"))
    services.end_session(NAME)
    paid = services.act(NAME, lambda w: spend(w, "Alice", "pile-max", "", "", [], "a bigger pack"))
    services.advance(NAME, lambda c: c.clock + 86400)
    assert alice_now(services)[1]["pile_count"] == 8
    services.start_session(NAME)
    services.act(NAME, deal)  # session 2's deal, as its first draw makes it: the pile stays whole
    dealt = [e for e in services.log(NAME) if isinstance(e, ev.CardsDealt)][-1]
    hand_before = list(alice_now(services)[1]["hand"])
    assert len(dealt.pile) == 8 and dealt.hand == []  # the hand was dealt early
    bought = next(e for e in services.log(NAME) if isinstance(e, ev.ExperienceSpent))
    services.correct(NAME, "Alice", bought.originator_version, "not bought after all")
    sheet, condition = alice_now(services)
    assert (sheet["pile_max"], condition["pile"], condition["pile_count"]) == (7, dealt.pile[:7], 7)
    assert Counter(condition["hand"]) == Counter(hand_before) + Counter(paid)
    services.close()
    assert "OK" in run(db, "verify", NAME).stdout


def _alice_awarded_at_a_session(db: str) -> None:
    seat(db, "alice", start=None)  # a hand of 3, a pile of 7
    run(db, "cartes", "xp", "award", NAME, "Alice", "6", "--reason", "the ambush")


def test_C87_correcting_a_first_speciality_the_second_was_priced_after_is_refused_in_words_Experience_L538(db: str) -> None:
    # Any six cards pay 2 then 4 (§Expérience L538): whatever was dealt, the correction is refused,
    # exit 2, one line, nothing recorded; the later one can be corrected, then the first.
    _alice_awarded_at_a_session(db)
    run(db, "cartes", "xp", "spend", NAME, "Alice", "speciality", "Athlétisme", "--speciality", "Escalade")
    run(db, "cartes", "xp", "spend", NAME, "Alice", "speciality", "Athlétisme", "--speciality", "Saut")
    first, second = of(db, "ExperienceSpent", "Alice")
    before = recorded(db)
    refused = run(db, "correct", short_ref(first), "--reason", "wrong skill", check=False)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1, refused
    assert f"void them first: event {short_ref(second)} paid " in refused.stderr  # ruling UN18
    assert (
        "for a speciality: Saut, the 2nd of Athlétisme, and without it a speciality: Saut, the 1st of Athlétisme costs 2 cards"
        in refused.stderr
    )
    assert recorded(db) == before
    run(db, "correct", short_ref(second), "--reason", "wrong skill")
    run(db, "correct", short_ref(first), "--reason", "wrong skill")
    sheet = run(db, "sheet", NAME, "Alice", "--gm").stdout
    assert next(line.split() for line in sheet.splitlines() if line.startswith("Athlétisme")) == ["Athlétisme", "6", "—", "Carrure"]
    assert next(line.strip() for line in sheet.splitlines() if line.strip().startswith("hand:")).count(" ") == 9  # its 9 cards


def test_C87_correcting_a_purchase_whose_cards_the_next_deal_would_owe_is_refused_naming_the_deal_Ressources_L203(db: str) -> None:
    # Bought in session 1 (2 cards of 9), the session's end notes 7; session 2 deals those 7. The
    # same commands without the purchase would note 9 and deal 9 from the deck, and every later
    # draw with them: no replay can, so the correction is refused naming the deal.
    _alice_awarded_at_a_session(db)
    run(db, "cartes", "xp", "spend", NAME, "Alice", "speciality", "Athlétisme", "--speciality", "Escalade")
    run(db, "session", "end", NAME)
    run(db, "session", "start", NAME)
    run(db, "cartes", "test", NAME, "Alice", "Contact")  # the session's first draw deals, from the pile
    (bought,) = of(db, "ExperienceSpent", "Alice")
    dealt = of(db, "CardsDealt", "Alice")[-1]
    assert len(dealt["hand"]) == 7
    before = recorded(db)
    refused = run(db, "correct", short_ref(bought), "--reason", "wrong skill", check=False)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1, refused
    assert f"void them first: event {short_ref(dealt)} dealt 7 hand cards, and the hand noted without it owes 9" in refused.stderr
    assert recorded(db) == before


def test_C89_a_test_of_an_earlier_session_voided_after_the_next_deal_stands_and_the_pile_stays_as_dealt_Piles_Ressources_L203(
    db: str,
) -> None:
    # Alice's session-1 test played a pile card, so its end noted 6 and session 2 dealt 6. Voided
    # now, the replay would owe a 7th card the deck never gave: the pile stays as dealt (C89),
    # rather than leave a disputed test of last session beyond correcting.
    services = scripted_services(db)
    try:
        name = wounded_party(services)
        services.start_session(name)
        services.act(name, lambda w: award(w, "Bruno", 2, "saved Alice"))  # the session's first draw deals
        alice = services.world(name).character("Alice")
        dealt = [e for e in services.journal.events.get(alice.id) if type(e).__name__ == "CardsDealt"][-1]
        test = next(e for e in services.journal.events.get(alice.id) if type(e).__name__ == "TestMade")
        services.correct(name, "Alice", test.originator_version, "drawn for the wrong character")
        assert services.world(name).character("Alice").condition["pile"] == list(dealt.pile)
    finally:
        services.close()
    assert "OK" in run(db, "verify", name).stdout
