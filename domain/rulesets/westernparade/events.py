"""What happens to a Western Parade character at the table (rolls, shots, blows), as past-tense
facts recorded on its chain. The body's own events (wounds, bleeding, healing...) live in
``body_events``; downtime's (training, experience...) in ``downtime_events``.

Events that consumed dice carry ``epoch`` and ``chance`` (FAIRNESS.md): every face, in order.
Outcomes are stored as the plain dicts of ``resolution.RollOutcome.to_dict`` (``chance`` in
them is the percentage; the event's ``chance`` field is the list of primitives).
"""

from __future__ import annotations

from typing import Any

from chronique.domain.chain import ChainedEvent, ChanceConsumed, FaceDown
from chronique.domain.character import Character


class CheckRolled(ChanceConsumed, FaceDown):
    """The character rolled under a skill or a characteristic (§2.1): what was rolled
    (``kind`` skill or characteristic, ``name``), the chance's terms, the open-ended faces and
    the quality."""

    at: int
    kind: str
    name: str
    purpose: str
    outcome: dict[str, Any]
    sheet_version: int
    epoch: str
    chance: list[dict[str, Any]]
    sealed_until: str | None

    def apply(self, character: Character) -> None:
        return None


class OppositionResolved(ChainedEvent):
    """A duel (§2.2.1) or a detection (§2.2.2) was decided from both sides' recorded rolls:
    ``result`` is won, lost or deadlock (duel), detected or undetected (detection); ``theirs`` is
    None when a failed concealment needed no detection roll."""

    at: int
    kind: str
    opponent: str
    own: str
    theirs: str | None
    result: str

    def apply(self, character: Character) -> None:
        return None


class ShotFired(ChanceConsumed):
    """The character fired at a target (§3.3): the to-hit roll and its terms, then on a hit the
    location (the table used and its dice) and the damage (the weapon's fixed damage, the
    critical's 1d6cum, a pass-through's exit 1d6cum); on a miss the stray direction (Table 3.9)."""

    at: int
    target: str
    weapon: str
    skill: str
    aim: str
    outcome: dict[str, Any]
    hit: bool
    location: str | None
    location_table: str | None
    location_dice: list[int]
    damage: dict[str, Any] | None
    stray: str | None
    epoch: str
    chance: list[dict[str, Any]]

    def apply(self, character: Character) -> None:
        return None


class BlowStruck(ChanceConsumed):
    """The character attacked in melee or bare-handed (§3.4, §3.5): attack and defence rolls,
    the Table 3.3 result, and on a hit the location and damage."""

    at: int
    target: str
    weapon: str
    skill: str
    outcome: dict[str, Any]
    defence: dict[str, Any] | None
    defence_kind: str
    result: str
    location: str | None
    location_table: str | None
    location_dice: list[int]
    damage: dict[str, Any] | None
    epoch: str
    chance: list[dict[str, Any]]

    def apply(self, character: Character) -> None:
        return None


def notable(event: Any) -> str | None:
    """What a GM should read in a downtime report about these events: nothing here happens in
    downtime on its own (rolls and fights are table play)."""
    return None
