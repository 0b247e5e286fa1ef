"""Typed, lazily loaded access to the Western Parade rules data: ``tables.toml`` (chapters 1-5 of
the seed) and ``skills.toml`` (the 188 skills of chapter 6 with their base formulas).

Nothing is read at import time: :func:`tables` and :func:`skills` parse the TOML on first use and
cache it. Names are looked up folded (accents and case ignored, see ``chronique.domain.text``).
"""

from __future__ import annotations

import ast
import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.names import find
from chronique.domain.rulesets.data import load_toml
from chronique.domain.text import fold, quoted


@dataclass(frozen=True)
class CreationRules:
    """The budgets of one kind of creation (§1.6.1, §1.11; experienced §1.15; spaghetti ch. 7)."""

    kind: str
    character_points: int
    minimum: int
    maximum: int
    general_points: int
    general_max: int
    doctor_general_points: int
    elite_max: int
    equipment: tuple[int, ...]
    reputation_base: int
    reputation_per_class: int


@dataclass(frozen=True)
class SocialClass:
    """One row of Table 1.1: its cost, culture-générale points, number of vocations and the
    parents' professions it gives as examples."""

    level: int
    cost: int
    culture_points: int
    vocations: int
    parents: str


@dataclass(frozen=True)
class Location:
    """A body location (Table 1.6): PV in % of END and the hemorrhage multiplier."""

    key: str
    name: str
    pct: int
    bleed: int


@dataclass(frozen=True)
class Special:
    """A special character of §1.12 and its constraints."""

    key: str
    vocation: str
    bonuses: Mapping[str, int]
    experienced_bonuses: Mapping[str, int]
    minimum: Mapping[str, int]
    forbidden_groups: tuple[str, ...]
    raised_cap_groups: tuple[str, ...]
    no_firearms: bool


@dataclass(frozen=True)
class Group:
    """A skill group of chapter 6 with its favourite-group allotment (Tables 1.7 / 1.10)."""

    key: str
    name: str
    section: str
    points: int
    max: int
    exp_points: int
    exp_max: int
    indian_only: bool


@dataclass(frozen=True)
class Skill:
    """A skill: its name, group, seed section and base-score formula (chapter 6)."""

    name: str
    group: str
    section: str
    base: str
    per_subject: bool

    def references(self) -> tuple[str, ...]:
        """The skills whose score its base formula uses."""
        return tuple(_mangle(self.base)[1].values())


@dataclass(frozen=True)
class Tables:
    """The chapter-1 data of ``tables.toml`` (combat tables: see :mod:`combat`)."""

    primary: tuple[str, ...]
    secondary: tuple[str, ...]
    creation: Mapping[str, CreationRules]
    cost_bands: tuple[tuple[int, int], ...]
    modifier_low: tuple[tuple[int, int], ...]
    roll_per_point: int
    roll_per_modifier: int
    switch_cost: int
    ambidextrous_cost: int
    ambidextrous_skill: int
    social_classes: tuple[SocialClass, ...]
    experience_general: int
    experience_vocation: int
    experience_spread: int
    specials: Mapping[str, Special]
    locations: Mapping[str, Location]
    ph_per_end: int
    raw: Mapping[str, Any]


@dataclass(frozen=True)
class Catalogue:
    """The skill catalogue of ``skills.toml``."""

    groups: Mapping[str, Group]
    skills: Mapping[str, Skill]  # by folded name
    doctor_only: frozenset[str]
    martial_artist_only: frozenset[str]
    samurai_only: frozenset[str]
    firearms: frozenset[str]


def _load(name: str) -> dict[str, Any]:
    return load_toml(__name__, name)


@cache
def tables() -> Tables:
    """The parsed ``tables.toml`` (cached)."""
    raw = _load("tables.toml")
    chars = raw["characteristics"]
    rules = raw["characteristic_rules"]
    creation = {
        kind: CreationRules(
            kind=kind,
            character_points=c["character_points"],
            minimum=c["minimum"],
            maximum=c["maximum"],
            general_points=c["general_points"],
            general_max=c["general_max"],
            doctor_general_points=c["doctor_general_points"],
            elite_max=c["elite_max"],
            equipment=tuple(c["equipment"]),
            reputation_base=c["reputation_base"],
            reputation_per_class=c["reputation_per_class"],
        )
        for kind, c in raw["creation"].items()
    }
    specials = {
        key: Special(
            key=key,
            vocation=s.get("vocation", ""),
            bonuses=MappingProxyType(dict(s.get("bonuses", {}))),
            experienced_bonuses=MappingProxyType(dict(s.get("experienced_bonuses", s.get("bonuses", {})))),
            minimum=MappingProxyType(dict(s.get("minimum", {}))),
            forbidden_groups=tuple(s.get("forbidden_groups", ())),
            raised_cap_groups=tuple(s.get("raised_cap_groups", ())),
            no_firearms=bool(s.get("no_firearms", False)),
        )
        for key, s in raw["specials"].items()
    }
    locations = {k: Location(k, v["name"], v["pct"], v["bleed"]) for k, v in raw["locations"].items()}
    return Tables(
        primary=tuple(chars["primary"]),
        secondary=tuple(chars["secondary"]),
        creation=MappingProxyType(creation),
        cost_bands=tuple((a, b) for a, b in rules["cost_bands"]),
        modifier_low=tuple((a, b) for a, b in rules["modifier_low"]),
        roll_per_point=rules["roll_per_point"],
        roll_per_modifier=rules["roll_per_modifier"],
        switch_cost=raw["handedness"]["switch_cost"],
        ambidextrous_cost=raw["handedness"]["ambidextrous_cost"],
        ambidextrous_skill=raw["handedness"]["ambidextrous_skill"],
        social_classes=tuple(
            SocialClass(i + 1, s["cost"], s["culture_points"], s["vocations"], s["parents"]) for i, s in enumerate(raw["social_class"])
        ),
        experience_general=raw["experience_bonus"]["general"],
        experience_vocation=raw["experience_bonus"]["vocation"],
        experience_spread=raw["experience_bonus"]["spread"],
        specials=MappingProxyType(specials),
        locations=MappingProxyType(locations),
        ph_per_end=raw["body"]["ph_per_end"],
        raw=MappingProxyType(raw),
    )


