"""The MicroFudge CECJ play-test's ninth round, through the real command line over a real journal
(both backends), the cards scripted: a side named by its members, and a name left empty
(``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn its lines; digest ``shared/rules/microfudge-cecj.md``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from microfudge_table import refused
from support import SAMPLES, log_details, run
from test_microfudge_critical_state import scripted
from test_microfudge_fidelity_cli import campaign, cli, log

from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.describe import achieves

MIA = 'name = "Mia"\nstatus = "hero"\n[ranks]\nCombat = 5\n'
ZOE = 'name = "Zoe"\nstatus = "hero"\n[ranks]\nCombat = 4\n'
GHOUL = 'name = "Ghoul"\nnpc = true\nstatus = "average"\n[ranks]\nCombat = 3\n'


# -- 1. A side is named by its members (L405, L411, L323; ruling M94) ----------------------------


def test_a_side_that_wins_is_named_by_its_members_on_the_table_the_log_and_the_export_Sequences_collectives_L411_L323(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", MIA, ZOE, GHOUL)
    # The shuffle of Sequence 1 puts these on top, drawn in declaration order (L311): Mia's five
    # cards on the Ghoul, one even (L307: a success), one Revers; Zoe's four and the Ghoul's three
    # all odd, no success.
    scripted(monkeypatch, stacks=[["2C", "3C", "5C", "7C", "9C", "3D", "5D", "7D", "9D", "3H", "5H", "7H"]])
    # L405: "deux personnages combattant contre trois gardes [...] poursuivent ensemble le même
    # but": Mia and Zoe are one side ("camp", L323), grouped under the key "a" the GM typed.
    cli(db, "microfudge", "sequence", "Mines", "Mia=a", "Zoe=a", "Ghoul=b", "--goal", "get past the ghoul")
    out = cli(
        db,
        "microfudge",
        "conflict-card",
        "Mines",
        "--side",
        "Mia:Combat:Ghoul=5",
        "--side",
        "Zoe:Combat:Ghoul=4",
        "--side",
        "Ghoul:Combat:Mia=3",
    )
    # L323: the side that inflicted more wins the draw; its members, "les membres de son camp" (L411).
    assert out.splitlines()[-1] == "draw 1: Mia and Zoe win the draw"
    # L323: the draw's winner may abridge; Zoe does, for her side.
    assert cli(db, "microfudge", "abridge", "Mines", "Zoe") == "the Sequence ends: Mia and Zoe achieve the goal\n"
    said = "Sequence 1 ended (abridged after the draw): Mia and Zoe achieve their goal"
    assert log_details(db, "Mines", "--kind", "SequenceEnded") == [said] * 3
    cli(db, "session", "end", "Mines")
    assert said in cli(db, "export", "session", "Mines", "1")
    ended = log(db, "Mines", ":SequenceEnded")
    assert len(ended) == 3 and all(e["side"] == ["Mia", "Zoe"] and e["winner"] == "a" for e in ended)


def test_a_side_of_one_is_named_by_its_member_and_an_ending_recorded_before_version_2_reads_as_recorded_L323() -> None:
    # Version 1 kept only the winner's key: its members are unknown, and it still reads by that key.
    state = {"at": 0, "sequence": 1, "winner": "a", "how": "abridged"}
    ev.SequenceEnded.upcast_stored(state)
    assert state["side"] == []
    assert achieves(state["winner"], state["side"]) == "a achieves their goal"
    assert achieves("a", ["Mia"]) == "Mia achieves their goal"


def test_a_Sequence_with_sides_says_who_stands_against_whom_on_the_table_the_log_and_the_sheet_L405_L411(db: str, tmp_path: Path) -> None:
    # It said "Sequence 1: Mia, Zoe, Ghoul" and "entered Sequence 1 with Mia, Zoe and Ghoul": who
    # fights beside whom (L405, L411) was nowhere but in the GM's typing.
    campaign(db, tmp_path, "Mines", MIA, ZOE, GHOUL)
    assert (
        cli(db, "microfudge", "sequence", "Mines", "Mia=a", "zoe=a", "Ghoul", "--goal", "hold") == "Sequence 1: Mia and Zoe against Ghoul\n"
    )
    assert log_details(db, "Mines", "--kind", "SequenceStarted") == ["entered Sequence 1: Mia and Zoe against Ghoul, goal: hold"] * 3
    assert "Sequence 1: Mia and Zoe against Ghoul, 0 draws so far" in " ".join(cli(db, "character", "show", "Mines", "Ghoul").split())


# -- 2. An empty name is missing, not misspelt (ruling M95) --------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("microfudge", "test", "Mines", "Mia", "Combat", "--helper", ""),
        ("microfudge", "test", "Mines", "Mia", "Combat", "--countered-by", " "),
        ("microfudge", "conflict", "Mines", "Mia", "Combat", "", "Combat"),
        ("microfudge", "sequence", "Mines", "Mia", ""),
        ("microfudge", "upper-hand", "Mines", ""),
    ],
)
def test_an_empty_name_of_a_character_is_missing_in_one_line_and_nothing_is_recorded(
    db: str, tmp_path: Path, args: tuple[str, ...]
) -> None:
    # It read "no character '' in Mines (one of Mia, Zoe, Ghoul)", as if '' were a misspelling.
    campaign(db, tmp_path, "Mines", MIA, ZOE, GHOUL)
    assert refused(db, "Mines", *args) == "error: the name of the character is missing"


def test_an_unknown_opponent_of_a_draw_is_repeated_as_typed_L309(db: str, tmp_path: Path) -> None:
    # L309: a side's attack cards go to named opponents; one typed "Nobody" read "no character 'nobody'".
    campaign(db, tmp_path, "Mines", MIA, GHOUL)
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Ghoul")
    said = refused(db, "Mines", "microfudge", "conflict-card", "Mines", "--side", "Mia:Combat:Nobody=5", "--side", "Ghoul:Combat:Mia=3")
    assert said == "error: no character “Nobody” in Mines (one of Mia, Ghoul)"


def test_an_empty_name_is_missing_in_another_game_too_Elor(db: str) -> None:
    # Every lookup by name goes through domain/names.py: Elor's `long-action start --helper ''` too.
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor", "--start", "Day 1 08:00")
    run(db, "character", "new", "Tolosa", "--sheet", str(SAMPLES / "elor_samson.toml"))
    run(db, "session", "start", "Tolosa")
    args = ("elor", "long-action", "start", "Tolosa", "Samson", "lift the gate", "--degrees", "4", "-f", "P", "--helper", "")
    assert refused(db, "Tolosa", *args) == "error: the name of the character is missing"


# -- 3. A vehicle's size outside a ram (L429, L538-L552; ruling M96) -----------------------------


@pytest.mark.parametrize("manoeuvre", ["", ",chase,vehicle=sedan"])
def test_a_vehicle_s_size_outside_a_ram_is_refused_not_ignored_Categories_de_vehicules_L538_L552(
    db: str, tmp_path: Path, manoeuvre: str
) -> None:
    # L538-L552: a size sets the successes a vehicle spends per Revers to another vehicle, which
    # only a ram damages here (L429); "size=huge" in a fight or a chase once drew as if unsaid.
    campaign(db, tmp_path, "Mines", MIA, GHOUL)
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Ghoul")
    side = f"Mia:Combat:Ghoul=5,size=huge{manoeuvre}"
    said = refused(db, "Mines", "microfudge", "conflict-card", "Mines", "--side", side, "--side", "Ghoul:Combat:Mia=3")
    # Ruling M104: the sides a ram aims at may say their size too; neither rams nor is rammed here.
    assert said == "error: Mia's vehicle size counts when it rams or is rammed (L429, L538-L552)"


# -- 4. An agreement the winner does not need (L323-L325; ruling M98) ----------------------------


def test_the_winner_of_a_draw_abridges_without_an_agreement_and_one_given_is_refused_L323_L325(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", MIA, GHOUL)
    # Mia's five cards: one even, one success, one Revers on the Ghoul; the Ghoul's three all odd.
    scripted(monkeypatch, stacks=[["2C", "3C", "5C", "7C", "9C", "3H", "5H", "7H"]])
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Ghoul")
    cli(db, "microfudge", "conflict-card", "Mines", "--side", "Mia:Combat:Ghoul=5", "--side", "Ghoul:Combat:Mia=3")
    # L323: the draw's winner may end the Sequence; L325: only after a tie must the other side agree.
    said = refused(db, "Mines", "microfudge", "abridge", "Mines", "Mia", "--agreed")
    assert said == "error: Mia's side won the last draw: it abridges without the other side's agreement (L323)"
    assert cli(db, "microfudge", "abridge", "Mines", "Mia") == "the Sequence ends: Mia achieves the goal\n"
