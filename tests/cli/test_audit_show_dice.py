"""``audit show`` tells a disputed roll die by die (ruling FP11): the event's recorded chance in the
order drawn, each die with the part of the rules it fed (named by the game's re-derivation rule,
domain/rederivation.py ``Replay.part``), and its draw place in words. Through the real command
(in-process, ``support.run``) on real journals; the naming itself is unit-tested with a scripted
rule. Each game's parts are pinned by its own tests (tests/rulesets/*/test_*_dice_account.py)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest
from support import SAMPLES, dice_account, run, short_ref
from verdelune_party import verdelune_party

from chronique.domain.rederivation import Mismatch, Replay, Table, chance_used
from chronique.domain.text import ordinal

WEST, JOE = "Shotgun City", "Joe Hambuster"
D = [{"op": "d", "sides": 100, "value": 97}, {"op": "d", "sides": 100, "value": 12}, {"op": "d", "sides": 30, "value": 7}]


def two_parts(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    replay.part("the roll, open-ended")
    replay.die(100), replay.die(100)
    replay.part("where it hit")
    replay.die(30)
    return {}


def refuses_after_one(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    replay.part("the roll")
    replay.die(100)
    raise Mismatch("outcome", "forged")


def test_each_primitive_is_given_the_part_its_rule_named_when_it_was_consumed() -> None:
    used = chance_used(two_parts, {"chance": D}, None)
    assert [(u.op["value"], u.part) for u in used] == [(97, "the roll, open-ended"), (12, "the roll, open-ended"), (7, "where it hit")]


@pytest.mark.parametrize("forged", ["d100 65", [7], [{"op": "shuffle", "deck": 52, "result": None}], None])
def test_a_forged_chance_record_lists_no_die_or_lists_it_without_crashing(forged: Any) -> None:
    # What an attacker writes in place of the record: ``verify`` names it; the account survives it.
    used = chance_used(two_parts, {"chance": forged}, None)
    assert all(isinstance(u.op, Mapping) for u in used)
    assert [u.op for u in used] == ([forged[0]] if isinstance(forged, list) and isinstance(forged[0], dict) else [])


def test_a_rule_that_stops_part_way_leaves_the_rest_listed_but_unnamed() -> None:
    # A rule that needs the events before (a deck's order) or refuses a forged record names only
    # what it reached: the dice are still all listed, the verdict is ``verify``'s to give.
    used = chance_used(refuses_after_one, {"chance": D}, None)
    assert [(u.op["value"], u.part) for u in used] == [(97, "the roll"), (12, None), (7, None)]
    assert [u.part for u in chance_used(None, {"chance": D}, None)] == [None, None, None]


ORDINALS = [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"), (21, "21st")]
ORDINALS += [(112, "112th"), (1001, "1,001st")]


@pytest.mark.parametrize(("number", "words"), ORDINALS)
def test_a_draw_place_reads_as_an_ordinal(number: int, words: str) -> None:
    assert ordinal(number) == words


def shotgun_city(db: str) -> None:
    run(db, "campaign", "new", WEST, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", WEST, "--sheet", str(SAMPLES / "wp_joe.toml"))
    run(db, "session", "start", WEST)


def rolls(db: str) -> list[dict[str, Any]]:
    """Joe's recorded checks, canonical (the GM's view), oldest first."""
    logged = [entry["event"] for entry in json.loads(run(db, "log", WEST, "--json", "--gm").stdout)]
    return [e for e in logged if e["topic"].endswith(":CheckRolled")]


def test_a_roll_shows_each_die_in_the_order_drawn_with_its_draw_place_and_what_it_fed_s2_1(db: str) -> None:
    # §2.1: a check is an open-ended d100; Joe's second roll of the session is his 2nd draw place.
    shotgun_city(db)
    run(db, "western-parade", "roll", WEST, JOE, "-c", "FOR")
    run(db, "western-parade", "roll", WEST, JOE, "-c", "AGI", "-d", "difficult")
    second = rolls(db)[1]
    faces = ", ".join(str(op["value"]) for op in second["chance"])
    assert second["draw"] == 1
    assert dice_account(run(db, "audit", "show", short_ref(second)).stdout) == [
        f"the dice, in the order drawn ({JOE}'s 2nd draw from the dice of session 1, not revealed yet):",
        f"  d100: {faces} — the AGI roll, open-ended (§2.1)",
    ]


def test_a_test_given_no_reason_has_no_why_line_and_one_given_a_reason_says_it(db: str) -> None:
    # The review: "why: —" read as "no explanation" just above the lines that explain the test.
    verdelune_party(db)
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact")
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact", "--reason", "the duel at dawn")
    logged = [entry["event"] for entry in json.loads(run(db, "log", "Verdelune", "--json", "--gm", "--kind", "TestMade").stdout)]
    plain, reasoned = (run(db, "audit", "show", short_ref(test)).stdout.splitlines() for test in logged)
    assert plain[1].startswith("what happened: ") and not [line for line in plain if line.startswith("why")]
    assert reasoned[2] == "why: the duel at dawn"


def test_an_unrevealed_roll_is_not_said_to_match_its_draw_place_until_its_dice_are_revealed(db: str) -> None:
    # Only the epoch's seed re-derives a die from its draw place (FAIRNESS.md): before the reveal,
    # what holds is that the outcome is what the rules give for the dice recorded.
    shotgun_city(db)
    run(db, "western-parade", "roll", WEST, JOE, "-c", "FOR")
    (roll,) = rolls(db)
    before = run(db, "audit", "show", short_ref(roll)).stdout
    later = "they are checked against their draw place once the dice of session 1 are revealed"
    assert f"chance re-derived: its outcome is what the rules give for the dice recorded; {later}\n" in before
    assert "matches its draw place" not in before
    run(db, "session", "end", WEST)
    after = run(db, "audit", "show", short_ref(roll)).stdout
    assert "chance re-derived: its chance matches its draw place and its outcome is what the rules give\n" in after
    assert dice_account(after)[0] == f"the dice, in the order drawn ({JOE}'s 1st draw from the dice of session 1, revealed):"


def test_a_hidden_rolls_dice_wait_for_the_reveal_in_the_players_view_and_show_to_the_gm(db: str) -> None:
    shotgun_city(db)
    run(db, "western-parade", "roll", WEST, JOE, "-c", "FOR", "--hidden")
    (roll,) = rolls(db)
    players = run(db, "audit", "show", short_ref(roll)).stdout
    assert "the dice, in the order drawn" not in players and "d100" not in players
    assert json.loads(run(db, "audit", "show", short_ref(roll), "--json").stdout)["dice"] == []
    gm = run(db, "audit", "show", short_ref(roll), "--gm").stdout
    assert dice_account(gm)[1] == f"  d100: {', '.join(str(op['value']) for op in roll['chance'])} — the FOR roll, open-ended (§2.1)"


def test_the_json_lists_each_primitive_as_recorded_with_its_part(db: str) -> None:
    shotgun_city(db)
    run(db, "western-parade", "roll", WEST, JOE, "-c", "FOR")
    (roll,) = rolls(db)
    shown = json.loads(run(db, "audit", "show", short_ref(roll), "--json").stdout)
    assert shown["dice"] == [{**op, "part": "the FOR roll, open-ended (§2.1)"} for op in roll["chance"]]


def test_a_shuffle_reads_as_its_cards_put_in_a_new_order(db: str) -> None:
    verdelune_party(db)
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact")  # the deck is shuffled for its first draw
    logged = [entry["event"] for entry in json.loads(run(db, "log", "Verdelune", "--json", "--gm").stdout)]
    shuffle = next(e for e in logged if e["topic"].endswith("Deck.Shuffled"))
    cards = len(shuffle["chance"][0]["deck"])
    lines = dice_account(run(db, "audit", "show", short_ref(shuffle), "--gm").stdout)
    assert lines[0] == "the dice, in the order drawn (general's 1st draw from the dice of session 1, not revealed yet):"
    assert lines[1:] == [f"  a shuffle: {cards} cards put in a new order"]


def test_audit_show_of_a_forged_roll_gives_a_verdict_and_no_traceback(db: str) -> None:
    from tampering import forge

    shotgun_city(db)
    run(db, "western-parade", "roll", WEST, JOE, "-c", "FOR")
    (roll,) = rolls(db)

    def broken(event: dict[str, Any]) -> None:
        event["chance"] = [{"op": "shuffle", "deck": 52, "result": None}]

    forge(db, roll["originator_id"].replace("-", ""), roll["originator_version"], broken)
    shown = run(db, "audit", "show", short_ref(roll)).stdout
    assert "  a shuffle: cards put in a new order" in shown
    assert "chance re-derived: DOES NOT hold: field chance" in shown


def test_audit_show_of_a_roll_with_a_forged_draw_place_lists_its_dice_and_no_traceback(db: str) -> None:
    from tampering import forge

    shotgun_city(db)
    run(db, "western-parade", "roll", WEST, JOE, "-c", "FOR")
    (roll,) = rolls(db)
    forge(db, roll["originator_id"].replace("-", ""), roll["originator_version"], lambda event: event.update(draw="the first"))
    shown = run(db, "audit", "show", short_ref(roll)).stdout
    assert dice_account(shown)[0] == "the dice, in the order drawn (drawn from the dice of session 1, not revealed yet):"
    assert "chance re-derived: DOES NOT hold: field draw" in shown
