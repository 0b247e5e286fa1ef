"""The Western Parade character sheet (chapter 1 of the seed, L561-L1262) as a frozen pydantic
model, its creation rules and everything derived from it.

Shape of the stored sheet dict (``Character.sheet``), as :func:`sheet_data` writes it::

    {
      "name": "Sam Parkerson", "npc": false,
      "sex": "male" | "female", "age": 22,
      "handedness": "right" | "left" | "ambidextrous",   # §1.4
      "handedness_rolled": "right" | "left" | "ambidextrous",  # what 1d20/1d4 gave (cost = the change)
      "social_class": 1..5,                                # §1.5, "SC"
      "creation": "beginner" | "experienced" | "spaghetti" | "free",  # free: GM-made, no budgets
      "special": null | "doctor" | "elite-soldier" | "martial-artist" | "samurai" | "indian",
      "characteristics": {"FOR": 12, "END": 16, "AGI": 16, "INT": 14, "APP": 10, "CHR": 10,
                          "CHC": 10, "SGF": 12, "EXP": 12, "ACV": 12},   # the 10 primaries, current
      "height_cm": 180 | null, "weight_kg": 80 | null,
      "vocations": ["combat-a-distance"],                  # favourite skill group keys (skills.toml)
      "points": {"general": {skill: n}, "vocation": {skill: n}, "culture": {skill: n}},  # creation
      "gains": {skill: n},          # skill points won in play (experience §2.5, training §2.6)
      "reputation": null | int,     # a GM-set REP (spaghetti, §7.2.2)
      "reputation_gain": 0,         # REP won in play (§2.4.3)
      "weapons": ["Colt SA Peacemaker"], "equipment_value": 120, "background": "...",
      "derived": {
        "modifiers": {"FOR": 0, ..., "VIT": 2, "REP": 0},  # Table 1.3, "mX"
        "rolls": {"FOR": 36, ..., "VIT": 64, "REP": 27},   # Table 1.4, "jX" = 3 X + 5 mX
        "VIT": 18, "REP": 7,                               # §1.7
        "pv": {"head": 16, "throat": 8, ...},              # Table 1.6, max PV per location
        "ph": 80,                                          # §3.2.3, PH max = 5 x END
        "carrying_kg": 56 | null,                          # §1.10 (rounded down)
        "nar": 4, "every_rounds": 1,                       # §3.1.2 actions per round
        "phases": [64, 48, 32, 16], "ranks": [6, 4, 3, 1], # §3.1.4
        "skills": {"Armes de poing": 35, ...},             # every skill's current score
        "equipment_cap": 300 | null,                       # Table 1.8 / 1.11
      }
    }

Skill scores are always base (chapter 6 formula over the *current* characteristics, §1.6.2) +
creation points + ``gains``: a helper that changes ``characteristics``, ``gains`` or
``reputation_gain`` stores ``with_derived(new_data)`` so every derived value follows.
Location keys (``head``, ``throat``, ``right-shoulder`` ... ``left-foot``) are those of
``tables.toml`` [locations].
"""

from __future__ import annotations

import ast
import math
from collections import OrderedDict
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache
from threading import Lock
from typing import Any, Literal, cast

import orjson
from pydantic import Field, ValidationError, field_validator

from chronique.domain.errors import RuleViolation, SheetProblems, field_problems
from chronique.domain.rulesets.problems import SheetModel, validation_problems
from chronique.domain.rulesets.westernparade.characteristics import (
    action_phases,
    actions_per_round,
    blood_points,
    carrying_capacity,
    characteristic_roll,
    location_pv,
    modifier,
    rank_of,
)
from chronique.domain.rulesets.westernparade.tables import (
    CreationRules,
    _parsed,
    characteristic,
    group,
    skill,
    skill_name,
    skills,
    tables,
)
from chronique.domain.text import fold, quoted

SEXES = {"male": "male", "homme": "male", "m": "male", "female": "female", "femme": "female", "f": "female"}
HANDS = {
    "right": "right",
    "droitier": "right",
    "left": "left",
    "gaucher": "left",
    "ambidextrous": "ambidextrous",
    "ambidextre": "ambidextrous",
}
SPECIALS = ("doctor", "elite-soldier", "martial-artist", "samurai", "indian")
GAME = "Western Parade"


class _Frozen(SheetModel):
    """A part of the sheet (see ``SheetModel``)."""


