"""Fair play v2 for Cartes (issue 13, "verify the game, not only the dice"): pile refills, supports,
supported tests, short-circuits and survival draws re-derived from the cards the general deck
handed, on a real SQLite file and a real PostgreSQL database. Each forgery, re-chained and sealed,
is caught by `chronique verify` and by the standalone verifier, naming the event and the field.

The journals are played with scripted seeds (the one thing tests may fake), so they are the same
on every run; each test first asserts that the journal holds the case it is about."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support import scripted_services, wounded_party
from tampering import forge, rows
from test_fair_play_v2 import assert_caught, member, offline_verdict, verify

from chronique.adapters.services import Chronique
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test, recover, support, take_resource
from chronique.domain.rulesets.cartes.resolution import resolve_test
from chronique.domain.world import World

NAME = "Verdelune"
DOWNTIME_SEEDS = b"d"  # Alice's wound worsens, then is survived with a malus her healer's care retries

Event = dict[str, Any]


def events(db: str, who: str, topic: str) -> list[tuple[int, Event]]:
    """(version, content) of every ``topic`` event of ``who``'s chain, in order."""
    return [(version, json.loads(state)) for version, name, state in rows(db, member(db, NAME, who)) if name.endswith(":" + topic)]


def wounded(db: str) -> None:
    """Session 1: Alice takes a Forte wound of 7 and Bruno tends it (adapted kit); then a day of
    downtime brings her survival draws and, once survived, the retries of its malus (§Survie,
    §Médecine). The session that follows is not started."""
    services = scripted_services(db, DOWNTIME_SEEDS)
    wounded_party(services, NAME)
    services.advance(NAME, lambda c: c.clock + 86400)
    services.close()


def played(db: str) -> None:
    """The session after ``wounded``'s downtime, left open: supports of the three kinds, a
    supported test, a resource draw, a pile exhausted and recovered, and two difficult tests whose
    first card from the pile is a ♦, one short-circuiting, one not."""
    services = scripted_services(db, DOWNTIME_SEEDS)
    try:
        services.start_session(NAME)
        _play(services)
    finally:
        services.close()


def boundary(db: str, which: str) -> None:
    """The session started or ended, by the services that hold the scripted seeds."""
    services = scripted_services(db, DOWNTIME_SEEDS)
    try:
        if which == "start":
            services.start_session(NAME)
        else:
            services.end_session(NAME)
    finally:
        services.close()


def _play(services: Chronique) -> None:
    def act(command: Callable[[World], Any]) -> Any:
        return services.act(NAME, command)

    def pile() -> list[str]:
        return list(services.world(NAME).character("Alice").condition["pile"])

    def tire(left: int) -> None:  # tests from the pile, leaving room for what refills bring
        while len(pile()) > left:
            act(lambda w: make_test(w, "Alice", TestRequest("Contact")))

    act(lambda w: make_test(w, "Alice", TestRequest("Contact")))  # the session's first draw deals the cards
    tire(3)
    # §Déroulement du tour L293-294: a power and a tactics support by Bruno. A power card serves the
    # next draw only (used or not), so each Très difficile test from the deck follows a support,
    # until the power card saves one.
    for _ in range(12):
        if not act(lambda w: support(w, "Bruno", "Alice", TestRequest("Médecine", -1, "deck", manoeuvre="power"))).success:
            continue
        if act(lambda w: make_test(w, "Alice", TestRequest("Contact", 2, "deck"))).support_used:
            break
    for _ in range(5):
        if act(lambda w: support(w, "Bruno", "Alice", TestRequest("Médecine", -1, "deck", manoeuvre="tactics"))).success:
            break
    act(lambda w: take_resource(w, "Alice", None))  # §Choix des manœuvres L279
    tire(3)
    # L296: a resource support (cartes.md §3.11 PROPOSAL: its success value in cards).
    for _ in range(5):
        if act(lambda w: support(w, "Bruno", "Alice", TestRequest("Médecine", -1, "deck", manoeuvre="resource"))).success:
            break
    tire(0)  # §Épuisement de la pioche L233-235
    act(lambda w: recover(w, "Alice", None))
    # L324: a ♦ first from the pile cancels a short-circuit's extra level. Both tests ask +1: a
    # Difficile test (two cards), and a Moyenne one made Difficile by its short-circuit (L269).
    for short_circuit in (False, True):
        for _ in range(40):
            if not pile():
                act(lambda w: recover(w, "Alice", None))
            elif not pile()[0].endswith("D"):
                act(lambda w: make_test(w, "Alice", TestRequest("Contact")))
            else:
                act(lambda w, sc=short_circuit: make_test(w, "Alice", TestRequest("Contact", 0 if sc else 1, short_circuit=sc)))
                break


