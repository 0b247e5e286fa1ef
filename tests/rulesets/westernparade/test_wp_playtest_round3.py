"""A third Western Parade play-test's gaps, each through the real command line (in process,
``support.run``) on a real journal of each backend, with the vault's real dice, but for the shot
played on scripted dice (``wp_city.scripted_dice``): a shot that puts a bullet in the head printed
what the roll made of it but not the roll (ruling WD13); a long
activity's month read "4 weeks, 2 days"; the downtime board called "untreated" a wound the sheet
showed tended. Seed 004_cf8278f91236030c.txt (Lnnn), digest /work/shared/rules/western-parade.md."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import wp_digest as rules
from support import SAMPLES, run
from westernparade_table import DOC as DOC_SHEET
from westernparade_table import JOE as JOE_SHEET
from westernparade_table import SAM as SAM_SHEET
from westernparade_table import dice, table
from wp_city import scripted_dice
from wp_recorded import aftermath, events, logged

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, HOUR, WEEK
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.westernparade import body_events as be
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade.combat import ShotSetup
from chronique.domain.rulesets.westernparade.describe import WORDS, _improvement, improvement_earned, roll, where, wound_done
from chronique.domain.rulesets.westernparade.events import ShotFired
from chronique.domain.rulesets.westernparade.play import shoot
from chronique.domain.rulesets.westernparade.report import body_lines, death_words, head_bullet_words
from chronique.domain.rulesets.westernparade.view import sheet_view
from chronique.domain.timeline import advance
from chronique.domain.world import World

CAMPAIGN = "Tombstone"
# Sam with his guns (Armes de poing 56; the Colt's fixed 5 damage, Table 5.1).
GUNS = {**SAM_SHEET, "weapons": ["Colt SA Peacemaker", "Winchester 73 Carabine", "Minié"]}
SAM, JOE, DOC = "Sam Parkerson", "Joe Hambuster", "Doc Holloway"


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
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tombstone(db)
    # Sam's aimed shot at an outlaw's head from 3 m (Armes de poing 56, head -20, range +50:
    # 86%): 40, at most half 86, a réussite critique; Table 3.14's d6 1, the head; the Colt's 5
    # and the critical's 1d6cum 2: 7 of the outlaw's 10 head PV, half or more, and 40 is not under
    # 7, no pass-through: the bullet stays (L1997) in a living head, and its victim rolls END or
    # CHC at once (ruling WB23).
    target = outlaw(db, tmp_path, 1)
    before = len(logged(db, CAMPAIGN))
    scripted_dice(monkeypatch, 40, 1, 2, 50, 10)
    printed = run(db, "western-parade", "shoot", CAMPAIGN, SAM, target, "-w", "Colt SA Peacemaker", "--distance", "3", "--aim", "head")
    recorded = logged(db, CAMPAIGN)[before:]
    # What it recorded on the characters (the campaign notes its epoch's first draw besides).
    kinds: dict[str, list[dict[str, Any]]] = {}
    for e in recorded:
        kinds.setdefault(e["topic"].rsplit(":", 1)[1], []).append(e)
    earned = kinds.pop("ImprovementGranted", [])
    kinds.pop("Campaign.EpochFirstDrawn", None)
    assert sorted(kinds) == ["HeadBulletRolled", "ShotFired", "WoundTaken"]
    (shot,), (taken,), (rolled,) = kinds["ShotFired"], kinds["WoundTaken"], kinds["HeadBulletRolled"]
    # §2.4.7 L1393-L1399: 40 at 86, at most its half, earns Sam an improvement roll.
    assert rules.earns(86, 40) and len(earned) == 1
    # A major head wound: its unconsciousness check, d100 50 over 32%; then the outlaw's roll
    # under the better of his jEND and jCHC, jCHC 36 (WB23): 10, a réussite critique: flattened (L1998).
    assert printed.stdout == (
        f"{SAM}: chance 86% (Armes de poing 56, location -20, range +50): rolled 40 → réussite critique\n"
        f"hit {target} in the tête for 7 damage\n"
        f"{target}: a major wound, 2 PH lost at once; unconsciousness 32% (d100 50): stays conscious\n"
        f"{target}: roll for the bullet in the head: chance 36% (CHC roll 36): rolled 10 → réussite critique — the bullet is flattened\n"
        f"the bullet stays in {target}'s head; the roll for it: it flattened on the skull and comes off without a roll for one"
        " more point of damage (Extraction de balle)\n"
        f"{SAM} earned an improvement roll in Armes de poing: success at 86% with 40 (§2.4.7, §2.5)\n"
    )
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
        run(db, *downtime, "activity", CAMPAIGN, DOC, "banking", "--capital", "1000").stdout,
        run(db, *downtime, "activity", CAMPAIGN, DOC, "speculation", "--capital", "500", "--yearly").stdout,
        run(db, *downtime, "activity", CAMPAIGN, SAM, "panning").stdout,
        run(db, *downtime, "activity", CAMPAIGN, SAM, "survival", "--skill", "Survie dans le désert").stdout,
    ]
    assert started == [
        f"{DOC}: activity 1 banking (Banque), a roll every month (30 days), a capital of $1,000.00\n",
        f"{DOC}: activity 2 speculation (Spéculation), a roll every year (365 days), a capital of $500.00\n",
        f"{SAM}: activity 1 panning (Tamisage), a roll every half-day (12 hours)\n",
        f"{SAM}: activity 2 survival (Survie dans le désert), a roll every week\n",
    ]
    # The log says each period as the command did, and the capital (ruling WC31).
    took = [said(e) for e in events(db, CAMPAIGN, "ActivityStarted")]
    assert took == [
        "took up banking (Banque), a roll every month (30 days), a capital of $1,000.00",
        "took up speculation (Spéculation), a roll every year (365 days), a capital of $500.00",
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
    # With the capital as it stands (ruling WC37).
    assert "  activity 1: banking (Banque), a roll every month (30 days), a capital of $1,000.00, next roll 1881-11-25 08:00" in shown
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


# -- round 3, the second play-tester's list (Shotgun City) -------------------------------------------

C = "Shotgun City"
WP = "western-parade"


def shotgun_city(db: str) -> None:
    """The second play-tester's party: Sam, Joe and Doc, session 1 started."""
    run(db, "campaign", "new", C, "--ruleset", WP, "--start", "1873-04-12 08:00")
    for who in ("sam", "joe", "doc"):
        run(db, "character", "new", C, "--sheet", str(SAMPLES / f"wp_{who}.toml"))
    run(db, "session", "start", C)


