"""Cartes after the third playtest: a test's target says what it adds up from even when the terms
cancel out (§Spécialités L243 against §Marqueurs de bonus et de malus L328-331), in the table's
line, the log, the session export and ``audit show`` alike; a test's reason heads its log line, as
Elor's and Western Parade's do; experience reads in good grammar (§Expérience L536-549: "needs 1
card", "a larger pile: from 7 to 8 cards"); and ``luck --help`` says what luck counts (ruling
LK5). The unit tests stack the deck (tests/cartes_table.py); the command-line tests run the real
app on a real journal of each backend.
Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import re

import pytest
from cartes_cli import NAME, PARTY, recorded, seat
from cartes_table import AXEMAN, DEALT, describe, last_test, table
from support import log_details, run, short_ref

from chronique.adapters.explain import Explanation, account
from chronique.cli.cartes import drawn
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.advancement import spend
from chronique.domain.rulesets.cartes.combat import Edge, spot, suffer_wound
from chronique.domain.rulesets.cartes.draws import TestRequest, award, make_test
from chronique.domain.world import World


def audit_lines(event: ev.TestMade) -> list[str]:
    """``audit show``'s lines for a test recorded in memory (adapters/explain.py's account)."""
    return account(Explanation("ref:1", "Brigand", "TestMade", dict(vars(event)), False, None, {}, description=describe(event)))


def shaken_twice(world_or_db: World | str) -> None:
    """Two hits of 4 on the Brigand (Volonté 6): over OK, under KO, each leaves him two malus
    markers (§KO ou OK L354-361): four in all, no lasting wound malus."""
    if isinstance(world_or_db, str):
        for _ in range(2):
            out = run(world_or_db, "cartes", "wound", NAME, "Brigand", "--damage", "4", "--lethality", "nulle").stdout
            assert out == "Brigand takes a wound of 4, lethality Nulle; shaken: two malus markers\n"
        return
    for _ in range(2):
        assert suffer_wound(world_or_db, "Brigand", 4, "nulle", "a club")["effect"] == "two_malus"
    assert world_or_db.character("Brigand").condition["malus"] == 4


# -- 1. the terms of a target, even when they cancel out (§Spécialités L243, §Marqueurs L328) -------


def test_a_speciality_cancelled_by_four_malus_markers_is_said_everywhere_Specialites_L243_Marqueurs_L328() -> None:
    # Contact 9, Hache +4, four malus markers −4: 9 again. Before, the log and the table's line read
    # "Contact against 9 at +0" as if no speciality had been given; only `audit show` had the terms.
    world = table([*DEALT, "9H"], sheets=["alice", "bruno", AXEMAN])
    shaken_twice(world)
    outcome = make_test(world, "Brigand", TestRequest("Contact", speciality="hache"))
    assert (outcome.target, outcome.success, outcome.quality) == (9, True, 9)
    test = last_test(world, "Brigand")
    assert describe(test) == "Contact against 9 (Contact 9, speciality +4, markers -4) at +0 (moyenne): 9♥ → success, quality 9"
    assert drawn(world, "Brigand").made_of == " (Contact 9, speciality +4, markers -4)"  # the table's line
    moment = f"Brigand's sheet as it stood when event ref:{test.sheet_version} was recorded"  # ruling EB28
    assert f"target 9 for Contact = Contact 9, speciality +4, markers -4 ({moment})" in audit_lines(test)


def test_a_sneaks_terms_that_add_up_to_nothing_are_all_said_Specialites_L243_Vigilance_et_discretion_L417() -> None:
    # Discrétion 8, Ombres +4, the GM's −5, 10 m +1 (the range scale): 8 again, and every term is
    # said, as the playtest's "speciality +4, range +2, markers +3, wound malus −9" must be.
    world = table([*DEALT, "3S"])
    spot(world, "Alice", "Bruno", 10, 0, False, sneak_edge=Edge("Ombres", -5))
    hidden = last_test(world, "Alice")
    assert hidden.target == hidden.basis["sheet"] == 8
    assert describe(hidden).startswith("Discrétion against 8 (Discrétion 8, speciality +4, modifier -5, range +1) at +0 (moyenne): ")
    assert drawn(world, "Alice").made_of == " (Discrétion 8, speciality +4, modifier -5, range +1)"


def test_a_target_the_sheet_alone_gave_still_reads_bare_s3_4() -> None:
    # Digest §3.4: with no term but the skill's level there is nothing to add up.
    world = table(DEALT)
    make_test(world, "Alice", TestRequest("Contact"))
    assert describe(last_test(world, "Alice")) == "Contact against 9 at +0 (moyenne): 5♥ → success, quality 5"
    assert drawn(world, "Alice").made_of == ""


def told_with_odds(entry: str) -> tuple[str, str]:
    """A test's log line apart from the odds the log follows it with (ruling LK10): its account,
    as every view tells it, and "<who> had N% to succeed"."""
    match = re.fullmatch(r"(.+) \((\w+ had (?:\d+%|under 1%|over 99%) to succeed)\)", entry)
    assert match, entry
    return match.group(1), match.group(2)


def test_cancelled_terms_reach_the_command_the_log_the_export_and_audit_show_Specialites_L243_Marqueurs_L328(db: str) -> None:
    seat(db, *PARTY, start=None)
    shaken_twice(db)
    out = run(db, "cartes", "test", NAME, "Brigand", "Contact", "--speciality", "Hache").stdout
    assert out.startswith("Brigand draws Contact: target 9 (Contact 9, speciality +4, markers -4), ")
    (test,) = [e for e in recorded(db) if e["topic"].endswith(":TestMade")]
    assert test["target"] == 9 and test["basis"]["speciality"] == 4 and test["basis"]["markers"] == -4
    (entry,) = [
        entry for entry in log_details(db, NAME) if entry.startswith("Contact against 9 (Contact 9, speciality +4, markers -4) at ")
    ]
    line, odds = told_with_odds(entry)
    shown = run(db, "audit", "show", short_ref(test)).stdout.splitlines()
    assert f"what happened: {line}" in shown
    moment = f"Brigand's sheet as it stood when event {short_ref(test)[:8]}:{test['sheet_version']} was recorded"  # ruling EB28
    assert f"target 9 for Contact = Contact 9, speciality +4, markers -4 ({moment})" in shown
    run(db, "session", "end", NAME)
    # The session's report says the test as the log does, in Markdown and in HTML.
    assert f"| Brigand | test made | {line} ({odds}) |" in run(db, "export", "session", NAME, "1", "--format", "md").stdout
    assert f'>{line} <span class="more">({odds})</span><' in run(db, "export", "session", NAME, "1", "--format", "html").stdout


# -- 2. a test's reason heads its log line, as Elor's and Western Parade's do ------------------------


def test_a_reason_given_heads_the_tests_log_line() -> None:
    world = table(DEALT)
    make_test(world, "Alice", TestRequest("Contact", purpose="duel at the bridge"))
    assert describe(last_test(world, "Alice")) == "duel at the bridge: Contact against 9 at +0 (moyenne): 5♥ → success, quality 5"
    make_test(world, "Alice", TestRequest("Contact", purpose="against the odds"))  # a reason, not an opponent's name
    assert describe(last_test(world, "Alice")).startswith("against the odds: Contact against 9 at +0 (moyenne): A♠ → ")


def test_the_purposes_the_rules_write_are_not_repeated_on_the_tests_line_Deroulement_du_tour() -> None:
    # Each side of a spot is logged "hiding from Bruno" / "watching for Alice" for the deck; the
    # opposition's own line names the opponent, so the test's line does not say it again.
    world = table([*DEALT, "3S"])
    spot(world, "Alice", "Bruno", 10, 0, False)
    hidden, watching = last_test(world, "Alice"), last_test(world, "Bruno")
    # Kept apart from a player's reason, which neither side was given (ruling C82).
    assert (hidden.game_purpose, watching.game_purpose) == ("hiding from Bruno", "watching for Alice")
    assert (hidden.purpose, watching.purpose) == ("", "")
    assert describe(hidden).startswith("Discrétion against 9 (Discrétion 8, range +1) at ")
    assert describe(watching).startswith("Sens against 7 at +1 (difficile): ")


def test_a_reason_reaches_the_log_and_the_session_export_but_not_before_a_hidden_draw_is_revealed(db: str) -> None:
    seat(db, *PARTY, start=None)
    out = run(db, "cartes", "test", NAME, "Bruno", "Vigilance", "--reason", "guarding the gate").stdout
    assert out.startswith("Bruno draws Vigilance: target 8, ")
    run(db, "cartes", "test", NAME, "Brigand", "Contact", "--hidden", "--reason", "an ambush at dusk")
    guard, ambush = [e for e in recorded(db) if e["topic"].endswith(":TestMade")]
    assert (guard["purpose"], ambush["purpose"]) == ("guarding the gate", "an ambush at dusk")
    (entry,) = [entry for entry in log_details(db, NAME) if entry.startswith("guarding the gate: Vigilance against 8 at ")]
    line, odds = told_with_odds(entry)
    # A hidden GM draw stays face down to the players, its reason with it; the GM reads it whole.
    assert not [entry for entry in log_details(db, NAME) if "ambush" in entry]
    assert len([entry for entry in log_details(db, NAME, "--gm") if entry.startswith("an ambush at dusk: Contact against 9 at ")]) == 1
    run(db, "session", "end", NAME)
    assert f"| Bruno | test made | {line} ({odds}) |" in run(db, "export", "session", NAME, "1", "--format", "md").stdout
    assert f'>{line} <span class="more">({odds})</span><' in run(db, "export", "session", NAME, "1", "--format", "html").stdout


# -- 3. experience in good grammar (§Expérience L536-549) -------------------------------------------


def test_a_skill_the_hand_cannot_pay_says_one_card_Experience_L536() -> None:
    # Athlétisme 6 → 7 costs one card of 7 or more (L536); with K♦ 8♣ spent, the 2♥ cannot pay it.
    world = table(DEALT)
    make_test(world, "Alice", TestRequest("Contact"))  # deals the hand: K♦ 8♣ 2♥
    spend(world, "Alice", "speciality", "Distance", "Arc", ("KD", "8C"), "")
    with pytest.raises(
        RuleViolation, match=r"^Alice's hand cannot pay a skill level: Athlétisme from 6 to 7 \(needs 1 card of 7 or more, has 0\)$"
    ):
        spend(world, "Alice", "skill", "Athlétisme", "", (), "")


def test_a_payment_of_the_wrong_count_says_one_card_Experience_L536() -> None:
    world = table(DEALT)
    make_test(world, "Alice", TestRequest("Contact"))  # deals the hand: K♦ 8♣ 2♥
    with pytest.raises(RuleViolation, match=r"^a skill level: Athlétisme from 6 to 7 costs 1 card, 2 given$"):
        spend(world, "Alice", "skill", "Athlétisme", "", ("KD", "8C"), "")


def test_a_larger_pile_reads_from_7_to_8_cards_in_the_log_and_the_ledger_Experience_L549() -> None:
    # L549: four cards above the pile size aimed at, 8 here.
    world = table([*DEALT, "9S", "10C"])
    make_test(world, "Alice", TestRequest("Contact"))  # deals the hand: K♦ 8♣ 2♥
    award(world, "Alice", 2, "the bridge held")
    assert spend(world, "Alice", "pile-max", "", "", ("KD", "8C", "9S", "10C"), "") == ["KD", "8C", "9S", "10C"]
    bought = world.recorded_last("Alice", ev.ExperienceSpent)
    assert describe(bought) == "spent K♦ 8♣ 9♠ 10♣ on a larger pile: from 7 to 8 cards"
    assert ruleset("cartes").experience(bought) == (-4, "a larger pile: from 7 to 8 cards")


def test_the_ledger_and_the_log_say_a_larger_pile_in_words_Experience_L549(db: str) -> None:
    seat(db, *PARTY, start=None)
    # 43 hand cards: four of 8 or more among them all but surely (the cheapest four pay, L549).
    run(db, "cartes", "xp", "award", NAME, "Alice", "40")
    run(db, "cartes", "xp", "spend", NAME, "Alice", "pile-max", "--reason", "a bigger satchel")
    (bought,) = [e for e in recorded(db) if e["topic"].endswith(":ExperienceSpent")]
    assert (bought["from_level"], bought["to_level"]) == (7, 8)
    words = "a larger pile: from 7 to 8 cards"
    ledger = [[cell.strip() for cell in line.split("|")] for line in run(db, "xp", "ledger", NAME).stdout.splitlines()]
    assert [row[2:5] for row in ledger if len(row) > 5 and row[3] == "-4"] == [["Alice", "-4", f"{words} (a bigger satchel)"]]
    spent = [entry for entry in log_details(db, NAME) if entry.startswith("spent ")]
    assert len(spent) == 1 and spent[0].endswith(f" on {words}")


# -- 4. luck --help says what luck counts (rulings LK5, C97) -------------------------------------------


def test_luck_help_says_what_cartes_draws_count_LK5_ruling_C97(db: str) -> None:
    said = " ".join(run(db, "luck", "--help").stdout.split())
    assert "every roll left to chance" not in said
    assert (
        "In Cartes every test, survival, consciousness and Médecine draw counts as its cards fell, before a support's "
        "card or a hand card replaced one; after a first card chosen face up from the hand (every resource and recovery "
        "draw), only the cards still to draw count; a draw no card could change is none (ruling C97)."
    ) in said
