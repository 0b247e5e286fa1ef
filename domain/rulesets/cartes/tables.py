"""Typed, lazily loaded access to the rules data of Cartes (``tables.toml`` in this package).

Nothing is read at import time: :func:`tables` parses the TOML on first use and caches it.
:class:`LazyMapping` lets modules expose module-level mappings (e.g. ``DIFFICULTIES``) that
only load the data when first looked at.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.data import load_toml
from chronique.domain.text import fold, quoted

LETHALITY_COUNT = 5
"""Nulle, Faible, Moyenne, Forte, Énorme (§Nombre de blessures L163-176)."""


def integer(value: Any, what: str) -> int:
    """``value`` of a recorded or typed field that must be a whole number (never a bool), or a
    refusal naming ``what`` and quoting what was given."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleViolation(f"{what} must be an integer, not {quoted(value)}")
    return value


@dataclass(frozen=True)
class Lethality:
    """One lethality level (§Nombre de blessures L163-176) and its survival draw (§Survie L431-441)."""

    index: int
    name: str
    colour: str
    survival_level: int
    survival_period_s: int


@dataclass(frozen=True)
class MedicineMeans:
    """One row of the medicine table (§Médecine L469-475)."""

    key: str
    label: str
    level_modifier: int
    extra_successes: int
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class Markers:
    """Marker counts named by the seed (§Marqueurs L326-335, §KO ou OK L354-361)."""

    tactics_success_bonus: int
    tactics_failure_malus: int
    spend_bonus: int
    shed_malus: int
    ok_to_ko_malus: int
    angry_bonus: int
    medicine_tactics_bonus: int


@dataclass(frozen=True)
class Creation:
    """Character-creation budgets and bounds (§Création de personnages L477-528)."""

    characteristic_points: int
    characteristic_min: int
    characteristic_max: int
    skill_points: int
    skill_level_points: int
    speciality_points: int
    skill_min: int
    skill_max: int
    max_specialities: int
    hand: int
    pile_max: int


@dataclass(frozen=True)
class Advancement:
    """Experience costs in hand cards (§Expérience L530-549)."""

    skill_cards: int
    skill_cards_at_or_above_characteristic: int
    speciality_cards: tuple[int, ...]
    characteristic_cards: int
    pile_max_cards: int
    max_card_value: int


@dataclass(frozen=True)
class Tables:
    """All rules data of Cartes, as read from ``tables.toml``."""

    difficulties: Mapping[str, int]
    difficulty_words: Mapping[str, str]
    difficulty_aliases: Mapping[str, int]
    level_modifiers: Mapping[str, int]
    lethalities: tuple[Lethality, ...]
    wound_capacity: Mapping[int, tuple[int, ...]]
    range_bounds_m: tuple[int, ...]
    medicine: tuple[MedicineMeans, ...]
    markers: Markers
    spades_power_bonus: int
    hearts_resource_bonus: int
    speciality_own: int
    speciality_other: int
    consciousness_level: int
    creation: Creation
    advancement: Advancement
    characteristics: tuple[str, ...]
    skills: Mapping[str, str]


def _frozen(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(dict(mapping))


def _build(raw: dict[str, Any]) -> Tables:
    lethalities = tuple(
        Lethality(
            index=i,
            name=row["name"],
            colour=row["colour"],
            survival_level=int(row["survival_level"]),
            survival_period_s=int(row["survival_period_s"]),
        )
        for i, row in enumerate(raw["lethality"])
    )
    if len(lethalities) != LETHALITY_COUNT:  # the whole ruleset indexes lethality 0..4
        raise RuntimeError("tables.toml must list exactly five lethality levels")
    capacity = {int(k): tuple(int(x) for x in v) for k, v in raw["wound_capacity"].items()}
    medicine = tuple(
        MedicineMeans(
            key=row["key"],
            label=row["label"],
            level_modifier=int(row["level_modifier"]),
            extra_successes=int(row["extra_successes"]),
            aliases=tuple(row.get("aliases", ())),
        )
        for row in raw["medicine"]
    )
    adv = dict(raw["advancement"])
    adv["speciality_cards"] = tuple(adv["speciality_cards"])
    return Tables(
        difficulties=_frozen(raw["difficulties"]),
        difficulty_words=_frozen(raw["difficulty_words"]),
        difficulty_aliases=_frozen(raw["difficulty_aliases"]),
        level_modifiers=_frozen(raw["level_modifiers"]),
        lethalities=lethalities,
        wound_capacity=_frozen(capacity),
        range_bounds_m=tuple(int(x) for x in raw["ranges"]["upper_bounds_m"]),
        medicine=medicine,
        markers=Markers(**raw["markers"]),
        spades_power_bonus=int(raw["suit_bonus"]["power_spades"]),
        hearts_resource_bonus=int(raw["suit_bonus"]["resource_hearts"]),
        speciality_own=int(raw["specialities"]["own_skill"]),
        speciality_other=int(raw["specialities"]["other_skill"]),
        consciousness_level=int(raw["consciousness"]["level"]),
        creation=Creation(**raw["creation"]),
        advancement=Advancement(**adv),
        characteristics=tuple(raw["characteristics"]["names"]),
        skills=_frozen(raw["skills"]),
    )


@cache
def tables() -> Tables:
    """The rules data, parsed from the package's ``tables.toml`` on first call, then cached."""
    return _build(load_toml(__name__, "tables.toml"))


class LazyMapping(Mapping[str, int]):
    """A read-only mapping whose contents come from ``loader()`` on first access.

    Used for module-level constants such as ``DIFFICULTIES`` so that importing a module never
    reads the TOML file.
    """

    def __init__(self, loader: Callable[[], Mapping[str, int]]) -> None:
        self._loader = loader

    def _data(self) -> Mapping[str, int]:
        return self._loader()

    def __getitem__(self, key: str) -> int:
        return self._data()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data())

    def __len__(self) -> int:
        return len(self._data())

    def __repr__(self) -> str:
        return f"LazyMapping({dict(self._data())!r})"


