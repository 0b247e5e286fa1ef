"""MicroFudge CECJ, fifteenth round: a roll that asks one character for several Atouts is refused
counting the Atouts they hold and all that the roll asks (ruling M129); a draw's line says when a
weapon of another era ignores the armour, or future armour cancels two of an older weapon's
successes (ruling M130); the sheet's vehicle penalty is a vehicle's damage, never a deep wound
(ruling M131); `audit show` lists a draw's cards in the order drawn (ruling M132); the upper hand
before any draw says there was none (ruling M133). Seed:
``shared/seeds/000_ddedeb0fd946e2d7.txt`` (Lnnn its lines); digest: ``shared/rules/microfudge-cecj.md``.
The command-line tests run the real app on a real journal."""

from __future__ import annotations

from pathlib import Path

import pytest
from microfudge_table import cli, log, refused, table
from support import short_ref
from test_microfudge_critical_state import scripted

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.microfudge.conflict import Side, draw, start_sequence
from chronique.domain.rulesets.microfudge.play import TestRequest, roll_test

# An average person (6 Atouts, L85-L91): Combat Faible → Moyen 2, Tir 2, Athlétisme 1; 1 kept (L107).
MIA = 'name = "Mia"\nstatus = "average"\n[ranks]\nCombat = 4\nTir = 4\n"Athlétisme" = 3\n'
JIM = 'name = "Jim"\nstatus = "hero"\n[ranks]\nTir = 3\n'
HARVEY = 'name = "Harvey"\nstatus = "hero"\n[ranks]\nCombat = 4\n'
LENA = 'name = "Lena"\nstatus = "hero"\n[ranks]\nCombat = 4\n'