def _canonical_points(value: Mapping[str, int], what: str) -> dict[str, int]:
    out: dict[str, int] = {}
    problems: list[str] = []
    for name, points in value.items():
        try:
            canonical = skill_name(name)
        except RuleViolation as error:
            problems.append(str(error))
            continue
        if canonical in out:
            problems.append(f"skill {canonical} appears twice in {what}")
        if points < 0:
            problems.append(f"{what} points of {canonical} cannot be negative ({points})")
        out[canonical] = points
    field_problems(problems)
    return out


class Points(_Frozen):
    """Skill points bought at creation (§1.11): the general pool, the favourite group(s)' pool
    and the culture-générale points of the social origin (Table 1.1)."""

    general: dict[str, int] = Field(default_factory=dict)
    vocation: dict[str, int] = Field(default_factory=dict)
    culture: dict[str, int] = Field(default_factory=dict)

    @field_validator("general", "vocation", "culture")
    @classmethod
    def _skills(cls, value: dict[str, int]) -> dict[str, int]:
        return _canonical_points(value, "these")

    def total(self, name: str) -> int:
        """All creation points in the skill."""
        return self.general.get(name, 0) + self.vocation.get(name, 0) + self.culture.get(name, 0)

    def names(self) -> set[str]:
        """Every skill with creation points."""
        return set(self.general) | set(self.vocation) | set(self.culture)


