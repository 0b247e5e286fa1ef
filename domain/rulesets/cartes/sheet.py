"""The Cartes character sheet (§Fiche de personnage L114-185) and creation rules
(§Création de personnages L477-528), as frozen pydantic models.

:func:`parse_sheet` is the entry point: it validates the data, fills each skill's governing
characteristic from the catalogue, enforces the creation budgets, and turns any problem it finds into
one :class:`SheetProblems` listing them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field, ValidationError, ValidationInfo, field_validator

from chronique.domain.errors import RuleViolation, SheetProblems, field_problems, raise_sheet_problems
from chronique.domain.rulesets.cartes import damage
from chronique.domain.rulesets.cartes.experience import Cost, characteristic_cost, pile_max_cost, skill_cost, speciality_cost
from chronique.domain.rulesets.cartes.recorded import find_skill, skill_target
from chronique.domain.rulesets.cartes.tables import (
    characteristic_name,
    characteristics,
    fold,
    is_characteristic,
    lethality_index,
    lethality_name,
    quoted,
    skill_catalogue,
    tables,
)
from chronique.domain.rulesets.problems import SheetModel, validation_problems

__all__ = [
    "CartesSheet",
    "Skill",
    "Trait",
    "Weapon",
    "characteristic_name",
    "parse_sheet",
    "skill_target",
    "wound_capacities",
]


class _Frozen(SheetModel):
    """A part of the sheet (see ``SheetModel``)."""


class Trait(_Frozen):
    """An atout or calamité (§Atouts et calamités L517-521).

    ``number``: the threshold of a numbered trait (calamité: the GM invokes it when a draw is
    below it; atout: the player when a draw is above it). ``characteristic_bonus``: what it
    adds to (or, negative, takes from) characteristics at creation, e.g. ``{"Carrure": 3}``.
    """

    name: str = Field(min_length=1)
    number: int | None = None
    note: str = ""
    characteristic_bonus: dict[str, int] = Field(default_factory=dict)

    @field_validator("characteristic_bonus")
    @classmethod
    def _canonical_bonus(cls, value: dict[str, int]) -> dict[str, int]:
        out: dict[str, int] = {}
        for key, amount in value.items():
            name = characteristic_name(key)
            if name in out:
                raise ValueError(f"characteristic {name} appears twice")
            out[name] = amount
        return out


class Weapon(_Frozen):
    """A weapon (GM data, PROPOSAL A25): damage bonus, lethality of its attacks, signature (§Signature L421-423)."""

    bonus: int
    lethality: str
    signature: int = Field(default=0, ge=0)

    @field_validator("lethality", mode="before")
    @classmethod
    def _canonical_lethality(cls, value: Any) -> str:
        return lethality_name(lethality_index(value))

    @property
    def lethality_index(self) -> int:
        """The lethality as an index, 0 Nulle .. 4 Énorme."""
        return lethality_index(self.lethality)


class Skill(_Frozen):
    """A skill: level (PROPOSAL §2.3: 0..13), up to 3 specialties, governing characteristic (A3)."""

    level: int
    specialities: list[str] = Field(default_factory=list)
    characteristic: str

    @field_validator("level")
    @classmethod
    def _level_range(cls, value: int) -> int:
        c = tables().creation
        if not c.skill_min <= value <= c.skill_max:
            raise ValueError(f"skill level must be {c.skill_min}..{c.skill_max}, not {value}")
        return value

    @field_validator("specialities")
    @classmethod
    def _specialities(cls, value: list[str]) -> list[str]:
        most = tables().creation.max_specialities
        if len(value) > most:
            raise ValueError(f"at most {most} specialities per skill, not {len(value)}")
        seen: set[str] = set()
        for name in value:
            if not name:
                raise ValueError("a speciality needs a name")
            if fold(name) in seen:
                raise ValueError(f"speciality {quoted(name)} appears twice")
            seen.add(fold(name))
        return value

    @field_validator("characteristic", mode="before")
    @classmethod
    def _governing(cls, value: Any) -> str:
        return characteristic_name(str(value))


def _default_characteristic_points() -> int:
    return tables().creation.characteristic_points


def _default_skill_points() -> int:
    return tables().creation.skill_points


def _default_hand() -> int:
    return tables().creation.hand


def _default_pile_max() -> int:
    return tables().creation.pile_max


class CartesSheet(_Frozen):
    """A Cartes character (§Fiche de personnage L114-185).

    ``characteristics`` holds the six, by canonical name; ``skills`` by name (catalogue
    spelling when the catalogue lists it); ``hand`` and ``pile_max`` are card counts
    (§Main et pioche max L515); ``skill_points`` / ``characteristic_points`` are the creation
    budgets, which the GM may change (§Création L481, L525).
    """

    name: str = Field(min_length=1)
    characteristics: dict[str, int]
    skills: dict[str, Skill] = Field(default_factory=dict)
    pile_max: int = Field(default_factory=_default_pile_max, ge=1)
    hand: int = Field(default_factory=_default_hand, ge=0)
    atouts: list[Trait] = Field(default_factory=list)
    calamites: list[Trait] = Field(default_factory=list)
    weapons: dict[str, Weapon] = Field(default_factory=dict)
    npc: bool = False
    skill_points: int = Field(default_factory=_default_skill_points, ge=0)
    characteristic_points: int = Field(default_factory=_default_characteristic_points, ge=0)

    @field_validator("characteristics")
    @classmethod
    def _six_characteristics(cls, value: dict[str, int]) -> dict[str, int]:
        c = tables().creation
        found: dict[str, int] = {}
        problems: list[str] = []
        for key, amount in value.items():
            try:
                name = characteristic_name(key)
            except RuleViolation as error:
                problems.append(str(error))
                continue
            if name in found:
                problems.append(f"characteristic {name} appears twice")
            # PROPOSAL §2.3: each characteristic 1..13, the span of the wound table (L487-505).
            elif not c.characteristic_min <= amount <= c.characteristic_max:
                problems.append(f"{name} must be {c.characteristic_min}..{c.characteristic_max}, not {amount}")
            found[name] = amount
        missing = [n for n in characteristics() if n not in found]
        if missing:
            problems.append(f"missing characteristic {', '.join(missing)}")
        field_problems(problems)
        return {n: found[n] for n in characteristics()}

    @field_validator("skills", mode="before")
    @classmethod
    def _fill_skills(cls, value: Any, info: ValidationInfo) -> Any:
        # The seed gives no skill list nor governing characteristics (A3): the catalogue
        # supplies both, and a skill outside it must name its characteristic.
        if not isinstance(value, Mapping):
            return value
        context = info.context if isinstance(info.context, Mapping) else {}
        catalogue: Mapping[str, str] = context.get("catalogue") or skill_catalogue()
        by_fold = {fold(k): k for k in catalogue}
        out: dict[str, Any] = {}
        problems: list[str] = []
        for raw_name, raw in value.items():
            text = str(raw_name).strip()
            name = by_fold.get(fold(text), text)
            data: Any = {"level": raw} if isinstance(raw, int) and not isinstance(raw, bool) else raw
            if not text:
                problems.append("a skill needs a name")
            elif is_characteristic(text):
                problems.append(f"skill {quoted(text)} has a characteristic's name")
            elif name in out:
                problems.append(f"skill {name} appears twice")
            elif isinstance(data, Mapping) and data.get("characteristic") in (None, "") and name not in catalogue:
                problems.append(f"skill {name} is not in the catalogue: give its characteristic")
            elif isinstance(data, Mapping) and data.get("characteristic") in (None, ""):
                out[name] = {**data, "characteristic": catalogue[name]}
            else:
                out[name] = data
        field_problems(problems)
        return out

    @field_validator("weapons")
    @classmethod
    def _weapon_names(cls, value: dict[str, Weapon]) -> dict[str, Weapon]:
        if any(not name.strip() for name in value):
            raise ValueError("a weapon needs a name")
        return value

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form (what :func:`parse_sheet` accepts back)."""
        return self.model_dump(mode="json")

    # --- derived values (§2.2) ---------------------------------------------------------

    def characteristic(self, name: str) -> int:
        """Value of characteristic ``name`` (accent-insensitive)."""
        return self.characteristics[characteristic_name(name)]

    @property
    def ko(self) -> int:
        """KO threshold = Volonté (§Seuils de KO et de OK L509)."""
        return damage.ko_threshold(self.characteristics["Volonté"])

    @property
    def ok(self) -> int:
        """OK threshold = ceil(Volonté / 2) (§Seuils de KO et de OK L511)."""
        return damage.ok_threshold(self.characteristics["Volonté"])

    @property
    def characteristic_bonus_total(self) -> int:
        """Sum of the characteristic bonuses (and maluses) of all atouts and calamités."""
        return sum(sum(t.characteristic_bonus.values()) for t in (*self.atouts, *self.calamites))

    @property
    def skill_points_spent(self) -> int:
        """Creation points in skills: 1 per level, 2 per specialty (§Compétences L527-528)."""
        c = tables().creation
        return sum(s.level * c.skill_level_points + len(s.specialities) * c.speciality_points for s in self.skills.values())


