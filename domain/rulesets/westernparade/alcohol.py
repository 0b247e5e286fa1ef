"""Western Parade alcohol (digest §5.16; seed §4.1, Tables 4.1-4.2): units, stages and their
effects, and sobering up in closed form. Units are counted in tenths."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

TENTH = 10  # tenths per unit
# Table 4.1: the stage reached at these (effective) units, in tenths.
STAGES = (("light", 15), ("medium", 30), ("serious", 60), ("complete", 90), ("coma", 130))
# Table 4.2: light / medium / serious / complete drunkenness (the coma keeps the last).
EFFECTS: dict[str, dict[str, int]] = {
    "light": {"FOR": 0, "AGI": -1, "INT": -1, "APP": 0, "CHR": 1, "CHC": 0, "SGF": 1, "combat": -5},
    "medium": {"FOR": 1, "AGI": -2, "INT": -2, "APP": 0, "CHR": -1, "CHC": 1, "SGF": 2, "combat": -10},
    "serious": {"FOR": 2, "AGI": -3, "INT": -4, "APP": -1, "CHR": -3, "CHC": 2, "SGF": 4, "combat": -25},
    "complete": {"FOR": -2, "AGI": -5, "INT": -8, "APP": -2, "CHR": -6, "CHC": 3, "SGF": 4, "combat": -50},
}
EFFECTS["coma"] = EFFECTS["complete"]
# §4.1: sobering is twice as slow in the serious stage, 3x in complete drunkenness, 5x in a coma.
SLOWDOWN = {"serious": 2, "complete": 3, "coma": 5}
# §4.1.3 L2853: in a coma, two easy END rolls; failing the first costs 1 INT, the second 1 END.
COMA_LOSSES = ("INT", "END")
MIN_PER_UNIT = 600  # WB13: whatever mEND, at least 10 minutes per unit


def free_tenths(m_end: int, drinker: bool) -> int:
    """Units that do not count (§4.1.1): positive mEND, +1 if *Beuverie* > 50%; a negative mEND
    counts its points as units already drunk."""
    return TENTH * (m_end + (1 if drinker else 0))


def stage(tenths: int, m_end: int, drinker: bool) -> str:
    """The stage of a character who drank ``tenths`` (Table 4.1): "sober" below light."""
    effective = tenths - free_tenths(m_end, drinker) if tenths > 0 else 0
    reached = "sober"
    for name, threshold in STAGES:
        if effective >= threshold:
            reached = name
    return reached


def sobered(drink: Mapping[str, Any], at: int) -> bool:
    """Whether an emergency has sobered the drinker for the moment (§4.1.3 L2859): ``drink`` is
    the body's ``alcohol`` dict."""
    until = (drink.get("sobered") or {}).get("until")
    return until is not None and at < int(until)


def comatose(drink: Mapping[str, Any], m_end: int, drinker: bool, at: int) -> bool:
    """Whether the drinker lies in an ethylic coma (Table 4.1, §4.1.1 L2817) at ``at``, no
    emergency sobering him for the moment: a coma is unconsciousness (ruling WD4)."""
    return stage(int(drink["tenths"]), m_end, drinker) == "coma" and not sobered(drink, at)


def better(name: str) -> str:
    """The stage one better than ``name`` (emergency sobering, §4.1.3 L2859)."""
    order = ["sober", *(n for n, _ in STAGES)]
    return order[max(0, order.index(name) - 1)]


def best_of(worse: str, better_stage: str) -> dict[str, int]:
    """Emergency sobering's effects (§4.1.3 L2859; "table 4.1" there means Table 4.2, digest
    §9 item 26): line by line, the better of the two stages' columns (sober: no effect)."""
    a, b = EFFECTS.get(worse, {}), EFFECTS.get(better_stage, {})
    return {k: max(a.get(k, 0), b.get(k, 0)) for k in a.keys() | b.keys()}


def seconds_per_unit(m_end: int) -> int:
    """One hour per unit less 10 minutes per mEND point (§4.1.2)."""
    return max(MIN_PER_UNIT, 3_600 - 600 * m_end)


@dataclass(frozen=True)
class Drink:
    """The alcohol in a character and the seconds already spent on the next tenth."""

    tenths: int
    progress: int


def sober_up(drink: Drink, seconds: int, m_end: int, drinker: bool) -> Drink:
    """Let ``seconds`` pass: each tenth takes a tenth of the per-unit time, slowed by the stage
    the character is in while it goes (WB13, digest A26)."""
    tenths, budget = drink.tenths, drink.progress + seconds
    while tenths > 0:
        cost = seconds_per_unit(m_end) * SLOWDOWN.get(stage(tenths, m_end, drinker), 1) // TENTH
        if budget < cost:
            return Drink(tenths, budget)
        budget -= cost
        tenths -= 1
    return Drink(0, 0)


def time_to_stage_change(drink: Drink, m_end: int, drinker: bool) -> int | None:
    """Seconds until the stage changes (or the last drop is gone); None when there is nothing."""
    if drink.tenths <= 0:
        return None
    now, tenths, total = stage(drink.tenths, m_end, drinker), drink.tenths, -drink.progress
    while tenths > 0:
        total += seconds_per_unit(m_end) * SLOWDOWN.get(stage(tenths, m_end, drinker), 1) // TENTH
        tenths -= 1
        if tenths == 0 or stage(tenths, m_end, drinker) != now:
            return max(0, total)
    return max(0, total)
