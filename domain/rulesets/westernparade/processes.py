"""Western Parade on the timeline: the body's processes (bleeding thresholds, waking, death
timers, healing milestones, daily infection rolls, bandages taking, alcohol wearing off, the
bullet in the head) composed with the downtime processes (``downtime_processes``, whose names
start with train, work, rep or xp). Everything continuous between those moments is closed form
(``condition.project``); at the end of an advance one ``settle`` per character whose body is
still moving records where it stands."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from chronique.domain.character import Character
from chronique.domain.copying import copied
from chronique.domain.rulesets.westernparade.care import body_now, env, fire
from chronique.domain.rulesets.westernparade.condition import BODY_KEYS, in_flux, next_dues
from chronique.domain.rulesets.westernparade.downtime import standing
from chronique.domain.rulesets.westernparade.downtime_processes import DowntimeProcesses
from chronique.domain.timeline import Due
from chronique.domain.world import World

DOWNTIME_PREFIXES = ("train", "work", "rep", "xp")


class WesternParadeProcesses:
    """The running processes of a Western Parade campaign's world."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.downtime = DowntimeProcesses(world)
        self.to_time: int | None = None
        # Per character, its body's dues and what they were computed from (issue 20): a process
        # fired changes only the chains it records on, so the others' dues stand as they were.
        self._dues: dict[UUID, tuple[Character, int, int, int | None, list[Due]]] = {}

    def horizon(self, to_time: int) -> None:
        """The advance's target time: bodies still moving there get settled (timeline.advance)."""
        self.to_time = to_time

    def standing(self, character: Character, at: int) -> dict[str, Any]:
        """The condition at ``at``: blood, healing and drink projected as ``settle`` records them
        (``condition.project``), training credit as the timeline counts it (``downtime.standing``)."""
        out = copied(character.condition)
        if all(k in out for k in BODY_KEYS):
            out.update(body_now(self.world, character, at))
        if "training" in out:
            out["training"] = standing(character, at)
        return out

    def due(self) -> list[Due]:
        out = list(self.downtime.due())
        for character in self.world.characters.values():
            # A body's dues read its own chain, the campaign's settings and the advance's target.
            kept = self._dues.get(character.id)
            if kept is None or kept[0] is not character or kept[1:4] != (character.version, self.world.campaign.version, self.to_time):
                kept = (character, character.version, self.world.campaign.version, self.to_time, self._body_due(character))
                self._dues[character.id] = kept
            out.extend(kept[4])
        return out

    def _body_due(self, character: Character) -> list[Due]:
        c = character.condition
        if not all(k in c for k in BODY_KEYS):
            return []
        who = str(character.id)
        e = env(self.world, character)
        out = [Due(at, who, name) for at, name in next_dues(c, e)]
        if self.to_time is not None and c["settled_at"] is not None and int(c["settled_at"]) < self.to_time and in_flux(c, e):
            out.append(Due(self.to_time, who, "settle"))
        return out

    def fire(self, due: Due) -> str:
        if due.process.startswith(DOWNTIME_PREFIXES):
            return self.downtime.fire(due)
        character = next(c for c in self.world.characters.values() if str(c.id) == due.character)
        return fire(self.world, character, due.process, due.at)
