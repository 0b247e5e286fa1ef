"""A play-test found ``western-parade body`` commands printing less than the log records: a care
skill's line without its chance or roll, a first aid's critical success without the PV it gives
back or the improvement roll it earns the first-aider. Each body and downtime command that rolls
or does something now prints, for every event it recorded on a character, the log's own words,
by the name of whom it was recorded on. Through the real command line, in process, on a real
journal of each backend; the log is read back with ``log --json --gm`` (wp_recorded) and as the
GM's ``log`` table shows it. Each line is held to the events its dice made; where the line's
words follow from what the dice gave, the dice are scripted (``wp_city.scripted_dice``) and the
line is exact."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from support import SAMPLES, run
from wp_city import scripted_dice
from wp_recorded import logged

from chronique.domain.rulesets.westernparade.describe import WORDS
from chronique.domain.rulesets.westernparade.report import head_bullet_words

CAMPAIGN = "Tombstone"
SAM, JOE, DOC = "Sam Parkerson", "Joe Hambuster", "Doc Holloway"


def tombstone(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for who in ("sam", "joe", "doc"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{who}.toml"))
    run(db, "session", "start", CAMPAIGN)


def details(db: str) -> str:
    """The GM's log table's Details column as one text (Rich wraps a long cell at spaces)."""
    table = run(db, "log", CAMPAIGN, "--gm").stdout
    return " ".join(" ".join(cells[5].strip() for line in table.splitlines() if len(cells := line.split("|")) > 6).split())


def told(db: str, *command: str) -> tuple[list[str], list[str]]:
    """What ``western-parade COMMAND`` printed, line by line, and the log's words for each event it
    recorded on a character, as ``NAME: WORDS``; each of those words is in the log's table too."""
    before = len(logged(db, CAMPAIGN))
    printed = run(db, "western-parade", *command).stdout.splitlines()
    recorded = logged(db, CAMPAIGN)
    names = {e["originator_id"]: e["name"] for e in recorded if e["topic"].endswith("Character.Created")}
    mine = [(names[e["originator_id"]], WORDS[e["topic"]](SimpleNamespace(**e))) for e in recorded[before:] if e["originator_id"] in names]
    shown = details(db)
    assert all(" ".join(words.split()) in shown for _, words in mine), (mine, shown)
    return printed, [f"{name}: {words}" for name, words in mine]


