"""Elor, twelfth round: what the table reads of effort recovered and of a parrying item's damage.
The unit tests roll scripted dice (tests/elor_table.py); the command-line test runs the real
``chronique`` command (in-process, ``support.run``).
Seed: shared/seeds/003_d01003b662e47709.txt; digest: shared/rules/elor.md."""

from __future__ import annotations

import pytest
from elor_table import ALDO, BRUNA, SWORD, table, tolosa
from support import run

from chronique.cli.elor import _damage_line
from chronique.domain.rulesets.elor.describe import NO_STRUCTURE
from chronique.domain.rulesets.elor.play import Attack, TestSpec, attack

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
