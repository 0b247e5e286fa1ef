"""Fair play v2, rules re-derivation (issue 13, shared/FAIRNESS.md "Rules re-derivation") for the
last Western Parade events that consume chance: melee and bare-handed blows (§3.4-§3.5), wounds
(§3.2), care skills (§3.2.7.4, §6.18) and long-period activities (§5.18 of the digest).

On a real SQLite file and a real PostgreSQL database, through the real command line: an honest
journal verifies both ways and its rule gives back every outcome field the event recorded; an
outcome rewritten, re-chained and sealed is caught by `chronique verify` and by the standalone
verifier, both naming the event and the field."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support import sample
from test_fair_play_v2 import assert_caught, cli, forged_then_sealed, last, member, offline_verdict, verify

from chronique.adapters.bootstrap import build
from chronique.domain.rederivation import Replay, Table
from chronique.domain.referees import all_rules

CAMPAIGN = "Shotgun City"
SAM, JOE = "Sam Parkerson", "Joe Hambuster"
TOPICS = {
    "BlowStruck": "chronique.domain.rulesets.westernparade.events:BlowStruck",
    "ActivityRolled": "chronique.domain.rulesets.westernparade.downtime_events:ActivityRolled",
    "WoundTaken": "chronique.domain.rulesets.westernparade.body_events:WoundTaken",
    "CareGiven": "chronique.domain.rulesets.westernparade.body_events:CareGiven",
}
Change = Callable[[dict[str, Any]], None]


def shotgun_city(db: str) -> None:
    """Sam and Joe (cli/samples), one session open."""
    services = build(db)
    try:
        services.create_campaign(CAMPAIGN, "western-parade", "1873-04-12 08:00")
        for sheet in ("wp_sam", "wp_joe"):
            services.create_character(CAMPAIGN, sample(sheet))
        services.start_session(CAMPAIGN)
    finally:
        services.close()


def play(db: str, *commands: tuple[str, ...]) -> None:
    """Western Parade commands, each of which must succeed."""
    for command in commands:
        code, out = cli(db, "western-parade", *command)
        assert code == 0, out


def rederived(db: str, who: str, topic: str) -> dict[str, Any]:
    """``who``'s last ``topic`` event as stored, after checking that its rule, fed its recorded
    inputs and chance, gives back every outcome field it recorded and consumes all its chance."""
    _, event = last(db, member(db, CAMPAIGN, who), topic)
    replay = Replay(event["chance"])
    expected = all_rules().rederive[TOPICS[topic]](event, replay, Table())
    replay.finish()
    assert expected, event
    assert {name: event[name] for name in expected} == dict(expected)
    return event


def assert_honest(db: str, folder: Path, who: str, topic: str) -> dict[str, Any]:
    """The session ended, both verifiers accept the journal, and the event's rule agrees with it."""
    assert cli(db, "session", "end", CAMPAIGN)[0] == 0
    code, out = verify(db, CAMPAIGN)
    assert code == 0 and "OK:" in out, out
    code, out = offline_verdict(db, CAMPAIGN, folder, gm=False)
    assert code == 0 and "OK:" in out, out
    return rederived(db, who, topic)


def first_key(field: str) -> Change:
    """A forger's rewrite of the dict ``field``: its first key (in sorted order) given another value."""

    def change(event: dict[str, Any]) -> None:
        key = sorted(event[field])[0]
        value = event[field][key]
        event[field][key] = (not value) if isinstance(value, bool) else value + 1

    return change


# -- blows (§3.4, §3.5) ---------------------------------------------------------------------------

BLOWS = {
    # §3.4.1: a very close weapon with no column named strikes where a d6 says (odd thrust, even
    # slash); Joe (FOR 15) is above the Bowie's strength, which adjusts his chance (§3.4.3).
    "bowie": (JOE, SAM, "-w", "Bowie"),
    # §3.5: a punch against a dodge (Table 3.3 reads both qualities); Table 3.24 on damage.
    "punch-dodged": (SAM, JOE, "-w", "punch", "--defence", "dodge", "--defence-skill", "Esquive"),
}


