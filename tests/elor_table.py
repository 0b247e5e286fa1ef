"""An Elor table in memory with scripted dice: every die and D100 the commands roll comes, in
order, from one queue of faces (a face f is the uniform value f - 1 of FAIRNESS.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from chronique.domain.campaign import Campaign
from chronique.domain.chance import ChanceStream
from chronique.domain.character import Character
from chronique.domain.fairness import Primitives, commitment
from chronique.domain.rulesets import ruleset
from chronique.domain.world import World

SEED = bytes(32)

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


class ScriptedDice:
    """A chance source whose streams hand out the next scripted faces."""

    def __init__(self, faces: Sequence[int] = ()) -> None:
        self.faces = list(faces)

    def add(self, *faces: int) -> None:
        """Queue more faces."""
        self.faces.extend(faces)

    def stream(self, epoch: str, originator_id: UUID, originator_version: int) -> ChanceStream:
        return _QueueStream(self.faces)


class _QueueStream(Primitives):
    def __init__(self, faces: list[int]) -> None:
        super().__init__()
        self._faces = faces

    def _uniform(self, n: int) -> int:
        if not self._faces:
            raise AssertionError("the test rolled more dice than it scripted")
        face = self._faces.pop(0)
        if not 1 <= face <= n:
            raise AssertionError(f"scripted face {face} outside 1..{n}")
        return face - 1


def table(
    *sheets: dict[str, Any],
    dice: Sequence[int] = (),
    session: bool = True,
    settings: dict[str, Any] | None = None,
    clock: int = 8 * 3600,
) -> World:
    """An Elor campaign in memory with these characters (Aldo and Bruna by default), its clock
    at ``clock`` (Day 1 08:00 by default)."""
    rules = ruleset("elor")
    chosen = rules.default_settings() | (settings or {})
    campaign = Campaign.create("Elor table", "elor", chosen, {"kind": "days"}, clock, commitment(SEED))
    world = World(campaign=campaign, source=ScriptedDice(dice))
    for raw in sheets or (ALDO, BRUNA):
        sheet, condition = rules.new_character(raw)
        character = Character.create(campaign.id, sheet["name"], "elor", sheet, condition)
        campaign.join(character.id, "character", character.name)
        world.characters[character.id] = character
    if session:
        campaign.start_session(SEED, commitment(SEED))
    return world


def dice(world: World) -> ScriptedDice:
    """The world's scripted dice."""
    source = world.source
    assert isinstance(source, ScriptedDice)
    return source
