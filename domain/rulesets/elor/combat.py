"""Action scenes and combat of Elor, as pure rules (§Scènes d'action, §Combats, §Cas d'actions
simultanées, §Attaque, §Défense, §Effets de combat, §Application des dommages, §Liste d'effets
de combat)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.elor.tables import Effect, effect, tables
from chronique.domain.text import plural, quoted

DEFENCES = ("dodge", "parry", "none")
CARDS = ("attack", "defence")


# -- ordering (§Scènes d'action, steps 1-3) ---------------------------------------------------


@dataclass(frozen=True)
class Protagonist:
    """A protagonist's action points in the current sequence."""

    name: str
    available: int
    spent: int = 0


def next_actors(protagonists: Sequence[Protagonist], previous: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """Who has the next opportunity (§Scènes d'action, ordering):

    eligible = has AP left and did not take the previous action (``previous``: empty at a new
    sequence, so the last actor of the last one stays eligible); if nobody else has AP, the
    exclusion is lifted (the seed's "only one left", PROPOSAL B16 for a simultaneous pair).
    Then most AP available; then fewest spent; who is still tied acts simultaneously."""
    with_ap = [p for p in protagonists if p.available > 0]
    eligible = [p for p in with_ap if p.name not in previous] or with_ap
    if not eligible:
        return ()
    most = max(p.available for p in eligible)
    top = [p for p in eligible if p.available == most]
    fewest = min(p.spent for p in top)
    return tuple(p.name for p in top if p.spent == fewest)


def sequence_order(action_points: Mapping[str, int], previous: frozenset[str] = frozenset()) -> list[tuple[str, ...]]:
    """Every opportunity of one sequence without reactions, each actor spending 1 AP."""
    state = {name: Protagonist(name, ap) for name, ap in action_points.items()}
    order: list[tuple[str, ...]] = []
    while True:
        actors = next_actors(list(state.values()), previous)
        if not actors:
            return order
        order.append(actors)
        for name in actors:
            p = state[name]
            state[name] = Protagonist(name, p.available - 1, p.spent + 1)
        previous = frozenset(actors)


def simultaneous(first: str, second: str) -> str:
    """Two opponents' face-down cards (§Cas d'actions simultanées): "nothing" (Défense/Défense,
    AP spent anyway), "both-attack" (both attack with defence 0) or "first-attacks" /
    "second-attacks" (PROPOSAL B11: a normal attack against a defence)."""
    for card in (first, second):
        if card not in CARDS:
            raise RuleViolation(f"a card is attack or defence, not {quoted(card)}")
    if first == second:
        return "nothing" if first == "defence" else "both-attack"
    return "first-attacks" if first == "attack" else "second-attacks"


# -- ranged difficulty (§Dans le cadre d'une attaque à distance) -----------------------------


def _lookup(rows: Sequence[tuple[int, int]], value: int, below: int) -> int:
    # PROPOSAL B13: the last row whose value is <= the actual one; clamp beyond the ends.
    found = below
    for threshold, modifier in rows:
        if value >= threshold:
            found = modifier
    return found


def size_modifier(size_cm: int) -> int:
    """Modifier of a target's "diameter" (mean of height and width facing the shooter)."""
    rows = tables().size_cm
    return _lookup(rows, size_cm, rows[0][1])


def distance_modifier(distance_m: int) -> int:
    """Modifier of the distance between shooter and target."""
    rows = tables().distance_m
    return _lookup(rows, distance_m, rows[0][1])


def speed_modifier(orthogonal_kmh: int) -> int:
    """Modifier of the target's speed across the line of fire (under 5 km/h: 0)."""
    return _lookup(tables().speed_kmh, orthogonal_kmh, 0)


def diameter(height_cm: int, width_cm: int) -> int:
    """The target's "diameter": the mean of its height and width (§Attaque à distance)."""
    return (height_cm + width_cm) // 2


def orthogonal_speed(speed_kmh: int, angle_deg: int) -> int:
    """The part of a speed across the line of fire: 0 along it, all of it at 90°.

    The seed leaves other angles to the GM's estimate and takes half at 45°; the ruling keeps
    the seed's example as a rule: the speed × angle / 90 (folded into 0..90°), rounded down."""
    folded = angle_deg % 180
    folded = min(folded, 180 - folded)
    return speed_kmh * folded // 90


@dataclass(frozen=True)
class RangedDifficulty:
    """The difficulty modifier of a ranged attack and its parts."""

    size: int
    distance: int
    speed: int
    extra: int

    @property
    def total(self) -> int:
        """The sum of the parts."""
        return self.size + self.distance + self.speed + self.extra


def ranged_difficulty(
    size_cm: int, distance_m: int, orthogonal_kmh: int = 0, hyperbolic: bool = False, erratic: int = 0
) -> RangedDifficulty:
    """Size + distance + orthogonal speed, hyperbolic fire −2, an erratic target −1 or −2."""
    t = tables()
    if erratic and erratic not in t.erratic:
        raise RuleViolation(f"an erratic target gives {' or '.join(str(e) for e in t.erratic)}, not {erratic}")
    extra = (t.hyperbolic if hyperbolic else 0) + erratic
    return RangedDifficulty(size_modifier(size_cm), distance_modifier(distance_m), speed_modifier(orthogonal_kmh), extra)


@dataclass(frozen=True)
class RangedShot:
    """What a shooter faces (§Attaque à distance L544-L603): the target's "diameter" in cm, the
    distance in m, the target's speed in km/h and the angle of its motion with the line of fire
    (90°: crossing; the seed's 45° takes half, E18), hyperbolic fire, an erratic target (−1 or
    −2). Its difficulty is the base to which the GM's other factors (darkness, wind) add."""

    size_cm: int
    distance_m: int
    speed_kmh: int = 0
    angle_deg: int = 90
    hyperbolic: bool = False
    erratic: int = 0

    def __post_init__(self) -> None:
        if self.size_cm < 1 or self.distance_m < 0 or self.speed_kmh < 0:
            raise RuleViolation("a shot needs a target size of at least 1 cm, a distance and a speed that are not negative")
        self.difficulty()  # an erratic malus the tables do not know fails now, not at the roll

    def difficulty(self) -> RangedDifficulty:
        """The base difficulty from the range tables."""
        crossing = orthogonal_speed(self.speed_kmh, self.angle_deg)
        return ranged_difficulty(self.size_cm, self.distance_m, crossing, self.hyperbolic, self.erratic)

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form for events: the inputs and the modifiers the tables give them."""
        d = self.difficulty()
        return {
            "size_cm": self.size_cm,
            "distance_m": self.distance_m,
            "speed_kmh": self.speed_kmh,
            "angle_deg": self.angle_deg,
            "hyperbolic": self.hyperbolic,
            "erratic": self.erratic,
            "modifiers": {"size": d.size, "distance": d.distance, "speed": d.speed, "extra": d.extra},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RangedShot:
        """The shot an event recorded (its inputs; the modifiers are recomputed from them)."""
        return cls(
            int(data["size_cm"]),
            int(data["distance_m"]),
            int(data["speed_kmh"]),
            int(data["angle_deg"]),
            bool(data["hyperbolic"]),
            int(data["erratic"]),
        )


# -- the exchange (§Effets de combat) --------------------------------------------------------


@dataclass(frozen=True)
class Exchange:
    """An attack value against a defence value.

    result: "hit" (full damage), "half" (equal values: half damage, no effects), "miss" (both 0,
    PROPOSAL B10), "dodged" (no damage), "parried" (half damage to the parrying weapon, shield
    or limb, none when the attack had no degree, PROPOSAL B10)."""

    attack: int
    defence: int
    defence_kind: str
    result: str
    offensive_points: int
    defensive_points: int

    @property
    def halved(self) -> bool:
        """Whether the damage is half the nominal value."""
        return self.result in ("half", "parried")

    @property
    def damages_target(self) -> bool:
        """Whether damage goes to the target's body (rolled location)."""
        return self.result in ("hit", "half")


def exchange(attack: int, defence: int, defence_kind: str = "dodge") -> Exchange:
    """Compare attack and defence values: net values above 1 give effect points (net − 1)."""
    if defence_kind not in DEFENCES:
        raise RuleViolation(f"a defence is dodge, parry or none, not {quoted(defence_kind)}")
    if attack < 0 or defence < 0:
        raise RuleViolation("attack and defence values are degrees: never negative")
    if defence_kind == "none" and defence:
        raise RuleViolation("no defence means a defence value of 0")
    if attack > defence:
        return Exchange(attack, defence, defence_kind, "hit", attack - defence - 1, 0)
    if attack == defence:
        return Exchange(attack, defence, defence_kind, "miss" if attack == 0 else "half", 0, 0)
    points = defence - attack - 1
    if defence_kind == "parry" and attack > 0:
        return Exchange(attack, defence, defence_kind, "parried", 0, points)
    return Exchange(attack, defence, defence_kind, "dodged", 0, points)


@dataclass(frozen=True)
class EffectContext:
    """What decides whether an effect may be chosen."""

    melee: bool = True
    simultaneous: bool = False
    lead: int = 0
    hermetic: bool = False
    weapon_traits: frozenset[str] = frozenset()


def _admissible(name: str, side: str, context: EffectContext) -> Effect:
    # What makes an effect selectable whatever the roll (§Liste d'effets de combat): its side,
    # melee, simultaneous attacks, hermetic armour, the weapon's properties. One it does not
    # know is refused naming the side's effects in French, as the seed spells them.
    eff = effect(name, side)
    if eff.kind not in (side, "both"):
        # Ruling E93: which side's it is, in words ("a offensive effect" read as a slip).
        sides = {"offensive": "an offensive", "defensive": "a defensive"}
        raise RuleViolation(f"{eff.name} is {sides[eff.kind]} effect, not {sides[side]} one")
    if eff.melee_only and not context.melee:
        raise RuleViolation(f"{eff.name} is for melee only")
    if eff.simultaneous_only and not context.simultaneous:
        raise RuleViolation(f"{eff.name} needs simultaneous attacks")
    if eff.not_against_hermetic and context.hermetic:
        raise RuleViolation(f"{eff.name} cannot be chosen against hermetic armour")
    if eff.needs_weapon and eff.needs_weapon not in context.weapon_traits:
        raise RuleViolation(f"{eff.name} needs an {eff.needs_weapon} weapon")
    return eff


def choose_effects(points: int, side: str, chosen: Sequence[str], context: EffectContext = EffectContext()) -> dict[str, int]:
    """Check a choice of combat effects against the effect points won (§Effets de combat,
    §Liste d'effets de combat); returns {effect key: times chosen}. Effects stack and repeat."""
    if side not in ("offensive", "defensive"):
        raise RuleViolation(f"effects are offensive or defensive, not {quoted(side)}")
    counts: Counter[str] = Counter()
    for name in chosen:
        eff = _admissible(name, side, context)
        if eff.lead_required and context.lead < eff.lead_required:
            raise RuleViolation(f"{eff.name} needs {eff.lead_required} more degrees than the opponent's attack")
        counts[eff.key] += 1
    cost = cost_of(counts)
    if cost > points:
        won = f"{plural(points, 'point')} {'was' if points == 1 else 'were'} won"
        raise RuleViolation(f"the effects cost {plural(cost, 'point')} but only {won}")
    return dict(counts)


@dataclass(frozen=True)
class Affordable:
    """The effects a side declared, split once the roll is known (§Effets de combat): those its
    effect points pay for (effect key: times) and those left unapplied (their names, in order)."""

    applied: dict[str, int]
    unapplied: tuple[str, ...]


def afford_effects(points: int, side: str, declared: Sequence[str], context: EffectContext = EffectContext()) -> Affordable:
    """The declared effects a roll's effect points pay for (§Effets de combat: effects are
    selected once the attack and defence values are known, "du moment que la somme de leurs
    coûts peut être payée"). The table declares them before the dice, in its order of
    preference; each is taken in that order while the points left pay for it (and, for
    Attaque dans l'attaque, while the lead over the opponent's attack allows it), the others are
    not applied. An effect no roll could allow is refused (``_admissible``)."""
    if side not in ("offensive", "defensive"):
        raise RuleViolation(f"effects are offensive or defensive, not {quoted(side)}")
    counts: Counter[str] = Counter()
    unapplied: list[str] = []
    left = points
    for name in declared:
        eff = _admissible(name, side, context)
        if eff.cost > left or (eff.lead_required and context.lead < eff.lead_required):
            unapplied.append(eff.name)
            continue
        counts[eff.key] += 1
        left -= eff.cost
    return Affordable(dict(counts), tuple(unapplied))


def cost_of(chosen: Mapping[str, int]) -> int:
    """The effect points that ``chosen`` ({effect key: times}) cost (§Liste d'effets de combat)."""
    return sum(effect(key).cost * times for key, times in chosen.items())


def counter_possible(net_defence: int, melee: bool = True) -> bool:
    """Whether a defence may buy a counter (cost 2, melee only): net defence − 1 ≥ 2."""
    return melee and net_defence - 1 >= effect("counter").cost


# -- damage value (§Application des dommages, step 2) -----------------------------------------


@dataclass(frozen=True)
class DamageValue:
    """The effective damage of a blow and its parts."""

    nominal: int
    base: int
    bonus: int
    reduction: int
    armour: int
    effective: int


def damage_value(
    nominal: int,
    halved: bool = False,
    increment: int = 0,
    increases: int = 0,
    reductions: int = 0,
    armour: int = 0,
    bypass_armour: bool = False,
) -> DamageValue:
    """Nominal (or ⌊nominal / 2⌋ on equal values), + the increment per "Dommages augmentés"
    up to 2 × nominal, − 1 per "Dommages réduits" (minimum 0), − the location's armour unless
    bypassed; what is left above 0 is added to the location."""
    if nominal < 0 or increment < 0 or increases < 0 or reductions < 0 or armour < 0:
        raise RuleViolation("damage, increments, effects and armour are never negative")
    base = nominal // 2 if halved else nominal
    raised = min(base + increases * increment, max(base, 2 * nominal))
    reduced = max(0, raised - reductions)
    worn = 0 if bypass_armour else armour
    return DamageValue(nominal, base, raised - base, raised - reduced, min(worn, reduced), max(0, reduced - worn))


@dataclass(frozen=True)
class ItemDamage:
    """Damage to a piece of equipment (Endommagement de l'équipement, parries B19)."""

    damage: int
    resistance: int
    structure_lost: int
    structure_left: int

    @property
    def destroyed(self) -> bool:
        """At 0 structure points the item is destroyed."""
        return self.structure_left <= 0


def item_damage(damage: int, resistance: int, structure_left: int) -> ItemDamage:
    """Resistance points are subtracted from the damage, the rest comes off the structure."""
    lost = min(structure_left, max(0, damage - resistance))
    return ItemDamage(damage, resistance, lost, structure_left - lost)
