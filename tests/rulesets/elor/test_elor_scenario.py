"""Issue 6's scenario: a combat of two sequences with scripted dice, a wound to the torso, then
a downtime week on the real timeline in which Bruna forges a sword (40 degrees, one test per
hour, 6 hours a day) while her torso heals a point a day (PROPOSAL §5.6); the sheet and the
long action are checked at each day (seed §Scènes d'action, §Combats, §Actions longues)."""

from __future__ import annotations

from typing import Any

from elor_table import ALDO, SEED, dice, table

from chronique.domain.fairness import commitment
from chronique.domain.gametime import DAY, HOUR
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.downtime import start_long_action
from chronique.domain.rulesets.elor.play import Attack, TestSpec, attack, begin_scene, end_scene, next_up, take_opportunity
from chronique.domain.timeline import advance
from chronique.domain.world import World

# Héroïque power: P 2, C 1, E -1, M 1 (AP 2, EP 5, max effort 3; torso HP 8).
BRUNA: dict[str, Any] = {
    "name": "Bruna",
    "power": "heroique",
    "faculties": {"P": 2, "C": 1, "E": -1, "M": 1},
    "professions": {"Forgeron": 4, "Guerrier": 1},
    "familiarities": {"Forge": 3, "Haches": 1, "Marteaux": 1},
    "weapons": {"Hache": {"damage": 5, "familiarity": "Haches", "resistance": 2, "structure": 8}},
}
SWORD = Attack("Épée", TestSpec("Coordination", "Guerrier", effort=1), defence="dodge", defence_spec=TestSpec("Coordination", "Guerrier"))
# One work day: five tests with 1 effort (2 dice) until the 5 effort points are spent, then 1 die.
# The combat starts 12 seconds before 08:00, so its two sequences end at 08:00 sharp.
COMBAT = 8 * HOUR - 12
DAY_OF_WORK = [2, 3, 5, 10, 10, 10, 1, 1, 9, 9, 7]  # degrees 2, 1, 0, 2, 1, 1 = 7 a day at level 8


def combat(world: World) -> None:
    begin_scene(world, ["Aldo", "Bruna"])
    assert next_up(world) == ("Aldo",)  # 3 AP against 2
    # Sequence 1. Aldo (level 5, 1 effort) rolls 3 4: two degrees; Bruna dodges (level 2) with
    # a 7: none. Hit, net 2: one effect point left unused; D100 75 is the torso: 6 damage.
    dice(world).add(3, 4, 7, 75)
    first = attack(world, "Aldo", "Bruna", SWORD)
    assert (first.exchange.result, first.exchange.offensive_points) == ("hit", 1)
    assert first.damage is not None and (first.damage["location"], first.damage["total"], first.damage["state"]) == ("torso", 6, "hurt")
    # Bruna spent her second AP defending, so she is next with 1 AP; her axe blow (level 2) misses.
    assert next_up(world) == ("Bruna",)
    dice(world).add(9)
    miss = attack(world, "Bruna", "Aldo", Attack("Hache", TestSpec("Coordination", "Guerrier")))
    assert miss.exchange.result == "miss" and miss.defence is None
    # Aldo alone has AP left: he waits (getting an effort point back), then attacks a defenceless Bruna.
    take_opportunity(world, ["Aldo"], "wait")
    dice(world).add(8, 9)
    assert attack(world, "Aldo", "Bruna", SWORD).exchange.result == "miss"
    # Sequence 2: all AP back; Aldo first. Bruna parries with her axe, 2 effort: 3 degrees
    # against 2. Half of 6 goes to the axe: 3 - resistance 2 = 1 structure point.
    dice(world).add(2, 3, 1, 2, 2)
    parry = Attack("Épée", SWORD.spec, defence="parry", parry_with="Hache", defence_spec=TestSpec("Coordination", "Guerrier", effort=2))
    parried = attack(world, "Aldo", "Bruna", parry)
    assert parried.exchange.result == "parried"
    assert parried.damage == {"item": "Hache", "damage": 3, "structure_left": 7, "destroyed": False}
    take_opportunity(world, ["Bruna"], "wait")
    take_opportunity(world, ["Aldo"], "reserve")
    take_opportunity(world, ["Aldo"], "wait")  # the reserved defence lapses at his next opportunity
    aldo = world.character("Aldo")
    # His attacks were against "Défense" (ruling E129): none was of a simultaneous pair.
    assert aldo.condition["scene"] == {
        "sequence": 2,
        "ap": 0,
        "spent": 3,
        "token": False,
        "turn": 4,
        "simultaneous_on": 0,
        "began": COMBAT + 6,
    }
    end_scene(world)
    assert world.campaign.clock == 8 * HOUR  # two 6-second sequences (§Scènes d'action L472, E29)


def test_issue_6_combat_then_a_downtime_week_of_forging_and_healing() -> None:
    world = table(ALDO, BRUNA, clock=COMBAT)
    combat(world)
    bruna = world.character("Bruna")
    c = bruna.condition
    assert c["wounds"] == {"torso": 6} and not c["unconscious"] and c["scene"] is None
    assert c["effort"] == 5 and c["fatigue"] == 0 and c["equipment"] == {"Hache": 7}
    assert c["next_heal"] == COMBAT + DAY  # a day after the blow, in the first sequence
    rolled = [e for e in bruna.pending_events if isinstance(e, (ev.TestRolled, ev.DamageTaken))]
    assert all(e.epoch == "session-1" for e in rolled) and rolled[1].chance == [{"op": "d", "sides": 100, "value": 75}]

    world.campaign.end_session(SEED, commitment(SEED), "2026-01-01T00:00:00+00:00")
    forge = TestSpec("Physique", "Forgeron", familiarity="Forge", effort=1)
    assert start_long_action(world, "Bruna", "forge the sword", 40, forge, unit_s=HOUR)["next_at"] == 9 * HOUR

    expected = [  # (accumulated, torso, effort, fatigue) at 08:00 of days 2..8
        (7, 5, 0, 5),
        (14, 4, 0, 5),
        (21, 3, 0, 5),
        (28, 2, 0, 5),
        (35, 1, 0, 5),
        (40, 0, 5, 0),  # done at 12:00 on day 6 after four tests; an hour later effort is back
        (40, 0, 5, 0),
    ]
    processes = ruleset("elor").processes(world)
    for day, (accumulated, torso, effort, fatigue) in enumerate(expected, start=2):
        dice(world).add(*DAY_OF_WORK)
        ticks = advance(world.campaign, processes, (day - 1) * DAY + 8 * HOUR)
        assert world.campaign.clock == (day - 1) * DAY + 8 * HOUR
        (action,) = c_now(world)["long_actions"]
        assert action["accumulated"] == accumulated, f"day {day}"
        assert c_now(world)["wounds"].get("torso", 0) == torso, f"day {day}"
        assert (c_now(world)["effort"], c_now(world)["fatigue"]) == (effort, fatigue), f"day {day}"
        assert all("Bruna" in t.account for t in ticks)
    (action,) = c_now(world)["long_actions"]
    assert action["done"] and action["units"] == 5 * 6 + 4 and action["next_at"] is None
    assert c_now(world)["next_heal"] is None
    dice(world).faces.clear()  # the last days' unused faces: nothing rolls once the sword is done
    progressed = [e for e in world.character("Bruna").pending_events if isinstance(e, ev.LongActionProgressed)]
    assert [e.at for e in progressed[:7]] == [DAY * 0 + h * HOUR for h in range(9, 15)] + [DAY + 9 * HOUR]


def c_now(world: World) -> dict[str, Any]:
    return world.character("Bruna").condition
