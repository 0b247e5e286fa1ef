"""Body locations, wounds, consciousness, death and healing of Elor (§Application des
dommages, §Humains; digest §4, PROPOSALs §4.2 and §5.6 where the seed is silent)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.elor.tables import Location, Nature, tables

STATES = ("sound", "hurt", "unusable", "destroyed")
# PROPOSAL §4.2: an unusable or destroyed leg gives −2 to movement and dodges.
LEG_MALUS = -2


def hit_location(morphology: Nature, roll: int, ranged: bool = False) -> Location:
    """The location a D100 roll hits on the nature's melee or ranged table (00 reads 100)."""
    if not 1 <= roll <= tables().location_die:
        raise RuleViolation(f"a D100 roll is 1..100, not {roll}")
    for loc in morphology.locations:
        low, high = loc.ranged if ranged else loc.melee
        if low <= roll <= high:
            return loc
    raise RuleViolation(f"no location of {morphology.name} for {roll}")


def location_state(total: int, hp: int) -> str:
    """sound, hurt, unusable (total ≥ HP) or destroyed (total ≥ 2 × HP)."""
    if total >= 2 * hp:
        return "destroyed"
    if total >= hp:
        return "unusable"
    return "hurt" if total > 0 else "sound"


def state_words(loc: Location, state: str) -> str:
    """A location's state (:func:`location_state`) in the rulebook's terms (ruling E63): a vital
    location at its hit points means what the nature's table says it does there (§Humains,
    "Effet PV": Inconscience for the head, torso and abdomen), never an unusable limb; the other
    states read as they are (hurt, unusable, destroyed)."""
    return loc.at_hp if loc.vital and state == "unusable" else state


@dataclass(frozen=True)
class BodyState:
    """What the wounds of a body mean: each location's state, consciousness, death."""

    locations: Mapping[str, str]
    unconscious: bool
    dead: bool

    def effects(self, morphology: Nature) -> list[str]:
        """The morphology's words for what happened, e.g. "arm unusable", "death"."""
        out: list[str] = []
        for loc in morphology.locations:
            state = self.locations[loc.key]
            if state == "destroyed":
                out.append(f"{loc.name}: {loc.at_double_hp}")
            elif state == "unusable":
                out.append(f"{loc.name}: {loc.at_hp}")
        return out


def body_state(morphology: Nature, wounds: Mapping[str, int], hp: Mapping[str, int]) -> BodyState:
    """Unconscious while a vital location's total ≥ its HP; dead once one reaches 2 × HP."""
    states = {loc.key: location_state(wounds.get(loc.key, 0), hp[loc.key]) for loc in morphology.locations}
    vital = [states[loc.key] for loc in morphology.locations if loc.vital]
    return BodyState(states, any(s in ("unusable", "destroyed") for s in vital), any(s == "destroyed" for s in vital))


def movement_malus(morphology: Nature, wounds: Mapping[str, int], hp: Mapping[str, int]) -> int:
    """PROPOSAL §4.2: −2 to movement and dodge per unusable or destroyed leg."""
    return sum(LEG_MALUS for loc in morphology.locations if loc.limb == "leg" and wounds.get(loc.key, 0) >= hp[loc.key])


def unusable_limbs(morphology: Nature, wounds: Mapping[str, int], hp: Mapping[str, int]) -> list[str]:
    """Limbs whose actions are impossible (PROPOSAL §4.2): total ≥ HP."""
    return [loc.key for loc in morphology.locations if loc.limb and wounds.get(loc.key, 0) >= hp[loc.key]]


def heal_day(wounds: Mapping[str, int], hp: Mapping[str, int], amount: int) -> dict[str, int]:
    """A full day of rest (PROPOSAL §5.6): each damaged location that is not destroyed loses
    ``amount`` damage points; destroyed locations never heal naturally."""
    out: dict[str, int] = {}
    for key, total in wounds.items():
        if total >= 2 * hp[key]:
            out[key] = total
        elif total > 0:
            out[key] = max(0, total - amount)
    return {k: v for k, v in out.items() if v > 0}


def care(total: int, hp: int, degrees: int) -> int:
    """Care (PROPOSAL §5.6): each degree of a healer's test removes 1 damage point from the
    location, never from a destroyed one."""
    if total >= 2 * hp:
        return total
    return max(0, total - degrees)
