"""Western Parade healing (digest §5.11-5.12; seed §3.2.8): realistic and Hollywood rules, in
closed form. Each location heals on its own; ``progress`` is the seconds already spent towards
its next PV, so healing over a span is the same in one step or in many."""

from __future__ import annotations

from dataclasses import dataclass

from chronique.domain.rulesets.westernparade.wounds import WoundState, wound_state

DAY = 86_400
HOUR = 3_600
TENTH_OF_DAY = DAY // 10  # Table 3.8 (L2064): 0.1 day = 2 h 24 min

# Table 3.7 (L2033): days to recover 1 PV by the location's state, in tenths of a day.
HOLLYWOOD_TENTHS = {WoundState.SCRATCH: 2, WoundState.MINOR: 5, WoundState.MAJOR: 10, WoundState.CRITICAL: 20}
SYSTEMS = ("realistic", "hollywood")


def seconds_per_pv(state: WoundState, m_end: int, system: str, factor: int = 1) -> int:
    """How long one PV takes to come back. Realistic (§3.2.8.1, L2021): a week less mEND days,
    WB5 (digest A37) at least a day. Hollywood (Table 3.7): the state's time less 0.1 day per
    mEND point, at least an hour (L2031). Times ``factor``: a broken location's convalescence
    is ten times as long (§3.4.5.3, ruling WB43)."""
    if system == "realistic":
        return max(1, 7 - m_end) * DAY * factor
    return max(HOUR, (HOLLYWOOD_TENTHS[state] - m_end) * TENTH_OF_DAY) * factor


@dataclass(frozen=True)
class Healing:
    """Where a location stands after healing for a while: its damage and the seconds already
    spent towards its next PV."""

    damage: int
    progress: int


def heal(damage: int, max_pv: int, progress: int, seconds: int, m_end: int, system: str, literal: bool = False, factor: int = 1) -> Healing:
    """Heal a location holding ``damage`` (of ``max_pv``) for ``seconds`` more; the pace is
    recomputed at each PV from the state it leaves (§3.2.8.2, L2040), times ``factor``."""
    budget = progress + seconds
    while damage > 0:
        cost = seconds_per_pv(wound_state(damage, max_pv, literal), m_end, system, factor)
        if budget < cost:
            return Healing(damage, budget)
        budget -= cost
        damage -= 1
    return Healing(0, 0)


def time_to_heal(
    damage: int, max_pv: int, progress: int, target: int, m_end: int, system: str, literal: bool = False, factor: int = 1
) -> int:
    """Seconds until the location is down to ``target`` damage at the current pace."""
    total = -progress
    while damage > target:
        total += seconds_per_pv(wound_state(damage, max_pv, literal), m_end, system, factor)
        damage -= 1
    return max(0, total)


def time_to_next_state(damage: int, max_pv: int, progress: int, m_end: int, system: str, literal: bool = False) -> int:
    """Seconds until the location's wound state changes (or it is healed) by healing alone."""
    state = wound_state(damage, max_pv, literal)
    target = damage - 1
    while target > 0 and wound_state(target, max_pv, literal) is state:
        target -= 1
    return time_to_heal(damage, max_pv, progress, target, m_end, system, literal)


@dataclass(frozen=True)
class Bandaging:
    """What a *Bandages* roll does (§6.18.2): the wound reopened, or the PV it gives back once it
    takes (0 on a plain failure)."""

    reopened: bool
    pv: int

    def to_dict(self) -> dict[str, object]:
        """Plain data for an event."""
        return {"reopened": self.reopened, "pv": self.pv}


# §6.18.2: a catastrophic failure reopens the wound; a success gives 1 PV back, an EXTRA 2.
_BANDAGE_PV = {"NORM_S": 1, "CRIT_S": 1, "EXTRA": 2}


def bandaging(quality: str) -> Bandaging:
    """Read a *Bandages* roll (§6.18.2)."""
    if quality == "CATA_F":
        return Bandaging(True, 0)
    return Bandaging(False, _BANDAGE_PV.get(quality, 0))
