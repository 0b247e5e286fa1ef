"""A sheet of another game given to a campaign is named for what it is (ruling EB37): a Cartes
sheet on an Elor campaign listed five problems ("sheet skills: not part of this game's sheet", …),
none of them saying the sheet was another game's."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import SAMPLES, refused_cleanly, run

# Each game's sample sheet, and the campaign's game it is given to.
GIVEN = [
    ("alice.toml", "Cartes", "elor", "Elor"),
    ("elor_montana.toml", "Elor", "western-parade", "Western Parade"),
    ("mf_jim.toml", "MicroFudge CECJ", "cartes", "Cartes"),
    ("wp_joe.toml", "Western Parade", "microfudge", "MicroFudge CECJ"),
]


@pytest.mark.parametrize(("sheet", "its_game", "ruleset", "title"), GIVEN)
def test_a_sheet_of_another_game_is_refused_naming_its_game_ruling_eb37(
    db: str, sheet: str, its_game: str, ruleset: str, title: str
) -> None:
    run(db, "campaign", "new", "Tolosa", "--ruleset", ruleset)
    said = refused_cleanly(db, "character", "new", "Tolosa", "--sheet", str(SAMPLES / sheet))
    assert said == f"error: this is a sheet of {its_game}, and Tolosa plays {title}: give a sheet of {title}"


def test_a_sheet_of_this_game_with_a_problem_still_says_its_problem_ruling_eb37(db: str, tmp_path: Path) -> None:
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes")
    given = tmp_path / "alice.toml"
    given.write_text('colour = "red"\n' + (SAMPLES / "alice.toml").read_text(encoding="utf-8"), encoding="utf-8")
    said = refused_cleanly(db, "character", "new", "Verdelune", "--sheet", str(given))
    assert said == "error: invalid Cartes sheet: colour: not part of this game's sheet"
