"""Western Parade fractures (digest §4.4; seed §3.4.5.3 L2531-L2541): what a blunt blow's
réussite extraordinaire breaks. The data are in ``tables.toml`` ``[fracture]``; pure functions
over plain numbers and the chance stream."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from chronique.domain.chance import ChanceStream
from chronique.domain.rulesets.westernparade.tables import tables
from chronique.domain.rulesets.westernparade.wounds import part_of


def _data() -> Mapping[str, Any]:
    data: Mapping[str, Any] = tables().raw["fracture"]
    return data


@dataclass(frozen=True)
class Fracture:
    """What a fracture did (§3.4.5.3): the points it added to send the location to -1 PV
    (``sent``, 0 when it was already there or lower), the faces of the head's appearance die,
    the characteristics lost for good (APP for the head, END for the abdomen), the ``fate``:
    "killed" (the throat), "immobile" (chest and flanks: totally still for the whole
    convalescence) or "" (nothing more), and what broke, in words."""

    location: str
    sent: int
    faces: tuple[int, ...] = ()
    losses: Mapping[str, int] = field(default_factory=dict)
    fate: str = ""
    words: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for an event."""
        return {
            "location": self.location,
            "sent": self.sent,
            "faces": list(self.faces),
            "losses": dict(self.losses),
            "fate": self.fate,
            "words": self.words,
        }


def fracture(stream: ChanceStream, location: str, pv: int) -> Fracture:
    """Break ``location``, at ``pv`` PV after the blow's damage (§3.4.5.3): sent to -1 PV unless
    already lower; the head rolls its 1d4 of APP lost for good."""
    data = _data()
    part: Mapping[str, Any] = data["parts"].get(part_of(location), {})
    sent = max(0, pv - int(data["pv"]))
    sides = part.get("appearance_die")
    faces = (stream.die(int(sides)),) if sides else ()
    losses = {str(k): int(v) for k, v in part.get("losses", {}).items()}
    if faces:
        losses["APP"] = sum(faces)
    return Fracture(location, sent, faces, losses, str(part.get("fate", "")), str(part.get("words", "")))


def convalescence() -> int:
    """How many times longer a broken location takes to heal (§3.4.5.3: "décupler")."""
    return int(_data()["convalescence"])


def keeps_still(location: str) -> bool:
    """Whether a fracture of ``location`` keeps him totally still for the whole convalescence
    (§3.4.5.3: the chest and the flanks)."""
    part: Mapping[str, Any] = _data()["parts"].get(part_of(location), {})
    return part.get("fate") == "immobile"


def again(stream: ChanceStream, recorded: Mapping[str, Any]) -> Fracture:
    """The fracture a recorded one stands for, its dice drawn anew from ``stream``: the location
    it broke, at the PV its ``sent`` points took to -1 (the verifier re-derives it so)."""
    return fracture(stream, str(recorded["location"]), int(_data()["pv"]) + int(recorded["sent"]))
