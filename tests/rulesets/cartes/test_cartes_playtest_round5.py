"""Cartes after the fifth playtest, a long campaign over many sessions: what time does between
sessions (survival draws, medicine, a night's sleep), the general deck run out and reshuffled,
experience spent, and how each reads in the log, the sheet, the exports and ``audit show``.
The journals are real; where an outcome rests on the cards drawn they are played through the real
services with scripted seeds (support.scripted_services), whose cards are the same at every run.
Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import json
from typing import Any

from cartes_cli import NAME, seat, served
from cartes_table import ALICE_HAND, ALICE_PILE, BRIGAND, BRUNO_HAND, BRUNO_PILE, describe, table
from support import log_details, run, scripted_services, short_ref, wounded_party

from chronique.domain.cards import shown
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test, recover, support, take_resource
from chronique.domain.rulesets.cartes.processes import rest_due
from chronique.domain.rulesets.cartes.table import end_scene, gm_draw, return_cards
from chronique.domain.rulesets.cartes.view import sheet_view

HOUR = 3600


def cards_drawn(events: list[Any]) -> list[str]:
    """Every card the general deck handed out in ``events``, in the order drawn."""
    return [card for event in events if type(event).__qualname__ == "Deck.CardsDrawn" for card in event.cards]


# -- 1. a dry run never shows the deck's real order (FAIRNESS.md v2; §Tirages de survie L443-461) --


def test_a_dry_run_between_sessions_draws_from_its_own_order_not_the_decks_real_one_Tirages_de_survie_A30(db: str) -> None:
    # The playtester's journal: between sessions a GM's passive draw (or a hand dealt early for an
    # experience spend, ruling C46) shuffled the general deck in the downtime's epoch; then
    # `advance 1h --dry-run` ("SIMULATED with throwaway dice ...; the real draws will differ")
    # told, three times running, exactly the survival draws the real advance then made: the dry
    # run drew the deck's real, face-down order. FAIRNESS.md: a dry run "shows what would happen,
    # never what will".
    services = scripted_services(db)
    name = wounded_party(services)  # Alice's Forte wound: a survival draw every 10 minutes (§Survie L437)
    services.act(name, lambda w: gm_draw(w, 1, "", "an omen"))  # the downtime's deck is shuffled now
    deck = next(iter(services.world(name).decks.values()))
    dry = services.advance(name, lambda c: c.clock + HOUR, dry_run=True)
    done = services.advance(name, lambda c: c.clock + HOUR)
    services.close()
    real, simulated = cards_drawn(done.events), cards_drawn(dry.events)
    assert len(real) >= 6, "the hour must draw survival cards for the dry run to prove anything"
    assert real == deck.cards[: len(real)]  # the real advance draws the order the deck holds
    # Two orders of the 103 cards left agreeing on their first six cards: well under one in 10^9.
    assert simulated[:6] != real[:6]


# -- 2. the sheet says how hard the healer works (§Médecine L465; ruling C72) --------------------


def test_the_sheet_and_its_export_say_the_extra_levels_the_healer_takes_Medecine_L465(db: str) -> None:
    # `cartes care Alice --healer Bruno --means adapted-kit --extra-levels 1` said "(…, 1 extra
    # level: care ×2)", but the sheet read only "tended by: Bruno (Premiers soins avec équipement
    # adapté)": whoever read it could not tell the care from one without the extra level, whose
    # Médecine draw is one card easier and whose markers are half (§Médecine L465, C27).
    seat(db, start=None, session=False)
    run(db, "cartes", "wound", NAME, "Alice", "--damage", "7", "--lethality", "forte")
    said = run(db, "cartes", "care", NAME, "Alice", "--healer", "Bruno", "--means", "adapted-kit", "--extra-levels", "2").stdout
    tended = "Bruno (Premiers soins avec équipement adapté, 2 extra levels: care ×4)"
    assert said == "Bruno tends Alice (Premiers soins avec équipement adapté, 2 extra levels: care ×4)\n"
    assert f"tended by: {tended}" in " ".join(run(db, "sheet", NAME, "Alice").stdout.split())  # wrapped at 80 columns
    assert f"| tended by | {tended} |" in run(db, "export", "sheet", NAME, "Alice", "--format", "md").stdout
    run(db, "cartes", "care", NAME, "Alice", "--healer", "Bruno", "--means", "hospital")  # a new order: no extra level
    sheet = " ".join(run(db, "sheet", NAME, "Alice").stdout.split())
    assert "tended by: Bruno (Hôpital en dur)" in sheet and "extra level" not in sheet


# -- 3. a deal with no hand to deal reads in words (§Distribution des cartes L84-90; ruling C46) --


def test_a_deal_after_the_hand_was_dealt_early_says_no_hand_card_Distribution_des_cartes_L84(db: str) -> None:
    # Experience spent between sessions deals the next session's hand early (ruling C46); the
    # session's deal then deals only the pile, and the log, the session's export and `audit show`
    # read "dealt a hand of — and a pile of 6 cards face down".
    seat(db, "alice", start=None)
    run(db, "cartes", "test", NAME, "Alice", "Contact")  # deals a hand of 3 and a pile of 7, plays one
    run(db, "session", "end", NAME)
    run(db, "cartes", "xp", "award", NAME, "Alice", "2", "--reason", "the ambush")
    run(db, "cartes", "xp", "spend", NAME, "Alice", "speciality", "Athlétisme", "--speciality", "Escalade")  # 2 cards, §Expérience L538
    run(db, "session", "start", NAME)
    run(db, "cartes", "test", NAME, "Alice", "Contact")
    run(db, "session", "end", NAME)
    dealt = [line for line in log_details(db, NAME) if line.startswith("dealt")]
    assert dealt[-1] == "dealt no hand card and a pile of 6 cards face down", dealt
    assert "| dealt no hand card and a pile of 6 cards face down |" in run(db, "export", "session", NAME, "2", "--format", "md").stdout


# -- 4. care stopped reads in words (§Médecine L463-475; ruling C43) ---------------------------


def test_stopping_care_reads_as_care_stopped_not_an_empty_healer_Medecine_L465(db: str) -> None:
    # `cartes care Verdelune Brigand` without a healer stops the care (its help says so) and
    # printed "nobody tends Brigand now", but the log read "wounds tended by ()".
    seat(db, start=None, session=False)
    run(db, "cartes", "wound", NAME, "Alice", "--damage", "2", "--lethality", "nulle")  # care tends a wound (C106)
    run(db, "cartes", "care", NAME, "Alice", "--healer", "Bruno", "--means", "field-hospital")
    assert run(db, "cartes", "care", NAME, "Alice").stdout == "nobody tends Alice now\n"
    cared = [line for line in log_details(db, NAME) if "tend" in line or "care" in line]
    assert cared == ["wounds tended by Bruno (Hôpital de campagne)", "care stopped: nobody tends the wounds now"]
    assert "tended by" not in run(db, "sheet", NAME, "Alice").stdout


# -- 5. several supporters' power cards all serve the action they support (§Tirage des soutiens L293; C92) --


def test_two_supporters_power_cards_each_replace_a_card_of_the_supported_draw_Tirage_des_soutiens_L293() -> None:
    # Bruno and the Brigand both support Alice's blow with power (§Choix de l'actions L267: any
    # later speaker may "soutenir l'action déjà décrite"; L289: "les soutiens dont une action
    # bénéficie"). Each success card "peut se substituer à n'importe quelle carte tirée" by her
    # (L295). She drew K♦ then Q♥ at Difficile against 9: both fail,
    # and the two cards given for it, 7♥ and 5♠, save it (the worse, 5♠, is retained, +3 ♠).
    # Before, the draw was offered the first card only: it failed, and the 5♠ stayed held for
    # whatever she drew next, which no supporter supported.
    bruno_pile = ["7H", *BRUNO_PILE[1:]]
    alice_pile = ["KD", *ALICE_PILE[1:]]
    world = table([*ALICE_HAND, *alice_pile, *BRUNO_HAND, *bruno_pile, "5S", "QH"], sheets=("alice", "bruno", BRIGAND))
    support(world, "Bruno", "Alice", TestRequest("Médecine"))  # 7♥ under Médecine 9
    support(world, "Brigand", "Alice", TestRequest("Contact"))  # 5♠ from the deck under Contact 10
    alice = world.character("Alice")
    assert alice.condition["support_cards"] == ["7H", "5S"]
    outcome = make_test(world, "Alice", TestRequest("Contact", 1))
    assert outcome.success and outcome.support_used
    assert sorted(outcome.substituted) == [("KD", "7H"), ("QH", "5S")]
    assert (outcome.retained, outcome.quality, outcome.suit_bonus) == ("5S", 5, 3)
    assert alice.condition["support_cards"] == []  # both served this draw, and it spent both
    (test,) = [e for e in alice.pending_events if isinstance(e, ev.TestMade)]
    assert (test.support_spent, test.support_cards_spent, test.from_hand) == (True, 2, [])
    assert "the support card 7♥ played for K♦, the support card 5♠ played for Q♥" in describe(test)


def test_one_support_card_that_is_enough_leaves_the_other_unused_but_spent_Tirage_des_soutiens_L293() -> None:
    # Moyenne against 9 with K♦ first: one card in its place is enough, and the better one is
    # played: 5♠, worth 8 on a power manoeuvre (+3 ♠, §Bonus de couleur L320), not 7♥. The 7♥
    # served this draw too, unused, and is gone with it (ruling C47).
    bruno_pile = ["7H", *BRUNO_PILE[1:]]
    alice_pile = ["KD", *ALICE_PILE[1:]]
    world = table([*ALICE_HAND, *alice_pile, *BRUNO_HAND, *bruno_pile, "5S"], sheets=("alice", "bruno", BRIGAND))
    support(world, "Bruno", "Alice", TestRequest("Médecine"))
    support(world, "Brigand", "Alice", TestRequest("Contact"))
    outcome = make_test(world, "Alice", TestRequest("Contact"))
    assert outcome.substituted == (("KD", "5S"),) and outcome.quality + outcome.suit_bonus == 8
    assert world.character("Alice").condition["support_cards"] == []


def test_a_draw_offered_several_support_cards_verifies_Tirage_des_soutiens_L293(db: str) -> None:
    # The verifier re-derives a test from every support card held (C92), and holds it to
    # spending them all; a journal where two supporters' cards served one draw verifies.
    services = served(db, "alice", "bruno", BRIGAND)
    for _ in range(12):  # the scripted seeds give the same cards at every run
        for supporter, skill in (("Bruno", "Médecine"), ("Brigand", "Contact")):
            if len(services.world(NAME).character("Alice").condition["support_cards"]) < 2:
                services.act(NAME, lambda w, s=supporter, k=skill: support(w, s, "Alice", TestRequest(k)))
    assert len(services.world(NAME).character("Alice").condition["support_cards"]) == 2
    services.act(NAME, lambda w: make_test(w, "Alice", TestRequest("Contact", 2)))
    assert services.world(NAME).character("Alice").condition["support_cards"] == []
    services.close()
    said = run(db, "verify", NAME).stdout
    assert said.startswith(f"{NAME}: OK"), said


# -- 6. audit show places a support card where the deck handed it: to the supporter (ruling C85) --


def test_audit_show_places_a_power_support_card_under_the_supporter_who_drew_it_Tirage_des_soutiens_L293(db: str) -> None:
    # The playtester's: Bruno's power support gave Alice the 9♦ he drew, which her next draw
    # played; `audit show` of that draw read "9♦: position 2 of shuffle …:69 (the dice of the
    # downtime after session 2), drawn for Alice (hand dealt early)", another 9♦ of the two
    # packs, dealt to her days before: it looked for the card among those the deck handed to
    # Alice, and the support's was handed to Bruno (when none was, it was left untraced).
    services = served(db)
    played = None
    for _ in range(30):  # the scripted seeds give the same cards at every run
        if not services.world(NAME).character("Alice").condition["support_cards"]:
            services.act(NAME, lambda w: support(w, "Bruno", "Alice", TestRequest("Médecine")))
            continue
        outcome = services.act(NAME, lambda w: make_test(w, "Alice", TestRequest("Contact", 2, source="deck")))
        if outcome.support_used:
            played = outcome
            break
    assert played is not None, "a draw must play a support card for the account to prove anything"
    services.close()
    test = [e["event"] for e in json.loads(run(db, "log", NAME, "--json", "--gm").stdout) if e["event"]["topic"].endswith(":TestMade")][-1]
    ((_, card),) = test["outcome"]["substituted"]
    account = run(db, "audit", "show", short_ref(test), "--gm").stdout.splitlines()
    placed = [line for line in account if line.startswith(f"  {shown(card)}: ")]
    # Bruno's success card: the first of his draw, from his pile, or one the deck gave his draw.
    assert len(placed) == 1 and ", drawn for Bruno (" in placed[0], account


# -- 7. the sheet says how hard the next recovery or resource draw is (§Épuisement de la pioche L235, §Choix des manœuvres L279) --


def cards_rows(world: Any, name: str) -> dict[str, str]:
    """The Cards section of a character's sheet, label -> value."""
    view = sheet_view(world, world.character(name), gm=False)
    (cards,) = [section for section in view.sections if section.title == "Cards"]
    return {row[0]: row[1] for group in cards.groups for row in group.rows}


