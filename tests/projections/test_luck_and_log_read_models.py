"""`chronique luck` and `chronique log` read their read models (issue 14; issue 20: `luck` at 100k
events in at most 100 ms), kept current by the service that records events. The replay they
replaced is kept here only, as the oracle: luck is each roll its game's ``luck`` hook reads from
the campaign's events, counted for whoever rolled it (LK1), a face-down roll once revealed (LK2);
the log is each event in its game's words, hidden from players until revealed, a voided one with
its correction. After every command of random campaigns of each game, and through the real
command line on each game's evening, the read models give what the replay gives."""

from __future__ import annotations

import json
from collections.abc import Hashable, Iterator
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from sqlalchemy import select, update
from support import SAMPLES, change_read_model, journals, one_shot_importing, run
from test_read_model_equals_replay import steps
from test_ruleset_contract import CAMPAIGN, PLAYS, party, session
from typer.testing import CliRunner

from chronique.adapters.bootstrap import build
from chronique.adapters.exports import ENVELOPE, corrections
from chronique.adapters.services import LUCK_KEYS, Chronique, LogEntry, LogPage
from chronique.cli import render
from chronique.domain.campaign import Campaign
from chronique.domain.chain import canonical_event, event_hash
from chronique.domain.character import Character
from chronique.domain.luck import Tally, odds_words, session_words, tally
from chronique.domain.rulesets import KNOWN, ruleset
from chronique.domain.rulesets.cartes.table import GENERAL
from chronique.domain.rulesets.words import face_down_until, kind_of, player_assigned
from chronique.projections.luck import folded
from chronique.projections.standing import Standings
from chronique.projections.tables import log, luck

# -- the replay the read models replaced (the oracle) ------------------------------------------


def replayed_luck(services: Chronique, campaign_name: str, by: str) -> dict[Hashable, Tally]:
    """Luck as `chronique luck` counted it before its read model: every event of the campaign
    decoded, each roll its game's hook reads from it counted for its roller (LK1), a face-down
    one only once its epoch is revealed (LK2)."""
    campaign = services.campaign(campaign_name)
    rules = ruleset(campaign.ruleset)
    names = {m: v["name"] for m, v in campaign.members.items()}
    members = {v["name"].casefold(): m for m, v in campaign.members.items()}

    def player(name: str) -> str:
        member = campaign.members.get(members.get(name.casefold(), ""), {})
        return str(member.get("player", f"{name} (no player assigned)"))

    def draws() -> Iterator[tuple[Any, bool, Fraction]]:
        session = 0
        for _, event in services.events(campaign_name):
            if type(event).__qualname__ == "Campaign.SessionStarted":
                session = event.number
            elif type(event).__qualname__ == "Campaign.SessionEnded":  # the downtime's (ruling LK13)
                session = -event.number
            sealed = getattr(event, "sealed_until", None)
            if sealed is not None and not campaign.is_revealed(sealed):
                continue
            for draw in rules.luck(event, campaign.settings):
                who = draw.roller or names.get(str(event.originator_id), "?")
                key = {
                    "player": player(who),
                    "character": who,
                    "session": session_words(session, campaign.session),  # LK13, LK16
                    "kind": draw.kind,
                    "campaign": campaign.name,
                }[by]
                yield key, draw.success, draw.chance

    return tally(draws())


def told(rules: Any, e: Any, names: dict[str, str]) -> str:
    """An event as the log tells it: by its game's words, a player's assignment by the name of the
    character it records the id of (QA review of the read side, item 4)."""
    if isinstance(e, Campaign.PlayerAssigned):
        return player_assigned(e, names.get(e.member_id))
    return str(rules.describe(e))


def moment(event: Any) -> Any:
    """When in the game an event's entry stands: its own moment, or a time advance's, the moment it
    reached (ruling NT13)."""
    return getattr(event, "at", getattr(event, "to_time", None))


def replayed_log(services: Chronique, campaign_name: str) -> list[LogEntry]:
    """The log as `chronique log` read it before its read model: every event of the campaign
    decoded, described by its game, named by its aggregate, with the correction voiding it."""
    world = services.world(campaign_name)
    rules = ruleset(world.campaign.ruleset)
    names = {str(a.id): getattr(a, "name", "") for a in world.aggregates()}
    corrected = corrections(services, campaign_name)
    return [
        LogEntry(
            position,
            str(e.originator_id),
            e.originator_version,
            moment(e),
            names.get(str(e.originator_id), "?"),
            type(e).__qualname__.split(".")[-1],
            told(rules, e, names),
            getattr(e, "sealed_until", None),
            *corrected.get((str(e.originator_id), e.originator_version), (None, None)),
        )
        for position, e in services.events(campaign_name)
        if not isinstance(e, Campaign.CommandRecorded)  # a command's mark is bookkeeping, not play (UN1)
    ]


