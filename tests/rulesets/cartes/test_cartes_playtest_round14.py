"""Cartes, fourteenth round: what a long campaign's players read. The dead return their cards once,
at the first session's end after their death, and no scene of theirs ends after it (ruling C125);
a sheet lists its wounds and lasting maluses by number, whatever order care lowered them in
(ruling C126); a survival draw whose healer's Médecine draw gave no marker reads against Carrure, as
an untended one does (ruling C127); an opposition's line says the results it compared and, when both
succeeded, the loser's success card its net takes off (ruling C128). The command-line tests run the
real app on a real journal; the unit tests stack the deck (tests/cartes_table.py). Seed:
shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import copy
from typing import Any

from cartes_cli import NAME, PARTY, cli, of, seat
from cartes_table import BRIGAND, describe, table, wounded
from support import log_details, run, sample

from chronique.domain.gametime import HOUR
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.combat import attack, suffer_wound
from chronique.domain.rulesets.cartes.condition import CHANGES
from chronique.domain.rulesets.cartes.draws import TestRequest
from chronique.domain.rulesets.cartes.table import end_scene, return_cards
from chronique.domain.timeline import advance
from chronique.domain.world import World

# -- 1. the dead return their cards once (§Ressources en cartes L203, §Survie L431; C125) ---------


def _names(db: str, kind: str) -> list[str]:
    ids = {e["originator_id"]: e["name"] for e in of(db, "Character.Created")}
    return [ids[e["originator_id"]] for e in of(db, kind)]


def test_the_dead_return_their_cards_once_Ressources_en_cartes_L203_Survie_L431_ruling_C125(db: str) -> None:
    # Bruno, dealt at Alice's first draw, is killed in session 1 (a blow of 14 at Énorme goes one
    # lethality up, past Énorme: §Aggravation L450-461). Before, every session's end recorded for him
    # "every card back to the deck: 7 cards in the pile, 3 in hand" and every scene's end "the
    # scene ended: its markers lapse", months after his death, in the log and every session export.
    seat(db, *PARTY)
    cli(db, "cartes", "test", NAME, "Alice", "Contact")  # deals Alice and Bruno
    cli(db, "cartes", "wound", NAME, "Bruno", "--damage", "14", "--lethality", "enorme")
    assert of(db, "Died", "Bruno")
    cli(db, "session", "end", NAME)
    # What he held goes back once, at the session's end after his death (his hand and pile dealt).
    assert _names(db, "CardsReturned").count("Bruno") == 1
    cli(db, "session", "start", NAME)
    cli(db, "cartes", "test", NAME, "Alice", "Contact")
    assert cli(db, "cartes", "scene", "end", NAME).stdout == (
        "scene ended: nothing lapsed, as nobody held markers, a malus after a knock-out, harder resource draws or support cards\n"
    )  # ruling C154: nothing was held, "markers cleared" said otherwise
    cli(db, "session", "end", NAME)
    assert sorted(_names(db, "SceneEnded")) == ["Alice", "Brigand"]
    assert _names(db, "CardsReturned").count("Bruno") == 1
    assert _names(db, "CardsReturned").count("Alice") == 2 and _names(db, "CardsReturned").count("Brigand") == 2
    assert [line for line in log_details(db, NAME, "--session", "2", "--character", "Bruno")] == []
    exported = run(db, "export", "session", NAME, "2").stdout
    assert "| Bruno |" not in exported and "| Alice | cards returned |" in exported


def test_the_dead_let_lapse_what_they_had_then_record_nothing_ruling_C125() -> None:
    # A GM character holds no cards (C35) but takes markers; killed (out of combat too, 14 over its
    # KO 6) with a bonus marker held, it lets the marker lapse at the scene's end and the knock-out
    # at the session's end (C36), then no later scene or session records anything for it.
    world = table(sheets=("alice", "bruno", "brigand"))
    brigand = world.character("Brigand")
    brigand.condition["bonus"] = 1
    suffer_wound(world, "Brigand", 14, "enorme", "Alice")
    assert brigand.condition["dead"]

    def recorded(kind: type) -> int:
        return sum(isinstance(e, kind) for e in brigand.pending_events)

    end_scene(world)
    assert (recorded(ev.SceneEnded), brigand.condition["bonus"]) == (1, 0)
    end_scene(world)
    return_cards(world)
    assert (recorded(ev.SceneEnded), recorded(ev.CardsReturned), brigand.condition["out_of_combat"]) == (1, 1, False)
    end_scene(world)
    return_cards(world)
    assert (recorded(ev.SceneEnded), recorded(ev.CardsReturned)) == (1, 1)
    # The living record both, every time (ruling C36).
    alice = world.character("Alice")
    assert sum(isinstance(e, ev.SceneEnded) for e in alice.pending_events) == 3
    assert sum(isinstance(e, ev.CardsReturned) for e in alice.pending_events) == 2


# -- 2. a sheet lists its wounds by number (§Médecine L467, §Survie L443-447; C126) ---------------


def _rows(world: World, name: str) -> list[tuple[str, ...]]:
    view = ruleset("cartes").sheet_view(world, world.character(name), True)
    return [row for section in view.sections for group in section.groups for row in group.rows]


def test_a_sheet_lists_lasting_maluses_by_wound_after_a_retry_Medecine_L467_ruling_C126() -> None:
    # Carla survived three wounds with lasting maluses -6, -3 and -8; a retry lowered wound 1's to 2
    # and the sheet read "lasting malus of wound 2 … of wound 3 … of wound 1": the retry put the
    # malus it lowered last. By number, as the wounds were taken.
    world = table()
    alice = world.character("Alice")
    for wound, amount in ((1, 6), (2, 3), (3, 8)):
        malus = {"wound": wound, "amount": amount, "value": 9, "lethality": 1, "period": 86400, "next_retry": 0}
        alice.condition["lasting_malus"].append(malus)
    CHANGES["SurvivalRetried"](alice.sheet, alice.condition, {"wound_id": 1, "malus": 2, "at": 86400})
    assert [m["wound"] for m in alice.condition["lasting_malus"]] == [2, 3, 1]  # the condition as kept
    assert [row for row in _rows(world, "Alice") if row[0].startswith("lasting malus")] == [
        ("lasting malus of wound 1", "-2 until curative care"),
        ("lasting malus of wound 2", "-3 until curative care"),
        ("lasting malus of wound 3", "-8 until curative care"),
    ]


def test_a_sheet_lists_its_wounds_held_by_number_after_one_worsens_Survie_L447_ruling_C126() -> None:
    # Alice holds wound 1 (Forte, 9) and wound 2 (Faible, 5); a failed survival draw moves wound 1
    # to Énorme and puts it last in the condition: the sheet's table read wound 2 above wound 1,
    # and its worsened wound's malus after it.
    world = table()
    alice = world.character("Alice")
    suffer_wound(world, "Alice", 9, "forte", "axe")
    suffer_wound(world, "Alice", 5, "faible", "axe")
    first = dict(alice.condition["wounds"][0], lethality=4, escalated=True)
    CHANGES["SurvivalChecked"](alice.sheet, alice.condition, {"wound_id": 1, "wound": first, "lasting": None})
    assert [w["id"] for w in alice.condition["wounds"]] == [2, 1]  # the condition as kept
    rows = _rows(world, "Alice")
    assert [row[:3] for row in rows if row[0].isdigit()] == [("1", "9", "Énorme"), ("2", "5", "Faible")]
    assert ("malus of worsened wound 1", "-9 while it lasts") in rows


# -- 3. a Médecine draw that gave nothing leaves the target at Carrure (§Médecine L465; C127) ------


def test_a_survival_draw_under_care_that_got_no_marker_reads_against_Carrure_Medecine_L465_ruling_C127() -> None:
    # Bruno tends Alice's Forte wound of 6 with an adapted kit (Moyenne for Médecine): K♦ fails
    # his Médecine 9, then Alice draws 3♥ 2♠ at Difficile against her Carrure 8. The line read
    # "then against 8 (Carrure 8, 0 bonus markers)"; a draw with markers still says them.
    world = wounded(["KD", "3H", "2S", "5D", "KH", "9H"], 6, care="adapted-kit")
    advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + HOUR // 3)
    survival, retry = [e for e in world.character("Alice").pending_events if isinstance(e, (ev.SurvivalChecked, ev.SurvivalRetried))]
    assert describe(survival) == (
        "survival draw for wound 1: Bruno's Médecine draw (Premiers soins avec équipement adapté) against 9 at +0 (moyenne): "
        "K♦ → failure, no marker; then against 8 (Carrure) at +1 (difficile): 3♥ 2♠ → survived with a malus (lasting malus -4)"
    )
    helped = "→ 3 bonus markers; then against 11 (Carrure 8, 3 bonus markers) at +0 (moyenne): 9♥ → the malus is gone"
    assert describe(retry).endswith(helped)


# -- 4. an opposition says the results it compared and what the net takes off (§Réussites L311; C128)

HAND = ["KD", "8H", "2H"]
REST = ["JS", "10D", "4D", "2S", "KS", "9H"]  # Alice's pile under its top card


def _contact_7() -> dict[str, Any]:
    alice = sample("alice")
    alice["skills"]["Contact"] = {"level": 7, "characteristic": "Carrure"}
    return alice


def test_a_lost_opposition_says_the_results_and_the_loser_s_card_taken_off_Reussites_ou_echecs_L311_ruling_C128() -> None:
    # The play-test's: Alice's A♠ on a power draw is 1 + 3 = 4, the Brigand's parry 6♥ is 6; the log
    # read "lost to Brigand, net 5", and the player asked how 4 against 6 makes 5. L311: the loser's
    # success card (1, not its ♠ bonus, ruling C12) comes off the winner's 6.
    world = table([*HAND, "AS", *REST, "6H"], sheets=[_contact_7(), BRIGAND])
    attack(world, "Alice", "Brigand", TestRequest("Contact"), TestRequest("Contact"), 0, "moyenne")
    settled = world.recorded_last("Alice", ev.OppositionSettled)
    # Ruling C132: the results read the winner's first, as the table's line reads them.
    assert describe(settled) == (
        "opposed draw against Brigand: lost to Brigand, 6 against 4, net 5 (6 less 1, the loser's success card); "
        "5 damage at Moyenne from Brigand's parry"
    )


def test_a_won_opposition_says_a_failure_and_a_tie_break_Reussites_ou_echecs_L311_L312_A18_ruling_C128() -> None:
    # The Brigand's 4♥ (4) against Alice's K♦ (13 > 7, a failure): the full 4 (L312), nothing off.
    world = table([*HAND, "KD", *REST, "4H"], sheets=[_contact_7(), BRIGAND])
    attack(world, "Brigand", "Alice", TestRequest("Contact"), TestRequest("Contact"), 2, "forte")
    assert describe(world.recorded_last("Brigand", ev.OppositionSettled)) == (
        "opposed draw against Alice: won, 4 against a failure, net 4; 6 damage at Forte from the attack (weapon +2)"
    )
    # Alice's 3♠ (3 + 3) ties the Brigand's 6♥: one card each from the general deck (A18), the
    # attacker's 9♦ over her 4♦; the Brigand's 6 less her card 3.
    world = table([*HAND, "3S", *REST, "6H", "9D", "4D"], sheets=[_contact_7(), BRIGAND])
    attack(world, "Brigand", "Alice", TestRequest("Contact"), TestRequest("Contact"), 0, "moyenne")
    assert describe(world.recorded_last("Brigand", ev.OppositionSettled)) == (
        "opposed draw against Alice: won, 6 against 6, tie-break 9♦ against 4♦, net 3 (6 less 3, the loser's success card); "
        "3 damage at Moyenne from the attack"
    )


def test_an_opposition_recorded_without_its_results_reads_as_before_ruling_C128() -> None:
    # Totals were not always kept (the opposition's `from_dict` reads them as 0): the line says only the net.
    world = table([*HAND, "AS", *REST, "6H"], sheets=[_contact_7(), BRIGAND])
    attack(world, "Alice", "Brigand", TestRequest("Contact"), TestRequest("Contact"), 0, "moyenne")
    settled = copy.copy(world.recorded_last("Alice", ev.OppositionSettled))
    vars(settled).update(opposition={"winner": "defender", "net": 5, "tie_breaks": []})
    assert describe(settled) == "opposed draw against Brigand: lost to Brigand, net 5; 5 damage at Moyenne from Brigand's parry"
