"""An Elor table in memory with scripted dice: every die and D100 the commands roll comes, in
order, from one queue of faces (a face f is the uniform value f - 1 of FAIRNESS.md); and the
Tolosa table of the sample sheets for the real ``chronique`` command, with what a test reads of it."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from scripted_table import SEED, ScriptedDice, dice, scripted_table
from support import SAMPLES, run

from chronique.adapters.bootstrap import build
from chronique.domain.gametime import HOUR
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.elor.describe import WORDS
from chronique.domain.rulesets.elor.play import TestSpec
from chronique.domain.timeline import advance
from chronique.domain.world import World
from chronique.web.pages import Reader, log_page

__all__ = [
    "AIMED",
    "ALDO",
    "ALDO_SHEET",
    "BRIGAND",
    "BRUNA",
    "BRUNA_SHEET",
    "MORNING",
    "SEED",
    "SWORD",
    "TRAIN",
    "ScriptedDice",
    "dice",
    "downtime",
    "events_of",
    "in_the_log",
    "journal_lines",
    "log",
    "of_kind",
    "recorded",
    "refused_in_one_line",
    "run_until",
    "scene_of",
    "table",
    "tolosa",
    "tolosa_with_brigand",
    "with_aldo_and_bruna",
]

MORNING = 8 * HOUR  # Day 1 08:00, when the tables open
# Aldo's sword (§Armement): Coordination, Guerrier, his familiarity with swords.
SWORD = TestSpec("C", "Guerrier", familiarity="Épées")
AIMED = TestSpec("C", "Guerrier", familiarity="Épées", effort=1)  # Aldo's level 5, two dice
# The command line's training in downtime (PROPOSAL §5.5, ruling E27), its campaign named.
TRAIN = ("elor", "downtime", "train", "Tolosa")

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


def events_of(world: World, name: str, kind: type) -> list[Any]:
    """The events of ``kind`` the commands on ``world`` have recorded for ``name`` so far."""
    return [e for e in world.character(name).pending_events if isinstance(e, kind)]


def downtime(world: World) -> None:
    """End the table's session: the campaign is in downtime."""
    world.campaign.end_session(bytes(32), "0" * 64, "2026-01-01T00:00:00+00:00")


def run_until(world: World, at: int) -> list[Any]:
    """Advance the campaign's clock to ``at``, running Elor's timed processes; what they recorded."""
    return advance(world.campaign, ruleset("elor").processes(world), at)


def tolosa(db: str) -> None:
    """A table: Tolosa at Day 1 08:00, Samson and Montana James, a session open."""
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor", "--start", "Day 1 08:00")
    for sheet in (SAMPLES / "elor_samson.toml", SAMPLES / "elor_montana.toml"):
        run(db, "character", "new", "Tolosa", "--sheet", str(sheet))
    run(db, "session", "start", "Tolosa")


# A GM character with a net (§Armement: an entangling weapon) for the effects' names.
# An archer: her bow's shots set the defence -2 (§Défense L651).
ARCHER = """name = "Lyra"
npc = true
creation = "free"
faculties = { P = 0, C = 3, E = 1, M = -1 }
professions = { Chasseur = 2 }
[weapons.Arc]
damage = 4
ranged = true
defence_difficulty = -2
"""


BRIGAND = """name = "Brigand"
npc = true
faculties = { P = 1, C = 1, E = 0, M = 0 }
professions = { Guerrier = 2 }
familiarities = { "Épées" = 1 }
[weapons."Épée"]
damage = 5
increment = 2
familiarity = "Épées"
[armour]
torso = 1
"""


def tolosa_with_brigand(db: str, tmp_path: Path) -> None:
    """The reviewer's table: Tolosa at Day 1 08:00, Samson, Montana James and a brigand, a session open."""
    (tmp_path / "brigand.toml").write_text(BRIGAND, encoding="utf-8")
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor", "--start", "Day 1 08:00")
    for sheet in (SAMPLES / "elor_samson.toml", SAMPLES / "elor_montana.toml", tmp_path / "brigand.toml"):
        run(db, "character", "new", "Tolosa", "--sheet", str(sheet))
    run(db, "session", "start", "Tolosa")


def with_aldo_and_bruna(db: str, tmp_path: Path) -> None:
    """The reviewer's Tolosa (Samson, Montana James, a brigand; Day 1 08:00, a session open),
    joined by Aldo (Guerrier 2) and Bruna (Guerrier 1, Forgeron 1)."""
    tolosa_with_brigand(db, tmp_path)
    for name, text in (("aldo", ALDO_SHEET), ("bruna", BRUNA_SHEET)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
        run(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / f"{name}.toml"))


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


def of_kind(db: str, kind: str, name: str | None = None) -> list[dict[str, Any]]:
    """The recorded events of one kind (of one character), oldest first, in their stored form."""
    return [e for e in log(db, *(("--character", name) if name else ())) if e["topic"].endswith(f":{kind}")]


def in_the_log(event: dict[str, Any]) -> str:
    """What the log says of a recorded event, read back from the journal in its stored form."""
    return WORDS[event["topic"]](SimpleNamespace(**event))


def journal_lines(db: str) -> list[str]:
    """Tolosa's log as the GM reads it in the players' web journal, a line of text each."""
    services = build(db)
    try:
        return [row.text for row in log_page(services, Reader("Tolosa", "GM", True, "token"))["rows"]]
    finally:
        services.close()
