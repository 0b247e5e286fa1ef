"""Elor, twelfth round: what the table reads of effort recovered and of a parrying item's damage;
then (the twelfth round's second pass) the target of an attack that was up together with the
attacker (its card "Défense", E115), the effort asked for a certain failure (E116), the action
point a reaction spends in an action scene (E117), a pause asked in the middle of one (E118) and a
helper's effort while the collaboration it works on runs (E119).
The unit tests roll scripted dice (tests/elor_table.py); the command-line tests run the real
``chronique`` command (in-process, ``support.run``, or in a subprocess, ``support.chronique``)
on a real journal.
Seed: shared/seeds/003_d01003b662e47709.txt; digest: shared/rules/elor.md."""

from __future__ import annotations

import pytest
from elor_table import (
    AIMED,
    ALDO,
    BRUNA,
    MORNING,
    SWORD,
    downtime,
    events_of,
    log,
    recorded,
    refused_in_one_line,
    run_until,
    scene_of,
    table,
    tolosa,
)
from support import chronique, log_details, run

from chronique.cli.elor import _damage_line
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import HOUR
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.describe import NO_STRUCTURE
from chronique.domain.rulesets.elor.downtime import start_long_action
from chronique.domain.rulesets.elor.play import (
    Attack,
    TestSpec,
    attack,
    begin_scene,
    end_scene,
    next_up,
    oppose,
    pause,
    roll_test,
    take_opportunity,
)

CARLO = dict(BRUNA, name="Carlo")
# Two dice at Guerrier's level: two degrees beat the attack's one, and the blow is parried.
PARRY = TestSpec("C", "Guerrier", effort=1)


def _journal(db: str) -> str:
    return run(db, "log", "Tolosa", "--json", "--gm").stdout


def test_effort_with_none_spent_says_there_is_nothing_to_recover_and_records_nothing_PROPOSAL_5_1_ruling_E102(db: str) -> None:
    # PROPOSAL §5.1: spent effort comes back as effort points. With none spent the line read
    # "Samson recovers 0 effort points"; it says so plainly, and nothing is recorded (as before).
    tolosa(db)
    before = _journal(db)
    said = run(db, "elor", "effort", "Tolosa", "samson")
    assert (said.returncode, said.stdout) == (0, "Samson has spent no effort: there is nothing to recover\n")
    assert _journal(db) == before
    run(db, "elor", "test", "Tolosa", "Samson", "--faculty", "C", "--effort", "1")
    assert run(db, "elor", "effort", "Tolosa", "samson").stdout == "Samson recovers 1 effort point\n"


def test_a_guards_parry_names_the_guard_as_the_owner_of_the_damaged_weapon_seed_La_parade_ruling_E103(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # §La parade: an ally may parry for the target, and the blow's half damage goes to the guard's
    # own weapon. The line said "Hache takes 3 points of damage", Bruna's or Carlo's unsaid.
    world = table(ALDO, BRUNA, CARLO, dice=[4, 1, 1])  # Aldo 1 degree; Carlo's parry 2 degrees
    result = attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, defence="parry", parry_with="Hache", guard="Carlo", defence_spec=PARRY))
    assert (result.exchange.result, result.damaged) == ("parried", "Carlo")
    assert result.damage is not None
    # Half of the Épée's damage on Carlo's Hache, which the sheet gives no structure points.
    assert [type(e).__name__ for e in world.character("Carlo").pending_events].count("EquipmentDamaged") == 1
    _damage_line(result.damaged, result.damage)
    assert capsys.readouterr().out == f"Carlo's Hache takes 3 points of damage: {NO_STRUCTURE}\n"
    # Parried with a limb, the blow's half lands on the guard's arm, said as Carlo's, not Bruna's.
    world = table(ALDO, BRUNA, CARLO, dice=[4, 1, 1])
    limb = attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, defence="parry", guard="Carlo", defence_spec=PARRY))
    assert (limb.exchange.result, limb.damaged) == ("parried", "Carlo")
    assert limb.damage is not None
    _damage_line(limb.damaged, limb.damage)
    assert capsys.readouterr().out == "Carlo's bras gauche: 3 points of damage, 3 in all (hurt)\n"