def test_the_sheet_says_a_recovery_draw_made_the_next_one_harder_until_a_nights_sleep_Epuisement_de_la_pioche_L235(db: str) -> None:
    # "Si un second tirage de récupération est nécessaire, il se fera avec un niveau de difficulté
    # supplémentaire" (L235): the command said "the next recovery draw is one level harder" once,
    # and nothing on the sheet said it after, nor when a night's sleep lifted it (ruling C45).
    seat(db, "alice")
    for _ in range(7):  # a pile of 7, one card a test (§Ressources en cartes L193-195)
        run(db, "cartes", "test", NAME, "Alice", "Contact")
    run(db, "cartes", "recover", NAME, "Alice")  # Très facile Carrure, a hand card first
    said = " ".join(run(db, "sheet", NAME, "Alice").stdout.split())
    assert "next recovery draw: -1 (facile): 1 recovery draw since the last night's sleep, each making the next one level harder" in said
    run(db, "session", "end", NAME)
    assert "next recovery draw: -1 (facile)" in " ".join(run(db, "sheet", NAME, "Alice").stdout.split())  # not slept yet
    run(db, "advance", NAME, "1d", "--yes")
    assert "next recovery draw" not in run(db, "sheet", NAME, "Alice").stdout


def test_the_sheet_says_a_failed_resource_draw_made_the_next_one_harder_this_scene_Choix_des_manoeuvres_L279() -> None:
    # K♦ from the hand, then Q♠ and J♥, all over Volonté 6 at Très facile: the resource draw fails,
    # and the next one is Facile until a success or the scene's end (PROPOSAL §3.9).
    world = table([*ALICE_HAND, *ALICE_PILE, *BRUNO_HAND, *BRUNO_PILE, "QS", "JH"])
    make_test(world, "Alice", TestRequest("Contact"))  # the 5♥ of her pile: room for a refill (C78)
    outcome = take_resource(world, "Alice", "KD")
    assert not outcome.success
    harder = "-1 (facile): 1 failed resource draw this scene, each making the next one level harder"
    assert cards_rows(world, "Alice")["next resource draw"] == harder
    end_scene(world)
    assert "next resource draw" not in cards_rows(world, "Alice")