class WPSheet(_Frozen):
    """A Western Parade character as created (chapter 1) and improved in play."""

    name: str = Field(min_length=1)
    npc: bool = False
    sex: str
    age: int = Field(ge=1)
    handedness: str = "right"
    handedness_rolled: str | None = None
    social_class: int = Field(ge=1, le=5)
    creation: Literal["beginner", "experienced", "spaghetti", "free"] = "beginner"
    special: str | None = None
    characteristics: dict[str, int]
    height_cm: int | None = Field(default=None, ge=1)
    weight_kg: int | None = Field(default=None, ge=1)
    vocations: list[str] = Field(default_factory=list)
    points: Points = Field(default_factory=Points)
    gains: dict[str, int] = Field(default_factory=dict)
    reputation: int | None = None
    reputation_gain: int = 0
    weapons: list[str] = Field(default_factory=list)
    equipment_value: int = Field(default=0, ge=0)
    background: str = ""

    @field_validator("sex")
    @classmethod
    def _sex(cls, value: str) -> str:
        if value.casefold() not in SEXES:
            raise ValueError(f"sex is male or female, not {quoted(value)}")
        return SEXES[value.casefold()]

    @field_validator("handedness", "handedness_rolled")
    @classmethod
    def _hand(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if value.casefold() not in HANDS:
            raise ValueError(f"handedness is right, left or ambidextrous, not {quoted(value)}")
        return HANDS[value.casefold()]

    @field_validator("special")
    @classmethod
    def _special(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        folded = fold(value)
        if folded not in SPECIALS:
            raise ValueError(f"special is one of {', '.join(SPECIALS)}, not {quoted(value)}")
        return folded

    @field_validator("characteristics")
    @classmethod
    def _characteristics(cls, value: dict[str, int]) -> dict[str, int]:
        primary = tables().primary
        out: dict[str, int] = {}
        problems: list[str] = []
        for key, score in value.items():
            try:
                name = characteristic(key)
            except RuleViolation as error:
                problems.append(str(error))
                continue
            if name not in primary:
                problems.append(f"{name} is derived (§1.7), not bought")
            out[name] = score
        missing = [c for c in primary if c not in out]
        if missing:
            problems.append(f"characteristics lack {', '.join(missing)}")
        field_problems(problems)
        return {c: out[c] for c in primary}

    @field_validator("vocations")
    @classmethod
    def _vocations(cls, value: list[str]) -> list[str]:
        keys: list[str] = []
        problems: list[str] = []
        for name in value:
            try:
                keys.append(group(name).key)
            except RuleViolation as error:
                problems.append(str(error))
        if len(set(keys)) != len(keys):
            problems.append("a favourite group is chosen once")
        field_problems(problems)
        return keys

    @field_validator("gains")
    @classmethod
    def _gains(cls, value: dict[str, int]) -> dict[str, int]:
        return _canonical_points(value, "gains")

    @property
    def rules(self) -> CreationRules:
        """The creation budgets of the sheet's kind (free sheets: the experienced maxima)."""
        return tables().creation["experienced" if self.creation == "free" else self.creation]


def secondary(sheet: WPSheet) -> dict[str, int]:
    """VIT (§1.7.1) and REP (§1.7.2; §1.15.3 for experienced characters; GM-set for spaghetti)."""
    c = sheet.characteristics
    vit = c["AGI"] + modifier(c["SGF"]) + modifier(c["EXP"])
    rules = sheet.rules
    rep = sheet.reputation
    if rep is None:
        rep = rules.reputation_base + modifier(c["CHR"]) + modifier(c["EXP"]) + rules.reputation_per_class * sheet.social_class
    return {"VIT": vit, "REP": rep + sheet.reputation_gain}


def variables(sheet: WPSheet) -> dict[str, int]:
    """The variables of the skill base formulas (skills.toml header)."""
    values = {**sheet.characteristics, **secondary(sheet)}
    out: dict[str, int] = dict(values)
    for key, value in values.items():
        out[f"m{key}"] = modifier(value)
        out[f"j{key}"] = characteristic_roll(value)
    out |= {
        "SC": sheet.social_class,
        "age": sheet.age,
        "female": int(sheet.sex == "female"),
        "male": int(sheet.sex == "male"),
        "ambidextrous": int(sheet.handedness == "ambidextrous"),
    }
    return out


def special_bonuses(sheet: WPSheet) -> Mapping[str, int]:
    """Base bonuses of a special character (§1.12.1: the doctor's lire/écrire, culture, latin)."""
    if sheet.special is None:
        return {}
    special = tables().specials[sheet.special]
    return special.bonuses if sheet.creation == "beginner" else special.experienced_bonuses


def skill_scores(sheet: WPSheet) -> dict[str, int]:
    """Every skill's current score: base formula + special bonus + creation points + gains."""
    catalogue = skills()
    values = variables(sheet)
    bonuses = {skill_name(k): v for k, v in special_bonuses(sheet).items()}
    names = [s.name for s in catalogue.skills.values()]
    names += sorted((sheet.points.names() | set(sheet.gains) | set(bonuses)) - set(names))

    indian_sheet, points, gains = sheet.special == "indian", sheet.points, sheet.gains

    @cache
    def score(name: str, depth: int = 0) -> int:
        if depth > len(names):
            raise RuleViolation(f"the base formula of {name} refers to itself")
        formula, indian_only = _entry(name)
        base = formula(values, lambda ref: score(_canonical(ref), depth + 1)) if indian_sheet or not indian_only else 0
        return base + bonuses.get(name, 0) + points.total(name) + gains.get(name, 0)

    return {n: score(n) for n in names}


@cache
def _entry(name: str) -> tuple[Formula, bool]:
    # A skill's compiled base formula and whether its group is for Indians only: the catalogue
    # never changes in a process (skills() is cached).
    entry = skill(name)
    return _compiled(entry.base), skills().groups[entry.group].indian_only


Formula = Callable[[Mapping[str, int], Callable[[str], int]], int]


@cache
def _canonical(ref: str) -> str:
    # The catalogue never changes in a process (skills() is cached), so neither does a spelling.
    return skill_name(ref)


def _exact(value: int | Fraction) -> int | Fraction:
    return value if type(value) is int else Fraction(value)


def _divide(left: int | Fraction, right: int | Fraction) -> Fraction:
    return Fraction(left) / right


class _NotAnInteger(Exception):
    """A variable or score that is not an integer: the formula is worked out in fractions."""


def _integer(value: Any) -> int:
    if isinstance(value, int):
        return value
    raise _NotAnInteger


def _fractional(formula: str, tree: ast.AST, refs: Mapping[str, str]) -> Formula:
    # Every term a Fraction but for integers through +, - and *, which are exact on them.
    def source(node: ast.AST) -> str:
        if isinstance(node, ast.Expression):
            return source(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return repr(int(node.value))
        if isinstance(node, ast.Name):
            return f"_exact(score({refs[node.id]!r}))" if node.id in refs else f"_exact(variables[{node.id!r}])"
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return f"(-{source(node.operand)})"
        if isinstance(node, ast.BinOp):
            left, right = source(node.left), source(node.right)
            if isinstance(node.op, ast.Div):
                return f"_divide({left}, {right})"
            operator = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*"}.get(type(node.op))
            if operator is not None:
                return f"({left} {operator} {right})"
        raise ValueError(f"unsupported term in skill formula {formula!r}")

    code = f"lambda variables, score: _max(0, _floor({source(tree)}))"
    scope = {"_exact": _exact, "_divide": _divide, "_max": max, "_floor": math.floor}
    return cast(Formula, eval(code, scope))  # noqa: S307 - the source is built above from a parsed formula's own terms


def _scaled(tree: ast.AST, refs: Mapping[str, str]) -> tuple[str, int] | None:
    """The formula as an integer expression and a positive denominator (its value is their
    quotient), when every division is by a non-zero integer constant; else None."""

    def rational(node: ast.AST) -> tuple[str, int]:
        if isinstance(node, ast.Expression):
            return rational(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return repr(int(node.value)), 1
        if isinstance(node, ast.Name):
            return (f"_integer(score({refs[node.id]!r}))" if node.id in refs else f"_integer(variables[{node.id!r}])"), 1
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            text, denominator = rational(node.operand)
            return f"(-{text})", denominator
        if isinstance(node, ast.BinOp):
            (left, low), (right, high) = rational(node.left), rational(node.right)
            if isinstance(node.op, (ast.Add, ast.Sub)):
                common = math.lcm(low, high)
                operator = "+" if isinstance(node.op, ast.Add) else "-"
                return f"({left} * {common // low} {operator} {right} * {common // high})", common
            if isinstance(node.op, ast.Mult):
                return f"({left} * {right})", low * high
            divisor = node.right.value if isinstance(node.right, ast.Constant) and isinstance(node.right.value, int) else 0
            if isinstance(node.op, ast.Div) and divisor:
                return (left if divisor > 0 else f"(-{left})"), low * abs(divisor)
        raise _NotAnInteger

    try:
        return rational(tree)
    except _NotAnInteger:
        return None


@cache
def _compiled(formula: str) -> Formula:
    """``tables.evaluate(formula, ...)`` as one compiled function (issue 20: a sheet's derived
    values evaluate the 188 bases on every point trained), with the same exact arithmetic: over
    integers, with every division by a constant taken into one common denominator and the floor
    taken by integer division, when the variables and scores are integers (they are); otherwise
    in fractions, as ``evaluate`` works. Rounded down, never below 0 (PROPOSAL §8.3). A term
    ``evaluate`` refuses is refused with its words, whichever way it is worked out."""
    tree, refs = _parsed(formula)
    fractional = _fractional(formula, tree, refs)
    scaled = _scaled(tree, refs)
    if scaled is None:
        return fractional
    text, denominator = scaled
    integral = cast(
        Formula,
        eval(f"lambda variables, score: _max(0, ({text}) // {denominator})", {"_integer": _integer, "_max": max}),  # noqa: S307 - built above from a parsed formula's own terms
    )

    def evaluate(variables: Mapping[str, int], score: Callable[[str], int]) -> int:
        try:
            return integral(variables, score)
        except _NotAnInteger:
            return fractional(variables, score)

    return evaluate


def derived(sheet: WPSheet) -> dict[str, Any]:
    """Everything computed from the sheet (see the module docstring)."""
    c = sheet.characteristics
    sec = secondary(sheet)
    values = {**c, **sec}
    m = {k: modifier(v) for k, v in values.items()}
    j = {k: characteristic_roll(v) for k, v in values.items()}
    nar, every = actions_per_round(m["AGI"])
    phases = action_phases(j["VIT"], nar)
    cap = None if sheet.creation == "free" else sheet.rules.equipment[sheet.social_class - 1]
    carrying = None if sheet.weight_kg is None else math.floor(carrying_capacity(c["FOR"], c["END"], sheet.weight_kg))
    return {
        "modifiers": m,
        "rolls": j,
        "VIT": sec["VIT"],
        "REP": sec["REP"],
        "pv": location_pv(c["END"]),
        "ph": blood_points(c["END"]),
        "carrying_kg": carrying,
        "nar": nar,
        "every_rounds": every,
        "phases": phases,
        "ranks": [rank_of(p) for p in phases],
        "skills": skill_scores(sheet),
        "equipment_cap": cap,
    }


def parse_sheet(raw: Mapping[str, Any]) -> WPSheet:
    """A checked sheet from raw data (TOML/JSON): validated, names canonicalised, and (unless
    ``creation = "free"`` or an NPC) checked against every creation rule; :class:`SheetProblems`
    listing every problem otherwise (the creation rules are checked once the fields are valid)."""
    sheet = sheet_of_data(raw)
    if sheet.creation != "free" and not sheet.npc:
        from chronique.domain.rulesets.westernparade.creation import check_creation

        check_creation(sheet)
    return sheet


def sheet_of_data(data: Mapping[str, Any]) -> WPSheet:
    """The typed sheet of a (recorded or raw) sheet dict, its derived part dropped; no creation
    checks. :class:`SheetProblems` listing every malformed field otherwise."""
    try:
        return WPSheet.model_validate({k: v for k, v in data.items() if k != "derived"})
    except ValidationError as error:
        raise SheetProblems(GAME, validation_problems(error, "sheet ")) from None


def sheet_data(sheet: WPSheet) -> dict[str, Any]:
    """The stored form of a sheet: its fields plus ``derived``."""
    data = sheet.model_dump(mode="json")
    data["derived"] = derived(sheet)
    return data


def with_derived(data: Mapping[str, Any]) -> dict[str, Any]:
    """A stored sheet dict recomputed after a change of characteristics, gains or reputation."""
    out = _with_gains(data)
    if out is None:
        out = sheet_data(sheet_of_data(data))
        _keep_derived(out)
    return out


# Issue 20: a point trained changes one skill's gains, and so one skill's score (or those whose
# base formula reads it). Of the sheets this process derived lately, keyed by the canonical JSON
# of all but their gains (the derived part included), the order of their keys and their gains.
_DERIVED: OrderedDict[bytes, tuple[list[str], dict[str, int]]] = OrderedDict()
_DERIVED_KEPT = 64
_DERIVED_LOCK = Lock()  # the web server derives sheets in several threads


def _without_gains(data: Mapping[str, Any]) -> bytes | None:
    try:
        return orjson.dumps({k: v for k, v in data.items() if k != "gains"}, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        return None


def _keep_derived(out: dict[str, Any]) -> None:
    key = _without_gains(out)
    if key is None or not isinstance(out.get("gains"), dict):
        return
    with _DERIVED_LOCK:
        _DERIVED[key] = (list(out), dict(out["gains"]))
        _DERIVED.move_to_end(key)
        while len(_DERIVED) > _DERIVED_KEPT:
            _DERIVED.popitem(last=False)


@cache
def _read_by_formulas() -> frozenset[str]:
    # Every skill some base formula reads (canonical names, as ``skill_scores`` looks them up).
    return frozenset(_canonical(ref) for s in skills().skills.values() for ref in _parsed(s.base)[1].values())


def _with_gains(data: Mapping[str, Any]) -> dict[str, Any] | None:
    """``sheet_data(sheet_of_data(data))`` worked out from the sheet this process derived with
    other gains, when ``data`` is that sheet, the same in all but gains (by content, its derived
    part included), and the gains that differ are of skills it scores, that no base formula
    reads, and are valid (whole, not negative, named canonically): each such skill's score moves
    by the change of its gains, as ``skill_scores`` adds them, and nothing else moves. None
    otherwise (then everything is derived again)."""
    gains = data.get("gains")
    key = _without_gains(data) if type(gains) is dict else None
    with _DERIVED_LOCK:
        kept = None if key is None else _DERIVED.get(key)
    if kept is None or list(data) != kept[0]:
        return None
    before = kept[1]
    assert isinstance(gains, dict)
    skills_before: Mapping[str, int] = data["derived"]["skills"]
    changed = [name for name in gains.keys() | before.keys() if gains.get(name) != before.get(name)]
    for name in changed:
        value = gains.get(name)
        if type(value) is not int or value < 0 or name not in skills_before or name in _read_by_formulas() or _canonical(name) != name:
            return None
    scores = dict(skills_before)
    for name in changed:
        scores[name] = skills_before[name] + gains[name] - before.get(name, 0)
    out = {k: v for k, v in data.items()}
    out["gains"] = dict(gains)
    out["derived"] = {**data["derived"], "skills": scores}
    # Fresh objects throughout, as a derivation gives: nothing shared with the sheet it came from.
    out = orjson.loads(orjson.dumps(out))
    _keep_derived(out)
    return cast(dict[str, Any], out)
