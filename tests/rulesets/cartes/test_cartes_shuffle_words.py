"""Why Cartes' general deck was shuffled, as the log says it, through the real command line over a
real journal (both backends), with real chance: which cards come changes nothing here, only why the
deck shuffles (``shared/seeds/001_2934a6d80cfcba44.txt``, Lnnn its lines; ruling C83).

§Ressources en cartes L203: "A la fin de chaque séance, les cartes tirées sont remises dans le jeu
... de nouvelles cartes sont tirées au début de la séance suivante": the deck gathers every card at
a session's end, so the next session's first draw shuffles all of them; the shuffle once said "the
deck was empty" of that, and of a new deck's first shuffle."""

from __future__ import annotations

from cartes_cli import NAME, seat
from support import log_details, run


def shuffles(db: str) -> list[str]:
    """What the GM's log says of each shuffle of the deck, oldest first."""
    return log_details(db, NAME, "--kind", "shuffled", "--gm")


def test_each_shuffle_of_the_general_deck_says_why_a_first_one_then_after_the_session_s_gathering_Ressources_en_cartes_L203(
    db: str,
) -> None:
    seat(db)
    run(db, "cartes", "draw", NAME)  # the hands and piles are dealt first (L203), then the GM's card
    run(db, "session", "end", NAME)  # every card drawn goes back into the deck (L203)
    run(db, "session", "start", NAME)
    run(db, "cartes", "draw", NAME)
    assert shuffles(db) == [
        "104 cards shuffled in session 1 (the deck's first shuffle)",
        "104 cards shuffled in session 2 (every card was gathered back: end of session)",
    ]
    assert "OK:" in run(db, "verify", NAME).stdout
