"""A game table in memory with scripted dice, shared by the d10 and d100 games' tests: every die
the commands roll comes, in order, from one queue of faces (a face f is the uniform value f - 1
of FAIRNESS.md)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from chronique.domain.campaign import Campaign
from chronique.domain.chance import ChanceStream, DrawPlace
from chronique.domain.character import Character
from chronique.domain.fairness import Primitives, commitment
from chronique.domain.rulesets import ruleset
from chronique.domain.world import World

SEED = bytes(32)


class ScriptedDice:
    """A chance source whose streams hand out the next scripted faces."""

    def __init__(self, faces: Sequence[int] = ()) -> None:
        self.faces = list(faces)

    def add(self, *faces: int) -> None:
        """Queue more faces."""
        self.faces.extend(faces)

    def stream(self, epoch: str, place: DrawPlace) -> ChanceStream:
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


def scripted_table(
    name: str,
    game: str,
    sheets: Iterable[dict[str, Any]],
    calendar: dict[str, Any],
    clock: int,
    dice: Sequence[int] = (),
    session: bool = True,
    settings: dict[str, Any] | None = None,
) -> World:
    """A campaign of ``game`` in memory, seated with characters made from ``sheets``."""
    rules = ruleset(game)
    chosen = rules.default_settings() | (settings or {})
    campaign = Campaign.create(name, game, chosen, calendar, clock, commitment(SEED))
    world = World(campaign=campaign, source=ScriptedDice(dice))
    for raw in sheets:
        sheet, condition = rules.new_character(raw)
        character = Character.create(campaign.id, sheet["name"], game, sheet, condition)
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
