"""Western Parade first aid on a bleeding location (digest §5.2; seed §3.2.4, L1856-1872): one
*Premiers soins* roll read against the easy, normal and difficult chances."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chronique.domain.chance import ChanceStream
from chronique.domain.rulesets.westernparade.resolution import limits, open_ended, quality

EASY, DIFFICULT = 25, -25  # §1.6.3: the difficulty steps around the normal chance
FAILURES = ("CATA_F", "CRIT_F", "NORM_F")
CRITICALS = ("CRIT_S", "EXTRA")


@dataclass(frozen=True)
class FirstAid:
    """The six outcomes of §3.2.4: ``stopped`` PH per round held back (-1: the patient loses one
    more), ``full`` the bleeding stopped outright with one PV back and an improvement roll for
    the first-aider."""

    outcome: str
    stopped: int
    full: bool

    def to_dict(self) -> dict[str, object]:
        """Plain data for an event."""
        return {"outcome": self.outcome, "stopped": self.stopped, "full": self.full}


def first_aid(easy: str, normal: str, difficult: str) -> FirstAid:
    """Read the qualities of one roll against the three chances (§3.2.4). WB9 (digest A8): a
    catastrophic failure counts as a critical one, and "one more PH" raises the rate by 1."""
    if difficult in CRITICALS:
        return FirstAid("stopped", 0, True)
    if difficult not in FAILURES:
        return FirstAid("3 PH stopped", 3, False)
    if normal not in FAILURES:
        return FirstAid("2 PH stopped", 2, False)
    if easy not in FAILURES:
        return FirstAid("1 PH stopped", 1, False)
    if easy == "NORM_F":
        return FirstAid("no effect", 0, False)
    return FirstAid("one more PH lost", -1, False)


def skill_roll(stream: ChanceStream, chance: int) -> tuple[dict[str, Any], int]:
    """One open-ended d100 (§2.1) and its total; no dice below 5% (§2.1.1)."""
    if chance < limits().impossible_below:
        return {"faces": [], "total": 0}, 0
    faces = open_ended(stream)
    return {"faces": faces, "total": sum(faces)}, sum(faces)


def read(chance: int, total: int) -> str:
    """The quality of ``total`` against ``chance`` (a failure below 5%, §2.1.1)."""
    return "NORM_F" if chance < limits().impossible_below else quality(chance, total)


def aid_roll(stream: ChanceStream, normal: int) -> tuple[dict[str, Any], dict[str, str], FirstAid]:
    """§3.2.4: one roll at the easy chance, read at the easy, normal and difficult ones: the
    faces, the three qualities, and what they do."""
    rolled, total = skill_roll(stream, normal + EASY)
    qualities = {k: read(normal + step, total) for k, step in (("easy", EASY), ("normal", 0), ("difficult", DIFFICULT))}
    return rolled, qualities, first_aid(qualities["easy"], qualities["normal"], qualities["difficult"])