@cache
def skills() -> Catalogue:
    """The parsed ``skills.toml`` (cached)."""
    raw = _load("skills.toml")
    special = raw["special"]
    per_subject = {fold(n) for n in special["per_subject"]}
    groups: dict[str, Group] = {}
    catalogue: dict[str, Skill] = {}
    for key, g in raw["groups"].items():
        groups[key] = Group(key, g["name"], g["section"], g["points"], g["max"], g["exp_points"], g["exp_max"], g.get("indian_only", False))
        for name, section, base in g["skills"]:
            catalogue[fold(name)] = Skill(name, key, section, base, fold(name) in per_subject)
    return Catalogue(
        groups=MappingProxyType(groups),
        skills=MappingProxyType(catalogue),
        doctor_only=frozenset(special["doctor_only"]),
        martial_artist_only=frozenset(special["martial_artist_only"]),
        samurai_only=frozenset(special["samurai_only"]),
        firearms=frozenset(special["firearms"]),
    )


def catalogued(name: str) -> Skill | None:
    """The catalogue skill called ``name`` exactly (without case or accents), None if none is;
    "Langue vivante (espagnol)" names the per-subject skill "Langue vivante"."""
    catalogue = skills().skills
    found = catalogue.get(fold(name))
    if found is None and "(" in name:
        general = catalogue.get(fold(name.split("(", 1)[0]))
        if general is not None and general.per_subject:
            found = general
    return found


def skill(name: str) -> Skill:
    """The catalogue skill called ``name`` (:func:`catalogued`); RuleViolation, with the closest
    names, if there is no such skill."""
    found = catalogued(name)
    if found is None:
        found = find(name, [(s.name, s) for s in skills().skills.values()], "skill", where="Western Parade")
    return found


def skill_name(name: str) -> str:
    """The canonical spelling of a skill name (a per-subject skill keeps its subject)."""
    found = skill(name)
    if fold(found.name) == fold(name):
        return found.name
    subject = name.split("(", 1)[1].rstrip(") ").strip()
    return f"{found.name} ({subject})"


def group(key: str) -> Group:
    """The skill group with this key or name; RuleViolation if unknown."""
    groups = skills().groups
    wanted = fold(key)
    for g in groups.values():
        if fold(g.key) == wanted or fold(g.name) == wanted:
            return g
    raise RuleViolation(f"Western Parade has no skill group {quoted(key)} (groups: {', '.join(groups)})")


def location(name: str) -> Location:
    """The body location with this id or French name; RuleViolation if unknown."""
    spellings = [(spelling, loc) for loc in tables().locations.values() for spelling in (loc.key, loc.name)]
    return find(name, spellings, "body location", label=lambda loc: loc.key)


def characteristic(name: str) -> str:
    """The canonical abbreviation (FOR, END, ..., VIT, REP) of a characteristic."""
    wanted = name.strip().upper()
    t = tables()
    if wanted in t.primary or wanted in t.secondary:
        return wanted
    raise RuleViolation(f"no characteristic {quoted(name)} (one of {', '.join(t.primary + t.secondary)})")


# -- base formulas ---------------------------------------------------------------------------


@cache
def _mangle(formula: str) -> tuple[str, Mapping[str, str]]:
    # "{Skill name}" becomes a Python identifier so the formula parses as an expression.
    out: list[str] = []
    refs: dict[str, str] = {}
    rest = formula
    while "{" in rest:
        head, tail = rest.split("{", 1)
        ref, rest = tail.split("}", 1)
        ident = f"_s{len(refs)}"
        refs[ident] = ref
        out.append(head + ident)
    out.append(rest)
    return "".join(out), MappingProxyType(refs)


@lru_cache(maxsize=512)
def _parsed(formula: str) -> tuple[ast.Expression, Mapping[str, str]]:
    # Parsed once per formula: a sheet's derived values evaluate the 188 bases on every change.
    text, refs = _mangle(formula)
    return ast.parse(text, mode="eval"), refs


def evaluate(formula: str, variables: Mapping[str, int], skill_score: Any) -> int:
    """A base formula's value: exact arithmetic over the variables and skill scores
    (``skill_score(name) -> int``), rounded down, never below 0 (PROPOSAL §8.3)."""
    tree, refs = _parsed(formula)

    def value(node: ast.AST) -> Fraction:
        if isinstance(node, ast.Expression):
            return value(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return Fraction(node.value)
        if isinstance(node, ast.Name):
            if node.id in refs:
                return Fraction(skill_score(refs[node.id]))
            return Fraction(variables[node.id])
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -value(node.operand)
        if isinstance(node, ast.BinOp):
            left, right = value(node.left), value(node.right)
            if isinstance(node.op, ast.Add):
                return left + right
            if isinstance(node.op, ast.Sub):
                return left - right
            if isinstance(node.op, ast.Mult):
                return left * right
            if isinstance(node.op, ast.Div):
                return left / right
        raise ValueError(f"unsupported term in skill formula {formula!r}")

    return max(0, math.floor(value(tree)))
