"""Sample sheets and sheet problems, for all four games (issue 14), through the real CLI in-process
(``support.run``) on a real SQLite file and a real PostgreSQL database.

Every sample sheet of ``cli/samples`` makes a character by its game's creation rules, and a sheet
with three problems is refused with all three named at once: a line counting them, then one line
each, exit 2, nothing recorded.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from support import SAMPLES, run, stored

from chronique.domain.errors import SheetProblems
from chronique.domain.rulesets import ruleset

# The campaign's game -> the sample sheets that make its party (and NPCs).
PARTIES = {
    "cartes": ("alice", "bruno", "brigand"),
    "elor": ("elor_samson", "elor_montana"),
    "microfudge": ("mf_jim", "mf_harvey", "mf_zombie"),
    "western-parade": ("wp_sam", "wp_joe", "wp_doc", "wp_siringo"),
}


def sample(name: str) -> dict[str, Any]:
    """A sample sheet of cli/samples, as data to break."""
    return tomllib.loads((SAMPLES / f"{name}.toml").read_text(encoding="utf-8"))


def test_every_sample_sheet_is_listed_for_its_game() -> None:
    assert {path.stem for path in SAMPLES.glob("*.toml")} == {name for names in PARTIES.values() for name in names}


def test_every_sample_sheet_opens_with_a_comment_citing_the_rules() -> None:
    for path in SAMPLES.glob("*.toml"):
        lines = path.read_text(encoding="utf-8").splitlines()
        opening = lines[: next(i for i, line in enumerate(lines) if not line.startswith("#"))]
        assert opening and "§" in " ".join(opening), path.name


@pytest.mark.parametrize("game", list(PARTIES))
def test_each_game_s_sample_sheets_make_a_party_by_its_creation_rules(db: str, game: str) -> None:
    # The creation rules each sheet is checked against: cartes.md §2.3, elor.md §2.8,
    # microfudge-cecj.md §2.3 and §2.6, western-parade.md §1 (chapter 1 of the seed).
    run(db, "campaign", "new", "Samples", "--ruleset", game)
    names = []
    for name in PARTIES[game]:
        out = run(db, "character", "new", "Samples", "--sheet", str(SAMPLES / f"{name}.toml")).stdout
        names.append(sample(name)["name"])
        assert out.startswith(f"{names[-1]} joined the campaign")
    for name in names:
        assert json.loads(run(db, "sheet", "Samples", name, "--json").stdout)["sheet"]["name"] == name


def with_changes(sheet: dict[str, Any], changes: list[tuple[tuple[str, ...], Any]]) -> dict[str, Any]:
    """``sheet`` with each ``(path, value)`` set, a path being the keys down to the field."""
    for path, value in changes:
        table = sheet
        for key in path[:-1]:
            table = table.setdefault(key, {})
        table[path[-1]] = value
    return sheet


# game -> (its title, the sample to spoil, three changes each breaking one rule, with the
# message that names it).
PROBLEMS: dict[str, tuple[str, str, list[tuple[tuple[str, ...], Any, str]]]] = {
    # cartes.md §2.3 (PROPOSAL: characteristics 1..13; skills from the catalogue, A3); a hand is a card count.
    "cartes": (
        "Cartes",
        "alice",
        [
            (("characteristics", "Carrure"), 14, "characteristics: Carrure must be 1..13, not 14"),
            (("hand",), -1, "hand: "),
            (("skills", "Piano"), 4, "skills: skill Piano is not in the catalogue: give its characteristic"),
        ],
    ),
    # elor.md §2.8 at Normal power: 2 faculty points, 1 attribute point; §2.5: one grant per profession level.
    "elor": (
        "Elor",
        "elor_samson",
        [
            (("faculties", "M"), 0, "the faculties use 3 points; Normal power gives 2"),
            (("attributes", "Griffes"), 1, "the attributes cost 2 points; there are 1 + 0 from negative ones"),
            (("prowesses", "Coup de hache"), 1, "2 profession levels grant 2 familiarities or prowesses, the sheet lists 3"),
        ],
    ),
    # microfudge-cecj.md §2.3: the statuses; only Streamlined lowers an aptitude (§2.5); Exceptionnel is the human maximum (§1.2).
    "microfudge": (
        "MicroFudge",
        "mf_jim",
        [
            (("status",), "demigod", "the status is one of average, hero, expert, angry-mother (or give atouts = N), not “demigod”"),
            (("ranks", "Esprit"), 1, "only Streamlined aptitudes may be lowered at creation (from Faible to Lamentable)"),
            (("ranks", "Tir"), 8, "Tir 8 is above Exceptionnel (7), the human maximum"),
        ],
    ),
    # western-parade.md §1.6.13 (EXP at most the age), §1.13 (Table 1.8 equipment cap), chapter 5 weapons.
    "western-parade": (
        "Western Parade",
        "wp_sam",
        [
            (("age",), 12, "EXP 13 exceeds the age 12 (§1.6.13)"),
            (("equipment_value",), 301, "the equipment is worth $301; social origin 2 allows $300"),
            (("weapons",), ["Blaster"], "no weapon “Blaster” in the tables of chapter 5"),
        ],
    ),
}


def refused(db: str, path: Path, sheet: dict[str, Any]) -> str:
    """What ``character new`` prints refusing ``sheet`` (written to ``path``) on the campaign
    "Samples": exit 2, nothing on stdout, nothing recorded."""
    path.write_text(json.dumps(sheet), encoding="utf-8")
    before = stored(db)
    result = run(db, "character", "new", "Samples", "--sheet", str(path), check=False)
    assert (result.returncode, result.stdout) == (2, ""), result.stderr
    assert stored(db) == before
    return result.stderr


@pytest.mark.parametrize("game", list(PROBLEMS))
def test_a_sheet_with_three_problems_reports_all_three_at_once(db: str, tmp_path: Path, game: str) -> None:
    title, base, changes = PROBLEMS[game]
    run(db, "campaign", "new", "Samples", "--ruleset", game)
    error = refused(db, tmp_path / "three.json", with_changes(sample(base), [(path, value) for path, value, _ in changes]))
    head, *lines = error.splitlines()
    assert head == f"error: the {title} sheet has 3 problems:"
    assert len(lines) == 3 and all(line.startswith("  ") for line in lines), error
    for _, _, message in changes:
        assert sum(line.strip().startswith(message) for line in lines) == 1, (message, error)


@pytest.mark.parametrize("game", list(PROBLEMS))
def test_each_of_those_problems_alone_is_one_line_with_its_own_message(db: str, tmp_path: Path, game: str) -> None:
    _, base, changes = PROBLEMS[game]
    run(db, "campaign", "new", "Samples", "--ruleset", game)
    for path, value, message in changes:
        error = refused(db, tmp_path / f"{'-'.join(path)}.json", with_changes(sample(base), [(path, value)]))
        assert error.startswith("error: ") and error.count("\n") == 1 and message in error, error


def test_a_microfudge_rank_in_words_is_a_problem_named_with_the_others_ladder_L93_L103() -> None:
    # Ranks are the ladder's values (microfudge-cecj.md §1.2); a word there is named, not a crash,
    # and the Atouts are not totalled without it.
    with pytest.raises(SheetProblems) as refused:
        ruleset("microfudge").new_character(with_changes(sample("mf_jim"), [(("ranks", "Tir"), "Bon"), (("ranks", "Combat"), 9)]))
    assert refused.value.problems == (
        "the rank of Tir is a whole number (2 Faible, 4 Moyen, 7 Exceptionnel...), not “Bon”",
        "Combat 9 is above Exceptionnel (7), the human maximum",
    )


# A blank name in each game's words: MicroFudge's sheet checks it itself.
BLANK_NAME = {game: "name: blank: give it a name or a word" for game in PARTIES} | {"microfudge": "a character needs a name"}


@pytest.mark.parametrize("game", list(PARTIES))
def test_a_sheet_s_type_errors_read_in_the_players_words_not_pydantic_s(game: str) -> None:
    # A name left blank, a field no game knows, a table given as a word: pydantic says "String
    # should have at least 1 character", "Extra inputs are not permitted", "Input should be a
    # valid dictionary".
    raw = sample(PARTIES[game][0])
    table = next(key for key, value in raw.items() if isinstance(value, dict))
    with pytest.raises(SheetProblems) as refused:
        ruleset(game).new_character(raw | {"name": "  ", "colour": "red", table: "none"})
    # Each line as the game leads it ("sheet name: ..." on Elor's and Western Parade's sheets).
    said = [line.removeprefix("sheet ") for line in refused.value.problems]
    assert sorted(said) == sorted([BLANK_NAME[game], f"{table}: should be a table, not “none”", "colour: not part of this game's sheet"])
