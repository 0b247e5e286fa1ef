"""The MicroFudge CECJ play-test's tenth round, through the real command line over a real journal
(both backends): vehicles in a fight and in a chase, and who helps whom in a draw
(``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn its lines; digest ``shared/rules/microfudge-cecj.md``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from microfudge_table import refused
from test_microfudge_critical_state import scripted
from test_microfudge_fidelity_cli import campaign, cli, log

MIA = 'name = "Mia"\nstatus = "hero"\n[ranks]\nCombat = 5\nPilotage = 5\n'
ZOE = 'name = "Zoe"\nstatus = "hero"\n[ranks]\nCombat = 4\nPilotage = 4\n'
GHOUL = 'name = "Ghoul"\nnpc = true\nstatus = "average"\n[ranks]\nCombat = 3\nPilotage = 3\n'


def _drawn(db: str, campaign_name: str) -> list[dict[str, object]]:
    """Every card drawn from the campaign's decks."""
    return log(db, campaign_name, "Deck.CardsDrawn")


# -- 1. A vehicle in a plain fight (L427-L431; rulings M99, M104) ----------------------------------------


def test_a_vehicle_in_a_plain_fight_is_refused_not_ignored_Modificateurs_L427_L431(db: str, tmp_path: Path) -> None:
    # L427-L429: a vehicle adds its Vitesse to a chase, its Robustesse to a ram; in a fight it
    # counts only as the Narrator's option of L431 (its Robustesse shields those inside), off
    # here. "vehicle=sedan" in a fight once drew as if unsaid.
    campaign(db, tmp_path, "Mines", MIA, GHOUL)
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Ghoul")
    said = refused(
        db, "Mines", "microfudge", "conflict-card", "Mines", "--side", "Mia:Combat:Ghoul=5,vehicle=sedan", "--side", "Ghoul:Combat:Mia=3"
    )
    assert said == (
        "error: Mia's vehicle counts in a chase, a ram or when rammed (L427-L429), in a fight only if the campaign's "
        "setting 'A vehicle shields its occupants' (vehicle_armour) is on (L431)"
    )
    assert not [d for d in _drawn(db, "Mines") if str(d["purpose"]).startswith("Sequence 1 draw")]


