"""Cartes rules fidelity, wave 4 (issue 17), through the real command line in-process
(``support.run``) on a real SQLite file and a real PostgreSQL database, with real chance: experience
spent between sessions (§Expérience L534) and the sheet's KO/OK thresholds and wound capacities
(§KO ou OK L354-361, §Nombre de blessures L487-505). Seed: shared/seeds/001_2934a6d80cfcba44.txt."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

import pytest
from cartes_cli import NAME, cli, of, seat, value
from tampering import forge

ALICE_THRESHOLDS = (
    "OK 3, KO 6: a hit of 3 or less does nothing; 4 to 5 gives two malus markers; "
    "exactly 6 angers (one bonus marker); over 6 puts out of combat"
)


@pytest.fixture
def between_sessions(db: str) -> str:
    """Verdelune with Alice and Bruno, no session open yet."""
    return seat(db, session=False)


def test_xp_is_spent_between_sessions_and_the_early_hand_is_kept_for_the_session_Experience_L534(between_sessions: str) -> None:
    db = between_sessions
    # L534 "avant ou après une séance": no session is open; Alice's noted hand of 3 is dealt now.
    cli(db, "cartes", "xp", "spend", NAME, "Alice", "speciality", "Distance", "--speciality", "Arc")
    (early,) = of(db, "HandDealtEarly")
    (spent,) = of(db, "ExperienceSpent")
    # L538: a first speciality costs 2 cards of any value; with none named the two lowest pay
    # (ties in hand order), and the third stays in hand.
    hand = early["hand"]
    assert len(hand) == 3
    cheapest = sorted(hand, key=value)[:2]  # sorted() is stable: ties keep the hand order
    assert spent["cards"] == cheapest
    kept = list(hand)
    for card in cheapest:
        kept.remove(card)
    sheet = json.loads(cli(db, "sheet", NAME, "Alice", "--json").stdout)
    assert sheet["sheet"]["skills"]["Distance"]["specialities"] == ["Arc"]
    assert (sheet["condition"]["hand"], sheet["condition"]["hand_count"]) == (kept, 1)
    # The session's deal leaves the early hand alone and deals Alice her pile only.
    cli(db, "session", "start", NAME)
    cli(db, "cartes", "test", NAME, "Bruno", "Médecine")
    assert [(d["hand"], len(d["pile"])) for d in of(db, "CardsDealt", "Alice")] == [([], 7)]
    assert [len(d["hand"]) for d in of(db, "CardsDealt", "Bruno")] == [3]
    assert json.loads(cli(db, "sheet", NAME, "Alice", "--json").stdout)["condition"]["hand"] == kept
    cli(db, "session", "end", NAME)
    assert "OK:" in cli(db, "verify", NAME).stdout


def test_a_forged_early_hand_is_caught_naming_its_field_Experience_L534(between_sessions: str) -> None:
    db = between_sessions
    cli(db, "cartes", "xp", "spend", NAME, "Alice", "speciality", "Distance", "--speciality", "Arc")
    (early,) = of(db, "HandDealtEarly")

    def change(e: dict[str, Any]) -> None:
        e["hand"][0] = "KS" if e["hand"][0] != "KS" else "KH"

    place = forge(db, UUID(early["originator_id"]).hex, early["originator_version"], change)
    out = cli(db, "verify", NAME, code=1).stdout
    assert f"FAILED at {place}: field hand" in out, out


def test_a_spend_the_early_hand_cannot_pay_records_nothing_Experience_L549(between_sessions: str) -> None:
    # L549: pile max 7 -> 8 costs 4 cards ≥ 8; a hand of 3 never pays it.
    db = between_sessions
    before = of(db, "HandDealtEarly") + of(db, "ExperienceSpent")
    refused = cli(db, "cartes", "xp", "spend", NAME, "Alice", "pile-max", code=2)
    assert "error: Alice's hand cannot pay " in refused.stderr and len(refused.stderr.strip().splitlines()) == 1
    assert of(db, "HandDealtEarly") + of(db, "ExperienceSpent") == before == []


def test_the_sheet_shows_ko_ok_and_the_wound_capacity_in_words_KO_ou_OK_L354_Nombre_de_blessures_L487(between_sessions: str) -> None:
    db = between_sessions
    cli(db, "session", "start", NAME)
    # Alice: Volonté 6 -> KO 6, OK 3 (L509-L511); Carrure 8 -> Nulle 4, Faible 3, Moyenne 3, Forte 2,
    # Énorme 2 (L495-L505, row 8). A hit of 2 at Nulle leaves one Nulle wound (2 ≤ OK: no effect).
    cli(db, "cartes", "wound", NAME, "Alice", "--damage", "2", "--lethality", "nulle")
    (wound,) = of(db, "WoundSuffered")
    assert (wound["wound"]["lethality"], wound["effect"]) == (0, "none")
    out = cli(db, "sheet", NAME, "Alice").stdout
    assert f"KO and OK: {ALICE_THRESHOLDS}" in " ".join(out.split())
    held = ("Nulle", "1 of 4"), ("Faible", "0 of 3"), ("Moyenne", "0 of 3"), ("Forte", "0 of 2"), ("Énorme", "0 of 2")
    assert all(f"{lethality} wounds: {count} held" in out.splitlines() for lethality, count in held)
    exported = cli(db, "export", "sheet", NAME, "Alice").stdout
    assert f"| KO and OK | {ALICE_THRESHOLDS} |" in exported
    assert "| Nulle wounds | 1 of 4 held |" in exported and "| Énorme wounds | 0 of 2 held |" in exported
