"""A third Western Parade play-test's gaps, each through the real command line (in process,
``support.run``) on a real journal of each backend, with the vault's real dice: a shot that puts
a bullet in the head printed what the roll made of it but not the roll (ruling WD13); a long
activity's month read "4 weeks, 2 days"; the downtime board called "untreated" a wound the sheet
showed tended. Seed 004_cf8278f91236030c.txt (Lnnn), digest /work/shared/rules/western-parade.md."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import wp_digest as rules
from support import SAMPLES, run
from wp_recorded import aftermath, events, logged

from chronique.domain.rulesets.westernparade.describe import WORDS, improvement_earned, roll, where, wound_done
from chronique.domain.rulesets.westernparade.report import head_bullet_words

CAMPAIGN = "Tombstone"
SAM, JOE, DOC = "Sam Parkerson", "Joe Hambuster", "Doc Holloway"
# Enough outlaws that an aimed shot at the head leaves a bullet in one of them: each shot does
# about three times in four (5 head rolls of the d6 in 6, L2172; no pass-through, no throat).
OUTLAWS = 12


def tombstone(db: str) -> None:
    """The play-test's campaign: Sam, Joe and Doc, session 1 started."""
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1881-10-26 08:00")
    for who in ("sam", "joe", "doc"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{who}.toml"))
    run(db, "session", "start", CAMPAIGN)


def said(event: dict[str, Any]) -> str:
    """The log's own words for a recorded event."""
    return WORDS[event["topic"]](SimpleNamespace(**event))


def details(db: str) -> str:
    """The GM's log table's Details column as one text (Rich wraps a long cell at spaces)."""
    table = run(db, "log", CAMPAIGN, "--gm").stdout
    return " ".join(" ".join(cells[5].strip() for line in table.splitlines() if len(cells := line.split("|")) > 6).split())


def outlaw(db: str, tmp_path: Path, number: int) -> str:
    """A GM's outlaw of END 10, so a 10-PV head (Table 1.6: 100% of END) that the Colt's 5 damage
    enters (half its PV, §3.2.7.3 L1996-L1997); seated in the campaign."""
    name = f"Outlaw {number}"
    text = (SAMPLES / "wp_siringo.toml").read_text(encoding="utf-8").replace('"Charlie Siringo"', f'"{name}"')
    sheet = tmp_path / f"outlaw_{number}.toml"
    sheet.write_text(text.replace("\nEND = 14\n", "\nEND = 10\n"), encoding="utf-8")
    run(db, "character", "new", CAMPAIGN, "--sheet", str(sheet))
    return name


def test_a_shot_that_leaves_a_bullet_in_the_head_prints_the_victim_s_roll_as_the_log_words_it_S3_2_7_3_L1997(
    db: str, tmp_path: Path
) -> None:
    tombstone(db)
    # Sam's aimed shots at the head from 3 m (Armes de poing 56, aim +20, head -20, range +50),
    # each at a fresh outlaw, until one leaves a bullet in a living head (L1997): its victim
    # rolls END or CHC at once (ruling WB23).
    for number in range(1, OUTLAWS + 1):
        target = outlaw(db, tmp_path, number)
        before = len(logged(db, CAMPAIGN))
        printed = run(db, "western-parade", "shoot", CAMPAIGN, SAM, target, "-w", "Colt SA Peacemaker", "--distance", "3", "--aim", "head")
        recorded = logged(db, CAMPAIGN)[before:]
        if any(e["topic"].endswith(":HeadBulletRolled") for e in recorded):
            break
    else:
        raise AssertionError(f"no bullet stayed in any of {OUTLAWS} heads")
    # What it recorded on the characters (the campaign notes its epoch's first draw besides).
    kinds: dict[str, list[dict[str, Any]]] = {}
    for e in recorded:
        kinds.setdefault(e["topic"].rsplit(":", 1)[1], []).append(e)
    earned = kinds.pop("ImprovementGranted", [])
    kinds.pop("Campaign.EpochFirstDrawn", None)
    assert sorted(kinds) == ["HeadBulletRolled", "ShotFired", "WoundTaken"]
    (shot,), (taken,), (rolled,) = kinds["ShotFired"], kinds["WoundTaken"], kinds["HeadBulletRolled"]
    # §2.4.7 L1393-L1399: the hit earns Sam an improvement roll when its total meets the threshold.
    assert len(earned) == (1 if rules.earns(shot["outcome"]["chance"], shot["outcome"]["total"]) else 0)
    assert (shot["location"], shot["damage"]["pass_through"], taken["location"]) == ("head", False, "head")
    # The shot's roll and hit, the wound it did (the part of the log's line the hit does not
    # repeat), then the victim's roll as the log says it, then what it makes of the bullet,
    # which the log does not say; then the improvement roll the shot earned Sam, if it did.
    wound = wound_done(SimpleNamespace(**taken))
    assert (
        said(taken) == f"wounded in the {where('head')}: {taken['damage']} points of bullet damage (Colt SA Peacemaker of {SAM}); {wound}"
    )
    assert printed.stdout.splitlines() == [
        f"{SAM}: {roll(shot['outcome'])}",
        f"hit {target} in the {where('head')} for {shot['damage']['total']} damage",
        f"{target}: {wound}",
        f"{target}: {said(rolled)}",
        head_bullet_words(target, rolled["status"]),
        *(f"{SAM} {improvement_earned(SimpleNamespace(**e))}" for e in earned),
    ]
    # As every table command's lines under its rolls are read off the log (wp_recorded).
    assert printed.stdout == "\n".join(printed.stdout.splitlines()[:2]) + "\n" + aftermath(db, CAMPAIGN, before)
    # Each said once; the roll's words are the log's, in its table too.
    assert printed.stdout.count(said(rolled)) == 1 and printed.stdout.count(head_bullet_words(target, rolled["status"])) == 1
    assert said(rolled).startswith("roll for the bullet in the head: chance ") and said(rolled) in details(db)


def test_a_long_activity_s_month_and_year_read_as_the_rulebook_names_them_S6_8_1_L3916_S6_8_9_S6_10_4_ruling_WC6(db: str) -> None:
    tombstone(db)
    downtime = ("western-parade", "downtime")
    # §6.8.1 L3916: a banking roll every month, 30 days long (ruling WC6); §6.8.9 L4020: a yearly
    # speculation; §6.10.4 L4153: a panning roll per half-day of work; §6.15 L4731: survival weekly.
    started = [
        run(db, *downtime, "activity", CAMPAIGN, DOC, "banking", "--capital", "100000").stdout,
        run(db, *downtime, "activity", CAMPAIGN, DOC, "speculation", "--capital", "50000", "--yearly").stdout,
        run(db, *downtime, "activity", CAMPAIGN, SAM, "panning").stdout,
        run(db, *downtime, "activity", CAMPAIGN, SAM, "survival", "--skill", "Survie dans le désert").stdout,
    ]
    assert started == [
        f"{DOC}: activity 1 banking (Banque), a roll every month (30 days)\n",
        f"{DOC}: activity 2 speculation (Spéculation), a roll every year (365 days)\n",
        f"{SAM}: activity 1 panning (Tamisage), a roll every half-day (12 hours)\n",
        f"{SAM}: activity 2 survival (Survie dans le désert), a roll every week\n",
    ]
    # The log says each period as the command did.
    took = [said(e) for e in events(db, CAMPAIGN, "ActivityStarted")]
    assert took == [
        "took up banking (Banque), a roll every month (30 days)",
        "took up speculation (Spéculation), a roll every year (365 days)",
        "took up panning (Tamisage), a roll every half-day (12 hours)",
        "took up survival (Survie dans le désert), a roll every week",
    ]
    # The board, too, and the character's downtime.
    board = {line["what"] for line in json.loads(run(db, "downtime", "board", CAMPAIGN, "--json").stdout)}
    assert {
        "the next roll of banking (Banque), rolled every month (30 days)",
        "the next roll of speculation (Spéculation), rolled every year (365 days)",
        "the next roll of panning (Tamisage), rolled every half-day (12 hours)",
        "the next roll of survival (Survie dans le désert), rolled every week",
    } <= board
    shown = run(db, *downtime, "show", CAMPAIGN, DOC).stdout.splitlines()
    assert "  activity 1: banking (Banque), a roll every month (30 days), next roll 1881-11-25 08:00" in shown
    assert not any("weeks" in line for line in [*started, *took, *board, *shown])


def test_a_tended_wound_is_rolled_for_infection_only_while_a_bullet_is_in_and_the_board_says_so_S3_2_7_2_ruling_WB15(db: str) -> None:
    tombstone(db)
    body = ("western-parade", "body")
    # A knife's scratch on the arm and a bullet left in a scratched thigh (neither bleeds, §3.2.3),
    # both tended by Sam with Bandages.
    run(db, *body, "wound", CAMPAIGN, JOE, "left-arm", "1", "--kind", "blade")
    run(db, *body, "wound", CAMPAIGN, JOE, "right-thigh", "2")
    for location in ("left-arm", "right-thigh"):
        tended = run(db, *body, "tend", CAMPAIGN, JOE, location, "--by", SAM).stdout
        assert tended == f"{JOE}'s {where(location)}: tended by {SAM} (Bandages)\n"
    status = run(db, *body, "status", CAMPAIGN, JOE).stdout
    assert f"tended by {SAM} (Bandages)" in status and "a bullet is still in" in status
    # §3.2.7.2 and footnote 8 (ruling WB15): the tended cut does not fester, no roll is due for
    # it; the tended thigh is still rolled for while the bullet stays in, and the board says why
    # rather than calling "untreated" a wound the sheet shows tended.
    infection = [
        line["what"] for line in json.loads(run(db, "downtime", "board", CAMPAIGN, "--json").stdout) if "infection" in line["what"]
    ]
    thigh = f"the wound in the {where('right-thigh')}, tended by {SAM} but with a bullet still in it"
    assert infection == [f"the daily infection roll of {thigh}"]
    run(db, "advance", CAMPAIGN, "1d", "--yes")
    (rolled,) = events(db, CAMPAIGN, "InfectionRolled")
    assert rolled["location"] == "right-thigh"
    words = said(rolled)
    assert words.startswith(f"day 1 of {thigh}: infection ")
    assert words in details(db)


def test_a_bullet_in_the_head_names_its_victim_as_the_sheet_spells_him_S3_2_7_3(db: str) -> None:
    # §3.2.7.3 L1997: a bullet in the head rolls at once; what the table reads names the victim by
    # his sheet, whatever case was typed.
    run(db, "campaign", "new", "Tombstone", "--ruleset", "western-parade", "--start", "1881-10-26 08:00")
    run(db, "character", "new", "Tombstone", "--sheet", str(SAMPLES / "wp_sam.toml"))
    said = run(db, "western-parade", "body", "wound", "Tombstone", "sam parkerson", "head", "8").stdout
    assert "sam parkerson" not in said and "the bullet stays in Sam Parkerson's head; the roll for it: " in said, said
