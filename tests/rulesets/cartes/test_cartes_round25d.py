"""`cartes draw` says what it drew as the log does (ruling C141, §Tirage passifs L229): it printed
"drawn: 9♦ 10♦", with no verb, no one it was drawn for, no reason and no word of a draw kept face
down from the players."""

from __future__ import annotations

from support import run
from verdelune_party import verdelune_party


def test_a_gm_draw_says_what_it_drew_for_whom_and_why_as_the_log_does_Tirage_passifs_L229_ruling_C141(db: str) -> None:
    verdelune_party(db)
    said = run(db, "cartes", "draw", "Verdelune", "--for", "alice", "--reason", "an omen").stdout.strip()
    cards = said.split(" drawn for ")[0]
    assert said == f"{cards} drawn for Alice (an omen)"
    hidden = run(db, "cartes", "draw", "Verdelune", "--count", "2", "--hidden").stdout.strip()
    assert hidden.endswith(" drawn for the GM (GM draw), face down to the players until the reveal")
    log = run(db, "--ascii", "log", "Verdelune", "--gm").stdout
    assert f"{cards} drawn for Alice (an omen)" in " ".join(log.split())
