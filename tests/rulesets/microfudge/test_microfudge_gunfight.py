"""Issue 5's "Done when" scenario: a gunfight of three scripted Sequences, a Décisif from a
firearm, first aid, then three in-game weeks of downtime through the real timeline engine, with
a session between each week («2 – Résolution des Conflits hasardeux» L295-L319; «3 – Effets des
Revers» L335-L345; «Premiers soins et Blessures» L357-L359; «VI – Pouvoirs paranormaux» L441;
«IV – Expérience et progression» L213-L215; digest §5 T2, T3, T5, T14 and V-W-3)."""

from __future__ import annotations

from typing import Any

from microfudge_table import HARVEY, JIM, SEED, end_session, table

from chronique.domain.fairness import commitment
from chronique.domain.gametime import DAY, HOUR, WEEK
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.microfudge.conflict import Side, abridge, draw, start_sequence
from chronique.domain.rulesets.microfudge.play import first_aid
from chronique.domain.rulesets.microfudge.powers import potentiel, use_power
from chronique.domain.rulesets.microfudge.rules import penalty, weapon_bonus
from chronique.domain.timeline import advance
from chronique.domain.world import World

GOON = {"name": "Goon", "npc": True, "status": "average", "ranks": {"Tir": 4}}
PSY = {"name": "Psy", "status": "expert", "ranks": {"Conscience": 5, "Vigueur": 4}}
PASS = (1, 1, 1, 1)  # Psy's Résistance thermique (Facile, Conscience 5): always a success
AID = (1, 0, 0, 0)  # Jim's first aid: Médecine 4 + good kit 1 + 1 = 6 ≥ Très difficile (6)
# Each Sequence reshuffles the deck (PROPOSAL §1.1); these stacks are the top of each shuffle.
ONE = ["2C", "3C", "5C", "7C", "9C", "3D", "5D", "7D", "9D", "AD"]  # Harvey 1 success, Goon 0
TWO = ["3C", "5C", "7C", "9C", "AC", "2D", "3D", "5D", "7D"]  # Harvey 0, Goon (−1 Blessure) 1
THREE = ["2C", "4C", "3C", "5C", "2D", "4D", "6D", "8D", "3D"]  # Harvey (−1) 2, Goon's rifle 4


def _sides(world: World, goon_weapon: str) -> list[Side]:
    # A firearm's Revers heals a card a week (L341, A10); the weapon's bonus adds cards (L469-L483).
    pistol = {"weapon": weapon_bonus("medium")}
    return [
        Side("Harvey", "Tir", modifiers=pistol, healing="weekly"),
        Side("Goon", "Tir", modifiers={"weapon": weapon_bonus(goon_weapon)}, healing="weekly"),
    ]


def _wounds(world: World, name: str) -> list[tuple[int, int, bool]]:
    return [(s["id"], s["severity"], s["stabilized"]) for s in world.character(name).condition["setbacks"]]


def _week(world: World, start: int, n: int) -> list[Any]:
    return advance(world.campaign, ruleset("microfudge").processes(world), start + n * WEEK)


def _session(world: World) -> None:
    world.campaign.start_session(SEED, commitment(SEED))
    use_power(world, "Psy", "resistance-thermique")  # T5: a point spent, back after the night
    end_session(world)


