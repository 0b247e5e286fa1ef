"""The real ``chronique western-parade downtime`` command line, in process, on a real journal of
each backend: a gunfight's aftermath and its improvement rolls on scripted dice (``wp_city.scripted_dice``),
one test for rolls that rise and one for rolls that fail, each held to its exact lines and to
the digest's rules (wp_digest); practice, a banking activity over five weeks; bad input is a
one-line error with status 2 and records nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
import wp_digest as rules
from support import SAMPLES, run
from wp_city import scripted_dice
from wp_recorded import events

CAMPAIGN = "Shotgun City"
SAM = "Sam Parkerson"
START = 8 * 3600  # the campaign's clock at 1873-04-12 08:00, its first day
DAY = 86_400


def _campaign(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "siringo"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{name}.toml"))


def wp(db: str, *args: str) -> str:
    return run(db, "western-parade", "downtime", *args).stdout


def improved(outcome: dict[str, Any]) -> bool:
    """§6.1: an improvement roll succeeds strictly above the current score, 5 easier a mark, and
    a reputation roll by its bonus (§6.2: -5% per opponent put out beyond the first)."""
    assert rules.open_ended(outcome["faces"]) and outcome["total"] == sum(outcome["faces"]), outcome
    return bool(outcome["total"] + 5 * outcome["marks"] + outcome["bonus"] > outcome["current"])


def _gunfight(db: str, monkeypatch: pytest.MonkeyPatch, *faces: int) -> None:
    """Sam's active part in a gunfight that put two opponents out of action, the dice from then on
    ``faces``: §5.20 (§2.4.1, §2.4.3) earns EXP and SGF rolls at once and a REP roll the timeline
    makes within the week, 5% easier for the opponent beyond the first (§6.2)."""
    _campaign(db)
    scripted_dice(monkeypatch, *faces)
    out = wp(db, "gunfight", CAMPAIGN, SAM, "--put-out", "2")
    # Nothing is rolled by the gunfight itself: the words say each roll waits (ruling WD20).
    assert out == (
        f"{SAM}: improvement roll 1 in EXP earned, not rolled yet: roll it with `improve --grant 1`\n"
        f"{SAM}: improvement roll 2 in SGF earned, not rolled yet: roll it with `improve --grant 2`\n"
        f"{SAM}: improvement roll 3 in REP earned, eased by 5, not rolled yet: the timeline rolls it within the week\n"
    )


def _rolls(db: str) -> dict[str, int]:
    """Sam's characteristic rolls jX as his sheet derives them (Table 1.4)."""
    rolls: dict[str, int] = json.loads(run(db, "sheet", CAMPAIGN, SAM, "--json").stdout)["sheet"]["derived"]["rolls"]
    return rolls


