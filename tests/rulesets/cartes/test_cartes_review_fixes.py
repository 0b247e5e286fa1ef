"""The Cartes commands after the QA review: a refusal is one line, exit 2, with nothing recorded;
what people read names cards and a hit's effect in the log's words; luck leaves out the tests a
hand card decided (ruling LK5). The command-line tests run the real ``chronique`` app in-process
(``support.run``) on a real journal of each backend, with real chance; the unit tests
stack the deck (tests/cartes_table.py). Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest:
shared/rules/cartes.md."""

from __future__ import annotations

import json
import re

import pytest
from cartes_cli import NAME, PARTY, cli, hand, recorded, refused, seat
from cartes_table import downtime, table
from support import run

from chronique.domain.cards import shown, shown_all
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import MINUTE
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.advancement import arrange_care
from chronique.domain.rulesets.cartes.combat import suffer_wound
from chronique.domain.rulesets.cartes.describe import effect_words, struck
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.rulesets.cartes.experience import check_payment, skill_cost
from chronique.domain.timeline import advance

# What must never reach a player: the effect codes WoundSuffered stores (§KO ou OK L354-361).
EFFECT_CODES = re.compile(r"two_malus|out_of_combat|effect: (none|angry)")
# A card as the journal stores it (9H), where people read 9♥.
CARD_CODE = re.compile(r"(?<![\w♣♦♥♠])(10|[2-9AJQK])[CDHS]\b")
# §KO ou OK L358-361 with Alice's Volonté 6 (OK 3, KO 6): the damage that gives each effect.
ALICE_EFFECTS = {3: "none", 4: "two_malus", 6: "angry", 7: "out_of_combat"}


def given(db: str, *args: str) -> str:
    """A command that sets the table or reads it back, in-process; what it printed."""
    return run(db, *args).stdout


def details(log: str) -> str:
    """The log table's Details column as one text (Rich wraps a long cell at spaces; a table piped
    is ruled in ASCII), as tests/cli/test_event_words.py reads it."""
    return " ".join(cells[5].strip() for line in log.splitlines() if len(cells := line.split("|")) > 6)


@pytest.fixture
def verdelune(db: str) -> str:
    """The reviewer's table: Alice and Bruno played, the GM's Brigand, session 1 started, cards
    not dealt yet (the session's first draw deals them, ruling C35)."""
    return seat(db, *PARTY, players=[("Alice", "Marie")])


# -- 1. --from hand: without a card (digest §3.3) ---------------------------------------------------


def test_from_hand_without_a_card_is_refused_in_one_line_digest_3_3(verdelune: str) -> None:
    db = verdelune
    given(db, "cartes", "draw", NAME, "--reason", "the first draw deals the cards")
    # §3.3: the first card may come "from the hand": which one is the player's to name.
    line = refused(db, "cartes", "test", NAME, "Alice", "Contact", "--from", "hand:")
    assert line == "error: `--from` needs a card, e.g. `--from hand:7H`"
    held = hand(db, "Alice")
    line = refused(db, "cartes", "test", NAME, "Alice", "Contact", "--from", f"hand:{held[0]},{held[1]}")
    assert line == "error: `--from` takes one card, e.g. `--from hand:7H`"
    # The resource manoeuvre's hand card (§Choix des manœuvres L279) is read the same way.
    assert refused(db, "cartes", "resource", NAME, "Alice", "--card", " ") == "error: `--card` needs a card, e.g. `--card 5H`"


# -- 2. a hit's effect in the log's words (§KO ou OK L354-361) --------------------------------------


def test_a_wound_says_its_effect_in_the_log_s_words_KO_ou_OK_L358_L361(verdelune: str) -> None:
    db = verdelune
    said = []
    for damage, effect in ALICE_EFFECTS.items():
        # Nulle wounds, so that four of them never kill Alice (Carrure 8: four Nulle holders).
        out = cli(db, "cartes", "wound", NAME, "Alice", "--damage", str(damage), "--lethality", "nulle").stdout
        assert not EFFECT_CODES.search(out), out
        assert out.strip().endswith(f"; {effect_words(effect)}"), out
        said.append(effect_words(effect))
    assert said == ["no effect on consciousness", "shaken: two malus markers", "angry: a bonus marker", "knocked out of the fight"]
    # The very words the log gives each of these wounds.
    log = details(given(db, "log", NAME))
    assert all(f"; {words}" in log for words in said), log


