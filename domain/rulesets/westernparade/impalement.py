"""Western Parade impalement (digest §4.4; seed §3.4.5.2 L2509-L2527): what a thrust's réussite
extraordinaire leaves in the wound, its removal by surgery, and the forced pull. The data are in
``tables.toml`` ``[impalement]``; pure functions over plain values and the chance stream."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from chronique.domain.chance import ChanceStream
from chronique.domain.rulesets.westernparade.combat import cumulative_d6
from chronique.domain.rulesets.westernparade.resolution import RollOutcome, difficulty, duel, roll
from chronique.domain.rulesets.westernparade.tables import tables


def _data() -> Mapping[str, Any]:
    data: Mapping[str, Any] = tables().raw["impalement"]
    return data


@dataclass(frozen=True)
class Impalement:
    """What an impaling thrust did (§3.4.5.2 L2511): the faces of its 1d6cum, the damage they
    add to the location's; the weapon stays in the wound."""

    faces: tuple[int, ...]

    @property
    def damage(self) -> int:
        """The points the impalement adds to the blow's."""
        return sum(self.faces)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for an event."""
        return {"faces": list(self.faces), "damage": self.damage}


def impale(stream: ChanceStream) -> Impalement:
    """Impale: "1d6cum points de dommages supplémentaires" (§3.4.5.2 L2511)."""
    return Impalement(tuple(cumulative_d6(stream)))


@dataclass(frozen=True)
class Surgery:
    """One surgical attempt to take an impaling weapon out (§3.4.5.2 L2517-L2525): whether it
    came out, the damage it dealt the location, the ``rounds`` of the location's bleeding lost
    at once, and whether the weapon is now so badly placed that the next attempt is one step
    harder."""

    removed: bool
    damage: int
    rounds: int
    harder: bool

    def to_dict(self) -> dict[str, Any]:
        """Plain data for an event."""
        return {"removed": self.removed, "damage": self.damage, "rounds": self.rounds, "harder": self.harder}


def surgery(quality: str) -> Surgery:
    """What a *Chirurgie* roll of ``quality`` does to an impaled location (§3.4.5.2 L2519-L2525)."""
    row: Mapping[str, Any] = _data()["surgery"][quality]
    return Surgery(bool(row["removed"]), int(row["damage"]), int(row["rounds"]), bool(row.get("harder", False)))


def surgery_step(harder: int) -> str:
    """The difficulty step of a surgical attempt after ``harder`` catastrophic failures: normal,
    then one step harder each ("augmenté d'un cran", L2525), impossible at worst (ruling WB45)."""
    steps: list[str] = list(_data()["steps"])
    return steps[min(harder, len(steps) - 1)]


def surgery_modifier(harder: int) -> int:
    """The modifier of that step (§1.6.3)."""
    return difficulty(surgery_step(harder))


@dataclass(frozen=True)
class Pull:
    """One attempt to pull an impaling weapon out by force (§3.4.5.2 L2513-L2515, L2527): the
    puller's STR roll, and the victim's opposing it (None when he did not, L2515); whether it tore
    the weapon out (a success winning the duel, §2.2.1, ruling WB46); the faces of the 1d6cum it
    then deals; the difficult *Premiers soins* roll of one helping (None when nobody did, or the
    weapon stayed in), which halves them (rounded down) on a success (ruling WB46); the damage the
    location takes: 1 for a failed try, else the 1d6cum or its half."""

    strength: RollOutcome
    resistance: RollOutcome | None
    faces: tuple[int, ...]
    first_aid: RollOutcome | None
    damage: int

    @property
    def out(self) -> bool:
        """Whether the weapon came out."""
        return torn_out(self.strength, self.resistance)

    @property
    def halved(self) -> bool:
        """Whether the first aid halved the damage."""
        return self.first_aid is not None and self.first_aid.success

    def to_dict(self) -> dict[str, Any]:
        """Plain data for an event."""
        return {
            "strength": self.strength.to_dict(),
            "resistance": None if self.resistance is None else self.resistance.to_dict(),
            "out": self.out,
            "faces": list(self.faces),
            "first_aid": None if self.first_aid is None else self.first_aid.to_dict(),
            "halved": self.halved,
            "damage": self.damage,
        }


def torn_out(strength: RollOutcome, resistance: RollOutcome | None) -> bool:
    """Whether a pull tears the weapon out: "il doit réussir un jet de force" (L2513), and against
    a victim opposing his own (L2515) win the duel too (§2.2.1: a better quality; ruling WB46)."""
    return strength.success and (resistance is None or duel(strength.quality, resistance.quality) == 1)


def pull(
    stream: ChanceStream, strength: Mapping[str, int], first_aid: Mapping[str, int] | None, resistance: Mapping[str, int] | None = None
) -> Pull:
    """A forced pull (§3.4.5.2 L2513-L2515): the STR roll under ``strength``'s terms, then the
    victim's under ``resistance``'s when he opposes it; a failed try deals 1 damage; a successful
    one tears the weapon out for 1d6cum more, halved when the difficult first-aid roll under
    ``first_aid``'s terms (L2527, rolled only then) succeeds."""
    rolled = roll(stream, strength)
    against = roll(stream, resistance) if resistance is not None else None
    if not torn_out(rolled, against):
        return Pull(rolled, against, (), None, int(_data()["pull_failed"]))
    faces = tuple(cumulative_d6(stream))
    aided = roll(stream, first_aid) if first_aid is not None else None
    damage = sum(faces) // 2 if aided is not None and aided.success else sum(faces)
    return Pull(rolled, against, faces, aided, damage)


def gripped(slash: int) -> int:
    """What each hand of a victim gripping a sharp weapon to resist takes at each try: "la moitié
    des dommages de taille de l'arme" (L2515), rounded down; none from a weapon with no slash
    damage, which is not sharp (ruling WB46)."""
    return slash // 2
