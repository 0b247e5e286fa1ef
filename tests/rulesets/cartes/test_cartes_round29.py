"""Cartes, round 29: the sheet's "wound malus" is the wounds' own, the knock-out's said apart on its
own row (ruling C152); a healer's Médecine line says a knock-out's part in the same words (C153);
`cartes scene end` says what it cleared, and that nothing lapsed when nothing did (C154); a
refused spending of markers names whose (C155). The command-line tests run the real app on a real
journal; the unit tests stack the deck (tests/cartes_table.py). Seed:
shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

from cartes_cli import NAME, cli, of, refused, seat
from cartes_table import DEALT, describe, table, wounded

from chronique.domain.gametime import HOUR
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.combat import consciousness, suffer_wound
from chronique.domain.rulesets.cartes.view import sheet_view
from chronique.domain.timeline import advance
from chronique.domain.world import World


def _rows(world: World, name: str) -> dict[str, str]:
    """The rows of ``name``'s sheet, by their label, as a player reads them."""
    character = world.character(name)
    return {row[0]: row[1] for section in sheet_view(world, character, gm=False).sections for group in section.groups for row in group.rows}


# -- 1. the wounds' malus and the knock-out's, apart (§Tirage de conscience L373; C147, C152) -------


def test_the_sheet_s_wound_malus_leaves_out_the_knock_out_s_said_on_its_own_row_Tirage_de_conscience_L373_ruling_C152() -> None:
    # Volonté 6: a hit of 8 is over KO; the A♠ brings Alice to with the damage card, 8, as a malus
    # (L373). The sheet read "wound malus: -8" just above "malus after a knock-out: -8", and a
    # reader added them: -16, where her draws take -8, as their targets say ("wound malus" the
    # wounds' part only, C147).
    world = table([*DEALT, "AS"])
    suffer_wound(world, "Alice", 8, "nulle", "a club")
    consciousness(world, "Alice")
    rows = _rows(world, "Alice")
    assert (rows["wound malus"], rows["malus after a knock-out"]) == ("none", "-8 (the damage card) until the scene ends")
    # A wound's lasting malus of 5 besides: the rows add up to what a draw takes, -13, once each.
    world.character("Alice").condition["lasting_malus"].append(
        {"wound": 1, "amount": 5, "value": 9, "lethality": 1, "period": 24 * HOUR, "next_retry": 10**9}
    )
    rows = _rows(world, "Alice")
    assert (rows["wound malus"], rows["lasting malus of wound 1"], rows["malus after a knock-out"]) == (
        "-5",
        "-5 until curative care",
        "-8 (the damage card) until the scene ends",
    )


# -- 2. a healer's knock-out malus on the Médecine line (§Médecine L465, L373; C129, C153) ----------


def test_a_healer_s_knock_out_malus_reads_apart_from_his_wound_malus_on_the_Medecine_line_Medecine_L465_ruling_C153() -> None:
    # Bruno (Médecine 9) tends Alice's Forte wound of 6 with an adapted kit, himself with a lasting
    # malus of 2 and, come to after a knock-out, a malus of 3 until the scene ends (L373): his
    # target is 4. The line read "(Médecine 9, wound malus -5)", the knock-out's part as a wound's.
    world = wounded(["6H", "3H", "2S"], 6, care="adapted-kit")
    bruno = world.character("Bruno").condition
    bruno["lasting_malus"].append({"wound": 1, "amount": 2, "value": 9, "lethality": 1, "period": 24 * HOUR, "next_retry": 10**9})
    bruno["ko_malus"] = 3
    advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + HOUR // 6)
    (survival,) = [e for e in world.character("Alice").pending_events if isinstance(e, ev.SurvivalChecked)]
    assert survival.medicine is not None and (survival.medicine["healer_malus"], survival.medicine["healer_ko_malus"]) == (5, 3)
    assert describe(survival).startswith(
        "survival draw for wound 1: Bruno's Médecine draw (Premiers soins avec équipement adapté) against 4 (Médecine 9, "
        "wound malus -2, malus after a knock-out -3) at +0 (moyenne): 6♥ → failure, no marker; "
    )


# -- 3. a scene's end says what it cleared (cartes.md A7, A16; C154) -------------------------------


def test_ending_a_scene_says_whose_markers_lapsed_and_a_second_end_that_nothing_did_Marqueurs_L326_ruling_C154(db: str) -> None:
    # Volonté 6: a hit of 4 is over OK, under KO, and leaves Bruno two malus markers (§KO ou OK
    # L354-361), which lapse at the scene's end (A7). A second end at once said "markers cleared"
    # again, where there was nothing left to clear.
    seat(db)
    cli(db, "cartes", "wound", NAME, "Bruno", "--damage", "4", "--lethality", "nulle")
    assert cli(db, "cartes", "scene", "end", NAME).stdout == "scene ended; lapsed: Bruno's 2 malus markers\n"
    assert cli(db, "cartes", "scene", "end", NAME).stdout == (
        "scene ended: nothing lapsed, as nobody held markers, a malus after a knock-out, harder resource draws or support cards\n"
    )
    assert len(of(db, "SceneEnded")) == 4  # each end is recorded, one event a character


# -- 4. whose markers fall short (§Marqueurs L330-331; C155) ---------------------------------------


def test_spending_bonus_markers_not_held_names_whose_markers_Marqueurs_L330_ruling_C155(db: str) -> None:
    # L330: three bonus markers spent at once give a facility level. "spending bonus markers needs
    # 3, only 0 held" named nobody.
    seat(db)
    assert refused(db, "cartes", "test", NAME, "alice", "Contact", "--spend-bonus") == (
        "error: spending bonus markers needs 3: Alice holds none"
    )
    cli(db, "cartes", "wound", NAME, "Bruno", "--damage", "4", "--lethality", "nulle")
    assert refused(db, "cartes", "test", NAME, "bruno", "Contact", "--shed-malus") == (
        "error: shedding malus markers needs 3: Bruno holds only 2"
    )
