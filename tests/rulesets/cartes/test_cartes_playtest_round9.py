"""Cartes, ninth round: a rule the command line held moves into the domain, and refusals quote
what was typed in words, never a Python repr. The unit tests stack the deck
(tests/cartes_table.py); the command-line tests run the real app on a real journal of each backend.
Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import pytest
from cartes_cli import NAME, of, refused, seat
from cartes_table import BRIGAND, DEALT, downtime, empty_alices_pile, table
from support import run

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import MINUTE
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes.combat import attack, consciousness, suffer_wound
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test, take_resource
from chronique.domain.rulesets.cartes.table import end_scene
from chronique.domain.rulesets.cartes.view import sheet_view
from chronique.domain.timeline import advance
from chronique.domain.world import World

# -- 1. a test called a resource manoeuvre is refused by the rules, not the command line --------------


def test_the_rules_refuse_a_test_called_a_resource_manoeuvre_before_anything_is_dealt_Choix_des_manoeuvres_L279() -> None:
    # L279: a resource manoeuvre is "un tirage de volonté très facile qui doit nécessairement se
    # faire avec une carte de la main" that refills the pile: the resource draw's own rule
    # (take_resource). A test merely named so would do none of it; the domain refuses it, so any
    # caller (the web, the shell, a script) is refused as the command line is.
    world = table(DEALT)
    before = world.character("Alice").version
    with pytest.raises(RuleViolation) as refused:
        make_test(world, "Alice", TestRequest("Volonté", manoeuvre="resource"))
    assert str(refused.value) == (
        "a resource manoeuvre is its own draw, Très facile Volonté with a hand card first that refills the pile:"
        " `chronique cartes resource Table Alice` draws it"
    )
    assert world.character("Alice").version == before and not world.character("Alice").condition["dealt"]
    # The resource draw itself is the game's resource manoeuvre, and is made.
    make_test(world, "Alice", TestRequest("Contact"))  # 5♥ from the pile, so there is room in it
    assert take_resource(world, "Alice", "2H").manoeuvre == "resource"


def test_a_manoeuvre_is_read_by_the_rules_in_english_or_french_Choix_des_manoeuvres_L277(db: str) -> None:
    # The command line kept its own list of manoeuvres beside the rules' reading (which takes the
    # seed's French names): `--manoeuvre tactique` was refused. The rules read it now.
    seat(db)
    run(db, "cartes", "test", NAME, "Alice", "Contact", "--manoeuvre", "Tactique")
    (test,) = of(db, "TestMade", "Alice")
    assert test["manoeuvre"] == "tactics"
    assert refused(db, "cartes", "test", NAME, "Alice", "Volonté", "--manoeuvre", "ressource") == (
        "error: a resource manoeuvre is its own draw, Très facile Volonté with a hand card first that refills the pile:"
        " `chronique cartes resource Verdelune Alice` draws it"
    )


# -- 2. a refusal repeats what was typed in words, never a Python repr (ruling C109) --------------

QUOTED = [
    (("test", NAME, "Alice", "Contact", "--manoeuvre", "magic"), "error: unknown manoeuvre “magic” (power, tactics or resource)"),
    (("test", NAME, "Alice", "Contact", "--from", "grave"), "error: `--from` takes `pile`, `deck` or `hand:<card>`, not “grave”"),
    # Python's repr turned to double marks around a name holding an apostrophe: "l'Épée".
    (("test", NAME, "Alice", "Contact", "--speciality", "l'Épée"), "error: Alice has no speciality “l'Épée” (the sheet's: Épée, Ombres)"),
    (
        ("test", NAME, "Alice", "Contact", "-d", "nightmare"),
        "error: unknown difficulty “nightmare” (one of tres-facile, facile, moyenne, difficile, tres-difficile or a signed integer)",
    ),
    (
        ("wound", NAME, "Alice", "--damage", "3", "--lethality", "mortal"),
        "error: unknown lethality “mortal” (one of Nulle, Faible, Moyenne, Forte, Énorme)",
    ),
    (
        ("xp", "spend", NAME, "Alice", "juggling", "Contact"),
        "error: one buys a skill, speciality, characteristic or pile-max, not “juggling”",
    ),
    (("xp", "spend", NAME, "Alice", "skill", "Piano"), "error: “Piano” is neither on Alice's sheet nor in the skill catalogue"),
    (
        ("xp", "spend", NAME, "Alice", "characteristic", "Force"),
        "error: unknown characteristic “Force” (one of Carrure, Rapidité, Sens, Volonté, Intellect, Équilibre)",
    ),
]


@pytest.mark.parametrize(("command", "line"), QUOTED, ids=[" ".join(c[:1] + c[3:]) for c, _ in QUOTED])
def test_a_refusal_quotes_what_was_typed_in_typographic_marks_never_a_python_repr_ruling_C109(
    db: str, command: tuple[str, ...], line: str
) -> None:
    seat(db)
    assert refused(db, "cartes", *command) == line


def test_care_by_unknown_means_quotes_the_means_typed_Medecine_L475_ruling_C109(db: str) -> None:
    seat(db)
    run(db, "cartes", "wound", NAME, "Alice", "--damage", "5", "--lethality", "forte")
    line = refused(db, "cartes", "care", NAME, "Alice", "--healer", "Bruno", "--means", "herbs")
    assert line.startswith("error: unknown medical means “herbs” (one of ")


# -- 3. the sheet says what its wound malus adds up from (§Tirage de conscience L373; A10, A16) -----


def _rows(world: World, name: str, gm: bool = False) -> dict[str, str]:
    """The rows of ``name``'s sheet, by their label, as a player (or the GM) reads them."""
    character = world.character(name)
    return {row[0]: row[1] for section in sheet_view(world, character, gm=gm).sections for group in section.groups for row in group.rows}


