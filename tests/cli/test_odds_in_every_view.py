"""What a roll did must be derivable from its chance, in every view (the review: only the web
journal gave a roll's odds). The log, the Markdown and HTML session exports and the web's rows
give each roll "<who> had N% to succeed", the odds the luck read model computed from the recorded
inputs; a face-down roll's odds wait for its reveal in the players' views. Every game's evening
(tests/test_ruleset_contract.py), through the real command line."""

from __future__ import annotations

import html
import re

import pytest
from support import run
from test_ruleset_contract import CAMPAIGN, PLAYS, party, play

from chronique.adapters.bootstrap import build
from chronique.domain.luck import odds_words, percent_words

ODDS = re.compile(
    r"[A-Z][\w ]*? had (?:\d{1,3}%|under 1%|over 99%) to "
    r"(?:succeed|stop at least 1 PH, at the easy chance|be spared a critical failure on an impossible roll)"
)


def clauses(text: str) -> list[str]:
    """Every "<who> had N% to succeed" in ``text``, read on one line (a table may wrap a cell)."""
    return ODDS.findall(" ".join(re.sub(r"[|│]", " ", text).split()))


@pytest.mark.parametrize("game", sorted(PLAYS))
def test_the_log_and_both_session_exports_give_each_roll_the_odds_of_the_luck_table(db: str, game: str) -> None:
    play(db, game)
    services = build(db)
    try:
        odds = services.odds(CAMPAIGN, range(1, 10_000))
    finally:
        services.close()
    expected = [clause for position in sorted(odds) for clause in odds_words(odds[position]).split(", ")]
    assert expected, f"{game}: the evening's roll is in the luck table"
    assert clauses(run(db, "log", CAMPAIGN).stdout) == expected
    assert clauses(run(db, "export", "session", CAMPAIGN, "1", "--format", "md").stdout) == expected
    page = run(db, "export", "session", CAMPAIGN, "1", "--format", "html").stdout
    assert clauses(html.unescape(re.sub(r"<[^>]+>", " ", page))) == expected


def test_a_hidden_rolls_odds_wait_for_its_reveal_in_the_players_log_and_show_to_the_gm(db: str) -> None:
    # FAIRNESS.md v2, face-down events: what a hidden roll was about waits for its epoch; its odds
    # would tell it.
    party(db, "western-parade")
    run(db, "session", "start", CAMPAIGN)
    run(db, "western-parade", "roll", CAMPAIGN, "Sam Parkerson", "--skill", "Armes de poing", "--hidden")
    assert clauses(run(db, "log", CAMPAIGN).stdout) == []
    (shown,) = clauses(run(db, "log", CAMPAIGN, "--gm").stdout)
    assert shown.startswith("Sam Parkerson had ")
    run(db, "session", "end", CAMPAIGN)
    assert clauses(run(db, "log", CAMPAIGN).stdout) == [shown]


def test_a_face_down_rolls_odds_stay_hidden_on_a_page_between_shown_rolls_of_the_same_character(db: str) -> None:
    # The play-test: `log --character Zombie` showed the odds of Zombie's face-down roll, voided
    # by an undo, between two rolls it showed: the luck rows are read for the span of the page.
    party(db, "microfudge")
    run(db, "session", "start", CAMPAIGN)
    roll = ("microfudge", "test", CAMPAIGN, "Jim", "Tir", "-d", "moyen")
    run(db, *roll)
    run(db, *roll, "--hidden")
    run(db, "undo", CAMPAIGN)
    run(db, *roll, "--hidden")
    run(db, *roll)
    page = run(db, "log", CAMPAIGN, "--character", "Jim").stdout
    assert len(clauses(page)) == 2 and " ".join(page.split()).count("face down until") == 2


@pytest.mark.parametrize(("numerator", "words"), [(0, "0%"), (1, "under 1%"), (450, "45%"), (995, "over 99%"), (1000, "100%")])
def test_a_chance_reads_as_players_say_it_never_a_rounded_certainty(numerator: int, words: str) -> None:
    from fractions import Fraction

    assert percent_words(Fraction(numerator, 1000)) == words