@pytest.mark.parametrize("blow", BLOWS)
def test_an_honest_blow_verifies_and_its_rule_gives_back_every_outcome(db: str, tmp_path: Path, blow: str) -> None:
    attacker, target, *how = BLOWS[blow]
    shotgun_city(db)
    play(db, ("strike", CAMPAIGN, attacker, target, *how))
    event = assert_honest(db, tmp_path, attacker, "BlowStruck")
    assert event["strength"] == sample("wp_joe" if attacker == JOE else "wp_sam")["characteristics"]["FOR"]


@pytest.mark.parametrize("blow", BLOWS)
def test_a_rewritten_blow_result_is_caught(db: str, tmp_path: Path, blow: str) -> None:
    attacker, target, *how = BLOWS[blow]
    shotgun_city(db)
    play(db, ("strike", CAMPAIGN, attacker, target, *how))
    # Table 3.3 L1724: the result follows from the two recorded qualities; a forger names another.
    another = lambda e: e.__setitem__("result", "DE" if e["result"] != "DE" else "DN")  # noqa: E731
    place = forged_then_sealed(db, CAMPAIGN, attacker, "BlowStruck", another)
    assert_caught(db, CAMPAIGN, tmp_path, place, "result")


# -- wounds (§3.2) -------------------------------------------------------------------------------

# Sam's head has 16 PV, his abdomen 8 (Table 1.6 for his END and mass).
HEAD_CRITICAL = ("body", "wound", CAMPAIGN, SAM, "head", "16", "--kind", "blade")  # PV 0: critical, not past the threshold
ABDOMEN_PAST_THRESHOLD = ("body", "wound", CAMPAIGN, SAM, "abdomen", "13", "--kind", "blade")  # -5 PV: past half of 8


def more(path: tuple[str, ...], amount: int) -> Change:
    """A forger's rewrite: ``amount`` added to the number at ``path`` in the event."""

    def change(event: dict[str, Any]) -> None:
        inner = event
        for key in path[:-1]:
            inner = inner[key]
        inner[path[-1]] += amount

    return change


@pytest.mark.parametrize("wound", [HEAD_CRITICAL, ABDOMEN_PAST_THRESHOLD], ids=["head-critical", "abdomen-dies"])
def test_an_honest_wound_verifies_and_its_rule_gives_back_every_outcome(db: str, tmp_path: Path, wound: tuple[str, ...]) -> None:
    shotgun_city(db)
    play(db, wound)
    event = assert_honest(db, tmp_path, SAM, "WoundTaken")
    # §3.2.5: both wounds are critical on a vital location, which calls for the check of §3.2.6.
    assert event["unconsciousness_chance"] is not None and event["unconsciousness"] is not None


@pytest.mark.parametrize(
    ("wound", "field", "change"),
    [
        # §3.2.6: a critical head wound knocks out for the d100's margin x 10 rounds; a forger
        # shortens or lengthens it, in the reading or in the body's blackout.
        (HEAD_CRITICAL, "unconsciousness", more(("unconsciousness", "rounds"), 10)),
        (HEAD_CRITICAL, "body", more(("body", "blackout", "until"), 600)),
        # §3.2.9.1: an abdomen past its critical threshold kills in 3d10 hours; a forger gives an
        # hour more to save him.
        (ABDOMEN_PAST_THRESHOLD, "body", more(("body", "dying", "at"), 3600)),
    ],
    ids=["reading", "blackout", "death-timer"],
)
def test_a_rewritten_wound_is_caught(db: str, tmp_path: Path, wound: tuple[str, ...], field: str, change: Change) -> None:
    shotgun_city(db)
    play(db, wound)
    place = forged_then_sealed(db, CAMPAIGN, SAM, "WoundTaken", change)
    assert_caught(db, CAMPAIGN, tmp_path, place, field)


# -- care skills (§3.2.7.4, §6.18) -------------------------------------------------------------------