def test_a_parry_of_ones_own_names_the_target_and_a_hit_the_target_seed_La_parade_ruling_E103() -> None:
    # Without a guard the parrying weapon is the target's; a blow that lands, with a guard
    # standing by, is the target's too (§Application des dommages).
    world = table(ALDO, BRUNA, CARLO, dice=[4, 1, 1])
    parried = attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, defence="parry", parry_with="Hache", defence_spec=PARRY))
    assert (parried.exchange.result, parried.damaged) == ("parried", "Bruna")
    world = table(ALDO, BRUNA, CARLO, dice=[4, 9, 9, 50])  # Carlo's parry no degree; D100 50
    hit = attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, defence="parry", parry_with="Hache", guard="Carlo", defence_spec=PARRY))
    assert (hit.exchange.result, hit.damaged) == ("hit", "Bruna")
    assert hit.damage is not None and "location" in hit.damage


# -- The target up together with its attacker lays "Défense" (§Cas d'actions simultanées, E115) ----


def test_a_target_up_together_with_its_attacker_spends_that_opportunity_on_its_defence_seed_Cas_d_actions_simultanees_ruling_E115() -> None:
    # §Scènes d'action step 2: "Au moment où il est désigné comme ayant une opportunité d'agir, un
    # personnage doit obligatoirement dépenser l'un de ses points d'action"; §Cas d'actions
    # simultanées L520-L524: designated together and fighting each other, each lays a card. Aldo
    # and Bruna (3 AP each) are up together; Aldo's attack without --simultaneous is "Attaque"
    # against Bruna's "Défense" (E14). Bruna's dodge was a reaction on top, and she had the next
    # opportunity alone, as if she had not been designated.
    world = table(dice=[1, 9, 50])  # Aldo level 5: 1 degree; Bruna's dodge at level 1: none; D100 50
    begin_scene(world, ["Aldo", "Bruna"])
    assert next_up(world) == ("Aldo", "Bruna")
    result = attack(world, "Aldo", "Bruna", Attack("Épée", SWORD))
    assert (result.paired, result.exchange.result) == (True, "hit")
    # Her card's point holds her defence (E13's reserve), which the dodge then uses: one point each.
    spent = [(e.kind, e.from_token) for e in events_of(world, "Bruna", ev.ActionPointSpent)]
    assert spent == [("reserve", False), ("defence", True)]
    assert [(scene_of(world, n)["ap"], scene_of(world, n)["spent"]) for n in ("Aldo", "Bruna")] == [(2, 1), (2, 1)]
    # Both took the opportunity: still tied, they are up together again (digest D4: A+B, A+B).
    assert next_up(world) == ("Aldo", "Bruna")
    # Only a target designated with the attacker lays a card: after Aldo waits alone, Bruna (3 AP)
    # is up alone, and Aldo's defence against her is a reaction (§Scènes d'action step 2, E13).
    world = table(dice=[1, 9, 50])
    begin_scene(world, ["Aldo", "Bruna"])
    take_opportunity(world, ["Aldo"], "wait")
    assert next_up(world) == ("Bruna",)
    result = attack(world, "Bruna", "Aldo", Attack("Hache", TestSpec("C", "Guerrier", familiarity="Haches")))
    assert result.paired is False
    assert [(e.kind, e.from_token) for e in events_of(world, "Aldo", ev.ActionPointSpent)] == [("wait", False), ("defence", False)]
    assert next_up(world) == ("Aldo",)  # Bruna just acted; Aldo, 1 AP left, is up alone


