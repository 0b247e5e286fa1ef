"""``audit show`` (adapters/explain.py) through the real command (in-process, ``support.run``): each card of a
draw is placed in the shuffle it was really dealt from — the deck's history of shuffles, gathers and
draws in recording order, as ``verify`` follows it — with that shuffle's epoch and "not verifiable
yet" while the epoch is unrevealed; the headline names the event as ``chronique log`` does (its
short ref, who, its kind in words), in every game."""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict, deque
from pathlib import Path
from typing import Any

import pytest
from microfudge_table import zombies_at_the_table
from support import SAMPLES, run
from verdelune_party import verdelune_party

from chronique.domain.cards import shown as card

SHUFFLED, DRAWN, GATHERED = (f"chronique.domain.deck:Deck.{name}" for name in ("Shuffled", "CardsDrawn", "Gathered"))
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def recorded(db: str, campaign: str) -> list[dict[str, Any]]:
    """Every recorded event in recording order, canonical (the GM's view)."""
    return [entry["event"] for entry in json.loads(run(db, "log", campaign, "--json", "--gm").stdout)]


def short(event: dict[str, Any]) -> str:
    return f"{event['originator_id'].replace('-', '')[:8]}:{event['originator_version']}"


def full(event: dict[str, Any]) -> str:
    return f"{event['originator_id']}:{event['originator_version']}"


def kind(event: dict[str, Any]) -> str:
    return str(event["topic"]).rsplit(":", 1)[-1].rsplit(".", 1)[-1]


def verdelune(db: str) -> None:
    verdelune_party(db, ("alice", "bruno", "brigand"))


def test_a_card_drawn_after_a_session_end_is_placed_in_the_new_sessions_shuffle(db: str) -> None:
    # The review's reproduction: the deck is gathered at the end of session 1 and shuffled anew in
    # session 2, whose seed stays committed (secret) until session 2 ends.
    verdelune(db)
    run(db, "cartes", "test", "Verdelune", "Bruno", "Médecine")
    run(db, "session", "end", "Verdelune")
    run(db, "session", "start", "Verdelune")
    run(db, "cartes", "test", "Verdelune", "Bruno", "Médecine")
    events = recorded(db, "Verdelune")
    test = [e for e in events if kind(e) == "TestMade"][-1]
    first, second = [e for e in events if e["topic"] == SHUFFLED]
    assert first["epoch"] == "session-1" and second["epoch"] == "session-2"
    # The GM's view places each card while session 2's seed is secret; the players' waits (below).
    shown = run(db, "audit", "show", short(test), "--gm").stdout
    placed = re.findall(r"^  \S+: card (\d+) of shuffle (\S+) \(the dice of ([^,]+), ([^)]*)\), drawn for Bruno", shown, re.M)
    # Every card of the test (a pile card, and any drawn for it) came from session 2's shuffle.
    used = sorted({*test["outcome"]["cards"], *test["outcome"].get("drawn", [])})
    assert len(placed) == len(used), shown
    assert {(shuffle, epoch, status) for _, shuffle, epoch, status in placed} == {(short(second), "session 2", "not revealed yet")}, shown
    assert "not verifiable until the dice of session 2 are revealed" in shown and "verifiable now" not in shown
    # The JSON tells the same places, with the shuffle's full reference: each holds its card.
    explained = json.loads(run(db, "audit", "show", short(test), "--json", "--gm").stdout)
    assert explained["verifiable"] is False
    assert sorted(o["card"] for o in explained["cards"]) == used
    for origin, (position, *_) in zip(explained["cards"], placed, strict=True):
        assert (origin["shuffle"], origin["position"], origin["epoch"]) == (
            full(second),
            int(position) - 1,
            "session-2",
        )  # counted from 1 (EB40)
        assert second["chance"][0]["result"][origin["position"]] == origin["card"], shown
    # A player learns no place in a shuffle still secret: how deep a card lay would tell how many
    # cards the hidden draws before it took (FAIRNESS.md v2, ruling FP9).
    players = run(db, "audit", "show", short(test)).stdout
    secret = r"\(the dice of session 2, not revealed yet: its place there shows once they are\)"
    waiting = re.findall(rf"^  \S+: from shuffle (\S+) {secret}", players, re.M)
    assert waiting == [short(second)] * len(used) and "position" not in players, players
    assert [o["position"] for o in json.loads(run(db, "audit", "show", short(test), "--json").stdout)["cards"]] == [None] * len(used)
    # Once session 2 ends its seed is revealed: the same card, now verifiable.
    run(db, "session", "end", "Verdelune")
    shown = run(db, "audit", "show", short(test)).stdout
    assert re.search(rf"card \d+ of shuffle {short(second)} \(the dice of session 2, revealed\)", shown), shown
    assert shown.rstrip().endswith("verifiable now")


