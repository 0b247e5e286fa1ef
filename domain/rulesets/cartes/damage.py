"""Damage, wounds and consciousness of Cartes (§Encaissement des dommages L339-352,
§KO ou OK L354-361, §Aggravation de létalité automatique L450-461, §Nombre de blessures L487-505).

Lethality is an index: 0 Nulle, 1 Faible, 2 Moyenne, 3 Forte, 4 Énorme.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes.resolution import Opposition, TestOutcome
from chronique.domain.rulesets.cartes.tables import (
    LETHALITY_COUNT,
    integer,
    lethality,
    lethality_name,
    quoted,
    tables,
)

if TYPE_CHECKING:
    from chronique.domain.character import Character

MAX_DAMAGE_BEFORE_AGGRAVATION = 13
"""§Aggravation de létalité automatique L452: a total above 13 aggravates the wound once."""

CONSCIOUSNESS_EFFECTS = ("none", "two_malus", "angry", "out_of_combat")


def capacity(carrure: int, lethality_index: int) -> int:
    """Wounds of ``lethality_index`` a character of ``carrure`` can hold (§Nombre de blessures L487-505).

    The seed's table covers Carrure 1-13 only; outside it the nearest row is used (PROPOSAL §2.2).
    """
    row = _clamped_row(carrure)
    return row[lethality(integer(lethality_index, "lethality")).index]


def capacities(carrure: int) -> tuple[int, ...]:
    """The five capacities (Nulle..Énorme) for ``carrure`` (clamped to 1..13)."""
    return _clamped_row(carrure)


def _clamped_row(carrure: int) -> tuple[int, ...]:
    table = tables().wound_capacity
    low, high = min(table), max(table)
    return table[min(max(integer(carrure, "Carrure"), low), high)]


def ko_threshold(volonte: int) -> int:
    """KO threshold = Volonté (§Seuils de KO et de OK L509)."""
    if integer(volonte, "Volonté") < 1:
        raise RuleViolation(f"Volonté must be at least 1, not {volonte}")
    return volonte


def ok_threshold(volonte: int) -> int:
    """OK threshold = Volonté / 2 rounded up (§Seuils de KO et de OK L511)."""
    return -(-ko_threshold(volonte) // 2)


def consciousness_effect(volonte: int, damage: int) -> str:
    """Effect of one hit of value ``damage`` on consciousness (§KO ou OK L354-361).

    "none" (D ≤ OK), "two_malus" (OK < D < KO: 2 malus markers), "angry" (D = KO: 1 bonus
    marker), "out_of_combat" (D > KO). "≤ OK" is tested first so that Volonté 1 (OK = KO = 1)
    gives "none" for D = 1 (PROPOSAL A22). Damage is per hit, never cumulative.
    """
    ok, ko = ok_threshold(volonte), ko_threshold(volonte)
    d = integer(damage, "damage")
    if d <= ok:
        return "none"
    if d < ko:
        return "two_malus"
    if d == ko:
        return "angry"
    return "out_of_combat"


def consciousness_markers(effect: str) -> tuple[int, int]:
    """(bonus, malus) markers given by a consciousness effect (§KO ou OK L359-360)."""
    m = tables().markers
    if effect == "two_malus":
        return 0, m.ok_to_ko_malus
    if effect == "angry":
        return m.angry_bonus, 0
    if effect in ("none", "out_of_combat"):
        return 0, 0
    raise RuleViolation(f"unknown consciousness effect {quoted(effect)}")


def damage_value(
    quality: int,
    weapon_bonus: int = 0,
    *,
    suit_bonus: int = 0,
    opposed_quality: int = 0,
) -> int:
    """Damage of a successful power action (§Encaissement des dommages L345-346, digest §4.1).

    net = quality + suit bonus (♠ +3) − the loser's success card value in an opposition
    (§Réussites ou échecs L311). A net ≤ 0 deals no damage at all and the weapon adds nothing
    (PROPOSAL A20 and the tie ruling of §3.11.4); otherwise damage = net + weapon bonus
    ("l'utilisation d'une arme peut augmenter temporairement la valeur de la carte"). 0 = no wound.
    """
    net = integer(quality, "quality") + integer(suit_bonus, "suit bonus") - integer(opposed_quality, "opposed quality")
    if net <= 0:
        return 0
    return max(0, net + integer(weapon_bonus, "weapon bonus"))


def test_damage(outcome: TestOutcome, weapon_bonus: int = 0) -> int:
    """Damage of an unopposed power test: quality + ♠ bonus + weapon (0 on a failure)."""
    if not outcome.success:
        return 0
    return damage_value(outcome.quality, weapon_bonus, suit_bonus=outcome.suit_bonus)


test_damage.__test__ = False  # type: ignore[attr-defined]  # not a pytest test despite its name


def opposition_damage(opposition: Opposition, weapon_bonus: int = 0) -> int:
    """Damage dealt by the winner of an opposition: its net plus the weapon bonus, 0 if net ≤ 0."""
    if opposition.winner is None or opposition.net <= 0:
        return 0
    return max(0, opposition.net + integer(weapon_bonus, "weapon bonus"))


@dataclass(frozen=True)
class WoundPlacement:
    """Where a new wound goes (§Encaissement L348, §Aggravation de létalité automatique L450-461).

    ``lethality`` is the holder the damage card goes to, None when the wound kills
    (aggravated past Énorme); ``aggravations`` lists why it moved up, in order.
    """

    lethality_asked: int
    lethality: int | None
    aggravations: tuple[str, ...]
    dead: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form for events."""
        return {
            "lethality_asked": self.lethality_asked,
            "lethality": self.lethality,
            "aggravations": list(self.aggravations),
            "dead": self.dead,
        }


