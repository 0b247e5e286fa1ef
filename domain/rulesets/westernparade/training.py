"""Training (§2.6-§2.7 of the seed, L1417-L1530; digest §5.17, §6.3, §6.4) as pure arithmetic.

Training runs as a *rate*: a plan gives each target (a skill, or the one characteristic being
trained) some hours a week, spread evenly over the week, so that any span of in-game time holds
an exact share of them and a plan may change at any instant. Credit is kept exactly in
**units** of 1/168 training second: ``span_s * hours_per_week`` units accrue over a span of
``span_s`` in-game seconds (a week of 168 hours holds ``hours`` hours of training), times the
teacher's factor. A point is gained when the credit reaches the point's cost; the next point
starts from the rest.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, HOUR
from chronique.domain.rulesets.westernparade.tables import _load
from chronique.domain.text import plural

HOURS_PER_WEEK = 168
UNITS_PER_SECOND = HOURS_PER_WEEK  # a unit is 1/168 training second


@dataclass(frozen=True)
class CharacteristicRule:
    """What training one characteristic needs (§2.7.1-§2.7.6): ``count`` of ``skills`` raised by
    5%, at most one of ``at_most_one`` among them, a time factor, whether a teacher helps, the APP
    cap and the characteristics one of which must also have risen (APP)."""

    name: str
    count: int
    skills: tuple[str, ...]
    at_most_one: tuple[str, ...]
    time_factor: int
    teacher_helps: bool
    max_gain: int | None
    raised_female: tuple[str, ...]
    raised_male: tuple[str, ...]


@dataclass(frozen=True)
class TrainingRules:
    """The training constants of ``downtime.toml`` [training]."""

    week_hours: int
    per_target_hours: int
    half_hour_s: int
    int_step_percent: int
    teacher_factor: int
    teacher_margin_percent: int
    teacher_minimum: int
    unaided_minimum: int
    idle_days: int
    decay_every_s: int
    decay_s: int
    cartridges_per_hour: int
    creation_gap: int
    characteristics: Mapping[str, CharacteristicRule]


@cache
def downtime_data() -> Mapping[str, Any]:
    """The parsed ``downtime.toml`` (cached)."""
    return MappingProxyType(_load("downtime.toml"))


@cache
def rules() -> TrainingRules:
    """The training rules (cached)."""
    raw = dict(downtime_data()["training"])
    chars = {
        name: CharacteristicRule(
            name=name,
            count=c["count"],
            skills=tuple(c["skills"]),
            at_most_one=tuple(c.get("at_most_one", ())),
            time_factor=c.get("time_factor", 1),
            teacher_helps=c.get("teacher_helps", True),
            max_gain=c.get("max_gain"),
            raised_female=tuple(c.get("raised_female", ())),
            raised_male=tuple(c.get("raised_male", ())),
        )
        for name, c in raw.pop("characteristics").items()
    }
    return TrainingRules(**raw, characteristics=MappingProxyType(chars))


def characteristic_rule(name: str) -> CharacteristicRule:
    """The training rule of a characteristic; CHC, SGF, VIT, REP, EXP and ACV cannot be trained
    (§2.7.7-§2.7.12)."""
    found = rules().characteristics.get(name.strip().upper())
    if found is None:
        raise RuleViolation(f"{name} cannot be raised by training (§2.7: only {', '.join(rules().characteristics)})")
    return found


# -- costs -----------------------------------------------------------------------------------


def time_percent(m_int: int) -> int:
    """The share of the training time left by a positive INT modifier, in percent (5% less a
    point, §2.6.2 L1439); never below 0."""
    return max(0, 100 - max(0, m_int) * rules().int_step_percent)


def skill_point_cost(level: int, m_int: int) -> int:
    """Training seconds to take a skill from ``level`` to ``level + 1`` without a teacher: half
    an hour per point of the new score (§2.6.2 L1427), less 5% per point of positive mINT.
    Sam at 74% with mINT +1: 75 half-hours less 5% = 71.25 half-hours = 128,250 s (L1447)."""
    return (level + 1) * rules().half_hour_s * time_percent(m_int) // 100


def characteristic_point_cost(old_roll: int, new_roll: int, m_int: int, time_factor: int = 1) -> int:
    """Training seconds to raise a characteristic one point: bring its roll jX from ``old_roll``
    to ``new_roll`` "as for skills" (§2.7 L1455), i.e. half an hour per percentage point crossed,
    points of zero or below costing nothing (PROPOSAL §9 item 18), less the INT reduction, times
    the characteristic's own factor (END: doubled, §2.7.2)."""
    half_hours = sum(max(0, p) for p in range(old_roll + 1, new_roll + 1))
    return half_hours * rules().half_hour_s * time_percent(m_int) // 100 * time_factor


