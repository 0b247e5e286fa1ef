"""Chapter 4's other procedures (digest §5.21-§5.22): the winnings of a poker game (§4.2.2.1,
Table 4.3) and falls (§4.3, with the *Saut* roll of §6.13.22). Pure functions over
``tables.toml`` [poker] and [fall]."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import ceil, floor
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.westernparade.resolution import rank
from chronique.domain.rulesets.westernparade.tables import tables
from chronique.domain.text import quoted


def _data(name: str) -> Any:
    return tables().raw[name]


def poker_cents(pot_cents: int, stakes: str, hours: int, luck: str, cards: str) -> int:
    """What a player wins (negative: loses) in ``hours`` of poker at these ``stakes`` (small,
    normal, big), in cents: pot x hands x k (§4.2.2.1 L2889), times Table 4.3 read at the luck
    (or bluff) roll's quality and the card-games roll's; rounded half away from zero (WC13)."""
    data = _data("poker")
    if stakes not in data["k"]:
        raise RuleViolation(f"poker stakes are {', '.join(data['k'])}, not {quoted(stakes)}")
    num, den = data["k"][stakes]
    base = Fraction(pot_cents * data["hands_per_hour"][stakes] * hours * num, den)
    won = base * data["multipliers"][rank(luck)][rank(cards)]
    return int(won + Fraction(1, 2)) if won >= 0 else -int(-won + Fraction(1, 2))


def fall_violence(metres: int, speed_kmh: int, landing: str, roof: bool = False) -> int:
    """The violence of a fall (§4.3.1): 1 a metre, 1 per full 10 km/h of speed before it (none
    off a roof), times the landing's factor, rounded down."""
    data = _data("fall")
    if landing not in data["landing"]:
        raise RuleViolation(f"a landing is {', '.join(data['landing'])}, not {quoted(landing)}")
    num, den = data["landing"][landing]
    speed = 0 if roof else speed_kmh // data["per_speed_kmh"]
    return floor(Fraction((metres + speed) * num, den))


def jumped(violence: int, quality: str) -> tuple[int, int]:
    """A *Saut* roll on a fall (§6.13.22 L4535): the new violence and the extra locations hit
    (1 on a CATA_F). EXTRA halves it or takes 5 off, whichever is better; never below 0."""
    change = int(_data("fall")["jump"][quality])
    if quality == "EXTRA":
        return max(0, min(violence // 2, violence + change)), 0
    return max(0, violence + change), 1 if quality == "CATA_F" else 0


@dataclass(frozen=True)
class Fall:
    """A fall's effect (§4.3.2): how many locations are hit (``None``: all of them) and the
    damage each takes (half the violence, rounded up)."""

    violence: int
    locations: int | None
    damage: int


def fall(violence: int, extra_locations: int = 0) -> Fall:
    """The locations hit and their damage for a fall of this violence (§4.3.2)."""
    count: int | None = next((n for top, n in _data("fall")["locations"] if violence <= top), None)
    if count is not None:
        count = min(count + extra_locations, len(tables().locations))
    return Fall(violence, count, ceil(violence / 2))