def as_the_log_names(ref: str) -> str:
    """A full reference (``<uuid>:<version>``) as ``chronique log`` prints it (``4ba03a80:3``)."""
    originator, version = ref.split(":")
    return f"{originator.replace('-', '')[:8]}:{version}"


def refs(db: str, kind: str, name: str) -> list[str]:
    """The events of ``kind`` recorded on ``name``, oldest first, as ``chronique log`` names them."""
    recorded = logged(db, C)
    ids = {e["originator_id"] for e in recorded if e["topic"].endswith("Character.Created") and e["name"] == name}
    return [
        f"{e['originator_id']}:{e['originator_version']}" for e in recorded if e["topic"].endswith(f":{kind}") and e["originator_id"] in ids
    ]


def refused(db: str, *args: str) -> str:
    """A command refused as bad input: its one line of error, exit 2, nothing recorded."""
    before = len(logged(db, C))
    out = run(db, *args, check=False)
    assert out.returncode == 2, (out.stdout, out.stderr)
    (line,) = out.stderr.strip().splitlines()
    assert len(logged(db, C)) == before
    return line


def status(db: str, name: str) -> str:
    return run(db, WP, "body", "status", C, name).stdout


# 2. A correction that changed nothing (ruling WB31; WB28, DESIGN.md "Corrections").


def test_a_voided_second_hit_to_a_wound_first_aid_followed_is_refused_naming_the_event_that_holds_it_ruling_WB31(db: str) -> None:
    shotgun_city(db)
    # §3.2.3: two bullets in Doc's right thigh (18 PV), 3 then 5 damage, both minor: 2 PH lost at
    # once each; then Sam's first aid on the thigh (§3.2.4), whatever it rolls.
    run(db, WP, "body", "wound", C, DOC, "right-thigh", "3")
    run(db, WP, "body", "wound", C, DOC, "right-thigh", "5")
    run(db, WP, "body", "first-aid", C, DOC, "right-thigh", "--by", SAM)
    (_, second) = refs(db, "WoundTaken", DOC)
    (aid,) = refs(db, "FirstAidGiven", DOC)
    before = status(db, DOC)
    # 8 of its 18 PV lost, one back if the first aid stopped it all (L1870).
    left = 10 + (1 if events(db, C, "FirstAidGiven")[0]["result"]["full"] else 0)
    assert f"{where('right-thigh')}: minor wound, {left} of 18 PV left" in before
    # The first aid was given to the wound both bullets made: its recorded body holds the second
    # hit's damage and blood, which a replay without that hit cannot take back. Refused, saying
    # which event holds it; nothing recorded, the body as it was.
    line = refused(db, "correct", second, "--reason", "the second shot missed")
    assert line == (
        f"error: later events of {DOC} depend on event {as_the_log_names(second)}; "
        f"void them first: event {as_the_log_names(aid)} still holds the voided hit to the {where('right-thigh')}"
    )
    assert status(db, DOC) == before
    # Voided with the first aid that holds it, the second hit is gone: the thigh holds the first
    # bullet's 3 damage, the blood its 2 PH (the clock has not moved).
    run(db, "correct", aid, "--reason", "the second shot missed")
    run(db, "correct", second, "--reason", "the second shot missed")
    after = status(db, DOC)
    assert f"{where('right-thigh')}: minor wound, 15 of 18 PV left" in after and "blood: 58 of 60 PH" in after