def test_the_table_reads_the_targets_card_and_both_are_up_again_seed_Cas_d_actions_simultanees_ruling_E115(db: str) -> None:
    # The real command: Samson and Montana James (3 AP each) are up together; Samson attacks her,
    # at a level that rolls nothing (E8), and she dodges anyway (--defend-on-miss), at level 0.
    tolosa(db)
    assert run(db, "elor", "scene", "start", "Tolosa", "Samson", "Montana James").stdout == "scene started; next: Samson + Montana James\n"
    said = chronique(db, "elor", "attack", "Tolosa", "Samson", "Montana James", "-w", "Hache", "-d", "-9", "--defend-on-miss").stdout
    assert said.splitlines() == [
        "Montana James, up together with Samson, laid “Défense”: the action point of this opportunity holds the defence",
        "Samson attacks: level -8 (Coordination 1, difficulty -9): no roll, failure — 0 degrees of success",
        "Montana James dodges: level 0 (Coordination 0): no roll, failure — 0 degrees of success",
        "0 degrees against a dodge of 0 degrees: missed",
    ]
    assert run(db, "elor", "scene", "next", "Tolosa").stdout == "next: Samson + Montana James\n"
    spent = [line for line in log_details(db, "Tolosa") if line.startswith("spent an action point")]
    assert spent == [
        "spent an action point on an attack",
        "spent an action point on a defence held in reserve",
        "spent an action point on a defence (the reserved one)",
    ]
    sheet = [line.strip() for line in chronique(db, "elor", "sheet", "Tolosa", "Montana James").stdout.splitlines()]
    assert "action points: 2 of 3 left in sequence 1" in sheet
    assert chronique(db, "verify", "Tolosa").returncode == 0


# -- A certain failure spends no effort (§Résolution des actions L296-L298, L320; E116) ------------


def test_a_certain_failure_spends_none_of_the_effort_asked_seed_Resolution_des_actions_L296_L320_ruling_E116() -> None:
    # §Résolution des actions L296-L298: the level may make the outcome certain, and then no die
    # is rolled; effort buys dice (L320: "un nombre de D10 égal à un plus le nombre de points
    # d'efforts investis"). At level -3 Aldo's effort point became fatigue for nothing.
    world = table()
    outcome = roll_test(world, "Aldo", TestSpec("C", effort=1, difficulty=-5))
    assert (outcome.automatic, outcome.degrees, outcome.effort, outcome.dice) == ("failure", 0, 0, ())
    aldo = world.character("Aldo").condition
    assert (aldo["effort"], aldo["fatigue"]) == (2, 0)
    (tested,) = events_of(world, "Aldo", ev.TestRolled)
    assert (tested.spec["effort"], tested.outcome["effort"], tested.chance) == (0, 0, [])
    # A certain success still spends it, a degree for each point (E8).
    world = table()
    assert roll_test(world, "Aldo", TestSpec("C", effort=1, difficulty=10)).degrees == 2
    assert world.character("Aldo").condition["fatigue"] == 1


def test_the_table_reads_that_the_effort_asked_for_a_certain_failure_was_not_spent_ruling_E116(db: str) -> None:
    # The real command: the test's line says the effort was asked and kept; the sheet keeps it;
    # a dodge's certain failure (Montana James, Coordination 0) keeps its --defence-effort too.
    tolosa(db)
    assert chronique(db, "elor", "test", "Tolosa", "Samson", "-e", "1", "-d", "-5").stdout == (
        "Samson: level -4 (Coordination 1, difficulty -5): no roll, failure — 0 degrees of success"
        " (1 effort point asked, none spent: a test at level 0 or below fails before any effort is invested or die rolled)\n"
    )
    sheet = chronique(db, "elor", "sheet", "Tolosa", "Samson").stdout.splitlines()
    assert "effort: 3 of 3 points available" in [line.strip() for line in sheet]
    said = chronique(
        db, "elor", "attack", "Tolosa", "Samson", "Montana James", "-w", "Hache", "-d", "20", "--defence-effort", "2"
    ).stdout.splitlines()
    assert said[1] == (
        "Montana James dodges: level 0 (Coordination 0): no roll, failure — 0 degrees of success"
        " (2 effort points asked, none spent: a test at level 0 or below fails before any effort is invested or die rolled)"
    )
    dodge = [e for e in log(db) if e["topic"].endswith(":TestRolled") and e["purpose"].startswith("dodge")]
    assert [(e["spec"]["effort"], e["outcome"]["effort"]) for e in dodge] == [(0, 0)]
    assert chronique(db, "verify", "Tolosa").returncode == 0