def test_a_nights_sleep_makes_recovery_draws_tres_facile_again_even_on_a_full_pile_Epuisement_de_la_pioche_L235_C45() -> None:
    # Alice empties her pile (7 tests), then recovers with her 8♣ (Très facile Carrure 8, ♣ one
    # level easier: K♠ Q♠ J♠ fail, the 8♣ wins): 8 cards, her pile full again. A night's sleep
    # resets the recovery escalation (ruling C45), but none was ever due on a full pile: her
    # next recovery draw stayed one level harder for the rest of the campaign.
    world = table([*ALICE_HAND, *ALICE_PILE, *BRUNO_HAND, *BRUNO_PILE, "KS", "QS", "JS"])
    for _ in ALICE_PILE:  # no club among them: each test draws its pile card alone
        make_test(world, "Alice", TestRequest("Contact"))
    outcome = recover(world, "Alice", "8C")
    alice = world.character("Alice")
    assert outcome.success and len(alice.condition["pile"]) == 7 and alice.condition["recovery_steps"] == 1
    return_cards(world)  # the session's end: 7 in the pile, noted
    sleep = rest_due(alice)
    assert sleep is not None
    alice.record(ev.PileRested, at=sleep, pile_count=7)  # as the night's sleep fires it (processes.fire)
    assert alice.condition["recovery_steps"] == 0 and "next recovery draw" not in cards_rows(world, "Alice")
    assert rest_due(alice) is None  # rested: nothing more is due


