"""An Elor table in memory with scripted dice: every die and D100 the commands roll comes, in
order, from one queue of faces (a face f is the uniform value f - 1 of FAIRNESS.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scripted_table import SEED, ScriptedDice, dice, scripted_table

from chronique.domain.world import World

__all__ = ["ALDO", "ALDO_SHEET", "BRUNA", "BRUNA_SHEET", "SEED", "ScriptedDice", "dice", "table"]

# A soldier at Normal power: Coordination 2, Esprit 0 (3 AP), Physique 1, Mental -1 (2 EP, max 1).
ALDO: dict[str, Any] = {
    "name": "Aldo",
    "culture": {"name": "Montagnard", "familiarities": ["Coutumes montagnardes", "Langage montagnard"]},
    "faculties": {"P": 1, "C": 2, "E": 0, "M": -1},
    "attributes": {"Vision nocturne": 1},
    "professions": {"Guerrier": 2},
    "familiarities": {"Épées": 2},
    "weapons": {"Épée": {"damage": 6, "increment": 2, "familiarity": "Épées", "resistance": 3, "structure": 10}},
    "armour": {"torso": 1},
}
# A smith: Physique 1, Coordination 1, Esprit 0, Mental 0 (AP 2 + ceil(1/2) = 3; EP 3, max 2).
BRUNA: dict[str, Any] = {
    "name": "Bruna",
    "faculties": {"Physique": 1, "Coordination": 1, "Esprit": 0, "Mental": 0},
    "professions": {"Forgeron": 1, "Guerrier": 1},
    "familiarities": {"Forge": 1, "Haches": 1},
    "weapons": {"Hache": {"damage": 5, "increment": 1, "familiarity": "Haches"}},
}


# The same two as sheet files for the command line (TOML, as a GM writes them): Aldo without his
# culture, attribute and armour, Bruna with her Physique..Mental as P..M and no axe.
ALDO_SHEET = """name = "Aldo"
faculties = { P = 1, C = 2, E = 0, M = -1 }
professions = { Guerrier = 2 }
familiarities = { "Épées" = 2 }
[weapons."Épée"]
damage = 6
increment = 2
familiarity = "Épées"
"""
BRUNA_SHEET = """name = "Bruna"
faculties = { P = 1, C = 1, E = 0, M = 0 }
professions = { Forgeron = 1, Guerrier = 1 }
familiarities = { Forge = 1, Haches = 1 }
"""


def table(
    *sheets: dict[str, Any],
    dice: Sequence[int] = (),
    session: bool = True,
    settings: dict[str, Any] | None = None,
    clock: int = 8 * 3600,
) -> World:
    """An Elor campaign in memory with these characters (Aldo and Bruna by default), its clock
    at ``clock`` (Day 1 08:00 by default)."""
    return scripted_table("Elor table", "elor", sheets or (ALDO, BRUNA), {"kind": "days"}, clock, dice, session, settings)
