"""What happens to a MicroFudge character, as past-tense facts recorded on its chain.

The condition they change is plain JSON: ``atouts`` (the creation ``reserve`` and the
``experience`` Atouts, kept apart because only the reserve may raise a characteristic during a
session, «IV – Expérience et progression» L213), ``setbacks`` (each Revers with its own healing
clock), ``next_setback`` and ``critical`` (a physical Décisif, L343).
"""

from __future__ import annotations

from typing import Any

from chronique.domain.chain import ChainedEvent
from chronique.domain.character import Character


def _pay(character: Character, pool: str | None, cost: int) -> None:
    if pool is None or cost == 0:
        return
    atouts = dict(character.condition["atouts"])
    if atouts[pool] < cost:
        raise ValueError(f"{character.name} has {atouts[pool]} {pool} Atouts, not {cost}")  # a correction voided them
    atouts[pool] -= cost
    character.condition["atouts"] = atouts


class TestRolled(ChainedEvent):
    """The character rolled 4dF for a Test («1 – Tests» L245-L253); ``chance`` holds the four
    dF. ``modifiers`` names every rank added (equipment, weapon, scale, Atout, situation) and
    ``penalty`` the Revers penalty taken off; a hazardous Test's ``setbacks`` follow as a
    ``SetbackSuffered`` (L351). A temporary +1 paid with an Atout is charged to ``atout_pool``."""

    __test__ = False  # not a pytest test class

    at: int
    characteristic: str
    kind: str
    rank: int
    relatedness: str
    used_rank: int
    modifiers: dict[str, int]
    penalty: int
    required: int
    dice: list[int]
    final: int
    success: bool
    hazardous: bool
    setbacks: int
    atout_pool: str | None
    purpose: str
    epoch: str
    chance: list[dict[str, Any]]
    sealed_until: str | None

    def apply(self, character: Character) -> None:
        _pay(character, self.atout_pool, 1 if self.atout_pool else 0)


class SimpleConflictRolled(ChainedEvent):
    """The character and an opponent each rolled 4dF; the higher final rank won, equal finals
    tied, and nothing lasting follows («1 – Tests» L253). Both sides' dice are in ``chance``."""

    at: int
    sides: list[dict[str, Any]]
    winner: str
    purpose: str
    epoch: str
    chance: list[dict[str, Any]]
    sealed_until: str | None

    def apply(self, character: Character) -> None:
        return None


class SetbackSuffered(ChainedEvent):
    """The character took a Revers («3 – Effets des Revers» L335-L345): ``setback`` holds its id,
    domain, severity, healing class, whether it is stabilized and when it next recovers a card
    (None until a critical wound is stabilized). A physical Décisif leaves it ``critical`` (L343)."""

    at: int
    setback: dict[str, Any]
    critical: bool
    source: str

    def apply(self, character: Character) -> None:
        c = character.condition
        c["setbacks"] = [*c["setbacks"], dict(self.setback)]
        c["next_setback"] = int(self.setback["id"]) + 1
        if self.critical:
            c["critical"] = True


def _update(character: Character, setback_id: int, severity: int, stabilized: bool, next_tick: int | None) -> None:
    c = character.condition
    old = next((s for s in c["setbacks"] if s["id"] == setback_id), None)
    if old is None:
        raise ValueError(f"no open Revers {setback_id}")  # a correction voided it
    others = [s for s in c["setbacks"] if s["id"] != setback_id]
    kept = [dict(old, severity=severity, stabilized=stabilized, next_tick=next_tick)] if severity > 0 else []
    c["setbacks"] = sorted([*others, *kept], key=lambda s: int(s["id"]))
    # A16-like reading of L343: the critical state lasts while an unstabilized Décisif does.
    c["critical"] = any(s["severity"] >= 3 and not s["stabilized"] and s["domain"] == "physical" for s in c["setbacks"])


class SetbackRecovered(ChainedEvent):
    """A Revers recovered one card on its clock: a day for light ones, a week (or the graduated
    schedule) for deep wounds (L339-L341). Severity 0 removes it."""

    at: int
    setback_id: int
    severity: int
    next_tick: int | None

    def apply(self, character: Character) -> None:
        _update(character, self.setback_id, self.severity, True, self.next_tick)


class FirstAidGiven(ChainedEvent):
    """A healer's first-aid Test on one Revers («Premiers soins et Blessures» L357-L359): the
    Médecine Test's dice are in ``chance``; success stabilizes and, in ``reduce_step`` mode,
    lowers the wound one step (campaign setting, PROPOSAL A9)."""

    at: int
    setback_id: int
    healer: str
    test: dict[str, Any]
    success: bool
    mode: str
    severity: int
    stabilized: bool
    next_tick: int | None
    epoch: str
    chance: list[dict[str, Any]]
    sealed_until: str | None

    def apply(self, character: Character) -> None:
        _update(character, self.setback_id, self.severity, self.stabilized, self.next_tick)


class AtoutsAwarded(ChainedEvent):
    """Experience Atouts, +1 per character at each session end by default (L213-L215)."""

    at: int
    count: int
    reason: str

    def apply(self, character: Character) -> None:
        atouts = dict(character.condition["atouts"])
        atouts["experience"] += self.count
        character.condition["atouts"] = atouts


class AtoutSpent(ChainedEvent):
    """An Atout spent in play («Sauver sa peau» L127-L131, «4 – Utilisation créative des Atouts»
    L733-L769): ``use`` names what it bought; saving one's skin ends a critical state."""

    at: int
    use: str
    cost: int
    pool: str
    note: str

    def apply(self, character: Character) -> None:
        _pay(character, self.pool, self.cost)
        if self.use == "save-your-skin":
            character.condition["critical"] = False


class CharacteristicRaised(ChainedEvent):
    """A characteristic rose one rank permanently: with a creation-reserve Atout during a session
    and a justification («Etoffer le personnage en cours de jeu» L119-L125), or between sessions
    with any Atout («IV – Expérience et progression» L213)."""

    at: int
    characteristic: str
    kind: str
    from_value: int
    to_value: int
    cost: int
    pool: str
    in_session: bool
    justification: str

    def apply(self, character: Character) -> None:
        _pay(character, self.pool, self.cost)
        characteristics = dict(character.sheet["characteristics"])
        old = characteristics.get(self.characteristic, {"kind": self.kind, "default": self.from_value})
        characteristics[self.characteristic] = dict(old, value=self.to_value)
        character.sheet = dict(character.sheet, characteristics=characteristics)
