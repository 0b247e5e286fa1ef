"""A Western Parade play-test of a long downtime (round 25d): `downtime show` never said a bank's
capital, only the log did (ruling WC37); a dead man's trick practice kept growing after his death
and his idle training foretold a wear that never comes (ruling WC38); the advance said a settled
practice bonus in words of its own, "bonus now 25%" (ruling WC39). Through the real command line
(in process, ``support.run``). Seed 004_cf8278f91236030c.txt (Lnnn), digest
/work/shared/rules/western-parade.md."""

from __future__ import annotations

import re

from support import run
from wp_city import SAM, WP, C, shotgun_city


def _line(db: str, what: str) -> str:
    (line,) = [x.strip() for x in run(db, WP, "downtime", "show", C, SAM).stdout.splitlines() if what in x]
    return line


def _training(db: str) -> str:
    """The sheet's TRAINING section, its cells' wrapping undone."""
    sheet = run(db, "sheet", C, SAM).stdout
    return " ".join(sheet.split("\nTRAINING\n", 1)[1].split())


def test_downtime_show_says_a_bank_s_capital_as_it_stands_S6_8_1_ruling_WC37(db: str) -> None:
    shotgun_city(db)
    run(db, WP, "downtime", "activity", C, SAM, "banking", "--capital", "1000")
    assert _line(db, "activity 1").startswith(
        "activity 1: banking (Banque), a roll every month (30 days), a capital of $1,000.00, next roll "
    )
    run(db, "advance", C, "31d", "--yes")
    # §6.8.1: the month's roll changed the capital; show says what the log's roll left.
    (now,) = re.findall(r"capital now (\$[\d,.]+)", run(db, "log", C, "--kind", "activity rolled").stdout.replace("\n", " "))
    assert f"a capital of {now}, next roll " in _line(db, "activity 1")


def test_a_dead_man_s_trick_practice_stops_at_his_death_S6_6_7_L3593_ruling_WC38(db: str) -> None:
    shotgun_city(db)
    run(db, WP, "downtime", "practice", C, SAM)
    run(db, WP, "downtime", "plan", C, SAM, "Armes de poing", "20")
    run(db, "advance", C, "3d", "--yes")
    # A plan set to 0 leaves its credit idle (§2.6.2 L1434); then a broken throat kills (§3.4.5.3 L2534).
    run(db, WP, "downtime", "plan", C, SAM, "Armes de poing", "0")
    run(db, WP, "body", "wound", C, SAM, "throat", "1", "--kind", "blunt", "--fracture")
    run(db, "advance", C, "20d", "--yes")
    # Three days of practice (+1% a day): the dead practise no more, twenty days later as at death.
    assert _line(db, "trick practice") == "trick practice: +3% to trick shots, ended at death"
    training = _training(db)
    assert "trick shooting 2 hours a day bonus +3%, ended at death" in training, training
    # His credit stays as it stood at death (ruling WC21): no wear after 7 days to foretell.
    armes = _line(db, "Armes de poing")
    assert "banked, ended at death" in armes and "idle" not in armes, armes
    assert "idle" not in training and "hour lost" not in training, training


def test_the_advance_says_a_settled_practice_bonus_as_the_log_does_S6_6_7_L3593_ruling_WC39(db: str) -> None:
    shotgun_city(db)
    run(db, WP, "downtime", "practice", C, SAM)
    advanced = run(db, "advance", C, "26d", "--yes").stdout
    said = f"{SAM} practises trick shooting (+25% to trick shots now, the most practice gives)"
    assert said in advanced, advanced
    assert "bonus now" not in advanced
