"""The pure rules of MicroFudge CECJ: ladder, Tests, relatedness, Revers and their recovery.

No I/O, no clock, no chance: dice and cards come in as arguments, so every function is a plain
table lookup or a few integer operations that a test can pin with the digest's vectors (§9).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from chronique.domain.cards import value as card_value
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY
from chronique.domain.rulesets.microfudge.tables import tables
from chronique.domain.text import fold

HEALING = ("daily", "weekly")
"""Healing classes of a Revers (A10): light (one card a day) or deep (one card a week)."""


def label(value: int) -> str:
    """The ladder's adjective for ``value`` («I – Création des personnages» L93-L103).

    Légendaire is open-ended (8+, PROPOSAL §1.2); a value below Abyssal (a modified rank in a
    Test) keeps the Abyssal label."""
    labels = tables().labels
    return labels[min(max(value, 0), len(labels) - 1)]


def parse_difficulty(text: str) -> int:
    """The required rank of a difficulty written by name (``difficile``, ``Très difficile``),
    by a ladder label (``bon``) or as a number («Degrés de difficulté» L255-L267)."""
    t = tables()
    key = fold(text)
    if key.lstrip("-").isdigit():
        return int(key)
    if key in t.difficulties:
        return t.difficulties[key]
    for value, name in enumerate(t.labels):
        if fold(name) == key:
            return value
    raise RuleViolation(f"{text!r} is not a difficulty (choose one of {', '.join(t.difficulties)} or a number)")


def difficulty_name(required: int) -> str:
    """The difficulty whose required rank is ``required`` (``impossible`` from 8 up)."""
    names = {v: k for k, v in tables().difficulties.items()}
    if required >= max(names):
        return names[max(names)]
    return names.get(required, "na")


def related_rank(rank: int, relatedness: str, kind: str) -> int:
    """The rank of a field used for a task it is ``close``, ``related`` or ``distant`` to.

    «Champs d'expertise, Concept du personnage et Cadre de jeu» L283-L289: −1 or −2 ranks, Faible
    minimum. PROPOSAL §3.1: the floor never raises a field already below Faible; A19: relatedness
    does not apply to aptitudes."""
    steps = tables().relatedness
    key = fold(relatedness)
    if key not in steps:
        raise RuleViolation(f"relatedness is {', '.join(steps)}, not {relatedness!r}")
    floor = tables().default_rank
    if kind == "aptitude" or rank <= floor:
        return rank
    return max(floor, rank - steps[key])


def _lookup(table: Mapping[str, int], what: str, name: str) -> int:
    key = fold(name)
    if key not in table:
        raise RuleViolation(f"{what} is one of {', '.join(table)}, not {name!r}")
    return table[key]


def quality_modifier(name: str) -> int:
    """Gear quality: ± ranks in a Test, ± cards in a Conflict («a – Matériel et qualité» L459-L467)."""
    return _lookup(tables().quality, "equipment quality", name)


def weapon_bonus(name: str) -> int:
    """A weapon class's bonus, in cards or ranks («b – Armes» L469-L483)."""
    return _lookup(tables().weapons, "a weapon class", name)


def armour_bonus(name: str) -> int:
    """An armour class's defence cards («c – Armures» L485-L502); armour never helps attack."""
    return _lookup(tables().armour, "an armour class", name)


@dataclass(frozen=True)
class TestResult:
    """One 4dF Test: the rank used, the dice and the verdict («1 – Tests» L245-L253)."""

    __test__ = False  # not a pytest test class

    rank: int
    modifier: int
    dice: tuple[int, ...]
    final: int
    required: int
    success: bool
    setbacks: int

    @property
    def margin(self) -> int:
        """How far above (≥ 0) or below (< 0) the required rank the final rank is."""
        return self.final - self.required


