"""Cartes rules fidelity (issue 17) through the real command line, in-process (``support.run``), on a
real SQLite file and a real PostgreSQL database, with real chance: each test reads the recorded draws
back (``log --json --gm``) and asserts what the seed (`shared/seeds/001_2934a6d80cfcba44.txt`, Lnnn)
makes of them."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

import pytest
from cartes_cli import NAME, PARTY, cli, of, seat, value
from tampering import forge

from chronique.cli.render import describe_test
from chronique.domain.rulesets.cartes.resolution import TestOutcome

NAMES = {-2: "très facile", -1: "facile", 0: "moyenne", 1: "difficile", 2: "très difficile"}
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def judged(test: dict[str, Any]) -> tuple[bool, int, int]:
    """A recorded power test judged by hand: the level asked, eased by a ♣ first card (L322) and by a
    ♦ first from the pile on a short-circuit (L324); 1 + |level| cards (L219-227); any success when
    easy, all when hard, the best or the worst kept (L215-217); ♠ +3 on power (L323). Checks the
    record agrees; returns (success, retained value, total)."""
    o = test["outcome"]
    first = o["drawn"][0]
    level = o["level_asked"] - first.endswith("C") - (bool(test["short_circuit"]) and test["source"] == "pile" and first.endswith("D"))
    assert (o["level"], len(o["drawn"])) == (level, 1 + abs(level)), o
    values = [value(c) for c in o["cards"]]
    hits = [v for v in values if v <= o["target"]]
    success = bool(hits) if level <= 0 else len(hits) == len(values)
    kept = (max(hits) if level <= 0 else min(hits)) if success else 0
    spade = success and any(c.endswith("S") and value(c) == kept for c in o["cards"])
    assert (o["success"], o["quality"]) == (success, kept), o
    return success, kept, kept + (3 if spade else 0)


@pytest.fixture
def party(db: str) -> str:
    """Verdelune with Alice, Bruno and a Brigand (a GM character), its first session open."""
    return seat(db, *PARTY)


def test_a_short_circuit_is_one_level_harder_and_the_line_says_what_was_asked_L269_L324(party: str) -> None:
    out = cli(party, "cartes", "test", NAME, "Alice", "Contact", "--short-circuit").stdout
    (test,) = of(party, "TestMade", "Alice")
    # Moyenne + 1 (short-circuit): asked Difficile; the record says so, and the cards follow from it.
    assert (test["outcome"]["level_asked"], test["short_circuit"]) == (1, True)
    judged(test)
    o = test["outcome"]
    level = f"{o['level']:+d} {NAMES[o['level']]}"
    if o["level"] != 1:  # a ♣ or a ♦ first from the pile eased it: both levels are shown
        level = f"asked +1 difficile, {SUITS[o['drawn'][0][-1]]} → {level}"
    assert out.startswith(f"Alice draws Contact: target 9, {level}: ")


def test_asked_and_drawn_levels_are_both_printed_Bonus_de_couleur_L322() -> None:
    # "Sens vs 7 at +1" was asked at +2: a ♣ first card eased it by one.
    outcome = TestOutcome(7, 2, 1, ("4C", "6H"), True, "4C", 4, 0, drawn=("4C", "6H"))
    assert describe_test(outcome).startswith("target 7, asked +2 très difficile, ♣ → +1 difficile: ")


def test_an_attack_records_its_outcome_and_whoever_loses_takes_the_net_damage_Reussites_L305_L313(party: str) -> None:
    # The Brigand is a GM character: he draws from the general deck without being told (ruling C35).
    out = cli(
        party,
        "cartes",
        "attack",
        NAME,
        "Brigand",
        "Alice",
        "--weapon-bonus",
        "2",
        "--lethality",
        "faible",
        "--defender-weapon-bonus",
        "1",
        "--defender-lethality",
        "forte",
    ).stdout
    (strike,), (parry,) = of(party, "TestMade", "Brigand"), of(party, "TestMade", "Alice")
    assert (strike["source"], parry["source"]) == ("deck", "pile")
    (settled,) = of(party, "OppositionSettled", "Brigand")
    a_ok, a_card, a_total = judged(strike)
    d_ok, d_card, d_total = judged(parry)
    pairs = settled["opposition"]["tie_breaks"]
    if a_ok and d_ok and a_total == d_total:  # A18: one card each from the general deck, higher wins
        decisive = next(p for p in pairs if value(p[0]) != value(p[1]))
        winner = "attacker" if value(decisive[0]) > value(decisive[1]) else "defender"
    else:
        assert pairs == []
        winner = None if not (a_ok or d_ok) else "attacker" if a_ok and (not d_ok or a_total > d_total) else "defender"
    # L311: both succeed, the loser's card is taken from the winner's total; L312: a failure takes it in full.
    net = 0 if winner is None else (a_total - (d_card if d_ok else 0) if winner == "attacker" else d_total - (a_card if a_ok else 0))
    net = max(0, net)
    weapon, lethality = {"attacker": (2, 1), "defender": (1, 3), None: (0, 0)}[winner]
    damage = net + weapon if net > 0 else 0
    assert (settled["opposition"]["winner"], settled["opposition"]["net"], settled["damage"]) == (winner, net, damage)
    loser = {"attacker": "Alice", "defender": "Brigand"}.get(winner or "")
    wounds = of(party, "WoundSuffered")
    if damage:
        (wound,) = wounds
        assert of(party, "WoundSuffered", loser) == [wound] and wound["damage"] == damage and wound["lethality_asked"] == lethality
        assert f"{loser} takes " in out
    else:
        assert wounds == [] and out.strip().endswith("no damage")
    cli(party, "session", "end", NAME)
    assert "OK:" in cli(party, "verify", NAME).stdout


@pytest.mark.parametrize("field", ["damage", "opposition"])
def test_a_forged_opposition_outcome_is_caught_naming_its_field_Reussites_L311(party: str, field: str) -> None:
    cli(party, "cartes", "oppose", NAME, "Alice", "Discrétion", "Bruno", "Vigilance")
    (settled,) = of(party, "OppositionSettled", "Alice")

    def change(e: dict[str, Any]) -> None:
        if field == "damage":
            e["damage"] += 5
        else:
            e["opposition"]["winner"] = "defender" if e["opposition"]["winner"] != "defender" else "attacker"

    place = forge(party, UUID(settled["originator_id"]).hex, settled["originator_version"], change)
    cli(party, "session", "end", NAME)
    out = cli(party, "verify", NAME, code=1).stdout
    assert f"FAILED at {place}: field {field}" in out, out


def test_oppose_takes_a_difficulty_per_side_Reussites_L307(party: str) -> None:
    # L307: an opposition is Moyenne "sauf décision du meneur": each side's, here Facile and Difficile.
    cli(party, "cartes", "oppose", NAME, "Alice", "Discrétion", "Bruno", "Vigilance", "-d", "facile", "--second-difficulty", "difficile")
    (sneak,), (watch,) = of(party, "TestMade", "Alice"), of(party, "TestMade", "Bruno")
    assert (sneak["outcome"]["level_asked"], watch["outcome"]["level_asked"]) == (-1, 1)
    judged(sneak), judged(watch)


def test_out_of_combat_cannot_act_and_takes_the_attack_in_full_KO_ou_OK_L361_L312(party: str) -> None:
    # Alice's Volonté is 6 (KO 6): 8 puts her out of combat (L361).
    cli(party, "cartes", "wound", NAME, "Alice", "--damage", "8", "--lethality", "nulle")
    refused = cli(party, "cartes", "test", NAME, "Alice", "Contact", code=2)
    assert "out of combat" in refused.stderr and len(refused.stderr.strip().splitlines()) == 1
    out = cli(party, "cartes", "attack", NAME, "Brigand", "Alice").stdout
    assert "Alice is out of combat and cannot draw" in out
    assert of(party, "TestMade", "Alice") == []
    (strike,) = of(party, "TestMade", "Brigand")
    (settled,) = of(party, "OppositionSettled", "Brigand")
    ok, _, total = judged(strike)
    # L312: "dans toute sa puissance": no parry card is taken off.
    assert settled["opponent_stance"] == "out of combat"
    assert (settled["opposition"]["winner"], settled["opposition"]["net"]) == (("attacker", total) if ok else (None, 0))


def test_gm_characters_spot_and_attack_without_naming_a_source_ruling_C35(party: str) -> None:
    cli(party, "cartes", "spot", NAME, "Alice", "Brigand", "--distance", "30")
    (watch,) = of(party, "TestMade", "Brigand")
    # No Vigilance skill: Sens one level harder (§Sens ou vigilance ? L411), from the general deck.
    assert (watch["source"], watch["skill"], watch["outcome"]["level_asked"]) == ("deck", "Sens", 1)
    judged(watch)
    refused = cli(party, "cartes", "test", NAME, "Brigand", "Contact", "--from", "pile", code=2)
    assert "GM character" in refused.stderr and "recovery" not in refused.stderr


@pytest.mark.parametrize(
    ("flag", "asked", "short_circuit"),
    [("--change-of-plan", 1, True), ("--counter-short-circuit", 2, True), ("--hurry", 1, False), ("--take-time", -1, False)],
)
def test_a_change_of_plan_topping_a_short_circuit_hurrying_and_taking_time_shift_the_level_L239_L269_L324(
    party: str, flag: str, asked: int, short_circuit: bool
) -> None:
    # L269: a change of plan costs what a short-circuit does (+1), topping one two levels; L324: a ♦
    # first from the pile cancels one of them; §Durée du tour L239 (ruling C8): hurrying +1, taking
    # one's time −1, which no ♦ cancels.
    cli(party, "cartes", "test", NAME, "Alice", "Contact", flag)
    (test,) = of(party, "TestMade", "Alice")
    assert (test["outcome"]["level_asked"], test["short_circuit"], test["source"]) == (asked, short_circuit, "pile")
    judged(test)


def test_an_ignored_attack_is_drawn_one_level_easier_and_lands_in_full_Choix_de_l_actions_L271(party: str) -> None:
    out = cli(party, "cartes", "attack", NAME, "Brigand", "Alice", "--weapon-bonus", "1", "--ignored").stdout
    # L271: Alice ignores it and draws nothing; the Brigand draws Facile (Moyenne −1) and, having
    # no parry to beat, wins at full power (L312): his total, + his weapon's 1.
    assert of(party, "TestMade", "Alice") == [] and "Alice ignores it and does not draw" in out
    (strike,) = of(party, "TestMade", "Brigand")
    (settled,) = of(party, "OppositionSettled", "Brigand")
    assert strike["outcome"]["level_asked"] == -1 and settled["opponent_stance"] == "ignores"
    ok, _, total = judged(strike)
    assert (settled["opposition"]["winner"], settled["opposition"]["net"], settled["damage"]) == (
        ("attacker", total, total + 1) if ok else (None, 0, 0)
    )
    assert [w["damage"] for w in of(party, "WoundSuffered", "Alice")] == ([total + 1] if ok else [])


def test_a_second_knock_out_keeps_the_larger_waking_malus_and_the_draw_is_read_back_Tirage_de_conscience_L373(party: str) -> None:
    # Alice's KO is 6 (Volonté 6, L361): knocked out by 9, then hit for 7 while out. The malus on
    # coming to stays the larger, 9 (it used to be replaced by the 7).
    cli(party, "cartes", "wound", NAME, "Alice", "--damage", "9", "--lethality", "nulle")
    cli(party, "cartes", "wound", NAME, "Alice", "--damage", "7", "--lethality", "nulle")
    held = json.loads(cli(party, "sheet", NAME, "Alice", "--json").stdout)["condition"]
    assert (held["out_of_combat"], held["ko_damage"]) == (True, 9)
    cli(party, "cartes", "conscious", NAME, "Alice")
    (checked,) = of(party, "ConsciousnessChecked", "Alice")
    # A17: Moyenne Volonté 6 from the general deck, a ♣ first easing it (L322); judged as a test.
    success, _, _ = judged({"outcome": checked["outcome"], "short_circuit": False, "source": "deck"})
    assert (checked["regained"], checked["malus"]) == (success, 9 if success else 0)


def test_the_face_down_pile_is_counted_for_players_and_named_only_to_the_gm_FAIRNESS_v2(party: str) -> None:
    cli(party, "cartes", "test", NAME, "Alice", "Contact")
    (test,) = of(party, "TestMade", "Alice")
    (dealt,) = of(party, "CardsDealt", "Alice")
    # The first draw dealt her 7-card pile (L84-L90); its first card went to the test, the other
    # six stay (two packs: another copy of that card may be among them).
    assert len(dealt["pile"]) == 7 and test["from_pile"] == dealt["pile"][:1]
    gm = json.loads(cli(party, "sheet", NAME, "Alice", "--gm", "--json").stdout)["condition"]["pile"]
    assert gm == dealt["pile"][1:]
    players, told = cli(party, "sheet", NAME, "Alice").stdout, cli(party, "sheet", NAME, "Alice", "--gm").stdout
    pile = {line.strip() for line in players.splitlines() if line.strip().startswith("pile:")}
    assert pile == {"pile: 6 cards face down (at most 7)"}
    (named,) = [line for line in told.splitlines() if line.strip().startswith("pile:")]
    assert all(f"{c[:-1]}{SUITS[c[-1]]}" in named for c in gm)


def test_a_suit_bonus_says_which_suit_and_manoeuvre_gave_it_Bonus_de_couleur_L321_L323() -> None:
    # §Bonus de couleur: ♠ adds 3 to a power manoeuvre's success, ♥ to a resource one's; the
    # command's line said "quality 2 +3" and the log only "quality 2".
    from chronique.domain.rulesets.cartes.describe import quality

    spade = TestOutcome(8, -1, -1, ("2S", "10H"), True, "2S", 2, 3, drawn=("2S", "10H"))
    assert describe_test(spade) == "target 8, -1 facile: 2♠ 10♥ → success, quality 2 +3 (♠ on a power manoeuvre)"
    heart = TestOutcome(9, 0, 0, ("5H",), True, "5H", 5, 3, manoeuvre="resource", drawn=("5H",))
    assert quality(heart.to_dict()) == "quality 5 +3 (♥ on a resource manoeuvre)"
    plain = TestOutcome(9, 0, 0, ("5C",), True, "5C", 5, 0, drawn=("5C",))
    assert describe_test(plain) == "target 9, +0 moyenne: 5♣ → success, quality 5"


def test_each_side_of_an_opposition_says_what_it_drew_on_Vigilance_et_discretion(party: str) -> None:
    # §Vigilance et discrétion: Discrétion against Vigilance when the watcher is alert and trained,
    # else Sens one level harder; the lines said only "Bruno: target 6, +1 difficile".
    hidden = cli(party, "cartes", "spot", NAME, "Alice", "Bruno", "--distance", "30").stdout.splitlines()
    assert hidden[0].startswith("Alice (Discrétion): target ") and hidden[1].startswith("Bruno (Sens): target ")
    alert = cli(party, "cartes", "spot", NAME, "Alice", "Bruno", "--distance", "30", "--alert").stdout.splitlines()
    assert alert[1].startswith("Bruno (Vigilance): target ")
    opposed = cli(party, "cartes", "oppose", NAME, "Alice", "Contact", "Bruno", "Vigilance").stdout.splitlines()
    assert opposed[0].startswith("Alice (Contact): target ") and opposed[1].startswith("Bruno (Vigilance): target ")


def test_a_target_moved_from_the_sheet_says_by_what_in_the_log_and_the_audit_s3_4(party: str) -> None:
    # Digest §3.4: the target is the skill's level, plus a speciality and the GM's modifier, moved by
    # markers and the wound malus. Alice's Contact 9 with the GM's +2 is 11: the log says what made
    # it, and `audit show` lists the same terms in the same words (it printed the recorded keys,
    # sorted: "sheet +9, situational +2").
    cli(party, "cartes", "test", NAME, "Alice", "Contact", "--modifier", "2")
    (test,) = of(party, "TestMade", "Alice")
    assert (test["target"], test["basis"]["sheet"], test["basis"]["situational"]) == (11, 9, 2)
    entry = next(line for line in cli(party, "log", NAME).stdout.splitlines() if "test made" in line)
    assert "Contact against 11 (Contact 9, modifier +2) at " in entry  # at +0, or -1 after a ♣ (L322)
    ref = f"{UUID(test['originator_id']).hex[:8]}:{test['originator_version']}"
    explained = cli(party, "audit", "show", ref).stdout
    moment = f"Alice's sheet as it stood when event {ref.split(':')[0]}:{test['sheet_version']} was recorded"  # ruling EB28
    assert f"target 11 for Contact = Contact 9, modifier +2 ({moment})\n" in explained
    # A target the sheet alone gave reads as before, with no terms (its level may differ from the
    # one asked: a ♣ first card eases it, L322).
    cli(party, "cartes", "test", NAME, "Bruno", "Médecine")
    assert "Médecine against 9 at " in cli(party, "log", NAME, "--character", "Bruno").stdout


def test_the_tables_line_says_what_moved_a_target_as_the_log_does_s3_4(party: str) -> None:
    # Digest §3.4 (skill level, speciality, the GM's modifier, markers, wound malus): the log said
    # "Contact against 11 (Contact 9, modifier +2)", the command's own line only "target 11"; and
    # the line named the skill as typed ("contact") where the log names it by the sheet.
    out = cli(party, "cartes", "test", NAME, "Alice", "contact", "--modifier", "2").stdout
    assert out.startswith("Alice draws Contact: target 11 (Contact 9, modifier +2), ")
    # Bruno's Chirurgie is a speciality of his Médecine 9: +4 (§3.4, ruling on specialities).
    out = cli(party, "cartes", "test", NAME, "Bruno", "Médecine", "--speciality", "Chirurgie").stdout
    assert out.startswith("Bruno draws Médecine: target 13 (Médecine 9, speciality +4), ")
    # Each side of an opposition with its own terms; a side the sheet alone gave has none.
    lines = cli(party, "cartes", "oppose", NAME, "Alice", "discrétion", "Bruno", "Vigilance", "--first-modifier", "1").stdout
    first, second = lines.splitlines()[:2]
    assert first.startswith("Alice (Discrétion): target 9 (Discrétion 8, modifier +1), ")
    assert second.startswith("Bruno (Vigilance): target 8, ")
    # §Vigilance et discrétion L417: 30 m is the sneak's range bonus of +2, said as the range.
    spotted = cli(party, "cartes", "spot", NAME, "Alice", "Bruno", "--distance", "30").stdout.splitlines()
    assert spotted[0].startswith("Alice (Discrétion): target 10 (Discrétion 8, range +2), ")
    # L271: a defender who ignores the attack makes no draw, and her line says so.
    ignored = cli(party, "cartes", "attack", NAME, "Brigand", "Alice", "--ignored").stdout.splitlines()
    assert ignored[0].startswith("Brigand (Contact): target 9, ") and ignored[1] == "Alice ignores it and does not draw"
    # Every line above says what the log says of the same test.
    logged = [line for line in cli(party, "log", NAME).stdout.splitlines() if "test made" in line]
    assert any("Contact against 11 (Contact 9, modifier +2) at " in line for line in logged)
    assert any("Discrétion against 10 (Discrétion 8, range +2) at " in line for line in logged)