def _diamond_first(short_circuit: bool) -> Callable[[Event], bool]:
    # L324: a Difficile test whose first card, from the pile, is a ♦.
    def pick(e: Event) -> bool:
        first_diamond = e["source"] == "pile" and e["from_pile"][0].endswith("D")
        return first_diamond and e["outcome"]["level_asked"] == 1 and e["short_circuit"] is short_circuit

    return pick


def _kind(kind: str) -> Callable[[Event], bool]:
    return lambda e: e["kind"] == kind


def _reason(reason: str) -> Callable[[Event], bool]:
    return lambda e: e["reason"] == reason and bool(e["cards"])


def _supported(e: Event) -> bool:
    return bool(e["support_used"])


# -- an honest journal -------------------------------------------------------------------------------


def test_an_honest_journal_of_refills_supports_short_circuits_and_survival_draws_verifies_both_ways(db: str, tmp_path: Path) -> None:
    wounded(db)
    played(db)
    boundary(db, "end")
    refills = [e for _, e in events(db, "Alice", "PileRefilled")]
    assert {e["reason"] for e in refills if e["cards"]} == {"resource", "recovery"}
    assert all(e["harder"] for e in refills if e["reason"] == "recovery")  # cartes.md §3.10 PROPOSAL
    supports = {e["kind"]: e for _, e in events(db, "Alice", "SupportReceived")}
    assert supports["power"]["card"] and supports["tactics"]["markers"] == 3 and supports["resource"]["cards"]
    tests = [e for _, e in events(db, "Alice", "TestMade")]
    assert any(_supported(e) for e in tests)
    # A short-circuited ♦ cancels the extra level: one card; without the short-circuit, two.
    assert [len(e["outcome"]["drawn"]) for e in tests if _diamond_first(False)(e)] == [2]
    assert [len(e["outcome"]["drawn"]) for e in tests if _diamond_first(True)(e)] == [1]
    survival = [e for _, e in events(db, "Alice", "SurvivalChecked")]
    assert [e["result"] for e in survival] == ["escalate", "malus"] and all(e["medicine"] for e in survival)
    assert [e["malus"] for _, e in events(db, "Alice", "SurvivalRetried")]
    code, out = verify(db, NAME)
    assert code == 0 and "OK:" in out, out
    code, out = offline_verdict(db, NAME, tmp_path, gm=False)
    assert code == 0 and "OK:" in out, out


# -- forgeries in play -------------------------------------------------------------------------------


def _reversed(key: str) -> Callable[[Event], None]:
    # The cards in another order (another card on top of the pile): the same cards, so the chain
    # still replays for the forger's own journal.
    def change(e: Event) -> None:
        assert e[key] != e[key][::-1], "reversing these cards changes nothing"
        e[key] = e[key][::-1]

    return change


def _set(key: str, value: Any, otherwise: Any) -> Callable[[Event], None]:
    # ``value`` in place of what the event records, or ``otherwise`` where it records ``value``.
    return lambda e: e.__setitem__(key, value if e[key] != value else otherwise)


def _as_if_short_circuited(e: Event) -> None:
    # The forger drops the second card, as if the player had short-circuited: the ♦ then cancels
    # the extra level and the first card alone decides (L324).
    o = e["outcome"]
    e["outcome"] = resolve_test(o["target"], o["level_asked"], o["drawn"][0], lambda n: [], short_circuit=True).to_dict()


