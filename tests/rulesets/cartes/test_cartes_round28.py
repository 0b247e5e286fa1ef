"""Cartes, round 28: what the Cartes lines tell a person to type, as typed where it is read (ruling
C148, after SL13); a hand's refusal of cards it does not hold ends as every other refusal (C149);
the knock-out's malus in one wording on the sheet, the consciousness draw and a draw's target
(C147). The command-line tests run the real app on a real journal; the unit tests stack the deck
(tests/cartes_table.py). Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

from cartes_cli import NAME, hand, refused, seat
from cartes_table import DEALT, describe, table
from support import run, shell

from chronique.domain.cards import shown
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.combat import consciousness, suffer_wound
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.rulesets.cartes.view import sheet_view

# -- 1. commands to type, in backticks and as typed where they are read (rulings EB35, SL13; C148) --

RESOURCE_REFUSED = (
    "error: a resource manoeuvre is its own draw, Très facile Volonté with a hand card first that refills the pile: {typed} draws it"
)


def test_a_test_called_a_resource_manoeuvre_names_the_resource_draw_as_typed_where_it_is_read_Choix_des_manoeuvres_L279_ruling_c148(
    db: str,
) -> None:
    # L279: a resource manoeuvre is its own draw. The refusal said "use chronique cartes resource",
    # bare, and with `chronique` in the shell too, whose lines go without it.
    seat(db)
    said = refused(db, "cartes", "test", NAME, "alice", "Volonté", "--manoeuvre", "resource")
    assert said == RESOURCE_REFUSED.format(typed=f"`chronique cartes resource {NAME} Alice`")
    in_shell = shell(db, f"cartes test {NAME} alice Volonté --manoeuvre resource\n", NAME)
    assert in_shell.stderr.splitlines() == [RESOURCE_REFUSED.format(typed=f"`cartes resource {NAME} Alice`")]
    # The help text, written once, keeps `chronique`, in backticks (SL13).
    assert "`chronique cartes resource`" in " ".join(run(db, "cartes", "test", "--help").stdout.split())


def test_an_empty_pile_names_the_recovery_draw_as_typed_where_it_is_read_Ressources_en_cartes_L203_ruling_c148(db: str) -> None:
    # §Ressources en cartes: an empty pile is refilled by a recovery draw. The refusal said "make a
    # recovery draw first (chronique cartes recover)", the command bare.
    seat(db, "alice")
    for _ in range(7):  # each Moyenne test spends one pile card; one refused records nothing
        if run(db, "cartes", "test", NAME, "Alice", "Contact", check=False).returncode:
            break
    said = refused(db, "cartes", "test", NAME, "Alice", "Contact")
    assert said == f"error: Alice's pile is empty: `chronique cartes recover {NAME} Alice` makes a recovery draw first"
    in_shell = shell(db, f"cartes test {NAME} Alice Contact\n", NAME)
    assert in_shell.stderr.splitlines() == [f"error: Alice's pile is empty: `cartes recover {NAME} Alice` makes a recovery draw first"]


# -- 2. a hand's refusal ends as every other (§Expérience L536-549; C149) ---------------------------


def test_cards_not_held_are_refused_without_a_full_stop_as_every_refusal_Experience_L538_ruling_c149(db: str) -> None:
    # "Alice's hand holds no K♣ and no Q♣." was the one Cartes refusal that ended with a full stop.
    seat(db, "alice")
    run(db, "cartes", "test", NAME, "Alice", "Contact")  # deals the hand
    absent = [card for card in ("QC", "KC", "QD", "KD", "QS", "KS", "QH", "KH") if card not in hand(db, "Alice")][:2]
    said = refused(
        db, "cartes", "xp", "spend", NAME, "Alice", "speciality", "Distance", "--speciality", "Fronde", "--cards", ",".join(absent)
    )
    missing = " and ".join(f"no {shown(card)}" for card in sorted(absent))
    assert said == f"error: Alice's hand holds {missing}"


# -- 3. the knock-out's malus in one wording (§Tirage de conscience L373; C147) ---------------------


def test_the_knock_out_s_malus_reads_alike_on_the_sheet_the_consciousness_line_and_a_target_Tirage_de_conscience_L373_ruling_c147() -> None:
    # Volonté 6: a hit of 8 is over KO; the A♠ brings Alice to with the damage card as a malus
    # (L373). The consciousness line said "a malus of -8 (the damage card)", the sheet "malus after
    # a knock-out", and her next test's target "wound malus -8", with no wound to show for it.
    world = table([*DEALT, "AS", "5H"])
    suffer_wound(world, "Alice", 8, "nulle", "a club")
    consciousness(world, "Alice")
    make_test(world, "Alice", TestRequest("Contact", source="deck"))  # the 5♥, from the deck
    came_to = describe(world.recorded_last("Alice", ev.ConsciousnessChecked))
    test = world.recorded_last("Alice", ev.TestMade)
    assert came_to.endswith("→ success: came to; malus after a knock-out -8 (the damage card) until the scene ends")
    assert describe(test) == "Contact against 1 (Contact 9, malus after a knock-out -8) at +0 (moyenne): 5♥ → failure"
    assert (test.basis["wound_malus"], test.basis["ko_malus"]) == (0, -8)
    alice = world.character("Alice")
    rows = {row[0]: row[1] for section in sheet_view(world, alice, gm=False).sections for group in section.groups for row in group.rows}
    assert rows["malus after a knock-out"] == "-8 (the damage card) until the scene ends"


# -- 4. a purchase's example is the command as typed (§Expérience L536-540; rulings EB35, SL13; C150)


def test_a_purchase_without_its_skill_gives_its_example_as_typed_where_it_is_read_Experience_L536_ruling_c150(db: str) -> None:
    # The refusal said "e.g. xp spend CAMPAIGN CHARACTER skill Contact": bare, not in backticks,
    # without `chronique cartes`, and a placeholder for the campaign and the character named.
    seat(db, "alice")
    said = refused(db, "cartes", "xp", "spend", NAME, "alice", "skill")
    assert said == f"error: name the skill to raise, e.g. `chronique cartes xp spend {NAME} Alice skill Contact`"
    in_shell = shell(db, f"cartes xp spend {NAME} alice characteristic\n", NAME)
    assert in_shell.stderr.splitlines() == [
        f"error: name the characteristic to raise, e.g. `cartes xp spend {NAME} Alice characteristic Carrure`"
    ]


# -- 5. a recovery draw refused for a pile not exhausted says why (§Épuisement de la pioche L235; C151)


def test_a_recovery_draw_of_a_pile_not_exhausted_says_what_it_holds_and_what_the_draw_is_for_Epuisement_L235_ruling_c151(
    db: str,
) -> None:
    # "Bruno's pile is not empty" was all it said, where the resource draw's refusal says the pile's
    # count and why ("is full (7 of 7 cards): a resource draw would spend a hand card for nothing").
    seat(db, "alice")
    run(db, "cartes", "test", NAME, "Alice", "Contact")  # deals, and spends one pile card
    assert refused(db, "cartes", "recover", NAME, "Alice") == (
        "error: Alice's pile is not empty (6 of 7 cards): a recovery draw is made only when the pile is exhausted"
    )
