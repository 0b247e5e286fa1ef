"""A twenty-fifth Western Parade review: trick-shooting practice said the same, truthful bonus in
the log, `downtime practice`, `downtime show` and the sheet, from ``downtime.toml``'s numbers (the
log read "bonus +0%"; ruling WD30); an impossible roll insisted on read its luck roll's chance as
the roll's own, "had 30% to succeed" (ruling WC36). Through the real command line (in process,
``support.run``, scripted dice where a roll decides). Seed 004_cf8278f91236030c.txt (Lnnn),
digest /work/shared/rules/western-parade.md."""

from __future__ import annotations

import json
from typing import Any

import pytest
from support import log_details, run
from wp_city import JOE, SAM, WP, C, scripted_dice, shotgun_city

from chronique.domain.rulesets.westernparade import describe
from chronique.domain.rulesets.westernparade.describe import practice_change_words, practice_row, practice_words
from chronique.domain.rulesets.westernparade.long_skills import practice_data

# -- 1. trick-shooting practice in words (§6.6.7 L3593; ruling WD30) -----------------------------


def _training(db: str) -> str:
    """The sheet's TRAINING section, its cells' wrapping undone."""
    sheet = run(db, "sheet", C, SAM).stdout
    assert "\nTRAINING\n" in sheet, sheet
    return " ".join(sheet.split("\nTRAINING\n", 1)[1].split())


def _shown(db: str) -> str:
    (line,) = [line.strip() for line in run(db, WP, "downtime", "show", C, SAM).stdout.splitlines() if "trick practice" in line]
    return line


def test_trick_practice_reads_the_same_bonus_in_the_log_as_the_order_said_never_plus_zero_S6_6_7_L3593_ruling_WD30(db: str) -> None:
    # §6.6.7 L3593: each day of two hours' practice adds 1% to trick shots, at most +25%; after a
    # week without, the bonus falls 1% a day. The log read "practises trick shooting: bonus +0%".
    shotgun_city(db)
    said = [run(db, WP, "downtime", "practice", C, SAM).stdout]
    assert said[-1] == f"{SAM} practises trick shooting (no bonus yet)\n"
    assert log_details(db, C, "--kind", "PracticeChanged") == ["practises trick shooting (no bonus yet)"]
    assert _training(db).endswith("trick shooting 2 hours a day no bonus yet (+1% a day of practice, at most +25%)")
    # Three days: +3%; stopped, the order and the log say it alike.
    run(db, "advance", C, "3d", "--yes")
    said.append(run(db, WP, "downtime", "practice", C, SAM, "--off").stdout)
    assert said[-1] == f"{SAM} stops practising trick shooting (+3% to trick shots now)\n"
    # Taken up again within the week the +3% stands: 22 days more reach +25%, where the timeline
    # records it, the most practice gives.
    said.append(run(db, WP, "downtime", "practice", C, SAM).stdout)
    assert said[-1] == f"{SAM} practises trick shooting (+3% to trick shots now)\n"
    run(db, "advance", C, "23d", "--yes")
    assert _shown(db) == "trick practice: +25% to trick shots, the most practice gives (practising)"
    # Stopped, then idle a week and 25 days: worn away to nothing, recorded so.
    said.append(run(db, WP, "downtime", "practice", C, SAM, "--off").stdout)
    assert said[-1] == f"{SAM} stops practising trick shooting (+25% to trick shots now, the most practice gives)\n"
    run(db, "advance", C, "33d", "--yes")
    assert _shown(db) == "trick practice: none"
    logged = log_details(db, C, "--kind", "PracticeChanged")
    assert logged == [
        "practises trick shooting (no bonus yet)",
        "stopped practising trick shooting (+3% to trick shots now)",
        "practises trick shooting (+3% to trick shots now)",
        "practises trick shooting (+25% to trick shots now, the most practice gives)",
        "stopped practising trick shooting (+25% to trick shots now, the most practice gives)",
        "stopped practising trick shooting (no bonus)",
    ]
    # Every order's answer says the bonus its log line does ("stops" as given, "stopped" after).
    assert [s.split(" (", 1)[1] for s in said] == [f"{line.split(' (', 1)[1]}\n" for line in (logged[0], logged[1], logged[2], logged[4])]