# -- 8. a purchase reads as the log and the ledger say it (§Expérience L536-549; rulings C81, C95) --


def test_a_spend_says_what_it_bought_as_the_ledger_does_and_a_refusal_names_the_speciality_Experience_L538(db: str) -> None:
    # The playtester's: "Alice spends A♥ A♥ 5♦ 6♦ on speciality Contact Parade", "Alice spends
    # 9♣ 10♥ on skill Vigilance" (from which level to which?), and, for a third speciality the
    # hand could not pay, "hand cannot pay speciality 3: needs 8 cards, has 6".
    seat(db, "alice", start=None, session=False)  # Contact 9 (Épée), Vigilance 7 under Sens 6
    run(db, "cartes", "xp", "award", NAME, "Alice", "6")  # between sessions: 9 cards, dealt at the first spend
    said = run(db, "cartes", "xp", "spend", NAME, "Alice", "speciality", "contact", "--speciality", "Parade").stdout
    assert said.startswith("Alice spends ") and said.endswith(" on a speciality: Parade, the 2nd of Contact\n"), said
    refused = run(db, "cartes", "xp", "spend", NAME, "Alice", "speciality", "Contact", "--speciality", "Feinte", check=False)
    assert (refused.returncode, refused.stderr) == (
        2,
        "error: Alice's hand cannot pay a speciality: Feinte, the 3rd of Contact (needs 8 cards, has 5)\n",
    )
    ledger = run(db, "xp", "ledger", NAME).stdout
    assert "a speciality: Parade, the 2nd of Contact" in ledger


