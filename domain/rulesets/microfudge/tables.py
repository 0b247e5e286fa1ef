"""Typed, lazily loaded rules data of MicroFudge CECJ (``tables.toml`` in this package)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

# One folding rule for every French name a player types, shared with Cartes (no twin copy).
from chronique.domain.rulesets.data import load_toml
from chronique.domain.text import fold

__all__ = ["Streamlined", "Tables", "fold", "tables"]


@dataclass(frozen=True)
class Streamlined:
    """Streamlined MicroFudge creation and advancement («3 – Création … Streamlined» L699-L731)."""

    budget: int
    aptitude_default: int
    aptitude_rank_cost: int
    field_rank_cost: int
    creation_max: int
    creation_min: int
    carry_max: int
    adventure_awards: int
    field_cost_to: tuple[int, ...]
    aptitude_multiplier: int


@dataclass(frozen=True)
class Tables:
    """All rules data of MicroFudge CECJ, as read from ``tables.toml``."""

    labels: tuple[str, ...]
    default_rank: int
    human_max: int
    difficulties: Mapping[str, int]
    relatedness: Mapping[str, int]
    revers_domains: Mapping[str, tuple[str, ...]]
    statuses: Mapping[str, int]
    aptitudes: Mapping[str, int]
    fields: Mapping[str, int]
    aliases: Mapping[str, str]
    domains: Mapping[str, int]
    streamlined: Streamlined
    quality: Mapping[str, int]
    weapons: Mapping[str, int]
    armour: Mapping[str, int]
    revers_names: tuple[str, ...]
    wound_names: tuple[str, ...]
    max_severity: int
    first_aid_required: tuple[int, ...]
    daily_s: int
    weekly_s: int
    graduated_days: tuple[int, ...]
    care_pace: Mapping[str, int]
    rest_pace: Mapping[str, int]
    atout_uses: Mapping[str, int]
    deck_name: str
    deck_packs: int
    deck_ranks: tuple[str, ...]
    range_names: tuple[str, ...]
    range_metres: tuple[int, ...]
    range_columns: Mapping[str, tuple[int, ...]]
    range_weapons: Mapping[str, tuple[str, int]]
    eras: tuple[str, ...]
    vehicle_eras: tuple[str, ...]
    vehicle_sizes: tuple[str, ...]
    vehicle_ratio: Mapping[str, int]
    vehicles: Mapping[str, tuple[int, int]]
    conflict_modifiers: Mapping[str, int]
    manoeuvres: Mapping[str, str]
    terrain_most: int
    powers: Mapping[str, tuple[str, int, str]]
    power_timing: Mapping[str, int]
    boosts: Mapping[str, tuple[str, tuple[str, ...]]]
    tk_sequences: tuple[int, ...]
    tk_grams: tuple[int, ...]
    tk_esprit_cards: tuple[int, ...]


def _frozen(mapping: Mapping[str, Any]) -> Mapping[str, int]:
    return MappingProxyType({k: int(v) for k, v in mapping.items()})


def _build(raw: dict[str, Any]) -> Tables:
    streamlined = Streamlined(
        **raw["streamlined"],
        field_cost_to=tuple(raw["streamlined_advancement"]["field_cost_to"]),
        aptitude_multiplier=raw["streamlined_advancement"]["aptitude_multiplier"],
    )
    return Tables(
        labels=tuple(raw["ladder"]["labels"]),
        default_rank=int(raw["ladder"]["default"]),
        human_max=int(raw["ladder"]["human_max"]),
        difficulties=_frozen(raw["difficulties"]),
        relatedness=_frozen(raw["relatedness"]),
        revers_domains=MappingProxyType({str(k): tuple(str(a) for a in v) for k, v in raw["revers_domains"].items()}),
        statuses=_frozen(raw["statuses"]),
        aptitudes=_frozen(raw["aptitudes"]),
        fields=_frozen(raw["fields"]),
        aliases=MappingProxyType({str(k): str(v) for k, v in raw["aliases"].items()}),
        domains=_frozen(raw["domains"]),
        streamlined=streamlined,
        quality=_frozen(raw["quality"]),
        weapons=_frozen(raw["weapons"]),
        armour=_frozen(raw["armour"]),
        revers_names=tuple(raw["severities"]["revers"]),
        wound_names=tuple(raw["severities"]["wounds"]),
        max_severity=int(raw["severities"]["max"]),
        first_aid_required=tuple(raw["first_aid"]["required"]),
        daily_s=int(raw["recovery"]["daily_s"]),
        weekly_s=int(raw["recovery"]["weekly_s"]),
        graduated_days=tuple(raw["recovery"]["graduated_days"]),
        care_pace=_frozen(raw["recovery_pace"]["care"]),
        rest_pace=_frozen(raw["recovery_pace"]["rest"]),
        atout_uses=_frozen(raw["atout_uses"]),
        deck_name=str(raw["deck"]["name"]),
        deck_packs=int(raw["deck"]["packs"]),
        deck_ranks=tuple(raw["deck"]["ranks"]),
        range_names=tuple(raw["ranges"]["names"]),
        range_metres=tuple(int(m) for m in raw["ranges"]["metres"]),
        range_columns=MappingProxyType({c: tuple(raw["ranges"][c]) for c in ("personal", "heavy", "spaceship")}),
        range_weapons=MappingProxyType({k: (str(c), int(b)) for k, (c, b) in raw["range_weapons"].items()}),
        eras=tuple(raw["eras"]["order"]),
        vehicle_eras=tuple(raw["vehicle_eras"]["order"]),
        vehicle_sizes=tuple(raw["vehicle_sizes"]["order"]),
        vehicle_ratio=_frozen(raw["vehicle_ratio"]),
        vehicles=MappingProxyType({k: (int(v), int(r)) for k, (v, r) in raw["vehicles"].items()}),
        conflict_modifiers=_frozen(raw["conflict_modifiers"]),
        manoeuvres=MappingProxyType({str(k): str(v) for k, v in raw["manoeuvres"].items()}),
        terrain_most=int(raw["terrain"]["most"]),
        powers=MappingProxyType({k: (str(d), int(r), str(p)) for k, (d, r, p) in raw["powers"].items()}),
        power_timing=_frozen(raw["power_timing"]),
        boosts=MappingProxyType({k: (str(v["aptitude"]), tuple(v["modes"])) for k, v in raw["boosts"].items()}),
        tk_sequences=tuple(int(n) for n in raw["telekinesis"]["sequences"]),
        tk_grams=tuple(int(n) for n in raw["telekinesis"]["grams"]),
        tk_esprit_cards=tuple(int(n) for n in raw["telekinesis"]["esprit_cards"]),
    )


@cache
def tables() -> Tables:
    """The rules data, parsed from the package's ``tables.toml`` on first call, then cached."""
    return _build(load_toml(__name__, "tables.toml"))
