"""Typed, lazily loaded access to the rules data of Elor (``tables.toml`` in this package).

Nothing is read at import time: :func:`tables` parses the TOML on first use and caches it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.names import find
from chronique.domain.rulesets.data import load_toml
from chronique.domain.text import quoted


def fold(text: str) -> str:
    """``text`` folded for lookups: accents dropped, lower case, runs of spaces/_ as ``-``."""
    decomposed = unicodedata.normalize("NFKD", str(text).strip())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()
    return re.sub(r"[\s_\-']+", "-", bare).strip("-")


@dataclass(frozen=True)
class Faculty:
    """One faculty (§Facultés): its name, symbol, domain and mode."""

    name: str
    symbol: str
    domain: str
    mode: str


@dataclass(frozen=True)
class Power:
    """One starting power level (§Procédure standard de création de personnages)."""

    key: str
    name: str
    multiplier: Fraction
    human_max: int
    faculty_points: int
    attribute_points: int
    experience_points: int


@dataclass(frozen=True)
class Location:
    """One body location of a morphology (§Humains): hit points, armour, D100 ranges, effects."""

    key: str
    name: str
    hp_base: int
    hp_scale: str
    hp_printed_base: int
    hp_printed_scale: str
    armour: int
    melee: tuple[int, int]
    ranged: tuple[int, int]
    vital: bool
    limb: str
    at_hp: str
    at_double_hp: str


@dataclass(frozen=True)
class Nature:
    """A nature (§Nature): normal faculty levels, minimum, morphology, natural attributes."""

    key: str
    name: str
    normal: Mapping[str, int]
    minimum: int
    formula_maximum: int
    natural_attributes: tuple[str, ...]
    locations: tuple[Location, ...]


@dataclass(frozen=True)
class AttributeKind:
    """A catalogued attribute (§Liste d'attributs)."""

    key: str
    name: str
    kind: str
    faculty: str | None
    positive_only: bool


@dataclass(frozen=True)
class Effect:
    """A combat effect (§Liste d'effets de combat) and its cost in effect points."""

    key: str
    name: str
    kind: str
    cost: int
    cancels_damage: bool
    melee_only: bool
    simultaneous_only: bool
    lead_required: int
    not_against_hermetic: bool
    needs_weapon: str | None


@dataclass(frozen=True)
class TimeRules:
    """Durations and rates of the time-driven processes (digest §5)."""

    sequence_s: int
    heal_per_day: int
    wake_level_bonus: int
    effort_pause_s: int
    work_hours_per_day: int
    work_start_hour: int
    natural_progression_die: int
    natural_tick_degrees: int
    training_unit_s: int
    training_degrees_per_level: int
    care_window_s: int
    risk_die: int
    risk_step: int


@dataclass(frozen=True)
class Tables:
    """All rules data of Elor, as read from ``tables.toml``."""

    die: int
    location_die: int
    faculties: tuple[Faculty, ...]
    action_points_base: int
    effort_points_base: int
    max_effort_base: int
    powers: tuple[Power, ...]
    natures: Mapping[str, Nature]
    attributes: Mapping[str, AttributeKind]
    automatic_success_from: int
    automatic_failure_at_or_below: int
    collaboration_group: int
    size_cm: tuple[tuple[int, int], ...]
    distance_m: tuple[tuple[int, int], ...]
    speed_kmh: tuple[tuple[int, int], ...]
    hyperbolic: int
    erratic: tuple[int, ...]
    effects: Mapping[str, Effect]
    time: TimeRules


def _rows(raw: list[list[int]]) -> tuple[tuple[int, int], ...]:
    return tuple((int(a), int(b)) for a, b in raw)


def _nature(key: str, raw: dict[str, Any]) -> Nature:
    locations = tuple(
        Location(
            key=row["key"],
            name=row["name"],
            hp_base=int(row["hp_base"]),
            hp_scale=row["hp_scale"],
            hp_printed_base=int(row["hp_printed_base"]),
            hp_printed_scale=row["hp_printed_scale"],
            armour=int(row["armour"]),
            melee=(int(row["melee"][0]), int(row["melee"][1])),
            ranged=(int(row["ranged"][0]), int(row["ranged"][1])),
            vital=bool(row["vital"]),
            limb=row["limb"],
            at_hp=row["at_hp"],
            at_double_hp=row["at_double_hp"],
        )
        for row in raw["locations"]
    )
    return Nature(
        key=key,
        name=raw["name"],
        normal=MappingProxyType(dict(raw["normal"])),
        minimum=int(raw["minimum"]),
        formula_maximum=int(raw["formula_maximum"]),
        natural_attributes=tuple(raw["natural_attributes"]),
        locations=locations,
    )


def _build(raw: dict[str, Any]) -> Tables:
    effects = {
        key: Effect(
            key=key,
            name=row["name"],
            kind=row["kind"],
            cost=int(row["cost"]),
            cancels_damage=bool(row.get("cancels_damage", False)),
            melee_only=bool(row.get("melee_only", False)),
            simultaneous_only=bool(row.get("simultaneous_only", False)),
            lead_required=int(row.get("lead_required", 0)),
            not_against_hermetic=bool(row.get("not_against_hermetic", False)),
            needs_weapon=row.get("needs_weapon"),
        )
        for key, row in raw["effects"].items()
    }
    attributes = {
        key: AttributeKind(key, row["name"], row["kind"], row.get("faculty"), bool(row["positive_only"]))
        for key, row in raw["attributes"].items()
    }
    resolution = raw["resolution"]
    ranged = raw["ranged"]
    return Tables(
        die=int(raw["dice"]["sides"]),
        location_die=int(raw["dice"]["location_sides"]),
        faculties=tuple(Faculty(**row) for row in raw["faculty"]),
        action_points_base=int(raw["derived"]["action_points_base"]),
        effort_points_base=int(raw["derived"]["effort_points_base"]),
        max_effort_base=int(raw["derived"]["max_effort_base"]),
        powers=tuple(
            Power(
                key=row["key"],
                name=row["name"],
                multiplier=Fraction(*row["multiplier"]),
                human_max=int(row["human_max"]),
                faculty_points=int(row["faculty_points"]),
                attribute_points=int(row["attribute_points"]),
                experience_points=int(row["experience_points"]),
            )
            for row in raw["power"]
        ),
        natures=MappingProxyType({key: _nature(key, row) for key, row in raw["natures"].items()}),
        attributes=MappingProxyType(attributes),
        automatic_success_from=int(resolution["automatic_success_from"]),
        automatic_failure_at_or_below=int(resolution["automatic_failure_at_or_below"]),
        collaboration_group=int(resolution["collaboration_group"]),
        size_cm=_rows(ranged["size_cm"]),
        distance_m=_rows(ranged["distance_m"]),
        speed_kmh=_rows(ranged["speed_kmh"]),
        hyperbolic=int(ranged["hyperbolic"]),
        erratic=tuple(int(x) for x in ranged["erratic"]),
        effects=MappingProxyType(effects),
        time=TimeRules(**raw["time"]),
    )


@cache
def tables() -> Tables:
    """The rules data, parsed from the package's ``tables.toml`` on first call, then cached."""
    return _build(load_toml(__name__, "tables.toml"))


# --- typed accessors -----------------------------------------------------------------------


def faculty_name(text: str) -> str:
    """The canonical faculty name for a name or symbol (``"p"``, ``"physique"`` -> ``"Physique"``)."""
    wanted = fold(text)
    for faculty in tables().faculties:
        if wanted in (fold(faculty.name), fold(faculty.symbol)):
            return faculty.name
    names = ", ".join(f"{f.name} ({f.symbol})" for f in tables().faculties)
    raise RuleViolation(f"unknown faculty {quoted(text)} (one of {names})")


def faculty_names() -> tuple[str, ...]:
    """The four faculty names in sheet order: Physique, Coordination, Esprit, Mental."""
    return tuple(f.name for f in tables().faculties)


def symbol_of(name: str) -> str:
    """The symbol (P, C, E, M) of a faculty."""
    return next(f.symbol for f in tables().faculties if f.name == faculty_name(name))


def power(text: str) -> Power:
    """The power level named ``text`` (key or French name, accent-insensitive)."""
    wanted = fold(text)
    for level in tables().powers:
        if wanted in (level.key, fold(level.name)):
            return level
    raise RuleViolation(f"unknown power level {quoted(text)} (one of {', '.join(p.key for p in tables().powers)})")


def nature(text: str) -> Nature:
    """The nature named ``text`` ("humain", "human", "Humains")."""
    wanted = fold(text).removesuffix("s")
    aliases = {"human": "humain"}
    key = aliases.get(wanted, wanted)
    if key not in tables().natures:
        raise RuleViolation(f"unknown nature {quoted(text)} (one of {', '.join(tables().natures)})")
    return tables().natures[key]


def location(morphology: Nature, text: str) -> Location:
    """The location of ``morphology`` named ``text``: its French name as the sheet shows it
    ("Bras gauche", §Humains), or its stored key ("left-arm"), without case or accents. A
    refusal lists and suggests the French names only: the keys are the journal's, not the table's."""
    wanted = fold(text)
    by_key = [loc for loc in morphology.locations if fold(loc.key) == wanted]
    if len(by_key) == 1:
        return by_key[0]
    return find(text, [(loc.name, loc) for loc in morphology.locations], "location")


def attribute(text: str) -> AttributeKind | None:
    """The catalogued attribute named ``text``, or None for a GM-defined one."""
    wanted = fold(text)
    for key, kind in tables().attributes.items():
        if wanted in (key, fold(kind.name)):
            return kind
    return None


def effect(text: str, side: str | None = None) -> Effect:
    """The combat effect named ``text``: its French name as §Liste d'effets de combat spells it
    ("Désarmement"), or its stored key ("disarm"), without case or accents. A refusal lists and
    suggests the French names only, as :func:`location` does: the keys are the journal's, the
    names the rulebook's and the table's ("did you mean Désarmement?" for "desarme"); with a
    ``side`` ("offensive", "defensive"), the names of that side's effects, which the player was
    choosing among (all fifteen would not fit a refusal's line)."""
    wanted = fold(text)
    for key, eff in tables().effects.items():
        if wanted in (key, fold(eff.name)):
            return eff
    named = [(eff.name, eff) for eff in tables().effects.values() if side is None or eff.kind in (side, "both")]
    return find(text, named, f"{side} combat effect" if side else "combat effect")
