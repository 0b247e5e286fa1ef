"""MicroFudge CECJ, the round-26 review's fixes: an Atout refused for want of Atouts names what it
was to buy (L127-L131, L745-L765; ruling M154); a cover takes cards off the attackers in a fight
and adds defence cards only to the target of a shot, never both (L369, L425; ruling M153, refining
M18); a Streamlined character receives at most 3 experience Atouts for a complete adventure (L717;
ruling M155). Seed: ``shared/seeds/000_ddedeb0fd946e2d7.txt`` (Lnnn its lines); digest:
``shared/rules/microfudge-cecj.md``. The command-line tests run the real app on a real journal."""

from __future__ import annotations

from pathlib import Path

import pytest
from microfudge_table import cli, log, refused, table
from test_microfudge_playtest_round15 import _mines

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.microfudge.conflict import Side, draw, start_sequence
from chronique.domain.rulesets.microfudge.play import award, award_session_end, end_adventure, spend_atout

A = {"name": "A", "status": "hero", "ranks": {"Tir": 4}}
B = {"name": "B", "status": "hero", "ranks": {"Combat": 4}}
VERA = {"name": "Vera", "status": "hero", "procedure": "streamlined", "ranks": {"Pilotage": 5}}
JIM = 'name = "Jim"\nstatus = "hero"\n[ranks]\nTir = 4\n'
HARVEY = 'name = "Harvey"\nstatus = "hero"\n[ranks]\nCombat = 3\n'
VERA_SHEET = 'name = "Vera"\nstatus = "hero"\nprocedure = "streamlined"\n[ranks]\nPilotage = 5\n'


# -- 1. an Atout spent with none left names its use (L127-L131, L745-L765; ruling M154) ------------


@pytest.mark.parametrize(
    ("use", "words"),
    [
        ("narrative", "narrative control"),
        ("monologue", "a monologue"),
        ("arrive-in-time", "arriving just in time"),
        ("save-your-skin", "saving their skin"),
    ],
)
def test_an_Atout_spent_with_none_left_names_what_it_was_to_buy_L745_L765_ruling_M154(use: str, words: str) -> None:
    # «4 – Utilisation créative des Atouts» L745-L765, «Sauver sa peau» L127-L131: the refusal
    # once read "A has 0 experience and 0 reserve Atouts; this costs 1 Atout", the use unsaid.
    world = table(sheets=[A])
    for _ in range(world.character("A").condition["atouts"]["reserve"]):
        spend_atout(world, "A", "narrative")
    with pytest.raises(RuleViolation) as refusal:
        spend_atout(world, "A", use)
    assert str(refusal.value) == f"A has 0 experience and 0 reserve Atouts; {words} costs 1 Atout"


def test_through_the_cli_narrative_control_refused_names_it_L745_ruling_M154(db: str, tmp_path: Path) -> None:
    _mines(db, tmp_path, JIM)
    held = 11 - 2  # a hero's 11 Atouts (L85-L91), 2 spent raising Tir from Faible to Moyen
    for _ in range(held):
        cli(db, "microfudge", "atout", "spend", "Mines", "Jim", "narrative")
    said = refused(db, "Mines", "microfudge", "atout", "spend", "Mines", "Jim", "narrative", "--note", "a cousin in town")
    assert said == "error: Jim has 0 experience and 0 reserve Atouts; narrative control costs 1 Atout"


# -- 2. cover: off the attacker in a fight, defence cards against a shot (L369, L425; M153) --------


def test_a_cover_in_a_fight_takes_cards_off_the_attacker_not_defence_cards_Modificateurs_L425_ruling_M153() -> None:
    # L425: "Couverture : de -1 à -2 cartes" for whoever attacks an opponent in cover; the code
    # once gave the covered side a defence card instead, the reading L369 keeps for a shot.
    world = table(sheets=[A, B])
    start_sequence(world, ["A", "B"])
    result = draw(world, [Side("A", "Tir"), Side("B", "Combat", extra_defence={"cover": 1})])
    assert result.sides["A"]["pool"] == 3 and result.sides["A"]["modifiers"] == {"cover": -1}
    assert len(result.sides["A"]["attack"]["B"]["cards"]) == 3
    assert result.sides["B"]["defence"]["cards"] == [] and result.sides["B"]["pool"] == 4


def test_a_cover_against_a_shot_adds_defence_cards_and_leaves_the_shooter_s_Combat_a_distance_L369_ruling_M153() -> None:
    # L369: "Une bonne couverture permet généralement à la cible de bénéficier de 1 ou 2 cartes de
    # Défense supplémentaires", the target of a shot (its range cards given); never both (A8).
    world = table(sheets=[A, B])
    start_sequence(world, ["A", "B"])
    result = draw(world, [Side("A", "Tir"), Side("B", "Combat", extra_defence={"cover": 1, "range": 5})])
    assert result.sides["A"]["pool"] == 4 and "cover" not in result.sides["A"]["modifiers"]
    assert len(result.sides["B"]["defence"]["cards"]) == 6 and result.sides["B"]["defence"]["extra"] == {"cover": 1, "range": 5}