def test_a_vehicle_in_a_fight_shields_its_occupants_once_the_option_is_on_L431(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", MIA, GHOUL)
    cli(db, "campaign", "set", "Mines", "vehicle_armour", "on")
    # Mia's five attack cards, all odd; the sedan's one Robustesse card in defence (L431, «d -
    # Véhicules»: Berline familiale, Robustesse +1), even, a success; the Ghoul's three, one even:
    # its one success is cancelled by the sedan's, where it would have dealt Mia a Revers.
    scripted(monkeypatch, stacks=[["3C", "5C", "7C", "9C", "3D", "2D", "4H", "7D", "9D"]])
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Ghoul")
    out = cli(db, "microfudge", "conflict-card", "Mines", "--side", "Mia:Combat:Ghoul=5,vehicle=sedan", "--side", "Ghoul:Combat:Mia=3")
    assert out.splitlines()[-1] == "draw 1: a tie"
    assert [d["cards"] for d in _drawn(db, "Mines") if d["purpose"] == "Sequence 1 draw 1: defence" and d["to"] == "Mia"] == [["2D"]]


# -- 2. A helper on the other side, before the count (L761; ruling M100) ------------------------


def test_a_helper_on_the_other_side_is_refused_as_such_before_the_cards_are_counted_L761(db: str, tmp_path: Path) -> None:
    # L761: a helper pays 2 Atouts for +1 card of a character of its side. The Ghoul's three cards
    # split as two once read "Ghoul has 4 cards (…): attack 2 + defence 0 must use them all",
    # Zoe's help counted in, and named the real problem only once the GM had fixed the count.
    campaign(db, tmp_path, "Mines", MIA, ZOE, GHOUL)
    cli(db, "microfudge", "sequence", "Mines", "Mia=a", "Zoe=a", "Ghoul=b")
    sides = ("--side", "Mia:Combat:Ghoul=5", "--side", "Zoe:Combat:Ghoul=4", "--side", "Ghoul:Combat:Mia=2,help=Zoe")
    assert refused(db, "Mines", "microfudge", "conflict-card", "Mines", *sides) == "error: Zoe cannot help an opponent (Ghoul)"


# -- 3. Newer vehicles outrun older ones without a draw (L528-L530; ruling M100) ----------------------


def test_newer_vehicles_outrun_older_ones_without_a_split_of_cards_Vehicules_L528_L530(db: str, tmp_path: Path) -> None:
    # L528: "Les véhicules modernes distancent automatiquement les véhicules de l'ère de la vapeur
    # ou antérieurs": no card is drawn, so none is split. The Ghoul's stagecoach, facing two
    # drivers, once had to "split the attack cards among them (L309)" for a draw that never came.
    campaign(db, tmp_path, "Mines", MIA, ZOE, GHOUL)
    cli(db, "microfudge", "sequence", "Mines", "Mia=a", "Zoe=a", "Ghoul=b")
    out = cli(
        db,
        "microfudge",
        "conflict-card",
        "Mines",
        "--side",
        "Mia:Pilotage:chase,vehicle=sedan",
        "--side",
        "Zoe:Pilotage:chase,vehicle=motorbike",
        "--side",
        "Ghoul:Pilotage:chase,vehicle=van,vehicle-era=ancient",
    )
    assert out == "Mia and Zoe outrun the older vehicles: the Sequence ends without a draw\n"
    (ended,) = {e["sequence"]: e for e in log(db, "Mines", ":SequenceEnded")}.values()
    assert ended["how"] == "outrun" and ended["side"] == ["Mia", "Zoe"]
    assert not [d for d in _drawn(db, "Mines") if str(d["purpose"]).startswith("Sequence 1 draw")]


def test_an_Atout_declared_for_a_chase_that_is_outrun_without_a_draw_is_refused_L528_L530_L755(db: str, tmp_path: Path) -> None:
    # L755, L761: an Atout adds a card to a draw; L528-L530: the newer vehicle wins without one.
    # The Atout and the help were silently dropped.
    campaign(db, tmp_path, "Mines", MIA, ZOE, GHOUL)
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Ghoul")
    for extra in ("atout", "help=Zoe"):
        sides = ("--side", f"Mia:Pilotage:chase,vehicle=sedan,{extra}", "--side", "Ghoul:Pilotage:chase,vehicle=van,vehicle-era=ancient")
        said = refused(db, "Mines", "microfudge", "conflict-card", "Mines", *sides)
        assert said == "error: Mia outruns the older vehicles without a draw (L528-L530): no card for an Atout or a helper to add or change"


# -- 4. What a chase or a ram would count for nothing (L427-L429; ruling M101) --------------------


@pytest.mark.parametrize(
    ("mine", "why"),
    [
        ("chase,vehicle=sedan,weapon=heavy", "Mia chases: its Revers are changes of position (L427)"),
        ("chase,vehicle=sedan,cover=1", "Mia chases: its Revers are changes of position (L427)"),
        ("ram,vehicle=sedan,armour=heavy", "Mia rams: its Revers are damage to the vehicles (L429)"),
    ],
)
def test_a_weapon_armour_or_cover_in_a_chase_or_a_ram_is_refused_not_counted_Poursuites_L427_L429(
    db: str, tmp_path: Path, mine: str, why: str
) -> None:
    # L427: a chase's characteristic is "modifiée par les modificateurs de Vitesse", its Revers
    # "des changements de position"; L429: a ram's, by Robustesse, its Revers damage to the
    # vehicle. A heavy weapon once gave a driver two more chase cards, armour and cover ate
    # successes that moved no one.
    campaign(db, tmp_path, "Mines", MIA, GHOUL)
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Ghoul")
    sides = ("--side", f"Mia:Pilotage:{mine}", "--side", "Ghoul:Pilotage:chase,vehicle=van")
    said = refused(db, "Mines", "microfudge", "conflict-card", "Mines", *sides)
    assert said == f"error: {why}; a weapon, armour, cover and range count in a fight only"


# -- 5. A side's option said twice or for nothing (ruling M102) -----------------------------------


@pytest.mark.parametrize(
    ("mine", "why"),
    [
        ("chase,vehicle=sedan,vehicle=truck", "vehicle is given twice in “Mia:Pilotage:chase,vehicle=sedan,vehicle=truck”: say it once"),
        ("Ghoul=2,Ghoul=3", "Ghoul is given twice in “Mia:Pilotage:Ghoul=2,Ghoul=3”: say it once"),
        ("chase,ram,vehicle=sedan", "a side chases or rams in a draw, not both (L427-L429): “Mia:Pilotage:chase,ram,vehicle=sedan”"),
        (
            "chase,vehicle-era=future",
            "vehicle-era is the era of a vehicle: name it with vehicle= in “Mia:Pilotage:chase,vehicle-era=future”",
        ),
    ],
)
def test_a_side_s_option_said_twice_or_for_no_vehicle_is_refused_not_dropped_Vehicules_L528_L534(
    db: str, tmp_path: Path, mine: str, why: str
) -> None:
    # The last of two vehicles drove, the first dropped unsaid; "chase,ram" rammed; an era with no
    # vehicle («d - Véhicules» L528-L534: it outruns or ignores a vehicle's Robustesse) did nothing.
    campaign(db, tmp_path, "Mines", MIA, GHOUL)
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Ghoul")
    sides = ("--side", f"Mia:Pilotage:{mine}", "--side", "Ghoul:Pilotage:chase")
    assert refused(db, "Mines", "microfudge", "conflict-card", "Mines", *sides) == f"error: {why}"


# -- 6. A vehicle's damage on the driver's sheet (L429; ruling M103) ------------------------------


def test_the_sheet_says_the_penalty_a_rammed_vehicle_s_damage_puts_on_its_driver_Concours_de_demolition_L429(
    db: str, tmp_path: Path
) -> None:
    # L429: a ram's Revers are damage to the vehicle, which weighs on its driver's chases and rams
    # (L343, ruling M24: the higher of it and the driver's own). The sheet read "Revers penalty:
    # physical none, social none" under a Revers sérieux to the vehicle.
    campaign(db, tmp_path, "Mines", MIA, ZOE)
    assert "Revers penalty: physical none, social none\n" in cli(db, "character", "show", "Mines", "Zoe")
    cli(db, "microfudge", "setback", "Mines", "Zoe", "--severity", "2", "--domain", "vehicle", "--source", "rammed")
    shown = " ".join(cli(db, "character", "show", "Mines", "Zoe").split())
    assert "Revers penalty: physical none, social none, vehicle −2 (in a chase or a ram, unless the driver's own weigh more)" in shown


# -- 7. The vehicle a ram aims at (L429, L538-L552; ruling M104) ----------------------------------


def test_a_small_car_ramming_a_huge_fleeing_vehicle_spends_three_successes_a_Revers_Categories_L538_L552(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # L550: "Les petits véhicules doivent dépenser trois succès pour infliger un Revers à un
    # véhicule énorme". The Ghoul's huge truck flees (a chase): its size was refused, since it did
    # not ram itself (M96), and Mia's three successes read as a Revers décisif on a small vehicle.
    campaign(db, tmp_path, "Mines", MIA, GHOUL)
    # Mia's six cards (Pilotage 5, a sedan's Robustesse +1), three even: three successes; the
    # truck's two chase cards (Pilotage 3, Vitesse −1), both odd.
    scripted(monkeypatch, stacks=[["2C", "4C", "6C", "3C", "5C", "7C", "3D", "5D"]])
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Ghoul")
    sides = ("--side", "Mia:Pilotage:ram,vehicle=sedan", "--side", "Ghoul:Pilotage:chase,vehicle=truck,size=huge")
    out = cli(db, "microfudge", "conflict-card", "Mines", *sides).splitlines()
    # Ruling M105: the Revers is the truck's, named as the truck's on the line and on the sheet.
    assert out[0].endswith("— a Revers on Ghoul's truck") and out[-1] == "draw 1: Mia wins the draw"
    assert "\ntruck    Revers (−1)  " in cli(db, "character", "show", "Mines", "Ghoul")


@pytest.mark.parametrize("theirs", ["Ghoul:Combat:Mia=3", "Ghoul:Pilotage:chase"])
def test_a_ram_at_a_side_with_no_vehicle_is_refused_not_recorded_as_vehicle_damage_L429(db: str, tmp_path: Path, theirs: str) -> None:
    # L429: "un personnage peut chercher à détruire le véhicule adverse"; the Ghoul on foot once
    # took "a Revers décisif (−3), vehicle" on its sheet, damage to a vehicle it did not have.
    campaign(db, tmp_path, "Mines", MIA, GHOUL)
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Ghoul")
    said = refused(db, "Mines", "microfudge", "conflict-card", "Mines", "--side", "Mia:Pilotage:ram,vehicle=truck", "--side", theirs)
    assert said == "error: Ghoul is rammed, and a ram damages a vehicle (L429): name Ghoul's with vehicle="


def test_a_rammed_side_that_fights_names_its_vehicle_without_the_shielding_option_L429_L431(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # L429: the ram damages the Ghoul's van while the Ghoul shoots at Mia (M24: a manoeuvre a
    # side); its vehicle is the one rammed, so it counts with the option of L431 off (M99).
    campaign(db, tmp_path, "Mines", MIA, GHOUL)
    # Mia's six cards, two even: two Revers on a small van; the Ghoul's three shots, all odd.
    scripted(monkeypatch, stacks=[["2C", "4C", "3C", "5C", "7C", "9C", "3D", "5D", "7D"]])
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Ghoul")
    out = cli(
        db, "microfudge", "conflict-card", "Mines", "--side", "Mia:Pilotage:ram,vehicle=sedan", "--side", "Ghoul:Combat:Mia=3,vehicle=van"
    )
    assert out.splitlines()[0].endswith("— a Revers sérieux on Ghoul's van")  # ruling M105