def _mines(db: str, tmp_path: Path, *sheets: str) -> None:
    cli(db, "campaign", "new", "Mines", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    for i, text in enumerate(sheets):
        (tmp_path / f"{i}.toml").write_text(text, encoding="utf-8")
        cli(db, "character", "new", "Mines", "--sheet", str(tmp_path / f"{i}.toml"))
    cli(db, "session", "start", "Mines")


# -- 1. several Atouts of one character in one roll (L737-L765; ruling M129) -------------------------


def test_several_Atouts_in_one_Test_are_counted_against_all_the_roller_holds_Utilisation_creative_L737_L743_ruling_M129() -> None:
    # L737-L739: the roller pays its +1, and pays again after a counter; L743: a reroll and a changed
    # die cost 1 each. Harvey holds 3 (11 − 8 at creation) and the Test asks 4 of him. The refusal
    # once counted what the spends before had left, "Harvey has 0 experience and 0 reserve Atouts;
    # change-one-die costs 1", of a Harvey whose sheet holds 3, in the code of the use.
    harvey = {"name": "Harvey", "status": "hero", "ranks": {"Pilotage": 5, "Combat": 5, "Tir": 4}}
    world = table(0, 0, 0, 0, sheets=[{"name": "Jim", "status": "hero", "ranks": {"Tir": 3}}, harvey])
    asked = TestRequest("Pilotage", 5, atout=2, countered_by=("Jim",), reroll=True, change_die=True)
    with pytest.raises(RuleViolation) as refusal:
        roll_test(world, "Harvey", asked)
    assert str(refusal.value) == (
        "Harvey has 0 experience and 3 reserve Atouts; the +1 paid twice, a reroll and a changed die cost 4 in this roll (L737-L765)"
    )
    assert not world.character("Harvey").pending_events[1:] and not world.character("Jim").pending_events[1:]
    # One spend fewer, and he can pay them all: Pilotage Bon (5), his +1 kept, 0 0 0 0, a success.
    assert roll_test(world, "Harvey", TestRequest("Pilotage", 5, atout=2, countered_by=("Jim",), reroll=True)).success


def test_a_roll_or_a_draw_asking_more_Atouts_than_held_says_so_in_words_through_the_cli_L737_L765_ruling_M129(
    db: str, tmp_path: Path
) -> None:
    _mines(db, tmp_path, MIA, JIM)
    # Mia holds 1 Atout; her +1 and a reroll ask 2 (L737, L743), the +1 and a changed card in a draw 2.
    said = refused(db, "Mines", "microfudge", "test", "Mines", "Mia", "Tir", "--atout", "--reroll")
    assert said == "error: Mia has 0 experience and 1 reserve Atout; the +1 and a reroll cost 2 in this roll (L737-L765)"
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Jim")
    said = refused(
        db, "Mines", "microfudge", "conflict-card", "Mines", "--side", "Mia:Combat:Jim=4,atout,change=attack", "--side", "Jim:Tir:Mia=3"
    )
    assert said == "error: Mia has 0 experience and 1 reserve Atout; the +1 and a changed card cost 2 in this draw (L737-L765)"
    # With none left, one spend is named in words, never by its code ("reroll costs 1").
    cli(db, "microfudge", "atout", "spend", "Mines", "Mia", "monologue")
    said = refused(db, "Mines", "microfudge", "test", "Mines", "Mia", "Tir", "--reroll")
    assert said == "error: Mia has 0 experience and 0 reserve Atouts; a reroll costs 1 Atout"
    said = refused(db, "Mines", "microfudge", "test", "Mines", "Mia", "Tir", "--atout")
    assert said == "error: Mia has 0 experience and 0 reserve Atouts; the +1 costs 1 Atout"


# -- 2. armour against a weapon of another era (L498-L502; ruling M130) -----------------------------


def test_a_draw_knows_what_the_armour_does_to_each_attack_by_its_era_Armures_L498_L502_ruling_M130() -> None:
    # L500: "les armes du futur … ignorent les armures de l'ère moderne ou antérieure". A's future
    # weapon: 2C 4C 6C, three successes; B's modern armour 2D 4D, two, which cancel nothing of it.
    a = {"name": "A", "status": "hero", "ranks": {"Combat": 3}}
    b = {"name": "B", "status": "hero", "ranks": {"Combat": 3}}
    world = table(sheets=[a, b], stacks=[["2C", "4C", "6C", "3H", "5H", "7H", "2D", "4D"]])
    start_sequence(world, ["A", "B"])
    result = draw(world, [Side("A", "Combat", weapon_era="future"), Side("B", "Combat", armour=2)])
    assert result.sides["B"]["armour"]["successes"] == 2 and result.sides["A"]["inflicted"] == {"B": 3}
    assert result.sides["B"]["armour_against"] == {"A": ("future", 0)} and result.sides["A"]["armour_against"] == {}


def test_a_draw_s_line_says_the_armour_a_later_weapon_ignores_and_future_armour_s_double_Armures_L498_L502_ruling_M130(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # «c – Armures» L498-L502. The line showed "armour draws 2♠ 4♠", two successes, beside a
    # Décisif from three: nothing said the future weapon ignored them (L500), nor, against future
    # armour, why one success cancelled two (L502).
    _mines(db, tmp_path, JIM, HARVEY, LENA)
    scripted(monkeypatch, stacks=[["2H", "4H", "6H", "3C", "5C", "7C", "9C", "2S", "4S"], ["2H", "4H", "6H", "3C", "5C", "7C", "9C", "2S"]])
    cli(db, "microfudge", "sequence", "Mines", "Jim", "Harvey")
    said = cli(
        db,
        "microfudge",
        "conflict-card",
        "Mines",
        "--side",
        "Jim:Tir:Harvey=3,weapon-era=future",
        "--side",
        "Harvey:Combat:Jim=4,armour=medium",
    )
    assert said.splitlines()[1] == (
        "Harvey (4 cards: Combat Moyen (4)): attacks Jim with 3♣ 5♣ 7♣ 9♣; armour draws 2♠ 4♠ "
        "(Jim's future weapon ignores it, L500) — no Revers"
    )
    assert "— a Blessure grave ou mortelle on Harvey" in said.splitlines()[0]
    # L502: Lena's future armour (light, one card) cancels two of Jim's three with its one success.
    cli(db, "microfudge", "sequence", "Mines", "Jim", "Lena")
    said = cli(
        db, "microfudge", "conflict-card", "Mines", "--side", "Jim:Tir:Lena=3", "--side", "Lena:Combat:Jim=4,armour=light,armour-era=future"
    )
    assert said.splitlines()[1] == (
        "Lena (4 cards: Combat Moyen (4)): attacks Jim with 3♣ 5♣ 7♣ 9♣; armour draws 2♠ "
        "(each success cancels two of Jim's, future armour against an older weapon, L502) — no Revers"
    )
    assert said.splitlines()[0].endswith("— a Blessure on Lena")
    # The same eras (modern, unsaid) say nothing more, as before (ruling M125).
    cli(db, "microfudge", "sequence-stop", "Mines", "Jim")
    cli(db, "microfudge", "sequence", "Mines", "Jim", "Lena")
    said = cli(db, "microfudge", "conflict-card", "Mines", "--side", "Jim:Tir:Lena=3", "--side", "Lena:Combat:Jim=3,armour=light")
    assert "(Jim's" not in said and "armour draws " in said


# -- 3. the sheet's vehicle penalty is a vehicle's damage only (L341, L429; ruling M131) -----------


def test_a_deep_wound_puts_no_vehicle_penalty_on_the_sheet_of_one_with_no_vehicle_Effets_des_Revers_L341_L429_ruling_M131(
    db: str, tmp_path: Path
) -> None:
    # L341: a knife's wound weighs on every action, so on Jim's social ones too; it is no damage to a
    # vehicle (L429). Jim has none, yet his sheet read "Revers penalty: physical −2, social −2,
    # vehicle −2 (in a chase or a ram, unless the driver's own weigh more)", his own wound counted
    # as a vehicle's damage and then against itself.
    _mines(db, tmp_path, JIM, HARVEY)
    cli(db, "microfudge", "setback", "Mines", "Jim", "--severity", "2", "--healing", "weekly", "--source", "a knife")
    shown = " ".join(cli(db, "sheet", "Mines", "Jim").split())
    assert "Revers penalty: physical −2, social −2 " in shown and "vehicle −" not in shown
    # A vehicle's damage still says its own (ruling M103), beside the wound that weighs more.
    cli(db, "microfudge", "setback", "Mines", "Jim", "--severity", "1", "--domain", "vehicle", "--source", "a rockfall")
    shown = " ".join(cli(db, "sheet", "Mines", "Jim").split())
    assert "Revers penalty: physical −2, social −2, vehicle −1 (in a chase or a ram, unless the driver's own weigh more)" in shown


# -- 4. audit show lists a draw's cards in the order drawn (L311, L485-L502; ruling M132) ----------


def test_audit_show_lists_a_side_s_cards_in_the_order_drawn_attack_defence_armour_L311_Armures_L485_L502_ruling_M132(
    db: str, tmp_path: Path
) -> None:
    # L311: a side draws its attack cards, then its defence; its armour's are drawn apart, last
    # (L485-L502). The draw's record keeps its parts by name, so `audit show` listed Harvey's armour
    # cards first, then his attack, then his defence: a player checking the shuffle's positions
    # read them out of the deck's order.
    _mines(db, tmp_path, JIM, HARVEY)
    cli(db, "microfudge", "sequence", "Mines", "Jim", "Harvey")
    cli(db, "microfudge", "conflict-card", "Mines", "--side", "Jim:Tir:Harvey=3", "--side", "Harvey:Combat:Jim=2,def=2,armour=medium")
    harvey = log(db, "Mines", ":ConflictCardsDrawn")[1]
    shown = cli(db, "audit", "show", short_ref(harvey), "--gm").splitlines()
    purposes = [line.rsplit("(", 1)[1].rstrip(")") for line in shown if "drawn for Harvey" in line]
    assert purposes == ["Sequence 1 draw 1: attack on Jim"] * 2 + ["Sequence 1 draw 1: defence"] * 2 + ["Sequence 1 draw 1: armour"] * 2
    cards = [line.split(":", 1)[0].strip() for line in shown if "drawn for Harvey" in line]
    recorded = harvey["attack"]["Jim"]["cards"] + harvey["defence"]["cards"] + harvey["armour"]["cards"]
    assert cards == [c[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[c[-1]] for c in recorded]


# -- 5. the upper hand before any draw (L327-L329; ruling M133) --------------------------------------


def test_the_upper_hand_before_any_draw_says_there_was_none_Prendre_l_ascendant_L327_L329_ruling_M133(db: str, tmp_path: Path) -> None:
    # L327-L329: the upper hand forgoes the Revers a draw inflicted, once seen (ruling M16). Asked
    # for in a Sequence just opened, it was refused with "Jim inflicted no Revers in the last
    # draw", of a draw that never was; `abridge` already said "no draw yet".
    _mines(db, tmp_path, JIM, HARVEY)
    cli(db, "microfudge", "sequence", "Mines", "Jim", "Harvey")
    said = refused(db, "Mines", "microfudge", "upper-hand", "Mines", "Jim")
    assert said == "error: no draw yet: nobody may take the upper hand before a draw's Revers are seen (L327-L329)"
    assert refused(db, "Mines", "microfudge", "abridge", "Mines", "Jim") == "error: no draw yet: nobody may abridge the Sequence"