def test_a_side_all_in_defence_loses_nothing_to_a_cover_and_more_than_two_is_refused_in_a_fight_L425_ruling_M153() -> None:
    world = table(sheets=[A, B])
    start_sequence(world, ["A", "B"])
    before = len(world.decks["conflict"].pending_events)
    with pytest.raises(RuleViolation) as refusal:
        draw(world, [Side("A", "Tir"), Side("B", "Combat", extra_defence={"cover": 3})])
    assert str(refusal.value) == (
        "B's cover takes 1 or 2 cards off each attack on B (L425), not 3: "
        "only the target of a shot, its range given, draws more defence cards for cover (L369)"
    )
    assert len(world.decks["conflict"].pending_events) == before
    result = draw(world, [Side("A", "Tir", defence=4), Side("B", "Combat", extra_defence={"cover": 2})])
    assert result.sides["A"]["pool"] == 4 and "cover" not in result.sides["A"]["modifiers"]


def test_through_the_cli_a_cover_in_a_fight_reads_on_the_attacker_s_cards_L425_ruling_M153(db: str, tmp_path: Path) -> None:
    _mines(db, tmp_path, JIM, HARVEY)
    cli(db, "microfudge", "sequence", "Mines", "Jim", "Harvey", "--safe")
    said = cli(db, "microfudge", "conflict-card", "Mines", "--side", "Jim:Tir:Harvey=3", "--side", "Harvey:Combat:Jim=3,cover=1")
    jim, harvey = said.splitlines()[:2]
    assert jim.startswith("Jim (3 cards: Tir Moyen (4), opponent's cover −1): attacks Harvey with ")
    assert harvey.startswith("Harvey (3 cards: Combat Médiocre (3)): attacks Jim with ") and "cover" not in harvey
    assert [e["modifiers"] for e in log(db, "Mines", "ConflictCardsDrawn")] == [{"cover": -1}, {}]


# -- 3. at most 3 Atouts for a complete adventure, Streamlined (L717; ruling M155) -----------------


def test_a_streamlined_character_s_session_awards_stop_at_3_for_the_adventure_Streamlined_L717_ruling_M155() -> None:
    # L717: "Pour une aventure complète, les personnages ne devraient, en principe, jamais recevoir
    # plus de 3 Atouts." Two a session once gave Vera 6 in three sessions; the CECJ Jim has no bound.
    jim = {"name": "Jim", "status": "hero", "ranks": {"Tir": 4}}
    world = table(sheets=[VERA, jim], settings={"session_award": 2})
    for _ in range(3):
        award_session_end(world)  # what each session's end gives (L213-L215)
    assert world.character("Vera").condition["atouts"]["experience"] == 3
    assert world.character("Jim").condition["atouts"]["experience"] == 6
    with pytest.raises(RuleViolation) as refusal:
        award(world, "Vera", 1, "")
    assert str(refusal.value) == (
        "Vera has received 3 experience Atouts in this adventure and may receive no more: a Streamlined character receives "
        "at most 3 for a complete adventure (L717); end the adventure first (`microfudge adventure-end`), or give them beyond "
        "that principle (`--beyond-the-adventure`)"
    )
    award(world, "Vera", 1, "a daring rescue", beyond_the_adventure=True)  # "en principe": the Narrator may
    assert end_adventure(world, "the mine") == ["Vera"]
    award(world, "Vera", 3, "")
    assert world.character("Vera").condition["atouts"]["experience"] == 7


def test_through_the_cli_the_adventure_ends_and_the_sheet_counts_its_awards_L717_ruling_M155(db: str, tmp_path: Path) -> None:
    _mines(db, tmp_path, VERA_SHEET)
    cli(db, "microfudge", "atout", "award", "Mines", "Vera", "2")
    assert "this adventure: 2 experience Atouts received; may receive only 1 more (L717)" in cli(db, "sheet", "Mines", "Vera")
    said = refused(db, "Mines", "microfudge", "atout", "award", "Mines", "Vera", "2")
    assert said.startswith("error: Vera has received 2 experience Atouts in this adventure and may receive only 1 more: ")
    assert cli(db, "microfudge", "adventure-end", "Mines", "--note", "the mine") == (
        "the adventure ends: Vera may receive 3 experience Atouts in the next (L717)\n"
    )
    cli(db, "microfudge", "atout", "award", "Mines", "Vera", "3")
    assert "this adventure: 3 experience Atouts received; may receive no more (L717)" in cli(db, "sheet", "Mines", "Vera")
    cli(db, "microfudge", "atout", "award", "Mines", "Vera", "1", "--beyond-the-adventure")
    assert log(db, "Mines", "AtoutsAwarded")[-1]["reason"] == "beyond the 3 of the adventure (L717)"


def test_adventure_end_without_a_streamlined_character_is_refused_L717_ruling_M155(db: str, tmp_path: Path) -> None:
    _mines(db, tmp_path, JIM)
    said = refused(db, "Mines", "microfudge", "adventure-end", "Mines")
    assert said == "error: Mines has no Streamlined character: the bound of 3 Atouts per adventure is theirs only (L717)"
