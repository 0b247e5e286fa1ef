"""Elor, round 25c of play-test fixes: the difficulty a ranged weapon's shots set the defence is
named as its own term, not as the GM's difficulty (E133). Rules in memory with the scripted dice
of tests/elor_table.py; what a person reads through the real command (``support.run``) on a real
journal. Seed: shared/seeds/003_d01003b662e47709.txt; digest: shared/rules/elor.md."""

from __future__ import annotations

from pathlib import Path

from elor_table import ALDO, ARCHER, BRUNA, events_of, table, tolosa
from support import run

from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.combat import RangedShot
from chronique.domain.rulesets.elor.describe import WORDS
from chronique.domain.rulesets.elor.play import Attack, TestSpec, attack

# Aldo with a crossbow besides his sword: its bolts are hard to dodge (§Défense L651).
CROSSBOWMAN = {**ALDO, "weapons": {**ALDO["weapons"], "Arbalète": {"damage": 5, "increment": 2, "ranged": True, "defence_difficulty": -2}}}


def test_a_ranged_weapons_defence_difficulty_is_its_own_term_beside_the_gms_seed_Defense_L651_ruling_E133() -> None:
    # §Défense L651: against a shot the defence's difficulty "est déterminé par l'arme employée
    # par l'attaquant"; L655: circumstances (darkness) add to it. Bruna's dodge read "difficulty
    # -3": the crossbow's -2 and the GM's -1 were one number.
    world = table(CROSSBOWMAN, BRUNA, dice=[1, 50])  # Aldo's die (level 4): a degree; Bruna's dodge is certain to fail; D100
    shot = RangedShot(size_cm=110, distance_m=10)
    attack(
        world,
        "Aldo",
        "Bruna",
        Attack("Arbalète", TestSpec("C", "Guerrier"), melee=False, shot=shot, defence_spec=TestSpec("C", "Guerrier", difficulty=-1)),
    )
    (bruna,) = events_of(world, "Bruna", ev.TestRolled)
    assert (bruna.terms["ranged"], bruna.terms["difficulty"]) == (-2, -1)
    said = WORDS["chronique.domain.rulesets.elor.events:TestRolled"]
    dodge = "dodge against Aldo: level -1 (Coordination 1, Guerrier +1, ranged weapon -2, difficulty -1)"
    assert said(bruna) == f"{dodge}: no roll, failure — 0 degrees of success"


def test_a_shot_names_the_weapons_defence_difficulty_at_the_table_and_verifies_ruling_E133(db: str, tmp_path: Path) -> None:
    # Lyra's level 10 (Coordination 3, Chasseur 2, size 4 m +2, 1 m +3) is a certain success
    # (B4), so Samson always defends; the verifier adds up the recorded terms (FAIRNESS.md v2).
    tolosa(db)
    (tmp_path / "lyra.toml").write_text(ARCHER, encoding="utf-8")
    run(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / "lyra.toml"))
    shot = ("--ranged", "--target-size", "4", "--distance", "1", "--defence-difficulty", "-1")
    lines = run(db, "elor", "attack", "Tolosa", "Lyra", "Samson", "-w", "Arc", "-p", "Chasseur", *shot).stdout.splitlines()
    assert "Samson dodges: level -2 (Coordination 1, ranged weapon -2, difficulty -1): no roll, failure — 0 degrees of success" in lines, (
        lines
    )
    assert "OK" in run(db, "verify", "Tolosa").stdout