# --- typed accessors -----------------------------------------------------------------------


def characteristics() -> tuple[str, ...]:
    """The six characteristic names in sheet order (§Caractéristiques physiques L152-161)."""
    return tables().characteristics


def characteristic_name(text: str) -> str:
    """The canonical characteristic name for ``text`` (case- and accent-insensitive).

    ``"volonte"``, ``"VOLONTÉ"`` -> ``"Volonté"``; RuleViolation for anything else.
    """
    wanted = fold(str(text))
    for name in characteristics():
        if fold(name) == wanted:
            return name
    raise RuleViolation(f"unknown characteristic {quoted(text)} (one of {', '.join(characteristics())})")


def is_characteristic(text: str) -> bool:
    """Whether ``text`` names one of the six characteristics (accent-insensitive)."""
    wanted = fold(str(text))
    return any(fold(name) == wanted for name in characteristics())


def skill_catalogue() -> Mapping[str, str]:
    """Default skills and their governing characteristic (PROPOSAL A3, GM-editable data)."""
    return tables().skills


def catalogue_skill(text: str) -> str | None:
    """The catalogue's canonical spelling of skill ``text``, or None when it is not listed."""
    wanted = fold(str(text))
    for name in skill_catalogue():
        if fold(name) == wanted:
            return name
    return None


def lethality(index: int) -> Lethality:
    """The lethality level of ``index`` (0 Nulle .. 4 Énorme); RuleViolation outside 0..4."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < LETHALITY_COUNT:
        raise RuleViolation(f"lethality must be 0 (Nulle) to 4 (Énorme), not {quoted(index)}")
    return tables().lethalities[index]


def lethality_index(value: int | str) -> int:
    """Lethality index from a name ("Forte", "enorme") or an index (3, "3"); RuleViolation if none."""
    if isinstance(value, int) and not isinstance(value, bool):
        return lethality(value).index
    text = str(value).strip()
    if text.isdigit():
        return lethality(int(text)).index
    wanted = fold(text)
    for level in tables().lethalities:
        if fold(level.name) == wanted:
            return level.index
    names = ", ".join(level.name for level in tables().lethalities)
    raise RuleViolation(f"unknown lethality {quoted(value)} (one of {names})")


def lethality_name(index: int) -> str:
    """The French name of lethality ``index`` (0 -> "Nulle" .. 4 -> "Énorme")."""
    return lethality(index).name


def lethality_colour(index: int) -> str:
    """The colour of the card holder for lethality ``index`` (§Fournitures nécessaires L75)."""
    return lethality(index).colour


def medicine_means(text: str) -> MedicineMeans:
    """The medicine means named ``text`` (key or alias, accent-insensitive); RuleViolation if none."""
    wanted = fold(str(text))
    for means in tables().medicine:
        if wanted == fold(means.key) or wanted in {fold(a) for a in means.aliases}:
            return means
    keys = ", ".join(m.key for m in tables().medicine)
    raise RuleViolation(f"unknown medical means {quoted(text)} (one of {keys})")


def means_label(text: str) -> str:
    """A care order's means as §Médecine's table names it ("Premiers soins avec équipement
    adapté"), never its key; a means the table does not know, as it was recorded."""
    try:
        return medicine_means(text).label
    except RuleViolation:
        return text
