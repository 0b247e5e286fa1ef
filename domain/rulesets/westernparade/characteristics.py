"""The characteristics' own rules of chapter 1 of Western Parade (§1.4-§1.10, §3.1-§3.2: Tables 1.2
to 1.6): modifiers, rolls and costs, locations' PV, blood, carrying capacity and actions. Pure
functions of numbers, apart from the typed sheet (sheet.py, pydantic), so that the rules of play
read them without importing it (issue 20: a one-shot roll)."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.westernparade.tables import tables


def modifier(value: int) -> int:
    """Table 1.3 (§1.6.2, L701): ceil((X - 12) / 3) above 12, the table's bands below."""
    if value > 12:
        return math.ceil((value - 12) / 3)
    for top, m in tables().modifier_low:
        if value <= top:
            return m
    raise AssertionError("unreachable: the bands end at 12")


def characteristic_roll(value: int) -> int:
    """Table 1.4 (§1.6.3, L722): jX = 3 X + 5 mX (may be negative or above 100)."""
    t = tables()
    return t.roll_per_point * value + t.roll_per_modifier * modifier(value)


def characteristic_cost(value: int) -> int:
    """Cumulative character points for a characteristic (Tables 1.2 L666 and 1.9 L1190)."""
    cost, below = 0, 0
    for top, each in tables().cost_bands:
        cost += each * max(0, min(value, top) - below)
        below = top
    if value > below:
        raise RuleViolation(f"no cost is given for a characteristic of {value} (at most {below})")
    return cost


def location_pv(end: int) -> dict[str, int]:
    """Max PV per location (Table 1.6, L928): a % of END, rounded up (PROPOSAL digest §9 item 5)."""
    return dict(_location_pv(end))


@lru_cache(maxsize=64)  # asked on every tick of an advance, for the same few END values
def _location_pv(end: int) -> tuple[tuple[str, int], ...]:
    return tuple((k, math.ceil(Fraction(end * loc.pct, 100))) for k, loc in tables().locations.items())


def blood_points(end: int) -> int:
    """Base PH = 5 x END (§3.2.3)."""
    return tables().ph_per_end * end


def carrying_capacity(strength: int, endurance: int, weight_kg: int) -> Fraction:
    """§1.10 L950: (FOR + END) / 40 x body weight, in kg."""
    return Fraction(strength + endurance, 40) * weight_kg


def actions_per_round(m_agi: int) -> tuple[int, int]:
    """(actions, every n rounds) (§3.1.2): NAR = 2 + mAGI; at mAGI -2/-3/-4 one action every
    2/3/4 rounds (digest §9 item 20)."""
    nar = 2 + m_agi
    return (nar, 1) if nar >= 1 else (1, -m_agi)


def action_phases(j_vit: int, nar: int) -> list[int]:
    """§3.1.4 L1588: first action at phase jVIT, the next ones every floor(jVIT / NAR) phases."""
    step = j_vit // nar
    return [j_vit - k * step for k in range(nar)]


def rank_of(phase: int) -> int:
    """The action rank of a phase: its tens digit (§3.1.1)."""
    return phase // 10


def handedness_cost(rolled: str, chosen: str) -> int:
    """Character points to turn the rolled handedness into the chosen one (§1.4 L596)."""
    t = tables()
    if chosen == rolled:
        return 0
    if chosen == "ambidextrous":
        return t.ambidextrous_cost
    return t.switch_cost  # right -> left as printed; left -> right by PROPOSAL (digest §9 item 34)