_GAME = "Cartes"
_LEAD = "invalid Cartes sheet: "


def parse_sheet(
    data: Mapping[str, Any],
    *,
    creation: bool = True,
    catalogue: Mapping[str, str] | None = None,
) -> CartesSheet:
    """Validate ``data`` into a :class:`CartesSheet`; :class:`SheetProblems` listing every
    problem otherwise (the budgets are counted once the fields themselves are valid).

    With ``creation`` (the default) and for a player character, the creation budgets of
    §Création de personnages apply: the characteristics add up to exactly
    ``characteristic_points`` plus the atouts'/calamités' characteristic bonuses (L481-483), and
    skill levels + 2 per specialty stay within ``skill_points`` (L525-528). Pass
    ``creation=False`` for a sheet that has since advanced; NPCs (``npc: true``) are the GM's
    and skip the budgets. ``catalogue`` replaces the default skill catalogue (A3).
    """
    if not isinstance(data, Mapping):
        raise RuleViolation("a Cartes sheet must be a mapping of fields")
    context = {"catalogue": catalogue} if catalogue is not None else None
    try:
        sheet = CartesSheet.model_validate(dict(data), context=context)
    except ValidationError as error:
        raise SheetProblems(_GAME, validation_problems(error), _LEAD) from None
    if creation and not sheet.npc:
        raise_sheet_problems(_GAME, _budget_problems(sheet), _LEAD)
    return sheet