def test_gunfight_first_aid_and_three_weeks_of_downtime_issue_5_scenario() -> None:
    faces = (*PASS, *AID, *PASS, *PASS)
    world = table(*faces, sheets=[HARVEY, GOON, JIM, PSY], settings={"first_aid_mode": "stabilize"}, stacks=[ONE, TWO, THREE])
    use_power(world, "Psy", "resistance-thermique")
    assert potentiel(world.character("Psy"), "Conscience") == 4

    # Sequence 1: Harvey's pistol (Tir 4 + 1) hits once; Goon's misses. Harvey abridges (L321-L325).
    start_sequence(world, ["Harvey", "Goon"], goal="reach the warehouse door")
    one = draw(world, _sides(world, "medium"))
    assert one.sides["Harvey"]["inflicted"] == {"Goon": 1} and one.winner == "Harvey" and not one.ended
    assert abridge(world, "Harvey") == "Harvey"
    assert _wounds(world, "Goon") == [(1, 1, True)]

    # Sequence 2: Goon's Blessure costs him a card (L345): 4 cards, one hit → Harvey's Blessure.
    start_sequence(world, ["Harvey", "Goon"], goal="pin Harvey down")
    two = draw(world, _sides(world, "medium"))
    assert two.sides["Goon"]["pool"] == 4 and two.sides["Goon"]["penalty"] == 1
    assert two.sides["Goon"]["inflicted"] == {"Harvey": 1} and abridge(world, "Goon") == "Goon"

    # Sequence 3: Goon's rifle (+2) draws four successes → a Décisif (cap 3, A4) ends the
    # Sequence (L313); Harvey, wounded (−1), still hits twice: a Revers sérieux.
    start_sequence(world, ["Harvey", "Goon"], goal="finish it")
    three = draw(world, _sides(world, "heavy"))
    assert three.sides["Harvey"]["pool"] == 4 and three.sides["Goon"]["pool"] == 5
    assert three.sides["Goon"]["inflicted"] == {"Harvey": 3} and three.sides["Harvey"]["inflicted"] == {"Goon": 2}
    assert three.ended and three.winner == "Goon"
    harvey = world.character("Harvey")
    # §4.3: a physical Décisif is critical; its clock waits for stabilization.
    assert harvey.condition["critical"] and _wounds(world, "Harvey") == [(1, 1, True), (2, 3, False)]
    assert penalty(harvey.condition["setbacks"], "physical") == 3  # L345: the highest counts

    # First aid (L359): Très difficile for a grave wound; success stabilizes (mode stabilize, A9).
    assert first_aid(world, "Harvey", "Jim", 2, quality=1)
    assert not harvey.condition["critical"] and _wounds(world, "Harvey") == [(1, 1, True), (2, 3, True)]
    end_session(world)
    # T14: +1 experience Atout per player character, none for the NPC (A29).
    assert harvey.condition["atouts"] == {"reserve": 2, "experience": 1}
    assert world.character("Goon").condition["atouts"]["experience"] == 0

    start = world.campaign.clock
    # Week 1 (V-W-3): the Décisif −3 → −2; both Blessures (−1) heal; Goon's −2 → −1. Psy woke
    # rested on Day 2 at 07:00 (T5, PROPOSAL A11).
    ticks = _week(world, start, 1)
    assert [t.due.at for t in ticks if t.due.process == "night"] == [DAY + 7 * HOUR]  # the clock began Day 1 08:00
    assert sorted(t.due.at - start for t in ticks if t.due.process.startswith("recover")) == [WEEK] * 4
    assert _wounds(world, "Harvey") == [(2, 2, True)] and _wounds(world, "Goon") == [(2, 1, True)]
    # A deep wound weighs on every action (L341): physical and social alike.
    assert penalty(harvey.condition["setbacks"], "physical") == penalty(harvey.condition["setbacks"], "social") == 2
    assert potentiel(world.character("Psy"), "Conscience") == 5
    _session(world)
    assert harvey.condition["atouts"] == {"reserve": 2, "experience": 2}

    # Week 2: −2 → −1; Goon healed.
    ticks = _week(world, start, 2)
    assert [t.due.process for t in ticks].count("night") == 1
    assert _wounds(world, "Harvey") == [(2, 1, True)] and _wounds(world, "Goon") == []
    assert penalty(harvey.condition["setbacks"], "physical") == 1
    assert potentiel(world.character("Psy"), "Conscience") == 5
    _session(world)
    assert harvey.condition["atouts"] == {"reserve": 2, "experience": 3}

    # Week 3: healed on the day the rules give (three weeks after stabilization).
    ticks = _week(world, start, 3)
    assert [t.due.at - start for t in ticks if t.due.process == "recover:2"] == [3 * WEEK]
    assert _wounds(world, "Harvey") == [] and penalty(harvey.condition["setbacks"], "physical") == 0
    assert potentiel(world.character("Psy"), "Conscience") == 5