def _check_held(held: Mapping[int, int]) -> dict[int, int]:
    clean: dict[int, int] = {}
    for key, count in held.items():
        index = lethality(integer(key, "held lethality")).index
        if integer(count, "held wound count") < 0:
            raise RuleViolation(f"held wound count at {lethality_name(index)} cannot be negative")
        clean[index] = count
    return clean


def place_wound(carrure: int, held: Mapping[int, int], damage: int, lethality_index: int) -> WoundPlacement:
    """Lethality of a new wound of value ``damage`` from an attack of ``lethality_index``.

    1. A total above 13 aggravates once ("over 13", §Aggravation L452).
    2. While the level is full (``held[L] ≥ capacity``), move one level up ("<Name> full",
       L453); several steps may cascade (PROPOSAL §4.2), and both aggravations apply (A21).
    3. Past Énorme the character dies instantly (L461).
    ``held`` maps lethality index -> number of active wounds held there. RuleViolation when
    ``damage`` ≤ 0: such a hit leaves no wound (A20).
    """
    asked = lethality(integer(lethality_index, "lethality")).index
    if integer(damage, "damage") <= 0:
        raise RuleViolation(f"damage {damage} leaves no wound")
    counts = _check_held(held)
    level = asked
    reasons: list[str] = []
    if damage > MAX_DAMAGE_BEFORE_AGGRAVATION:
        reasons.append(f"over {MAX_DAMAGE_BEFORE_AGGRAVATION}")
        level += 1
    while level < LETHALITY_COUNT and counts.get(level, 0) >= capacity(carrure, level):
        reasons.append(f"{lethality_name(level)} full")
        level += 1
    if level >= LETHALITY_COUNT:
        return WoundPlacement(asked, None, tuple(reasons), True)
    return WoundPlacement(asked, level, tuple(reasons), False)


def wound_malus(character: Character) -> int:
    """Lasting margin maluses, escalated wounds' values (A10) and the post-KO malus (A16)."""
    return condition_malus(character.condition)


def condition_malus(c: Mapping[str, Any]) -> int:
    """:func:`wound_malus` of a character's condition as the verifier keeps it (a plain mapping)."""
    return wounds_own_malus(c) + c["ko_malus"]


def wounds_own_malus(c: Mapping[str, Any]) -> int:
    """The wounds' part of a condition's malus, without the knock-out's: lasting margin maluses
    and escalated wounds' values (A10). The sheet and a draw's target say the knock-out's part
    apart, "malus after a knock-out" (§Tirage de conscience L373; rulings C147, C152)."""
    escalated = sum(w["value"] for w in c["wounds"] if w.get("escalated"))
    return sum(m["amount"] for m in c["lasting_malus"]) + escalated


def thresholds_in_words(characteristics: Mapping[str, int]) -> str:
    """What a hit does against the KO and OK thresholds from Volonté, in words (§KO ou OK L354-361).

    "≤ OK" comes first, so with Volonté 1 (OK = KO = 1) a hit of exactly 1 does nothing.
    """
    ko, ok = ko_threshold(characteristics["Volonté"]), ok_threshold(characteristics["Volonté"])
    parts = [f"OK {ok}, KO {ko}: a hit of {ok} or less does nothing"]
    if ok + 1 < ko:
        low = f"{ok + 1}" if ok + 1 == ko - 1 else f"{ok + 1} to {ko - 1}"
        parts.append(f"{low} gives two malus markers")
    if ko > ok:
        parts.append(f"exactly {ko} angers (one bonus marker)")
    parts.append(f"over {ko} puts out of combat")
    return "; ".join(parts)


def wound_capacity_in_words(characteristics: Mapping[str, int], wounds: list[Mapping[str, Any]]) -> list[tuple[str, str]]:
    """Each lethality's wound capacity from Carrure, with the wounds held there (§Nombre de
    blessures L487-505): (lethality name, "2 of 3 held")."""
    rooms = capacities(characteristics["Carrure"])
    held = [0] * len(rooms)
    for wound in wounds:
        held[wound["lethality"]] += 1
    # A full level sends the next wound one level up (§Aggravation L453): a level with no room is
    # said so rather than "0 of 0".
    return [
        (lethality_name(index), f"{count} of {room} held" if room or count else "none can be held")
        for index, (room, count) in enumerate(zip(rooms, held, strict=True))
    ]