# -- 9. beyond the range scale only a sensor detects (§Échelle des portées L387-405, §Senseurs L425-427; C30) --


def test_spotting_beyond_the_range_scale_needs_a_sensor_Echelle_des_portees_L405_A26(db: str) -> None:
    # Ruling C30: at 10 000 m or more the range is 13, "undetectable without sensors"; yet
    # `spot --distance 12000` drew, and Bruno, Sens against 7, could have spotted Alice.
    seat(db, start=None)
    before = run(db, "log", NAME, "--json", "--gm").stdout
    refused = run(db, "cartes", "spot", NAME, "Alice", "Bruno", "--distance", "12000", check=False)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr == (
        "error: Bruno cannot spot Alice 12 000 m away without a sensor: beyond the range scale's last row (10 000 m), "
        "only a sensor detects (give `--sensor`)\n"
    )
    assert run(db, "log", NAME, "--json", "--gm").stdout == before  # nothing drawn, nothing dealt
    seen = run(db, "cartes", "spot", NAME, "Alice", "Bruno", "--distance", "12000", "--sensor", "2").stdout
    assert seen.startswith("Alice (Discrétion): target 21 (Discrétion 8, range +13)")
    assert "Bruno (Sens): target 9 (Sens 7, sensor +2)" in seen
    assert run(db, "cartes", "spot", NAME, "Alice", "Bruno", "--distance", "9999").stdout.startswith(
        "Alice (Discrétion): target 20 (Discrétion 8, range +12)"
    )
