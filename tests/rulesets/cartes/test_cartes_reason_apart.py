"""Cartes: a test's reason and the game's own purpose are two fields (ruling C82). The player's
``--reason`` heads the test's log line whatever its wording, even one that reads like the purposes
the game writes on the draws it makes itself ("against Bruno's men", "attack on the gate",
"resource draw"); the game's purposes (an opposition's sides, §Réussites ou échecs L305-313; a
support, §Tirage des soutiens L289-297; a resource draw, §Choix des manœuvres L279; a recovery,
§Épuisement de la pioche L233-235) are never said as a reason, since the lines beside them say
them already. Tests recorded before ``TestMade`` kept them apart (its class version 5) read as
they always did, and verify as before. The unit tests stack the deck (tests/cartes_table.py); the
command-line tests run the real app on a real journal of each backend.
Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

from typing import Any

from cartes_cli import NAME, PARTY, recorded, seat
from cartes_table import DEALT, describe, empty_alices_pile, last_test, table
from support import log_details, run, sample, short_ref

from chronique.domain.deck_rules import CHARACTER_CREATED
from chronique.domain.rederivation import Table, check
from chronique.domain.referees import all_rules
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.combat import attack
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test, recover, support
from chronique.domain.rulesets.cartes.resolution import resolve_test

TEST_MADE = "chronique.domain.rulesets.cartes.events:TestMade"

# Reasons a player may give that read like the purposes the game writes itself. Before ruling
# C82 the first, the third and the last two were dropped from the log line as if the game had
# written them.
LOOK_ALIKES = ("against Bruno's men", "attack on the gate", "support of Bruno", "resource draw", "recovery draw")


def logged(db: str) -> dict[str, str]:
    """Each entry of ``chronique log --gm`` by its ref: its Details cell, wrapped lines joined."""
    entries: dict[str, str] = {}
    ref = ""
    for line in run(db, "log", NAME, "--gm").stdout.splitlines():
        cells = [cell.strip() for cell in line.split("|")]
        if len(cells) < 7 or cells[1] == "Ref" or (cells[1] and set(cells[1]) <= {"-"}):
            continue
        if cells[1]:
            ref = cells[1]
            entries[ref] = cells[5]
        elif ref:
            entries[ref] = f"{entries[ref]} {cells[5]}".strip()
    return entries


def stored_before_version_5(event: ev.TestMade, purpose: str) -> ev.TestMade:
    """``event`` as a journal reads one stored before TestMade version 5 (adapters/journal.py):
    no ``game_purpose``, its one ``purpose`` holding what was written (the player's reason, else
    the game's purpose), brought to today's shape by the class's own upcaster."""
    state = {key: value for key, value in vars(event).items() if key != "game_purpose"} | {"purpose": purpose}
    ev.TestMade.upcast_stored(state)
    old = object.__new__(ev.TestMade)
    object.__setattr__(old, "__dict__", state)
    return old


# -- 1. a player's reason heads the log line, whatever its wording (ruling C82) ------------------------


def test_a_reason_worded_like_a_game_purpose_heads_the_log_line_the_export_and_audit_show_ruling_C82(db: str) -> None:
    seat(db, *PARTY, start=None)
    for reason in LOOK_ALIKES:
        out = run(db, "cartes", "test", NAME, "Alice", "Contact", "--from", "deck", "--reason", reason).stdout
        assert out.startswith("Alice draws Contact: target 9, ")
    tests = [e for e in recorded(db) if e["topic"] == TEST_MADE]
    assert [(e["purpose"], e["game_purpose"]) for e in tests] == [(reason, "") for reason in LOOK_ALIKES]
    lines = logged(db)
    for reason, test in zip(LOOK_ALIKES, tests, strict=True):
        assert lines[short_ref(test)].startswith(f"{reason}: Contact against 9 at "), lines[short_ref(test)]
    (first,) = [entry for entry in log_details(db, NAME) if entry.startswith("against Bruno's men: Contact against 9 at ")]
    assert "why: against Bruno's men" in run(db, "audit", "show", short_ref(tests[0])).stdout.splitlines()
    run(db, "session", "end", NAME)
    assert f"| Alice | test made | {first} |" in run(db, "export", "session", NAME, "1", "--format", "md").stdout
    assert "OK:" in run(db, "verify", NAME).stdout


def test_a_reason_given_beside_a_game_purpose_is_kept_apart_and_heads_the_line_Reussites_ou_echecs_L305() -> None:
    # The domain lets a caller give each side of an attack a reason: it is the player's, kept in
    # ``purpose``; the side's "attack on Bruno" is the game's, in ``game_purpose`` (the deck's own
    # log still draws the cards for the reason). Alice's 5♥ from her pile, Bruno's 8♦ from his.
    world = table(DEALT)
    attack(world, "Alice", "Bruno", TestRequest("Contact", purpose="against Bruno's men"), TestRequest("Contact"), 0, "faible")
    alice, bruno = last_test(world, "Alice"), last_test(world, "Bruno")
    assert (alice.purpose, alice.game_purpose) == ("against Bruno's men", "attack on Bruno")
    assert (bruno.purpose, bruno.game_purpose) == ("", "defence against Alice")
    assert describe(alice) == "against Bruno's men: Contact against 9 at +0 (moyenne): 5♥ → success, quality 5"
    assert describe(bruno).startswith("Contact against 5 at +0 (moyenne): 8♦ → ")


# -- 2. the game's own purposes are never said as a reason (ruling C82) --------------------------------


def test_the_game_s_purposes_are_recorded_apart_and_never_head_a_test_s_log_line_ruling_C82(db: str) -> None:
    # Nothing here depends on the cards drawn: an opposition and a spot harm nobody, a support
    # leaves at most a malus marker, two pile cards spent leave room for a resource draw (§Choix
    # des manœuvres L279, C78), and the attack comes last.
    seat(db, *PARTY, start=None)
    run(db, "cartes", "oppose", NAME, "Alice", "Discrétion", "Bruno", "Vigilance")
    run(db, "cartes", "spot", NAME, "Alice", "Bruno", "--distance", "10")
    run(db, "cartes", "support", NAME, "Bruno", "Alice", "Médecine")
    run(db, "cartes", "resource", NAME, "Alice")
    run(db, "cartes", "attack", NAME, "Alice", "Bruno")
    events = recorded(db)
    tests = [e for e in events if e["topic"] == TEST_MADE]
    assert [e["game_purpose"] for e in tests] == [
        "against Bruno",
        "against Alice",
        "hiding from Bruno",
        "watching for Alice",
        "support of Alice",
        "resource draw",
        "attack on Bruno",
        "defence against Alice",
    ]
    assert {e["purpose"] for e in tests} == {""}  # no reason was given
    lines = logged(db)
    for test in tests:
        assert lines[short_ref(test)].startswith(f"{test['skill']} against "), lines[short_ref(test)]
    # The deck's own log still says what its cards were drawn for.
    drawn_for = [(e["to"], e["purpose"]) for e in events if e["topic"].endswith(":Deck.CardsDrawn")]
    assert ("Alice", "resource draw") in drawn_for
    run(db, "session", "end", NAME)
    assert "OK:" in run(db, "verify", NAME).stdout


def test_a_recovery_and_a_support_say_no_reason_and_a_recovery_no_plus_three_Epuisement_L235_Tirage_des_soutiens_L293() -> None:
    # §Épuisement de la pioche L235 (ruling C11): Très facile Carrure 8, 2♥ from the hand, then
    # 4♠ K♣: the 4♠ wins, without the ♠ +3. Bruno's support of Alice then draws his 8♦ (Médecine 9).
    world = table([*DEALT, "4S", "KC"])
    empty_alices_pile(world)
    recover(world, "Alice", "2H")
    recovery = last_test(world, "Alice")
    assert (recovery.purpose, recovery.game_purpose) == ("", "recovery draw")
    assert describe(recovery) == "Carrure against 8 at -2 (très facile): 2♥ 4♠ K♣ → success, quality 4, 2♥ from the hand played first"
    support(world, "Bruno", "Alice", TestRequest("Médecine", manoeuvre="power"))
    helping = last_test(world, "Bruno")
    assert (helping.purpose, helping.game_purpose) == ("", "support of Alice")
    assert describe(helping) == "Médecine against 9 at +0 (moyenne): 8♦ → success, quality 8"


# -- 3. tests stored before version 5 read and verify as before (ruling C82) ---------------------------


def test_a_test_stored_before_the_game_purpose_was_kept_reads_as_before_ruling_C82() -> None:
    # Alice's pile: 5♥, then A♠. A player's "recovery draw" today is a power test: its ♠ +3 counts
    # and its reason is said. Stored before version 5 the same words could only be told by their
    # wording: read as the game's recovery purpose, no reason and no +3, as the log always read it.
    world = table(DEALT)
    make_test(world, "Alice", TestRequest("Contact", purpose="duel at the bridge"))
    duel = last_test(world, "Alice")
    make_test(world, "Alice", TestRequest("Contact", purpose="recovery draw"))
    told = last_test(world, "Alice")
    assert describe(told) == "recovery draw: Contact against 9 at +0 (moyenne): A♠ → success, quality 1 +3 (♠ on a power manoeuvre)"
    old = stored_before_version_5(told, "recovery draw")
    assert old.game_purpose is None
    assert describe(old) == "Contact against 9 at +0 (moyenne): A♠ → success, quality 1"
    # An old test's purpose worded like the game's is read as the game's; any other as a reason.
    duel_line = "Contact against 9 at +0 (moyenne): 5♥ → success, quality 5"
    assert describe(stored_before_version_5(duel, "attack on Bruno")) == duel_line
    assert describe(stored_before_version_5(duel, "against Bruno's men")) == duel_line  # as it always read
    assert describe(stored_before_version_5(duel, "duel at the bridge")) == f"duel at the bridge: {duel_line}"
    assert describe(stored_before_version_5(duel, "")) == duel_line


ALICE = "a1ce0000-0000-5000-8000-000000000000"


def _resource_draw_and_refill(shape: dict[str, Any]) -> tuple[str | None, str | None]:
    """The verifier's verdicts on a resource draw recorded with ``shape`` (its purpose fields),
    then the refill it gave (§Choix des manœuvres L279): Très facile Volonté 6, the 2♥ from the
    hand, then 4♠ 5♦ from the deck; the 5♦ wins: 5 cards for a pile of 2 (of 7)."""
    table = Table()
    sheet, condition = ruleset("cartes").new_character(sample("alice"))
    created = {"topic": CHARACTER_CREATED, "originator_id": ALICE, "name": "Alice", "sheet": sheet, "condition": condition}
    hand, pile = ["2H"], ["9C", "9D"]
    deal = {"topic": "chronique.domain.rulesets.cartes.events:CardsDealt", "originator_id": ALICE, "hand": hand, "pile": pile}
    table.hand_out("Alice", [*hand, *pile])
    rules = all_rules().rederive
    for event in (created, deal):
        assert check(rules[event["topic"]], event, table) is None
    outcome = resolve_test(6, -2, "2H", lambda n: ["4S", "5D"][:n], manoeuvre="resource").to_dict()
    assert (outcome["success"], outcome["retained"]) == (True, "5D")
    table.hand_out("Alice", ["4S", "5D"])
    test = {
        "topic": TEST_MADE,
        "originator_id": ALICE,
        "source": "hand",
        "outcome": outcome,
        "target": 6,
        "from_pile": [],
        "from_hand": ["2H"],
        "support_used": False,
        "bonus_change": 0,
        "malus_change": 0,
        "short_circuit": False,
    } | shape
    cards = ["3C", "4C", "6C", "7C", "8C"]
    refill = {"topic": f"{ev.__name__}:PileRefilled", "originator_id": ALICE, "cards": cards, "reason": "resource", "harder": False}
    drawn = check(rules[TEST_MADE], test, table)
    table.hand_out("Alice", refill["cards"])
    return drawn, check(rules[refill["topic"]], refill, table)


def test_the_verifier_reads_the_game_purpose_of_a_refill_s_draw_old_and_new_Choix_des_manoeuvres_L279_ruling_C82() -> None:
    # Since version 5 the refill's draw keeps "resource draw" as the game's purpose; before, in its
    # one purpose field. A player's reason of the same words is no resource draw.
    assert _resource_draw_and_refill({"purpose": "", "game_purpose": "resource draw"}) == (None, None)
    assert _resource_draw_and_refill({"purpose": "resource draw"}) == (None, None)  # stored before version 5
    forged = _resource_draw_and_refill({"purpose": "resource draw", "game_purpose": ""})
    assert forged == (None, "field reason: a resource refill follows Alice's resource draw, and none was just made")
