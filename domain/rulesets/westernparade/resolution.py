"""Resolution (chapter 2 of the seed, L1278-L1420): open-ended d100 rolls, the six result
qualities of Table 2.1, difficulty steps, the §2.1.1 limits, duels and detection."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from chronique.domain.chance import ChanceStream
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.westernparade.tables import tables
from chronique.domain.text import fold, quoted

# Worst to best (§2.1.2).
CATA_F, CRIT_F, NORM_F, NORM_S, CRIT_S, EXTRA = "CATA_F", "CRIT_F", "NORM_F", "NORM_S", "CRIT_S", "EXTRA"
QUALITIES = (CATA_F, CRIT_F, NORM_F, NORM_S, CRIT_S, EXTRA)
SUCCESSES = frozenset({NORM_S, CRIT_S, EXTRA})


@dataclass(frozen=True)
class Limits:
    """The numbers of §2.1-§2.1.2 (tables.toml [resolution])."""

    open_from: int
    impossible_below: int
    criticals_from: int
    extra_divisor: int
    critical_divisor: int
    fumble_low_chance: int
    fumble_low_roll: int
    fumble_multiplier: int
    catastrophe_low_chance: int
    catastrophe_low_roll: int
    catastrophe_multiplier: int


@cache
def limits() -> Limits:
    """The resolution limits of tables.toml."""
    return Limits(**tables().raw["resolution"])


def rank(quality: str) -> int:
    """A quality's place, worst (0) to best (5)."""
    return QUALITIES.index(quality)


def difficulty(step: str | int) -> int:
    """The modifier of a difficulty step (§1.6.3: very easy +50 ... impossible -90), by name, or
    an explicit number."""
    if isinstance(step, int):
        return step
    text = step.strip()
    if text.lstrip("+-").isdigit():
        return int(text)
    steps: Mapping[str, int] = tables().raw["difficulty"]
    found = steps.get(fold(text))
    if found is None:
        raise RuleViolation(f"difficulty is one of {', '.join(steps)} or a number, not {quoted(step)}")
    return found


def open_ended(stream: ChanceStream) -> list[int]:
    """The faces of an open-ended d100 (§2.1 L1282): while a face is 96-100, roll again and add."""
    faces = [stream.die(100)]
    while faces[-1] >= limits().open_from:
        faces.append(stream.die(100))
    return faces


def quality(chance: int, roll: int) -> str:
    """Table 2.1 (§2.1.2, L1310) for a chance of at least 5%: EXTRA ≤ chance/10, CRIT_S ≤ chance/2
    (none below 20%), NORM_S ≤ chance; CRIT_F above 80 (chance ≤ 40) or 2 x chance; CATA_F at 100+
    (chance < 33) or above 3 x chance. "Ne dépasse pas" is ≤ (digest §9 item 15)."""
    lim = limits()
    if roll <= chance:
        if chance >= lim.criticals_from:
            if roll <= chance // lim.extra_divisor:
                return EXTRA
            if roll <= chance // lim.critical_divisor:
                return CRIT_S
        return NORM_S
    if chance < lim.catastrophe_low_chance:
        catastrophe = roll >= lim.catastrophe_low_roll
    else:
        catastrophe = roll > lim.catastrophe_multiplier * chance
    if catastrophe:
        return CATA_F
    fumble = roll > lim.fumble_low_roll if chance <= lim.fumble_low_chance else roll > lim.fumble_multiplier * chance
    return CRIT_F if fumble else NORM_F


@dataclass(frozen=True)
class RollOutcome:
    """One resolved roll: the chance and its terms, the faces of the open-ended d100 and their
    total, the quality. ``automatic``: below 5% (§2.1.1), no roll; ``luck`` is then the CHC roll
    of a character who insisted on the impossible."""

    chance: int
    faces: tuple[int, ...]
    total: int
    quality: str
    terms: Mapping[str, int] = field(default_factory=dict)
    automatic: bool = False
    luck: RollOutcome | None = None

    @property
    def success(self) -> bool:
        """NORM_S or better."""
        return self.quality in SUCCESSES

    @property
    def margin(self) -> int:
        """chance - total: how far under (positive) or over (negative) the chance the roll fell."""
        return self.chance - self.total

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form for events."""
        return {
            "chance": self.chance,
            "faces": list(self.faces),
            "total": self.total,
            "quality": self.quality,
            "terms": dict(self.terms),
            "automatic": self.automatic,
            "luck": None if self.luck is None else self.luck.to_dict(),
        }


def chance_of(terms: Mapping[str, int]) -> int:
    """The chance: the sum of its terms (score, difficulty step, situational modifiers; §2.1)."""
    return sum(terms.values())


def roll(stream: ChanceStream, terms: Mapping[str, int], luck_chance: int | None = None) -> RollOutcome:
    """Resolve a roll against the sum of ``terms``. Below 5% it fails without a roll (§2.1.1);
    if ``luck_chance`` (the jCHC) is given the character insists: a CHC roll, whose failure makes
    the attempt a CRIT_F and whose own CRIT_F or worse a CATA_F."""
    chance = chance_of(terms)
    if chance < limits().impossible_below:
        if luck_chance is None:
            return RollOutcome(chance, (), 0, NORM_F, dict(terms), automatic=True)
        luck = roll(stream, {"jCHC": luck_chance})
        outcome = NORM_F if luck.success else (CATA_F if rank(luck.quality) <= rank(CRIT_F) else CRIT_F)
        return RollOutcome(chance, (), 0, outcome, dict(terms), automatic=True, luck=luck)
    faces = open_ended(stream)
    total = sum(faces)
    return RollOutcome(chance, tuple(faces), total, quality(chance, total), dict(terms))


def duel(first: str, second: str) -> int:
    """A duel (§2.2.1): 1 if the first quality is better, 2 if the second, 0 for a deadlock
    (roll again, or a truce)."""
    a, b = rank(first), rank(second)
    return 0 if a == b else (1 if a > b else 2)


def detected(concealment: str, detection: str) -> bool:
    """Detection (§2.2.2, §6.4): a failed concealment is found out; a successful one only by a
    detection of strictly higher quality (so an EXTRA concealment is never detected)."""
    if concealment not in SUCCESSES:
        return True
    return detection in SUCCESSES and rank(detection) > rank(concealment)