def replayed_log_output(db: str, campaign_name: str, as_json: bool, gm: bool) -> str:
    """What `chronique log` printed before its read model (cli/render.py's former ``log``), in the
    terminal the in-process command line gives (tests/support.py ``run``)."""
    services = build(db, create=False)
    try:
        with CliRunner().isolation(env={"CHRONIQUE_DB": None, "COLUMNS": "160"}) as (stdout, _, _):
            events = [e for e in services.log(campaign_name) if not isinstance(e, Campaign.CommandRecorded)]
            world = services.world(campaign_name)
            corrected = corrections(services, campaign_name)

            def hidden(e: Any) -> bool:
                sealed = getattr(e, "sealed_until", None)
                return not gm and sealed is not None and not world.campaign.is_revealed(sealed)

            if as_json:
                render.emit_json(
                    [
                        {"hash": event_hash(e), "hidden": hidden(e), "voided": (str(e.originator_id), e.originator_version) in corrected}
                        | {"event": {k: v for k, v in canonical_event(e).items() if not hidden(e) or k in ENVELOPE or k == "topic"}}
                        for e in events
                    ]
                )
            else:
                from rich.text import Text

                rules = ruleset(world.campaign.ruleset)
                names = {str(a.id): getattr(a, "name", "") for a in world.aggregates()}
                calendar = services.calendar(world.campaign)
                # Each roll's odds as its game's luck hook gives them, folded in memory from the
                # events (ruling LK10), never from the read models under test.
                odds: dict[str, list[tuple[str, Fraction]]] = {}
                for row in folded(services.events(campaign_name)):
                    odds.setdefault(row["ref"], []).append((row["roller"], Fraction(row["numerator"], row["denominator"])))
                table = render.new_table("Ref", "In game", "Who", "What", "Details")
                for e in events:
                    at = moment(e)
                    # A deal face down by design reads in its own words, which hide its pile (ruling NT10).
                    shown = not hidden(e) or getattr(e, "face_down_by_design", False)
                    details = Text(told(rules, e, names) if shown else face_down_until(e.sealed_until))
                    if not hidden(e) and (chances := odds.get(f"{e.originator_id}:{e.originator_version}")):
                        details.append(f" ({odds_words(chances)})")
                    correction = corrected.get((str(e.originator_id), e.originator_version))
                    if correction is not None:
                        details.stylize("strike")
                        details.append(f" — voided by {correction[0]}: {correction[1]}")
                    table.add_row(
                        f"{e.originator_id.hex[:8]}:{e.originator_version}",
                        calendar.format(at) if at is not None else "",
                        names.get(str(e.originator_id), "?"),
                        kind_of(e),
                        details,
                    )
                render.console().print(table)
            return stdout.getvalue().decode()
    finally:
        services.close()


# -- the read models against it ------------------------------------------------------------------


def assert_reads_equal_replay(db: str, what: str) -> None:
    services = build(db, create=False)
    try:
        if not services.campaigns():
            return
        for by in LUCK_KEYS:
            assert services.luck(CAMPAIGN, by) == replayed_luck(services, CAMPAIGN, by), f"luck by {by} {what}"
            # The same keys in the same order: the table and the JSON list them as the log met them.
            assert list(services.luck(CAMPAIGN, by)) == list(replayed_luck(services, CAMPAIGN, by))
        assert services.page_log(CAMPAIGN, LogPage()) == replayed_log(services, CAMPAIGN), f"log {what}"
    finally:
        services.close()


@pytest.mark.parametrize("game", KNOWN)
def test_after_every_command_luck_and_the_log_read_models_equal_the_replay(backend: str, game: str) -> None:
    @settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(evening=steps(game))
    def check(evening: list[tuple[str, ...]]) -> None:
        with journals(backend) as [db]:
            party(db, game)
            run(db, "character", "player", CAMPAIGN, sheet_name(game, 0), "Marie")
            for step in evening:
                run(db, *(game if a == "{g}" else CAMPAIGN if a == "{c}" else a for a in step), check=False)
                assert_reads_equal_replay(db, f"after {' '.join(step)}")

    check()


def sheet_name(game: str, index: int) -> str:
    """The name of the character of the game's ``index``-th sample sheet."""
    import tomllib

    return str(tomllib.loads((SAMPLES / PLAYS[game].sheets[index]).read_text(encoding="utf-8"))["name"])


def evening(db: str, game: str) -> None:
    """The game's short evening (its roll and its wound in a session), then its roll voided."""
    party(db, game)
    session(db, game)


def assert_log_output_unchanged(db: str) -> None:
    for options, as_json, gm in ((), False, False), (("--gm",), False, True), (("--json",), True, False), (("--json", "--gm"), True, True):
        shown = run(db, "log", CAMPAIGN, *options).stdout
        assert shown == replayed_log_output(db, CAMPAIGN, as_json, gm), options