def test_the_sheet_says_a_knock_outs_malus_is_the_damage_card_until_the_scene_ends_Tirage_de_conscience_L373() -> None:
    # Volonté 6: a hit of 8 is over KO; the A♠ brings Alice to with the damage card as a malus.
    # The sheet read "wound malus: -8" and nothing else: no wound, no lasting malus to show for it.
    world = table([*DEALT, "AS"])
    suffer_wound(world, "Alice", 8, "nulle", "a club")
    consciousness(world, "Alice")
    rows = _rows(world, "Alice")
    # Ruling C152: "wound malus" is the wounds' own, the knock-out's on its own row (it read "-8").
    assert (rows["wound malus"], rows["malus after a knock-out"]) == ("none", "-8 (the damage card) until the scene ends")
    end_scene(world)
    assert "malus after a knock-out" not in _rows(world, "Alice")


def test_the_sheet_says_a_worsened_wounds_card_counts_as_a_malus_while_it_lasts_Tirages_de_survie_L447_A10() -> None:
    # Carrure 8, a Forte wound of 5: Difficile needs both cards ≤ 8; 7♥ 9♥ fails and the wound
    # moves to Énorme, "le montant de la carte vaut comme malus" (L447).
    world = table(["7H", "9H"])
    suffer_wound(world, "Alice", 5, "forte", "axe")
    downtime(world)
    advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + 10 * MINUTE)
    rows = _rows(world, "Alice")
    assert (rows["wound malus"], rows["malus of worsened wound 1"]) == ("-5", "-5 while it lasts")


# -- 4. means of care without a healer are refused, never read as "stop the care" (ruling C110) ----


def test_means_of_care_without_a_healer_are_refused_and_the_order_stands_Medecine_L475_ruling_C110(db: str) -> None:
    # `cartes care` without --healer stops the care. A GM moving Alice to a hospital typed
    # `cartes care Verdelune Alice --means hospital`, forgot the healer, and Bruno's order was
    # stopped ("nobody tends Alice now"), the means ignored.
    seat(db)
    run(db, "cartes", "wound", NAME, "Alice", "--damage", "5", "--lethality", "forte")
    assert (
        run(db, "cartes", "care", NAME, "Alice", "--healer", "Bruno").stdout
        == "Bruno tends Alice (Premiers soins avec un équipement léger)\n"
    )
    line = refused(db, "cartes", "care", NAME, "Alice", "--means", "hospital")
    assert line == "error: care by Hôpital en dur needs a healer (`--healer`); without one, care stops"
    assert "tended by: Bruno (Premiers soins avec un équipement léger)" in run(db, "sheet", NAME, "Alice").stdout
    assert refused(db, "cartes", "care", NAME, "Alice", "--means", "herbs").startswith("error: unknown medical means “herbs” (one of ")
    assert run(db, "cartes", "care", NAME, "Alice").stdout == "nobody tends Alice now\n"


# -- 5. cards options typed empty are refused, never read as "none chosen" (ruling C111) ----------


def test_an_empty_cards_option_is_refused_and_spends_nothing_Experience_L536_Ressources_en_cartes_L199(db: str) -> None:
    # `xp spend … --cards ""` (a script's empty variable) paid with the cheapest cards of the hand,
    # which the player never chose; `test … --hand-cards ",,"` drew as if none were offered.
    seat(db)
    run(db, "cartes", "xp", "award", NAME, "Alice", "2")  # deals the hand (ruling C35)
    assert refused(db, "cartes", "xp", "spend", NAME, "Alice", "skill", "Vigilance", "--cards", "") == (
        "error: `--cards` needs a card, e.g. `--cards KD,9C`"
    )
    assert refused(db, "cartes", "test", NAME, "Alice", "Contact", "--hand-cards", ",,") == (
        "error: `--hand-cards` needs a card, e.g. `--hand-cards 9H,5S`"
    )


# -- 6. a draw from the pile between sessions is refused naming whose, and no option it lacks -------


def test_an_attack_between_sessions_is_refused_without_naming_an_option_it_lacks_Distribution_des_cartes_L84_Ressources_L203() -> None:
    # Hands and piles are dealt for a session and gathered at its end (L84-90, L203). Alice's
    # defence between sessions was refused "…; use --from deck", an option `cartes attack` lacks
    # (its are --attacker-from and --defender-from), and without saying whose pile it was.
    world = table(sheets=["alice", BRIGAND], session=False)
    with pytest.raises(RuleViolation) as refused_:
        attack(world, "Brigand", "Alice", TestRequest("Contact"), TestRequest("Contact"), 0, "moyenne")
    assert str(refused_.value) == (
        "Alice's pile and hand are only dealt during a session: between sessions, draw from the general deck instead"
    )


def test_an_empty_pile_reads_empty_not_zero_cards_face_down_Piles_Epuisement_de_la_pioche_L233() -> None:
    # Seven tests empty Alice's stacked pile (§Épuisement de la pioche L233): the player's sheet
    # read "pile: 0 cards face down (at most 7)", the GM's "pile: — (at most 7)".
    world = table(DEALT)
    empty_alices_pile(world)
    assert [_rows(world, "Alice", gm)["pile"] for gm in (False, True)] == ["empty (at most 7)"] * 2
