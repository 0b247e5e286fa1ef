"""Two findings of a review of Western Parade's downtime: `downtime report` left out what a bank
or a speculation lost or won (§6.8.1, §6.8.9; ruling WC41), and a dead man's improvement rolls
earned in a gunfight still read as pending in `downtime show`, the sheet's JSON and the board
(§2.3, §2.4.1; ruling WC42). Through the real command line (in process, ``support.run``) and
the domain's rules. Seed 004_cf8278f91236030c.txt (Lnnn), digest
/work/shared/rules/western-parade.md."""

from __future__ import annotations

import json

from support import log_details, run
from westernparade_table import SAM, SIRINGO, dice, table
from wp_city import SAM as SAM_NAME
from wp_city import WP, C, shotgun_city

from chronique.domain.gametime import DAY
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade import downtime_events as dev
from chronique.domain.rulesets.westernparade.describe import activity_result
from chronique.domain.rulesets.westernparade.downtime_processes import DowntimeProcesses
from chronique.domain.timeline import advance


def _report(db: str) -> list[str]:
    return [line.strip() for line in run(db, "downtime", "report", C).stdout.splitlines()]


def test_the_downtime_report_lists_a_bank_s_and_a_speculation_s_losses_as_the_log_says_them_S6_8_1_S6_8_9_ruling_WC41(
    db: str,
) -> None:
    shotgun_city(db)
    run(db, WP, "downtime", "activity", C, SAM_NAME, "banking", "--capital", "1000")
    run(db, WP, "downtime", "activity", C, SAM_NAME, "speculation", "--capital", "1000")
    run(db, "session", "end", C)
    run(db, "advance", C, "31d", "--yes")
    # Sam has neither Banque nor Spéculation: each roll is below 5%, no roll, an échec normal
    # (§2.1.1): the bank loses 2% (§6.8.1 L3920), the speculation 20% (§6.8.9 L4024).
    logged = log_details(db, C, "--kind", "activity rolled")
    assert [line.rsplit(" — ", 1)[1] for line in logged] == ["capital now $980.00 ($20.00 lost)", "capital now $800.00 ($200.00 lost)"]
    report = _report(db)
    for line in logged:
        # The report's line is the log's: the roll, then the loss in dollars.
        assert any(r.endswith(f"{SAM_NAME} {line}") for r in report), (line, report)
    assert not any("nothing notable" in r for r in report), report


def test_a_bank_s_gain_is_said_in_dollars_and_listed_as_its_loss_is_S6_8_1_ruling_WC41() -> None:
    world = table(SAM | {"creation": "free", "gains": {"Banque": 40}}, SIRINGO)
    dt.start_activity(world, "Sam Parkerson", "banking", capital=100_000)
    dice(world).add(30)  # 30 at 40%: a réussite normale, +1% (§6.8.1 L3921)
    advance(world.campaign, DowntimeProcesses(world), world.campaign.clock + 31 * DAY)
    (rolled,) = [e for e in world.collect() if isinstance(e, dev.ActivityRolled)]
    assert rolled.outcome["quality"] == "NORM_S"
    rules = ruleset("western-parade")
    said = rules.describe(rolled)
    assert said.endswith("— capital now $1,010.00 ($10.00 gained)"), said
    assert rules.notable(rolled) == said
    # A roll that left the capital as it was, or one of another activity, says no change.
    assert activity_result({"capital_before": 5, "capital": 5}) == "capital now $0.05"
    assert activity_result({"capital_before": 100_000, "capital": 98_000}) == "capital now $980.00 ($20.00 lost)"


def test_a_dead_man_s_improvement_rolls_lapse_at_his_death_S2_3_S2_4_1_ruling_WC42(db: str) -> None:
    shotgun_city(db)
    # §2.4.1: a gunfight earns EXP and SGF rolls now, and a REP roll the timeline makes within the
    # week (§2.4.3); then a broken throat kills him at once (§3.4.5.3 L2534).
    run(db, WP, "downtime", "gunfight", C, SAM_NAME, "--put-out", "2")
    run(db, WP, "body", "wound", C, SAM_NAME, "throat", "1", "--kind", "blunt", "--fracture")
    shown = run(db, WP, "downtime", "show", C, SAM_NAME).stdout
    assert "pending roll" not in shown, shown
    assert "  improvement roll 2 in SGF: active part in a gunfight (§2.4.1), never made: lapsed at death" in shown.splitlines()
    marks = json.loads(run(db, WP, "downtime", "show", C, SAM_NAME, "--json").stdout)["marks"]
    assert marks["pending"] == [] and [g["target"] for g in marks["lapsed"]] == ["EXP", "SGF", "REP"]
    sheet = json.loads(run(db, "sheet", C, SAM_NAME, "--json").stdout)["condition"]["marks"]
    assert sheet["pending"] == [] and [g["target"] for g in sheet["lapsed"]] == ["EXP", "SGF", "REP"]
    # The board foretells no reputation roll of a dead man, a week on or ever.
    run(db, "advance", C, "8d", "--yes")
    assert "reputation roll" not in run(db, "downtime", "board", C).stdout
    assert log_details(db, C, "--kind", "improvement rolled") == []
