"""Western Parade wounds (digest §4.2, §4.6-4.8, §5.13; seed §3.2.1-§3.2.9): the state of a
location from its remaining PV, incapacitation, loss of consciousness, wound penalties and the
effects of critical wounds. Pure functions over plain numbers; the body data are in ``BODY``."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from math import ceil

from chronique.domain.chance import ChanceStream


class WoundState(StrEnum):
    """The four wound states of §3.2.2 (L1822), plus an unhurt location."""

    UNHURT = "unhurt"
    SCRATCH = "scratch"
    MINOR = "minor"
    MAJOR = "major"
    CRITICAL = "critical"


@dataclass(frozen=True)
class Part:
    """What kind of body part a location is (the hemorrhage multiplier is Table 1.6's, in the
    ruleset's tables): the negative points per permanent loss below the critical threshold (§3.2.9.2, L2122) and what
    that loss costs, and what exceeding the threshold does (§3.2.9.1, L2110)."""

    per: int
    losses: Mapping[str, int]
    beyond: str
    dies_in: str | None = None
    leg: bool = False


# §3.2.9.1-2 (L2110-2134). "agi_in_use" is the temporary AGI loss whenever the
# limb is used (thigh, leg, foot); "beyond" is killed / dies / useless (shoulder) / amputate.
BODY: dict[str, Part] = {
    "head": Part(2, {"INT": 1}, "killed"),
    "throat": Part(2, {}, "killed"),
    "shoulder": Part(3, {}, "useless"),
    "chest": Part(2, {"END": 1}, "killed"),
    "arm": Part(2, {}, "amputate"),
    "hand": Part(2, {}, "amputate"),
    "abdomen": Part(2, {"END": 1}, "dies", "3d10h"),
    "right-flank": Part(2, {"END": 1}, "dies", "3d10m"),
    "left-flank": Part(2, {"END": 1}, "dies", "3d6h"),
    "thigh": Part(3, {"agi_in_use": 1}, "dies", "2d6m"),
    "leg": Part(2, {"agi_in_use": 1}, "amputate", leg=True),
    "foot": Part(2, {"agi_in_use": 1}, "amputate", leg=True),
}

# §3.2.5.1-2 (L1892, L1900): where a wound takes the character out until the battle ends.
VITAL_CRITICAL = frozenset({"head", "chest", "right-flank", "left-flank", "abdomen"})
VITAL_MAJOR = frozenset({"head", "chest"})


def part_of(location: str) -> str:
    """The body part of a location name (``right-thigh`` -> ``thigh``; the flanks stay sided,
    since liver and spleen differ, §3.2.9.1 L2114-2116)."""
    if location.endswith("flank"):
        return location
    for part in BODY:
        if location == part or location.endswith("-" + part):
            return part
    raise ValueError(f"no body part {location!r}")


def side_of(location: str) -> str | None:
    """``right``/``left`` for paired locations, else None."""
    head, _, _ = location.partition("-")
    return head if head in ("right", "left") else None


def is_scratch(damage: int, max_pv: int, literal: bool) -> bool:
    """Whether ``damage`` is within a scratch (§3.2.2): under 10% of max PV. WB1: by default the
    10% is rounded half up and a scratch holds damage up to it, which reproduces both Ted Butler
    examples (§3.2.8.2 L2052-2056); ``literal`` reads "inférieurs à 10%" strictly."""
    return 10 * damage < max_pv if literal else damage <= (max_pv + 5) // 10


def wound_state(damage: int, max_pv: int, literal_scratch: bool = False) -> WoundState:
    """The state of a location holding ``damage`` out of ``max_pv`` (§3.2.2, L1822): only what
    remains counts, not how many hits made it (§3.2.1)."""
    if damage <= 0:
        return WoundState.UNHURT
    if max_pv - damage <= 0:
        return WoundState.CRITICAL
    if 2 * damage > max_pv:
        return WoundState.MAJOR
    if is_scratch(damage, max_pv, literal_scratch):
        return WoundState.SCRATCH
    return WoundState.MINOR


# §3.2.6 (L1920): 0.5 per minor wound, 1 per major, 2 per critical; counted in halves.
_HALVES = {WoundState.MINOR: 1, WoundState.MAJOR: 2, WoundState.CRITICAL: 4}


def multiplier_halves(states: Iterable[WoundState]) -> int:
    """The unconsciousness multiplier of §3.2.6 (L1920), in halves, over every location's state
    (the new wound included); scratches add nothing."""
    return sum(_HALVES.get(s, 0) for s in states)


def table_3_5(damage: int, halves: int) -> int | None:
    """Table 3.5 (L1945): ``ceil(damage x M)`` with M = halves / 2, rounded up (§3.2.6 "13.1
    donne 14"); None where the table says "auto." (the product is above 120)."""
    product = ceil(damage * halves / 2)
    return None if product > 120 else product


def unconsciousness_chance(damage: int, halves: int, m_end: int, head: bool) -> int:
    """The chance to pass out after a wound (§3.2.6, L1916-1930): the location's total damage
    times the multiplier rounded up, +25 on the head after multiplying, -5 per mEND point."""
    return ceil(damage * halves / 2) + (25 if head else 0) - 5 * m_end


@dataclass(frozen=True)
class Unconsciousness:
    """The reading of an unconsciousness check: whether dice were needed, the chance, the d100,
    whether the character passes out and for how many rounds."""

    chance: int
    roll: int | None
    rolled: bool
    unconscious: bool
    rounds: int

    def to_dict(self) -> dict[str, object]:
        """Plain data for an event."""
        return {"chance": self.chance, "roll": self.roll, "rolled": self.rolled, "unconscious": self.unconscious, "rounds": self.rounds}


# §3.2.6 (L1934): the duration is the margin for a minor wound, doubled for major, x10 critical.
_DURATION = {WoundState.MINOR: 1, WoundState.MAJOR: 2, WoundState.CRITICAL: 10}


def needs_roll(chance: int, state: WoundState, head: bool) -> bool:
    """Whether the d100 decides (§3.2.6 L1926-1929): not at 5% or less, above 95%, or for a
    critical head wound. WB2: a d100 is still rolled for the duration when it does not decide."""
    return 5 < chance <= 95 and not (head and state is WoundState.CRITICAL)


def unconsciousness(chance: int, roll: int, state: WoundState, head: bool) -> Unconsciousness:
    """Read the d100 (plain, 1-100) against the chance (§3.2.6): unconscious on roll <= chance
    (or automatically), for margin x 1/2/10 rounds by the wound's state. WB2 (digest A11): with
    no deciding roll the duration uses max(1, chance - roll)."""
    decides = needs_roll(chance, state, head)
    if decides:
        out = roll <= chance
    else:
        out = chance > 95 or (head and state is WoundState.CRITICAL)
    margin = max(1, chance - roll) if out else 0
    return Unconsciousness(chance, roll, decides, out, margin * _DURATION.get(state, 1))


def unconsciousness_check(stream: ChanceStream, chance: int, state: WoundState, head: bool) -> Unconsciousness | None:
    """An unconsciousness check the wound called for (§3.2.6): the d100 read against ``chance``,
    or None when no die is rolled (5% or less, save for a critical head wound, which knocks out
    whatever the chance)."""
    if chance > 5 or (head and state is WoundState.CRITICAL):
        return unconsciousness(chance, stream.die(100), state, head)
    return None


@dataclass(frozen=True)
class Incapacitation:
    """What a wound does to a character's actions in a fight (§3.2.5, L1884-1914): ``out`` takes
    him out until the battle ends; ``end_roll`` names the END roll due ("", "easy", "normal");
    ``lost`` says what he loses; ``check`` whether to check unconsciousness at once."""

    out: bool
    end_roll: str
    lost: str
    check: bool


def incapacitation(part: str, state: WoundState) -> Incapacitation:
    """The incapacitating effect of a wound to ``part`` in ``state`` (§3.2.5). Every failed END
    roll it calls for also triggers an unconsciousness check (L1896, L1904)."""
    if state is WoundState.CRITICAL:
        if part in VITAL_CRITICAL:
            return Incapacitation(True, "", "out of the fight until the battle ends", True)
        return Incapacitation(False, "normal", "rest of this round and next round up to this rank, then an END roll to act", False)
    if state is WoundState.MAJOR:
        if part in VITAL_MAJOR:
            return Incapacitation(True, "", "out of the fight until the battle ends", True)
        return Incapacitation(False, "normal", "success: next action; failure: rest of round and next round up to this rank", False)
    if state is WoundState.MINOR:
        if part == "head":
            return Incapacitation(False, "normal", "next action, then one more per failed END roll", False)
        return Incapacitation(False, "easy", "one action on a failed easy END roll", False)
    return Incapacitation(False, "", "nothing", False)


def penalty(state: WoundState, treated: bool, weapon_arm_or_head: bool) -> int:
    """Table 3.6 (L1980): the penalty (%) a wounded location puts on every action, fresh vs
    after at least first aid. WB3: a critical location counts as major (the table stops there)."""
    if state in (WoundState.UNHURT, WoundState.SCRATCH):
        return 0
    major = state in (WoundState.MAJOR, WoundState.CRITICAL)
    if weapon_arm_or_head:
        return (-20 if treated else -40) if major else (-5 if treated else -10)
    return (-5 if treated else -10) if major else (0 if treated else -5)


def weapon_side_locations(hand: str) -> frozenset[str]:
    """WB3: "bras d'arme" (Table 3.6) is the shoulder, arm and hand on the side of the hand that
    holds the weapon."""
    return frozenset(f"{hand}-{p}" for p in ("shoulder", "arm", "hand"))


# §6.17.2 L5067 "les pénalités pour des blessures aux jambes sont doublées": the lower limb a
# runner runs on, thigh, leg and foot alike (ruling WB61).
LEG_PARTS = frozenset({"thigh", "leg", "foot"})


def total_penalty(wounds: Mapping[str, tuple[WoundState, bool]], weapon_hand: str, legs: int = 1) -> int:
    """The cumulated Table 3.6 penalty, one per wounded location (§3.2.7.1 L1980); ``wounds``
    maps each location to its state and whether it had at least first aid; ``legs`` multiplies
    those of the legs (thigh, leg, foot), 2 for a long-distance run (§6.17.2 L5067)."""
    arm = weapon_side_locations(weapon_hand)
    return sum(penalty(s, t, loc in arm or loc == "head") * (legs if part_of(loc) in LEG_PARTS else 1) for loc, (s, t) in wounds.items())


def running_shortfall(wounds: Mapping[str, tuple[WoundState, bool]], weapon_hand: str) -> int:
    """How much shorter (%) a wounded runner's day is (§6.17.2 L5067): Table 3.6's penalties of
    his wounded locations, those of the legs doubled; a positive percent, 0 when nothing hinders
    him (ruling WB61)."""
    return -total_penalty(wounds, weapon_hand, legs=2)


@dataclass(frozen=True)
class CriticalEffect:
    """What a critical wound does beyond its PV (§3.2.9): ``fate`` is "" (threshold kept),
    "killed", "dies" (after ``dies_in`` dice, e.g. "3d10h"), "useless" (the arm) or "amputate";
    ``losses`` are permanent characteristic losses and ``max_pv`` the location's max PV loss,
    both counting only what the deepest negative value newly reached adds."""

    fate: str
    dies_in: str | None
    losses: dict[str, int] = field(default_factory=dict)
    max_pv: int = 0

    def to_dict(self) -> dict[str, object]:
        """Plain data for an event."""
        return {"fate": self.fate, "dies_in": self.dies_in, "losses": dict(self.losses), "max_pv": self.max_pv}


def beyond_threshold(pv: int, max_pv: int) -> bool:
    """The critical threshold (§3.2.9.1, L2108) is passed when the negative PV go beyond 50% of
    the location's max PV, or when the max PV itself is down to 0 (L2136)."""
    return max_pv <= 0 or -2 * pv > max_pv


def critical_effect(location: str, pv: int, max_pv: int, deepest_before: int) -> CriticalEffect:
    """The effect of a location at ``pv`` (of ``max_pv``) whose deepest negative value so far was
    ``-deepest_before`` (§3.2.9). WB4 (digest A14): below the threshold, permanent losses apply
    when the wound is taken, one per full 2 (3 for shoulder and thigh) negative points, counting
    only the points newly reached."""
    part = BODY[part_of(location)]
    if beyond_threshold(pv, max_pv):
        return CriticalEffect(part.beyond, part.dies_in)
    steps = max(0, -pv) // part.per - max(0, deepest_before) // part.per
    if steps <= 0:
        return CriticalEffect("", None)
    return CriticalEffect("", None, {k: v * steps for k, v in part.losses.items()}, steps)


_UNITS = {"m": 60, "h": 3_600}


def death_timer(stream: ChanceStream, spec: str) -> int:
    """Seconds until death of a critical wound whose part "dies" (§3.2.9.1): its ``dies_in``
    dice, "3d10h" or "2d6m", in hours or minutes."""
    match = re.fullmatch(r"(\d+)d(\d+)([hm])", spec)
    if match is None:
        raise ValueError(f"a death timer is written like 3d10h or 2d6m, not {spec!r}")
    count, sides, unit = int(match.group(1)), int(match.group(2)), match.group(3)
    return sum(stream.die(sides) for _ in range(count)) * _UNITS[unit]


def bed_bound(pvs: Iterable[int]) -> bool:
    """§3.2.9.3 (L2138): while any location is at negative PV the character keeps his bed."""
    return any(pv < 0 for pv in pvs)
