"""A journal holding a forged or damaged record still reads (ruling FP22): the log, `audit show`
and the exports tell that one event as unreadable, pointing at `verify`, and every other as
before. `chronique log` stopped at it with "unexpected TypeError" (the round-11 play-test)."""

from __future__ import annotations

from support import chronique, run
from tampering import forge, sql
from verdelune_party import verdelune_party

from chronique.domain.rulesets.words import told

UNREADABLE = "cards drawn, but its record cannot be read: `chronique verify` says what is wrong with it"


def _forged_draw(db: str) -> str:
    """Alice's test deals her cards; the careful forger then records a number where the first
    draw's cards are (FAIRNESS.md v2: the chain re-hashed, so only the rules can tell). Its ref."""
    verdelune_party(db)
    chronique(db, "cartes", "test", "Verdelune", "Alice", "Contact")
    query = "SELECT originator_id, originator_version FROM {events} WHERE topic LIKE '%Deck.CardsDrawn' ORDER BY originator_version"
    drawn = sql(db, (query, {}))
    deck, version = str(drawn[0][0]).replace("-", ""), int(drawn[0][1])
    forge(db, deck, version, lambda event: event.__setitem__("cards", 5))
    return f"{deck[:8]}:{version}"


def test_the_log_of_a_journal_with_a_damaged_record_tells_it_as_unreadable_and_the_rest_as_before_ruling_FP22(db: str) -> None:
    ref = _forged_draw(db)
    shown = run(db, "--ascii", "log", "Verdelune", "--gm", "--kind", "CardsDrawn").stdout
    assert f"{ref} general cards drawn {UNREADABLE}" in " ".join(shown.replace("|", " ").split())  # its cells, unwrapped
    page = run(db, "--ascii", "log", "Verdelune", "--gm").stdout
    assert f"| {ref} " in page
    assert "Contact against 9" in page  # Alice's test, after it, reads as before
    players = run(db, "--ascii", "log", "Verdelune").stdout  # players' view: the draw is face down anyway
    assert "Contact against 9" in players


def test_audit_show_of_a_damaged_record_says_it_cannot_be_read_and_why_ruling_FP22(db: str) -> None:
    ref = _forged_draw(db)
    shown = run(db, "audit", "show", ref).stdout
    assert f"what happened: {UNREADABLE}\n" in shown
    assert "the rules could not re-derive event " + ref in shown


def test_a_describer_that_cannot_read_an_event_gives_its_kind_in_words_ruling_FP22() -> None:
    class CardsDrawn:
        cards = 5

    def describe(event: object) -> str:
        return " ".join(event.cards)  # type: ignore[attr-defined]

    assert told(describe, CardsDrawn()) == UNREADABLE
    assert told(lambda event: "as it reads", CardsDrawn()) == "as it reads"