def test_a_voided_second_hit_with_nothing_recorded_since_leaves_the_first_hit_alone_ruling_WB31(db: str) -> None:
    shotgun_city(db)
    run(db, WP, "body", "wound", C, DOC, "right-thigh", "3")
    only_first = status(db, DOC)
    run(db, WP, "body", "wound", C, DOC, "right-thigh", "5")
    (_, second) = refs(db, "WoundTaken", DOC)
    run(db, "correct", second, "--reason", "the second shot missed")
    # The state a replay without the voided hit gives: the body the first hit left.
    assert status(db, DOC) == only_first
    assert f"{where('right-thigh')}: minor wound, 15 of 18 PV left" in only_first


def test_a_later_hit_to_the_same_location_holds_a_voided_earlier_hit_and_refuses_the_correction_ruling_WB31(db: str) -> None:
    shotgun_city(db)
    run(db, WP, "body", "wound", C, DOC, "right-thigh", "3")
    run(db, WP, "body", "wound", C, DOC, "right-thigh", "5")
    first, second = refs(db, "WoundTaken", DOC)
    # The second hit's body adds its 5 damage to the first's 3: voiding the first would leave
    # both in the thigh.
    line = refused(db, "correct", first, "--reason", "the first shot missed")
    # Ruling UN18: the later event named as the log prints it, as the voided one is.
    assert line.endswith(f"void them first: event {as_the_log_names(second)} still holds the voided hit to the {where('right-thigh')}")


# 3. and 4. A death's cause names the location in the rulebook's words; a dead man's wounds stop.


def infected_to_death() -> tuple[World, list[str]]:
    """Joe's scratched right arm (1 of 14 PV: no bleeding, §3.2.3) left untreated: the day-1
    infection roll, 1 under 2% (§3.2.7.2), infects it; the infection kills in 15 days (WB11).
    Then four weeks more. Returns the table and what the advance said."""
    world = table(SAM_SHEET, JOE_SHEET)
    care.wound(world, JOE, "right-arm", 1, kind="blade")
    dice(world).add(1)
    said = [tick.account for tick in advance(world.campaign, ruleset(WP).processes(world), world.campaign.clock + 3 * WEEK)]
    advance(world.campaign, ruleset(WP).processes(world), world.campaign.clock + 4 * WEEK)
    return world, said


def test_a_death_by_infection_names_the_location_as_the_rulebook_does_in_the_advance_the_log_and_the_sheet_S3_2_7_2() -> None:
    world, said = infected_to_death()
    arm = where("right-arm")
    assert said == [f"{JOE}: the {arm} is infected (day 1, 2%)", f"{JOE} dies (infection of the {arm})"]
    (died,) = [e for e in world.collect() if isinstance(e, be.Died)]
    assert ruleset(WP).describe(died) == f"died (infection of the {arm})"
    joe = world.character(JOE)
    # The section by its title: the training section (ruling WC19) now comes after it.
    (blood,) = [s for s in sheet_view(world, joe, gm=False).sections if s.title == "Blood and state"]
    facts = dict(blood.groups[0].rows)
    assert facts["state"] == f"dead (infection of the {arm})"


def test_a_cause_recorded_with_the_location_s_key_reads_in_the_rulebook_s_words_S3_2_7_2() -> None:
    # Deaths recorded before kept the key ("right-arm"); the log and the sheet read it in words.
    assert death_words("infection of the right-arm") == f"infection of the {where('right-arm')}"
    assert death_words("gangrene of the left-thigh") == f"gangrene of the {where('left-thigh')}"
    assert death_words("blood loss") == "blood loss"


