"""The event store on a real SQLite file and a real PostgreSQL database: hash chains, commitments,
seals, secret seeds, snapshots; and the SQLite file in WAL mode."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from support import stored, wounded_party

from chronique.adapters.bootstrap import build
from chronique.adapters.services import Chronique
from chronique.domain.chain import event_hash
from chronique.domain.character import Character
from chronique.domain.fairness import FORMAT, GENESIS_HASH, KeyedStream, commitment, epoch_key, rederive, seal_of
from chronique.domain.pacing import make_pacing


def events_of(services: Chronique, name: str) -> list:
    return services.log(name)


def test_a_sqlite_journal_is_a_file_in_wal_mode(db_path: Path) -> None:
    services = build(str(db_path))
    services.create_campaign("Verdelune", "cartes", None)
    services.close()
    with sqlite3.connect(db_path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert connection.execute("SELECT count(*) FROM stored_events").fetchone()[0] == 3


def test_every_aggregate_is_a_hash_chain_from_64_zeros(services: Chronique) -> None:
    name = wounded_party(services)
    heads: dict = {}
    for event in events_of(services, name):
        expected = heads.get(event.originator_id, GENESIS_HASH)
        assert event.prev_hash == expected, type(event).__qualname__
        heads[event.originator_id] = event_hash(event)
    world = services.world(name)
    assert {a.id: a.head_hash for a in world.aggregates()} == heads


def test_session_start_and_end_seal_every_chain_head_their_own_event_included(services: Chronique) -> None:
    name = wounded_party(services)
    campaign = services.campaign(name)
    assert [(s["session"], s["boundary"]) for s in campaign.seals] == [(1, "session-start"), (1, "session-end")]
    members = {str(campaign.id), *(str(m) for m in campaign.member_ids())}
    log = events_of(services, name)
    for seal in campaign.seals:
        assert seal["seal"] == seal_of(seal["heads"]) and set(seal["heads"]) == members
        for member, (version, head) in seal["heads"].items():
            (event,) = [e for e in log if str(e.originator_id) == member and e.originator_version == version]
            assert event_hash(event) == head
        # FAIRNESS.md v2: the campaign's head in the seal is the boundary event, which records the new commitment.
        boundary = next(e for e in log if e.originator_id == campaign.id and e.originator_version == seal["heads"][str(campaign.id)][0])
        assert (
            type(boundary).__qualname__
            == {"session-start": "Campaign.SessionStarted", "session-end": "Campaign.SessionEnded"}[seal["boundary"]]
        )


def test_seeds_stay_secret_until_their_epoch_closes(services: Chronique, db: str) -> None:
    name = wounded_party(services)
    campaign = services.campaign(name)
    open_seed = services.vault.seed(campaign.id, campaign.epoch).hex()
    states = b"".join(state for _, _, _, state in stored(db))
    assert open_seed.encode() not in states
    revealed = campaign.epochs["session-1"]["seed"]
    assert revealed.encode() in states
    assert commitment(bytes.fromhex(revealed)) == campaign.epochs["session-1"]["commitment"]


def test_every_shuffle_rederives_from_its_revealed_seed(services: Chronique) -> None:
    name = wounded_party(services)
    campaign = services.campaign(name)
    shuffles = [e for e in events_of(services, name) if type(e).__qualname__ == "Deck.Shuffled"]
    assert shuffles
    for event in shuffles:
        seed = campaign.epochs[event.epoch]["seed"]
        assert seed is not None
        key = epoch_key(bytes.fromhex(seed), campaign.epochs[event.epoch]["contributions"], FORMAT)
        assert rederive(event.chance, KeyedStream.v2(key, event.originator_id, event.epoch, event.draw)) is None


def test_commitment_is_recorded_before_the_epochs_first_draw(services: Chronique) -> None:
    name = wounded_party(services)
    log = events_of(services, name)
    committed: set[str] = set()
    for event in log:
        if hasattr(event, "commitment"):
            committed.add(event.epoch)
        if hasattr(event, "chance"):
            assert event.epoch in committed


def test_journal_location_comes_from_chronique_db(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "elsewhere.db"
    monkeypatch.setenv("CHRONIQUE_DB", str(target))
    services = build()
    services.create_campaign("Verdelune", "cartes", None)
    assert target.exists()


def test_cards_are_dealt_at_the_first_draw_so_players_can_add_entropy_first(services: Chronique) -> None:
    services.create_campaign("Verdelune", "cartes", None)
    services.start_session("Verdelune")
    kinds = [type(e).__qualname__ for e in events_of(services, "Verdelune")]
    # The mark that ends every command comes last (ruling UN1).
    assert kinds[-3:] == ["Campaign.SessionStarted", "Campaign.Sealed", "Campaign.CommandRecorded"] and "Deck.Shuffled" not in kinds


def test_snapshots_at_every_interval_load_the_same_character(services: Chronique, db: str) -> None:
    from support import sample

    from chronique.domain.rulesets.cartes.draws import TestRequest, make_test

    services.create_campaign("Verdelune", "cartes", None)
    services.create_character("Verdelune", sample("alice"))
    services.start_session("Verdelune")
    for _ in range(110):
        services.act("Verdelune", lambda w: make_test(w, "Alice", TestRequest("Contact", source="deck")))
    alice = services.world("Verdelune").character("Alice")
    assert services.journal.snapshots is not None
    interval = services.journal.snapshotting_intervals[Character]
    taken = [snapshot.originator_version for snapshot in services.journal.snapshots.get(alice.id)]
    assert taken == list(range(interval, alice.version + 1, interval)) and taken
    history = list(services.journal.events.get(alice.id))
    folded = None
    for event in history:
        folded = event.mutate(folded)
    again = build(db)
    assert again.journal.repository.get(alice.id) == folded
    again.close()


def test_an_event_changed_after_it_was_recorded_is_never_stored(services: Chronique, db: str) -> None:
    services.create_campaign("Verdelune", "cartes", None)
    rows = len(stored(db))

    def tamper(world) -> None:  # noqa: ANN001
        world.campaign.set_pacing(make_pacing(1, None, None, "UTC", None, "2026-01-01T00:00:00+00:00", world.campaign.clock))
        world.campaign.pending_events[-1].pacing["ratio"] = 99  # a rule's late change to a recorded payload

    with pytest.raises(RuntimeError, match="Campaign.PacingSet .* changed after it was recorded"):
        services.act("Verdelune", tamper)
    assert len(stored(db)) == rows  # the chain stays whole: nothing was written


def test_several_aggregates_loaded_at_once_equal_each_loaded_alone(services: Chronique, db: str) -> None:
    # Issue 20: a daemon's batch reads its campaigns, decks and characters in two queries; each
    # must be what a load of its own gives, past a snapshot or before any.
    from uuid import uuid4

    from support import sample

    from chronique.domain.rulesets.cartes.draws import TestRequest, make_test

    services.create_campaign("Verdelune", "cartes", None)
    services.create_character("Verdelune", sample("alice"))
    services.create_campaign("Rivebrume", "cartes", None)
    services.start_session("Verdelune")
    for _ in range(30):  # Alice, her deck and her campaign past their first snapshot
        services.act("Verdelune", lambda w: make_test(w, "Alice", TestRequest("Contact", source="deck")))
    worlds = [services.world(name) for name in ("Verdelune", "Rivebrume")]
    ids = [a.id for world in worlds for a in world.aggregates()]
    assert services.journal.snapshots is not None and any(services.journal.snapshots.get(i) for i in ids)
    again = build(db)
    try:
        nobody = uuid4()
        found = again.journal.load_many([*ids, nobody])
        assert list(found) == ids  # in the order asked, the id without events left out
        assert all(found[i] == again.journal.load(i) for i in ids)
    finally:
        again.close()
