"""MicroFudge on the timeline: each Revers recovers one card per period on its own clock
(«3 – Effets des Revers» L339-L341; scheduler PROPOSAL §5, "Several wounds")."""

from __future__ import annotations

from chronique.domain.rulesets.microfudge.play import recover
from chronique.domain.rulesets.microfudge.rules import severity_name
from chronique.domain.timeline import Due
from chronique.domain.world import World


class MicroFudgeProcesses:
    """The running recovery clocks of a MicroFudge campaign's world."""

    def __init__(self, world: World) -> None:
        self.world = world

    def due(self) -> list[Due]:
        """Every open Revers with a running clock (an unstabilized Décisif has none, §4.3)."""
        return [
            Due(int(s["next_tick"]), str(character.id), f"recover:{s['id']}")
            for character in self.world.characters.values()
            for s in character.condition["setbacks"]
            if s["next_tick"] is not None
        ]

    def fire(self, due: Due) -> str:
        """One recovery tick: the Revers loses one card."""
        character = next(c for c in self.world.characters.values() if str(c.id) == due.character)
        setback_id = int(due.process.split(":")[1])
        left = recover(self.world, character, setback_id, due.at)
        if left == 0:
            return f"{character.name}: Revers {setback_id} has healed"
        return f"{character.name}: Revers {setback_id} is now a {severity_name(left)} (−{left})"
