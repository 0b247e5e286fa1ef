"""Elor's rules fidelity (issue 17), with scripted dice and results computed by hand from the
seed (003_d01003b662e47709.txt, Lnnn its line numbers): downtime work stamped at the hour it is
done (§Actions longues L436-L464), the range tables feeding a ranged attack (§Attaque à distance
L544-L603, digest vector D9), who opens the next sequence (§Scènes d'action L478), several
opponents of one action (§Tests opposés L352, §Actions / réactions L360) and a contest whose
entrants each test their own capacities (§Concours L404-L414)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from elor_table import ALDO, BRUNA, dice, downtime, events_of, table

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import HOUR
from chronique.domain.rederivation import Table, check
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor import verification as elor_rules
from chronique.domain.rulesets.elor.combat import RangedShot
from chronique.domain.rulesets.elor.downtime import start_long_action
from chronique.domain.rulesets.elor.play import (
    Attack,
    TestSpec,
    attack,
    begin_scene,
    contest,
    next_up,
    oppose,
    sequence_spent,
    suffer_damage,
    take_opportunity,
)
from chronique.domain.timeline import advance

# -- §Actions longues L436-L464: the work is stamped at the hour it is done -----------------


def test_downtime_work_is_stamped_at_the_hour_of_each_test_seed_Actions_longues_L448_L450() -> None:
    # Montana James's research (L448-L450): one test an hour, no effort renewal (regime none).
    # Aldo: Coordination 2, 2 effort points, max 1 a test. Work hours from 08:00, so the tests
    # fall at 09:00, 10:00, 11:00 and 12:00. Level 2:
    #   09:00 effort 1, dice 1 2 -> 2 degrees (effort 2 -> 1)
    #   10:00 effort 1, dice 9 9 -> 0 degrees (no discard brings a 9 to 2; effort 1 -> 0)
    #   11:00 effort 0 (none left), die 1 -> 1 degree
    #   12:00 effort 0, die 2 -> 1 degree: 4 of 4, done.
    world = table()
    downtime(world)
    start_long_action(world, "Aldo", "the glyphs", 4, TestSpec("C", effort=1), effort_regime="none")
    dice(world).add(1, 2, 9, 9, 1, 2)
    advance(world.campaign, ruleset("elor").processes(world), 14 * HOUR)
    tests = events_of(world, "Aldo", ev.TestRolled)
    assert [(t.at, t.outcome["effort"], t.outcome["degrees"]) for t in tests] == [
        (9 * HOUR, 1, 2),
        (10 * HOUR, 1, 0),
        (11 * HOUR, 0, 1),
        (12 * HOUR, 0, 1),
    ]
    progressed = events_of(world, "Aldo", ev.LongActionProgressed)
    assert [(p.at, p.accumulated, p.done) for p in progressed] == [
        (9 * HOUR, 2, False),
        (10 * HOUR, 2, False),
        (11 * HOUR, 3, False),
        (12 * HOUR, 4, True),
    ]
    # The last effort was spent at 10:00, but the research held it (no renewal, L450) until it
    # ended at 12:00: the hour's pause that gives it all back ends at 13:00, and nothing the
    # advance recorded is stamped before what it follows.
    (recovered,) = events_of(world, "Aldo", ev.EffortRecovered)
    assert (recovered.at, recovered.amount) == (13 * HOUR, 2)
    stamps = [e.at for e in world.character("Aldo").pending_events if hasattr(e, "at")]
    assert stamps == sorted(stamps)


def test_a_pause_after_the_work_gives_the_effort_back_an_hour_after_the_last_expense_seed_L450() -> None:
    # One test at 09:00 with 1 effort finishes the work; the effort comes back at 10:00, an hour
    # without spending it (L450), not at the advance's start.
    world = table()
    downtime(world)
    start_long_action(world, "Aldo", "the lock", 1, TestSpec("C", effort=1), effort_regime="none")
    dice(world).add(1, 9)
    advance(world.campaign, ruleset("elor").processes(world), 11 * HOUR)
    (test,) = events_of(world, "Aldo", ev.TestRolled)
    (recovered,) = events_of(world, "Aldo", ev.EffortRecovered)
    assert (test.at, test.outcome["degrees"]) == (9 * HOUR, 1)
    assert (recovered.at, recovered.amount) == (10 * HOUR, 1)


def test_a_daily_regime_rests_the_workers_at_the_first_test_of_the_day_and_stamps_it_there_seed_L442() -> None:
    # Regime daily (L442: the GM says how effort comes back): Bruna (Coordination 1 + Forgeron 1
    # with its Forge familiarity = level 2; 3 effort points, max 2) plans 2 a test. Day 1's work
    # hours are 09:00 to 14:00; her 3 points last one test and a half. Day 2's first test (09:00)
    # rests her first, and the rest is stamped there.
    world = table()
    downtime(world)
    spec = TestSpec("C", "Forgeron", familiarity="Forge", effort=2)
    start_long_action(world, "Bruna", "the sword", 99, spec, effort_regime="daily")
    # Day 1: 09:00 effort 2 (3 dice), 10:00 effort 1 (2 dice), then 11:00..14:00 one die each.
    # Day 2 09:00: rested (effort 3), effort 2 again: 3 dice.
    dice(world).add(9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9)
    advance(world.campaign, ruleset("elor").processes(world), 24 * HOUR + 9 * HOUR)
    tests = events_of(world, "Bruna", ev.TestRolled)
    assert [(t.at, t.outcome["effort"]) for t in tests] == [
        (9 * HOUR, 2),
        (10 * HOUR, 1),
        (11 * HOUR, 0),
        (12 * HOUR, 0),
        (13 * HOUR, 0),
        (14 * HOUR, 0),
        (33 * HOUR, 2),
    ]
    (rested,) = events_of(world, "Bruna", ev.EffortRecovered)
    assert (rested.at, rested.amount) == (33 * HOUR, 3)


# -- §Attaque à distance L544-L605: the range tables set a ranged attack's difficulty ---------

# An archer at Normal power: Coordination 2, Guerrier 3 with the Arcs familiarity (a GM character).
DARIO: dict[str, Any] = {
    "name": "Dario",
    "npc": True,
    "faculties": {"P": 0, "C": 2, "E": 0, "M": 0},
    "professions": {"Guerrier": 3},
    "familiarities": {"Arcs": 1},
    "weapons": {"Arc": {"damage": 5, "increment": 1, "familiarity": "Arcs", "ranged": True}},
}
BOW = TestSpec("C", "Guerrier", effort=1)


def test_D9_a_ranged_attack_takes_its_difficulty_from_size_distance_and_speed_seed_Attaque_a_distance_L544_L603() -> None:
    # D9: a standing human (1.75 m x 0.5 m: "diameter" 1.12 m, size 0, L597) at 30 m (floor
    # lookup 20 m: -1) crossing at 10 km/h (-2): -3. Dario: C 2 + Guerrier 3 (Arcs held) - 3 = 2.
    # One effort, dice 2 and 5: the 2 is a degree; the 5 would need three -1s: 1 degree (at
    # level 5, without the tables, it would have been 2). Aldo dodges at C 2: die 9, no degree.
    # Hit 1 against 0; the blow lands by the ranged D100 table: 50 is the abdomen.
    world = table(ALDO, DARIO, dice=[2, 5, 9, 50])
    shot = RangedShot(size_cm=112, distance_m=30, speed_kmh=10)
    result = attack(world, "Dario", "Aldo", Attack("Arc", BOW, melee=False, shot=shot))
    (rolled,) = events_of(world, "Dario", ev.TestRolled)
    assert rolled.terms["range"] == -3 and rolled.terms["difficulty"] == 0 and rolled.outcome["level"] == 2
    assert rolled.shot == {
        "size_cm": 112,
        "distance_m": 30,
        "speed_kmh": 10,
        "angle_deg": 90,
        "hyperbolic": False,
        "erratic": 0,
        "modifiers": {"size": 0, "distance": -1, "speed": -2, "extra": 0},
    }
    assert (result.attack.degrees, result.defence.degrees if result.defence else None) == (1, 0)
    assert result.exchange.result == "hit" and result.damage is not None and result.damage["location"] == "abdomen"


def test_X10_a_target_at_45_degrees_crouching_with_the_gm_s_darkness_seed_L599_L603_L605() -> None:
    # Crouching (0.9 m: size -1, L599), 10 m (0), 50 km/h at 45 degrees: 25 km/h across, -3
    # (L603), a lobbed shot -2 (L592): -6; the GM's darkness -1 adds (L605). 5 - 6 - 1 = -2:
    # a certain failure, no die rolled, no defence, nothing more.
    world = table(ALDO, DARIO)
    shot = RangedShot(size_cm=90, distance_m=10, speed_kmh=50, angle_deg=45, hyperbolic=True)
    attack(world, "Dario", "Aldo", Attack("Arc", replace(BOW, difficulty=-1), melee=False, shot=shot))
    (rolled,) = events_of(world, "Dario", ev.TestRolled)
    assert rolled.shot["modifiers"] == {"size": -1, "distance": 0, "speed": -3, "extra": -2}
    assert (rolled.terms["range"], rolled.terms["difficulty"], rolled.outcome["level"]) == (-6, -1, -2)
    assert rolled.outcome["automatic"] == "failure" and rolled.chance == []


def test_a_ranged_attack_without_its_range_is_refused_and_the_tables_are_for_shots_only() -> None:
    world = table(ALDO, DARIO)
    with pytest.raises(RuleViolation, match="size and distance"):
        attack(world, "Dario", "Aldo", Attack("Arc", BOW, melee=False))
    with pytest.raises(RuleViolation, match="ranged attacks only"):
        attack(world, "Aldo", "Dario", Attack("Épée", TestSpec("C"), shot=RangedShot(112, 2)))
    with pytest.raises(RuleViolation, match="-1 or -2"):
        RangedShot(112, 30, erratic=-3)


def _bundled(event: Any) -> dict[str, Any]:
    """The event as an audit bundle carries it: its topic and recorded fields."""
    return {"topic": f"{type(event).__module__}:{type(event).__qualname__}", **vars(event)}


def test_the_verifier_rederives_the_range_term_from_the_recorded_shot_seed_L544_L603() -> None:
    world = table(ALDO, DARIO, dice=[2, 5, 9, 50])
    attack(world, "Dario", "Aldo", Attack("Arc", BOW, melee=False, shot=RangedShot(112, 30, 10)))
    (rolled,) = events_of(world, "Dario", ev.TestRolled)
    honest = _bundled(rolled)
    rule = elor_rules.RULES.rederive[honest["topic"]]
    assert check(rule, honest, Table()) is None
    # 30 m recorded as 5 m: the tables give +1, not -1, so the range term (and the level) is not the rules'.
    farther = {**honest, "shot": {**honest["shot"], "distance_m": 5}}
    assert (check(rule, farther, Table()) or "").startswith("field shot:")
    easier = {**honest, "terms": {**honest["terms"], "range": 0}}
    assert (check(rule, easier, Table()) or "").startswith("field terms:")
    unexplained = {**honest, "shot": None}
    assert (check(rule, unexplained, Table()) or "").startswith("field terms:")


# -- §Scènes d'action L478-L502: who opens the next sequence ---------------------------------

# One action point: Coordination -1, Esprit -1 (2 + ceil(-2 / 2) = 1), a GM character.
DINO: dict[str, Any] = {"name": "Dino", "npc": True, "faculties": {"P": 0, "C": -1, "E": -1, "M": 0}}


def test_D2_at_a_sequence_boundary_the_last_actor_opens_the_next_sequence_seed_Scenes_d_action_L478_L502() -> None:
    # D2: Aldo 3 AP, Dino 1 -> Aldo, Dino, Aldo, Aldo. Every AP spent ends the sequence (L500);
    # the next restores them all (L502) and Aldo, who acted last, stays eligible (L478): Aldo,
    # with the most AP (3 against 1), opens sequence 2.
    world = table(ALDO, DINO)
    begin_scene(world, ["Aldo", "Dino"])
    order = []
    for _ in range(4):
        up = next_up(world)
        order.append(up)
        take_opportunity(world, list(up), "wait")
    assert order == [("Aldo",), ("Dino",), ("Aldo",), ("Aldo",)]
    assert sequence_spent(world) and next_up(world) == ("Aldo",)
    start = world.campaign.clock
    take_opportunity(world, ["Aldo"], "action")
    assert [e.sequence for e in events_of(world, "Dino", ev.SequenceBegan)] == [1, 2] and world.campaign.clock == start + 6
    assert next_up(world) == ("Dino",)


def test_an_unconscious_protagonist_s_action_points_do_not_hold_the_sequence_open_seed_L500() -> None:
    # Bruna falls unconscious (7 damage to a torso of 7 HP) with her 3 AP unspent: she cannot
    # spend them, so once Aldo has spent his 3 the sequence is over and Aldo opens the next.
    world = table()
    begin_scene(world, ["Aldo", "Bruna"])
    suffer_damage(world, "Bruna", 7, "a club", "torso")
    assert world.character("Bruna").condition["unconscious"]
    for _ in range(3):
        take_opportunity(world, ["Aldo"], "wait")
    assert sequence_spent(world) and next_up(world) == ("Aldo",)
    take_opportunity(world, ["Aldo"], "action")
    assert world.character("Aldo").condition["scene"]["sequence"] == 2


# -- §Tests opposés L352, §Actions / réactions L360-L392, §Concours L404-L414 ---------------


def test_an_action_against_two_opponents_each_with_its_own_test_seed_Actions_reactions_L362_L380() -> None:
    # Aldo jumps a gap (P 1 + Guerrier 2 halved = 2, 1 effort: dice 1, 2: 2 degrees). Bruna
    # reacts with C 1 + Guerrier 1 = 2 (die 2: 1 degree), Dario with C 2 + Guerrier 3 + 1 effort
    # = 5 (dice 4, 8: one degree; the 8 would need three -1s). Compared one by one, never summed
    # (footnote 1, L380): 2 beats 1 and 1, a success with 2 - 1 = 1 extra effect.
    world = table(ALDO, BRUNA, DARIO, dice=[1, 2, 2, 4, 8])
    result = oppose(
        world,
        "Aldo",
        TestSpec("P", "Guerrier", applies="partial", effort=1),
        [("Bruna", TestSpec("C", "Guerrier")), ("Dario", TestSpec("C", "Guerrier", effort=1))],
    )
    assert result.action.degrees == 2 and {k: v.degrees for k, v in result.reactions.items()} == {"Bruna": 1, "Dario": 1}
    assert (result.reaction.result, result.reaction.actor_extra, result.reaction.opponent_extra) == ("success", 1, (0, 0))
    with pytest.raises(RuleViolation, match="reacts once"):
        oppose(world, "Aldo", TestSpec("P"), [("Bruna", TestSpec("C")), ("bruna", TestSpec("P"))])
    with pytest.raises(RuleViolation, match="reacts once"):
        oppose(world, "Aldo", TestSpec("P"), [("Aldo", TestSpec("C"))])


def test_a_contest_where_each_entrant_tests_its_own_capacities_seed_Concours_L404_L414() -> None:
    # The gladiators' rush for the sword (L412): Aldo runs (P 1 + Guerrier 2 halved = 2, die 3:
    # no degree), Bruna too but from farther (P 1 + half of Guerrier 1, which is 0, and -1 for
    # the distance: level 0, a certain failure, no die), Dario throws himself at it (C 2 + Guerrier 3, 1 effort: dice 1, 5: two
    # degrees). Ranking: Dario, then Aldo and Bruna together.
    world = table(ALDO, BRUNA, DARIO, dice=[3, 1, 5])
    outcomes, ranking = contest(
        world,
        [
            ("Aldo", TestSpec("P", "Guerrier", applies="partial")),
            ("Bruna", TestSpec("P", "Guerrier", applies="partial", difficulty=-1)),
            ("Dario", TestSpec("C", "Guerrier", effort=1)),
        ],
    )
    assert {k: (v.level, v.degrees) for k, v in outcomes.items()} == {"Aldo": (2, 0), "Bruna": (0, 0), "Dario": (5, 2)}
    assert ranking == [["Dario"], ["Aldo", "Bruna"]]
    with pytest.raises(RuleViolation, match="tests once"):
        contest(world, [("Aldo", TestSpec("P")), ("Aldo", TestSpec("C"))])
