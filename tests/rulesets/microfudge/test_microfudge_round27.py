"""MicroFudge CECJ, the round-27 play-test's fixes: a crash's serious wound heals a step a week
unless the Narrator says otherwise («3 – Effets des Revers» L339-L341, «Tests hasardeux»
L353-L355; PROPOSAL A10, ruling M156, refining M5 and M57); Atouts taken back never let a
Streamlined adventure give more than 3 (L717; ruling M157, refining M155). Seed:
``shared/seeds/000_ddedeb0fd946e2d7.txt`` (Lnnn its lines); digest: ``shared/rules/microfudge-cecj.md``.
The command-line tests run the real app on a real journal."""

from __future__ import annotations

from pathlib import Path

import pytest
from microfudge_table import cli, log, refused, table
from test_microfudge_playtest_round15 import _mines

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.microfudge.play import TestRequest, award, end_adventure, roll_test

DRIVER = {"name": "Harvey", "status": "hero", "ranks": {"Pilotage": 5, "Athlétisme": 5}}
HARVEY_SHEET = 'name = "Harvey"\nstatus = "hero"\n[ranks]\nCombat = 3\n'
VERA = {"name": "Vera", "status": "hero", "procedure": "streamlined", "ranks": {"Pilotage": 5}}
VERA_SHEET = 'name = "Vera"\nstatus = "hero"\nprocedure = "streamlined"\n[ranks]\nPilotage = 5\n'


# -- 1. a crash's wound heals weekly from a Blessure sérieuse up (L339-L341, L355; A10, M156) -------


@pytest.mark.parametrize(
    ("characteristic", "faces", "severity", "healing"),
    [
        # Harvey's car against a tree (L355): Bon (5) + 1 − 2 = Moyen (4), two short of Excellent (6).
        ("Pilotage", (1, 0, -1, -1), 2, "weekly"),
        ("Conduite", (1, 0, -1, -1), 2, "weekly"),  # A21: Conduite is Pilotage
        ("Pilotage", (-1, -1, -1, -1), 3, "weekly"),
        ("Pilotage", (1, 0, 0, -1), 1, "daily"),  # a scrape: the Narrator's call, a step a day (L339)
        ("Athlétisme", (1, 0, -1, -1), 2, "daily"),  # no crash: the general rule of L339
    ],
)
def test_a_crash_s_serious_wound_heals_a_step_a_week_Tests_hasardeux_L355_Effets_des_Revers_L341_ruling_M156(
    characteristic: str, faces: tuple[int, ...], severity: int, healing: str
) -> None:
    # The seed classes blows as daily (L339) and blades, maces and firearms as weekly (L341), never
    # a crash; the digest's PROPOSAL A10 pre-selects weekly for a crash of severity 2 or more. The
    # hazardous Test once healed Harvey's Blessure sérieuse a step a day.
    world = table(*faces, sheets=[DRIVER])
    assert roll_test(world, "Harvey", TestRequest(characteristic, 6, hazardous=True)).setbacks == severity
    (wound,) = world.character("Harvey").condition["setbacks"]
    assert (wound["severity"], wound["healing"]) == (severity, healing)


def test_the_Narrator_s_healing_still_decides_a_crash_Effets_des_Revers_L341_ruling_M156() -> None:
    # L341: "le Narrateur reste libre de fixer le temps de récupération": a said --healing wins.
    world = table(1, 0, -1, -1, sheets=[DRIVER])
    roll_test(world, "Harvey", TestRequest("Pilotage", 6, hazardous=True, healing="daily"))
    assert [s["healing"] for s in world.character("Harvey").condition["setbacks"]] == ["daily"]


def test_through_the_cli_a_crash_heals_a_step_a_week_L341_L355_ruling_M156(db: str, tmp_path: Path) -> None:
    # Pilotage Faible (2) against Impossible (8): at best Excellent (6), so at least 2 Revers.
    _mines(db, tmp_path, HARVEY_SHEET)
    said = cli(db, "microfudge", "hazard", "Mines", "Harvey", "Pilotage", "-d", "impossible", "--purpose", "the bend")
    (setback,) = [e["setback"] for e in log(db, "Mines", "SetbackSuffered")]
    assert setback["severity"] >= 2 and setback["healing"] == "weekly"
    assert "(physical, heals a step a week) from failed Pilotage Test (the bend)" in said


# -- 2. Atouts taken back never make an adventure give more than 3 (L717; M155, M157) ---------------


def test_atouts_taken_back_after_an_adventure_ended_give_the_next_no_more_than_3_Streamlined_L717_ruling_M157() -> None:
    # L717: "jamais recevoir plus de 3 Atouts" for a complete adventure. Two Atouts of the last
    # adventure taken back once counted −2 received in the new one, which then gave 5.
    world = table(sheets=[VERA])
    award(world, "Vera", 3, "the mine")
    end_adventure(world, "the mine")
    award(world, "Vera", -2, "given in error")
    assert world.character("Vera").condition["adventure_awarded"] == 0
    award(world, "Vera", 3, "")
    with pytest.raises(RuleViolation) as refusal:
        award(world, "Vera", 1, "")
    assert str(refusal.value).startswith("Vera has received 3 experience Atouts in this adventure and may receive no more: ")
    award(world, "Vera", -1, "")  # one taken back inside the adventure still counts off it
    assert world.character("Vera").condition["adventure_awarded"] == 2


def test_through_the_cli_a_take_back_after_the_adventure_reads_none_received_L717_ruling_M157(db: str, tmp_path: Path) -> None:
    _mines(db, tmp_path, VERA_SHEET)
    cli(db, "microfudge", "atout", "award", "Mines", "Vera", "3")
    cli(db, "microfudge", "adventure-end", "Mines")
    cli(db, "microfudge", "atout", "award", "Mines", "Vera", "-2", "--reason", "given in error")
    # Ruling M159: none received, "may receive 3" (it read "only 3 more").
    assert "this adventure: no experience Atouts received; may receive 3 (L717)" in cli(db, "sheet", "Mines", "Vera")
    said = refused(db, "Mines", "microfudge", "atout", "award", "Mines", "Vera", "4")
    assert said.startswith("error: Vera has received no experience Atouts in this adventure and may receive 3: ")
