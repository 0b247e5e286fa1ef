"""Experience (§2.3-§2.5 of the seed, L1345-L1415; digest §6.1, §6.2, §5.20) as pure rules:
when a success earns an improvement roll, the roll itself with its check-marks, and the
reputation roll's bonus after a gunfight."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from chronique.domain.rulesets.westernparade.training import downtime_data


def _rules() -> Any:
    return downtime_data()["experience"]


def earns_roll(chance: int, roll: int) -> bool:
    """Whether a *successful* roll at ``chance`` (after difficulty) with d100 ``roll`` earns an
    improvement roll (§2.4.7 L1393-L1399, the same for skills §2.5): chance ≤ 20 always; up to
    40 if the roll was 20 or less; up to 100 if it was at most half the chance; above 100 if it
    was 50 or less."""
    r = _rules()
    if roll > chance:
        return False
    if chance <= r["always_upto"]:
        return True
    if chance <= r["low_band_upto"]:
        return roll <= r["low_band_roll"]
    if chance <= r["high_band_upto"]:
        return roll * 2 <= chance
    return roll <= r["high_band_roll"]


@dataclass(frozen=True)
class Improvement:
    """One improvement roll (§2.3): the open-ended d100 ``faces`` and their ``total``, the
    ``current`` score (jX for a characteristic) it had to beat, the check-marks and bonus that eased it,
    whether it succeeded, the gain (1 for a characteristic, 3 + 1d4 for a skill) and the marks
    left (all erased on a success, one more on a failure)."""

    target: str
    kind: str
    current: int
    marks: int
    bonus: int
    faces: tuple[int, ...]
    total: int
    success: bool
    d4: int | None
    gain: int
    marks_after: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form for events."""
        return asdict(self) | {"faces": list(self.faces)}


def mark_bonus() -> int:
    """What each check-mark adds to an improvement roll (§2.5 L1413: +5%, cumulative)."""
    return int(_rules()["mark_bonus"])


def improve(target: str, kind: str, current: int, marks: int, faces: Sequence[int], d4: int | None, bonus: int = 0) -> Improvement:
    """Resolve an improvement roll: success when the open roll, eased by 5 per check-mark and by
    ``bonus`` (reputation, §2.4.3), is strictly above ``current`` (§2.3 L1349; "bonus de -5%"
    L1355 = "+5% au jet" §2.5 L1413, digest §9 item 17). ``kind`` is "skill" (gain 3 + ``d4``)
    or "characteristic" (gain 1)."""
    r = _rules()
    total = sum(faces)
    success = total + mark_bonus() * marks + bonus > current
    if kind == "skill":
        gain = r["skill_gain_base"] + (d4 or 0) if success else 0
    else:
        gain = r["characteristic_gain"] if success else 0
    return Improvement(
        target, kind, current, marks, bonus, tuple(faces), total, success, d4 if success else None, gain, 0 if success else marks + 1
    )


def reputation_bonus(put_out: int, duels: Sequence[int], own_rep: int) -> int:
    """How much easier the reputation roll after a gunfight is (§2.4.3 L1377-L1385): 5 per
    opponent put out of action after the first; for each duel won, 5 if the loser's REP was at
    most one's own, else 5 plus 5 per two points of difference (rounded down, digest §9 item 17)."""
    r = _rules()
    bonus = r["rep_per_extra_out"] * max(0, put_out - 1)
    for theirs in duels:
        bonus += r["rep_duel"] + (r["rep_duel"] * ((theirs - own_rep) // 2) if theirs > own_rep else 0)
    return bonus