def test_gunfight_EXP_and_REP_rolls_rise_then_practice_and_five_weeks_of_banking_s5_18_s5_20_s6_1_s6_2(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # §6.1: the EXP roll open-ended, 97+3 = 100, above jEXP 44: EXP 13 rises to 14. The REP roll
    # a week later: 15 is not above jREP 19, but 15 + 5 (§6.2: two put out) = 20 is: it rises.
    _gunfight(db, monkeypatch, 97, 3, 15)
    out = wp(db, "improve", CAMPAIGN, SAM, "--grant", "1")
    (exp,) = (e["outcome"] for e in events(db, CAMPAIGN, "ImprovementRolled"))
    # jEXP 44 (3 x 13 + 5 x mEXP 1, Table 1.4), no mark yet: +1 EXP on a roll above 44 (§6.1).
    assert (exp["target"], exp["current"], exp["marks"], exp["bonus"], exp["faces"], exp["total"]) == ("EXP", 44, 0, 0, [97, 3], 100)
    assert (exp["success"], exp["gain"], exp["marks_after"]) == (improved(exp), 1, 0) == (True, 1, 0)
    # Open-ended: the faces, then their total.
    assert out == f"{SAM}: improvement roll in EXP: rolled 97+3 = 100 against 44 — EXP rises by 1\n"
    assert wp(db, "practice", CAMPAIGN, SAM) == f"{SAM} practises trick shooting (no bonus yet)\n"
    out = wp(db, "activity", CAMPAIGN, SAM, "banking", "--capital", "1000")
    # §6.8.1: the rulebook's month, 30 days long (ruling WC6), neither "720 h" nor "4 weeks, 2 days".
    # The capital typed in dollars, said back in dollars (ruling WC31).
    assert out == f"{SAM}: activity 1 banking (Banque), a roll every month (30 days), a capital of $1,000.00\n"

    advanced = run(db, "advance", CAMPAIGN, "5w", "--yes").stdout
    # The REP roll falls due a week after the gunfight (§2.4.3), its bonus said apart.
    rep_line = f"  1873-04-19 08:00  {SAM}: improvement roll in REP: rolled 15, +5 bonus: 20 against 19 — REP rises by 1"
    assert rep_line in advanced.splitlines()

    shown = json.loads(wp(db, "show", CAMPAIGN, SAM, "--json"))
    # §5.19: a day of practice is +1%, at most +25%: reached on the 25th day.
    assert shown["practice_bonus"] == 25
    (_, rep) = (e["outcome"] for e in events(db, CAMPAIGN, "ImprovementRolled"))
    assert (rep["target"], rep["current"], rep["bonus"], rep["faces"]) == ("REP", 19, 5, [15])
    assert (rep["success"], rep["gain"]) == (improved(rep), 1) == (True, 1)
    assert [g["target"] for g in shown["marks"]["pending"]] == ["SGF"]  # EXP and REP were rolled
    assert shown["marks"]["checks"] == {}  # two successes leave no check-mark (§6.1)
    # §6.1: the derived rolls recomputed: EXP 14 and REP 9 give jEXP 47 and jREP 27 (Table 1.4).
    rolls = _rolls(db)
    assert (rolls["EXP"], rolls["REP"]) == (47, 27)
    # §5.18 Banking (§6.8.1): one roll a month (30 days, ruling WC6), so one in five weeks, under
    # Sam's Banque; its quality moves the capital by Table 5.18's percentage.
    banque = json.loads(run(db, "sheet", CAMPAIGN, SAM, "--json").stdout)["sheet"]["derived"]["skills"]["Banque"]
    (month,) = events(db, CAMPAIGN, "ActivityRolled")
    assert (month["kind"], month["at"], month["outcome"]["terms"]) == ("banking", START + 30 * DAY, {"Banque": banque})
    quality = rules.read(month["outcome"])
    capital = rules.banked(100_000, quality)
    # Sam never learnt banking (Banque 0%): below 5% it fails without a roll (§3.1), a NORM_F: -2%.
    assert (banque, quality, capital) == (0, "NORM_F", 98_000)
    assert (month["outcome"]["quality"], month["result"]) == (quality, {"capital_before": 100_000, "capital": capital})
    assert shown["activities"][0]["capital"] == capital
    wp(db, "stop", CAMPAIGN, SAM, "1")
    assert json.loads(wp(db, "show", CAMPAIGN, SAM, "--json"))["activities"] == []


def test_gunfight_EXP_and_REP_rolls_that_fail_leave_a_check_mark_each_even_with_the_REP_bonus_s5_20_s6_1_s6_2(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # §6.1: 30 is not above jEXP 44: no rise, a check-mark. The REP roll a week later: 14 + 5
    # (§6.2: two put out) = 19 is not strictly above jREP 19: no rise either, a check-mark.
    _gunfight(db, monkeypatch, 30, 14)
    out = wp(db, "improve", CAMPAIGN, SAM, "--grant", "1")
    assert out == f"{SAM}: improvement roll in EXP: rolled 30 against 44 — EXP does not rise, 1 check-mark now\n"
    advanced = run(db, "advance", CAMPAIGN, "1w", "--yes").stdout
    rep_line = (
        f"  1873-04-19 08:00  {SAM}: improvement roll in REP: rolled 14, +5 bonus: 19 against 19 — REP does not rise, 1 check-mark now"
    )
    assert rep_line in advanced.splitlines()
    exp, rep = (e["outcome"] for e in events(db, CAMPAIGN, "ImprovementRolled"))
    assert (exp["target"], exp["current"], exp["faces"], exp["success"], exp["gain"], exp["marks_after"]) == ("EXP", 44, [30], False, 0, 1)
    assert (rep["target"], rep["current"], rep["bonus"], rep["faces"], rep["success"], rep["gain"]) == ("REP", 19, 5, [14], False, 0)
    assert (improved(exp), improved(rep)) == (False, False)
    shown = json.loads(wp(db, "show", CAMPAIGN, SAM, "--json"))
    assert shown["marks"]["checks"] == {"EXP": 1, "REP": 1}
    assert [g["target"] for g in shown["marks"]["pending"]] == ["SGF"]
    rolls = _rolls(db)
    assert (rolls["EXP"], rolls["REP"]) == (44, 19)


def test_bad_downtime_input_is_a_one_line_error_with_status_2(db: str) -> None:
    _campaign(db)
    before = run(db, "log", CAMPAIGN, "--json").stdout
    for args in (
        ("plan", CAMPAIGN, "Nobody", "Armes de poing", "10"),
        ("plan", CAMPAIGN, SAM, "Macramé", "10"),
        ("plan", CAMPAIGN, SAM, "Tir de précision", "10"),
        ("plan", CAMPAIGN, SAM, "Armes de poing", "10", "--teacher", "Kid", "--teacher-level", "60"),
        ("plan", CAMPAIGN, SAM, "Armes de poing", "10", "--teacher", "Stranger"),
        ("plan", CAMPAIGN, SAM, "CHC", "10"),
        ("plan", CAMPAIGN, SAM, "Lasso", "0"),
        ("practice", CAMPAIGN, SAM, "--off"),
        ("grant", CAMPAIGN, SAM, "ACV", "--reason", "x"),
        ("improve", CAMPAIGN, SAM, "--grant", "9"),
        ("activity", CAMPAIGN, SAM, "knitting"),
        ("activity", CAMPAIGN, SAM, "hunting", "--terrain", "moon"),
        ("stop", CAMPAIGN, SAM, "3"),
    ):
        result = run(db, "western-parade", "downtime", *args, check=False)
        assert result.returncode == 2, args
        assert result.stdout == "" and result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert run(db, "log", CAMPAIGN, "--json").stdout == before
