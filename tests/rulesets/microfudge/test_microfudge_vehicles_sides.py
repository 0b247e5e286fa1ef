"""Vehicles, sides and covering in a MicroFudge CECJ Sequence (rulings M105-M108): the damage a ram
deals is the rammed vehicle's, a side is never named after another participant, and a side that
covers its teammates is told by what it does (``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn its
lines: «Modificateurs applicables aux conflits» L427-L431, «d - Véhicules» L504-L536, «Séquences
collectives» L403-L417)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from microfudge_table import refused, table, topic_of_class
from support import log_details
from test_microfudge_critical_state import scripted
from test_microfudge_fidelity_cli import campaign, cli

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.conflict import Side, draw, start_sequence, stop, take_upper_hand
from chronique.domain.rulesets.microfudge.describe import WORDS as LOG_WORDS
from chronique.domain.rulesets.microfudge.play import take_revers
from chronique.domain.rulesets.microfudge.view import sheet_view

DRIVER = {"name": "D", "status": "hero", "ranks": {"Pilotage": 5}}
RUNNER = {"name": "R", "status": "hero", "ranks": {"Pilotage": 4}}
HELPER = {"name": "H", "status": "hero", "ranks": {"Pilotage": 4}}
DRIVERS = ('name = "Mia"\nstatus = "hero"\n[ranks]\nPilotage = 5\n', 'name = "Zoe"\nstatus = "hero"\n[ranks]\nPilotage = 4\n')


def _rows(world: object, name: str, title: str) -> list[tuple[str, ...]]:
    view = sheet_view(world, world.character(name), gm=True)  # type: ignore[attr-defined]
    (section,) = [s for s in view.sections if s.title == title]
    return [row for group in section.groups for row in group.rows]


# -- 1. A ram's damage is the rammed vehicle's (L429; ruling M105) ---------------------------------


def test_a_ram_damages_the_vehicle_named_on_the_event_not_its_driver_Concours_de_demolition_L429() -> None:
    # L429: "les Revers sont comptabilisés comme des blessures (qu'il est préférable d'appeler
    # dommages)" of the vehicle. D's sedan (Pilotage 5, Robustesse +1): six attack cards, two
    # even, a Revers sérieux on R's truck; R's chase (Pilotage 4, Vitesse −1): three odd cards.
    # Then a chase, every card odd (a tie), and a new Sequence's chase in the truck.
    first = ["2C", "4C", "3C", "5C", "7C", "9C", "3D", "5D", "7D"]
    first += ["9D", "AD", "3H", "5H", "7H", "9H", "AH", "3S", "5S", "7S", "9S", "AS", "AC"]
    world = table(sheets=[DRIVER, RUNNER], stacks=[first, ["3C", "5C", "7C", "9C", "AC", "3D", "5D", "7D", "9D"]])
    start_sequence(world, ["D", "R"], goal="run the truck off the road")
    draw(world, [Side("D", "Pilotage", manoeuvre="ram", vehicle="sedan"), Side("R", "Pilotage", manoeuvre="chase", vehicle="truck")])
    r = world.character("R")
    (taken,) = [e for e in r.pending_events if isinstance(e, ev.SetbackSuffered)]
    assert taken.vehicle == "truck" and taken.setback["domain"] == "vehicle" and taken.setback["severity"] == 2
    said = "had their truck damaged: a Revers sérieux (does not heal on its own) from D's ram, Sequence 1 draw 1"
    assert ruleset("microfudge").describe(taken) == said
    (drawn,) = [e for e in r.pending_events if isinstance(e, ev.ConflictCardsDrawn)]
    assert ruleset("microfudge").describe(drawn).endswith(" — a Revers sérieux on their vehicle from D's ram")
    (rammer,) = [e for e in world.character("D").pending_events if isinstance(e, ev.ConflictCardsDrawn)]
    assert ruleset("microfudge").describe(rammer).endswith(" — a Revers sérieux on R's truck")
    # R's sheet: no Revers of R's own; the truck's damage under Vehicles, with its penalty.
    assert _rows(world, "R", "Revers") == []
    assert ("Revers penalty", "physical none, social none") in _rows(world, "R", "Atouts and Revers")
    assert _rows(world, "R", "Vehicles") == [("truck", "Revers sérieux (−2)", "1", "does not heal on its own")]
    # The damage weighs on the truck's chases, not on R's sedan (L343: the highest applicable).
    sedan = draw(
        world, [Side("D", "Pilotage", manoeuvre="chase", vehicle="motorbike"), Side("R", "Pilotage", manoeuvre="chase", vehicle="sedan")]
    )
    assert sedan.sides["R"]["penalty"] == 0 and sedan.winner is None and not sedan.ended
    stop(world, "D")
    start_sequence(world, ["D", "R"], goal="again")
    truck = draw(
        world, [Side("D", "Pilotage", manoeuvre="chase", vehicle="motorbike"), Side("R", "Pilotage", manoeuvre="chase", vehicle="truck")]
    )
    assert truck.sides["R"]["penalty"] == 2 and truck.sides["R"]["pool"] == 1


def test_a_wrecked_vehicle_chases_and_rams_no_more_Concours_de_demolition_L429() -> None:
    # L429: "un Revers décisif transforme le véhicule touché en épave". Three even cards of D's
    # six make a Décisif on R's truck; R's three, odd.
    world = table(sheets=[DRIVER, RUNNER], stacks=[["2C", "4C", "6C", "3C", "5C", "7C", "3D", "5D", "7D"]])
    start_sequence(world, ["D", "R"])
    draw(world, [Side("D", "Pilotage", manoeuvre="ram", vehicle="sedan"), Side("R", "Pilotage", manoeuvre="chase", vehicle="truck")])
    assert _rows(world, "R", "Vehicles") == [("truck", "Revers décisif (−3), a wreck", "1", "does not heal on its own")]
    assert not world.character("R").condition["critical"]  # a car is no body (§4.3)
    start_sequence(world, ["D", "R"])
    before = len(world.pending())
    with pytest.raises(RuleViolation, match=r"^R's truck is a wreck \(L429\): it chases and rams no more$"):
        draw(world, [Side("D", "Pilotage", manoeuvre="chase", vehicle="sedan"), Side("R", "Pilotage", manoeuvre="chase", vehicle="Truck")])
    assert len(world.pending()) == before


def test_the_upper_hand_forgoes_a_ram_s_damage_named_as_the_vehicle_s_Prendre_l_ascendant_L329_L429() -> None:
    # L329: the Revers forgone are named as the draw named them: on R's truck (L429), not on R.
    world = table(sheets=[DRIVER, RUNNER], stacks=[["2C", "4C", "3C", "5C", "7C", "9C", "3D", "5D", "7D"]])
    start_sequence(world, ["D", "R"])
    draw(world, [Side("D", "Pilotage", manoeuvre="ram", vehicle="sedan"), Side("R", "Pilotage", manoeuvre="chase", vehicle="truck")])
    taken = take_upper_hand(world, "D")
    assert taken.vehicles == {"R": "truck"} and taken.cards == 4
    (forgone,) = [e for e in world.character("R").pending_events if isinstance(e, ev.UpperHandTaken)]
    said = "D forgoes a Revers sérieux on R's truck from draw 1 to take the upper hand: 4 extra cards in the next draw"
    assert ruleset("microfudge").describe(forgone) == f"{said}; Revers 1 comes off their sheet"
    assert _rows(world, "R", "Vehicles") == []
    # Recorded before version 3, it named no vehicle and reads as it did.
    state = {"draw": 1, "taker": "D", "cards": 4, "forgone": {"R": 2}, "domains": {}, "manoeuvre": "ram", "withdrawn": []}
    ev.UpperHandTaken.upcast_stored(state)
    old = LOG_WORDS[topic_of_class(ev.UpperHandTaken)](SimpleNamespace(**state))
    assert old == "D forgoes a Revers sérieux on R from draw 1 to take the upper hand: 4 extra cards in the next draw"


def test_vehicle_damage_recorded_before_it_named_the_vehicle_reads_as_it_did_L429() -> None:
    # Version 4 of the event named no vehicle: its words, and its weight on any vehicle, stay.
    setback = {"id": 1, "domain": "vehicle", "severity": 2, "healing": "none", "stabilized": True, "next_tick": None}
    state = {"at": 0, "setback": setback, "critical": False, "source": "sedan rammed by D", "in_place_of": None}
    state |= {"sealed_until": None, "graduated": False}
    ev.SetbackSuffered.upcast_stored(state)
    assert state["vehicle"] is None
    said = LOG_WORDS[topic_of_class(ev.SetbackSuffered)](SimpleNamespace(**state))
    assert said == "took a Revers sérieux (vehicle, does not heal on its own) from sedan rammed by D"


def test_a_ram_through_the_cli_says_the_vehicle_took_it_in_the_line_the_log_and_the_sheet_L429(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(
        db,
        tmp_path,
        "Mines",
        'name = "Mia"\nstatus = "hero"\n[ranks]\nPilotage = 5\n',
        'name = "Zoe"\nstatus = "hero"\n[ranks]\nPilotage = 4\n',
    )
    scripted(monkeypatch, stacks=[["2C", "4C", "3C", "5C", "7C", "9C", "3D", "5D", "7D"]])
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Zoe", "--goal", "run her off the bridge")
    out = cli(
        db, "microfudge", "conflict-card", "Mines", "--side", "Mia:Pilotage:ram,vehicle=sedan", "--side", "Zoe:Pilotage:chase,vehicle=truck"
    )
    assert out.splitlines()[0].endswith("— a Revers sérieux on Zoe's truck")
    took = "had their truck damaged: a Revers sérieux (does not heal on its own) from Mia's ram, Sequence 1 draw 1"
    assert log_details(db, "Mines", "--kind", "setback suffered") == [took]
    sheet = cli(db, "character", "show", "Mines", "Zoe")
    assert "Revers penalty: physical none, social none\n" in sheet and "\nREVERS\n" not in sheet
    assert "\nVEHICLES\n" in sheet and "\ntruck    Revers sérieux (−2)  1 " in sheet


# -- 2. A vehicle outruns an older one whatever its side («d - Véhicules» L528-L530; M106) --------


def test_a_vehicle_that_outruns_an_older_one_is_never_drawn_against_it_Vehicules_L528_L530() -> None:
    # L528: "Les véhicules modernes distancent automatiquement les véhicules de l'ère de la vapeur
    # ou antérieurs", vehicle by vehicle. D's modern sedan beside H's steam van faced R's steam
    # van: the side did not outrun as a whole, so the cards were drawn as if D's sedan did not.
    world = table(sheets=[DRIVER, RUNNER, HELPER])
    start_sequence(world, ["D", "H", "R"], teams={"D": "crew", "H": "crew"}, goal="lose the stagecoach")
    before = len(world.pending())
    chase = [
        Side("D", "Pilotage", manoeuvre="chase", vehicle="sedan", attack={"R": 6}),
        Side("H", "Pilotage", manoeuvre="chase", vehicle="van", vehicle_era="ancient", attack={"R": 4}),
        Side("R", "Pilotage", manoeuvre="chase", vehicle="van", vehicle_era="Ancient", attack={"D": 2, "H": 2}),
    ]
    with pytest.raises(RuleViolation) as refusal:
        draw(world, chase)
    assert str(refusal.value) == (
        "D's sedan (modern) outruns R's van (steam era or older) without a draw (L528-L530), but not every vehicle of its side "
        "outruns every other: end the Sequence (sequence-stop) and open one without the vehicles outrun"
    )
    assert len(world.pending()) == before


# -- 3. A side is never named after another participant («Séquences collectives» L411; M107) ------


def test_a_side_named_after_another_participant_is_refused_not_an_ally_Sequences_collectives_L411() -> None:
    # "Jim=Harvey" once put Jim on Harvey's side, and "Jim=harvey" did not: a typo made an ally.
    world = table(sheets=[DRIVER, RUNNER, HELPER])
    before = len(world.pending())
    for written in ("D", "d"):
        with pytest.raises(RuleViolation) as refusal:
            start_sequence(world, ["D", "R", "H"], teams={"R": written})
        why = f"R={written}: D is a participant, not a side; to put them on one side, give both the side's name (D=NAME R=NAME)"
        assert str(refusal.value) == why
    assert len(world.pending()) == before
    # A side's own name, and a side named on purpose, stand.
    start_sequence(world, ["D", "R", "H"], teams={"D": "D", "R": "crew", "H": "crew"})
    assert ev.sequence_of(world.character("R"))["teams"] == {"D": "D", "R": "crew", "H": "crew"}  # type: ignore[index]


def test_a_side_s_name_is_matched_case_and_spaces_aside_and_never_blank_Sequences_collectives_L411() -> None:
    # "Mia=Crew Zoe=crew" once made three sides of two allies and a foe: a side is matched as
    # names are, and said as first written.
    world = table(sheets=[DRIVER, RUNNER, HELPER])
    with pytest.raises(RuleViolation, match=r"^R= names no side: write R=SIDE, or R alone$"):
        start_sequence(world, ["D", "R", "H"], teams={"R": "  "})
    start_sequence(world, ["D", "R", "H"], teams={"D": "Crew", "R": " crew "})
    assert ev.sequence_of(world.character("R"))["teams"] == {"D": "Crew", "R": "Crew", "H": "H"}  # type: ignore[index]


def test_a_side_named_after_another_participant_is_refused_through_the_cli_L411(db: str, tmp_path: Path) -> None:
    ranks = '\nstatus = "hero"\n[ranks]\nCombat = 4\n'
    campaign(db, tmp_path, "Mines", f'name = "Mia"{ranks}', f'name = "Zoe"{ranks}', f'name = "Ghoul"{ranks}')
    said = refused(db, "Mines", "microfudge", "sequence", "Mines", "Mia", "Zoe", "Ghoul=Mia")
    assert (
        said
        == "error: Ghoul=Mia: Mia is a participant, not a side; to put them on one side, give both the side's name (Mia=NAME Ghoul=NAME)"
    )


# -- 4. Covering teammates in a chase is no fire (L411-L413, L427; ruling M108) -------------------


def test_covering_teammates_in_a_chase_is_not_called_covering_fire_Sequences_collectives_L411_Poursuites_L427(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # L411: "un individu peut utiliser ses succès défensifs pour aider les membres de son camp";
    # the seed's example is gunfire (L413), but a chase's weapons count for nothing (L427).
    # Mia (Pilotage 5, sedan +1): 6 cards, all in defence, two even: two successes spare;
    # Zoe (Pilotage 4, sedan +1): 5 cards on the Ghoul, all odd; the Ghoul (Pilotage 5, sedan
    # +1): 6 cards on Zoe, two even, both cancelled by Mia.
    campaign(db, tmp_path, "Mines", *DRIVERS, 'name = "Ghoul"\nstatus = "hero"\n[ranks]\nPilotage = 5\n')
    stack = ["2C", "4C", "3C", "5C", "7C", "9C"] + ["3D", "5D", "7D", "9D", "AD"] + ["2H", "4H", "3H", "5H", "7H", "9H"]
    scripted(monkeypatch, stacks=[stack])
    cli(db, "microfudge", "sequence", "Mines", "Mia=crew", "Zoe=crew", "Ghoul")
    sides = ["--side", "Mia:Pilotage:chase,vehicle=sedan,def=6,suppress", "--side", "Zoe:Pilotage:chase,vehicle=sedan,Ghoul=5"]
    out = cli(db, "microfudge", "conflict-card", "Mines", *sides, "--side", "Ghoul:Pilotage:chase,vehicle=sedan,Zoe=6").splitlines()
    assert out[0].endswith(", covering its teammates in the chase: 2 cancelled for Zoe") and "fire" not in out[0]
    # Alone on its side, it is told what it lacks in the chase's words.
    cli(db, "microfudge", "sequence-stop", "Mines", "Mia")
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Ghoul")
    sides = ["--side", "Mia:Pilotage:chase,vehicle=sedan,def=6,suppress", "--side", "Ghoul:Pilotage:chase,vehicle=sedan"]
    assert refused(db, "Mines", "microfudge", "conflict-card", "Mines", *sides) == "error: Mia has no teammate to cover in the chase (L411)"


# -- 5. A vehicle's damage is no wound: the Narrator's, first aid and interposing (L429; M105, M109) --


def test_the_narrator_records_damage_to_a_named_vehicle_which_first_aid_does_not_tend_L429_L357_L359(db: str, tmp_path: Path) -> None:
    # L429: damage to a vehicle (a rockfall on the road, the Narrator's fixed count, L351); L357-L359:
    # first aid tends a wound by a Médecine Test. A doctor's success once "stabilized and reduced" a
    # van's damage to "only bruises and cuts".
    campaign(db, tmp_path, "Mines", *DRIVERS)
    said = cli(db, "microfudge", "setback", "Mines", "Zoe", "--severity", "2", "--vehicle", "Van", "--source", "a rockfall")
    assert said == "Zoe had their van damaged: a Revers sérieux (does not heal on its own) from a rockfall: Revers 1 on the sheet\n"
    sheet = cli(db, "character", "show", "Mines", "Zoe")
    assert "Revers penalty: physical none, social none\n" in sheet and "\nvan      Revers sérieux (−2)  1 " in sheet
    refusal = refused(db, "Mines", "microfudge", "setback", "Mines", "Zoe", "--severity", "1", "--vehicle", "van", "--domain", "social")
    assert refusal == "error: `--vehicle` names a vehicle's damage, which weighs on driving, not a social Revers (L429)"
    refusal = refused(db, "Mines", "microfudge", "first-aid", "Mines", "Zoe", "--healer", "Mia", "--setback", "1")
    assert refusal == "error: Revers 1 is damage to Zoe's van (L429): first aid tends wounds (L357-L359), not vehicles"


def test_no_one_bears_a_vehicle_s_damage_in_its_place_Utilisation_creative_des_Atouts_L763_L429() -> None:
    # L763: "Prendre un Revers à la place de quelqu'un" needs to interpose; a ram's damage is the
    # vehicle's (L429), and borne by D it became a "vehicle" Revers of no vehicle on D's sheet.
    world = table(sheets=[DRIVER, RUNNER], stacks=[["2C", "4C", "3C", "5C", "7C", "9C", "3D", "5D", "7D"]])
    start_sequence(world, ["D", "R"])
    draw(world, [Side("D", "Pilotage", manoeuvre="ram", vehicle="sedan"), Side("R", "Pilotage", manoeuvre="chase", vehicle="truck")])
    stop(world, "D")
    before = len(world.pending())
    with pytest.raises(RuleViolation, match=r"^Revers 1 is damage to R's truck \(L429\): no one bears it in its place \(L763\)$"):
        take_revers(world, "D", "R", 1, "swerves in front")
    assert len(world.pending()) == before


# -- 6. A chase's Revers said live as ground, as the log says them («Poursuites» L427; M110) -----


def test_a_chase_s_revers_read_as_ground_in_the_draw_s_own_line_Poursuites_L427(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # L427: "Les Revers ne représentent pas des dommages aux véhicules mais des changements de
    # position". Mia's six chase cards (Pilotage 5, sedan +1), two even; Zoe's five, all odd.
    campaign(db, tmp_path, "Mines", *DRIVERS)
    scripted(monkeypatch, stacks=[["2C", "4C", "3C", "5C", "7C", "9C", "3D", "5D", "7D", "9D", "AD"]])
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Zoe")
    out = cli(
        db,
        "microfudge",
        "conflict-card",
        "Mines",
        "--side",
        "Mia:Pilotage:chase,vehicle=sedan",
        "--side",
        "Zoe:Pilotage:chase,vehicle=sedan",
    )
    mia, zoe, verdict = out.splitlines()
    assert mia.endswith("— a Revers sérieux on Zoe (ground gained or lost in the chase, not wounds)")
    assert zoe.endswith("— no Revers") and verdict == "draw 1: Mia wins the draw"