PLAY_FORGERIES = {
    # §Choix des manœuvres L279: a resource draw's cards, as the deck handed them.
    "a resource refill's cards reordered": ("PileRefilled", _reason("resource"), _reversed("cards"), "cards"),
    # §Épuisement de la pioche L235: a recovery's cards, and whether the next one is harder.
    "a recovery's cards reordered": ("PileRefilled", _reason("recovery"), _reversed("cards"), "cards"),
    "a recovery made no harder": ("PileRefilled", _reason("recovery"), lambda e: e.__setitem__("harder", False), "harder"),
    # §Déroulement du tour L293-296: what a support gives follows from the supporter's draw.
    "a power support's card": ("SupportReceived", _kind("power"), _set("card", "AS", "2S"), "card"),
    "a tactics support's markers": ("SupportReceived", _kind("tactics"), lambda e: e.__setitem__("markers", 6), "markers"),
    "a resource support's cards reordered": ("SupportReceived", _kind("resource"), _reversed("cards"), "cards"),
    # L293: the supporter's card may replace any card of the supported draw.
    "a supported test's verdict": (
        "TestMade",
        _supported,
        lambda e: e.__setitem__("outcome", {**e["outcome"], "success": not e["outcome"]["success"]}),
        "outcome",
    ),
    # L324: the short-circuit is the player's choice, recorded; the outcome follows from it.
    "a test rewritten as short-circuited": ("TestMade", _diamond_first(False), _as_if_short_circuited, "outcome"),
    "a short-circuit denied": ("TestMade", _diamond_first(True), lambda e: e.__setitem__("short_circuit", False), "outcome"),
    # A v2 event stripped of the choice would read as one recorded before choices were kept.
    "a short-circuit's choice stripped": ("TestMade", _diamond_first(True), lambda e: e.pop("short_circuit"), "short_circuit"),
}


@pytest.mark.parametrize("case", list(PLAY_FORGERIES))
def test_a_forged_refill_support_or_short_circuit_re_chained_and_sealed_is_caught(db: str, tmp_path: Path, case: str) -> None:
    topic, pick, change, field = PLAY_FORGERIES[case]
    wounded(db)
    played(db)
    place = forged(db, topic, pick, change)
    boundary(db, "end")  # the forged chain is sealed
    assert_caught(db, NAME, tmp_path, place, field)


def forged(db: str, topic: str, pick: Callable[[Event], bool], change: Callable[[Event], None]) -> str:
    """Alice's last ``topic`` event that ``pick`` chooses, rewritten and re-chained: its place."""
    versions = [version for version, event in events(db, "Alice", topic) if pick(event)]
    assert versions, f"the journal holds no such {topic}"
    return forge(db, member(db, NAME, "Alice"), versions[-1], change)


# -- forgeries in downtime ---------------------------------------------------------------------------


def _escalated(e: Event) -> bool:
    return e["result"] == "escalate"


def _survived(e: Event) -> bool:
    return e["result"] == "malus"


def _more(key: str, by: int = 1) -> Callable[[Event], None]:
    return lambda e: e.__setitem__(key, e[key] + by)


def _more_in(key: str, inner: str, by: int) -> Callable[[Event], None]:
    return lambda e: e.__setitem__(key, {**e[key], inner: e[key][inner] + by})


DOWNTIME_FORGERIES = {
    # §Tirages de survie L447: a failed Forte draw moves the wound to Énorme, drawn every minute.
    "an escalation denied": ("SurvivalChecked", _escalated, lambda e: e.__setitem__("result", "clean"), "result"),
    "an escalated wound drawn for later": ("SurvivalChecked", _escalated, _more_in("wound", "next_draw", 3600), "wound"),
    # L446: a success below the wound's value leaves B − T malus markers until curative care.
    "a survival's malus": ("SurvivalChecked", _survived, _more("malus", -1), "malus"),
    "a survival's lasting malus": ("SurvivalChecked", _survived, _more_in("lasting", "amount", -1), "lasting"),
    # §Médecine L465: the healer's tactics support gives 3 bonus markers on a success.
    "a survival's medicine": ("SurvivalChecked", _survived, _more_in("medicine", "bonus", 3), "medicine"),
    # §Médecine L467: a retry's margin replaces the malus, or lifts it.
    "a retry's malus": ("SurvivalRetried", lambda e: True, lambda e: e.__setitem__("malus", 0 if e["malus"] else 1), "malus"),
    "a retry's medicine": ("SurvivalRetried", lambda e: True, _more_in("medicine", "bonus", 3), "medicine"),
}


@pytest.mark.parametrize("case", list(DOWNTIME_FORGERIES))
def test_a_forged_survival_draw_re_chained_and_sealed_is_caught(db: str, tmp_path: Path, case: str) -> None:
    topic, pick, change, field = DOWNTIME_FORGERIES[case]
    wounded(db)
    place = forged(db, topic, pick, change)
    boundary(db, "start")  # the session-start seal covers the forged downtime
    assert_caught(db, NAME, tmp_path, place, field)
