"""Western Parade first aid on a bleeding location (digest §5.2; seed §3.2.4, L1856-1872): one
*Premiers soins* roll read against the easy, normal and difficult chances."""

from __future__ import annotations

from dataclasses import dataclass

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
