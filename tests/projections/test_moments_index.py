"""The index of in-game time to version (issue 20): ``sheet --as-of`` a date finds a character's
version at that moment in the moments read model, one indexed look, and gives the very sheet the
replay of his whole chain gave, at every moment of the campaign, after every kind of write (play,
advances, sessions, ``correct``, ``undo``) and after a rebuild, on both backends."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from support import ScriptedSeedVault, sample

from chronique.adapters import history
from chronique.adapters.bootstrap import build
from chronique.adapters.readrows import AFTER, current_rows
from chronique.adapters.services import Chronique
from chronique.adapters.undo import undo
from chronique.domain.gametime import HOUR, MINUTE
from chronique.domain.rulesets.cartes.advancement import arrange_care
from chronique.domain.rulesets.cartes.combat import suffer_wound
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.rulesets.westernparade.care import wound

CARTES = "Verdelune"
WESTERN = "Shotgun City"


@pytest.fixture
def services(db: str) -> Iterator[Chronique]:
    """Real services with read models (the index among them) over a real journal, with scripted
    seeds: the same dice every run, so the bleeding cowboy's ten minutes never kill him."""
    chronique = build(db)
    chronique.vault.close()
    chronique.vault = ScriptedSeedVault(b"chronique-tests")
    yield chronique
    chronique.close()


def moments(services: Chronique, campaign: str) -> list[int]:
    """Every in-game time an event of the campaign's characters names, a second either side of
    each, the campaign's start and its clock: every moment at which a version could change."""
    world = services.world(campaign)
    ats: set[int] = {world.campaign.clock}
    for character in world.characters.values():
        for stored in services.journal.recorder.select_events(character.id):
            at = getattr(services.journal.mapper.to_domain_event(stored), "at", None)
            if at is not None:
                ats |= {at - 1, at, at + 1}
    return sorted(ats)


def sheets_as_of(services: Chronique, campaign: str, moment: int) -> list[tuple[str, int | None, Any, Any]]:
    """Each character's version, sheet and condition (the GM's view) at ``moment``, as
    ``sheet --as-of`` a date shows them; a character not yet there at that moment as None."""
    found = []
    for character in services.world(campaign).characters.values():
        version = history.version_at(services, character, moment)
        if version is None:
            found.append((character.name, None, None, None))
            continue
        _, then = services.world_as_of(campaign, character.name, moment, gm=True)
        found.append((character.name, then.version, then.sheet, then.condition))
    return found


def check(services: Chronique, campaign: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At every moment up to the clock, the index's answer is the replay's, and so is the sheet."""
    world = services.world(campaign)
    # A write leaves the index to the next read, which catches it up first: after one, it is
    # current (no fallback to the replay is being compared below).
    sheets_as_of(services, campaign, world.campaign.clock)
    for character in world.characters.values():
        assert current_rows(services.journal, "moments", AFTER, (str(character.id), 0)) is not None
    compared = 0
    for moment in moments(services, campaign):
        indexed = {c.name: history.version_at(services, c, moment) for c in world.characters.values()}
        replayed = {c.name: history.version_at_by_replay(services, c, moment) for c in world.characters.values()}
        assert indexed == replayed, f"at {moment}"
        if moment > world.campaign.clock:
            continue
        by_index = sheets_as_of(services, campaign, moment)
        with monkeypatch.context() as patched:
            patched.setattr(history, "version_at", history.version_at_by_replay)
            by_replay = sheets_as_of(services, campaign, moment)
        assert by_index == by_replay, f"at {moment}"
        compared += 1
    assert compared > 0, "no moment up to the clock was compared"


def index_rows(services: Chronique) -> list[tuple[Any, ...]]:
    """The whole index, read through the store's connection, in a stable order."""
    query = "SELECT aggregate_id, reached, version FROM read_moments WHERE aggregate_id <> {0} ORDER BY aggregate_id, reached"
    rows = current_rows(services.journal, "moments", query, ("",))
    assert rows is not None
    return [(row["aggregate_id"], int(row["reached"]), int(row["version"])) for row in rows]


def test_as_of_every_moment_of_a_cartes_campaign_the_index_gives_the_replayed_sheet_after_every_write(
    services: Chronique, monkeypatch: pytest.MonkeyPatch
) -> None:
    writes: list[Callable[[], Any]] = [
        lambda: services.create_character(CARTES, sample("alice")),
        lambda: services.create_character(CARTES, sample("bruno")),
        lambda: services.start_session(CARTES),
        lambda: services.act(CARTES, lambda w: make_test(w, "Alice", TestRequest("Contact", 1))),
        lambda: services.advance(CARTES, lambda c: c.clock + 2 * HOUR),
        lambda: services.act(CARTES, lambda w: suffer_wound(w, "Alice", 4, "faible", "an axe")),
        lambda: services.act(CARTES, lambda w: arrange_care(w, "Alice", "Bruno", "adapted-kit")),
        lambda: services.act(CARTES, lambda w: make_test(w, "Bruno", TestRequest("Contact", 1))),
        # An undo voids the last command with a correction of its own, at its own moment.
        lambda: undo(services, CARTES),
        lambda: services.advance(CARTES, lambda c: c.clock + 30 * MINUTE),
        lambda: services.act(CARTES, lambda w: make_test(w, "Alice", TestRequest("Contact", 1))),
        lambda: services.correct(CARTES, "Alice", services.world(CARTES).character("Alice").version, "a misread card"),
        lambda: services.end_session(CARTES),
        # Between sessions, the wound's care runs: events at many moments of one advance.
        lambda: services.advance(CARTES, lambda c: c.clock + 3 * 24 * HOUR),
        lambda: services.start_session(CARTES),
        lambda: services.act(CARTES, lambda w: make_test(w, "Bruno", TestRequest("Contact", 1))),
    ]
    services.create_campaign(CARTES, "cartes", "Day 1 08:00")
    for write in writes:
        write()
        check(services, CARTES, monkeypatch)
    before = index_rows(services)
    assert len({reached for _, reached, _ in before}) > 3  # the campaign's events span several moments
    models = services.read_models
    assert models is not None
    models.rebuild(["moments"])
    assert index_rows(services) == before
    models.rebuild()
    assert index_rows(services) == before
    check(services, CARTES, monkeypatch)


def test_as_of_every_moment_of_a_bleeding_cowboy_the_index_gives_the_replayed_sheet(
    services: Chronique, monkeypatch: pytest.MonkeyPatch
) -> None:
    services.create_campaign(WESTERN, "western-parade", "1873-04-12 08:00")
    for sheet in ("wp_joe", "wp_doc"):
        services.create_character(WESTERN, sample(sheet))
    services.start_session(WESTERN)
    services.act(WESTERN, lambda w: wound(w, "Joe Hambuster", "left-thigh", 4, "bullet"))
    # Blood runs every round: the advance records events at many moments of those ten minutes.
    services.advance(WESTERN, lambda c: c.clock + 10 * MINUTE)
    services.act(WESTERN, lambda w: wound(w, "Joe Hambuster", "left-arm", 3, "bullet"))
    undo(services, WESTERN)
    services.advance(WESTERN, lambda c: c.clock + 5 * MINUTE)
    check(services, WESTERN, monkeypatch)
    assert len({reached for _, reached, _ in index_rows(services)}) > 3