def test_an_attack_says_the_loser_s_effect_in_the_log_s_words_KO_ou_OK_L358_L361(verdelune: str) -> None:
    db = verdelune
    # Alice ignores the Brigand (L271: no defence draw, the attacker one level easier); a strong
    # weapon makes any success a wound. Real chance: a few attacks until one lands.
    for _ in range(12):
        out = cli(db, "cartes", "attack", NAME, "Brigand", "Alice", "--weapon-bonus", "5", "--lethality", "nulle", "--ignored").stdout
        assert not EFFECT_CODES.search(out), out
        if "takes a wound" in out:
            break
    else:
        pytest.fail("twelve attacks at Facile all failed")
    (suffered,) = [e for e in recorded(db) if e["topic"].endswith(":WoundSuffered")]
    assert out.strip().splitlines()[-1].endswith(f"; {effect_words(suffered['effect'])}"), out


@pytest.mark.parametrize(("damage", "effect"), sorted(ALICE_EFFECTS.items()))
def test_the_command_and_the_log_tell_an_effect_alike_KO_ou_OK_L358_L361(damage: int, effect: str) -> None:
    world = table()
    result = suffer_wound(world, "Alice", damage, "nulle", "an axe")
    (event,) = [e for e in world.character("Alice").pending_events if isinstance(e, ev.WoundSuffered)]
    assert event.effect == effect
    logged = ruleset("cartes").describe(event)
    told = struck("Alice", damage, result)
    assert logged.endswith(effect_words(effect)) and told.endswith(f"; {effect_words(effect)}")
    assert "_" not in told and "effect:" not in told


# -- 3. luck leaves out a test the player decided with a hand card (ruling LK5) ----------------------


def test_luck_leaves_out_a_test_whose_only_card_was_chosen_from_the_hand_LK5(verdelune: str) -> None:
    db = verdelune
    given(db, "cartes", "draw", NAME, "--reason", "the first draw deals the cards")
    held = hand(db, "Alice")
    # The reviewer's case: a face-up card that is no ♣, so a Moyenne test draws nothing else
    # (§Bonus de couleur L322): the player chose the outcome. A ♣ adds a level and a deck card,
    # but its first card was still chosen, and LK5 leaves out a test a hand card changed.
    card = next((c for c in held if not c.endswith("C")), held[0])
    cli(db, "cartes", "test", NAME, "Alice", "Intellect", "--from", f"hand:{card}")
    assert json.loads(given(db, "luck", NAME, "--json")) == {}
    # A test left to the pile still counts, at its full-deck odds.
    given(db, "cartes", "test", NAME, "Alice", "Intellect")
    assert {who: row["draws"] for who, row in json.loads(given(db, "luck", NAME, "--json")).items()} == {"Alice": 1}


def test_the_luck_hook_reads_a_hand_first_test_as_no_draw_LK5() -> None:
    # Alice is dealt 7♥ 2♠ K♦ face up, then her pile (§Distribution des cartes L86).
    world = table(["7H", "2S", "KD", "5D"])
    make_test(world, "Alice", TestRequest("Contact", source="hand", first_hand_card="7H"))
    make_test(world, "Alice", TestRequest("Contact"))  # 5♦ from the pile
    hand_first, from_pile = [e for e in world.character("Alice").pending_events if isinstance(e, ev.TestMade)]
    rules = ruleset("cartes")
    assert rules.luck(hand_first, world.campaign.settings) == []
    assert [d.success for d in rules.luck(from_pile, world.campaign.settings)] == [True]


# -- 4. experience only for a living player character (§Expérience L530-534, ruling C35) ------------


def test_no_experience_for_a_gm_character_or_the_dead_Experience_L530_ruling_C35(verdelune: str) -> None:
    db = verdelune
    line = refused(db, "cartes", "xp", "award", NAME, "Brigand", "2")
    assert line == "error: Brigand is a GM character: GM characters hold no hand and earn no experience"
    # 14 at Énorme: over 13 aggravates past Énorme, instant death (§Aggravation L452).
    assert ": dead" in given(db, "cartes", "wound", NAME, "Bruno", "--damage", "14", "--lethality", "enorme")
    assert refused(db, "cartes", "xp", "award", NAME, "Bruno", "1") == "error: Bruno is dead: the dead earn no experience"
    # A living player character still earns them; without a reason the log adds no "()".
    cli(db, "cartes", "xp", "award", NAME, "Alice", "2")
    log = details(given(db, "log", NAME))
    assert "earned 2 hand cards" in log and "()" not in log
    given(db, "cartes", "xp", "award", NAME, "Alice", "1", "--reason", "the ambush")
    assert "earned 1 hand card (the ambush)" in details(given(db, "log", NAME))


# -- 5. declared shifts that exclude each other (§Choix de l'actions L269, §Durée du tour L239) -----


