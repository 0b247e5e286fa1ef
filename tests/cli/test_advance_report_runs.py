"""An advance's report reads a run of ticks that say the same thing as one line with its count
(a malus retried every minute): its span from the first tick to the last, or the one moment
once when every tick of the run fell at it ("Day 2 08:00 … Day 2 08:00" read as a slip). The
report's renderer on a real journal's calendar, given the ticks an advance returns."""

from __future__ import annotations

import pytest
from support import scripted_services

from chronique.adapters.services import Advanced
from chronique.cli import render
from chronique.domain.gametime import DAY, HOUR
from chronique.domain.timeline import Due, Tick

START = DAY  # Day 2 00:00


def report(db: str, capsys: pytest.CaptureFixture[str], ticks: list[Tick]) -> list[str]:
    """What the advance report prints for ``ticks`` fired between Day 2 00:00 and Day 3 00:00."""
    services = scripted_services(db)
    try:
        services.create_campaign("Verdelune", "cartes", "Day 2 00:00")
        render.advanced(services, "Verdelune", Advanced(START, START + DAY, ticks, [], recorded=True))
    finally:
        services.close()
    return capsys.readouterr().out.splitlines()[1:]


def tick(at: int, account: str, character: str = "Alice") -> Tick:
    return Tick(Due(at, character, "survival"), account)


def test_a_run_of_the_same_words_at_one_moment_names_that_moment_once(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    eight = START + 8 * HOUR
    same = [tick(eight, "Alice: survival draw, survived"), tick(eight, "Alice: survival draw, survived", "Bruno")]
    assert report(db, capsys, same) == ["  Day 2 08:00  Alice: survival draw, survived (×2)"]


def test_a_run_over_several_moments_names_its_first_and_last(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    run = [tick(START + hour * HOUR, "Alice: malus retried") for hour in (8, 9, 10)]
    other = tick(START + 11 * HOUR, "Alice: survival draw, survived")
    assert report(db, capsys, [*run, other]) == [
        "  Day 2 08:00 … Day 2 10:00  Alice: malus retried (×3)",
        "  Day 2 11:00  Alice: survival draw, survived",
    ]