# -- teachers --------------------------------------------------------------------------------


def teacher_needed(level: int) -> int:
    """The lowest skill a teacher of a student at ``level`` may have: the student's level plus
    20% of it rounded up, and never under 30% (§2.6.2 L1430, L1433). For 74%: 74 + 15 = 89
    (the seed's "99" is an arithmetic slip, ruling WC1)."""
    margin = math.ceil(level * rules().teacher_margin_percent / 100)
    return max(level + margin, rules().teacher_minimum)


def skill_factor(level: int, teacher_level: int | None) -> int:
    """How much each trained second counts for a skill at ``level``: double under a qualified
    teacher (§2.6.2 L1429), except below 20% where the teacher is mandatory and halves nothing
    (L1432); 0 when a student under 20% has no qualified teacher (he cannot train)."""
    qualified = teacher_level is not None and teacher_level >= teacher_needed(level)
    if level < rules().unaided_minimum:
        return 1 if qualified else 0
    return rules().teacher_factor if qualified else 1


def characteristic_factor(rule: CharacteristicRule, student_modifier: int, teacher_modifier: int | None) -> int:
    """Each trained second for a characteristic counts double under an instructor whose modifier
    in it is positive and higher than the student's (§2.7 L1463), unless the characteristic says
    a teacher does not help (END, §2.7.2)."""
    qualified = teacher_modifier is not None and teacher_modifier > 0 and teacher_modifier > student_modifier
    return rules().teacher_factor if qualified and rule.teacher_helps else 1


# -- budgets ---------------------------------------------------------------------------------


def counted_hours(requested: int) -> int:
    """The hours a week that count for one target: at most 20 (§2.6.1 L1421); more is allowed
    but "les heures supplémentaires ne sont pas comptabilisées" (§2.6.2 L1428)."""
    if requested < 0:
        raise RuleViolation("training hours are never negative")
    return min(requested, rules().per_target_hours)


def check_week(hours: Mapping[str, int], practice_hours: int = 0) -> None:
    """A week holds at most 50 hours of training, trick-shooting practice included (§2.6.1
    L1421, §6.6.7 L3593); a plan over it is refused (ruling WC2)."""
    total = sum(counted_hours(h) for h in hours.values()) + practice_hours
    if total > rules().week_hours:
        raise RuleViolation(f"the plan holds {total} h of training a week; at most {rules().week_hours} h (§2.6.1)")


# -- credit over time ------------------------------------------------------------------------


def credit(span_s: int, hours: int, factor: int) -> int:
    """Credit units earned over ``span_s`` in-game seconds at ``hours`` a week, each second of
    training counting ``factor`` times."""
    return max(0, span_s) * hours * factor


def units(training_s: int) -> int:
    """Credit units worth ``training_s`` seconds of training."""
    return training_s * UNITS_PER_SECOND