@pytest.mark.parametrize(
    ("flags", "line"),
    [
        (
            ("--short-circuit", "--change-of-plan", "--counter-short-circuit"),
            "error: --short-circuit, --change-of-plan and --counter-short-circuit exclude each other: a test takes one of them",
        ),
        (
            ("--change-of-plan", "--short-circuit"),
            "error: --short-circuit and --change-of-plan exclude each other: a test takes one of them",
        ),
        (("--hurry", "--take-time"), "error: --hurry and --take-time exclude each other: a test takes one of them"),
    ],
)
def test_exclusive_shifts_are_refused_together_Choix_de_l_actions_L269_Duree_du_tour_L239(
    verdelune: str, flags: tuple[str, ...], line: str
) -> None:
    assert refused(verdelune, "cartes", "test", NAME, "Alice", "Contact", *flags) == line


@pytest.mark.parametrize(
    ("short_circuit", "shifts"),
    [
        (True, ("change-of-plan",)),
        (True, ("counter-short-circuit",)),
        (False, ("change-of-plan", "counter-short-circuit")),
        (False, ("hurry", "take-time")),
    ],
)
def test_the_rules_refuse_exclusive_shifts_whoever_asks_L269_L239(short_circuit: bool, shifts: tuple[str, ...]) -> None:
    world = table()
    with pytest.raises(RuleViolation, match="never several"):
        make_test(world, "Alice", TestRequest("Contact", short_circuit=short_circuit, shifts=shifts))
    assert not any(isinstance(e, ev.TestMade) for e in world.character("Alice").pending_events)


# -- 6. a purchase names what it raises (§Expérience L536-540) -------------------------------------


def test_a_purchase_without_its_skill_asks_for_one_Experience_L536(verdelune: str) -> None:
    db = verdelune
    line = refused(db, "cartes", "xp", "spend", NAME, "Alice", "skill")
    assert line.startswith("error: name the skill to raise") and "''" not in line
    assert refused(db, "cartes", "xp", "spend", NAME, "Alice", "characteristic").startswith("error: name the characteristic to raise")
    line = refused(db, "cartes", "xp", "spend", NAME, "Alice", "speciality", "--speciality", "Parade")
    assert line.startswith("error: name the skill the speciality is for")


# -- 7. cards and a lifted malus in the words people read --------------------------------------------


def test_cards_read_with_their_suits_as_the_sheet_and_the_log_show_them_issue_14(verdelune: str) -> None:
    db = verdelune
    out = cli(db, "cartes", "xp", "award", NAME, "Alice", "2").stdout
    held = hand(db, "Alice")  # dealt 3, then the 2 awarded
    assert out.strip() == f"Alice gains 2 hand cards: {shown_all(held[-2:])}"
    out = cli(db, "cartes", "xp", "spend", NAME, "Alice", "speciality", "Contact", "--speciality", "Parade").stdout
    (spent,) = [e for e in recorded(db) if e["topic"].endswith(":ExperienceSpent")]
    assert out.strip() == f"Alice spends {shown_all(spent['cards'])} on a speciality: Parade, the 2nd of Contact"  # ruling C95
    left = hand(db, "Alice")
    missing = next(c for c in ("KH", "QS", "JD", "10C", "9H") if c not in left)
    line = refused(db, "cartes", "test", NAME, "Alice", "Contact", "--from", f"hand:{missing}")
    assert line == f"error: Alice does not hold {shown(missing)} in hand (hand: {shown_all(left)})"
    assert not CARD_CODE.search(line), line


def test_a_retry_that_lifts_the_malus_says_it_is_gone_Medecine_L467() -> None:
    # As test_cartes_downtime's retry: Bruno's medicine K♦ fails, Alice draws 3♥ 2♠ (malus 4); ten
    # minutes later the retry's medicine 5♦ K♥ gives 3 markers and Alice's 9♥ ≥ 6 lifts the malus.
    world = table(["KD", "3H", "2S", "5D", "KH", "9H"])
    suffer_wound(world, "Alice", 6, "forte", "axe")
    arrange_care(world, "Alice", "Bruno", "adapted-kit")
    downtime(world)
    processes = ruleset("cartes").processes(world)
    accounts = [t.account for t in advance(world.campaign, processes, world.campaign.clock + 20 * MINUTE)]
    assert accounts[-1] == "Alice: the malus of wound 1 is gone; nothing left to tend, Bruno's care ends"  # ruling C108
    (retry,) = [e for e in world.character("Alice").pending_events if isinstance(e, ev.SurvivalRetried)]
    assert retry.malus == 0
    # The log and `audit show` tell it with the advance's words, never "malus now -0".
    words = ruleset("cartes").describe(retry)
    assert words.endswith("→ the malus is gone") and "-0" not in words


def test_a_card_too_low_for_a_purchase_is_named_with_its_suit_Experience_L536() -> None:
    # §Expérience L536: 4 → 5 takes one card of 5 or more; a 3♥ is too low.
    with pytest.raises(RuleViolation, match="needs cards of 5 or more, not 3♥$"):
        check_payment(skill_cost(4, 9), ["3H"], ["3H", "KS"], "Alice")
