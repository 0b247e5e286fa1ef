"""Endurance accrue and Coordination accrue at work (T12, «Conscience» L639-L645).

A running boost adds the psychic's Présence to Vigueur (Endurance) or Habilité (Coordination), or
gives natural armour worth half Présence rounded up, for Conscience-value draws; or it lends
Présence to one feat. PROPOSAL: every Test or card draw the psychic makes while it runs counts as
one of its draws ("tirages"), whether or not the boost helped it; a feat lasts the one roll or draw
of its aptitude. The last draw ends the power and its locked point becomes spent (L629, L637).
"""

from __future__ import annotations

from dataclasses import dataclass

from chronique.domain.character import Character
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.describe import process_power
from chronique.domain.text import fold


@dataclass(frozen=True)
class Boost:
    """What the running boosts give one roll or draw: ranks or cards to the characteristic used,
    natural-armour defence cards, and the boost processes that count it as one of their draws."""

    modifier: int
    armour: int
    used: tuple[int, ...]


def boosts_for(character: Character, characteristic: str, in_draw: bool) -> Boost:
    """The boosts that apply to a roll (``in_draw`` False) or card draw of ``characteristic``."""
    modifier = armour = 0
    used: list[int] = []
    for process in ev.powers_of(character)["processes"]:
        if process["kind"] != "boost":
            continue
        matches = fold(characteristic) == fold(process["aptitude"])
        if process["mode"] == "feat" and not matches:
            continue
        used.append(int(process["id"]))
        if process["mode"] == "armour":
            armour += int(process["armour"]) if in_draw else 0
        elif matches:
            modifier += int(process["bonus"])
    return Boost(modifier, armour, tuple(used))


def count_boosts(character: Character, boost: Boost, at: int) -> None:
    """Count one draw on each boost used; a boost whose draws are spent ends (T12)."""
    for process_id in boost.used:
        process = next(p for p in ev.powers_of(character)["processes"] if p["id"] == process_id)
        power = process_power(process)
        character.record(
            ev.PowerTicked, at=at, process_id=process_id, power=power, setback_id=None, severity=None, locked=0, next_tick=None
        )
        if int(process["cycles"]) + 1 >= int(process["limit"]):
            reason = "the feat is done" if process["mode"] == "feat" else f"its {process['limit']} draws are used up"
            character.record(ev.PowerEnded, at=at, process_id=process_id, reason=reason, setback_next_tick=None)
