"""Cartes, seventh play-test round: what the log says of an attack on a character who does not
draw, of a support that failed, and of a resource draw that failed; a test called a resource
manoeuvre, and a defence typed for a defender who ignores the attack. The unit tests stack the
deck (tests/cartes_table.py); the command-line test runs the real app on a real journal of each
backend.
Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

from cartes_cli import NAME, PARTY, refused, seat
from cartes_table import BRIGAND, DEALT, describe, table
from support import run

from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.combat import attack, suffer_wound
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test, support, take_resource


def test_an_attack_on_one_out_of_combat_says_what_it_did_Reussites_ou_echecs_L312_KO_ou_OK_L361() -> None:
    # The playtester's log read "opposed draw against Brigand, who is out of combat" and no more:
    # not whether the blow landed, nor its damage. Alice's pile: 5♥ (Contact 9: a success), A♠,
    # J♠ (a failure). The brigand, out of combat, takes the 5♥ in full (L312), then nothing.
    world = table(DEALT, sheets=("alice", "bruno", BRIGAND))
    suffer_wound(world, "Brigand", 9, "forte", "a fall")
    attack(world, "Alice", "Brigand", TestRequest("Contact"), TestRequest("Contact"), 1, "moyenne")
    landed = world.recorded_last("Alice", ev.OppositionSettled)
    assert (
        describe(landed)
        == "opposed draw against Brigand, who is out of combat: won, net 5; 6 damage at Moyenne from the attack (weapon +1)"
    )
    make_test(world, "Alice", TestRequest("Contact"))  # the A♠
    attack(world, "Alice", "Brigand", TestRequest("Contact"), TestRequest("Contact"), 1, "moyenne")
    missed = world.recorded_last("Alice", ev.OppositionSettled)
    assert describe(missed) == "opposed draw against Brigand, who is out of combat: failed, nothing happens"


def test_a_failed_support_says_whom_it_was_for_Tirage_des_soutiens_L297_ruling_C102() -> None:
    # Bruno (Contact 5) supports Alice with his 8♦: a failure, which gives Alice nothing and
    # records no line of its own. His test's line says whose support failed.
    world = table(DEALT)
    support(world, "Bruno", "Alice", TestRequest("Contact", manoeuvre="power"))
    helping = world.recorded_last("Bruno", ev.TestMade)
    assert describe(helping) == "Contact against 5 at +0 (moyenne): 8♦ → failure; the support of Alice failed"


def test_a_test_called_a_resource_manoeuvre_is_refused_for_the_resource_command_Choix_des_manoeuvres_L279(db: str) -> None:
    # A resource manoeuvre is "un tirage de volonté très facile qui doit nécessairement se faire
    # avec une carte de la main" that refills the pile (L279). `cartes test --manoeuvre resource`
    # drew a Moyenne test from the pile, refilled nothing, and its ♥ read "+3 (♥ on a resource
    # manoeuvre)" for a gain that never came. Refused, pointing at the command that makes it.
    seat(db, *PARTY, start=None)
    said = refused(db, "cartes", "test", NAME, "Alice", "Volonté", "--manoeuvre", "resource")
    assert said == (
        "error: a resource manoeuvre is its own draw, Très facile Volonté with a hand card first that refills the pile:"
        " `chronique cartes resource Verdelune Alice` draws it"
    )


def test_a_failed_resource_draw_says_it_gained_nothing_and_made_the_next_harder_Choix_des_manoeuvres_L279() -> None:
    # L279: "S'il échoue le joueur doit faire un nouveau tirage de ressources, la difficulté du
    # tirage est augmentée d'un niveau". The playtester's log read "0 cards into the pile
    # (resource)", while the table said "gains nothing; the next resource draw is one level
    # harder". Alice (Volonté 6) plays her 5♥, then her 8♣ first (♣: one level easier), then 9♠
    # 10♣ Q♦: all above 6.
    world = table(DEALT + ["9S", "10C", "QD"])
    make_test(world, "Alice", TestRequest("Contact"))
    assert not take_resource(world, "Alice", "8C").success
    refill = world.recorded_last("Alice", ev.PileRefilled)
    assert describe(refill) == "nothing into the pile from the resource draw; the next resource draw is one level harder"


def test_a_defence_typed_with_ignored_is_refused_Choix_de_l_actions_L271(db: str) -> None:
    # L271: a character who ignores a hostile action makes no draw; the attacker draws one level
    # easier. `attack --ignored --defence-speciality Épée` was recorded, the speciality silently
    # dropped; a weapon for the defender, who cannot win a draw it does not make, likewise.
    seat(db, *PARTY, start=None)
    said = refused(db, "cartes", "attack", NAME, "Bruno", "Alice", "--ignored", "--defence-speciality", "Épée")
    assert said == "error: a defender who ignores the attack makes no draw and cannot win it: drop `--defence-speciality` or `--ignored`"
    said = refused(db, "cartes", "attack", NAME, "Bruno", "Alice", "--ignored", "--defence", "Contact", "--defender-weapon-bonus", "2")
    assert said == (
        "error: a defender who ignores the attack makes no draw and cannot win it: "
        "drop `--defence`, `--defender-weapon-bonus` or `--ignored`"
    )


def test_a_support_of_one_out_of_combat_is_refused_Tirage_des_soutiens_L289_ruling_C103(db: str) -> None:
    # L289: a support "vise à modifier la difficulté de l'action déjà décrite"; one out of combat
    # (§KO ou OK L361) declares no action until a consciousness draw brings them to. The
    # playtester's Alice drew a power support for the knocked-out Brute, and the card was held.
    seat(db, *PARTY, start=None)
    run(db, "cartes", "wound", NAME, "Brigand", "--damage", "9", "--lethality", "faible")
    said = refused(db, "cartes", "support", NAME, "Alice", "Brigand", "Contact", "--kind", "power")
    assert said == "error: Brigand is out of combat: no action to support until a consciousness draw brings them to"
