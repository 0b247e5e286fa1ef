"""The daemon at club scale (issue 20): one pacing pass over many paced campaigns, in process,
on a real journal (SQLite file or PostgreSQL) with scripted seeds and a frozen wall clock.

A pass used to reload each campaign by a name lookup that first missed on the hash of its id's
text, and to report each advance by rereading the whole journal: eleven loads per campaign and a
pass quadratic in campaigns. Loads are counted by wrapping the real journal's own ``load`` and
its recorder's notification reads (both still run); the store is never replaced."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import pytest
from support import ScriptedSeedVault, sample

from chronique.adapters.audit import Audit
from chronique.adapters.journal import Journal
from chronique.adapters.scheduler import pace_every
from chronique.adapters.services import Chronique
from chronique.adapters.settings import Settings
from chronique.domain.character import Character
from chronique.domain.gametime import WEEK
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes.combat import suffer_wound
from chronique.domain.world import World

SET_ON = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)  # a Monday, 08:00: pacing set before 09:00
CHECKED_AT = datetime(2026, 1, 5, 10, 0, tzinfo=UTC)  # after Monday 09:00: every campaign is due once
CAMPAIGNS = 6
SOLDIERS = 3


def services_at(db: str, now: datetime) -> Chronique:
    """Real services on the journal ``db`` with scripted seeds and wall time frozen at ``now``."""
    journal = Journal.open(Settings(db))
    return Chronique(journal, ScriptedSeedVault(b"daemon-scale"), Audit(journal), clock=lambda: now)


def wounded_table(services: Chronique, name: str) -> None:
    """A Cartes campaign paced a week every Monday 09:00 whose soldiers each carry a Faible wound:
    its week of downtime draws survival (Cartes §Survie), the outcomes a GM is told of."""
    services.create_campaign(name, "cartes", "Day 1 08:00")
    rules = ruleset("cartes")

    def recruit(world: World) -> None:
        for n in range(SOLDIERS):
            sheet, condition = rules.new_character({**sample("alice"), "name": f"{name} soldier {n}"})
            character = Character.create(world.campaign.id, sheet["name"], "cartes", sheet, condition)
            world.campaign.join(character.id, "character", character.name)
            world.characters[character.id] = character

    def drill(world: World) -> None:
        for character in list(world.characters.values()):
            suffer_wound(world, character.name, 2, "faible", "drill")

    services.act(name, recruit)
    services.start_session(name)
    services.act(name, drill)
    services.end_session(name)
    services.set_pacing(name, None, "mon 09:00", WEEK, "UTC", None)


def counting(calls: Counter[Any], key: Callable[..., Any], method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` itself, each call counted in ``calls`` under ``key(*args, **kwargs)``."""

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[key(*args, **kwargs)] += 1
        return method(*args, **kwargs)

    return counted


def test_a_pass_over_many_paced_campaigns_loads_each_a_bounded_number_of_times_and_reports_its_own_news(
    db: str, caplog: pytest.LogCaptureFixture
) -> None:
    setup = services_at(db, SET_ON)
    names = [f"Table {n}" for n in range(CAMPAIGNS)]
    try:
        for name in names:
            wounded_table(setup, name)
        clocks = {name: setup.campaign(name).clock for name in names}
    finally:
        setup.close()

    services = services_at(db, CHECKED_AT)
    loads: Counter[UUID] = Counter()
    reads: Counter[str] = Counter()
    journal, recorder = services.journal, services.journal.recorder
    journal.load = counting(loads, lambda aggregate_id, **_: UUID(str(aggregate_id)), journal.load)  # type: ignore[method-assign]
    read = recorder.select_notifications
    recorder.select_notifications = counting(reads, lambda *_, **__: "notifications", read)  # type: ignore[method-assign]
    try:
        with caplog.at_level(logging.INFO, logger="chronique.daemon"):
            assert pace_every(services) == CAMPAIGNS
    finally:
        services.close()

    check = services_at(db, CHECKED_AT)
    try:
        rules = ruleset("cartes")
        expected: list[str] = []
        for name in names:
            world = check.world(name)
            assert world.campaign.clock == clocks[name] + WEEK  # each advanced once, by its week
            # The campaign once for the listing, once to check it is due, once in its advance;
            # each deck and character once in the advance: however many campaigns the journal holds.
            assert loads[world.campaign.id] <= 3
            assert all(loads[member] == 1 for member in world.campaign.member_ids())
            who = {c.id: c.name for c in world.characters.values()}
            calendar = check.calendar(world.campaign)
            # Cartes §Survie: every failed or scarred survival draw of this campaign's week, read back
            # from the journal, and nothing of any other campaign's.
            expected += [
                f"{name}: {calendar.format(event.at)} {who[event.originator_id]} {rules.notable(event)}"
                for event in check.log(name)
                if getattr(event, "at", None) is not None and event.at > clocks[name] and rules.notable(event) is not None
            ]
    finally:
        check.close()
    # The only notification read is the listing of campaigns: no campaign's log is reread.
    assert reads == Counter({"notifications": 1})
    reported = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert expected, "the scripted seeds give this week survival draws a GM is told of"
    assert reported == expected
