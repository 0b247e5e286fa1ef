"""Elor, round 25 of review fixes: a training keeps its teacher (E126), the table's words quote
typographically (E127) and an attack needs an arm to wield its weapon (E128). The command-line
test runs the real ``chronique`` command in a subprocess (``support.chronique``) on a real
journal; the unit tests use the in-memory table of tests/elor_table.py.
Seed: shared/seeds/003_d01003b662e47709.txt; digest: shared/rules/elor.md."""

from __future__ import annotations

from typing import Any

import pytest
from elor_table import events_of, log, table, tolosa
from support import chronique, run

from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.downtime import start_long_action, start_training, training_stopped
from chronique.domain.rulesets.elor.play import TestSpec, suffer_damage

DEAD = "its teacher Aldo is dead, and a training needs a living teacher"

# -- E126: a training records its teacher ---------------------------------------------------------


def _bruna_trains_with_aldo() -> tuple[Any, dict[str, Any]]:
    # PROPOSAL §5.5 (E27): Aldo, Guerrier 2, teaches Bruna, Guerrier 1, a level above hers.
    world = table()
    action = start_training(world, "Bruna", "Guerrier", "Aldo", TestSpec("C"))
    return world, action


def test_a_training_records_its_teacher_when_it_starts_PROPOSAL_5_5_ruling_E126() -> None:
    # The teacher was read back from the training's name ("training in Guerrier with Aldo");
    # LongActionStarted version 2 keeps it beside the profession it raises.
    world, _ = _bruna_trains_with_aldo()
    (started,) = events_of(world, "Bruna", ev.LongActionStarted)
    assert (started.action["raises"], started.action["teacher"]) == ("Guerrier", "Aldo")
    # Other work has none.
    assert start_long_action(world, "Aldo", "forge a sword", 5, TestSpec("C"))["teacher"] is None


def test_a_training_recorded_before_version_2_reads_its_teacher_from_its_name_ruling_E126() -> None:
    # Recorded before LongActionStarted version 2: the upcaster reads the teacher from the name
    # the training was given (E61), as the rules read it then; other work has none.
    training = {"id": 1, "name": "training in Guerrier with Aldo", "raises": "Guerrier"}
    stored: dict[str, Any] = {"at": 0, "action": dict(training)}
    ev.LongActionStarted.upcast_stored(stored)
    assert stored["action"] == training | {"teacher": "Aldo"}
    work: dict[str, Any] = {"at": 0, "action": {"id": 2, "name": "training in Guerrier with Aldo", "raises": None}}
    ev.LongActionStarted.upcast_stored(work)
    assert work["action"]["teacher"] is None
    # Version 2 is kept as recorded.
    kept: dict[str, Any] = {"at": 0, "action": training | {"teacher": "Bruna"}}
    ev.LongActionStarted.upcast_stored(kept)
    assert kept["action"]["teacher"] == "Bruna"


def test_a_dead_teacher_stops_the_training_it_recorded_whatever_its_name_ruling_E126_E120() -> None:
    # E120: a training whose teacher died stops at its week. The teacher is the one recorded, not
    # a name parsed back: a training named otherwise still stops when Aldo dies.
    world, action = _bruna_trains_with_aldo()
    bruna = world.character("Bruna")
    assert training_stopped(world, bruna, action) is None
    suffer_damage(world, "Aldo", 20, "un ours", "head")  # §Humains: the head at twice its HP, death
    assert training_stopped(world, bruna, action | {"name": "learning the axe"}) == DEAD
    # A state kept before version 2 (a snapshot) holds no teacher: the name still tells it.
    kept = {k: v for k, v in action.items() if k != "teacher"}
    assert training_stopped(world, bruna, kept) == DEAD


# -- E128: no usable arm, no weapon wielded -------------------------------------------------------

ATTACK = ("elor", "attack", "Tolosa", "Samson", "Montana James", "-w", "Hache", "-p", "Guerrier")


def _hurt_arm(db: str, where: str, amount: int) -> None:
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", str(amount), "--location", where, "--source", "un ours")


def _refused(db: str) -> str:
    # Refused in one line on stderr, exit 2, nothing recorded (as every Elor refusal).
    before = len(log(db))
    result = chronique(db, *ATTACK, check=False)
    assert result.returncode == 2, result.stdout
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert len(log(db)) == before
    return result.stderr.strip()


@pytest.mark.parametrize(
    ("left_arm", "said"),
    [
        # §Application des dommages L715 and §Humains ("Bras détruit"): Samson's arms (5 hit points
        # each, P 2) at 10, twice them, are destroyed; his axe was still swung ("Samson attacks: …").
        (10, "the bras droit and the bras gauche are destroyed"),
        # L715: at its hit points a location is "temporairement inutilisable"; with one arm
        # destroyed and the other unusable none is left to wield the axe.
        (5, "the bras droit is destroyed and the bras gauche is unusable"),
    ],
)
def test_an_attack_with_no_usable_arm_is_refused_seed_Application_des_dommages_L715_ruling_E128(db: str, left_arm: int, said: str) -> None:
    tolosa(db)
    _hurt_arm(db, "Bras droit", 10)
    _hurt_arm(db, "Bras gauche", left_arm)
    assert _refused(db) == f"error: Samson cannot attack with Hache: {said}, and a weapon needs a usable arm to wield it"


def test_one_usable_arm_still_attacks_ruling_E128(db: str) -> None:
    # The sheet does not say which arm holds the axe: one usable arm is enough.
    tolosa(db)
    _hurt_arm(db, "Bras droit", 10)
    assert chronique(db, *ATTACK).stdout.startswith("Samson attacks: ")
