"""Cartes after the sixth playtest, played through the real CLI on a real journal of each backend
(GM, player and hostile user). Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest:
shared/rules/cartes.md."""

from __future__ import annotations

from cartes_cli import NAME, PARTY, recorded, seat
from cartes_table import ALICE_HAND, ALICE_PILE, BRUNO_HAND, table
from support import log_details, run

from chronique.domain.cards import shown, value
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test, support

# -- 1. no care for the dead (§Survie L431, §Médecine L465) -------------------------------------------


def test_care_for_a_dead_patient_is_refused_and_stopping_it_is_not_Survie_L431_Medecine_L465(db: str) -> None:
    seat(db, *PARTY)
    # 14 at Énorme: over 13 aggravates past Énorme, instant death (§Aggravation L452).
    assert ": dead" in run(db, "cartes", "wound", NAME, "Brigand", "--damage", "14", "--lethality", "enorme").stdout
    before = recorded(db)
    # §Médecine L465: care supports the patient's survival draws; the dead draw none.
    refused = run(db, "cartes", "care", NAME, "Brigand", "--healer", "Bruno", check=False)
    assert (refused.returncode, refused.stderr) == (2, "error: Brigand is dead\n")
    assert recorded(db) == before
    # Stopping care (no healer) stops an order that stands, dead or alive; none stands for the
    # dead Brigand (never given, and an order lapses at death, C108), so there is nothing to stop
    # and the command is refused as such, recording nothing (ruling C113).
    stopped = run(db, "cartes", "care", NAME, "Brigand", check=False)
    assert (stopped.returncode, stopped.stdout, stopped.stderr) == (
        2,
        "",
        "error: no care order stands for Brigand: there is no care to stop\n",
    )
    assert recorded(db) == before


# -- 2. a first card played from the hand is said, in the log and at the table (ruling C99) ----------


def test_a_first_card_from_the_hand_is_said_at_the_table_and_in_the_log_Ressources_en_cartes_L199(db: str) -> None:
    seat(db, *PARTY)
    run(db, "cartes", "draw", NAME, "--reason", "the first draw deals the cards")
    dealt = next(e for e in recorded(db) if e["topic"].endswith(":CardsDealt") and e["hand"])
    card = shown(dealt["hand"][0])
    # §Ressources en cartes L199: a hand card is experience; the player leads with one face up
    # (§Distribution des cartes L86), and what it spent is said where the draw is.
    said = run(db, "cartes", "test", NAME, "Alice", "Intellect", "--from", f"hand:{dealt['hand'][0]}").stdout
    assert said.rstrip().endswith(f", {card} from the hand played first"), said
    (line,) = [d for d in log_details(db, NAME) if d.startswith("Intellect against ")]
    assert f", {card} from the hand played first" in line, line
    # §Choix des manœuvres L279: a resource draw leads with the lowest hand card when none is named.
    # (The pile is full at the deal: one card of it is spent first, by a test from the pile.)
    run(db, "cartes", "test", NAME, "Alice", "Intellect")
    lowest = min(dealt["hand"][1:], key=value)
    said = run(db, "cartes", "resource", NAME, "Alice").stdout.splitlines()[0]
    assert f", {shown(lowest)} from the hand played first" in said, said


# -- 3. a support card a draw did not need is said to lapse (§Tirage des soutiens L293, C47, C92) ----


def test_a_power_support_card_the_draw_did_not_need_is_said_to_lapse_Tirage_des_soutiens_L293() -> None:
    # Bruno leads with 2♣ from his pile (Médecine 9: its ♣ makes the test Facile, Q♠ drawn after
    # it): a success, and the 2♣ goes to Alice for her next draw. Her 5♥ succeeds against Contact 9
    # and the 2♣ would not raise its quality: the draw spends it unused (ruling C47).
    bruno_pile = ["2C", "8D", "KH", "5C", "9S", "8H", "10H"]
    world = table([*ALICE_HAND, *ALICE_PILE, *BRUNO_HAND, *bruno_pile, "QS"])
    support(world, "Bruno", "Alice", TestRequest("Médecine"))
    assert world.character("Alice").condition["support_cards"] == ["2C"]
    assert not make_test(world, "Alice", TestRequest("Contact")).support_used
    test = world.character("Alice").pending_events[-1]
    assert ruleset("cartes").describe(test) == (
        "Contact against 9 at +0 (moyenne): 5♥ → success, quality 5, 1 support card held for it unused and gone"
    )
    assert world.character("Alice").condition["support_cards"] == []
