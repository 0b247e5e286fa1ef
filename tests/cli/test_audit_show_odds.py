"""``audit show``, where players argue about a roll, gives the roll's odds as every view of the log
does (ruling LK10): "<who> had N% to succeed", one clause per roller, worked out again from the
recorded event by its game's luck hook under the campaign's settings of that moment (ruling RM1),
not read off the luck read model. Each game's evening (tests/test_ruleset_contract.py) with the
rolls of each kind its luck counts, through the real command line: audit show's odds of every
event are the odds ``chronique log`` prints beside the same event, and an event the luck hook
finds no roll in prints none. A face-down roll's odds wait for its reveal for players."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from support import SAMPLES, log_details, run, short_ref
from test_odds_in_every_view import clauses
from test_ruleset_contract import CAMPAIGN, PLAYS, party

from chronique.adapters.bootstrap import build
from chronique.domain.campaign import Campaign
from chronique.domain.luck import odds_words
from chronique.domain.rulesets.cartes.odds import success_odds
from chronique.domain.rulesets.cartes.table import GENERAL
from chronique.domain.world import World

ODDS_LINE = "the odds: "
SAM = "Sam Parkerson"

# After each game's evening roll (PLAYS), its wound and a roll of each kind its luck hook reads, and
# of the kinds it reads none in; ordered so that whoever a roll may hurt acts no more after it.
MORE: dict[str, tuple[tuple[str, ...], ...]] = {
    # §Tirage: a test from the pile; §Oppositions: an opposed draw (its odds are not written, LK
    # hook: none). The wound's survival draws come with the downtime after the session (§Blessures).
    "cartes": (
        ("test", CAMPAIGN, "Alice", "Distance"),
        ("oppose", CAMPAIGN, "Alice", "Discrétion", "Bruno", "Vigilance"),
        PLAYS["cartes"].wound,
    ),
    # §Combat: an attack's test and the defender's dodge, each a test of action (§3.3).
    "elor": (
        PLAYS["elor"].wound,
        ("scene", "start", CAMPAIGN, "Samson", "Montana James"),
        ("attack", CAMPAIGN, "Samson", "Montana James", "-w", "Hache", "-p", "Guerrier", "--defence-difficulty", "3", "--defend-on-miss"),
        ("scene", "end", CAMPAIGN),
    ),
    # L253: a simple conflict, both sides on 4dF.
    "microfudge": (("conflict", CAMPAIGN, "Jim", "Tir", "Harvey", "Athlétisme"), PLAYS["microfudge"].wound),
    # §1.6.3 (§2.1.1): an impossible roll insisted on, the CHC luck roll; §3.2.4: first aid;
    # §3.4: a blow and its dodge; §3.3: a shot.
    "western-parade": (
        ("roll", CAMPAIGN, "Joe Hambuster", "-c", "AGI", "-d", "impossible", "--insist"),
        PLAYS["western-parade"].wound,
        ("body", "first-aid", CAMPAIGN, "Joe Hambuster", "left-thigh", "--by", "Doc Holloway"),
        ("strike", CAMPAIGN, "Doc Holloway", "Charlie Siringo", "-w", "punch", "--defence", "dodge", "--defence-skill", "Esquive"),
        ("shoot", CAMPAIGN, SAM, "Joe Hambuster", "-w", "Colt SA Peacemaker", "--distance", "20"),
    ),
}
MORE_SHEETS = {"western-parade": ("wp_doc.toml", "wp_siringo.toml")}

# The events whose account must carry odds (how many rollers), and events of rolls the luck hook
# reads no chance in (ruling LK8, the Cartes hook's own list): each game's part of the check.
WITH_ODDS: dict[str, dict[str, int]] = {
    "cartes": {"TestMade": 1, "SurvivalChecked": 1},  # ruling C97: a survival draw, no healer's beside it
    "elor": {"TestRolled": 1},
    "microfudge": {"TestRolled": 1, "SimpleConflictRolled": 2},
    "western-parade": {"CheckRolled": 1, "FirstAidGiven": 1, "BlowStruck": 2, "ShotFired": 1},
}
WITHOUT_ODDS: dict[str, set[str]] = {
    "cartes": {"OppositionSettled", "WoundSuffered"},
    "elor": {"AttackResolved", "DamageTaken"},
    "microfudge": {"SetbackSuffered"},
    "western-parade": {"WoundTaken"},
}


def odds_clauses(text: str) -> list[str]:
    """The "<who> had N% to succeed" clauses of ``text``, one line or a table's cell."""
    return clauses(text)


def shown_odds(db: str, ref: str, *gm: str) -> list[str]:
    """The clauses of ``audit show REF``'s odds line (none when it prints no such line)."""
    lines = [line for line in run(db, "audit", "show", ref, *gm).stdout.splitlines() if line.startswith(ODDS_LINE)]
    assert len(lines) <= 1, lines
    return odds_clauses(lines[0]) if lines else []


