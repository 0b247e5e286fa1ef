"""The Elor character sheet (§Définition des capacités des personnages) and the standard
creation procedure (§Procédure standard de création de personnages), as frozen pydantic models.

:func:`parse_sheet` is the entry point: it validates the data, canonicalises faculty names,
enforces the budgets of the campaign's power level, adds the derived capacities, and turns every
problem it finds into one :class:`SheetProblems` listing them all.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from pydantic import Field, ValidationError, field_validator, model_validator

from chronique.domain.errors import RuleViolation, SheetProblems, field_problems, raise_sheet_problems
from chronique.domain.rulesets.elor.capacities import (
    POWER_TABLES,
    action_points,
    budgets,
    effort_points,
    faculty_points_spent,
    hit_points,
    max_effort,
)
from chronique.domain.rulesets.elor.tables import attribute, faculty_name, faculty_names, fold, location, nature, power
from chronique.domain.rulesets.problems import SheetModel, validation_problems
from chronique.domain.text import plural, quoted

CREATION = ("standard", "free")
_GAME = "Elor"


class _Frozen(SheetModel):
    """A part of the sheet (see ``SheetModel``)."""


class Culture(_Frozen):
    """A culture (§Culture): its familiarities (customs, languages…) and rare prowesses."""

    name: str = ""
    familiarities: list[str] = Field(default_factory=list)
    prowesses: list[str] = Field(default_factory=list)


class Weapon(_Frozen):
    """A weapon or shield (§Armement is unfinished, so these are GM data, digest §2.7):
    nominal damage, damage increment, the defence difficulty its shots impose, parry bonus,
    resistance and structure points, the familiarity that governs it, its bulk (dodge malus)."""

    damage: int = Field(default=0, ge=0)
    increment: int = Field(default=1, ge=0)
    familiarity: str | None = None
    ranged: bool = False
    defence_difficulty: int = 0
    parry_bonus: int = 0
    resistance: int = Field(default=0, ge=0)
    structure: int = Field(default=0, ge=0)
    shield: bool = False
    entangling: bool = False
    bulk: int = Field(default=0, ge=0)  # §L'esquive: its encumbrance, a dodge malus (PROPOSAL E33)


class ElorSheet(_Frozen):
    """A character: nature, culture, faculties, attributes, professions, familiarities, prowesses,
    equipment; plus the power level and creation mode it was checked against."""

    name: str = Field(min_length=1)
    npc: bool = False
    nature: str = "humain"
    culture: Culture = Field(default_factory=Culture)
    power: str = "normal"
    power_tables: str = "printed"
    creation: str = "standard"
    faculties: dict[str, int]
    attributes: dict[str, int] = Field(default_factory=dict)
    professions: dict[str, int] = Field(default_factory=dict)
    familiarities: dict[str, int] = Field(default_factory=dict)
    prowesses: dict[str, int] = Field(default_factory=dict)
    weapons: dict[str, Weapon] = Field(default_factory=dict)
    armour: dict[str, int] = Field(default_factory=dict)
    hermetic: bool = False
    bulk: int = Field(default=0, ge=0)  # §L'esquive: other bulky gear (armour, pack), a dodge malus

    @field_validator("nature")
    @classmethod
    def _nature(cls, value: str) -> str:
        return nature(value).key

    @field_validator("power")
    @classmethod
    def _power(cls, value: str) -> str:
        return power(value).key

    @field_validator("power_tables")
    @classmethod
    def _tables(cls, value: str) -> str:
        if value not in POWER_TABLES:
            raise ValueError(f"power_tables is {' or '.join(POWER_TABLES)}, not {quoted(value)}")
        return value

    @field_validator("creation")
    @classmethod
    def _creation(cls, value: str) -> str:
        if value not in CREATION:
            raise ValueError(f"creation is {' or '.join(CREATION)}, not {quoted(value)}")
        return value

    @field_validator("faculties")
    @classmethod
    def _faculties(cls, value: dict[str, int]) -> dict[str, int]:
        out: dict[str, int] = {}
        problems: list[str] = []
        for key, level in value.items():
            try:
                name = faculty_name(key)
            except RuleViolation as error:
                problems.append(str(error))
                continue
            if name in out:
                problems.append(f"faculty {name} appears twice")
            out[name] = level
        missing = [n for n in faculty_names() if n not in out]
        if missing:
            problems.append(f"faculties lack {', '.join(missing)}")
        field_problems(problems)
        return {n: out[n] for n in faculty_names()}

    @field_validator("professions", "prowesses")
    @classmethod
    def _levels(cls, value: dict[str, int]) -> dict[str, int]:
        # §Professions: "une valeur entière partant de 1"; a prowess level is its number of grants.
        field_problems(f"{key} must be at least 1, not {level}" for key, level in value.items() if level < 1)
        return value

    @field_validator("familiarities")
    @classmethod
    def _grants(cls, value: dict[str, int]) -> dict[str, int]:
        field_problems(f"familiarity {key} is granted at least once, not {grants}" for key, grants in value.items() if grants < 1)
        return value

    @field_validator("attributes")
    @classmethod
    def _attributes(cls, value: dict[str, int]) -> dict[str, int]:
        problems: list[str] = []
        for key, level in value.items():
            known = attribute(key)
            if level == 0:
                problems.append(f"attribute {key} needs a non-zero level (negative for its negative variant)")
            elif known and known.positive_only and level < 0:
                problems.append(f"{known.name} has no negative variant")
            elif known and known.kind == "basic" and abs(level) != 1:
                problems.append(f"{known.name} is a basic attribute: no level beyond 1")
        field_problems(problems)
        return value

    @model_validator(mode="after")
    def _armour_locations(self) -> ElorSheet:
        morphology = nature(self.nature)
        problems: list[str] = []
        for key in self.armour:
            try:
                location(morphology, key)
            except RuleViolation as error:
                problems.append(str(error))
        field_problems(problems)
        return self

    def familiarity_grants(self, name: str) -> int:
        """How many times the familiarity is held, from the culture and from professions."""
        wanted = fold(name)
        own = sum(g for f, g in self.familiarities.items() if fold(f) == wanted)
        return own + sum(1 for f in self.culture.familiarities if fold(f) == wanted)

    def faculty(self, text: str) -> int:
        """The level of a faculty named by name or symbol."""
        return self.faculties[faculty_name(text)]


def item_spelling(items: Iterable[str], typed: str) -> str | None:
    """The name among ``items`` (a sheet's weapons, professions, familiarities or attributes) as
    the sheet spells it, from any case, accents or spacing the table types ("epee" for Épée), None
    when the sheet has none such: the damage a weapon or shield takes adds up on the one item
    (§Endommagement de l'équipement, ruling E70), and the log names the others as the sheet does
    (rulings E92, E97). A spelling nearer what was typed wins: exact, then in another case, then
    without accents."""
    items, bare = list(items), typed.strip()
    for same in (str, str.casefold, fold):
        found = next((k for k in items if same(k) == same(bare)), None)
        if found is not None:
            return found
    return None


def held_name(items: Iterable[str], typed: str, owner: str, what: str) -> str:
    """The name among ``items`` as the sheet spells it (:func:`item_spelling`), or a refusal
    quoting what was typed and naming what the sheet holds: "Samson has no profession 'Bûcheron'
    (professions: Guerrier)" (ruling E97)."""
    items = list(items)
    found = item_spelling(items, typed)
    if found is None:
        raise RuleViolation(f"{owner} has no {what} {quoted(typed)} ({what}s: {', '.join(items) or 'none'})")
    return found


def check_creation(sheet: ElorSheet) -> None:
    """The standard procedure's budgets at the sheet's power level (steps 2, 4, 5) and the
    profession grants: :class:`SheetProblems` listing every one the sheet breaks."""
    raise_sheet_problems(_GAME, creation_problems(sheet))


def creation_problems(sheet: ElorSheet) -> Iterator[str]:
    """Each broken rule of the standard procedure, as a message for the player."""
    morphology = nature(sheet.nature)
    allowed = budgets(power(sheet.power), morphology, sheet.power_tables)
    for name, level in sheet.faculties.items():
        if not allowed.faculty_minimum <= level <= allowed.faculty_maximum:
            yield f"{name} {level} is outside {allowed.faculty_minimum}..{allowed.faculty_maximum} at {power(sheet.power).name} power"
    spent = faculty_points_spent(sheet.faculties, morphology)
    if spent > allowed.faculty_points:
        yield f"the faculties use {spent} points; {power(sheet.power).name} power gives {allowed.faculty_points}"
    natural = {a.casefold() for a in morphology.natural_attributes}
    chosen = {k: v for k, v in sheet.attributes.items() if k.casefold() not in natural}
    positive = sum(v for v in chosen.values() if v > 0)
    negative = -sum(v for v in chosen.values() if v < 0)
    # Step 4: each negative attribute or level gives one more point for positive ones.
    if positive > allowed.attribute_points + negative:
        yield f"the attributes cost {positive} points; there are {allowed.attribute_points} + {negative} from negative ones"
    levels = sum(sheet.professions.values())
    if levels > allowed.experience_points:
        yield f"the professions have {levels} levels; {power(sheet.power).name} power gives {allowed.experience_points}"
    yield from grant_problems(sheet)


def grant_problems(sheet: ElorSheet) -> Iterator[str]:
    """§Professions: each profession level grants exactly one familiarity or prowess."""
    levels = sum(sheet.professions.values())
    grants = sum(sheet.familiarities.values()) + sum(sheet.prowesses.values())
    if grants != levels:
        yield f"{plural(levels, 'profession level')} grant {levels} familiarities or prowesses, the sheet lists {grants}"


def derived(sheet: ElorSheet, hp_as_printed: bool = False) -> dict[str, Any]:
    """AP, EP, maximal effort and hit points per location of the sheet (§Capacités dérivées)."""
    f = sheet.faculties
    return {
        "action_points": action_points(f["Coordination"], f["Esprit"]),
        "effort_points": effort_points(f["Physique"], f["Mental"]),
        "max_effort": max_effort(f["Mental"]),
        "hit_points": hit_points(nature(sheet.nature), f["Physique"], hp_as_printed),
    }


def parse_sheet(raw: Mapping[str, Any]) -> ElorSheet:
    """A checked sheet from raw data (TOML/JSON); :class:`SheetProblems` listing every problem
    otherwise (the budgets are counted once the fields themselves are valid)."""
    data = {k: v for k, v in raw.items() if k != "derived"}
    try:
        sheet = ElorSheet.model_validate(data)
    except ValidationError as error:
        raise SheetProblems(_GAME, validation_problems(error, "sheet ")) from None
    problems = list(armour_problems(sheet))
    if sheet.creation == "standard" and not sheet.npc:
        problems.extend(creation_problems(sheet))
    raise_sheet_problems(_GAME, problems)
    return sheet


def armour_problems(sheet: ElorSheet) -> Iterator[str]:
    """§Application des dommages step 2: a location's armour is a protection subtracted from
    the damage, so never negative (like a weapon's damage and increment), whatever the creation
    mode. Checked when a sheet is made, not on sheets already recorded."""
    for key, protection in sheet.armour.items():
        if protection < 0:
            yield f"armour {key} is {protection}: a protection is never negative"


def sheet_of_data(data: Mapping[str, Any]) -> ElorSheet:
    """The typed sheet of a recorded sheet dict (its derived part dropped)."""
    return ElorSheet.model_validate({k: v for k, v in data.items() if k != "derived"})
