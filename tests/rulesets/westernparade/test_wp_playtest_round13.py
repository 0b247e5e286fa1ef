"""A thirteenth Western Parade play-test: a wounded, festering hunter rolled his day at his full
Chasse, where Table 3.6 weighs on every action and an infection divides every skill (ruling
WC33); a man coming to at the very second his day of hunting fell due lost the day as if still
out cold (ruling WC34); first aid, care, a pull and an amputation took a bare ``--modifier N``
where ``roll`` takes ``-m LABEL=VALUE`` (ruling WB59). Over a scripted table, and through the
real command line (in process, ``support.run``, with scripted dice where a roll decides; in a
subprocess, ``support.chronique``). Seed 004_cf8278f91236030c.txt (Lnnn), digest
/work/shared/rules/western-parade.md."""

from __future__ import annotations

import pytest
from support import chronique, log_details, run
from westernparade_table import DOC as DOC_SHEET
from westernparade_table import SAM as SAM_SHEET
from westernparade_table import advanced, dice, of_kind, table
from wp_city import DOC, JOE, SAM, WP, C, refused, scripted_dice, shotgun_city

from chronique.domain.gametime import DAY
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade.downtime_events import ActivityMissed, ActivityRolled


def _flat(text: str) -> str:
    # Help and tables wrap their lines: read as one line of words.
    return " ".join(text.split())


# -- 1. an activity's roll carries what the body does to it (§3.2.7.1 L1980, §3.2.7.2 L1993; WC33) -


