"""A MicroFudge table in memory whose Fudge dice are scripted (a dF face f is uniform value f+1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from chronique.domain.campaign import Campaign
from chronique.domain.chance import ChanceStream, ScriptedStream
from chronique.domain.character import Character
from chronique.domain.fairness import commitment
from chronique.domain.rulesets import ruleset
from chronique.domain.world import World

SEED = bytes(32)
JIM = {"name": "Jim", "status": "hero", "concept": "country doctor", "ranks": {"Médecine": 4, "Psychologie": 3}}
HARVEY = {"name": "Harvey", "status": "hero", "ranks": {"Athlétisme": 4, "Pilotage": 5, "Tir": 4, "Combat": 4}}


class _Dice:
    """A chance source that hands out the script across draw places, in order."""

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = [f + 1 for f in faces]

    def stream(self, epoch: str, originator_id: UUID, originator_version: int) -> ChanceStream:
        return _Shared(self.faces)


class _Shared(ScriptedStream):
    def __init__(self, values: list[int]) -> None:
        super().__init__([])
        self._values = values  # shared: each stream consumes from the one script


def table(
    *faces: int, sheets: Sequence[dict[str, Any]] = (JIM, HARVEY), settings: dict[str, Any] | None = None, session: bool = True
) -> World:
    """A MicroFudge campaign in memory with the given characters, its session open by default."""
    rules = ruleset("microfudge")
    campaign = Campaign.create(
        "Table", "microfudge", {**rules.default_settings(), **(settings or {})}, {"kind": "days"}, 8 * 3600, commitment(SEED)
    )
    world = World(campaign=campaign, source=_Dice(faces))
    for raw in sheets:
        sheet, condition = rules.new_character(raw)
        character = Character.create(campaign.id, sheet["name"], "microfudge", sheet, condition)
        campaign.join(character.id, "character", character.name)
        world.characters[character.id] = character
    if session:
        campaign.start_session(SEED, commitment(SEED))
    return world


def end_session(world: World) -> None:
    """Close the session as the services do: the ruleset's session end, then the seal."""
    ruleset("microfudge").end_session(world)
    world.campaign.end_session(world.heads(), "0" * 64, SEED, commitment(SEED), "2025-01-01T00:00:00")
