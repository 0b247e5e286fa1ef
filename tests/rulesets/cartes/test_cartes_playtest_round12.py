"""Cartes, twelfth round: a wound between sessions takes no scene's markers (ruling C117), what a test
did with markers is said (ruling C118), a lethality is named, never numbered (ruling C119). The unit
tests stack the deck (tests/cartes_table.py); the command-line tests run the real app on a real
journal. Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import copy
import json
from typing import Any

from cartes_cli import NAME, cli, of, refused, seat
from cartes_table import DEALT, describe, table

from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.combat import consciousness, suffer_wound
from chronique.domain.rulesets.cartes.describe import markers_used
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test


def _condition(db: str, who: str) -> dict[str, Any]:
    return dict(json.loads(cli(db, "sheet", NAME, who, "--json").stdout)["condition"])


def _log(db: str) -> list[str]:
    """The log's lines of details, each whole, as the GM's log table wraps them over its rows."""
    entries: list[str] = []
    for row in cli(db, "log", NAME, "--gm").stdout.splitlines():
        cells = row.split("|")
        if len(cells) < 7 or set(cells[1].strip()) <= {"-"} and not cells[5].strip():
            continue
        if cells[1].strip() and cells[1].strip() != "Ref":
            entries.append(cells[5].strip())
        elif entries and not cells[1].strip():
            entries[-1] += " " + cells[5].strip()
    return entries


# -- 1. a wound between sessions: no markers, which are a scene's (§KO ou OK L354-361; C117) --------

SHAKEN = "shaken, but no scene runs between sessions: no malus markers taken"
ANGRY = "angry, but no scene runs between sessions: no bonus marker taken"


def test_a_wound_between_sessions_takes_no_markers_KO_ou_OK_L356_Marqueurs_L326_ruling_C117(db: str) -> None:
    # Alice (Volonté 6: OK 3, KO 6) wounded by the GM in the downtime took 2 malus markers for a
    # hit of 4 and a bonus marker for a hit of 6: no scene's end sheds them between sessions
    # (C112), and they weighed on her first test of the next session, won in no scene of it.
    seat(db)
    cli(db, "session", "end", NAME)
    said = cli(db, "cartes", "wound", NAME, "Alice", "--damage", "4", "--lethality", "nulle").stdout
    assert said == f"Alice takes a wound of 4, lethality Nulle; {SHAKEN}\n"
    said = cli(db, "cartes", "wound", NAME, "Alice", "--damage", "6", "--lethality", "nulle").stdout
    assert said == f"Alice takes a wound of 6, lethality Nulle; {ANGRY}\n"
    alice = _condition(db, "Alice")
    assert (alice["bonus"], alice["malus"]) == (0, 0)
    assert [(e["effect"], e["bonus_change"], e["malus_change"]) for e in of(db, "WoundSuffered")] == [
        ("two_malus", 0, 0),
        ("angry", 0, 0),
    ]
    log = _log(db)
    assert "took a wound of 4 from the GM, Nulle; " + SHAKEN in log
    assert "took a wound of 6 from the GM, Nulle; " + ANGRY in log
    assert "markers: 0 bonus, 0 malus" in cli(db, "sheet", NAME, "Alice").stdout
    # The wounds themselves count as ever: held, with their survival draws to come.
    assert [w["value"] for w in alice["wounds"]] == [4, 6]
    # The next session's first test counts no marker: her target is her Contact 9 less the wound
    # malus alone (none yet: no survival draw has fallen due).
    cli(db, "session", "start", NAME)
    said = cli(db, "cartes", "test", NAME, "Alice", "Contact").stdout
    assert said.startswith("Alice draws Contact: target 9, "), said


def test_a_wound_in_a_session_still_takes_its_markers_KO_ou_OK_L356(db: str) -> None:
    # In a session nothing changes: a hit between OK and KO gives two malus markers, one at KO a
    # bonus marker (§KO ou OK L356-359), shed at the scene's end.
    seat(db)
    said = cli(db, "cartes", "wound", NAME, "Alice", "--damage", "4", "--lethality", "nulle").stdout
    assert said == "Alice takes a wound of 4, lethality Nulle; shaken: two malus markers\n"
    cli(db, "cartes", "wound", NAME, "Alice", "--damage", "6", "--lethality", "nulle")
    alice = _condition(db, "Alice")
    assert (alice["bonus"], alice["malus"]) == (1, 2)
    assert "took a wound of 4 from the GM, Nulle; shaken: two malus markers" in _log(db)


def test_the_rules_take_no_markers_between_sessions_for_every_caller_ruling_C117() -> None:
    world = table(session=False)
    result = suffer_wound(world, "Alice", 5, "faible", "a fall")
    alice = world.character("Alice")
    assert (alice.condition["bonus"], alice.condition["malus"]) == (0, 0)
    assert result["between_sessions"] is True
    wound = world.recorded_last("Alice", ev.WoundSuffered)
    assert (wound.effect, wound.bonus_change, wound.malus_change) == ("two_malus", 0, 0)
    assert describe(wound) == f"took a wound of 5 from a fall, Faible; {SHAKEN}"


def test_a_knock_out_between_sessions_stands_and_its_waking_takes_no_malus_Tirage_de_conscience_L373_ruling_C117() -> None:
    # Over KO the character is out of combat, "sans nécessairement avoir perdu connaissance"
    # (L361): a state of the character, which a consciousness draw ends, between sessions too.
    # The malus the character comes to with lasts the scene (C39, A16), and none runs between
    # sessions to hold it or end it: it was kept into the next session's first scene.
    world = table(["2H"], session=False)
    suffer_wound(world, "Alice", 9, "nulle", "a club")
    alice = world.character("Alice")
    assert alice.condition["out_of_combat"] is True
    assert (alice.condition["bonus"], alice.condition["malus"]) == (0, 0)
    outcome = consciousness(world, "Alice")
    assert outcome.success
    assert (alice.condition["out_of_combat"], alice.condition["ko_malus"]) == (False, 0)
    came_to = world.recorded_last("Alice", ev.ConsciousnessChecked)
    assert came_to.malus == 0
    assert describe(came_to) == (
        "Volonté draw to come to, against 6 at +0 (moyenne): 2♥ → success: came to, with no malus: the damage card's lasts a"
        " scene, and none runs between sessions"
    )


def test_a_knock_out_in_a_session_wakes_with_the_damage_card_as_malus_Tirage_de_conscience_L373() -> None:
    # In a session, as before: the damage card (9) as a malus until the scene ends.
    world = table([*DEALT, "2H"])
    suffer_wound(world, "Alice", 9, "nulle", "a club")
    consciousness(world, "Alice")
    assert world.character("Alice").condition["ko_malus"] == 9
    assert describe(world.recorded_last("Alice", ev.ConsciousnessChecked)).endswith(
        "→ success: came to; malus after a knock-out -9 (the damage card) until the scene ends"
    )


# -- 2. what a test did with markers is said (§Marqueurs L330-331, ruling C9; ruling C118) ---------

SPENT = "3 bonus markers spent for a level easier"


def test_spending_bonus_markers_is_said_at_the_table_and_in_the_log_Marqueurs_L330_ruling_C118(db: str) -> None:
    # `cartes test … --spend-bonus` read "Alice draws Contact: target 9, -1 facile: …" and no more,
    # at the table and in the log: nothing said where her 3 bonus markers went, nor why the draw
    # was a level easier; `audit show` neither.
    seat(db)
    for _ in range(3):  # Volonté 6: a hit of exactly KO 6 angers, one bonus marker each (§KO ou OK L359)
        cli(db, "cartes", "wound", NAME, "Alice", "--damage", "6", "--lethality", "nulle")
    said = cli(db, "cartes", "test", NAME, "Alice", "Contact", "--spend-bonus").stdout.splitlines()
    assert said[0].startswith("Alice draws Contact: target 9, ") and " -1 facile" in said[0], said
    assert said[1:] == ["Alice spends 3 bonus markers for a level easier (now 0 bonus, 0 malus)"]
    test = of(db, "TestMade", "Alice")[-1]
    assert (test["spent_bonus"], test["shed_tried"], test["bonus_change"]) == (True, False, -3)
    entry = next(line for line in _log(db) if line.startswith("Contact against 9 "))
    assert f"; {SPENT} (Alice had " in entry, entry
    shown = cli(db, "audit", "show", f"{test['originator_id'][:8]}:{test['originator_version']}").stdout
    assert f"; {SPENT}" in shown, shown


def _shaken_twice() -> Any:
    # Alice's stacked pile tops with 5♥ (tests/cartes_table.py); two hits of 4 between OK 3 and
    # KO 6 give her 4 malus markers (§KO ou OK L357).
    world = table([*DEALT, "KC"])
    for _ in range(2):
        suffer_wound(world, "Alice", 4, "nulle", "a fist")
    return world


def test_a_failed_try_to_shed_malus_markers_is_said_Marqueurs_L331_ruling_C118() -> None:
    # Shedding 3 of her 4 malus markers: Contact 9 less the 1 left, 8, one level harder (C9): 5♥
    # from the pile, then K♣ over 8: a failure, and the 3 markers stay. The log read "Contact
    # against 8 (Contact 9, markers -1) at +1 (difficile): 5♥ K♣ → failure", as if the sheet's
    # 4 malus markers counted 1 and the draw were Difficile for no reason.
    world = _shaken_twice()
    make_test(world, "Alice", TestRequest("Contact", shed_malus=True))
    assert world.character("Alice").condition["malus"] == 4
    test = world.recorded_last("Alice", ev.TestMade)
    assert describe(test) == (
        "Contact against 8 (Contact 9, markers -1) at +1 (difficile): 5♥ K♣ → failure; the try to shed 3 malus markers failed: they stay"
    )
    # At the table, the markers now held end the line (no tactics line follows).
    said = markers_used("Alice", test, world.character("Alice").condition, True)
    assert said == ["Alice keeps 3 malus markers: the try to shed them failed (now 0 bonus, 4 malus)"]


def test_a_tactics_test_says_its_markers_in_the_log_too_Choix_des_manoeuvres_L278_ruling_C118() -> None:
    # The table said "Alice gains 3 bonus markers"; the log said nothing of them. 5♥ from the pile
    # against Contact 9: a success, three bonus markers (L278); then K♠ fails: one malus marker.
    world = table([*DEALT])
    make_test(world, "Alice", TestRequest("Contact", manoeuvre="tactics"))
    assert describe(world.recorded_last("Alice", ev.TestMade)) == (
        "Contact against 9 at +0 (moyenne): 5♥ → success, quality 5; 3 bonus markers gained"
    )


def test_a_test_recorded_before_version_9_reads_its_markers_from_what_it_changed_ruling_C118() -> None:
    # Tests recorded before TestMade class version 9 keep no choice: their spend and a shed that
    # succeeded are read from the markers they changed; a failed try left no trace to say.
    stored = {"spent_bonus": True, "shed_tried": False}
    ev.TestMade.upcast_stored(stored)
    assert (stored["spent_bonus"], stored["shed_tried"]) == (True, False)
    old: dict[str, Any] = {}
    ev.TestMade.upcast_stored(old)
    assert (old["spent_bonus"], old["shed_tried"]) == (None, None)
    world = _shaken_twice()
    make_test(world, "Alice", TestRequest("Contact", shed_malus=True))
    assert describe(_before_version_9(world)) == "Contact against 8 (Contact 9, markers -1) at +1 (difficile): 5♥ K♣ → failure"
    # Three hits of exactly KO 6 give three bonus markers (§KO ou OK L359), spent on 5♥ then 2♦.
    world = table([*DEALT, "2D"])
    for _ in range(3):
        suffer_wound(world, "Alice", 6, "nulle", "a fist")
    make_test(world, "Alice", TestRequest("Contact", spend_bonus=True))
    assert describe(_before_version_9(world)) == f"Contact against 9 at -1 (facile): 5♥ 2♦ → success, quality 5; {SPENT}"


def _before_version_9(world: Any) -> ev.TestMade:
    # Alice's last test as one recorded before class version 9 reads, its choices unknown.
    test = copy.copy(world.recorded_last("Alice", ev.TestMade))
    vars(test).update(spent_bonus=None, shed_tried=None)
    return test


# -- 3. a lethality is named, never numbered (§Survie L433-441; ruling C119) ------------------------

NUMBERED = "error: a lethality is named, not numbered: “{}” is none of Nulle, Faible, Moyenne, Forte, Énorme"


def test_a_lethality_typed_as_a_number_is_refused_Survie_L433_ruling_C119(db: str) -> None:
    # `cartes wound … --lethality 3` recorded a Forte wound (the code's index from 0), where a GM
    # counting the seed's table from Nulle means Moyenne; `--lethality 4` an Énorme one, drawn for
    # every minute. The seed names the lethalities and numbers none.
    seat(db, "alice", "bruno", "brigand")
    assert refused(db, "cartes", "wound", NAME, "Alice", "--damage", "5", "--lethality", "3") == NUMBERED.format(3)
    assert refused(db, "cartes", "attack", NAME, "Brigand", "Alice", "--lethality", "4") == NUMBERED.format(4)
    assert refused(db, "cartes", "attack", NAME, "Brigand", "Alice", "--defender-lethality", "1") == NUMBERED.format(1)
    assert of(db, "TestMade") == [] and of(db, "WoundSuffered") == []
    # By name, in any case and without its accent, as before.
    said = cli(db, "cartes", "wound", NAME, "Alice", "--damage", "5", "--lethality", "enorme").stdout
    assert said.startswith("Alice takes a wound of 5, lethality Énorme;"), said
