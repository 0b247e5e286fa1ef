"""Long-period skills (§5.18 of the digest) and trick-shooting practice (§5.19) as pure rules:
what one periodic roll of survival, banking, speculation, bookkeeping, gold panning, hunting or
long-distance running does, given the quality of the roll, and the practice bonus over time.

Qualities are those of §2.1.2: CATA_F < CRIT_F < NORM_F < NORM_S < CRIT_S < EXTRA.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from chronique.domain.chance import ChanceStream
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY
from chronique.domain.rulesets.westernparade.resolution import RollOutcome, roll
from chronique.domain.rulesets.westernparade.training import downtime_data
from chronique.domain.text import fold, quoted

SUCCESSES = ("NORM_S", "CRIT_S", "EXTRA")
KINDS = ("survival", "banking", "speculation", "bookkeeping", "panning", "hunting", "running")


def activity(kind: str) -> Any:
    """The data of a long-period activity (``downtime.toml`` [activities.<kind>])."""
    if kind not in KINDS:
        raise RuleViolation(f"no long-period activity {quoted(kind)} (one of {', '.join(KINDS)})")
    return downtime_data()["activities"][kind]


# -- survival (§6.15, L4727-L4739) -----------------------------------------------------------


@dataclass(frozen=True)
class SurvivalWeek:
    """What one week's survival roll did: the modifier of the next roll (never beyond ±25%, not
    cumulative), and the fate: "alive", "exhausted" (NORM_F), "dying" (CRIT_F: dead in 1d6 days
    unless helped) or "dead" (CATA_F)."""

    next_modifier: int
    fate: str


def survival_week(modifier: int, quality: str) -> SurvivalWeek:
    """§6.15: CATA_F dies of exhaustion; CRIT_F will die in 1d6 days unless helped; NORM_F loses
    any bonus, else the next roll is at -25%; NORM_S removes a malus, else +25%; CRIT_S and EXTRA
    give +25% (nothing cumulates). "Once a roll succeeded, +25% on the following weeks" (L4731)
    is the NORM_S/CRIT_S rule; NORM_S after a malus only removes it (ruling WC7)."""
    step = activity("survival")["step"]
    if quality == "CATA_F":
        return SurvivalWeek(0, "dead")
    if quality == "CRIT_F":
        return SurvivalWeek(0, "dying")
    if quality == "NORM_F":
        return SurvivalWeek(0 if modifier > 0 else -step, "exhausted")
    if quality == "NORM_S" and modifier < 0:
        return SurvivalWeek(0, "alive")
    return SurvivalWeek(step, "alive")


# -- capital: banking (§6.8.1), speculation (§6.8.9) ----------------------------------------


def capital_after(kind: str, capital_cents: int, quality: str) -> int:
    """The capital after one banking (monthly) or speculation roll: the quality's percentage of
    the capital, to the cent (rounded half away from zero)."""
    percent = activity(kind)["percent"][quality]
    change = capital_cents * percent
    cents = (abs(change) + 50) // 100
    return capital_cents + (cents if change >= 0 else -cents)


def capital_change(result: Mapping[str, Any]) -> int:
    """What one roll of a bank or a speculation did to its capital, in cents (§6.8.1, §6.8.9):
    negative for a loss; 0 for a roll of another activity, or one recorded without the capital
    it was rolled on."""
    if "capital" not in result or result.get("capital_before") is None:
        return 0
    return int(result["capital"]) - int(result["capital_before"])


# -- hunting (§6.16.4, Table 6.1) ------------------------------------------------------------


def hunting_terrain(terrain: str) -> tuple[int, int]:
    """Table 6.1: the roll modifier and the quantity (tenths) of a terrain."""
    table = activity("hunting")["terrain"]
    key = fold(terrain)
    if key not in table:
        raise RuleViolation(f"no hunting terrain {quoted(terrain)} (one of {', '.join(table)})")
    modifier, tenths = table[key]
    return int(modifier), int(tenths)


def hunted(skill: int, terrain: str, quality: str) -> int:
    """Tenths of persons fed for a day: skill / 10 persons (L4802), times the terrain's quantity
    and the quality's (CATA_F 0, CRIT_F ×0.1, NORM_F ×0.3, NORM_S ×1, CRIT_S ×1.5, EXTRA ×2),
    rounded down to a tenth."""
    data = activity("hunting")
    _, terrain_tenths = hunting_terrain(terrain)
    return skill * 10 * terrain_tenths * data["quantity_tenths"][quality] // (data["persons_per_percent"] * 100)


def skins_cents(fed_tenths: int) -> int:
    """Skins instead of meat: some $5 per person "fed" (L4820)."""
    return fed_tenths * activity("hunting")["skin_cents_per_person"] // 10


# -- long-distance running (§6.17.2, L5061-L5083) -------------------------------------------


def running_metres(m_end: int, quality: str, wound_percent: int) -> int:
    """The day's distance: 50 km + 5 km per mEND point, times the quality's share (CATA_F 1/10,
    CRIT_F 1/4, NORM_F 1/2, NORM_S all, CRIT_S 120%, EXTRA 150%), less the wound penalty in
    percent (leg penalties doubled, L5067: ``fitness.wound_penalty`` with ``legs=2``)."""
    data = activity("running")
    base = max(0, data["base_km"] + data["km_per_mEND"] * m_end) * 1000
    share = base * data["percent"][quality] // 100
    return share * max(0, 100 - wound_percent) // 100


def running_terrain(terrain: str) -> int:
    """Difficulty of the ground (L5069): flat normal, rough difficult, impassable very difficult."""
    table = activity("running")["terrain"]
    key = fold(terrain)
    if key not in table:
        raise RuleViolation(f"no running terrain {quoted(terrain)} (one of {', '.join(table)})")
    return int(table[key])


# -- one periodic roll ------------------------------------------------------------------------


@dataclass(frozen=True)
class ActivityRoll:
    """One periodic roll of a long-period activity: the roll, what it did (``result``), the
    activity after it (None when it ended) and whether it killed the character."""

    outcome: RollOutcome
    result: dict[str, Any]
    after: dict[str, Any] | None
    died: bool


def roll_activity(
    stream: ChanceStream, current: Mapping[str, Any], terms: Mapping[str, int], at: int, m_end: int | None, wound_percent: int | None = None
) -> ActivityRoll:
    """Roll the activity ``current`` (as it stands before the roll) at ``at`` under ``terms``: its
    skill's, or, for a survivor dying since a CRIT_F (§6.15), his difficult luck roll; ``m_end``
    is the runner's END modifier and ``wound_percent`` how much his wounds shorten the day
    (§6.17.2; None on a roll recorded before ruling WB61, which read the activity's own
    ``wounds`` option)."""
    outcome = roll(stream, terms)
    if current["dying_until"] is not None:
        # §6.15 CRIT_F: dead in 1d6 days unless helped, a difficult luck roll each day.
        if outcome.success:
            return ActivityRoll(outcome, {"fate": "rescued"}, None, False)
        if at >= current["dying_until"]:
            return ActivityRoll(outcome, {"fate": "dead"}, None, True)
        return ActivityRoll(outcome, {"fate": "dying"}, dict(current, next_at=at + DAY), False)
    # An infection divides the skill itself (§3.2.7.2 L1993; ruling WC33): a day's game is reckoned
    # from the Chasse so divided (§6.16.4), as its roll is.
    score = terms[current["skill"]] + sum(v for k, v in terms.items() if k.startswith("infection"))
    result, after, died = _effect(current, outcome, at, stream, score, m_end, wound_percent)
    return ActivityRoll(outcome, result, after, died)


def _effect(
    current: Mapping[str, Any],
    outcome: RollOutcome,
    at: int,
    stream: ChanceStream,
    score: int,
    m_end: int | None,
    wound_percent: int | None,
) -> tuple[dict[str, Any], dict[str, Any] | None, bool]:
    kind, quality = current["kind"], outcome.quality
    nxt = dict(current, next_at=at + current["every_s"])
    options = current["options"]
    if kind == "survival":
        week = survival_week(current["modifier"], quality)
        if week.fate == "dead":
            return {"fate": "dead"}, None, True
        if week.fate == "dying":
            days = stream.die(activity("survival")["death_die"])
            nxt.update(dying_until=at + days * DAY, next_at=at + DAY)
            return {"fate": "dying", "days": days}, nxt, False
        nxt["modifier"] = week.next_modifier
        return {"fate": week.fate, "next_modifier": week.next_modifier}, nxt, False
    if kind in ("banking", "speculation"):
        after = capital_after(kind, current["capital"], quality)
        nxt["capital"] = after
        return {"capital_before": current["capital"], "capital": after}, (nxt if after > 0 else None), False
    if kind == "hunting":
        fed = hunted(score, str(options.get("terrain", "normal")), quality)
        return {"fed_tenths": fed, "skins_cents": skins_cents(fed)}, nxt, False
    if kind == "running":
        if m_end is None:
            raise RuleViolation("a long-distance run's distance needs the runner's END modifier (§6.17.2)")
        shortfall = int(options.get("wounds", 0)) if wound_percent is None else wound_percent
        metres = running_metres(m_end, quality, shortfall)
        nxt["modifier"] = int(activity("running")["sprain_malus"]) if quality == "CATA_F" else 0
        return {"metres": metres}, nxt, False
    if kind == "panning":
        # §6.10.4 L4151: a river without gold gives nothing whatever the roll; the GM reads the quality.
        return {"quality": quality, "gold": bool(options.get("auriferous", True)) and outcome.success}, nxt, False
    # bookkeeping, §6.8.3 L3941: a failure means errors whose size follows the failure's degree.
    return {"quality": quality, "errors": not outcome.success}, nxt, False


# -- trick-shooting practice (§6.6.7, L3584-L3593) -------------------------------------------


def practice_data() -> Any:
    """§6.6.7 L3593's numbers (``downtime.toml`` [practice]): the hours of a day's practice, the
    bonus a day adds and its most, the idle days before it wears away and how fast it does."""
    return downtime_data()["practice"]


def practice_bonus(bonus: int, since: int, practising: bool, at: int) -> int:
    """The practice bonus at ``at`` of a character whose bonus was ``bonus`` at ``since``: while
    practising, +1% per full day of practice up to +25%; otherwise, after a week without
    practice, -1% per day (L3593), never below 0."""
    p = practice_data()
    days = max(0, at - since) // DAY
    if practising:
        return min(p["max_bonus"], bonus + p["bonus_per_day"] * days)
    return max(0, bonus - p["decay_per_day"] * max(0, days - p["idle_days"]))


def practice_settles(bonus: int, since: int, practising: bool) -> int | None:
    """When the practice bonus stops changing: when practice reaches +25%, or when idleness has
    brought it to 0; None if it is already still."""
    p = practice_data()
    if practising:
        if bonus >= p["max_bonus"]:
            return None
        return since + (p["max_bonus"] - bonus) * DAY // p["bonus_per_day"]
    if bonus <= 0:
        return None
    return since + (p["idle_days"] + bonus // p["decay_per_day"]) * DAY


def trick_chance(precision: int, weapon_skill: int, bonus: int) -> int:
    """The chance of a trick: Tir de précision + a tenth of the weapon skill + the practice
    bonus (L3589-L3593)."""
    return precision + weapon_skill // practice_data()["weapon_tenth"] + bonus


def tricks_known(precision: int) -> int:
    """One trick per full 15% of Tir de précision (L3584)."""
    return precision // practice_data()["trick_per_percent"]


def practice_hours() -> int:
    """Hours a week of trick-shooting practice: two a day (L3593), counted in the training week."""
    return practice_data()["hours_per_day"] * 7
