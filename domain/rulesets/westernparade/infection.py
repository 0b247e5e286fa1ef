"""Western Parade infection of untreated wounds and its cures (digest §5.6-5.8; seed §3.2.7.2,
§6.18.1, §6.18.4): the daily chance, what infection does to skills, cleaning, cauterisation,
gangrene and amputation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from chronique.domain.chance import ChanceStream
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.westernparade.healing import DAY
from chronique.domain.rulesets.westernparade.resolution import RollOutcome, difficulty, roll

INFECTION_KILLS_AFTER = 15 * DAY  # WB10 (digest §5.6): "une quinzaine de jours" = day 15
GANGRENE_BASE_DAYS = 3  # §6.18.4: gangrene kills in 3 + mEND days


def infection_chance(day: int, pv_lost: int) -> int:
    """The chance (%) that an untreated wound festers on its ``day``-th untreated day: PV lost x
    2%, cumulative day after day (§3.2.7.2, L1992; WB10 reads it as day x 2% x PV lost)."""
    return day * 2 * pv_lost


def skill_divisor(seconds_infected: int) -> int:
    """Every skill is divided by 2 on the first day of infection, 3 on the second, 4 after
    (§3.2.7.2, L1992)."""
    return 2 + min(2, seconds_infected // DAY)


def infected_skill(score: int, seconds_infected: int) -> int:
    """A skill score under infection, rounded down."""
    return score // skill_divisor(seconds_infected)


def cleaning(quality: str) -> dict[str, bool]:
    """Read a *Nettoyage d'une blessure* roll (§3.2.7.2): a success cures the infection, or keeps
    it away when the cleaning is preventive."""
    return {"cured": quality in ("NORM_S", "CRIT_S", "EXTRA")}


@dataclass(frozen=True)
class Cautery:
    """A *Cautérisation* attempt (§6.18.4): ``cured``, the ``damage`` it costs the location,
    whether gangrene sets in, and the malus on the next day's attempt."""

    cured: bool
    damage: int
    gangrene: bool
    next_malus: int

    def to_dict(self) -> dict[str, object]:
        """Plain data for an event."""
        return {"cured": self.cured, "damage": self.damage, "gangrene": self.gangrene, "next_malus": self.next_malus}


def cauterisation(quality: str) -> Cautery:
    """Read a *Cautérisation* roll (§6.18.4): critical or catastrophic failure = gangrene and 3
    damage; failure = 2 damage and -25% tomorrow (not cumulative); success = cured for 1 damage;
    extraordinary = cured for nothing."""
    if quality in ("CATA_F", "CRIT_F"):
        return Cautery(False, 3, True, 0)
    if quality == "NORM_F":
        return Cautery(False, 2, False, -25)
    if quality == "EXTRA":
        return Cautery(True, 0, False, 0)
    return Cautery(True, 1, False, 0)


def gangrene_kills_after(m_end: int) -> int:
    """Seconds gangrene takes to kill (§6.18.4): 3 + mEND days, WB11: at least one day."""
    return max(1, GANGRENE_BASE_DAYS + m_end) * DAY


@dataclass(frozen=True)
class Amputation:
    """An *Amputation* (§6.18.1): ``dies`` outright, or the END roll the patient must pass to
    survive ("" = none), and whether it must be done again the next day (partial)."""

    dies: bool
    end_roll: str
    redo: bool

    def to_dict(self) -> dict[str, object]:
        """Plain data for an event."""
        return {"dies": self.dies, "end_roll": self.end_roll, "redo": self.redo}


# §6.18.1: the END roll the patient needs after each quality of the surgeon's roll.
_AMPUTATION = {
    "CATA_F": Amputation(True, "", False),
    "CRIT_F": Amputation(False, "difficult", True),
    "NORM_F": Amputation(False, "normal", False),
    "NORM_S": Amputation(False, "easy", False),
    "CRIT_S": Amputation(False, "very easy", False),
    "EXTRA": Amputation(False, "", False),
}


def amputation(quality: str, redo: bool = False) -> Amputation:
    """Read an *Amputation* roll (§6.18.1); on a redone partial amputation any failure kills."""
    if redo and quality in ("CATA_F", "CRIT_F", "NORM_F"):
        return Amputation(True, "", False)
    return _AMPUTATION[quality]


@dataclass(frozen=True)
class Operation:
    """An amputation's rolls (§6.18.1): the surgeon's, the patient's END roll (None when none is
    due), how the surgeon's roll reads, and whether the patient dies."""

    surgeon: RollOutcome
    end: RollOutcome | None
    reading: Amputation
    dies: bool

    def outcome(self) -> dict[str, Any]:
        """Both rolls, as an event records them."""
        return {**self.surgeon.to_dict(), "end": None if self.end is None else self.end.to_dict()}

    def result(self) -> dict[str, Any]:
        """What the operation did, as an event records it: done (``amputated``) unless the
        patient died or it must be redone."""
        return {**self.reading.to_dict(), "dies": self.dies, "amputated": not self.dies and not self.reading.redo}


def operate(stream: ChanceStream, terms: Mapping[str, int], redo: bool, end: Mapping[str, int] | None) -> Operation:
    """The surgeon rolls *Amputation* under ``terms``; the patient then rolls under ``end`` (his
    jEND after his permanent losses, ``fitness.end_chance``) at the step the surgeon's quality
    calls for (§6.18.1), and dies if he fails it."""
    surgeon = roll(stream, terms)
    reading = amputation(surgeon.quality, redo)
    patient = None
    if not reading.dies and reading.end_roll:
        if end is None:
            raise RuleViolation(f"the surgeon's {surgeon.quality} calls for the patient's END roll, and the patient's jEND is not known")
        patient = roll(stream, {**end, "difficulty": difficulty(reading.end_roll.replace(" ", "-"))})
    return Operation(surgeon, patient, reading, reading.dies or (patient is not None and not patient.success))


def agility_after_amputation(agi: int, part: str) -> int:
    """Amputating a leg or a foot halves AGI (§3.2.9.1 footnotes 9-10, L2126); WB12: rounded down."""
    return agi // 2 if part in ("leg", "foot", "thigh") else agi