def test_a_wounded_festering_hunter_rolls_his_day_with_table_3_6_and_the_infection_S3_2_7_1_L1980_S3_2_7_2_ruling_WC33(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A blade's 6 in Sam's right arm, his weapon arm; Doc's first aid rolls 10, a full stop and a PV
    # back: 5 PV lost, a minor wound after first aid (Table 3.6: -5 in the weapon arm). Sam takes
    # up hunting. A day on, the untreated wound festers (10%, rolled 5) and his day's Chasse 22 is
    # halved the first day of infection (§3.2.7.2): 22 - 11 - 5 = 6%, rolled 4. It was rolled at
    # 22%, and fed 2.2 people where the halved skill feeds 1.1 (§6.16.4: Chasse / 10).
    shotgun_city(db)
    run(db, WP, "body", "wound", C, SAM, "right-arm", "6", "--kind", "blade")
    scripted_dice(monkeypatch, 10, 5, 4)
    run(db, WP, "body", "first-aid", C, SAM, "right-arm", "--by", DOC)
    run(db, WP, "downtime", "activity", C, SAM, "hunting")
    advanced_ = run(db, "advance", C, "1d").stdout
    assert advanced_.splitlines()[1:] == [
        "  1873-04-13 08:00  Sam Parkerson: the bras droit is infected (day 1, 10%)",
        "  1873-04-13 08:00  Sam Parkerson: hunting (Chasse): feeds 1.1 people, or skins worth $5.50 if hunting for them",
    ]
    assert log_details(db, C, "--kind", "ActivityRolled") == [
        "hunting: chance 6% (Chasse 22, infection ÷2 -11, wounds -5): rolled 4 → réussite normale — feeds 1.1 people,"
        " or skins worth $5.50 if hunting for them (Sam Parkerson had 6% to succeed)"
    ]


def test_a_long_distance_run_takes_no_wound_term_its_distance_pays_for_the_wounds_S6_17_2_L5067_ruling_WC33() -> None:
    # §6.17.2 L5067: "on n'applique pas de modificateurs à son jet de compétence" — the run's
    # distance is shortened instead (by the body's wounds at each roll, ruling WB61). A fresh minor wound in Sam's
    # weapon arm (4 of 16 PV; Doc's first aid rolls 10, a full stop, 1 PV back; the treated wound weighs
    # -5 on any other roll, Table 3.6) leaves his Course de longue distance 32 whole; his hunting
    # the same day takes the -5. The untreated wound's infection roll (3 PV lost: 6%), the run and
    # the hunt all roll 50.
    world = table(SAM_SHEET, DOC_SHEET, dice=[10])
    start = world.campaign.clock
    care.wound(world, SAM, "right-arm", 4, kind="blade")
    care.aid(world, SAM, "right-arm", DOC)
    dt.start_activity(world, SAM, "running")
    dt.start_activity(world, SAM, "hunting")
    dice(world).add(50, 50, 50)
    _, recorded = advanced(world, DAY)
    rolled = {e.kind: (e.at - start, e.outcome["terms"]) for e in of_kind(ActivityRolled, recorded)}
    assert rolled == {
        "running": (DAY, {"Course de longue distance": 32}),
        "hunting": (DAY, {"Chasse": 22, "wounds": -5}),
    }


# -- 2. coming to at the very second the roll falls due (§3.2.6, §6.16.4; WC26, WC34) -------------


def test_a_hunter_who_comes_to_at_the_very_second_his_day_falls_due_hunts_it_S3_2_6_L1922_S6_16_4_ruling_WC26_WC34() -> None:
    # A blade's 5 in Sam's head 100 seconds before his day of hunting falls due: the check (§3.2.6,
    # 18%: ceil(5 x 0.5) - 10 + 25) rolls 8, out for 18 - 8 = 10 rounds, to the very second of the
    # roll. Doc's first aid rolls 10: a full stop. Sam comes to, then hunts: Chasse 22 with the
    # treated minor head wound (Table 3.6: -5), 17%, rolled 50. His day was lost "unconscious",
    # the roll fired before his waking at the same second.
    world = table(SAM_SHEET, DOC_SHEET)
    start = world.campaign.clock
    dt.start_activity(world, SAM, "hunting")
    advanced(world, DAY - 100)
    dice(world).add(8, 10)
    out = care.wound(world, SAM, "head", 5, kind="blade", check=True)
    assert out["unconsciousness"]["rounds"] == 10
    care.aid(world, SAM, "head", DOC)
    dice(world).add(50)
    ticks, recorded = advanced(world, 3600)
    assert [t.account for t in ticks if t.due.at == start + DAY] == [
        f"{SAM} comes to",
        f"{SAM}: hunting (Chasse): feeds 0.6 people, or skins worth $3.00 if hunting for them",
    ]
    assert of_kind(ActivityMissed, recorded) == []
    (hunted,) = of_kind(ActivityRolled, recorded)
    assert (hunted.at - start, hunted.outcome["terms"], hunted.outcome["quality"]) == (DAY, {"Chasse": 22, "wounds": -5}, "NORM_F")


# -- 3. one way to give a roll's modifiers: LABEL=VALUE (§2.1; WD17, WB59) --------------------------


def test_first_aid_and_care_take_labelled_modifiers_as_roll_does_S3_2_4_S3_2_7_4_ruling_WB59(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Doc binds Sam's thigh with no compress at hand (-25) in the dark (-10): Premiers soins 85
    # less 35, 50% read at easy 75, normal 50 and difficult 25; rolled 40 stops 2 PH a round of
    # the 2 it bled. His Extraction de balle 79 in the same dark, 69%, rolled 20 (§3.2.7.4).
    shotgun_city(db)
    run(db, WP, "body", "wound", C, SAM, "right-thigh", "5")
    scripted_dice(monkeypatch, 40, 20)
    aided = run(db, WP, "body", "first-aid", C, SAM, "right-thigh", "--by", DOC, "-m", "no compress=-25", "-m", "darkness=-10").stdout
    assert aided == (
        f"{SAM}: first aid by {DOC} on the cuisse droite: chance 50% (Premiers soins 85, darkness -10, no compress -25),"
        " read at easy 75, normal 50 and difficult 25: rolled 40 → 2 PH stopped\n"
    )
    cared = run(db, WP, "body", "care", C, SAM, "right-thigh", "Extraction de balle", "--by", DOC, "--modifier", "darkness=-10").stdout
    assert cared.startswith(
        f"{SAM}: Extraction de balle by {DOC} on the cuisse droite: chance 69% (Extraction de balle 79, darkness -10): rolled 20 →"
    )


@pytest.mark.parametrize(
    "command",
    [
        ("first-aid", C, SAM, "right-thigh", "--by", DOC),
        ("care", C, SAM, "right-thigh", "Extraction de balle", "--by", DOC),
        ("pull", C, SAM, "right-thigh", "--by", JOE),
        ("amputate", C, SAM, "right-thigh", "--by", DOC),
    ],
    ids=["first-aid", "care", "pull", "amputate"],
)
def test_a_body_roll_s_bare_number_is_refused_naming_the_label_form_as_roll_s_ruling_WD17_WB59(db: str, command: tuple[str, ...]) -> None:
    shotgun_city(db)
    run(db, WP, "body", "wound", C, SAM, "right-thigh", "5")
    line = refused(db, WP, "body", *command, "--modifier", "-20")
    assert line == "error: -m takes LABEL=VALUE, a label and a whole number (e.g. -m 'drunk opponent=+60'), not “-20”"
    assert refused(db, WP, "body", *command, "-m", "dark=-250") == "error: the modifier “dark” must be between -200 and 200 (got -250)"


def test_the_body_commands_help_says_LABEL_VALUE_ruling_WB59(db: str) -> None:
    # The help a GM reads, from the real commands in a subprocess.
    for command in ("first-aid", "care", "pull", "amputate"):
        shown = _flat(chronique(db, WP, "body", command, "--help").stdout)
        assert "-m, --modifier TEXT" in shown
        assert "LABEL=VALUE" in shown
        assert "INTEGER" not in shown


# -- 4. the sheet says what weighs on every roll (§3.2.7.1 L1980 Table 3.6, §3.2.7.2 L1993; WB60) --


def test_the_sheet_says_what_wounds_and_an_infection_take_off_every_roll_S3_2_7_1_L1980_S3_2_7_2_ruling_WB60(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Sam's sheet listed Armes de poing 56 and "infected for 1 day" but not what his rolls are
    # made at: his treated minor wound in the weapon arm takes 5 off every roll (Table 3.6), the
    # infection halves every skill its first day (§3.2.7.2). Doc's first aid rolls 10, a full
    # stop; the wound's first daily roll (10%) rolls 5: infected.
    shotgun_city(db)
    unhurt = _flat(run(db, "sheet", C, SAM).stdout)
    assert "on every roll" not in unhurt
    run(db, WP, "body", "wound", C, SAM, "right-arm", "6", "--kind", "blade")
    scripted_dice(monkeypatch, 10, 5)
    run(db, WP, "body", "first-aid", C, SAM, "right-arm", "--by", DOC)
    aided = _flat(run(db, "sheet", C, SAM).stdout)
    assert aided.endswith(
        "blood: 79 of 80 PH; up and about, and wounds heal only at rest (§3.2.8) on every roll: −5 for wounds (Table 3.6)"
    )
    run(db, "advance", C, "1d")
    sheet = _flat(run(db, "sheet", C, SAM).stdout)
    assert "on every roll: −5 for wounds (Table 3.6), every skill ÷2 for an infection (§3.2.7.2)" in sheet
    exported = run(db, "export", "sheet", C, SAM).stdout
    assert "| on every roll | −5 for wounds (Table 3.6), every skill ÷2 for an infection (§3.2.7.2) |" in exported
    # The roll is made so: Armes de poing 56 halved, less 5.
    scripted_dice(monkeypatch, 90)
    rolled = run(db, WP, "roll", C, SAM, "-s", "Armes de poing").stdout
    assert rolled.startswith(f"{SAM}: chance 23% (Armes de poing 56, infection ÷2 -28, wounds -5): rolled 90")