def test_a_care_skill_prints_its_chance_roll_and_what_it_did_as_the_log_S3_2_7_4(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    tombstone(db)
    # A bullet's 9 damage to Joe's left arm (14 PV): a major wound bleeding 2 PH a round (§3.2.3).
    run(db, "western-parade", "body", "wound", CAMPAIGN, JOE, "left-arm", "9")
    # Doc's Extraction de balle, (Chirurgie + INT + CHC)/2 = 79 (§6.18), on a first attempt: the
    # scripted 50 is a réussite normale (Table 2.1): the bullet out for 1 more damage, and the
    # first attempt's bleed of 1 PH a minute until first aid (§3.2.7.4 L2006).
    scripted_dice(monkeypatch, 50)
    printed, said = told(db, "body", "care", CAMPAIGN, JOE, "left-arm", "Extraction de balle", "--by", DOC)
    assert said == [
        f"{JOE}: Extraction de balle by {DOC} on the bras gauche: chance 79% (Extraction de balle 79): rolled 50 → réussite normale"
        " — the bullet is out; 1 more damage to the location; the wound bleeds 1 PH a minute until first aid"
    ]
    # The log's line, then the arm as it stands now, which the log does not say.
    assert printed == [
        *said,
        "  bras gauche: major wound, 4 of 14 PV left; bleeds 2 PH a round: first aid (Premiers soins) stops it;"
        " the extraction bleeds 1 PH a minute until any first aid stops some blood",
    ]


def test_a_full_stop_prints_the_PV_back_and_the_first_aider_s_improvement_roll_S3_2_4_L1870(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    tombstone(db)
    # Doc's Premiers soins 85, +200 from the GM: read at 260 against the difficult chance, any
    # total up to 130 is a critical success there (Table 2.1: half the chance), a full stop: the
    # scripted d100 30.
    limb = "left-arm"
    run(db, "western-parade", "body", "wound", CAMPAIGN, SAM, limb, "4", "--kind", "blade")
    scripted_dice(monkeypatch, 30)
    printed, said = told(db, "body", "first-aid", CAMPAIGN, SAM, limb, "--by", DOC, "-m", "modifier=+200")
    assert printed == said
    # The patient's line, then the one the log records on Doc: the improvement roll he earned.
    assert printed[0].startswith(f"{SAM}: first aid by {DOC} on the bras gauche: ") and printed[0].endswith(
        "rolled 30 → stopped, 1 PV back"
    )
    assert printed[1:] == [
        f"{DOC}: earned an improvement roll in Premiers soins: first aid: critical success against the difficult chance (§3.2.4)"
    ]
    body = json.loads(run(db, "western-parade", "body", "status", CAMPAIGN, SAM, "--json").stdout)
    assert body["wounds"][limb]["damage"] == 3  # the 4 damage less the PV given back


def test_out_of_action_then_the_END_roll_to_act_again_print_the_log_S3_2_5_1_L1894(db: str) -> None:
    tombstone(db)
    # 17 of the arm's 16 PV: a critical wound elsewhere than the head, heart, flanks or abdomen
    # costs the rest of the round, then an END roll is due to act again (L1894-L1896).
    run(db, "western-parade", "body", "wound", CAMPAIGN, SAM, "left-arm", "17", "--kind", "blade")
    printed, said = told(db, "body", "out-of-action", CAMPAIGN, SAM, "left-arm")
    assert printed == said and len(said) == 1
    assert said[0].startswith(f"{SAM}: put out of action by the critical wound in the bras gauche: loses the rest of this round")
    printed, said = told(db, "body", "rally", CAMPAIGN, SAM)
    assert printed == said and said[0].startswith(f"{SAM}: END roll to act again: chance 58% (END roll 58): rolled ")


def test_a_bullet_in_the_head_prints_the_wound_and_the_victim_s_roll_as_the_log_S3_2_7_3_L1997(db: str) -> None:
    tombstone(db)
    # 8 of Sam's 16 head PV: the bullet enters, and his roll for it follows at once (ruling WB23).
    printed, said = told(db, "body", "wound", CAMPAIGN, SAM, "head", "8")
    assert [line.split(": ", 2)[1] for line in said] == ["wounded in the tête", "roll for the bullet in the head"]
    (rolled,) = (e for e in logged(db, CAMPAIGN) if e["topic"].endswith(":HeadBulletRolled"))
    # The log's two lines, then what the roll makes of the bullet in the table's words.
    assert printed == [*said, head_bullet_words(SAM, rolled["status"])]


def test_a_wound_that_leaves_him_beyond_saving_says_so_S3_2_4_L1878(db: str) -> None:
    tombstone(db)
    # A major thigh wound bleeds 4 PH a round (§3.2.3): 80 PH are 76 at once, -36 twenty-eight
    # rounds later; a second major thigh wound's 4 PH at once take him to -40, half his base:
    # beyond saving (L1878), and the line says it.
    run(db, "western-parade", "body", "wound", CAMPAIGN, SAM, "right-thigh", "13", "--kind", "blade")
    run(db, "advance", CAMPAIGN, "4m40s", "--yes")
    printed, said = told(db, "body", "wound", CAMPAIGN, SAM, "left-thigh", "13", "--kind", "blade")
    assert (
        printed
        == said
        == [f"{SAM}: wounded in the cuisse gauche: 13 points of blade damage; a major wound, 4 PH lost at once; beyond saving"]
    )


def test_an_amputation_prints_both_rolls_and_what_came_of_them_as_the_log_S6_18_1(db: str) -> None:
    tombstone(db)
    run(db, "western-parade", "body", "wound", CAMPAIGN, SAM, "left-hand", "9", "--kind", "blade")
    printed, said = told(db, "body", "amputate", CAMPAIGN, SAM, "left-hand", "--by", DOC)
    assert printed == said and len(said) == 1
    assert said[0].startswith(f"{SAM}: Amputation by {DOC} on the main gauche: chance ")


def test_an_improvement_roll_and_a_plan_print_the_log_S2_3_S2_7_L1459(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    tombstone(db)
    # §2.5 L1411: a skill's improvement roll succeeds above its score, Armes de poing 56: the
    # scripted 80 does; L1413: it rises by 1d4 + 3, the scripted 2: by 5.
    scripted_dice(monkeypatch, 80, 2)
    printed, said = told(db, "downtime", "improve", CAMPAIGN, SAM, "--target", "Armes de poing", "--reason", "a fine shot")
    assert printed == said == [f"{SAM}: improvement roll in Armes de poing: rolled 80 against 56 — Armes de poing rises by 5 (3 + d4 2)"]
    run(db, "western-parade", "downtime", "plan", CAMPAIGN, JOE, "FOR", "10")
    # §2.7 L1459-L1461: one characteristic at a time; leaving FOR for AGI loses its progress.
    printed, said = told(db, "downtime", "plan", CAMPAIGN, JOE, "AGI", "10")
    assert said == [f"{JOE}: trains AGI 10 hours a week alone; the progress in FOR is lost"]
    assert printed == [*said, f"{JOE} now trains: AGI, 10 hours a week"]
