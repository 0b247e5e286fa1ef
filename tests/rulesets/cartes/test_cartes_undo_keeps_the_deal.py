"""Undo takes back what a command chose, never the deal its first draw triggered (ruling C90).

§Distribution des cartes L84-90: the session's first draw deals every living player character its
hand and pile (ruling C35). That deal is chance consumed for the whole table, as the deck's own
draws are (FAIRNESS.md, ruling UN2): an undo of the session's first test leaves every hand and pile
as dealt, the test's own cards back where the replay puts them, and the next command deals nothing
anew. Before, the undo voided every character's deal and the next test dealt everyone again: a GM
could undo until the hands suited them, and the hand is the experience (ruling C81)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cartes_cli import seat, served
from support import run, scripted_services

from chronique.adapters.services import Chronique
from chronique.adapters.undo import undo
from chronique.domain.rulesets.cartes.advancement import spend
from chronique.domain.rulesets.cartes.draws import TestRequest, award, make_test
from chronique.domain.rulesets.cartes.table import deal
from chronique.domain.verifier import Receipts
from chronique.domain.world import World

SEED = b"cartes-undo-keeps-the-deal"


def _deals(services: Chronique, name: str) -> list[Any]:
    return [e for e in services.log(name) if type(e).__name__ in ("CardsDealt", "HandDealtEarly")]


def _table(path: str | Path, name: str = "Verdelune") -> Chronique:
    return served(path, campaign=name, seed=SEED)


def _held(services: Chronique, name: str = "Verdelune") -> dict[str, tuple[list[str], list[str], bool]]:
    world = services.world(name)
    return {c.name: (list(c.condition["hand"]), list(c.condition["pile"]), c.condition["dealt"]) for c in world.characters.values()}


def test_C90_the_playtesters_undo_of_the_first_test_leaves_every_deal_and_the_next_test_deals_nothing_Distribution_L84(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "ca_undo.db")
    seat(db, campaign="V")
    run(db, "cartes", "test", "V", "Alice", "Contact")  # the session's first draw deals everyone (C35)
    bruno = run(db, "sheet", "V", "Bruno").stdout
    undone = run(db, "undo", "V").stdout
    voided, _, kept = undone.partition("kept, chance once drawn is never taken back:")
    # Only Alice's test is voided; both deals stand, listed among the chance kept.
    assert voided.count("  voided ") == 1 and "Contact against" in voided and "dealt a hand" not in voided
    assert "Alice: dealt a hand of" in kept and "Bruno: dealt a hand of" in kept
    assert run(db, "sheet", "V", "Bruno").stdout == bruno
    run(db, "cartes", "test", "V", "Alice", "Contact")
    # A command about Alice changes nothing of Bruno's hand or pile: no deal is made anew.
    assert run(db, "sheet", "V", "Bruno").stdout == bruno
    topics = [entry["event"].get("topic", "") for entry in json.loads(run(db, "log", "V", "--json").stdout)]
    assert sum(topic.endswith(":CardsDealt") for topic in topics) == 2  # one deal each, made once
    assert run(db, "verify", "V").returncode == 0


def test_C90_undoing_the_first_test_leaves_the_hands_and_piles_the_deal_alone_gives_Distribution_L84_Piles(
    tmp_path: Path,
) -> None:
    # Exact cards: the same scripted seeds in a twin journal where only the deal was made.
    services, twin = _table(tmp_path / "played.db"), _table(tmp_path / "twin.db")
    twin.act("Verdelune", deal)
    dealt = _held(twin)
    assert all(is_dealt and len(hand) == 3 and len(pile) == 7 for hand, pile, is_dealt in dealt.values())
    played = services.act("Verdelune", lambda w: make_test(w, "Alice", TestRequest("Contact", 1)))
    first = played.cards[0]
    assert first == dealt["Alice"][1][0], "Alice's test turns over her pile's first card (§Piles)"
    assert _held(services)["Alice"][1] == dealt["Alice"][1][1:]
    undo(services, "Verdelune")
    # The deal stands for both; the pile card the test played is back on top of Alice's pile.
    assert _held(services) == dealt
    assert len(_deals(services, "Verdelune")) == 2
    characters = services.world("Verdelune").characters
    assert all(e.originator_version not in characters[e.originator_id].voided for e in _deals(services, "Verdelune"))
    assert services.audit.verify("Verdelune", Receipts()).ok
    # The next command deals nothing anew: Bruno's hand and pile are still the deal's.
    services.act("Verdelune", lambda w: make_test(w, "Alice", TestRequest("Contact", 1)))
    assert _held(services)["Bruno"] == dealt["Bruno"]
    assert len(_deals(services, "Verdelune")) == 2
    assert services.audit.verify("Verdelune", Receipts()).ok


def test_C90_undoing_an_award_that_was_the_sessions_first_draw_leaves_every_deal_Experience_L530_A15(tmp_path: Path) -> None:
    services, twin = _table(tmp_path / "played.db"), _table(tmp_path / "twin.db")
    twin.act("Verdelune", deal)
    # A15: awarded in session, the cards are drawn at once, so the award first deals the table.
    cards = services.act("Verdelune", lambda w: award(w, "Alice", 2, "a fine speech"))
    assert len(cards) == 2 and len(_held(services)["Alice"][0]) == 5
    undone = undo(services, "Verdelune")
    assert [a.who for a in undone.voided] == ["Alice"] and "earned 2 hand cards" in undone.voided[0].description
    assert _held(services) == _held(twin)  # the award's cards gone, the deal's hand and pile kept
    assert services.world("Verdelune").character("Alice").condition["hand_count"] == 3
    assert services.audit.verify("Verdelune", Receipts()).ok


def test_C90_undoing_a_spend_between_sessions_leaves_the_hand_dealt_early_and_gives_its_cards_back_Experience_L534_C46(
    tmp_path: Path,
) -> None:
    services = _table(tmp_path / "played.db")
    services.act("Verdelune", lambda w: make_test(w, "Bruno", TestRequest("Contact", 1)))
    services.end_session("Verdelune")  # the hand is a count again (§Ressources en cartes L203)

    def buy(world: World) -> list[str]:
        return spend(world, "Alice", "speciality", "Distance", "Arc", [], "practice")

    paid = services.act("Verdelune", buy)
    early = [e for e in _deals(services, "Verdelune") if type(e).__name__ == "HandDealtEarly"]
    assert len(early) == 1 and len(paid) == 2  # §Expérience L538: a first speciality costs 2 cards
    undone = undo(services, "Verdelune")
    assert [a.who for a in undone.voided] == ["Alice"] and any("dealt" in a.description for a in undone.kept if a.who == "Alice")
    alice = services.world("Verdelune").character("Alice")
    # C46: the hand dealt early stands, every card of it back in hand, the speciality unbought.
    assert alice.condition["hand"] == early[0].hand
    assert alice.sheet["skills"]["Distance"]["specialities"] == []
    # Asking again pays from the hand held: nothing is dealt early a second time.
    assert sorted(services.act("Verdelune", buy)) == sorted(paid)
    assert len([e for e in _deals(services, "Verdelune") if type(e).__name__ == "HandDealtEarly"]) == 1
    assert services.audit.verify("Verdelune", Receipts()).ok


def test_C90_correcting_a_deal_is_refused_in_words_and_records_nothing_Distribution_L84_C89(tmp_path: Path) -> None:
    db = str(tmp_path / "deal.db")
    services = _table(db)
    services.act("Verdelune", lambda w: make_test(w, "Alice", TestRequest("Contact", 1)))
    bruno = services.world("Verdelune").character("Bruno")
    (dealt,) = [e for e in _deals(services, "Verdelune") if e.originator_id == bruno.id]
    held = _held(services)
    refused = run(db, "correct", f"{bruno.id.hex[:8]}:{dealt.originator_version}", "--reason", "a better hand", check=False)
    assert refused.returncode == 2 and "dealt cards, chance consumed for the whole table" in refused.stderr
    # Before, the correction un-dealt Bruno, and the next draw dealt him a new hand.
    assert _held(scripted_services(db, SEED)) == held