def test_a_dead_man_s_sheet_shows_his_wounds_as_they_were_when_he_died_no_clock_no_remedy_S3_2_7_2() -> None:
    world, _ = infected_to_death()
    joe = world.character(JOE)
    rows = {row[0]: row for row in sheet_view(world, joe, gm=False).sections[4].groups[0].rows}
    # Infected on day 1 at 08:00, dead 15 days later; four weeks on, the sheet still says 15 days.
    assert rows["Bras droit"] == ("Bras droit", "13 of 14", "scratch", "infected for 2 weeks, 1 day at death")
    assert not any("clean it" in " ".join(row) or "cauterise" in " ".join(row) for row in rows.values())


# 5. A bullet that went through, in the log (and so in the export and in audit show): §3.3.1 L2153.


def test_the_log_says_a_bullet_went_through_and_a_roll_under_the_damage_counts_as_extraordinary_S3_3_1_L2153_ruling_WA20() -> None:
    # Sam's Colt (5 damage) at Joe, 20 m, chance 56: 6 is a réussite critique (≤ 28, not ≤ 5);
    # d30 12; the critical 1d6cum 5 makes 10 damage, above the roll: the bullet goes through,
    # its exit 1d6cum 4 (§3.3.1 L2153: "on considère qu'on a affaire à une réussite extraordinaire").
    world = table(GUNS, JOE_SHEET, dice=(6, 12, 5, 4))
    shoot(world, SAM, JOE, "Colt SA Peacemaker", ShotSetup(distance_m=20))
    (shot,) = [e for e in world.collect() if isinstance(e, ShotFired)]
    assert (shot.outcome["quality"], shot.damage["pass_through"], shot.damage["total"]) == ("CRIT_S", True, 14)
    assert (
        ruleset(WP)
        .describe(shot)
        .endswith(
            f"rolled 6 → réussite critique; hit in the {where(shot.location)}, 14 points of damage; "
            "6 is under the 10 damage, a réussite extraordinaire: the bullet went through, +4 on the way out (§3.3.1)"
        )
    )


def test_an_extraordinary_hit_says_only_that_the_bullet_went_through_and_one_that_stayed_in_says_nothing_S3_3_1() -> None:
    # 3 is EXTRA (≤ 5): critical 6 + 2, exit 4. 20 is a réussite critique (critical 3, 8 damage):
    # the bullet stays in.
    extra = table(GUNS, JOE_SHEET, dice=(3, 12, 6, 2, 4))
    shoot(extra, SAM, JOE, "Colt SA Peacemaker", ShotSetup(distance_m=20))
    (through,) = [e for e in extra.collect() if isinstance(e, ShotFired)]
    assert ruleset(WP).describe(through).endswith("17 points of damage; the bullet went through, +4 on the way out (§3.3.1)")
    kept = table(GUNS, JOE_SHEET, dice=(20, 12, 3))
    shoot(kept, SAM, JOE, "Colt SA Peacemaker", ShotSetup(distance_m=20))
    (stayed,) = [e for e in kept.collect() if isinstance(e, ShotFired)]
    assert ruleset(WP).describe(stayed).endswith(f"hit in the {where(stayed.location)}, 8 points of damage")


def test_audit_show_and_the_log_say_the_bullet_went_through_S3_3_1(db: str) -> None:
    shotgun_city(db)
    # 50 GM's favours of 200 bring the chance to 10,056%: a réussite extraordinaire unless the
    # open-ended d100 comes up 96 or more ten times running (§2.1); it goes through (§3.3.1).
    bonus = [arg for n in range(1, 51) for arg in ("-m", f"favour {n}=200")]
    run(db, WP, "shoot", C, SAM, JOE, "-w", "Colt SA Peacemaker", "--distance", "20", *bonus)
    (shot,) = events(db, C, "ShotFired")
    assert shot["damage"]["pass_through"]
    went = f"the bullet went through, +{sum(shot['damage']['exit'])} on the way out (§3.3.1)"
    shown = run(db, "audit", "show", f"{shot['originator_id'][:8]}:{shot['originator_version']}").stdout
    (happened,) = [line for line in shown.splitlines() if line.startswith("what happened: ")]
    assert happened.endswith(f"points of damage; {went}")
    assert said(shot).endswith(went)


# 6. Wording.