# -- A reaction spends an action point in an action scene (§Scènes d'action step 2, E117) ----------


def test_a_reaction_in_an_action_scene_spends_an_action_point_and_needs_one_seed_Scenes_d_action_step_2_ruling_E117() -> None:
    # §Scènes d'action step 2: "Si l'action du personnage peut appeler une réaction de la part
    # d'antagonistes, ceux-ci pourraient avoir la possibilité de l'effectuer à condition d'encore
    # disposer d'au moins un point d'action. Ceux qui décideront d'effectuer leur réaction devront
    # en effet en dépenser un." `elor oppose` in a running scene spent none, even with none left.
    world = table(dice=[1, 1])  # Aldo's action and Bruna's reaction, one degree each
    begin_scene(world, ["Aldo", "Bruna"])
    for _ in range(2):
        take_opportunity(world, ["Aldo", "Bruna"], "wait")
    take_opportunity(world, ["Aldo"], "wait")  # Aldo 0 AP left, Bruna 1
    before = recorded(world)
    with pytest.raises(
        RuleViolation, match=r"^Aldo has no action point left in this sequence: a reaction spends one \(§Scènes d'action\)$"
    ):
        oppose(world, "Bruna", TestSpec("C"), [("Aldo", TestSpec("C"))])
    assert recorded(world) == before  # refused before any die
    oppose(world, "Aldo", TestSpec("C"), [("Bruna", TestSpec("C"))])
    assert [e.kind for e in events_of(world, "Bruna", ev.ActionPointSpent)] == ["wait", "wait", "reaction"]
    assert (scene_of(world, "Bruna")["ap"], scene_of(world, "Bruna")["spent"]) == (0, 3)
    # A reaction takes no opportunity: Aldo's wait stays the last one taken (the order's exclusion).
    assert scene_of(world, "Bruna")["turn"] < scene_of(world, "Aldo")["turn"]


def test_the_table_reads_a_reaction_refused_without_an_action_point_and_one_spent_ruling_E117(db: str) -> None:
    tolosa(db)
    run(db, "elor", "scene", "start", "Tolosa", "Samson", "Montana James")
    for _ in range(2):
        run(db, "elor", "scene", "act", "Tolosa", "Samson", "Montana James", "--as", "wait")
    run(db, "elor", "scene", "act", "Tolosa", "Samson", "--as", "wait")
    assert refused_in_one_line(db, "elor", "oppose", "Tolosa", "Montana James", "Samson") == (
        "error: Samson has no action point left in this sequence: a reaction spends one (§Scènes d'action)"
    )
    chronique(db, "elor", "oppose", "Tolosa", "Samson", "Montana James", "--reason", "slipping past")
    assert log_details(db, "Tolosa")[-2] == "spent an action point on a reaction"
    sheet = [line.strip() for line in chronique(db, "elor", "sheet", "Tolosa", "Montana James").stdout.splitlines()]
    assert "action points: 0 of 3 left in sequence 1" in sheet


# -- No pause in the middle of an action scene (§Catégories de tests L316, PROPOSAL §5.1, E118) -----


def test_a_pause_in_the_middle_of_an_action_scene_is_refused_seed_Categories_L316_PROPOSAL_5_1_ruling_E118() -> None:
    # §Catégories de tests L316: "Des règles précises de récupération sont définies pour les scènes
    # d'action"; PROPOSAL §5.1 (E21): a point back per opportunity spent waiting, all of it at the
    # scene's end. `elor effort` gave Aldo all his effort back in the middle of a fight.
    world = table(dice=[9, 9, 9, 9])
    begin_scene(world, ["Aldo", "Bruna"])
    roll_test(world, "Aldo", AIMED)  # 1 effort point spent in the scene
    before = recorded(world)
    with pytest.raises(RuleViolation, match=r"^Aldo is in the running action scene, where spent effort comes back only a point"):
        pause(world, "Aldo", "a breather")
    assert recorded(world) == before
    assert world.character("Aldo").condition["fatigue"] == 1
    assert end_scene(world) == {"Aldo": 1}  # the scene's end gives it back
    roll_test(world, "Aldo", AIMED)  # out of a scene, a pause is the table's
    assert pause(world, "Aldo", "a breather") == 1
    assert world.character("Aldo").condition["fatigue"] == 0


