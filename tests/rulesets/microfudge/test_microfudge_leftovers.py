"""MicroFudge CECJ leftovers of the fourth play-test round, through the real command line over a
real journal (both backends), the Fudge dice scripted where a roll decides: an Atout's Revers
taken in another's place and a hazardous Test's Revers said as `setback` says one (rulings M63,
M67), and a critical wound waiting for care named at the end of an advance's report, the
daemon's included (rulings M64, M68) (``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn its lines;
digest ``shared/rules/microfudge-cecj.md``)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from pathlib import Path

import pytest
from support import board_lines
from test_microfudge_critical_state import scripted
from test_microfudge_fidelity_cli import campaign, cli
from test_microfudge_playtest_round4 import HARVEY, JIM, NEEDS_CARE, ZOMBIE
from test_microfudge_review_fixes_cli import words

from chronique.adapters.bootstrap import build
from chronique.adapters.clock import TEST_CLOCK
from chronique.adapters.scheduler import pace_every

# What `setback` says after the number of a critical wound (ruling M63).
CARE_FIRST = ", it needs medical care before it heals a step (L343, L359)"


# -- 1. A Revers borne for another, and a hazard's, said as `setback` says one (L351, L763-L765) --


def test_take_revers_says_the_log_s_sentences_with_the_number_and_how_it_heals_Supporter_un_Revers_L763_L765_L339_L341(
    db: str, tmp_path: Path
) -> None:
    campaign(db, tmp_path, "Arkham", JIM, HARVEY)
    cli(db, "microfudge", "setback", "Arkham", "Harvey", "--severity", "2", "--source", "the shoggoth")
    out = cli(db, "microfudge", "atout", "take-revers", "Arkham", "Jim", "Harvey", "--setback", "1", "--note", "steps in front")
    spent = "spent 1 Atout of creation reserve to take a Revers in another's place (for Harvey: steps in front)"
    taken = "took a Blessure sérieuse (physical, heals a step a day) in Harvey's place: steps in front"
    # A blow heals a step a day (L339), as the log says it; never "(heals daily)".
    assert out.splitlines() == [f"Jim {spent}", f"Jim {taken}: Revers 1 on the sheet"]
    assert words(db, "AtoutSpent") == [spent]
    assert words(db, "SetbackSuffered")[-1] == taken
    assert "1       Blessure sérieuse (−2)" in cli(db, "sheet", "Arkham", "Jim")


def test_a_Decisif_taken_in_another_s_place_says_its_number_and_that_it_needs_care_L343_L359_L763_L765(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Arkham", JIM, HARVEY)
    cli(db, "microfudge", "setback", "Arkham", "Jim", "--severity", "1", "--domain", "social")  # Jim's Revers 1
    cli(db, "microfudge", "setback", "Arkham", "Harvey", "--severity", "3", "--healing", "weekly", "--source", "zombie's cleaver")
    out = cli(db, "microfudge", "atout", "take-revers", "Arkham", "Jim", "Harvey", "--setback", "1")
    # A cleaver's Décisif: deep, so weekly (L341), and a critical state wherever it is borne (L343);
    # Jim's second Revers, its number the one first aid takes (L359).
    taken = "took a Blessure grave ou mortelle (physical, heals a step a week) in Harvey's place; critical state"
    assert out.splitlines()[1:] == [f"Jim {taken}: Revers 2 on the sheet{CARE_FIRST}"]
    assert words(db, "SetbackSuffered")[-1] == taken
    assert board_lines(cli(db, "downtime", "board", "Arkham")) == [
        f"Day 1 08:00  Jim {NEEDS_CARE.replace('Revers 1', 'Revers 2')}",  # the number the line gave (M64)
        "Day 2 08:00  Jim Revers 1 (Revers) heals a step",
    ]


def test_a_hazard_s_Decisif_is_said_with_its_number_on_the_sheet_as_setback_says_it_L343_L351(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Arkham", JIM, HARVEY)
    # Pilotage Bon (5) and − − − −: Médiocre (1) against Difficile (5), four short, so a Décisif
    # (L351, at most 3); a crash's wound heals a step a week (L341).
    scripted(monkeypatch, -1, -1, -1, -1)
    out = cli(db, "microfudge", "hazard", "Arkham", "Harvey", "Pilotage", "-d", "difficile", "--healing", "weekly")
    logged = "took a Blessure grave ou mortelle (physical, heals a step a week) from failed Pilotage Test; critical state"
    assert out.splitlines()[1:] == [f"Harvey {logged}: Revers 1 on the sheet{CARE_FIRST}"]
    assert words(db, "SetbackSuffered") == [logged]
    # A lighter one gets its number too: Tir Moyen (4) and − 0 0 0, Faible (3) against Moyen (4), one
    # short, a Blessure (L351).
    scripted(monkeypatch, -1, 0, 0, 0)
    out = cli(db, "microfudge", "hazard", "Arkham", "Jim", "Tir", "-d", "moyen")
    assert out.splitlines()[1:] == ["Jim took a Blessure (physical, heals a step a day) from failed Tir Test: Revers 1 on the sheet"]


# -- 2. A critical wound waiting for care, at the end of an advance's report (L343, L359; T4) -----

# How an advance's report ends while a critical wound waits for care (ruling M68).
WAITING = ["still waiting at {}, which no advance settles:", f"  Harvey: {NEEDS_CARE}"]


def waiting(date: str) -> list[str]:
    """The end of an advance's report at ``date`` while Harvey's Décisif waits for care."""
    return [WAITING[0].format(date), WAITING[1]]


def test_an_advance_s_report_ends_with_a_critical_wound_still_waiting_for_care_until_first_aid_T4_L343_L359_L453(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Arkham", JIM, HARVEY, ZOMBIE)
    cli(db, "microfudge", "setback", "Arkham", "Harvey", "--severity", "3", "--healing", "weekly", "--source", "zombie's cleaver")
    cli(db, "microfudge", "setback", "Arkham", "Zombie", "--severity", "3", "--healing", "weekly")  # out (L453): the Narrator's
    cli(db, "microfudge", "setback", "Arkham", "Jim", "--severity", "1")  # a bruise that heals on Day 2 (L339)
    cli(db, "session", "end", "Arkham")
    # A dry run says what would still wait, as it says all the rest: no more than a forecast.
    dry = cli(db, "advance", "Arkham", "2d", "--dry-run").splitlines()
    assert dry[1:] == [
        "  Day 2 08:00  Jim: Revers 1 has healed",
        "would still be waiting at Day 3 08:00, which no advance settles:",
        WAITING[1],
    ]
    # No clock runs on the critical wound (L343, digest §4.3): a week on, the report ends with it,
    # once, after what the week did.
    out = cli(db, "advance", "Arkham", "1w", "--yes").splitlines()
    assert out == [
        "advanced 1 week from Day 1 08:00 to Day 8 08:00: 1 effect of time",
        "  Day 2 08:00  Jim: Revers 1 has healed",
        *waiting("Day 8 08:00"),
    ]
    # An advance in which nothing happened says it still waits all the same.
    assert cli(db, "advance", "Arkham", "1d", "--yes").splitlines()[1:] == waiting("Day 9 08:00")
    # Jim's first aid, + + 0 0 on Médecine Moyen (4): Très difficile (6) reached, the wound
    # stabilized and reduced a step (L359, A9); its weekly clock runs, so nothing waits any more.
    cli(db, "session", "start", "Arkham")
    scripted(monkeypatch, 1, 1, 0, 0)
    cli(db, "microfudge", "first-aid", "Arkham", "Harvey", "--healer", "Jim", "--setback", "1")
    cli(db, "session", "end", "Arkham")
    assert cli(db, "advance", "Arkham", "1d", "--yes").splitlines() == ["advanced 1 day from Day 9 08:00 to Day 10 08:00: nothing happened"]


MONDAY_0800 = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)  # a Monday: pacing set before 09:00
MONDAY_1000 = datetime(2026, 1, 5, 10, 0, tzinfo=UTC)  # after 09:00: the campaign is due once


def frozen(monkeypatch: pytest.MonkeyPatch, at: datetime) -> None:
    """Wall time frozen at ``at`` for the commands and services that follow (adapters/clock.py)."""
    monkeypatch.setenv(TEST_CLOCK, f"{at.isoformat()}@0@0")


def test_the_daemon_s_report_of_an_advance_says_a_critical_wound_still_waits_for_care_T4_L343_L359(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    campaign(db, tmp_path, "Arkham", JIM, HARVEY)
    cli(db, "microfudge", "setback", "Arkham", "Harvey", "--severity", "3", "--healing", "weekly", "--source", "zombie's cleaver")
    cli(db, "session", "end", "Arkham")
    frozen(monkeypatch, MONDAY_0800)
    cli(db, "pace", "set", "Arkham", "--every", "mon 09:00", "--advance", "1w")
    # One pacing check of the daemon's (adapters/scheduler.py), in this process, past Monday 09:00.
    frozen(monkeypatch, MONDAY_1000)
    services = build(db)
    try:
        with caplog.at_level(logging.INFO, logger="chronique.daemon"):
            assert pace_every(services) == 1
    finally:
        services.close()
    said = [r.getMessage() for r in caplog.records if r.name == "chronique.daemon" and r.getMessage().startswith("Arkham: ")]
    assert said == [
        "Arkham: advancing from Day 1 08:00 to Day 8 08:00",
        "Arkham: advanced from Day 1 08:00 to Day 8 08:00; nothing was due on the way",
        f"Arkham: still waiting at Day 8 08:00, which no advance settles: Harvey: {NEEDS_CARE}",
    ]
