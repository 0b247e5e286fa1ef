"""MicroFudge CECJ, eleventh round: a refusal repeats what was typed in words, never a Python repr
(ruling M111); a wreck is rammed no more (ruling M112); a negative card count is named by whose
and which (ruling M113). Seed: ``shared/seeds/000_ddedeb0fd946e2d7.txt`` (Lnnn its lines);
digest: ``shared/rules/microfudge-cecj.md``. The unit tests stack the deck
(tests/microfudge_table.py); the command-line tests run the real app on a real journal."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from microfudge_table import cli, refused, table, topic_of_class
from test_microfudge_fidelity_cli import campaign

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.conflict import Side, draw, start_sequence, take_upper_hand
from chronique.domain.rulesets.microfudge.describe import WORDS as LOG_WORDS
from chronique.domain.rulesets.microfudge.play import TestRequest, first_aid, roll_test, suffer
from chronique.domain.rulesets.microfudge.powers import use_power

MIA = 'name = "Mia"\nstatus = "hero"\n[ranks]\nCombat = 5\nPilotage = 5\n"Médecine" = 4\n'
ZOE = 'name = "Zoe"\nstatus = "hero"\n[ranks]\nCombat = 4\nPilotage = 4\n'
ZOE_SIDE = ("--side", "Zoe:Combat:Mia=4")

# -- 1. a refusal quotes what was typed in typographic marks, never a Python repr (ruling M111) -----

# Each bad input, what was typed of it, and the one line that refuses it, exit 2, nothing recorded.
QUOTED: list[tuple[tuple[str, ...], str, str]] = [
    # «Difficultés» L261-L267
    (
        ("test", "Mines", "Mia", "Combat", "-d", "l'enfer"),
        "l'enfer",
        "“l'enfer” is not a difficulty "
        "(choose one of na, facile, simple, moyenne, difficile, tres-difficile, extreme, impossible or a number)",
    ),
    # «3 – Effets des Revers» L335-L345
    (
        ("test", "Mines", "Mia", "Combat", "--domain", "phisical"),
        "phisical",
        "the kind of action a Revers weighs on is physical, social or vehicle, not “phisical” (L335-L345)",
    ),
    # L283-L291: a field's relatedness
    (("test", "Mines", "Mia", "Combat", "--related", "far"), "far", "relatedness is close, related, distant, not “far”"),
    # L219: a typo of a characteristic on the sheet
    (
        ("test", "Mines", "Mia", "Combbat"),
        "Combbat",
        "“Combbat” is not on the sheet: did you mean Combat? (a characteristic not on the sheet is Faible, L219, "
        "but one a slip of the keyboard away from a listed one is taken for a typo)",
    ),
    (("setback", "Mines", "Mia", "--severity", "1", "--healing", "hourly"), "hourly", "a Revers heals daily, weekly, none, not “hourly”"),
    # «d - Véhicules» L504-L536
    (
        ("setback", "Mines", "Mia", "--severity", "1", "--vehicle", "spaceship"),
        "spaceship",
        "a vehicle is one of motorbike, dirt-bike, sports-car, sedan, luxury-sedan, suv, 4x4, van, truck, not “spaceship”",
    ),
    # L213-L215
    (
        ("atout", "award", "Mines", "Mia", "abc"),
        "abc",
        "the number of Atouts is a whole number, negative to take some back (e.g. 2 or -1), not “abc”",
    ),
    # «4 – Utilisation créative des Atouts» L733-L769
    (
        ("atout", "spend", "Mines", "Mia", "juggling"),
        "juggling",
        "an Atout buys one of save-your-skin, temporary-bonus, counter, reroll, change-one-die, change-one-card, narrative, "
        "monologue, help, take-a-revers, arrive-in-time, not “juggling”",
    ),
    # «Pouvoirs» L564-L645
    (
        ("power", "Mines", "Mia", "telepathy"),
        "telepathy",
        "a power is one of resistance-thermique, guerison-acceleree, animation-suspendue, regeneration, endurance-accrue, "
        "coordination-accrue, controle-mental, assaut-mental, telekinesie, not “telepathy”",
    ),
    # L307-L309: a side's compact form
    (("conflict-card", "Mines", "--side", "Mia", *ZOE_SIDE), "Mia", "a side is NAME:CHARACTERISTIC[:key=value,...], not “Mia”"),
    (("conflict-card", "Mines", "--side", "Mia:Combat:Zoe=5,l'arme", *ZOE_SIDE), "l'arme", "unknown side option “l'arme”"),
    (("conflict-card", "Mines", "--side", "Mia:Combat:Zoe=x", *ZOE_SIDE), "Zoe=x", "“Zoe=x” needs a whole number"),
    (
        ("conflict-card", "Mines", "--side", "Mia:Combat:Zoe=5,change=both", *ZOE_SIDE),
        "both",
        "an Atout changes an attack or a defence card, not “both”",
    ),
    # «b – Armes» L459-L483: range bands of ranged weapons
    (
        ("conflict-card", "Mines", "--side", "Mia:Combat:Zoe=5,range=phaser@10", *ZOE_SIDE),
        "phaser",
        "a ranged weapon is one of pistol, thrown, bow, carbine, rifle, heavy, spaceship, not “phaser”",
    ),
    # A band is a weapon's at a distance: "range=pistol" read "“range=pistol” needs a whole number".
    (
        ("conflict-card", "Mines", "--side", "Mia:Combat:Zoe=5,range=pistol", *ZOE_SIDE),
        "range=pistol",
        "range takes the weapon and the distance (range=WEAPON@METRES), not “range=pistol”",
    ),
    # «d - Véhicules» L528-L534: the eras
    (
        ("conflict-card", "Mines", "--side", "Mia:Pilotage:chase,vehicle=sedan,vehicle-era=jurassic", "--side", "Zoe:Pilotage:chase"),
        "jurassic",
        "an era is one of ancient, modern, future, not “jurassic”",
    ),
]


def test_a_refusal_quotes_what_was_typed_in_typographic_marks_never_a_python_repr_ruling_M111(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Mines", MIA, ZOE)
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Zoe")
    for command, typed, line in QUOTED:
        said = refused(db, "Mines", "microfudge", *command)
        # Python's repr put 'spaceship' in single marks, and "l'enfer" in double ones.
        assert repr(typed) not in said and f"“{typed}”" in said, said
        assert said == f"error: {line}", command


def test_a_long_input_is_cut_in_its_quotation_marks_as_every_refusal_cuts_a_name_ruling_M111(db: str, tmp_path: Path) -> None:
    # The kind of a Revers (L335-L345) typed at length: cut at 80 characters, as a name is (EB3),
    # within the marks.
    campaign(db, tmp_path, "Mines", MIA, ZOE)
    said = refused(db, "Mines", "microfudge", "test", "Mines", "Mia", "Combat", "--domain", "x" * 200)
    assert said == f"error: the kind of action a Revers weighs on is physical, social or vehicle, not “{'x' * 79}…” (L335-L345)"


# -- 2. a wreck is rammed no more (L429; ruling M112) ----------------------------------------------

DRIVER = {"name": "D", "status": "hero", "ranks": {"Pilotage": 5, "Combat": 5}}
RUNNER = {"name": "R", "status": "hero", "ranks": {"Pilotage": 4, "Combat": 4}}


def test_a_wrecked_vehicle_named_as_a_ram_s_target_is_refused_Concours_de_demolition_L429() -> None:
    # L429: "un Revers décisif transforme le véhicule touché en épave". D's sedan (Pilotage 5,
    # Robustesse +1) draws six cards, three even: a Décisif on R's truck. Then, in a new Sequence,
    # D rams R who fights on foot beside the wreck: it was dealt a second Décisif.
    world = table(sheets=[DRIVER, RUNNER], stacks=[["2C", "4C", "6C", "3C", "5C", "7C", "3D", "5D", "7D"]])
    start_sequence(world, ["D", "R"])
    draw(world, [Side("D", "Pilotage", manoeuvre="ram", vehicle="sedan"), Side("R", "Pilotage", manoeuvre="chase", vehicle="truck")])
    start_sequence(world, ["D", "R"])
    before = len(world.pending())
    with pytest.raises(RuleViolation, match=r"^R's truck is a wreck \(L429\): it is rammed no more$"):
        draw(world, [Side("D", "Pilotage", manoeuvre="ram", vehicle="sedan"), Side("R", "Combat", {"D": 4}, vehicle="Truck")])
    assert len(world.pending()) == before
    # Another vehicle of R's is rammed as before: only the wreck is refused.
    rammed = draw(world, [Side("D", "Pilotage", manoeuvre="ram", vehicle="sedan"), Side("R", "Combat", {"D": 4}, vehicle="van")])
    assert rammed.sides["R"]["vehicle"] == "van"


# -- 3. a negative card count says whose and which (L309; ruling M113) -----------------------------


def test_a_negative_card_count_names_the_side_and_the_count_L309(db: str, tmp_path: Path) -> None:
    # L309: a participant splits its cards between attacks and defence; "card counts are not
    # negative" named neither the side nor the count.
    campaign(db, tmp_path, "Mines", MIA, ZOE)
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Zoe")
    said = refused(db, "Mines", "microfudge", "conflict-card", "Mines", "--side", "Mia:Combat:Zoe=3,def=-2,cover=-1", *ZOE_SIDE)
    assert said == "error: card counts are not negative: Mia's defence is −2 and Mia's cover is −1 (L309)"
    said = refused(db, "Mines", "microfudge", "conflict-card", "Mines", "--side", "Mia:Combat:Zoe=5", "--side", "Zoe:Combat:Mia=-1,def=5")
    assert said == "error: card counts are not negative: Zoe's attack on Mia is −1 (L309)"


# -- 4. a chase's ground is never said of a ram's damage beside it (L427, L429; ruling M114) --------

# Zoe's draw as recorded when she chased in her van and Mia rammed it (L427-L429): her chase
# gained a Revers sérieux of ground on Mia, Mia's ram wrecked the van.
ZOE_CHASED_MIA_RAMMED = {
    "draw": 1,
    "sequence": 1,
    "characteristic": "Pilotage",
    "rank": 4,
    "used_rank": 4,
    "relatedness": "close",
    "penalty": 0,
    "modifiers": {"vehicle": 0},
    "pool": 4,
    "potentiel": 0,
    "fatigue_lost": 0,
    "banked": 0,
    "upper_hand": 0,
    "declared": {"domain": "physical", "manoeuvre": "chase"},
    "domains": {"Mia": "physical", "Zoe": "physical"},
    "manoeuvres": {"Mia": "ram", "Zoe": "chase"},
    "vehicles": {"Mia": "sedan", "Zoe": "van"},
    "hazardous": True,
    "inflicted": {"Mia": 2},
    "received": {"Mia": 3},
}


def test_a_chase_s_ground_is_said_of_its_own_revers_not_of_a_ram_s_damage_beside_it_Poursuites_L427_L429() -> None:
    # L427: a chase's Revers are ground; L429: a ram's are damage to the vehicle. The line said
    # "a Revers sérieux on Mia and a Revers décisif on their vehicle from Mia's ram (ground gained
    # or lost in the chase, not wounds)", the wreck read as ground.
    said = LOG_WORDS[topic_of_class(ev.ConflictCardsDrawn)](SimpleNamespace(**ZOE_CHASED_MIA_RAMMED))
    ground = "a Revers sérieux on Mia (ground gained or lost in the chase, not wounds)"
    assert said.endswith(f" — {ground} and a Revers décisif on their vehicle from Mia's ram"), said
    # A line of a chase's Revers only says it once, after them all, as before (ruling M69).
    alone = LOG_WORDS[topic_of_class(ev.ConflictCardsDrawn)](SimpleNamespace(**ZOE_CHASED_MIA_RAMMED | {"received": {"Mia": 0}}))
    assert alone.endswith(f" — {ground}"), alone


# -- 5. the upper hand is taken once a draw, and said so (L329; ruling M115) -----------------------

A = {"name": "A", "status": "hero", "ranks": {"Combat": 5}}
B = {"name": "B", "status": "hero", "ranks": {"Combat": 4}}


def test_taking_the_upper_hand_twice_says_it_was_taken_not_that_nothing_was_inflicted_Prendre_l_ascendant_L329() -> None:
    # Draw 1: A 2 4 3 5 (2 successes) on B, defence 3; B 5 7 9 AD (none). A forgoes its Revers
    # sérieux for 4 cards; asked again, it was told "A inflicted no Revers in the last draw".
    world = table(sheets=[A, B], stacks=[["2C", "4C", "3C", "5C", "3D", "5D", "7D", "9D", "AD"]])
    start_sequence(world, ["A", "B"])
    draw(world, [Side("A", "Combat", defence=1), Side("B", "Combat")])
    take_upper_hand(world, "A")
    before = len(world.pending())
    said = (
        "A has already forgone the Revers of draw 1 for the upper hand (4 extra cards in the next draw): there is nothing to forgo (L329)"
    )
    with pytest.raises(RuleViolation) as refused_again:
        take_upper_hand(world, "A")
    assert str(refused_again.value) == said
    assert len(world.pending()) == before


# -- 6. first aid tends wounds, not a social Revers (L335, L357-L359; ruling M116) -----------------


def test_first_aid_on_a_social_revers_is_refused_without_a_die_rolled_Premiers_soins_L357_L359_Effets_des_Revers_L335() -> None:
    # L335: a social Revers is a tarnished reputation; L357-L359: first aid is a Médecine Test on a
    # wound. Mia's Médecine Test was once rolled on Zoe's social Revers and said she "tends" it.
    # Four dice of 0: Mia's Médecine Moyen (4) against Moyenne (4) stabilizes a Blessure.
    mia = {"name": "Mia", "status": "hero", "ranks": {"Médecine": 4}}
    world = table(0, 0, 0, 0, sheets=[mia, {"name": "Zoe", "status": "hero", "ranks": {"Combat": 4}}])
    suffer(world, "Zoe", 2, "sociale", "none", "a slur")
    before = len(world.pending())
    with pytest.raises(RuleViolation) as refused_aid:
        first_aid(world, "Zoe", "Mia", 1)
    assert str(refused_aid.value) == "Revers 1 is Zoe's social Revers (L335): first aid tends wounds (L357-L359), not social ones"
    assert len(world.pending()) == before
    # A wound beside it is tended as before, with the four dice the refusal left unrolled.
    suffer(world, "Zoe", 1, "physical", "daily", "a slap")
    assert first_aid(world, "Zoe", "Mia", 2)


def test_first_aid_on_a_social_revers_is_refused_through_the_cli_L357_L359(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Mines", MIA, ZOE)
    cli(db, "microfudge", "setback", "Mines", "Zoe", "--severity", "1", "--domain", "social")
    said = refused(db, "Mines", "microfudge", "first-aid", "Mines", "Zoe", "--healer", "Mia", "--setback", "1")
    assert said == "error: Revers 1 is Zoe's social Revers (L335): first aid tends wounds (L357-L359), not social ones"


# -- 7. a vehicle's damage on the Narrator's weekly clock is no deep wound (L341, L429, L621; M116) --

PSY = {"name": "Psy", "status": "expert", "ranks": {"Conscience": 5, "Pilotage": 4}}


def test_a_vehicle_s_damage_on_a_weekly_clock_weighs_on_driving_only_Effets_des_Revers_L341_L429() -> None:
    # L341: a deep wound (a week a card) weighs in principle on every action; the Narrator may put
    # a vehicle's damage on that clock (M92), which made a dented sedan take 2 off a Conscience Test.
    # Four dice of 0: Conscience Bon (5), no Revers of its own, against Moyenne (4).
    world = table(0, 0, 0, 0, 0, 0, 0, 0, sheets=[PSY])
    suffer(world, "Psy", 2, "vehicle", "weekly", "a crash", vehicle="sedan")
    rolled = roll_test(world, "Psy", TestRequest("Conscience", 4))
    assert rolled.final == 5 and rolled.success
    (recorded,) = [e for e in world.character("Psy").pending_events if isinstance(e, ev.TestRolled)]
    assert recorded.penalty == 0
    # A wound on the same clock still weighs on it (L341).
    suffer(world, "Psy", 1, "physical", "weekly", "a knife")
    assert roll_test(world, "Psy", TestRequest("Conscience", 4)).final == 4


def test_a_healing_power_heals_no_vehicle_s_damage_even_on_a_weekly_clock_Conscience_L621_L627_L635() -> None:
    # L621: "les pouvoirs de l'esprit sur le corps"; Guérison accélérée was once rolled to heal a
    # sedan's damage the Narrator had put on the weekly clock.
    world = table(sheets=[PSY])  # no die is rolled
    suffer(world, "Psy", 2, "vehicle", "weekly", "a crash", vehicle="sedan")
    before = len(world.pending())
    for power, name in (("guerison-acceleree", "Guérison accélérée"), ("regeneration", "Régénération")):
        with pytest.raises(RuleViolation) as refused_power:
            use_power(world, "Psy", power, setback_id=1)
        assert str(refused_power.value) == f"Revers 1 is damage to Psy's sedan (L429): {name} heals the body (L621)"
    assert len(world.pending()) == before


def test_a_line_break_typed_in_an_atout_count_is_refused_in_one_line_as_every_word_is_Experience_L213(db: str, tmp_path: Path) -> None:
    # COUNT is read before the command's words are checked (issue 18); quoted as typed, a line break
    # once split its refusal in two lines. It is refused in the words every command's text is.
    campaign(db, tmp_path, "Mines", MIA, ZOE)
    said = refused(db, "Mines", "microfudge", "atout", "award", "Mines", "Mia", "1\n2")
    assert said == "error: the number of Atouts may hold only printable characters, not a line break"  # named in words (ruling EB22)
