"""MicroFudge CECJ, round 25 play-test (b): a side all in defence facing several opponents draws
its defence without being told to split attack cards it has none of (L309, L331, A15; ruling
M148); a power refused for its rank names the load and time, or the masking, that set that rank
(L586-L605, L617; ruling M146); the campaign's settings quote the seed in typographic quotes and
print penalties with a minus sign (L341; ruling M147). Seed:
``shared/seeds/000_ddedeb0fd946e2d7.txt`` (Lnnn its lines); digest:
``shared/rules/microfudge-cecj.md``. The command-line tests run the real app on a real journal."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from microfudge_table import cli, table
from test_microfudge_critical_state import scripted
from test_microfudge_playtest_round15 import _mines

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.microfudge.conflict import Side, draw, start_sequence
from chronique.domain.rulesets.microfudge.powers import Telekinesis, use_power

A = {"name": "A", "status": "hero", "ranks": {"Tir": 4}}
B = {"name": "B", "status": "hero", "ranks": {"Combat": 4}}
C = {"name": "C", "status": "hero", "ranks": {"Athlétisme": 3}}


# -- 1. all in defence against several opponents («Jeu défensif» L331; L309; A15; ruling M148) ------


@pytest.mark.parametrize("extra", [{}, {"range": 2}])
def test_a_side_all_in_defence_against_two_opponents_draws_Jeu_defensif_L331_L309(extra: dict[str, int]) -> None:
    # L309 asks a participant facing several opponents to split its *attack* cards among them; C
    # puts its three cards in defence (with or without the range's cards, A15), so there is nothing
    # to split. It was refused: "C faces 2 opponents: split the attack cards among them".
    world = table(sheets=[A, B, C])
    start_sequence(world, ["A", "B", "C"])
    sides = [Side("A", "Tir", attack={"C": 4}), Side("B", "Combat", attack={"A": 2, "C": 2})]
    result = draw(world, [*sides, Side("C", "Athlétisme", defence=3, extra_defence=extra)])
    assert result.sides["C"]["attack"] == {}
    assert len(result.sides["C"]["defence"]["cards"]) == 3 + sum(extra.values())


def test_a_side_with_attack_cards_left_still_splits_them_among_two_opponents_L309() -> None:
    # The split is still asked of a side that keeps attack cards and names no target (L309).
    world = table(sheets=[A, B, C])
    start_sequence(world, ["A", "B", "C"])
    with pytest.raises(RuleViolation, match="C faces 2 opponents: split the attack cards among them"):
        draw(world, [Side("A", "Tir", attack={"C": 4}), Side("B", "Combat", attack={"A": 4}), Side("C", "Athlétisme", defence=1)])


PSY = 'name = "Psy"\nstatus = "hero"\n[ranks]\nCombat = 3\n'


def test_through_the_cli_a_target_in_defence_in_a_three_way_gunfight_draws_L331_L369_A15(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The play-test's shot at 30 m (Longue, +5 defence cards, L369): Psy runs for cover with his
    # two Athlétisme cards, all in defence, while Jim and Harvey shoot.
    _mines(db, tmp_path, 'name = "Jim"\nstatus = "hero"\n[ranks]\nTir = 4\n', 'name = "Harvey"\nstatus = "hero"\n[ranks]\nTir = 3\n', PSY)
    scripted(monkeypatch)
    cli(db, "microfudge", "sequence", "Mines", "Jim", "Harvey", "Psy")
    sides = ("--side", "Jim:Tir:Psy=4", "--side", "Harvey:Tir:Psy=3", "--side", "Psy:Athlétisme:def=2,range=pistol@30")
    said = cli(db, "microfudge", "conflict-card", "Mines", *sides)
    (psy,) = [line for line in said.splitlines() if line.startswith("Psy ")]
    assert psy.startswith("Psy (2 cards: Athlétisme Faible (2)): attacks no one; defends with ")
    cards = psy.split("defends with ")[1].split(" (range +5)")[0].split()
    assert len(cards) == 2 + 5  # Faible's two cards and Longue's five (L369)


# -- 2. the refusal names what sets the rank a power needs (L586-L605, L617; ruling M146) ------------

TK = {"name": "Tk", "status": "angry-mother", "ranks": {"Télékinésie": 5, "Esprit": 6, "Télépathie": 6}}


def test_a_telekinetic_feat_refused_names_its_load_and_time_Telekinesie_L586_L605_ruling_M146() -> None:
    # L600-L605: 20 kg needs Excellent; it read "Télékinésie needs Télékinésie Excellent (6)".
    world = table(sheets=[TK])
    with pytest.raises(RuleViolation) as refused:
        use_power(world, "Tk", "telekinesie", telekinesis=Telekinesis(20000, 1))
    assert str(refused.value) == "moving 20,000 g for 1 Sequence needs Télékinésie Excellent (6); Tk has Bon (5) (L586-L605)"


def test_a_masked_intrusion_refused_says_the_masking_raised_the_rank_L617_ruling_M146() -> None:
    # L617: masking takes one rank more; it read "Contrôle mental needs Télépathie Exceptionnel (7)"
    # to a telepath who has the Excellent the power asks for.
    world = table(sheets=[TK])
    with pytest.raises(RuleViolation) as refused:
        use_power(world, "Tk", "controle-mental", masked=True)
    assert str(refused.value) == "a masked Contrôle mental needs Télépathie Exceptionnel (7); Tk has Excellent (6) (L566, L617)"


# -- 3. the settings' words (L341; ruling M147) -----------------------------------------------------


def test_the_settings_quote_the_seed_typographically_and_print_minus_signs_L341_ruling_M147(db: str, tmp_path: Path) -> None:
    # It read "'very generous'" and "from -3 to -2": Python's quotes and a hyphen for a penalty the
    # sheet prints "(−3)".
    _mines(db, tmp_path)
    shown = json.loads(cli(db, "campaign", "settings", "Mines", "--json"))
    (schedule,) = [s for s in shown["settings"] if s["key"] == "deep_wound_schedule"]
    assert "“très généreux” (very generous)" in schedule["rulebook"]
    assert "from −3 to −2, two weeks to −1" in schedule["rulebook"]
    for setting in shown["settings"]:  # an apostrophe ("the vehicle's") is a word's, no quote
        assert not re.search(r"(^|\s)'|\s-\d", setting["rulebook"]), setting["rulebook"]