@pytest.mark.parametrize("game", KNOWN)
def test_the_log_and_luck_of_each_game_s_evening_read_as_the_replay_printed_them_RM2(db: str, game: str) -> None:
    evening(db, game)
    # In the session: what is face down stays hidden from players (FAIRNESS.md v2, LK2).
    assert_log_output_unchanged(db)
    assert_reads_equal_replay(db, "in the session")
    run(db, "session", "end", CAMPAIGN)
    assert_log_output_unchanged(db)
    # A correction voids the roll: the log shows it struck through with the correction.
    rolled = next(
        e["event"]
        for e in json.loads(run(db, "log", CAMPAIGN, "--json", "--gm").stdout)
        if e["event"]["topic"].endswith(("TestMade", "TestRolled", "CheckRolled"))
    )
    counted = json.loads(run(db, "luck", CAMPAIGN, "--by", "campaign", "--json").stdout)
    assert counted[CAMPAIGN]["draws"] >= 1
    run(db, "correct", f"{rolled['originator_id'].replace('-', '')[:8]}:{rolled['originator_version']}", "--reason", "the wrong skill")
    voided = [e["event"] for e in json.loads(run(db, "log", CAMPAIGN, "--json", "--gm").stdout) if e["voided"]]
    assert [(e["originator_id"], e["originator_version"]) for e in voided] == [(rolled["originator_id"], rolled["originator_version"])]
    # In the table: struck through, then the correction; a narrow column may fold "voided by" across lines.
    assert "voided" in run(db, "log", CAMPAIGN).stdout
    # The voided roll still counts (RM2): the dice fell at those odds.
    assert json.loads(run(db, "luck", CAMPAIGN, "--by", "campaign", "--json").stdout) == counted
    assert_log_output_unchanged(db)
    assert_reads_equal_replay(db, "after the correction")
    # Pages of the read model are pages of the whole log, oldest or newest first.
    whole = json.loads(run(db, "log", CAMPAIGN, "--json", "--gm").stdout)
    assert json.loads(run(db, "log", CAMPAIGN, "--json", "--gm", "--limit", "3", "--page", "2").stdout) == whole[3:6]
    assert json.loads(run(db, "log", CAMPAIGN, "--json", "--gm", "--tail", "4").stdout) == whole[-4:]
    newest = json.loads(run(db, "log", CAMPAIGN, "--json", "--gm", "--newest-first", "--limit", "3", "--page", "2").stdout)
    assert newest == whole[::-1][3:6]


def test_luck_reads_the_luck_read_model(db: str) -> None:
    evening(db, "cartes")
    before = json.loads(run(db, "luck", CAMPAIGN, "--json").stdout)
    assert before["Bruno"]["draws"] == 1
    # A row changed behind the journal's back shows: luck was read from it, not replayed.
    [[row]] = change_read_model(db, select(luck))
    change_read_model(db, update(luck).values(roller="Alice", numerator=1, denominator=4))
    after = json.loads(run(db, "luck", CAMPAIGN, "--json").stdout)
    assert list(after) == ["Alice"] and after["Alice"]["draws"] == 1
    assert after["Alice"]["expected"] == "1/4" and after["Alice"]["observed"] == int(row.success)


def test_the_log_reads_the_log_read_model(db: str) -> None:
    evening(db, "cartes")
    run(db, "luck", CAMPAIGN)  # a read catches the read models up (ruling PF1)
    # Its words are told when read (tests/projections/test_log_words.py); who recorded it is kept.
    change_read_model(db, update(log).where(log.c.kind == "TestMade").values(who="Somebody Else"))
    assert "Somebody Else" in run(db, "log", CAMPAIGN, "--kind", "TestMade").stdout


def test_a_roll_is_read_under_the_settings_of_its_moment_RM1() -> None:
    campaign = Campaign.create("Réglages", "cartes", {"decks": {GENERAL: 2}}, {}, 0, "commitment")
    alice = Character.create(campaign.id, "Alice", "cartes", {}, {})
    campaign.record(Campaign.SettingChanged, key="decks", value={GENERAL: 3})
    created, changed = campaign.collect_events()
    campaign.correct([created, changed], [changed.originator_version], "three packs by mistake")
    [corrected] = campaign.collect_events()
    [joined] = alice.collect_events()
    standings = Standings()
    read = [standings.see(event) for event in (created, joined, changed, joined, corrected, joined)]
    # Alice's event before the change reads two packs, after it three, after its correction two.
    assert [standing.settings["decks"][GENERAL] for standing in read[1::2] if standing] == [2, 3, 2]


@pytest.mark.parametrize("command", [("luck",), ("log",), ("log", "--json")])
def test_a_one_shot_luck_or_log_reads_without_importing_sqlalchemy(db: str, command: tuple[str, ...]) -> None:
    evening(db, "cartes")
    run(db, "xp", "ledger", CAMPAIGN)  # a read catches the read models up (ruling PF1): then none imports SQLAlchemy
    printed, imported = one_shot_importing(db, command[0], CAMPAIGN, *command[1:])
    assert "Bruno" in printed
    assert not imported
