"""The MicroFudge CECJ play-test's fourth round, through the real command line over a real journal
(both backends), the Fudge dice scripted: a Revers recorded by hand said in the log's own words, a
wound in a critical state named on the downtime board and in the report while it waits for care, a
date refused for a game that counts days with the reason, and a raise that says which Atouts paid
(``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn its lines; digest ``shared/rules/microfudge-cecj.md``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support import board_lines, run
from test_microfudge_critical_state import scripted
from test_microfudge_fidelity_cli import campaign, cli
from test_microfudge_review_fixes_cli import words

from chronique.adapters.bootstrap import build
from chronique.domain.rulesets import KNOWN, calendar_games, ruleset
from chronique.domain.rulesets.words import joined
from chronique.web.pages import Reader, campaign_page

# Hero: 11 Atouts; Tir Faible → Moyen costs 2, Médecine Lamentable → Moyen 3: 6 in the creation
# reserve (L85-L107; Médecine's default L203).
JIM = 'name = "Jim"\nstatus = "hero"\n[ranks]\nTir = 4\n"Médecine" = 4\n'
HARVEY = 'name = "Harvey"\nstatus = "hero"\n[ranks]\nPilotage = 5\n'
# An NPC of average status (L451-L453): a Décisif puts it out, the Narrator settles what follows.
ZOMBIE = 'name = "Zombie"\nnpc = true\nstatus = "average"\n[ranks]\nCombat = 4\n'

# The reminder a critical wound reads as, on the board and in the report (digest T4, ruling M64).
NEEDS_CARE = (
    "Revers 1 (Blessure grave ou mortelle) needs medical care: a critical state, "
    "no step heals until first aid or an Atout stabilizes it (L343, L359)"
)


def board(db: str, name: str) -> list[str]:
    """The downtime board's lines."""
    return board_lines(cli(db, "downtime", "board", name))


# -- 1. A Revers recorded by hand, in the log's words («3 – Effets des Revers» L339-L343, M63) ------


def test_a_Revers_recorded_by_hand_reads_as_the_log_with_its_number_and_its_weekly_healing_Effets_des_Revers_L341_L343(
    db: str, tmp_path: Path
) -> None:
    campaign(db, tmp_path, "Arkham", JIM, HARVEY)
    # A cleaver's Décisif: a Blessure grave ou mortelle (L343, L930), deep so weekly (L341), critical.
    said = cli(db, "microfudge", "setback", "Arkham", "Harvey", "--severity", "3", "--healing", "weekly", "--source", "zombie's cleaver")
    logged = "took a Blessure grave ou mortelle (physical, heals a step a week) from zombie's cleaver; critical state"
    assert said == f"Harvey {logged}: Revers 1 on the sheet, it needs medical care before it heals a step (L343, L359)\n"
    assert words(db, "SetbackSuffered") == [logged]
    # A social Revers heals a step a day (L339), named by its severity, its number on the sheet next.
    said = cli(db, "microfudge", "setback", "Arkham", "Jim", "--severity", "2", "--domain", "social")
    assert said == "Jim took a Revers sérieux (social, heals a step a day) from the Narrator: Revers 1 on the sheet\n"
    assert "1       Revers sérieux (−2), social" in cli(db, "sheet", "Arkham", "Jim")


# -- 2. A critical wound waiting for care, between sessions (L343, L359; digest §4.3, T4; M64) ----


