"""Cartes after the second playtest: a recovery draw is said as the rules counted it, with no ♠ +3
of a power manoeuvre (§Épuisement de la pioche L235, ruling C11); resource and recovery draws take
the wound maluses and the post-KO malus (ruling C79); nobody tends their own wounds (§Médecine
L465, ruling C80); and every command prints and records the sheet's spelling of a name, a skill or
a characteristic, whatever case or accents were typed. The unit tests stack the deck
(tests/cartes_table.py); the command-line tests run the real app on a real journal of each backend.
Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import pytest
from cartes_cli import NAME, PARTY, recorded, refused, seat
from cartes_table import DEALT, describe, empty_alices_pile, last_test, table
from support import run

from chronique.cli.cartes import drawn, refilled
from chronique.cli.render import describe_test
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.advancement import spend
from chronique.domain.rulesets.cartes.combat import consciousness, suffer_wound
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test, recover, take_resource

# -- 1. a recovery is no power manoeuvre (§Épuisement de la pioche L235, ruling C11) ----------------


def test_a_recovery_won_by_a_spade_says_no_plus_three_Epuisement_de_la_pioche_L235_ruling_C11() -> None:
    # Très facile Carrure 8, the 2♥ from the hand, then 4♠ K♣ from the deck: the 4♠ wins. Before,
    # the line read "quality 4 +3 (♠ on a power manoeuvre)" and the pile gained 4: the +3 was said,
    # never counted. The resource draw after it counts its ♥ +3 and says it (§Bonus de couleur L321).
    world = table([*DEALT, "4S", "KC", "3D", "6D", "7D", "9D", "5H", "KH", "QH", "QD", "JD", "10C"])
    empty_alices_pile(world)
    outcome = recover(world, "Alice", "2H")
    assert (outcome.retained, outcome.quality, outcome.suit_bonus) == ("4S", 4, 0)
    assert describe_test(outcome) == "target 8, -2 très facile: 2♥ 4♠ K♣ → success, quality 4"
    assert describe(last_test(world, "Alice")) == (
        "Carrure against 8 at -2 (très facile): 2♥ 4♠ K♣ → success, quality 4, 2♥ from the hand played first"
    )
    assert refilled(world, "Alice") == "Alice's pile gains 4 cards (now 4 of 7); the next recovery draw is one level harder"
    # Très facile Volonté 6, the 8♣ first (♣: one more facility level), then 5♥ K♥ Q♥: 5 +3 (♥).
    resource = take_resource(world, "Alice", "8C")
    assert (
        describe_test(resource) == "target 6, asked -2 très facile, ♣ → -3: 8♣ 5♥ K♥ Q♥ → success, quality 5 +3 (♥ on a resource manoeuvre)"
    )
    assert refilled(world, "Alice") == "Alice's pile gains 3 cards (now 7 of 7)"


def test_a_recovery_on_the_command_line_never_says_a_power_manoeuvre_and_verifies_Epuisement_de_la_pioche_L235(db: str) -> None:
    seat(db, *PARTY, start=None)
    empty_pile(db, "Alice")
    out = run(db, "cartes", "recover", NAME, "Alice").stdout
    first, pile = out.splitlines()
    assert first.startswith("Alice draws Carrure: target 8, ") and "manoeuvre" not in first
    assert pile.startswith("Alice's pile gains ")
    logged = [line for line in run(db, "log", NAME).stdout.splitlines() if "Carrure against 8 at " in line]
    assert logged and not any("manoeuvre" in line for line in logged)
    run(db, "session", "end", NAME)
    assert "OK:" in run(db, "verify", NAME).stdout  # the test recorded is the draw as replayed


def empty_pile(db: str, name: str) -> None:
    """Moyenne Contact tests from the pile until it is empty: each spends one pile card, so seven
    or fewer (a test refused for an empty pile records nothing)."""
    for _ in range(7):
        test = run(db, "cartes", "test", NAME, name, "Contact", check=False)
        if test.returncode:
            break
    assert run(db, "cartes", "test", NAME, name, "Contact", check=False).stderr == (
        f"error: {name}'s pile is empty: `chronique cartes recover Verdelune {name}` makes a recovery draw first\n"
    )


# -- 2. resource and recovery draws take the wound and post-KO maluses (ruling C79) -----------------


def test_resource_and_recovery_draws_take_the_post_ko_malus_Tirage_de_conscience_L373_ruling_C79() -> None:
    # Volonté 6: a hit of 7 is over KO, out of combat; the 3♥ brings Alice to with −7 (L373). Before,
    # the resource draw read "target 3 (Volonté 6, markers -3)" beside a test's "wound malus -8".
    world = table([*DEALT, "3H", "4S", "5D"])
    empty_alices_pile(world)
    suffer_wound(world, "Alice", 7, "nulle", "a club")
    assert consciousness(world, "Alice").success
    # Volonté 6 − 7 is −1, which no card meets: the resource draw is refused before its 2♥ is
    # spent (ruling C105), and says the malus it takes.
    with pytest.raises(RuleViolation) as refusal:
        take_resource(world, "Alice", "2H")
    assert str(refusal.value) == (
        "Alice's resource draw would be against -1 (Volonté 6, malus after a knock-out -7), which no card can meet: "
        "2♥ from the hand would be spent on a certain failure"
    )
    assert "2H" in world.character("Alice").condition["hand"]
    assert not recover(world, "Alice", "KD").success  # K♦ 4♠ 5♦, none under 8 − 7
    recovery = last_test(world, "Alice")
    assert (recovery.basis["wound_malus"], recovery.basis["ko_malus"]) == (0, -7)  # said apart (ruling C147)
    assert describe(recovery) == (
        "Carrure against 1 (Carrure 8, malus after a knock-out -7) at -2 (très facile): K♦ 4♠ 5♦ → failure, K♦ from the hand played first"
    )
    assert drawn(world, "Alice").made_of == " (Carrure 8, malus after a knock-out -7)"  # the table's line says it alike
    assert refilled(world, "Alice") == "Alice's pile gains nothing; the next recovery draw is one level harder"


# -- 3. nobody tends their own wounds (§Médecine L465, ruling C80) ----------------------------------


def test_a_character_cannot_tend_itself_Medecine_L465_ruling_C80(db: str) -> None:
    seat(db, *PARTY, start=None)
    line = "error: a character cannot tend itself: Médecine care supports another's survival draws"
    assert refused(db, "cartes", "care", NAME, "Alice", "--healer", "Alice") == line
    assert refused(db, "cartes", "care", NAME, "alice", "--healer", "ALICE", "--means", "hospital") == line
    run(db, "cartes", "wound", NAME, "Alice", "--damage", "2", "--lethality", "nulle")  # care tends a wound (C106)
    assert run(db, "cartes", "care", NAME, "Alice", "--healer", "Bruno").stdout == (
        "Bruno tends Alice (Premiers soins avec un équipement léger)\n"
    )


# -- 4. the sheet's spelling, whatever was typed ---------------------------------------------------


def test_every_command_typed_in_lower_case_prints_and_logs_the_sheets_spelling(db: str) -> None:
    seat(db, *PARTY, start=None)
    said = {
        "test": run(db, "cartes", "test", NAME, "alice", "contact", "--from", "deck").stdout,
        "oppose": run(db, "cartes", "oppose", NAME, "alice", "discretion", "bruno", "vigilance").stdout,
        "spot": run(db, "cartes", "spot", NAME, "alice", "bruno", "--distance", "10").stdout,
        "support": run(db, "cartes", "support", NAME, "bruno", "alice", "medecine").stdout,
        "draw": run(db, "cartes", "draw", NAME, "--for", "alice").stdout,
        "resource": run(db, "cartes", "resource", NAME, "alice").stdout,
    }
    empty_pile(db, "Alice")
    said["recover"] = run(db, "cartes", "recover", NAME, "alice").stdout
    said["award"] = run(db, "cartes", "xp", "award", NAME, "alice", "4").stdout
    said["spend"] = run(db, "cartes", "xp", "spend", NAME, "alice", "speciality", "distance", "--speciality", "Fronde").stdout
    # From the deck: a recovery that failed (three cards over Carrure 8, about one in eighteen)
    # leaves the pile empty, and the attack's words are what is checked here.
    said["attack"] = run(db, "cartes", "attack", NAME, "alice", "bruno", "--attacker-from", "deck").stdout
    said["wound"] = run(db, "cartes", "wound", NAME, "bruno", "--damage", "2", "--lethality", "nulle").stdout
    said["care"] = run(db, "cartes", "care", NAME, "bruno", "--healer", "alice").stdout  # Bruno's wound (C106)
    assert said["test"].startswith("Alice draws Contact: ")
    assert said["oppose"].startswith("Alice (Discrétion): ") and "\nBruno (Vigilance): " in said["oppose"]
    assert said["spot"].startswith("Alice (Discrétion): ")
    assert said["support"].startswith("Bruno draws Médecine: ")
    assert said["resource"].startswith("Alice draws Volonté: ") and "\nAlice's pile gains " in said["resource"]
    assert said["recover"].startswith("Alice draws Carrure: ") and "\nAlice's pile gains " in said["recover"]
    assert said["award"].startswith("Alice gains 4 hand cards: ")
    assert said["spend"].startswith("Alice spends ") and said["spend"].endswith(" on a speciality: Fronde, the 1st of Distance\n")  # C95
    assert said["attack"].startswith("Alice (Contact): ") and "\nBruno (Contact): " in said["attack"]
    # Volonté 6: a hit of 2 is under OK 3, whatever Bruno's wounds (Carrure 6 holds three Nulle).
    assert said["wound"].startswith("Bruno takes a wound of 2, lethality ")
    assert said["care"] == "Alice tends Bruno (Premiers soins avec un équipement léger)\n"
    typed = ("alice", "bruno", "contact", "discretion", "vigilance", "medecine", "distance")
    assert [(command, word) for command, out in said.items() for word in typed if word in out] == []
    assert refused(db, "cartes", "cure", NAME, "alice") == "error: Alice carries no lasting malus"
    events = recorded(db)
    spelled = {key: {str(e[key]) for e in events if key in e} for key in ("to", "healer", "opponent", "supporter", "skill", "name")}
    assert [(key, value) for key, values in spelled.items() for value in values for word in typed if word in value] == []
    # The game's own purposes are kept apart from a player's reason (ruling C82): no reason was given.
    assert {e["purpose"] for e in events if e["topic"].endswith(":TestMade") and e["game_purpose"]} == {""}
    purposes = {e["game_purpose"] for e in events if e["topic"].endswith(":TestMade")}
    assert {
        "attack on Bruno",
        "defence against Alice",
        "against Bruno",
        "against Alice",
        "hiding from Bruno",
        "support of Alice",
        "resource draw",
        "recovery draw",
    } <= purposes
    watched = {e["game_purpose"] for e in events if e["topic"].endswith(":TestMade") and e["skill"] in ("Vigilance", "Sens")}
    assert "watching for Alice" in watched
    # The deck's own log: the passive test's first card, drawn for Alice by her sheet's spelling.
    drawn_for = [(e["to"], e["purpose"]) for e in events if e["topic"].endswith(":Deck.CardsDrawn")]
    assert ("Alice", "passive Contact test") in drawn_for  # ruling C120: one level of brackets
    assert [e["name"] for e in events if e["topic"].endswith(":ExperienceSpent")] == ["Distance"]
    assert [e["healer"] for e in events if e["topic"].endswith(":CareArranged")] == ["Alice"]
    log = run(db, "log", NAME, "--gm").stdout
    assert [word for word in typed if word in log] == []


def test_a_skill_bought_in_lower_case_and_without_accents_is_recorded_as_the_sheet_spells_it_Experience_L536() -> None:
    # Before, "athletisme" was refused as "neither on Alice's sheet nor in the skill catalogue",
    # and a speciality for "distance" as "Alice has no skill 'distance'".
    world = table(DEALT)
    make_test(world, "Alice", TestRequest("Contact"))  # deals the hand: K♦ 8♣ 2♥
    assert spend(world, "alice", "skill", "athletisme", "", (), "") == ["8C"]  # 6 → 7: one card of 7 or more
    assert spend(world, "ALICE", "speciality", "distance", "Fronde", ("KD", "2H"), "") == ["KD", "2H"]  # the first: 2 cards
    bought = [(e.purchase, e.name, e.speciality) for e in world.character("Alice").pending_events if isinstance(e, ev.ExperienceSpent)]
    assert bought == [("skill", "Athlétisme", ""), ("speciality", "Distance", "Fronde")]