def dealt(events: list[dict[str, Any]], target: dict[str, Any]) -> dict[tuple[str, str], list[tuple[str, int, str]]]:
    """The test's oracle, from the log alone: per (receiver, card), each (shuffle, position, epoch)
    a deck handed it from before ``target`` — a deck's cards are its shuffles' results in turn, a
    gather empties it, a draw takes its top cards."""
    decks: defaultdict[str, deque[tuple[str, int, str, str]]] = defaultdict(deque)
    handed: defaultdict[tuple[str, str], list[tuple[str, int, str]]] = defaultdict(list)
    for e in events:
        if e is target:
            break
        if e["topic"] == SHUFFLED:
            decks[e["originator_id"]].extend((c, i, full(e), e["epoch"]) for i, c in enumerate(e["chance"][0]["result"]))
        elif e["topic"] == GATHERED:
            decks[e["originator_id"]].clear()
        elif e["topic"] == DRAWN:
            for c in e["cards"]:
                top, position, shuffle, epoch = decks[e["originator_id"]].popleft()
                assert top == c
                handed[(e["to"], c)].append((shuffle, position, epoch))
    return handed


def test_every_card_of_a_longer_campaign_is_placed_at_its_position_in_its_own_shuffle(db: str) -> None:
    # Three sessions with downtime between them: the deck is gathered at each session's end and when
    # an epoch's order is revealed, and shuffled again in each epoch that draws.
    verdelune(db)
    for session in range(3):
        for who, skill in (("Alice", "Contact"), ("Bruno", "Médecine"), ("Alice", "Discrétion"), ("Bruno", "Vigilance")):
            run(db, "cartes", "test", "Verdelune", who, skill, "--from", "deck")
            run(db, "cartes", "test", "Verdelune", who, skill)
        if session == 0:  # the Brigand's survival draws in every downtime after
            run(db, "cartes", "wound", "Verdelune", "Brigand", "--damage", "3", "--lethality", "faible")
        run(db, "session", "end", "Verdelune")
        run(db, "advance", "Verdelune", "2d", "--yes")  # survival draws in the downtime epoch
        if session < 2:
            run(db, "session", "start", "Verdelune")
    events = recorded(db, "Verdelune")
    assert sum(e["topic"] == SHUFFLED for e in events) >= 3 and sum(e["topic"] == GATHERED for e in events) >= 2
    shuffles = {full(e): e for e in events if e["topic"] == SHUFFLED}
    names = {e["originator_id"]: e["name"] for e in events if kind(e) == "Created" and "name" in e}
    tests = [e for e in events if kind(e) == "TestMade"]
    assert len(tests) == 24
    checked = 0
    for test in tests:
        explained = json.loads(run(db, "audit", "show", short(test), "--json").stdout)
        handed = dealt(events, test)
        assert explained["cards"], short(test)
        later: Counter[tuple[str, str]] = Counter()
        for origin in reversed(explained["cards"]):
            result = shuffles[origin["shuffle"]]["chance"][0]["result"]
            assert result[origin["position"]] == origin["card"], (short(test), origin)
            assert origin["epoch"] == shuffles[origin["shuffle"]]["epoch"]
            assert origin["to"] == names[test["originator_id"]]
            # The most recent instance of that card the character was handed; a card the test
            # played twice (two packs) is placed twice, the earlier one at the instance before
            # (ruling C85).
            later[(origin["to"], origin["card"])] += 1
            instance = handed[(origin["to"], origin["card"])][-later[(origin["to"], origin["card"])]]
            assert instance == (origin["shuffle"], origin["position"], origin["epoch"])
            checked += 1
    assert checked >= len(tests)


# -- every game's headline: the log's short ref, who, and its kind in words ------------------------


def cartes(db: str, tmp_path: Path) -> tuple[str, str, str]:
    verdelune(db)
    run(db, "cartes", "test", "Verdelune", "Bruno", "Médecine")
    return "Verdelune", "TestMade", "test made"


def elor(db: str, tmp_path: Path) -> tuple[str, str, str]:
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    run(db, "character", "new", "Tolosa", "--sheet", str(SAMPLES / "elor_samson.toml"))
    run(db, "session", "start", "Tolosa")
    run(db, "elor", "test", "Tolosa", "Samson", "-f", "P")
    return "Tolosa", "TestRolled", "test rolled"


def microfudge(db: str, tmp_path: Path) -> tuple[str, str, str]:
    zombies_at_the_table(db, tmp_path)
    run(db, "microfudge", "test", "Zombies", "Jim", "Tir", "-d", "moyen")
    return "Zombies", "TestRolled", "test rolled"


def western_parade(db: str, tmp_path: Path) -> tuple[str, str, str]:
    run(db, "campaign", "new", "Shotgun City", "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", "Shotgun City", "--sheet", str(SAMPLES / "wp_sam.toml"))
    run(db, "session", "start", "Shotgun City")
    run(db, "western-parade", "roll", "Shotgun City", "Sam Parkerson", "-s", "Armes de poing")
    return "Shotgun City", "CheckRolled", "check rolled"