def test_trick_practice_words_take_the_rule_s_numbers_from_downtime_toml_S6_6_7_L3593_ruling_WD30(monkeypatch: pytest.MonkeyPatch) -> None:
    # The words follow the data the rules compute with, not figures of their own: a table giving
    # 3 hours, +2% a day and at most +10% is said so everywhere.
    data: dict[str, Any] = dict(practice_data()) | {"hours_per_day": 3, "bonus_per_day": 2, "max_bonus": 10}
    monkeypatch.setattr(describe, "practice_data", lambda: data)
    assert practice_words(0, True) == "practising, no bonus yet (+2% a day of practice)"
    assert practice_words(10, True) == "+10% to trick shots, the most practice gives (practising)"
    assert practice_change_words(False, 8, ordered=True) == "stops practising trick shooting (+8% to trick shots now)"
    assert practice_row(0, True) == ("3 hours a day", "no bonus yet (+2% a day of practice, at most +10%)")
    assert practice_row(4, False) == ("stopped", "bonus +4% (at most +10%)")


# -- 2. an impossible roll insisted on (§2.1.1 L1275; ruling WC36) -------------------------------


def test_an_impossible_roll_insisted_on_says_it_had_no_chance_and_the_luck_roll_s_own_S2_1_1_L1275_ruling_WC36(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # §2.1.1 L1275: below 5% the attempt fails whatever the dice; one who insists "doit réussir un
    # jet de chance pour ne pas subir un échec critique". Joe's AGI roll at impossible (-90) has no
    # chance; his luck roll (CHC) rolls 2, a success: a normal failure, not a critical one. The
    # line read "luck roll 2, réussite extraordinaire" and its odds "had 30% to succeed".
    shotgun_city(db)
    scripted_dice(monkeypatch, 2)
    said = run(db, WP, "roll", C, JOE, "-c", "AGI", "-d", "impossible", "--insist").stdout
    (event,) = [e["event"] for e in json.loads(run(db, "log", C, "--json").stdout) if e["event"]["topic"].endswith(":CheckRolled")]
    outcome, luck = event["outcome"], event["outcome"]["luck"]
    assert (outcome["chance"] < 0, outcome["quality"], luck["faces"], luck["quality"]) == (True, "NORM_F", [2], "EXTRA")
    jagi, jchc = outcome["terms"]["jAGI"], luck["chance"]
    line = (
        f"no chance, {90 - jagi} points below zero (AGI roll {jagi}, difficulty -90): no roll; insisting, the roll cannot"
        f" succeed, a luck roll at {jchc}% (CHC roll {jchc}): rolled 2, réussite extraordinaire, which spares a critical"
        " failure → échec normal"
    )
    assert said == f"{JOE}: {line}\n"
    # The odds beside it are the luck roll's, of what it could do; and luck counts it so.
    aim = "to be spared a critical failure on an impossible roll"
    assert log_details(db, C, "--kind", "CheckRolled") == [f"AGI roll: {line} ({JOE} had {jchc}% {aim})"]
    kinds = json.loads(run(db, "luck", C, "--by", "kind", "--json").stdout)
    assert f"luck roll against the impossible — {aim}" in json.dumps(kinds, ensure_ascii=False)


@pytest.mark.parametrize(
    ("face", "luck", "then", "got"),
    [
        # Under Joe's CHC roll 30 (§2.1.2): 50 fails, leaving the critical failure; 90 (above 80,
        # the chance being 40 or less) is a critical failure, making the attempt catastrophic (L1275).
        (50, "échec normal", "which does not spare a critical failure", "échec critique"),
        (90, "échec critique", "which makes it a catastrophic failure", "échec catastrophique"),
    ],
)
def test_a_failed_luck_roll_says_what_it_leaves_of_the_impossible_roll_S2_1_1_L1275_ruling_WC36(
    db: str, monkeypatch: pytest.MonkeyPatch, face: int, luck: str, then: str, got: str
) -> None:
    shotgun_city(db)
    scripted_dice(monkeypatch, face)
    said = run(db, WP, "roll", C, JOE, "-c", "AGI", "-d", "impossible", "--insist").stdout
    assert said.endswith(f"a luck roll at 30% (CHC roll 30): rolled {face}, {luck}, {then} → {got}\n"), said