def shown_json(db: str, ref: str, *gm: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(run(db, "audit", "show", ref, "--json", *gm).stdout)
    return found


def kind(event: dict[str, Any]) -> str:
    """The event's class, as its topic names it (``TestMade``, ``Campaign.SettingChanged``)."""
    return str(event["topic"]).rsplit(":", 1)[-1]


def logged(db: str, *gm: str) -> list[tuple[dict[str, Any], str]]:
    """Every entry of the log, oldest first: its recorded event (or envelope) and its Details cell."""
    events = [entry["event"] for entry in json.loads(run(db, "log", CAMPAIGN, "--json", *gm).stdout)]
    details = log_details(db, CAMPAIGN, *gm)
    assert len(events) == len(details)
    return list(zip(events, details, strict=True))


def evening(db: str, game: str) -> None:
    """The game's party, a session with its evening's roll and the commands of ``MORE``, then the
    session's end (its dice revealed) and, for Cartes, the downtime of its survival draws."""
    party(db, game)
    for sheet in MORE_SHEETS.get(game, ()):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / sheet))
    run(db, "session", "start", CAMPAIGN)
    for args in (PLAYS[game].roll, *MORE[game]):
        run(db, game, *(CAMPAIGN if a == "{c}" else a for a in args))
    run(db, "session", "end", CAMPAIGN)
    if game == "cartes":
        # §Blessures: a Forte wound's survival draws come in the hours after it.
        run(db, "advance", CAMPAIGN, "2d", "--yes")


@pytest.mark.parametrize("game", sorted(PLAYS))
def test_audit_show_gives_every_roll_the_odds_the_log_prints_beside_it_LK10(db: str, game: str) -> None:
    evening(db, game)
    kinds = {*WITH_ODDS[game], *WITHOUT_ODDS[game]}
    # Explained: the events of those kinds, and any other the log gives odds (a wound's END roll).
    entries = [(event, odds_clauses(details)) for event, details in logged(db)]
    explained = [(event, logged_odds) for event, logged_odds in entries if kind(event) in kinds or logged_odds]
    shown = {short_ref(event): shown_odds(db, short_ref(event)) for event, _ in explained}
    # Each the very clauses of the log's line for the same event, one per roller (LK1: an opposed
    # roll's defender, a first-aider).
    assert shown == {short_ref(event): logged_odds for event, logged_odds in explained}
    for event, _ in explained:
        if kind(event) in WITH_ODDS[game]:
            assert len(shown[short_ref(event)]) == WITH_ODDS[game][kind(event)], (game, short_ref(event), kind(event))
    assert {kind(event) for event, _ in explained if shown[short_ref(event)]} >= set(WITH_ODDS[game])
    # An event the luck hook reads no chance in (an opposition, a wound, an attack's resolution
    # after its tests) prints no odds line.
    quiet = [event for event, _ in explained if kind(event) in WITHOUT_ODDS[game]]
    assert {kind(event) for event in quiet} == WITHOUT_ODDS[game]
    assert all(shown[short_ref(event)] == [] for event in quiet)
    # --json gives them as a field: the same words, and each roller's exact chance.
    for event, _ in explained:
        found = shown_json(db, short_ref(event))
        assert found["odds"] == (", ".join(shown[short_ref(event)]) or None)
        assert odds_words((c["who"], Fraction(c["chance"]), c["kind"]) for c in found["chances"]) == (found["odds"] or "")


def test_a_face_down_rolls_odds_wait_for_its_reveal_for_players_and_show_to_the_gm(db: str) -> None:
    # FAIRNESS.md v2, face-down events (ruling LK10): its odds would tell what the secret roll
    # was about, so they wait for its epoch as its words do; the GM reads them at once.
    party(db, "western-parade")
    run(db, "session", "start", CAMPAIGN)
    run(db, "western-parade", "roll", CAMPAIGN, SAM, "--skill", "Armes de poing", "--hidden")
    ((event, gm_details),) = [(e, d) for e, d in logged(db, "--gm") if kind(e) == "CheckRolled"]
    ref = short_ref(event)
    (gm_odds,) = odds_clauses(gm_details)
    assert gm_odds.startswith(f"{SAM} had ")
    players = run(db, "audit", "show", ref).stdout
    assert "face down until the dice of session 1 are revealed" in players and ODDS_LINE not in players
    assert shown_json(db, ref)["odds"] is None and shown_json(db, ref)["chances"] == []
    assert shown_odds(db, ref, "--gm") == [gm_odds]
    assert shown_json(db, ref, "--gm")["odds"] == gm_odds
    run(db, "session", "end", CAMPAIGN)
    ((_, details),) = [(e, d) for e, d in logged(db) if kind(e) == "CheckRolled"]
    assert odds_clauses(details) == [gm_odds] == shown_odds(db, ref)


def test_a_rolls_odds_are_those_of_the_settings_of_its_moment_not_of_a_later_change_RM1(db: str) -> None:
    # §Fournitures nécessaires L75: the general deck holds two packs or three. Bruno's deck test
    # (§Difficulté des actions) is drawn from the two of the campaign's creation; a later change
    # to three does not re-price it (ruling RM1), in the log as in audit show. No command changes
    # Cartes' pack count (`campaign set --help`: "cartes: none"), so the change is recorded as
    # `campaign set` records one, through the services' ``act``.
    party(db, "cartes")
    run(db, "session", "start", CAMPAIGN)
    run(db, "cartes", *(CAMPAIGN if a == "{c}" else a for a in PLAYS["cartes"].roll))

    def three_packs(world: World) -> None:
        world.campaign.record(Campaign.SettingChanged, key="decks", value={GENERAL: 3})

    services = build(db)
    try:
        services.act(CAMPAIGN, three_packs)
        assert services.campaign(CAMPAIGN).settings["decks"] == {GENERAL: 3}
    finally:
        services.close()
    ((event, details),) = [(e, d) for e, d in logged(db) if kind(e) == "TestMade"]
    target, level = event["target"], event["outcome"]["level_asked"]
    then, now = success_odds(target, level, 2), success_odds(target, level, 3)
    assert then != now
    found = shown_json(db, short_ref(event))
    assert found["chances"] == [{"who": "Bruno", "chance": str(then), "kind": "test"}]
    assert shown_odds(db, short_ref(event)) == odds_clauses(details) == [odds_words([("Bruno", then)])]
