"""Derived capacities of Elor (§Capacités dérivées calculées) and the power-level budgets of the
standard creation procedure (§Procédure standard de création de personnages, steps 2, 4, 5)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from chronique.domain.rulesets.elor.tables import Nature, Power, tables
from chronique.domain.text import quoted

POWER_TABLES = ("printed", "formula")


def ceil_half(value: int) -> int:
    """⌈value / 2⌉ in integers: toward zero for negative halves (⌈−0.5⌉ = 0, ⌈−1⌉ = −1)."""
    return -((-value) // 2)


def action_points(coordination: int, esprit: int) -> int:
    """AP = 2 + ⌈(C + E) / 2⌉ (§Capacités dérivées calculées, Points d'action)."""
    return tables().action_points_base + ceil_half(coordination + esprit)


def effort_points(physique: int, mental: int) -> int:
    """EP = 2 + P + M (§Capacités dérivées calculées, Points d'effort)."""
    return tables().effort_points_base + physique + mental


def max_effort(mental: int) -> int:
    """Maximal effort = 2 + M: the most effort points one action may take (§Effort maximal)."""
    return tables().max_effort_base + mental


def hit_points(morphology: Nature, physique: int, as_printed: bool = False) -> dict[str, int]:
    """Hit points of each location (§Humains): base + P or base + ⌈P/2⌉.

    By default the value table's formulas (PROPOSAL B2: arm 4 + ⌈P/2⌉, abdomen 5 + P);
    ``as_printed`` uses the printed formulas (arm 5 + P, abdomen 4 + ⌈P/2⌉)."""
    out: dict[str, int] = {}
    for loc in morphology.locations:
        base, scale = (loc.hp_printed_base, loc.hp_printed_scale) if as_printed else (loc.hp_base, loc.hp_scale)
        out[loc.key] = base + (physique if scale == "full" else ceil_half(physique))
    return out


@dataclass(frozen=True)
class Budgets:
    """What a power level allows a nature at creation: faculty range and the three point budgets."""

    faculty_minimum: int
    faculty_maximum: int
    faculty_points: int
    attribute_points: int
    experience_points: int


def budgets(level: Power, morphology: Nature, mode: str = "printed", faculty_count: int = 4) -> Budgets:
    """Creation budgets (§Procédure standard, steps 2, 4, 5).

    Maxima are the nature's maxima × the power multiplier, rounded down; faculty points are
    ⌊MH × NFC / 4 − 1⌋. The published tables contradict both formulas (digest B1): ``printed``
    (the default) takes the tables as printed (human max 2, 5, 7, 10, 15; points 2, 5, 7, 10,
    15), ``formula`` computes them from the human base maximum 3 (3, 5, 7, 10, 15; 2, 4, 6, 9, 14).
    """
    if mode not in POWER_TABLES:
        raise ValueError(f"power tables are {' or '.join(POWER_TABLES)}, not {quoted(mode)}")
    human = morphology.key == "humain"
    if mode == "printed" and human:
        maximum, points = level.human_max, level.faculty_points
    else:
        maximum = int(morphology.formula_maximum * level.multiplier)  # floor: positive values
        mh = int(tables().natures["humain"].formula_maximum * level.multiplier)
        points = (mh * faculty_count - 4) // 4  # ⌊MH × NFC / 4 − 1⌋
    return Budgets(morphology.minimum, maximum, points, level.attribute_points, level.experience_points)


def faculty_range(morphology: Nature) -> tuple[int, int]:
    """The levels a faculty of ``morphology`` may take when the GM changes it after creation
    (ruling E35, bounded as every number is, BD4): from the nature's minimum (a human's −1,
    §Facultés L206: below it "sévèrement handicapé") to the highest maximum any power level gives
    it (a human's 15 at Super-épique, §Procédure standard step 2, whichever power tables are used).
    The creation budgets themselves still do not apply (E35)."""
    highest = max(budgets(level, morphology, mode).faculty_maximum for level in tables().powers for mode in POWER_TABLES)
    return morphology.minimum, highest


def faculty_points_spent(faculties: Mapping[str, int], morphology: Nature) -> int:
    """Points a distribution costs: each level above the nature's normal costs 1, each level
    below gives 1 back (the design note's "one faculty at max, one at −1, the others at 0")."""
    return sum(value - morphology.normal[name] for name, value in faculties.items())