def _budget_problems(sheet: CartesSheet) -> list[str]:
    """The creation budgets of §Création de personnages that ``sheet`` overruns."""
    problems: list[str] = []
    expected = sheet.characteristic_points + sheet.characteristic_bonus_total
    total = sum(sheet.characteristics.values())
    if total != expected:
        problems.append(f"characteristics add up to {total}, creation allows exactly {expected}")
    spent = sheet.skill_points_spent
    if spent > sheet.skill_points:
        problems.append(f"skills cost {spent} points, budget is {sheet.skill_points}")
    return problems


def wound_capacities(carrure: int) -> dict[str, int]:
    """Wound capacity per lethality name for ``carrure`` (§Nombre de blessures L487-505)."""
    return {lethality_name(i): n for i, n in enumerate(damage.capacities(carrure))}


def skill_advance_cost(sheet: CartesSheet, name: str) -> Cost:
    """Cost of raising skill ``name`` by one, against its governing characteristic (§Expérience L536)."""
    skill = find_skill(sheet, name)
    entry = sheet.skills[skill]
    return skill_cost(entry.level, sheet.characteristics[entry.characteristic], skill)


def speciality_advance_cost(sheet: CartesSheet, name: str) -> Cost:
    """Cost of the next specialty of skill ``name`` (§Expérience L538: 2, 4, 8 cards)."""
    skill = find_skill(sheet, name)
    return speciality_cost(len(sheet.skills[skill].specialities), skill)


def characteristic_advance_cost(sheet: CartesSheet, name: str) -> Cost:
    """Cost of +1 to characteristic ``name`` (§Expérience L540, L548: 3 cards ≥ new level)."""
    canonical = characteristic_name(name)
    return characteristic_cost(sheet.characteristics[canonical], canonical)


def pile_max_advance_cost(sheet: CartesSheet) -> Cost:
    """Cost of +1 pile max (§Expérience L549: 4 cards ≥ the new pile max)."""
    return pile_max_cost(sheet.pile_max)
