"""MicroFudge on the timeline: each Revers recovers one card per period on its own clock
(«3 – Effets des Revers» L339-L341; scheduler PROPOSAL §5, "Several wounds"); Potentiel comes
back after a night's rest (T5), lost Vigueur a rank per quarter hour (T7), and the timed powers
run their cycles (T8-T10)."""

from __future__ import annotations

from typing import Any

from chronique.domain.character import Character
from chronique.domain.copying import copied
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.describe import as_on_sheet, rested
from chronique.domain.rulesets.microfudge.play import open_setback, recover
from chronique.domain.rulesets.microfudge.powers import boosts_ended, boosts_running, next_wake, recover_fatigue, rest, tick
from chronique.domain.rulesets.microfudge.tables import tables
from chronique.domain.rulesets.words import plural
from chronique.domain.timeline import Due
from chronique.domain.world import World


class MicroFudgeProcesses:
    """The running clocks of a MicroFudge campaign's world."""

    def __init__(self, world: World) -> None:
        self.world = world

    def horizon(self, to_time: int) -> None:
        """Nothing here runs continuously between the due moments: nothing to settle."""
        return None

    def standing(self, character: Character, at: int) -> dict[str, Any]:
        """Nothing here runs continuously between the due moments: the condition as it is."""
        return copied(character.condition)

    def _powers(self, character: Character) -> list[Due]:
        state = ev.powers_of(character)
        who = str(character.id)
        out = [Due(int(p["next_tick"]), who, f"power:{p['id']}") for p in state["processes"] if p["next_tick"] is not None]
        if state["spent"] and state["since"] is not None:
            out.append(Due(next_wake(self.world, int(state["since"])), who, "night"))
        if state["lost"] and state["tired_at"] is not None:
            out.append(Due(int(state["tired_at"]) + tables().power_timing["fatigue_s"], who, "fatigue"))
        return out

    def due(self) -> list[Due]:
        """Every open Revers with a running clock (an unstabilized Décisif, or one a power heals,
        has none), every pending rest, every timed power."""
        return [
            Due(int(s["next_tick"]), str(character.id), f"recover:{s['id']}")
            for character in self.world.characters.values()
            for s in character.condition["setbacks"]
            if s["next_tick"] is not None
        ] + [d for character in self.world.characters.values() for d in self._powers(character)]

    def fire(self, due: Due) -> str:
        """One tick: a Revers loses a card, a night's rest, a quarter hour of rest, a power cycle."""
        character = self.world.character(due.character)  # by its id, as ``due`` names it
        if due.process == "night":
            ending = boosts_running(character)
            rest(self.world, character.name, due.at)
            # As the log says it: "Conscience +3" read as the domain's rank rising (ruling M135).
            said = rested(self.world.recorded_last(character.name, ev.PowersRested))
            return f"{character.name} wakes rested: {said}{boosts_ended(ending)}"
        if due.process == "fatigue":
            lost = recover_fatigue(character, due.at)
            return f"{character.name} recovers a lost Vigueur rank ({plural(lost, 'rank') if lost else 'none'} still lost)"
        kind, number = due.process.split(":")
        if kind == "power":
            return tick(self.world, character, int(number), due.at)
        setback_id = int(number)
        domain = str(open_setback(character, setback_id)["domain"])
        left = recover(self.world, character, setback_id, due.at)
        if left == 0:
            return f"{character.name}: Revers {setback_id} has healed"
        # As the sheet names it: a physical Revers by its wound, "Blessure (−1)" (L343).
        return f"{character.name}: Revers {setback_id} is now a {as_on_sheet(left, domain)}"