def resolve_test(rank: int, modifier: int, dice: Sequence[int], required: int, hazardous: bool = False) -> TestResult:
    """``final = rank + Σdice + modifier``; success when final ≥ required (L245-L253).

    A hazardous Test inflicts one Revers per rank short of the required one, at most 3
    («Tests hasardeux» L351)."""
    if len(dice) != 4 or any(d not in (-1, 0, 1) for d in dice):
        raise ValueError(f"a Test rolls four Fudge dice, not {list(dice)}")
    final = rank + sum(dice) + modifier
    success = final >= required
    setbacks = hazardous_setbacks(required, final) if hazardous else 0
    return TestResult(rank, modifier, tuple(dice), final, required, success, setbacks)


def hazardous_setbacks(required: int, final: int) -> int:
    """Revers from a failed hazardous Test: one per rank below the required rank, max 3 (L351)."""
    return min(tables().max_severity, max(0, required - final))


def simple_conflict(final_a: int, final_b: int) -> str:
    """``a``, ``b`` or ``tie``: the higher final rank wins; equal finals tie (L253)."""
    return "a" if final_a > final_b else "b" if final_b > final_a else "tie"


def penalty(setbacks: Iterable[Mapping[str, Any]], domain: str) -> int:
    """The Revers penalty to an action of ``domain`` (``physical``, ``social``…).

    «3 – Effets des Revers» L337-L345: Revers do not stack, only the highest applicable one
    counts; a Revers applies to actions of its own domain, and a deep wound (weekly healing)
    applies in principle to every action (L341)."""
    relevant = [s["severity"] for s in setbacks if s["domain"] == domain or s["healing"] == "weekly"]
    return max(relevant, default=0)


def severity_name(severity: int, physical: bool = False) -> str:
    """Revers / Revers sérieux / Revers décisif, or the wound names (L343, L927-L931)."""
    t = tables()
    if not 1 <= severity <= t.max_severity:
        raise RuleViolation(f"a Revers has a severity of 1 to {t.max_severity}, not {severity}")
    return (t.wound_names if physical else t.revers_names)[severity - 1]


def first_aid_required(severity: int) -> int:
    """The required rank of a first-aid Test: Moyen, Bon or Excellent by severity (L359)."""
    severity_name(severity)
    return tables().first_aid_required[severity - 1]


def recovery_period(healing: str, severity: int, graduated: bool = False, month_days: int = 28) -> int:
    """Seconds until a Revers of ``severity`` recovers one card («3 – Effets des Revers» L339-L341).

    Light Revers: one card a day; deep wounds: one card a week, or (campaign option) the seed's
    graduated example, a month for −3 → −2, two weeks for −2 → −1, a week for −1 → 0, with
    PROPOSAL A11's 28-day month."""
    t = tables()
    if healing == "daily":
        return t.daily_s
    if healing != "weekly":
        raise RuleViolation(f"a Revers heals daily or weekly, not {healing!r}")
    if not graduated:
        return t.weekly_s
    days = t.graduated_days[severity - 1] if severity <= len(t.graduated_days) else month_days
    return days * DAY


def card_count(rank: int) -> int:
    """Cards drawn in a hazardous Conflict: the modified rank, none at or below 0 (L105, §1.2)."""
    return max(0, rank)


def successes(cards: Iterable[str]) -> int:
    """Successes among drawn cards: even cards succeed, the ace (1) fails (L307)."""
    return sum(1 for card in cards if card_value(card) % 2 == 0)


def inflicted(attack: int, defence: int) -> int:
    """The Revers severity an attack inflicts: its successes minus the target's defence
    successes, capped at Décisif (L311-L313; PROPOSAL A4: 4+ net is still 3)."""
    return min(tables().max_severity, max(0, attack - defence))


def upper_hand_cards(would_inflict: int) -> int:
    """Extra cards for the next draw when a side forgoes its Revers («Prendre l'ascendant» L329)."""
    return 2 * min(tables().max_severity, max(0, would_inflict))