def seconds_to(bank: int, cost_s: int, hours: int, factor: int) -> int | None:
    """In-game seconds until ``bank`` units reach a cost of ``cost_s`` training seconds at this
    rate (0 if reached; None if the rate is nil)."""
    missing = units(cost_s) - bank
    if missing <= 0:
        return 0
    if hours * factor <= 0:
        return None
    return -(-missing // (hours * factor))


def decayed(bank: int, idle_since: int, at: int) -> int:
    """The bank of a target left untrained since ``idle_since``, at ``at``: more than seven days
    without training cost one training hour per half-day beyond them (§2.6.2 L1434); it never
    goes below zero and never takes back points already gained (PROPOSAL §9 item 19)."""
    r = rules()
    beyond = at - idle_since - r.idle_days * DAY
    if beyond < r.decay_every_s:
        return bank
    return max(0, bank - units(beyond // r.decay_every_s * r.decay_s))


def lapse_time(bank: int, idle_since: int) -> int:
    """When decay empties a bank of ``bank`` units left idle at ``idle_since``."""
    r = rules()
    steps = -(-bank // units(r.decay_s))
    return idle_since + r.idle_days * DAY + steps * r.decay_every_s


def cartridges(trained_units: int) -> int:
    """Cartridges burnt by firearm training worth ``trained_units`` (actual time, teacher or
    not): some 200 an hour (§2.6.2 footnote 2, L1443), whole cartridges."""
    return trained_units * rules().cartridges_per_hour // units(HOUR)


def hours_of(bank: int) -> str:
    """A credit in units as hours and minutes of training in words (rounded down to the minute),
    for people: "16 hours", "1 hour, 30 minutes", "no time"."""
    hours, minutes = divmod(bank // units(60), 60)
    parts = [plural(hours, "hour")] if hours else []
    parts += [plural(minutes, "minute")] if minutes else []
    return ", ".join(parts) or "no time"


# -- characteristic prerequisites ------------------------------------------------------------


def grown_count(rule: CharacteristicRule, start: Mapping[str, int], now: Mapping[str, int]) -> int:
    """How many of the rule's skills count as risen by 5% since the characteristic's training
    began (§2.7 L1457): at most one of ``at_most_one`` among them (footnote 5)."""
    grown = [s for s in rule.skills if now.get(s, 0) - start.get(s, 0) >= 5]
    capped = [s for s in grown if s in rule.at_most_one]
    return len(grown) - max(0, len(capped) - 1)


def prerequisites_met(rule: CharacteristicRule, start: Mapping[str, int], now: Mapping[str, int]) -> bool:
    """Whether enough related skills rose by 5% since the characteristic's training began
    (§2.7 L1457): ``count`` of the rule's skills (``grown_count``)."""
    return grown_count(rule, start, now) >= rule.count


def raised_companion(rule: CharacteristicRule, female: bool, start: Mapping[str, int], now: Mapping[str, int]) -> bool:
    """APP also needs another characteristic raised during its training (§2.7.5 L1496): for a
    woman AGI, CHR or CHC, for a man FOR, AGI, CHR or CHC. Other characteristics need none."""
    wanted = rule.raised_female if female else rule.raised_male
    return not wanted or any(now.get(c, 0) > start.get(c, 0) for c in wanted)


def check_characteristic_gain(rule: CharacteristicRule, values: Mapping[str, int], initial_app: int, female: bool) -> None:
    """Refuse a characteristic point that would break the creation rules (§2.7 L1453, §1.6.1
    L649): FOR and END, INT and CHR never more than 5 apart; APP at most 1.5 times the mean of
    FOR and END (a man) or AGI and CHR (a woman); and APP never more than 3 above its initial
    value (§2.7.5)."""
    gap = rules().creation_gap
    after = dict(values) | {rule.name: values[rule.name] + 1}
    for a, b in (("FOR", "END"), ("INT", "CHR")):
        if abs(after[a] - after[b]) > gap:
            raise RuleViolation(f"raising {rule.name} would put {a} and {b} more than {gap} apart (§2.7, §1.6.1)")
    a, b = ("AGI", "CHR") if female else ("FOR", "END")
    if 4 * after["APP"] > 3 * (after[a] + after[b]):
        raise RuleViolation(f"APP would exceed 1.5 times the mean of {a} and {b} (§2.7, §1.6.1)")
    if rule.max_gain is not None and after[rule.name] > initial_app + rule.max_gain:
        raise RuleViolation(f"APP never rises more than {rule.max_gain} above its initial {initial_app} (§2.7.5)")