def test_a_critical_wound_waiting_for_care_is_named_on_the_board_in_the_report_and_on_the_web_T4_L343_L359(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Arkham", JIM, HARVEY)
    cli(db, "microfudge", "setback", "Arkham", "Harvey", "--severity", "3", "--healing", "weekly", "--source", "zombie's cleaver")
    cli(db, "microfudge", "setback", "Arkham", "Jim", "--severity", "1")  # a bruise that heals on Day 2
    # Jim's Médecine Moyen (4), 0 0 0 0 against Très difficile (6): first aid fails (L359).
    scripted(monkeypatch, 0, 0, 0, 0)
    aid = cli(db, "microfudge", "first-aid", "Arkham", "Harvey", "--healer", "Jim", "--setback", "1")
    assert aid.strip().endswith("against Très difficile (6): failure")
    cli(db, "session", "end", "Arkham")
    cli(db, "advance", "Arkham", "2w", "--yes")
    # No clock runs on the critical wound (L343, §4.3): two weeks on, it is said at the clock.
    assert board(db, "Arkham") == [f"Day 15 08:00  Harvey {NEEDS_CARE}"]
    assert cli(db, "downtime", "report", "Arkham").splitlines() == [
        "Day 2 08:00  Jim recovered from Revers 1",
        f"Day 15 08:00  Harvey {NEEDS_CARE}",
    ]
    reported = json.loads(cli(db, "downtime", "report", "Arkham", "--json"))
    assert reported[-1] == {"at": 14 * 86400 + 8 * 3600, "date": "Day 15 08:00", "who": "Harvey", "what": NEEDS_CARE}
    # The web journal's "Due next" reads the board, for the GM and for players alike.
    services = build(db)
    try:
        for gm in (True, False):
            page: dict[str, Any] = campaign_page(services, Reader("Arkham", "GM" if gm else "Ana", gm, "token"))
            assert page["due"] == [("Day 15 08:00", "Harvey", NEEDS_CARE)]
    finally:
        services.close()
    # Jim's second try, + + 0 0: Très difficile (6) reached; the wound is stabilized and reduced a
    # step (L359, A9), its weekly clock runs: the reminder gives way to it.
    scripted(monkeypatch, 1, 1, 0, 0)
    cli(db, "microfudge", "first-aid", "Arkham", "Harvey", "--healer", "Jim", "--setback", "1")
    assert board(db, "Arkham") == ["Day 22 08:00  Harvey Revers 1 (Blessure sérieuse) heals a step"]


def test_a_board_with_nothing_but_a_critical_wound_is_not_nothing_notable_and_an_NPC_put_out_is_the_Narrator_s_L343_L453(
    db: str, tmp_path: Path
) -> None:
    campaign(db, tmp_path, "Arkham", HARVEY, ZOMBIE)
    cli(db, "microfudge", "setback", "Arkham", "Harvey", "--severity", "3", "--healing", "weekly")
    cli(db, "microfudge", "setback", "Arkham", "Zombie", "--severity", "3", "--healing", "weekly")
    assert "critical, needs care" in cli(db, "sheet", "Arkham", "Zombie")
    assert board(db, "Arkham") == [f"Day 1 08:00  Harvey {NEEDS_CARE}"]
    # Saving one's skin with an Atout stabilizes the wound as first aid would (L127-L131, M52).
    cli(db, "microfudge", "atout", "spend", "Arkham", "Harvey", "save-your-skin")
    assert board(db, "Arkham") == ["Day 8 08:00  Harvey Revers 1 (Blessure grave ou mortelle) heals a step"]


# -- 3. A date for a game that counts days, refused with the reason (ruling M66) ------------------


@pytest.mark.parametrize("game", [name for name in KNOWN if not ruleset(name).gregorian])
def test_a_calendar_date_for_a_game_that_counts_days_says_which_games_take_dates(db: str, game: str) -> None:
    title = ruleset(game).title
    refused = run(db, "campaign", "new", "Arkham", "--ruleset", game, "--start", "1925-10-01 09:00", check=False)
    a = "an" if title.startswith("E") else "a"
    assert refused.returncode != 0 and refused.stdout == ""
    assert refused.stderr.strip() == (
        f"error: “1925-10-01 09:00” is not a game date: {a} {title} campaign counts days (write a date such as `Day 1 08:00`); "
        f"a calendar date is for {joined(calendar_games(True))}"
    )
    # A day count with a time of day past midnight is a day count still: the calendar says what is wrong.
    assert run(db, "campaign", "new", "Arkham", "--ruleset", game, "--start", "Day 3 25:00", check=False).stderr.strip() == (
        "error: “Day 3 25:00” is not a time of day"
    )
    assert "Arkham" not in cli(db, "campaign", "list")


def test_a_day_count_for_a_game_on_the_real_calendar_says_which_games_count_days(db: str) -> None:
    refused = run(db, "campaign", "new", "Shotgun City", "--ruleset", "western-parade", "--start", "Day 1 08:00", check=False)
    assert refused.stderr.strip() == (
        "error: “Day 1 08:00” is not a start date: a Western Parade campaign runs on the real calendar "
        f"(write a date such as `1873-04-12 08:00`); a day count is for {joined(calendar_games(False))}"
    )


def test_campaign_new_s_help_names_the_games_on_each_calendar_as_each_game_s_own_calendar_says(db: str) -> None:
    shown = " ".join(cli(db, "campaign", "new", "--help").split())
    assert f"for a game that counts days ({joined(calendar_games(False))})" in shown
    assert f"for a game on the real calendar ({joined(calendar_games(True))})" in shown
    assert calendar_games(True) == ["Western Parade"]


# -- 4. A raise says which Atouts paid («Etoffer le personnage» L119-L125, «IV» L213; M65) -------


def atouts(db: str, who: str) -> dict[str, int]:
    held: dict[str, int] = json.loads(cli(db, "sheet", "Arkham", who, "--json"))["condition"]["atouts"]
    return held


def test_a_raise_says_which_Atouts_paid_and_what_is_left_and_the_GM_may_name_them_between_sessions_L119_L125_L213(
    db: str, tmp_path: Path
) -> None:
    campaign(db, tmp_path, "Arkham", JIM)
    # In play only the creation reserve pays, with a reason (L119-L125).
    said = cli(db, "microfudge", "raise", "Arkham", "Jim", "Tir", "--why", "hunting with his father")
    assert said == "Jim: Tir is now Bon (5), paid with 1 Atout of creation reserve; Atouts left: 5 in reserve, 0 of experience\n"
    refused = cli(db, "microfudge", "raise", "Arkham", "Jim", "Tir", "--why", "more", "--pool", "experience", code=2)
    assert "experience Atouts raise a characteristic only between sessions (L213)" in refused
    cli(db, "session", "end", "Arkham")  # the session's experience Atout (L213)
    cli(db, "microfudge", "atout", "award", "Arkham", "Jim", "1", "--reason", "solved the riddle")
    assert atouts(db, "Jim") == {"reserve": 5, "experience": 2}
    # Between sessions experience pays first, so the reserve stays for raises in play (L213).
    said = cli(db, "microfudge", "raise", "Arkham", "Jim", "Combat")
    assert said == "Jim: Combat is now Médiocre (3), paid with 1 Atout of experience; Atouts left: 5 in reserve, 1 of experience\n"
    # Or the Atouts the table names.
    said = cli(db, "microfudge", "raise", "Arkham", "Jim", "Combat", "--pool", "Reserve")
    assert said == "Jim: Combat is now Moyen (4), paid with 1 Atout of creation reserve; Atouts left: 4 in reserve, 1 of experience\n"
    assert atouts(db, "Jim") == {"reserve": 4, "experience": 1}
    assert words(db, "CharacteristicRaised") == [
        "Tir rose from Moyen (4) to Bon (5) for 1 Atout of creation reserve (hunting with his father)",
        "Combat rose from Faible (2) to Médiocre (3) for 1 Atout of experience",
        "Combat rose from Médiocre (3) to Moyen (4) for 1 Atout of creation reserve",
    ]
