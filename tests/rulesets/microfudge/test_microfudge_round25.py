"""MicroFudge CECJ, round 25: a Test's reroll and changed die are one pure function that the roll,
first aid and the verifier share (L743; rulings M124, M144); the log's line of a draw says what a
weapon of another era does to the armour, as the command's line does (L498-L502; ruling M142); a
power's healing tick names the power in the log and the downtime report (T8-T9, L627-L637; ruling
M143). Seed: ``shared/seeds/000_ddedeb0fd946e2d7.txt`` (Lnnn its lines); digest:
``shared/rules/microfudge-cecj.md``. The command-line tests run the real app on a real journal."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from microfudge_table import cli, log, table
from support import log_details
from test_mf_dice_account import recorded
from test_microfudge_critical_state import scripted
from test_microfudge_playtest_round15 import HARVEY, JIM, _mines
from test_microfudge_playtest_round16 import PSY, _camp

from chronique.domain.rederivation import Table, check
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.describe import WORDS
from chronique.domain.rulesets.microfudge.play import TestAtouts, TestRequest, first_aid, roll_test, suffer
from chronique.domain.rulesets.microfudge.rules import resolve_with_atouts
from chronique.domain.rulesets.microfudge.verification import RULES

_EVENTS = "chronique.domain.rulesets.microfudge.events:"
HARVEY_RAW = {"name": "Harvey", "status": "hero", "ranks": {"Combat": 4}}


# -- 1. one reroll and changed die for the roll, first aid and the verifier (L743; M124, M144) -------


def test_a_reroll_then_a_changed_die_act_only_on_a_failure_Utilisation_creative_L743_ruling_M144() -> None:
    # L743: "relancer les dés Fudge" voids the roll for four new dice; "changer le résultat de l'un
    # des dés" turns one die to "+", the lowest, after any reroll; neither acts on a success.
    rolls = iter([[1, 0, 0, -1]])
    mended = resolve_with_atouts(4, 0, [-1, -1, -1, -1], 5, lambda: next(rolls), change=True)
    assert mended.result.voided == (-1, -1, -1, -1) and mended.result.dice == (1, 0, 0, -1)
    assert (mended.changed, mended.turned, mended.result.final, mended.result.success) == (3, 2, 6, True)
    untouched = resolve_with_atouts(4, 0, [1, 0, 0, 0], 5, lambda: pytest.fail("a success is never rerolled"), change=True)
    assert (untouched.result.voided, untouched.changed, untouched.turned, untouched.result.final) == ((), None, 0, 5)


@pytest.mark.parametrize("topic", ["TestRolled", "FirstAidGiven"])
def test_the_verifier_re_derives_the_changed_die_a_record_claims_L743_ruling_M144(topic: str) -> None:
    # FAIRNESS.md v2: the changed die is the lowest of the dice that stand (L743), so a record whose
    # change-die modifier claims more ranks than that die gives is caught, on a Test as on first
    # aid, by the one path both take. Jim's four minuses fail; the reroll's + 0 0 − still fail
    # Difficile (5); its − turned to + gives 2 ranks.
    world = table(-1, -1, -1, -1, 1, 0, 0, -1, sheets=[{"name": "Jim", "status": "hero", "ranks": {"Médecine": 4}}, HARVEY_RAW])
    if topic == "TestRolled":
        roll_test(world, "Jim", TestRequest("Médecine", 5, reroll=True, change_die=True))
    else:
        suffer(world, "Harvey", 2, "physical", "weekly", "a knife")
        first_aid(world, "Harvey", "Jim", 1, atouts=TestAtouts(reroll=True, change_die=True))
    (event,) = recorded(world, topic)
    rule = RULES.rederive[_EVENTS + topic]
    assert check(rule, event, Table()) is None
    if topic == "TestRolled":
        lying = dict(event, modifiers={"change-die": 3}, final=7)
    else:
        lying = dict(event, test=dict(event["test"], modifiers={"change-die": 3}, final=7))
    assert "the rules give" in (check(rule, lying, Table()) or "")


# -- 2. the log's line says what the eras do to the armour («c – Armures» L498-L502; M142) -----------


def test_the_log_line_of_a_draw_says_the_weapon_that_ignores_the_armour_Armures_L498_L502_ruling_M142(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # L500: "les armes du futur … ignorent les armures de l'ère moderne ou antérieure". Jim's future
    # weapon hits Harvey with three successes; Harvey's armour's two cancel none of them. The
    # command's line said so (ruling M130), the log's said nothing of the armour.
    _mines(db, tmp_path, JIM, HARVEY)
    scripted(monkeypatch, stacks=[["2H", "4H", "6H", "3C", "5C", "7C", "9C", "2S", "4S"]])
    cli(db, "microfudge", "sequence", "Mines", "Jim", "Harvey")
    sides = ("--side", "Jim:Tir:Harvey=3,weapon-era=future", "--side", "Harvey:Combat:Jim=4,armour=medium")
    said = cli(db, "microfudge", "conflict-card", "Mines", *sides)
    words = "armour draws 2♠ 4♠ (Jim's future weapon ignores it, L500)"
    assert words in said.splitlines()[1]
    (_, harvey) = log(db, "Mines", "ConflictCardsDrawn")
    assert harvey["attacked_by"] == {"Jim": "future"}
    jim, harvey_line = log_details(db, "Mines", "--kind", "conflict cards drawn")
    assert harvey_line == f"draw 1 of Sequence 1, 4 cards: Combat Moyen (4); {words} — a Blessure grave ou mortelle from Jim"
    assert "armour" not in jim  # Jim drew no armour


def test_a_draw_recorded_before_version_6_reads_as_it_did_ruling_M142() -> None:
    # A draw stored before the attackers' eras were kept says nothing of them: none is made up.
    state: dict[str, object] = {}
    ev.ConflictCardsDrawn.upcast_stored(state)
    assert state["attacked_by"] == {} and ev.ConflictCardsDrawn.class_version == 6


# -- 3. a power's healing tick names the power (T8-T9, L627-L637; ruling M143) -----------------------


def test_a_healing_tick_names_its_power_in_the_log_and_the_downtime_report_Conscience_L627_L629_ruling_M143(
    db: str, tmp_path: Path
) -> None:
    # T8: Guérison accélérée heals a card per 12-hour day. The advance named the power, the log
    # said "the power heals Revers 1" and the report "healed by a power of Conscience".
    _camp(db, tmp_path, PSY)
    cli(db, "microfudge", "setback", "Nuit", "Psy", "--severity", "1", "--healing", "weekly")
    # Conscience Excellent (6), the Blessure −1, +3 from the Narrator: 8 against Simple (3) never fails.
    cli(db, "microfudge", "power", "Nuit", "Psy", "guerison-acceleree", "--setback", "1", "--modifier", "3")
    cli(db, "session", "end", "Nuit")
    cli(db, "advance", "Nuit", "1d")
    (ticked,) = log(db, "Nuit", "PowerTicked")
    assert ticked["power"] == "guerison-acceleree"
    assert log_details(db, "Nuit", "--kind", "power ticked") == ["Guérison accélérée heals Revers 1 a step: healed"]
    report = cli(db, "downtime", "report", "Nuit").splitlines()
    assert "Day 1 20:00  Psy recovered from Revers 1 (healed by Guérison accélérée, a power of Conscience)" in report


def test_a_tick_recorded_before_version_2_reads_as_it_did_ruling_M143() -> None:
    # A tick stored before the power was kept names none: "the power", as it read.
    state: dict[str, object] = {"at": 0, "process_id": 1, "setback_id": 1, "severity": 1, "locked": 1, "next_tick": 3600}
    ev.PowerTicked.upcast_stored(state)
    assert state["power"] is None and ev.PowerTicked.class_version == 2
    said = WORDS[_EVENTS + "PowerTicked"](SimpleNamespace(**state))
    assert said == "the power heals Revers 1 a step: now a Blessure (−1)"