def test_a_one_face_improvement_roll_says_its_roll_once_S2_3() -> None:
    one = {"target": "Pugilat", "faces": [74], "total": 74, "current": 58, "marks": 0, "bonus": 0, "gain": 0, "marks_after": 1}
    assert (
        _improvement(SimpleNamespace(outcome=one))
        == "improvement roll in Pugilat: rolled 74 against 58 — Pugilat does not rise, 1 check-mark now"
    )
    # An open-ended roll (§2.1) shows its faces and their sum.
    two = one | {"faces": [97, 3], "total": 100, "gain": 6, "d4": 3}
    assert "rolled 97+3 = 100 against 58 — Pugilat rises by 6 (3 + d4 3)" in _improvement(SimpleNamespace(outcome=two))


def test_a_wound_infected_this_very_moment_reads_just_infected_not_infected_for_no_time_S3_2_7_2() -> None:
    world = table(SAM_SHEET, JOE_SHEET)
    care.wound(world, JOE, "right-arm", 1, kind="blade")
    dice(world).add(1)
    advance(world.campaign, ruleset(WP).processes(world), world.campaign.clock + DAY)  # the day-1 roll, at the day's end
    joe = world.character(JOE)
    lines = body_lines(JOE, care.body_now(world, joe), care.env(world, joe), world.campaign.clock)
    (arm,) = [line for line in lines if where("right-arm") in line]
    assert "just infected: clean it (Nettoyage d'une blessure) or cauterise it" in arm and "no time" not in arm


def test_healing_set_to_hollywood_reads_healing_is_now_hollywood_S3_2_8(db: str) -> None:
    shotgun_city(db)
    assert run(db, "campaign", "set", C, "healing", "hollywood").stdout == f"{C}: Healing is now Hollywood.\n"


def test_an_advance_ends_a_moving_body_with_what_still_moves_never_a_bare_PH_count_S3_2_8() -> None:
    world = table(SAM_SHEET, JOE_SHEET, DOC_SHEET)
    # Sam at full blood (80 PH) with a cut arm that does not bleed (2 of 16 PV), tended, in bed:
    # it heals (§3.2.8.1); Joe drank 3 units. An hour, then three more.
    care.wound(world, SAM, "left-arm", 2, kind="blade")
    care.order_tending(world, SAM, "left-arm", DOC, "Bandages")
    care.order_activity(world, SAM, "bed")
    care.drink(world, JOE, 30)
    # §4.1.2: within the hour the drink wears off to sober, 2.4 units left (Joe's mEND lets some
    # go free); at the hour's end both bodies still move: each says what moves.
    said = [tick.account for tick in advance(world.campaign, ruleset(WP).processes(world), world.campaign.clock + HOUR)]
    assert said == [
        f"{JOE}: sobered up: now sober, 2.4 units still in the blood",
        f"{JOE}: sober, 1.8 units of drink still in the blood",
        f"{SAM}: the {where('left-arm')} healing, 14 of 16 PV",
    ]
    # Then the last of the drink: another moment, another line, never "now sober" twice.
    said = [tick.account for tick in advance(world.campaign, ruleset(WP).processes(world), world.campaign.clock + 3 * HOUR)]
    assert said == [f"{JOE}: the last of the drink wore off", f"{SAM}: the {where('left-arm')} healing, 14 of 16 PV"]
    sobered = [ruleset(WP).describe(e) for e in world.collect() if isinstance(e, be.SoberedUp)]
    assert sobered == ["sobered up: now sober, 2.4 units still in the blood", "the last of the drink wore off"]


def test_the_END_roll_to_act_again_is_refused_with_the_words_that_put_him_out_until_the_battle_ends_S3_2_5_2_L1900() -> None:
    world = table(SAM_SHEET, JOE_SHEET)
    # §3.2.5.2 L1900: a major wound to the chest (4 of Joe's 7 PV) puts him out until the battle
    # ends, no END roll (ruling WD11); the wound's own check (§3.2.6) is at 5% or less: no roll.
    care.wound(world, JOE, "chest", 4, kind="blunt")
    care.put_out_of_action(world, JOE, "chest")
    (out,) = [e for e in world.collect() if isinstance(e, be.PutOutOfAction)]
    chest = where("chest")
    assert ruleset(WP).describe(out) == f"put out of action by the major wound in the {chest}: out of the fight until the battle ends"
    with pytest.raises(RuleViolation) as refusal:
        care.rally_roll(world, JOE)
    assert str(refusal.value) == (
        f"{JOE} has no END roll to make: the major wound in the {chest} keeps them out of the fight until the battle ends (§3.2.5)"
    )
