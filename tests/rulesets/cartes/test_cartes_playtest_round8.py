"""Cartes, eighth play-test round: experience and downtime as a player reads them. A purchase paid
with cards the hand does not hold says whose hand in a sentence; one sign for a malus everywhere;
no hand card spent on a draw no card can win; no care ordered for a patient with nothing to tend.
The unit tests stack the deck (tests/cartes_table.py); the command-line tests run the real app on
a real journal of each backend.
Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import json

import pytest
from cartes_cli import NAME, PARTY, recorded, refused, seat
from cartes_table import DEALT, describe, table
from support import run

from chronique.domain.cards import shown
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.advancement import spend
from chronique.domain.rulesets.cartes.combat import consciousness, suffer_wound
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.rulesets.cartes.view import sheet_view


def hand_of(db: str, name: str) -> list[str]:
    """The hand as the GM's sheet holds it, dealt by a GM's passive draw first."""
    run(db, "cartes", "draw", NAME, "--for", name)
    return list(json.loads(run(db, "sheet", NAME, name, "--json").stdout)["condition"]["hand"])


# -- 1. cards not held: whose hand, in a sentence (§Expérience L536-549) ----------------------------


def test_cards_not_in_hand_are_refused_naming_whose_hand_Experience_L536() -> None:
    # Alice's hand: K♦ 8♣ 2♥. A first speciality costs two cards of any value (L538). The refusal
    # read "not in hand: Q♦, Q♦", naming neither the hand nor what it does hold.
    world = table(DEALT)
    make_test(world, "Alice", TestRequest("Contact"))  # deals the hand
    with pytest.raises(RuleViolation) as none:
        spend(world, "Alice", "speciality", "Distance", "Fronde", ["QD", "QD"], "")
    assert str(none.value) == "Alice's hand holds no Q♦"
    # Two K♦ given, one held (with two packs a hand may hold two): the second is what is missing.
    with pytest.raises(RuleViolation) as once:
        spend(world, "Alice", "speciality", "Distance", "Fronde", ["KD", "KD"], "")
    assert str(once.value) == "Alice's hand holds K♦ only once"
    with pytest.raises(RuleViolation) as both:
        spend(world, "Alice", "speciality", "Distance", "Fronde", ["QD", "JS"], "")
    assert str(both.value) == "Alice's hand holds no J♠ and no Q♦"


def test_xp_spend_with_cards_not_held_is_one_line_naming_the_character_exit_2_Experience_L536(db: str) -> None:
    seat(db, *PARTY, start=None)
    hand = hand_of(db, "Alice")
    absent = next(card for card in ("QD", "QS", "QH", "QC") if card not in hand)
    said = refused(
        db, "cartes", "xp", "spend", NAME, "alice", "speciality", "Distance", "--speciality", "Fronde", "--cards", f"{absent},{absent}"
    )
    assert said == f"error: Alice's hand holds no {shown(absent)}"


# -- 2. one minus sign (ruling C104) ----------------------------------------------------------------


def test_a_malus_reads_with_one_minus_sign_in_the_log_and_the_sheet_Tirage_de_conscience_L373_ruling_C104() -> None:
    # Volonté 6: a hit of 8 is over KO; the A♠ brings Alice to with the damage card as a malus
    # (L373). The log said "a malus of −8" (U+2212) and, for her next test, "wound malus -8"; the
    # sheet said "−8". The Cartes lines sign every number as its difficulty levels do: "-".
    world = table([*DEALT, "AS", "5H"])
    suffer_wound(world, "Alice", 8, "nulle", "a club")
    consciousness(world, "Alice")
    make_test(world, "Alice", TestRequest("Contact", source="deck"))  # the 5♥, from the deck
    alice = world.character("Alice")
    came_to = describe(world.recorded_last("Alice", ev.ConsciousnessChecked))
    test = describe(world.recorded_last("Alice", ev.TestMade))
    assert "came to; malus after a knock-out -8 (the damage card)" in came_to
    assert test == "Contact against 1 (Contact 9, malus after a knock-out -8) at +0 (moyenne): 5♥ → failure"
    rows = {row[0]: row[1] for section in sheet_view(world, alice, gm=False).sections for group in section.groups for row in group.rows}
    # Ruling C152: the knock-out's malus is said on its own row, not in the wounds' (it was "-8").
    assert (rows["wound malus"], rows["malus after a knock-out"]) == ("none", "-8 (the damage card) until the scene ends")
    assert "−" not in " ".join([came_to, test, *rows.values()])


# -- 3. no hand card spent on a certain failure (§Tirage L209, §Difficulté des tirages; C105) ------


def test_a_test_from_the_hand_no_card_can_win_is_refused_before_anything_is_drawn_Tirage_L209_ruling_C105(db: str) -> None:
    # "Si le montant de la carte est inférieur ou égal à la compétence ... le tirage est réussi":
    # Contact 9 with the GM's -9 is 0, under the Ace. Played from the hand, the card (which is
    # also experience, §Ressources en cartes L199) went on a draw that could only fail.
    seat(db, *PARTY, start=None)
    card = shown(hand_of(db, "Alice")[0])
    said = refused(db, "cartes", "test", NAME, "Alice", "Contact", "--from", f"hand:{card}", "--modifier", "-9", "-d", "tres-facile")
    assert said == (
        f"error: Alice's Contact test would be against 0 (Contact 9, modifier -9), which no card can meet: "
        f"{card} from the hand would be spent on a certain failure"
    )
    # Against 1 the Ace still wins: the same draw is made.
    run(db, "cartes", "test", NAME, "Alice", "Contact", "--from", f"hand:{card}", "--modifier", "-8")
    assert recorded(db)[-1]["target"] == 1


# -- 4. care needs a wound to tend (§Médecine L465-467; C106) ---------------------------------------


def test_care_of_a_patient_with_nothing_to_tend_is_refused_Medecine_L465_ruling_C106(db: str) -> None:
    # Medicine is "une action en soutien du jet de survie" (L465), or of the retry that lifts a
    # survived wound's malus (L467): an unwounded Alice has neither. It was recorded ("Bruno tends
    # Alice") as an order standing until some wound came.
    seat(db, *PARTY, start=None)
    said = refused(db, "cartes", "care", NAME, "alice", "--healer", "bruno", "--means", "hospital")
    assert said == "error: Alice has no wound and no lasting malus: there is nothing for Bruno to care for"
    # No order stands for Alice, so there is no care to stop (ruling C113).
    assert refused(db, "cartes", "care", NAME, "Alice") == "error: no care order stands for Alice: there is no care to stop"
    run(db, "cartes", "wound", NAME, "Alice", "--damage", "2", "--lethality", "nulle")
    assert run(db, "cartes", "care", NAME, "Alice", "--healer", "Bruno").stdout == (
        "Bruno tends Alice (Premiers soins avec un équipement léger)\n"
    )


# -- 5. a speciality needs a name (§Expérience L538; C107) ------------------------------------------


def test_a_speciality_named_with_spaces_only_is_refused_and_purchases_go_on_Experience_L538_ruling_C107(db: str) -> None:
    # `xp spend … speciality Distance --speciality "   "` spent two cards on "a speciality:    , the
    # 1st of Distance"; the sheet, which keeps names stripped, then read a speciality with no name
    # and refused itself: every later purchase of Alice's failed ("a speciality needs a name").
    seat(db, *PARTY, start=None)
    run(db, "cartes", "xp", "award", NAME, "Alice", "6")
    said = refused(db, "cartes", "xp", "spend", NAME, "Alice", "speciality", "Distance", "--speciality", "   ")
    assert said == "error: name the speciality to add (`--speciality`)"
    long = refused(db, "cartes", "xp", "spend", NAME, "Alice", "speciality", "Distance", "--speciality", "a" * 81)
    assert long == "error: the speciality is 81 characters long; at most 80 are allowed"
    bought = run(db, "cartes", "xp", "spend", NAME, "Alice", "speciality", "Distance", "--speciality", "  Fronde ").stdout
    assert bought.endswith(" on a speciality: Fronde, the 1st of Distance\n")
    # Nine hand cards (3 dealt, 6 awarded), two paid: the 2nd speciality's four of any value follow.
    again = run(db, "cartes", "xp", "spend", NAME, "Alice", "speciality", "Distance", "--speciality", "Lancer").stdout
    assert again.endswith(" on a speciality: Lancer, the 2nd of Distance\n")
