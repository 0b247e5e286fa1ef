"""Western Parade blood points (digest §5.1, §5.3-5.4; seed §3.2.3-§3.2.4): what a location
bleeds per round, and PH over time in closed form. Bleeding is counted in whole rounds (10 s)
and extraction bleeds in whole minutes; ``progress`` values are the seconds already spent
towards the next round, minute or recovered PH, so a span gives the same in one step or many."""

from __future__ import annotations

from dataclasses import dataclass

from chronique.domain.chance import ChanceStream
from chronique.domain.rulesets.westernparade.wounds import WoundState

ROUND = 10  # §3.1.3
MINUTE = 60
# §3.2.3 (L1840): PH lost per round by the location's state; scratches do not bleed.
BASE = {WoundState.MINOR: 1, WoundState.MAJOR: 2, WoundState.CRITICAL: 3}
# §3.2.4 (L1880): one PH back per hour of bed rest, per 2 h of moderate activity, per 4 h otherwise.
REGEN_PERIOD = {"bed": 3_600, "moderate": 7_200, "active": 14_400}
ACTIVITIES = tuple(REGEN_PERIOD)
HAND_PRESSURE = 2  # §3.2.3 (L1848): each hand holds back 2 PH


def location_rate(
    state: WoundState, multiplier: int, through: bool = False, artery: bool = False, stopped: int = 0, hands: int = 0, lodged: bool = False
) -> int:
    """PH a location loses per round: the state's base, +1 for a bullet through and through
    (§3.3.1), times the location's multiplier (Table 3.4; WB7, digest A6: the +1 is multiplied
    too), doubled for a cut artery (§3.4.5.1), less what first aid stopped and 2 per pressing
    hand (§3.2.3). Never below 0; none at all while an impaling weapon is ``lodged`` in it
    (§3.4.5.2 L2513: "aucun point d'hémorragie n'est perdu tant que l'objet n'est pas retiré")."""
    base = BASE.get(state, 0)
    if base == 0 or lodged:
        return 0
    raw = (base + (1 if through else 0)) * multiplier * (2 if artery else 1)
    return max(0, raw - stopped - HAND_PRESSURE * hands)


@dataclass(frozen=True)
class Blood:
    """The blood points and the seconds already spent towards the next round and minute."""

    ph: int
    round_progress: int
    minute_progress: int


def bleed(blood: Blood, seconds: int, per_round: int, per_minute: int) -> Blood:
    """Bleed for ``seconds``: ``per_round`` PH at every full round, ``per_minute`` at every full
    minute (bullet extraction, §3.2.7.4 L2006)."""
    rounds, round_left = divmod(blood.round_progress + seconds, ROUND)
    minutes, minute_left = divmod(blood.minute_progress + seconds, MINUTE)
    return Blood(blood.ph - rounds * per_round - minutes * per_minute, round_left, minute_left)


def time_to_bleed_to(blood: Blood, target: int, per_round: int, per_minute: int) -> int | None:
    """The fewest seconds after which the PH are at or below ``target``; None if never."""
    if blood.ph <= target:
        return 0
    if per_round <= 0 and per_minute <= 0:
        return None
    need = blood.ph - target
    bounds = []
    if per_round > 0:
        bounds.append(-(-need // per_round) * ROUND - blood.round_progress)
    if per_minute > 0:
        bounds.append(-(-need // per_minute) * MINUTE - blood.minute_progress)
    low, high = 0, max(0, min(bounds))
    while low < high:  # the loss only grows with time: the first second it reaches the target
        mid = (low + high) // 2
        if bleed(blood, mid, per_round, per_minute).ph <= target:
            high = mid
        else:
            low = mid + 1
    return low


def recover(ph: int, ph_max: int, progress: int, seconds: int, activity: str) -> tuple[int, int]:
    """Recover PH for ``seconds`` at the activity's pace (§3.2.4, L1880); WB8 (digest §5.3):
    never above the base PH, and the count stops there."""
    if ph >= ph_max:
        return ph, 0
    gained, left = divmod(progress + seconds, REGEN_PERIOD[activity])
    if ph + gained >= ph_max:
        return ph_max, 0
    return ph + gained, left


def time_to_recover_to(ph: int, progress: int, target: int, activity: str) -> int:
    """Seconds until the PH are back to ``target`` at the activity's pace."""
    return max(0, (target - ph) * REGEN_PERIOD[activity] - progress)


def beyond_saving(ph: int, ph_max: int) -> bool:
    """§3.2.4 (L1878): negative PH reaching half the base PH: the character cannot be saved."""
    return 2 * ph <= -ph_max


def death_beyond_saving(stream: ChanceStream, at: int) -> int:
    """When a character gone beyond saving at ``at`` dies: WB16 (digest A10), 1d60 minutes later."""
    return at + stream.die(60) * MINUTE
