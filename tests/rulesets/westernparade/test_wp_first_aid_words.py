"""First aid in words (seed §3.2.4 "Premiers soins et Blessures", digest §5.2), through the real
``chronique`` command line on a real journal of each backend, on scripted dice
(``wp_city.scripted_dice``): a failed first aid that makes a wound bleed more is said so on the
body, never as a negative amount held back (ruling WB52); a first aid's open-ended roll says its
faces and their sum, as every other roll line does, in the command, the log, the export and
``audit show`` (ruling WB53)."""

from __future__ import annotations

import pytest
from support import SAMPLES, log_details, run
from wp_city import scripted_dice
from wp_recorded import events

CAMPAIGN = "Shotgun City"
SAM, DOC = "Sam Parkerson", "Doc Holloway"
WP = "western-parade"
# Ruling WB34: Doc's Premiers soins 85, one roll read at the easy 110, the normal 85 and the difficult 60.
AID = "first aid by Doc Holloway on the cuisse droite: chance 85% (Premiers soins 85), read at easy 110, normal 85 and difficult 60"
# Sam's thigh: 150% of END 16 = 24 PV; 10 damage through and through is a minor wound, (1 + 1) x
# thigh 2 = 4 PH a round (§3.2.3, Table 3.4).
THIGH = "  cuisse droite: minor wound, 14 of 24 PV left; bleeds {rate} PH a round{held}: first aid (Premiers soins) stops it"


def _shot_through_the_thigh(db: str, monkeypatch: pytest.MonkeyPatch, *faces: int) -> None:
    """Sam and Doc in session 1, Sam's right thigh shot through for 10; the dice from then on ``faces``."""
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", WP, "--start", "1873-04-12 08:00")
    for who in ("sam", "doc"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{who}.toml"))
    run(db, "session", "start", CAMPAIGN)
    run(db, WP, "body", "wound", CAMPAIGN, SAM, "right-thigh", "10", "--through")
    scripted_dice(monkeypatch, *faces)


def _first_aid(db: str) -> str:
    return run(db, WP, "body", "first-aid", CAMPAIGN, SAM, "right-thigh", "--by", DOC).stdout


def _thigh(db: str) -> str:
    (line,) = [line for line in run(db, WP, "body", "status", CAMPAIGN, SAM).stdout.splitlines() if "cuisse droite" in line]
    return line


def test_a_failed_first_aid_is_said_on_the_body_to_have_made_the_bleeding_worse_S3_2_4_L1869_ruling_WB52(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # §3.2.4 L1869: 98+98+40 = 236 is over twice the easy 110, a critical failure there: "le
    # patient perd un PH supplémentaire", the thigh bleeds 5 a round (ruling WB9).
    _shot_through_the_thigh(db, monkeypatch, 98, 98, 40, 90)
    assert _first_aid(db) == f"{SAM}: {AID}: rolled 98+98+40 = 236 → one more PH lost\n"
    assert _thigh(db) == THIGH.format(rate=5, held=" (first aid made it worse by 1 PH a round)")
    # 90, a success at the easy 110 only: 1 PH stopped, which makes up for the failure: the
    # thigh bleeds its 4 again, and nothing is said held back.
    assert _first_aid(db) == f"{SAM}: {AID}: rolled 90 → 1 PH stopped\n"
    assert _thigh(db) == THIGH.format(rate=4, held="")


def test_pressing_hands_on_a_wound_a_failed_first_aid_made_worse_say_both_S3_2_3_L1848_S3_2_4_L1869_ruling_WB52(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # §3.2.3 L1848: a hand pressing holds back 2 PH a round, of the 5 the failed first aid left.
    _shot_through_the_thigh(db, monkeypatch, 98, 98, 40)
    _first_aid(db)
    run(db, WP, "body", "press", CAMPAIGN, SAM, "right-thigh", "--hands", "1", "--rounds", "3")
    held = " (first aid made it worse by 1 PH a round, 1 hand pressing holds back 2 for 30 seconds more)"
    assert _thigh(db) == THIGH.format(rate=3, held=held)


def test_a_first_aid_roll_of_several_faces_says_their_sum_everywhere_it_is_said_S3_2_4_S2_1_ruling_WB53(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # §2.1: 98 rolls again; 98+20 = 118 is over the easy 110 but not twice it, a normal failure
    # there: no effect (§3.2.4). The sum is what is read against the three chances.
    _shot_through_the_thigh(db, monkeypatch, 98, 20)
    line = f"{AID}: rolled 98+20 = 118 → no effect"
    assert _first_aid(db) == f"{SAM}: {line}\n"
    (given,) = events(db, CAMPAIGN, "FirstAidGiven")
    assert (given["outcome"]["faces"], given["outcome"]["total"]) == ([98, 20], 118)
    # The log adds the odds at the easy chance the roll is counted at (ruling LK4).
    assert log_details(db, CAMPAIGN, "--kind", "FirstAidGiven") == [
        f"{line} (Doc Holloway had 96% to stop at least 1 PH, at the easy chance)"
    ]
    run(db, "session", "end", CAMPAIGN)
    assert f"| {line}" in run(db, "export", "session", CAMPAIGN, "1").stdout
    ref = f"{given['originator_id'].replace('-', '')[:8]}:{given['originator_version']}"
    assert f"what happened: {line}" in run(db, "audit", "show", ref).stdout.splitlines()


def test_hands_holding_a_wound_back_say_for_how_long_and_what_it_bleeds_once_they_let_go_S3_2_3_L1848_ruling_WB54(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A blade's 9 on Doc's thigh is a minor wound (at most half its 18 PV, 150% of END 12): 1 x
    # thigh 2 = 2 PH a round (§3.2.3); two hands pressing hold back 4 (L1848), "momentanément":
    # three rounds here.
    _shot_through_the_thigh(db, monkeypatch, 98, 98, 40)
    run(db, WP, "body", "wound", CAMPAIGN, DOC, "left-thigh", "9", "--kind", "blade")
    run(db, WP, "body", "press", CAMPAIGN, DOC, "left-thigh", "--hands", "2", "--rounds", "3")
    line = "  cuisse gauche: minor wound, 9 of 18 PV left; bleeding held back by their own hands for 30 seconds more, then {then}"
    remedy = ": first aid (Premiers soins) stops it"
    assert _doc_thigh(db) == line.format(then="2 PH a round" + remedy)
    # Sam's failed first aid on it (§3.2.4 L1869, 236 over twice his easy 80) makes it 3 once
    # the hands let go, still held back by their 4 for now (ruling WB52).
    aid = run(db, WP, "body", "first-aid", CAMPAIGN, DOC, "left-thigh", "--by", SAM).stdout
    assert aid.endswith(": rolled 98+98+40 = 236 → one more PH lost\n")
    assert _doc_thigh(db) == line.format(then="3 PH a round (first aid made it worse by 1 PH a round)" + remedy)


def _doc_thigh(db: str) -> str:
    (line,) = [line for line in run(db, WP, "body", "status", CAMPAIGN, DOC).stdout.splitlines() if "cuisse gauche" in line]
    return line
