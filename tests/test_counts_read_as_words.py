"""Counts in what a GM or a player reads are words ("1 session played", "2 hand cards"), never a
"card(s)" to decode; and an advance says what time did in words, not "process ticks" (the outside
review: show people words, not data)."""

from __future__ import annotations

import json
import re

from read_text import literals
from support import run, sample

from chronique.adapters.bootstrap import build
from chronique.domain.fairness import Report
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.words import effects_of_time
from chronique.domain.text import plural

A_WORD_WITH_S_IN_BRACKETS = re.compile(r"[A-Za-z]\(s\)")
# What a formatted string computes (``{out_after(s)}``, ``${left}``) is code, not words.
COMPUTED = re.compile(r"\{[^{}]*\}")


def test_no_text_people_read_counts_with_an_s_in_brackets() -> None:
    found = [f"{path}:{line}: {text}" for path, line, text in literals() if A_WORD_WITH_S_IN_BRACKETS.search(COMPUTED.sub("", text))]
    assert found == [], "\n".join(found)


def verdelune_with_alice(db: str) -> None:
    """A Cartes campaign, Verdelune, and Alice in it."""
    services = build(db)
    try:
        services.create_campaign("Verdelune", "cartes", None)
        services.create_character("Verdelune", sample("alice"))
    finally:
        services.close()


def test_a_count_is_singular_for_one_and_plural_otherwise() -> None:
    assert [plural(n, "hand card") for n in (0, 1, 2)] == ["0 hand cards", "1 hand card", "2 hand cards"]
    assert plural(3, "effect of time", "effects of time") == "3 effects of time"


def test_an_advance_says_what_time_did_in_words() -> None:
    assert [effects_of_time(n) for n in (0, 1, 21)] == ["nothing happened", "1 effect of time", "21 effects of time"]


def test_the_advance_report_and_its_log_line_read_as_words(db: str) -> None:
    verdelune_with_alice(db)
    # A full pile and no wound: an hour does nothing.
    said = run(db, "advance", "Verdelune", "1h", "--yes").stdout.splitlines()[0]
    assert said == "advanced 1 hour from Day 1 08:00 to Day 1 09:00: nothing happened"
    # A card drawn from her pile: cartes.md PROPOSAL (out of play), a night's sleep sets the pile
    # back to its maximum, the week's one effect of time.
    run(db, "session", "start", "Verdelune")
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact", "--from", "pile")
    run(db, "session", "end", "Verdelune")
    said = run(db, "advance", "Verdelune", "1w", "--yes").stdout.splitlines()[0]
    assert said == "advanced 1 week from Day 1 09:00 to Day 8 09:00: 1 effect of time"
    logged = json.loads(run(db, "log", "Verdelune", "--gm", "--json").stdout)
    assert [e["event"]["fired"] for e in logged if e["event"]["topic"].endswith("TimeAdvanced")] == [0, 1]
    services = build(db)
    try:
        advances = [e for e in services.log("Verdelune") if type(e).__name__ == "TimeAdvanced"]
        words = [ruleset("cartes").describe(e) for e in advances]
    finally:
        services.close()
    assert words == ["time went on 1 hour: nothing happened", "time went on 1 week: 1 effect of time"]


def test_a_verification_counts_in_words_one_and_many() -> None:
    one = Report(events=1, draws=2, shuffles=1, rederived=1, epochs_revealed=1, epochs_open=0, seals=1, receipts=1)
    assert one.summary() == (
        "OK: 1 event checked (0 still face down), 1 die and 1 shuffle re-derived, 1 outcome re-derived by the rules, "
        "1 epoch revealed and 0 still open, 1 seal holds, 1 kept receipt extended"
    )
    two = Report(events=2, draws=4, shuffles=2, rederived=2, hidden=2, epochs_revealed=2, epochs_open=2, seals=2, receipts=2)
    assert two.summary() == (
        "OK: 2 events checked (2 still face down), 2 dice and 2 shuffles re-derived, 2 outcomes re-derived by the rules, "
        "2 epochs revealed and 2 still open, 2 seals hold, 2 kept receipts extended"
    )
    # What a game that shuffles nothing re-derives, and a journal that drew nothing (ruling FP26).
    assert "3 dice re-derived," in Report(events=1, draws=3).summary()
    assert "nothing drawn by chance to re-derive," in Report(events=1).summary()


def test_verify_of_a_first_session_says_one_epoch_and_one_seal(db: str) -> None:
    # FAIRNESS.md: a session's start reveals the downtime epoch's seed, opens the session's own
    # and seals the journal as it stands: one of each, said as one.
    verdelune_with_alice(db)
    run(db, "session", "start", "Verdelune")
    said = run(db, "verify", "Verdelune").stdout
    assert "1 epoch revealed and 1 still open, 1 seal holds" in said, said