@pytest.mark.parametrize("play", [cartes, elor, microfudge, western_parade], ids=lambda f: f.__name__)
def test_the_headline_names_the_event_as_the_log_does_in_every_game(db: str, tmp_path: Path, play: Any) -> None:
    campaign, topic, words = play(db, tmp_path)
    events = recorded(db, campaign)
    names = {e["originator_id"]: e["name"] for e in events if kind(e) == "Created" and "name" in e}
    event = next(e for e in events if kind(e) == topic)
    shown = run(db, "audit", "show", short(event)).stdout
    assert shown.splitlines()[0] == f"{short(event)}, {names[event['originator_id']]}: {words}", shown
    # The log's own words for the kind, and its ref, in the same row.
    log = " ".join(run(db, "log", campaign).stdout.replace("|", " ").split())
    assert re.search(rf"{re.escape(short(event))} .*?{words}", log)
    assert not UUID.search(shown), shown
    # A deck's own events read the same way (Cartes, MicroFudge and Elor draw cards from one).
    for deck_event in [e for e in events if e["topic"] in (SHUFFLED, DRAWN)][:2]:
        headline = run(db, "audit", "show", short(deck_event)).stdout.splitlines()[0]
        deck_words = "shuffled" if deck_event["topic"] == SHUFFLED else "cards drawn"
        assert headline == f"{short(deck_event)}, {names[deck_event['originator_id']]}: {deck_words}"


def test_a_voided_events_headline_names_its_correction_by_the_logs_short_ref(db: str) -> None:
    verdelune(db)
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "5", "--lethality", "faible")
    wound = next(e for e in recorded(db, "Verdelune") if kind(e) == "WoundSuffered")
    run(db, "correct", short(wound), "--reason", "it missed")
    correction = [e for e in recorded(db, "Verdelune") if kind(e) == "Corrected"][-1]
    headline = run(db, "audit", "show", short(wound)).stdout.splitlines()[0]
    assert headline == f"{short(wound)}, Alice: wound suffered — VOIDED by {short(correction)}"


def test_a_decks_own_draw_is_not_verifiable_until_its_shuffles_dice_are_revealed(db: str) -> None:
    # The review: a deck's draw read "verifiable now" while the shuffle it drew from was secret.
    verdelune(db)
    run(db, "cartes", "test", "Verdelune", "Bruno", "Médecine")
    draw = [e for e in recorded(db, "Verdelune") if e["topic"] == DRAWN][-1]
    shown = run(db, "audit", "show", short(draw), "--gm").stdout
    assert "not verifiable until the dice of session 1 are revealed" in shown and "verifiable now" not in shown
    assert len(re.findall(r"^  \S+: card \d+ of shuffle ", shown, re.M)) == len(draw["cards"])
    run(db, "session", "end", "Verdelune")
    assert run(db, "audit", "show", short(draw)).stdout.rstrip().endswith("verifiable now")


def test_a_microfudge_sides_cards_are_each_placed_in_the_conflict_decks_shuffle_L307_L311(db: str, tmp_path: Path) -> None:
    # A side's attack on each target, its defence and its armour are the cards it played (L311).
    run(db, "campaign", "new", "Bridge", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    for name in ("Ann", "Bob"):
        (tmp_path / f"{name}.toml").write_text(f'name = "{name}"\nstatus = "hero"\n[ranks]\nCombat = 4\n', encoding="utf-8")
        run(db, "character", "new", "Bridge", "--sheet", str(tmp_path / f"{name}.toml"))
    run(db, "session", "start", "Bridge")
    run(db, "microfudge", "sequence", "Bridge", "Ann", "Bob", "--goal", "hold the bridge")
    run(db, "microfudge", "conflict-card", "Bridge", "--side", "Ann:Combat:def=2", "--side", "Bob:Combat")
    side = next(e for e in recorded(db, "Bridge") if e["topic"].endswith(":ConflictCardsDrawn") and "Bob" in e["attack"])
    played = [*side["attack"]["Bob"]["cards"], *side["defence"]["cards"], *side["armour"]["cards"]]
    shown = run(db, "audit", "show", short(side), "--gm").stdout
    placed = re.findall(r"^  (\S+): card \d+ of shuffle \S+ \(the dice of session 1, not revealed yet\), drawn for Ann", shown, re.M)
    assert played and sorted(placed) == sorted(card(c) for c in dict.fromkeys(played)), shown
    assert "not verifiable until the dice of session 1 are revealed" in shown


def test_an_event_that_counts_cards_without_playing_any_is_explained_as_drawing_none() -> None:
    # A MicroFudge upper hand records how many extra cards it earns (a count, not cards): its
    # account crashed on it ("'int' object is not iterable").
    from chronique.adapters.explain import _cards_of

    assert _cards_of({"topic": "…:UpperHandTaken", "cards": 4, "forgone": {"Bob": 2}}) == []
    shuffle = {"topic": SHUFFLED, "chance": [{"op": "shuffle", "deck": ["AS", "2S"], "result": ["2S", "AS"]}]}
    assert _cards_of(shuffle) == []
    test = {"outcome": {"drawn": ["9H", "KD"], "cards": ["9H", "QS"]}}
    assert _cards_of(test) == ["9H", "KD", "QS"]
