"""MicroFudge CECJ, round 25 play-test (c): a draw asking more cards than the conflict deck holds
names the count that asks most, a cover's (L307, L369; ruling M149); an empty name before "=" in
a side is said as such (ruling M150); a shot beyond a weapon's reach names the weapons the range
table's footnotes ask for (L375-L397, L955-L977; ruling M151); a raise refused for too few Atouts
names the raise and counts its price in Atouts (L119-L125, L213, L713-L731; ruling M152). Seed:
``shared/seeds/000_ddedeb0fd946e2d7.txt`` (Lnnn its lines); digest:
``shared/rules/microfudge-cecj.md``. The command-line tests run the real app on a real journal."""

from __future__ import annotations

from pathlib import Path

import pytest
from microfudge_table import cli, refused, table
from test_microfudge_playtest_round15 import _mines

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.microfudge.conflict import Side, draw, start_sequence
from chronique.domain.rulesets.microfudge.play import raise_characteristic
from chronique.domain.rulesets.microfudge.rules import range_defence

A = {"name": "A", "status": "hero", "ranks": {"Tir": 4}}
B = {"name": "B", "status": "hero", "ranks": {"Combat": 4}}
JIM = 'name = "Jim"\nstatus = "hero"\n[ranks]\nTir = 4\n'
HARVEY = 'name = "Harvey"\nstatus = "hero"\n[ranks]\nCombat = 3\n'


# -- 1. a cover larger than the deck (L307, L369; ruling M149) --------------------------------------


def test_a_draw_beyond_the_deck_names_the_cover_that_asks_most_L307_L369_ruling_M149() -> None:
    # L369: "Une bonne couverture permet généralement … 1 ou 2 cartes de Défense supplémentaires";
    # L307: the deck has 40 cards. A cover of 99 read "this draw deals more than the 40 cards of the
    # conflict deck", the cover unsaid, and only once some cards were dealt.
    world = table(sheets=[A, B])
    start_sequence(world, ["A", "B"])
    before = len(world.decks["conflict"].pending_events)
    with pytest.raises(RuleViolation) as refusal:
        # The target of a shot (range given): away from one a cover is 1 or 2 off the attacker (L425, M153).
        draw(world, [Side("A", "Tir", attack={"B": 4}), Side("B", "Combat", attack={"A": 4}, extra_defence={"cover": 99, "range": 2})])
    assert str(refusal.value) == (
        "this draw asks 109 cards, more than the 40 of the conflict deck (L307): B's cover alone asks 99 (a good cover gives 1 or 2, L369)"
    )
    assert len(world.decks["conflict"].pending_events) == before  # refused before a card is dealt


def test_through_the_cli_a_cover_of_99_is_refused_naming_the_cover_nothing_recorded_L369_ruling_M149(db: str, tmp_path: Path) -> None:
    _mines(db, tmp_path, JIM, HARVEY)
    cli(db, "microfudge", "sequence", "Mines", "Jim", "Harvey")
    said = refused(
        db,
        "Mines",
        "microfudge",
        "conflict-card",
        "Mines",
        "--side",
        "Jim:Tir:Harvey=4",
        "--side",
        "Harvey:Combat:Jim=3,cover=99,range=pistol@3",
    )
    assert said == (
        "error: this draw asks 108 cards, more than the 40 of the conflict deck (L307): "
        "Harvey's cover alone asks 99 (a good cover gives 1 or 2, L369)"
    )


# -- 2. nothing before "=" in a side (ruling M150) --------------------------------------------------


@pytest.mark.parametrize("item", ["=", "=3", " =2"])
def test_an_empty_name_before_equals_in_a_side_is_said_so_ruling_M150(db: str, tmp_path: Path, item: str) -> None:
    # "…,=" once read "= is missing a whole number of cards", "=3" "the name of the character is
    # missing": the name of an opponent or an option is what is missing.
    _mines(db, tmp_path, JIM, HARVEY)
    cli(db, "microfudge", "sequence", "Mines", "Jim", "Harvey")
    side = f"Jim:Tir:Harvey=4,{item}"
    said = refused(db, "Mines", "microfudge", "conflict-card", "Mines", "--side", side, "--side", "Harvey:Combat:Jim=3")
    typed = item.strip()
    assert said == f"error: “{typed}” is missing what comes before its =: an opponent's name or an option, in “{side}”"


# -- 3. a shot beyond a weapon's reach (L375-L397; ruling M151) -------------------------------------


@pytest.mark.parametrize(
    ("weapon", "metres", "words"),
    [
        ("pistol", 120, "a pistol cannot shoot at Extrême (120 m): it needs a carbine or a rifle (L375-L397)"),
        ("carbine", 200, "a carbine cannot shoot at Loin (200 m): it needs a rifle or a heavy weapon (L375-L397)"),
        ("rifle", 300, "a rifle cannot shoot at Très loin (300 m): it needs a heavy weapon (L375-L397)"),
        ("heavy", 6000, "a heavy weapon cannot shoot at Régionale (6000 m): it needs a spaceship's weapon (L375-L397)"),
    ],
)
def test_a_shot_beyond_reach_names_the_weapon_the_footnotes_ask_L395_L397_ruling_M151(weapon: str, metres: int, words: str) -> None:
    # L395 "(1) Carabine & Fusil requis" at Extrême, L397 "(2) Fusil requis" at Loin; farther, the
    # columns of heavy and vehicle weapons (to District) and of spaceships (L375-L393).
    with pytest.raises(RuleViolation) as refusal:
        range_defence(weapon, metres)
    assert str(refusal.value) == words


def test_through_the_cli_a_pistol_at_120_m_is_refused_naming_a_carbine_or_a_rifle_L395_ruling_M151(db: str, tmp_path: Path) -> None:
    _mines(db, tmp_path, JIM, HARVEY)
    cli(db, "microfudge", "sequence", "Mines", "Jim", "Harvey")
    sides = ("--side", "Jim:Tir:Harvey=4", "--side", "Harvey:Combat:def=3,range=pistol@120")
    said = refused(db, "Mines", "microfudge", "conflict-card", "Mines", *sides)
    assert said == "error: a pistol cannot shoot at Extrême (120 m): it needs a carbine or a rifle (L375-L397)"


# -- 4. a raise refused for too few Atouts (L713-L731, L119-L125; ruling M152) ----------------------


def test_a_streamlined_raise_refused_names_the_raise_and_its_price_in_Atouts_L719_L731_ruling_M152() -> None:
    # L719-L731: an aptitude from Moyen to Bon costs 6 × 3 = 18 Atouts. It read "Lena has 0
    # experience and 0 reserve Atouts; this costs 18", neither the raise nor what 18 counts said.
    lena = {"name": "Lena", "status": "hero", "procedure": "streamlined", "ranks": {"Pilotage": 5, "Télékinésie": 4, "Conscience": 3}}
    world = table(sheets=[lena], session=False)
    with pytest.raises(RuleViolation) as refusal:
        raise_characteristic(world, "Lena", "Esprit")
    assert str(refusal.value) == "Lena has 0 experience and 3 reserve Atouts; raising Esprit from Moyen (4) to Bon (5) costs 18 Atouts"
    with pytest.raises(RuleViolation) as refusal:
        raise_characteristic(world, "Lena", "Esprit", pool="reserve")
    assert str(refusal.value) == "Lena has 3 reserve Atouts; raising Esprit from Moyen (4) to Bon (5) costs 18 Atouts"
