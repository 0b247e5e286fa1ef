"""Cartes, Elor and MicroFudge name what a refusal tells a person to type in backticks, as the
spine does (ruling EB57 after EB55 and EB35): "`--defence` takes `dodge`, `parry` or `none`",
never "--defence takes dodge, parry or none". Western Parade's modules follow in their own round."""

from __future__ import annotations

import re

import pytest
from elor_table import refused_in_one_line, tolosa
from test_spine_round29 import ROOT, bare_options

# The four games, brought to EB55's convention by EB57.
GAMES = re.compile(r"cli/(cartes|elor|microfudge|westernparade)[^/]*\.py$|domain/rulesets/(cartes|elor|microfudge|westernparade)/")


def test_no_refusal_of_any_game_names_an_option_to_type_bare_ruling_eb57() -> None:
    # The round-29 review: 33 strings of these games still said "give --target-size and
    # --distance", "(--healer)", "abridge with --agreed", bare, where the spine's say "give
    # `--limit` too" (EB55).
    games = [
        path
        for folder in ("cli", "domain")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if GAMES.search(path.relative_to(ROOT).as_posix())
    ]
    assert len({path.parent.name for path in games}) == 5  # cli and the four games' folders: none missed
    bare = [f"{path.relative_to(ROOT)}:{line}" for path in games for line in bare_options(path.read_text(encoding="utf-8"))]
    assert bare == []


def test_the_check_skips_the_commands_kept_for_to_type_ruling_eb57() -> None:
    # Cartes keeps its examples of `xp spend` to give to `to_type` when it refuses; they are put in
    # backticks there, so a name ending in _TO_TYPE marks them, and nothing else is skipped.
    source = (
        '_EXAMPLES_TO_TYPE = {"speciality": "speciality Contact --speciality Parade"}\n'
        '_EXAMPLES = {"speciality": "name it --speciality Parade"}\n'
    )
    assert bare_options(source) == ["2: name it --speciality Parade"]


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (("test", "Tolosa", "Samson", "-f", "P", "--applies", "most"), "error: `--applies` takes `full`, `partial` or `none`, not “most”"),
        (
            ("attack", "Tolosa", "Samson", "Montana James", "-w", "Hache", "--defence", "duck"),
            "error: `--defence` takes `dodge`, `parry` or `none`, not “duck”",
        ),
        (
            ("attack", "Tolosa", "Samson", "Montana James", "-w", "Hache", "--distance", "20"),
            "error: `--target-size`, `--distance`, `--target-speed`, `--angle`, `--hyperbolic` and `--erratic` go with `--ranged`",
        ),
        (
            ("attack", "Tolosa", "Samson", "Montana James", "-w", "Hache", "--ranged", "--distance", "20"),
            "error: a ranged attack takes its difficulty from the target's size and distance: give `--target-size` and `--distance`",
        ),
        (
            ("long-action", "start", "Tolosa", "Samson", "hunt", "--degrees", "2", "--manual", "--in-scene"),
            "error: `--manual` and `--in-scene` are two different paces: choose one",
        ),
    ],
    ids=["applies", "defence", "range without ranged", "ranged without size", "two paces"],
)
def test_an_elor_refusal_names_the_option_and_its_values_to_type_in_backticks_ruling_eb57(
    db: str, line: tuple[str, ...], said: str
) -> None:
    # §Tests (the faculty applies "totalement, partiellement"), §Défense, §Attaque à distance and
    # §Actions longues: each refusal names what to type in backticks, as EB42 now has it for Elor.
    tolosa(db)
    assert refused_in_one_line(db, "elor", *line) == said