CARE = {
    # §6.18.2: a bandage on a cut (no bullet to take out first).
    "bandage": (
        ("body", "wound", CAMPAIGN, SAM, "left-arm", "4", "--kind", "blade"),
        ("body", "care", CAMPAIGN, SAM, "left-arm", "Bandages", "--by", JOE),
    ),
    # §3.2.7.2: a preventive cleaning (easy).
    "cleaning": (
        ("body", "wound", CAMPAIGN, SAM, "left-arm", "4", "--kind", "blade"),
        ("body", "care", CAMPAIGN, SAM, "left-arm", "Nettoyage d'une blessure", "--by", JOE),
    ),
    # §3.2.7.4: taking out a bullet lodged in the arm, its first attempt.
    "extraction": (
        ("body", "wound", CAMPAIGN, SAM, "left-arm", "4"),
        ("body", "care", CAMPAIGN, SAM, "left-arm", "Extraction de balle", "--by", JOE),
    ),
    # §6.18.1: Joe's Amputation of a hand past its critical threshold (8 PV, §3.2.9.1 L2099), then
    # Sam's END roll at the step it calls for.
    "amputation": (
        ("body", "wound", CAMPAIGN, SAM, "left-hand", "9", "--kind", "blade"),
        ("body", "amputate", CAMPAIGN, SAM, "left-hand", "--by", JOE),
    ),
}


@pytest.mark.parametrize("care", CARE)
def test_honest_care_verifies_and_its_rule_gives_back_every_outcome(db: str, tmp_path: Path, care: str) -> None:
    shotgun_city(db)
    play(db, *CARE[care])
    event = assert_honest(db, tmp_path, SAM, "CareGiven")
    assert (event["first_attempt"] is True) == (care == "extraction")
    assert (event["redone"] is False) == (care == "amputation")


@pytest.mark.parametrize("care", CARE)
def test_a_rewritten_care_result_is_caught(db: str, tmp_path: Path, care: str) -> None:
    shotgun_city(db)
    play(db, *CARE[care])
    place = forged_then_sealed(db, CAMPAIGN, SAM, "CareGiven", first_key("result"))
    assert_caught(db, CAMPAIGN, tmp_path, place, "result")


# -- long-period activities (§5.18 of the digest) -----------------------------------------------------

ACTIVITIES = {
    # §6.8.1: banking, a roll a month that moves the capital by the quality's percentage.
    "banking": ("banking", "--capital", "1000"),
    # §6.17.2: a day's run, 50 km + 5 km per mEND point, by the quality.
    "running": ("running",),
    # §6.16.4: a day's hunting feeds Chasse / 10 persons, by terrain and quality.
    "hunting": ("hunting",),
}


def _downtime_with(db: str, activity: tuple[str, ...]) -> None:
    shotgun_city(db)
    play(db, ("downtime", "activity", CAMPAIGN, SAM, *activity))
    # The timeline rolls it in downtime; the next session reveals that epoch's seed.
    assert cli(db, "session", "end", CAMPAIGN)[0] == 0
    assert cli(db, "advance", CAMPAIGN, "31d", "--yes")[0] == 0
    assert cli(db, "session", "start", CAMPAIGN)[0] == 0


@pytest.mark.parametrize("activity", ACTIVITIES)
def test_an_honest_activity_roll_verifies_and_its_rule_gives_back_every_outcome(db: str, tmp_path: Path, activity: str) -> None:
    _downtime_with(db, ACTIVITIES[activity])
    event = assert_honest(db, tmp_path, SAM, "ActivityRolled")
    assert event["before"]["kind"] == activity
    assert (event["end_modifier"] is not None) == (activity == "running")


def test_a_rewritten_banking_roll_is_caught(db: str, tmp_path: Path) -> None:
    _downtime_with(db, ACTIVITIES["banking"])
    # §6.8.1: the capital after the month follows from the quality; a forger adds a cent.
    place = forged_then_sealed(db, CAMPAIGN, SAM, "ActivityRolled", first_key("result"))
    assert_caught(db, CAMPAIGN, tmp_path, place, "result")
