"""An Elor table in memory with scripted dice: every die and D100 the commands roll comes, in
order, from one queue of faces (a face f is the uniform value f - 1 of FAIRNESS.md); and the
Tolosa table of the sample sheets for the real ``chronique`` command, with what a test reads of it."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from scripted_table import SEED, ScriptedDice, dice, scripted_table
from support import SAMPLES, run

from chronique.adapters.bootstrap import build
from chronique.domain.world import World
from chronique.web.pages import Reader, log_page

__all__ = [
    "ALDO",
    "ALDO_SHEET",
    "BRUNA",
    "BRUNA_SHEET",
    "SEED",
    "ScriptedDice",
    "dice",
    "journal_lines",
    "log",
    "recorded",
    "refused_in_one_line",
    "scene_of",
    "table",
    "tolosa",
]

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


def recorded(world: World) -> int:
    """How many events the commands on ``world`` have recorded so far."""
    return sum(len(c.pending_events) for c in world.characters.values()) + len(world.campaign.pending_events)


def scene_of(world: World, name: str) -> dict[str, Any]:
    """The action scene as ``name``'s condition holds it (sequence, action points, spent, turn)."""
    return dict(world.character(name).condition["scene"])


def tolosa(db: str) -> None:
    """A table: Tolosa at Day 1 08:00, Samson and Montana James, a session open."""
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor", "--start", "Day 1 08:00")
    for sheet in (SAMPLES / "elor_samson.toml", SAMPLES / "elor_montana.toml"):
        run(db, "character", "new", "Tolosa", "--sheet", str(sheet))
    run(db, "session", "start", "Tolosa")


def log(db: str, *options: str) -> list[dict[str, Any]]:
    """Tolosa's events as ``log --json --gm`` gives them, narrowed by ``options``."""
    return [entry["event"] for entry in json.loads(run(db, "log", "Tolosa", "--json", "--gm", *options).stdout)]


def refused_in_one_line(db: str, *args: str) -> str:
    """``args`` refused: exit 2, one line on stderr, and nothing recorded."""
    before = len(log(db))
    result = run(db, *args, check=False)
    assert result.returncode == 2, (args, result.stdout, result.stderr)
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert len(log(db)) == before, args
    return result.stderr.strip()


def journal_lines(db: str) -> list[str]:
    """Tolosa's log as the GM reads it in the players' web journal, a line of text each."""
    services = build(db)
    try:
        return [row.text for row in log_page(services, Reader("Tolosa", "GM", True, "token"))["rows"]]
    finally:
        services.close()
