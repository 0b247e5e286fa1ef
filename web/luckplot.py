"""Luck as a picture a phone can read: one row per player, character or session, its successes
as a bar, the successes its exact odds expected as a mark, one standard deviation either side as
a whisker. Pure geometry for the SVG template (``luck.html.j2``); the figures are the ``luck``
command's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from chronique.domain.luck import Tally

WIDTH = 320
"""The drawing's width in its own units: the SVG scales to the screen (viewBox)."""
ROW = 34
LABEL = 110
_PLOT = WIDTH - LABEL - 10


@dataclass(frozen=True)
class LuckRow:
    """One row of the picture, in drawing units, with the words said beside it."""

    label: str
    y: int
    bar: float
    expected: float
    low: float
    high: float
    words: str


@dataclass(frozen=True)
class LuckPlot:
    """The rows and the drawing's height; ``scale`` is the number of successes at full width."""

    rows: tuple[LuckRow, ...]
    height: int
    scale: int
    width: int = WIDTH
    left: int = LABEL


def plot(tallies: Mapping[Any, Tally]) -> LuckPlot:
    """The picture of ``tallies`` (as ``Chronique.luck`` gives them)."""
    scale = max((max(t.observed, float(t.expected) + t.spread) for t in tallies.values()), default=1.0)
    scale = max(1, int(scale + 0.999))

    def x(successes: float) -> float:
        return round(LABEL + _PLOT * min(max(successes, 0.0), scale) / scale, 1)

    rows = []
    for index, (key, t) in enumerate(tallies.items()):
        expected = float(t.expected)
        words = f"{t.observed} of {t.draws} succeeded, {expected:.1f} expected: {t.how_unusual()}"
        rows.append(LuckRow(str(key), index * ROW, x(t.observed), x(expected), x(expected - t.spread), x(expected + t.spread), words))
    return LuckPlot(tuple(rows), max(ROW, ROW * len(rows)), scale)
