"""Cartes after the twenty-fifth session's review: a count of cards bounded by the campaign's own
general deck (ruling C142), a power support's own draw without the suit bonus it never counts
(C143), and ``audit show`` of a purchase saying which event put each hand card it paid in the
hand (C144). Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from cartes_table import ALICE_HAND, ALICE_PILE, BRUNO_HAND, BRUNO_PILE, describe, last_test, table
from support import SAMPLES, log_details, refused_cleanly, run
from verdelune_party import verdelune_party

from chronique.adapters.explain import _level_line
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test, support
from chronique.domain.rulesets.cartes.played import cards_paid

EVENTS = "chronique.domain.rulesets.cartes.events:"

# -- C142: a count of cards is bounded by the campaign's own deck (§Fournitures nécessaires L73-77) --


def test_a_count_of_cards_is_bounded_by_the_campaign_s_own_deck_not_three_decks_Fournitures_L73_ruling_C142(db: str) -> None:
    # Verdelune plays two packs (104 cards): "must be between 1 and 156" named three decks it
    # does not play; the refusal now names the campaign's own deck, as the award's room did.
    verdelune_party(db, ("alice", "bruno"))
    award = refused_cleanly(db, "cartes", "xp", "award", "Verdelune", "Alice", "200")
    assert award.startswith("error: Alice can be awarded at most ") and "the general deck's 2 packs (104 cards)" in award
    draw = refused_cleanly(db, "cartes", "draw", "Verdelune", "--count", "200")
    assert draw.startswith("error: the general deck cannot give 200 cards: of the 2 packs (104 cards), ")
    for line in (award, draw):
        assert "156" not in line
    # Below one card, before the journal is opened, in words true of any campaign.
    zero = refused_cleanly(db, "cartes", "xp", "award", "Verdelune", "Alice", "0")
    assert zero == "error: the number of cards must be at least 1 (got 0)"
    assert refused_cleanly(db, "cartes", "draw", "Verdelune", "--count", "-3") == "error: `--count` must be at least 1 (got -3)"
    huge = "9" * 40
    assert refused_cleanly(db, "cartes", "draw", "Verdelune", "--count", huge) == (
        "error: `--count` is far more than any campaign holds (got a number of 40 digits)"
    )


# -- C143: a power support's own draw counts no suit bonus (§Tirage des soutiens L293, ruling C4) --


def test_a_power_support_s_spade_counts_in_the_supported_draw_not_in_its_own_Tirage_des_soutiens_L293_ruling_C143() -> None:
    # Bruno (Contact 5) draws 5♠ to support Alice's blow with power: the card is given to Alice, in
    # whose draw it replaces a card (C4); his own "quality 5 +3 (♠ on a power manoeuvre)" counted
    # for nothing, and read as though his support were worth 8.
    world = table([*ALICE_HAND, *ALICE_PILE, *BRUNO_HAND, "5S", *BRUNO_PILE[1:]])
    given = support(world, "Bruno", "Alice", TestRequest("Contact"))
    assert (given.success, given.retained, given.quality, given.suit_bonus) == (True, "5S", 5, 0)
    bruno = last_test(world, "Bruno")
    assert bruno.outcome["suit_bonus"] == 3  # recorded as drawn, for the verifier to replay
    assert "quality 5" in describe(bruno) and "+3" not in describe(bruno)
    assert _level_line(vars(bruno)).endswith("→ success, quality 5")
    # In Alice's draw the ♠ counts: 5♠ (5 +3) replaces her 5♥ (5).
    blow = make_test(world, "Alice", TestRequest("Contact"))
    assert (blow.retained, blow.quality, blow.suit_bonus) == ("5S", 5, 3)


def test_the_table_the_log_and_the_audit_show_no_suit_bonus_on_a_power_support_s_draw_ruling_C143(db: str) -> None:
    verdelune_party(db, ("alice", "bruno"))
    said, card = "", ""
    power = ("cartes", "support", "Verdelune", "Bruno", "Alice", "Contact", "--kind", "power", "--modifier", "20", "--from", "deck")
    for _ in range(60):  # from the deck against 25 every draw succeeds, and its card is a ♠ once in about four
        said = run(db, *power).stdout
        card = re.findall(r"a power card for their next draw \((\S+)\)", said)[0]
        if card.endswith("♠"):
            break
        run(db, "cartes", "scene", "end", "Verdelune")  # the card held lapses (A7)
    else:
        raise AssertionError("no ♠ support card in 60 draws")
    first = said.splitlines()[0]
    assert "success, quality" in first and "+3" not in first and "♠ on a power manoeuvre" not in first
    entries = log_details(db, "Verdelune", "--gm")
    (drawn,) = [e for e in entries if e.startswith("Contact against") and card in e and "success" in e][-1:]
    assert "+3" not in drawn
    tests = [e for e in json.loads(run(db, "log", "Verdelune", "--gm", "--json").stdout) if e["event"]["topic"] == EVENTS + "TestMade"]
    ref = f"{tests[-1]['event']['originator_id'][:8]}:{tests[-1]['event']['originator_version']}"
    shown = run(db, "audit", "show", ref, "--gm").stdout
    assert "quality" in shown and "♠ on a power manoeuvre" not in shown


# -- C144: audit show of a purchase says where each paid hand card came from (§Expérience L536) --


def _ref(event: dict[str, Any]) -> str:
    return f"{event['originator_id'][:8]}:{event['originator_version']}"


def test_audit_show_of_a_purchase_names_the_event_that_put_each_paid_card_in_the_hand_Experience_L536_ruling_C144(db: str) -> None:
    # C85 placed only the cards an event drew: a purchase's line listed none, and nothing told a
    # player that the 5♥ and the 9♣ it paid were the deal's and the award's.
    verdelune_party(db)
    theirs = None
    for _ in range(8):  # an award of copies of the dealt cards alone (two packs, about 1 in 1,000) is awarded again
        run(db, "cartes", "xp", "award", "Verdelune", "Alice", "3", "--reason", "saved the village")
        events = [e["event"] for e in json.loads(run(db, "log", "Verdelune", "--gm", "--json").stdout)]
        (dealt,) = [e for e in events if e["topic"] == EVENTS + "CardsDealt"]
        awarded = [e for e in events if e["topic"] == EVENTS + "ExperienceAwarded"][-1]
        held_before = [c for e in events if e["topic"] == EVENTS + "ExperienceAwarded" and e is not awarded for c in e["cards"]]
        theirs = next((c for c in awarded["cards"] if c not in dealt["hand"] and c not in held_before), None)
        if theirs is not None:
            break
    assert theirs is not None, "eight awards of copies of cards already held"
    mine = dealt["hand"][0]
    escalade = ("speciality", "Athlétisme", "--speciality", "Escalade")  # 2 cards of any value (§Expérience L538)
    run(db, "cartes", "xp", "spend", "Verdelune", "Alice", *escalade, "--cards", f"{mine},{theirs}")
    spent = [e["event"] for e in json.loads(run(db, "log", "Verdelune", "--gm", "--json").stdout)][-1]
    shown = run(db, "audit", "show", _ref(spent)).stdout.splitlines()
    said = {line.split(":")[0].strip(): line for line in shown if line.startswith("  ")}
    assert said[_card(mine)] == f"  {_card(mine)}: paid from the hand, put there by {_ref(dealt)} (cards dealt)"
    assert said[_card(theirs)] == f"  {_card(theirs)}: paid from the hand, put there by {_ref(awarded)} (experience awarded)"
    paid = json.loads(run(db, "audit", "show", _ref(spent), "--json").stdout)["paid"]
    assert [(p["card"], p["what"]) for p in paid] == [(mine, "CardsDealt"), (theirs, "ExperienceAwarded")]


def _card(code: str) -> str:
    return code[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[code[-1]]


def test_a_card_held_twice_is_paid_first_held_first_and_one_a_correction_wrote_is_said_unknown_ruling_C144() -> None:
    # Two packs: the deal's 8♥ and the award's 8♥ are both in hand; play spends the first held
    # (condition._remove), so the purchase paid the deal's, and after a test played that one from
    # the hand, the award's. A hand a correction recorded anew holds cards no event tells of.
    created = {"topic": "chronique.domain.character:Character.Created", "sheet": {}, "condition": _condition()}
    dealt = {"topic": EVENTS + "CardsDealt", "hand": ["8H", "5H"], "pile": ["2C"]}
    awarded = {"topic": EVENTS + "ExperienceAwarded", "cards": ["8H"], "count": 1}
    spend = {"topic": EVENTS + "ExperienceSpent", "cards": ["8H"]}
    earlier = [("a:1", created), ("a:2", dealt), ("a:3", awarded)]
    assert cards_paid(spend, earlier) == [("8H", "a:2")]
    played = {
        "topic": EVENTS + "TestMade",
        "from_pile": [],
        "from_hand": ["8H"],
        "support_cards_spent": 0,
        "counts_kept": True,
        "bonus_change": 0,
        "malus_change": 0,
    }
    assert cards_paid(spend, [*earlier, ("a:4", played)]) == [("8H", "a:3")]
    corrected = {"topic": "chronique.domain.character:Character.Corrected", "sheet": {}, "condition": _condition(["5H", "8H", "8H", "8H"])}
    paid = cards_paid({**spend, "cards": ["8H", "8H", "8H"]}, [*earlier, ("a:5", corrected)])
    assert paid == [("8H", "a:2"), ("8H", "a:3"), ("8H", None)]
    assert cards_paid(played, earlier) == []  # a test's cards are placed by the shuffle (C85)


def _condition(hand: list[str] | None = None) -> dict[str, Any]:
    # What a purchase's replay reads of a condition (condition.CHANGES): the hand and its counts.
    held = hand or []
    return {"hand": held, "pile": [], "dealt": bool(held), "hand_count": 2, "pile_count": 1, "support_cards": [], "bonus": 0, "malus": 0}


# -- The round-26 play-test --------------------------------------------------------------------


def test_a_refused_draw_counts_one_card_held_in_the_singular_Fournitures_L75_ruling_C145(db: str, tmp_path: Path) -> None:
    # A lone Alice of one hand card and a pile of one, who played her pile's card: the refusal read
    # "of the 2 packs (104 cards), 1 are held in piles and hands".
    sheet = (SAMPLES / "alice.toml").read_text(encoding="utf-8")
    solo = tmp_path / "solo.toml"
    solo.write_text(sheet.replace("pile_max = 7 ", "pile_max = 1 ").replace("hand = 3 ", "hand = 1 "), encoding="utf-8")
    run(db, "campaign", "new", "Solo", "--ruleset", "cartes")
    run(db, "character", "new", "Solo", "--sheet", str(solo))
    run(db, "session", "start", "Solo")
    run(db, "cartes", "test", "Solo", "Alice", "Contact")
    assert refused_cleanly(db, "cartes", "draw", "Solo", "--count", "104") == (
        "error: the general deck cannot give 104 cards: of the 2 packs (104 cards), "
        "1 card is held in piles and hands or on the table, and 103 cards are left to draw"
    )


def test_no_passive_draw_is_made_for_the_dead_Tirage_passifs_L229_ruling_C146(db: str) -> None:
    # A passive draw stands for an action of the character's, if an unwilled one (§Tirage passifs
    # L229): the dead make none, and `cartes draw --for` a dead character recorded "7♥ drawn for
    # Alice (GM draw)" where every other draw of hers is refused.
    verdelune_party(db, ("alice", "bruno"))
    # Over 13 an Énorme wound is aggravated, and no lethality lies beyond: instant death (§Survie L461).
    assert "dead" in run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "14", "--lethality", "enorme").stdout
    assert "Alice — dead" in run(db, "sheet", "Verdelune", "Alice").stdout
    assert refused_cleanly(db, "cartes", "draw", "Verdelune", "--for", "alice") == (
        "error: Alice is dead: the dead make no draw, passive or not (draw for the GM instead)"
    )
    assert " drawn for the GM (GM draw)" in run(db, "cartes", "draw", "Verdelune").stdout