def test_the_table_reads_why_a_pause_is_refused_in_an_action_scene_ruling_E118(db: str) -> None:
    tolosa(db)
    run(db, "elor", "scene", "start", "Tolosa", "Samson", "Montana James")
    chronique(db, "elor", "test", "Tolosa", "Samson", "-e", "1", "--reason", "hold the door")
    assert refused_in_one_line(db, "elor", "effort", "Tolosa", "samson") == (
        "error: Samson is in the running action scene, where spent effort comes back only a point for each opportunity"
        " spent waiting, and all of it when the scene ends (§Catégories de tests)"
    )
    run(db, "elor", "scene", "end", "Tolosa")
    chronique(db, "elor", "test", "Tolosa", "Samson", "-e", "1", "--reason", "force the lock")
    assert chronique(db, "elor", "effort", "Tolosa", "Samson").stdout == "Samson recovers 1 effort point\n"


# -- A helper's effort is held as the owner's while the collaboration runs (§Collaborations, E119) ---


def test_a_helpers_effort_is_held_by_the_collaborations_regime_seed_Collaborations_L458_Actions_longues_L442_ruling_E119() -> None:
    # §Actions longues L442: the GM says whether effort comes back during the series of tests (the
    # regime "none": it does not, L448-L450); §Collaborations L458: each participant tests at each
    # time unit. The owner's effort stayed spent, but the helper's came back after an hour without
    # an expense, in the middle of the work (E21 looked only at the character's own long actions).
    world = table(dice=[9] * 17)  # 09:00 to 14:00: Aldo 2, 2, 1, 1, 1, 1 dice; Bruna 2, 2, 2, 1, 1, 1
    downtime(world)
    start_long_action(
        world, "Aldo", "forge the blade", 40, TestSpec("P", effort=1), effort_regime="none", helpers=[("Bruna", TestSpec("P", effort=1))]
    )
    run_until(world, MORNING + 6 * HOUR + HOUR // 2)  # the day's six tests, then half an hour
    assert events_of(world, "Bruna", ev.EffortRecovered) == events_of(world, "Aldo", ev.EffortRecovered) == []
    assert (world.character("Aldo").condition["fatigue"], world.character("Bruna").condition["fatigue"]) == (2, 3)
    # Nor does it come back before a test of hers while the work runs, as it does not for the owner.
    with pytest.raises(RuleViolation, match=r"^Bruna has no effort point available \(1 asked\)$"):
        roll_test(world, "Bruna", TestSpec("C", effort=1))


def test_the_advance_gives_a_helper_no_effort_back_while_the_work_runs_under_the_regime_none_ruling_E119(db: str) -> None:
    tolosa(db)
    run(db, "session", "end", "Tolosa")
    work = ("copy the glyphs", "--degrees", "30", "-f", "P", "-d", "2", "-e", "1", "--helper", "Samson", "--effort-regime", "none")
    run(db, "elor", "long-action", "start", "Tolosa", "Montana James", *work)
    said = chronique(db, "advance", "Tolosa", "1d", "--yes").stdout
    assert "Montana James: copy the glyphs" in said and "recovered" not in said
    sheet = [line.strip() for line in chronique(db, "elor", "sheet", "Tolosa", "Samson").stdout.splitlines()]
    assert "effort: 0 of 3 points available, 3 spent (fatigue)" in sheet  # three tests at 1 point (maximal effort 1), none back
