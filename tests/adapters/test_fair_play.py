"""Fair play (issue 3): entropy, hidden draws, corrections, audit show, the standalone verifier."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import sample, scripted_services, wounded_party

from chronique.adapters.audit import Audit, fast_hash
from chronique.adapters.explain import explain
from chronique.adapters.services import Chronique
from chronique.domain.chain import event_hash
from chronique.domain.errors import RuleViolation
from chronique.domain.fairness import FORMAT, KeyedStream, epoch_key, sha256_hex
from chronique.domain.rulesets.cartes.combat import suffer_wound
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.rulesets.cartes.table import gm_draw


@pytest.fixture
def services(db: str) -> Iterator[Chronique]:
    chronique = scripted_services(db)
    yield chronique
    chronique.close()


def test_asking_the_same_place_twice_gives_the_same_faces_no_reroll() -> None:
    key = epoch_key(b"\x01" * 32)
    first = KeyedStream(key, "3f2b8c1e-9d4a-4e6b-8a1f-0c5d7e9b2a64", 7)
    second = KeyedStream(key, "3f2b8c1e-9d4a-4e6b-8a1f-0c5d7e9b2a64", 7)
    assert [first.die(6) for _ in range(20)] == [second.die(6) for _ in range(20)]
    elsewhere = KeyedStream(key, "3f2b8c1e-9d4a-4e6b-8a1f-0c5d7e9b2a64", 8)
    assert [elsewhere.die(100) for _ in range(5)] != [
        KeyedStream(key, "3f2b8c1e-9d4a-4e6b-8a1f-0c5d7e9b2a64", 7).die(100) for _ in range(5)
    ]


def test_a_failed_command_redraws_the_same_shuffle_at_the_same_place(services: Chronique) -> None:
    services.create_campaign("Verdelune", "cartes", None)
    services.start_session("Verdelune")

    def shuffle_then_crash(world) -> None:  # noqa: ANN001
        gm_draw(world, 1, "", "omen")
        raise RuntimeError("crash before the save")

    with pytest.raises(RuntimeError):
        services.act("Verdelune", shuffle_then_crash)
    world = services.world("Verdelune")
    gm_draw(world, 1, "", "omen")
    crashed = world.decks["general"].pending_events[0].chance
    drawn = services.act("Verdelune", lambda w: gm_draw(w, 1, "", "omen"))
    stored = [e for e in services.log("Verdelune") if type(e).__qualname__ == "Deck.Shuffled"][0]
    assert stored.chance == crashed and drawn == [stored.chance[0]["result"][0]]


def test_entropy_is_taken_before_the_first_draw_and_enters_the_key(services: Chronique) -> None:
    name = "Verdelune"
    services.create_campaign(name, "cartes", None)
    for sheet, player in ((sample("alice"), "Zoé"), (sample("bruno"), "Bob")):
        services.create_character(name, sheet)
        services.assign_player(name, sheet["name"], player)
    services.start_session(name)
    services.add_entropy(name, "Zoé", "le hibou chante")
    services.add_entropy(name, "Bob", "Bob's lucky phrase")
    services.act(name, lambda w: gm_draw(w, 1, "", "omen"))
    with pytest.raises(RuleViolation, match="the dice of session 1 have been drawn from already"):
        services.add_entropy(name, "Zoé", "too late")
    services.end_session(name)
    bundle = services.audit.bundle(name)
    epoch = next(e for e in bundle["epochs"] if e["id"] == "session-1")
    assert sorted(epoch["contributions"]) == ["Bob's lucky phrase", "le hibou chante"]
    report = Audit.check_bundle(bundle)
    assert report.ok and report.draws == 1
    shuffle = next(e["event"] for e in bundle["events"] if e["event"]["topic"].endswith("Deck.Shuffled"))
    seed = bytes.fromhex(epoch["seed"])
    with_phrases = KeyedStream.v2(epoch_key(seed, epoch["contributions"], FORMAT), shuffle["originator_id"], "session-1", 0)
    without = KeyedStream.v2(epoch_key(seed, [], FORMAT), shuffle["originator_id"], "session-1", 0)
    deck = shuffle["chance"][0]["deck"]
    assert with_phrases.shuffle(deck) == shuffle["chance"][0]["result"] != without.shuffle(deck)  # the phrases are part of the key


def test_face_down_and_hidden_draws_are_hidden_from_players_until_revealed(services: Chronique) -> None:
    name = wounded_party(services)
    services.start_session(name)
    services.act(name, lambda w: make_test(w, "Bruno", TestRequest("Sens", source="deck", hidden=True)))
    during = services.audit.bundle(name)
    hidden = [e for e in during["events"] if e.get("hidden")]
    topics = {e["event"]["topic"].rsplit(":", 1)[1] for e in hidden}
    assert {"Deck.Shuffled", "CardsDealt", "TestMade"} <= topics
    assert all(set(e["event"]) == {"topic", "originator_id", "originator_version", "prev_hash", "sealed_until"} for e in hidden)
    report = Audit.check_bundle(during)
    assert report.ok and report.hidden == len(hidden)
    assert services.audit.verify(name).hidden == 0  # the GM's own verify sees everything
    services.end_session(name)
    after = services.audit.bundle(name)
    assert not any(e.get("hidden") and e["event"].get("sealed_until") == "session-2" for e in after["events"])


def test_a_correction_voids_an_event_and_sheets_honour_it(services: Chronique) -> None:
    name = "Verdelune"
    services.create_campaign(name, "cartes", None)
    from support import sample

    services.create_character(name, sample("alice"))
    services.start_session(name)
    services.act(name, lambda w: suffer_wound(w, "Alice", 4, "moyenne", "a misread blow"))
    alice = services.world(name).character("Alice")
    wound_version = alice.version
    assert alice.condition["wounds"] and alice.condition["malus"] == 2
    services.correct(name, "Alice", wound_version, "the blow missed: wrong target")
    alice = services.world(name).character("Alice")
    assert alice.condition["wounds"] == [] and alice.condition["malus"] == 0 and alice.voided == [wound_version]
    assert services.advance(name, lambda c: c.clock + 86400).ticks == []  # no survival draw any more
    bundle = services.audit.bundle(name)
    marked = [e for e in bundle["events"] if "voided_by" in e]
    assert [e["event"]["originator_version"] for e in marked] == [wound_version]
    assert Audit.check_bundle(bundle).ok
    with pytest.raises(RuleViolation, match="is voided already, by "):
        services.correct(name, "Alice", wound_version, "twice")


def test_an_event_others_depend_on_cannot_be_voided_alone(services: Chronique) -> None:
    name = wounded_party(services)
    services.advance(name, lambda c: c.clock + 86400)  # survival draws now refer to the wound
    alice = services.world(name).character("Alice")
    wound = next(e.originator_version for e in services.log(name) if type(e).__name__ == "WoundSuffered")
    assert any(type(e).__name__ == "SurvivalChecked" for e in services.journal.events.get(alice.id))
    with pytest.raises(RuleViolation, match="depend on"):
        services.correct(name, "Alice", wound, "never happened")


def test_audit_show_explains_a_test_with_its_modifiers_cards_and_epoch(services: Chronique) -> None:
    name = wounded_party(services)  # Alice's Contact test at Difficile in session 1
    alice = services.world(name).character("Alice")
    test = next(e for e in services.log(name) if type(e).__name__ == "TestMade")
    x = explain(services.audit, f"{alice.id.hex[:8]}:{test.originator_version}")
    assert x.who == "Alice" and x.what == "TestMade" and not x.hidden
    assert x.event["basis"]["sheet"] == 9 and x.event["sheet_version"] >= 1
    assert [o.card for o in x.origins] and all(o.epoch == "session-1" for o in x.origins)
    assert x.verifiable  # session 1 has ended: its seed is revealed
    shuffle = next(e for e in services.log(name) if type(e).__qualname__ == "Deck.Shuffled")
    deck = services.world(name).decks["general"]
    y = explain(services.audit, f"{deck.id}:{shuffle.originator_version}")
    assert y.rederived == "its chance matches its draw place and its outcome is what the rules give"
    with pytest.raises(RuleViolation, match="not an event reference"):
        explain(services.audit, "nonsense")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**63), max_value=2**63 - 1) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(event=st.dictionaries(st.text(max_size=12), JSON, max_size=8))
def test_the_fast_hash_is_the_contracts_hash(event: dict) -> None:
    assert fast_hash(event) == sha256_hex(event)


def test_every_stored_row_is_its_events_canonical_bytes(services: Chronique) -> None:
    name = wounded_party(services)
    for event in services.log(name):
        stored = services.journal.mapper.to_stored_event(event)
        assert hashlib.sha256(stored.state).hexdigest() == event_hash(event)
        assert services.journal.mapper.to_domain_event(stored) == event


def test_the_bundle_marks_every_event_an_undo_took_back(db: str) -> None:
    # An undo voids a list of versions, a correction one: the bundle marked an undone wound with
    # no ``voided_by`` (its key read "id:[2]"), so a player's copy showed it as standing.
    from support import run
    from verdelune_party import verdelune_party

    from chronique.adapters.bootstrap import build

    name = verdelune_party(db)
    run(db, "cartes", "wound", name, "Alice", "--damage", "4", "--lethality", "moyenne")
    run(db, "undo", name, "--reason", "the blow missed")
    services = build(db, create=False)
    try:
        bundle = services.audit.bundle(name)
    finally:
        services.close()
    wounds = [e for e in bundle["events"] if e["event"]["topic"].endswith(":WoundSuffered")]
    undone = [e for e in bundle["events"] if e["event"]["topic"].endswith(":Character.Undone")]
    assert len(wounds) == 1 and len(undone) == 1
    by = undone[0]["event"]
    assert wounds[0]["voided_by"] == f"{by['originator_id']}:{by['originator_version']}"
