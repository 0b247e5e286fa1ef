"""The QA review of MicroFudge (review-mf): each defect pinned against the digest
(``shared/rules/microfudge-cecj.md``) and the seed (``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn
its lines), on tables in memory with scripted dice and stacked cards."""

from __future__ import annotations

import pytest
from microfudge_table import table

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.conflict import Side, draw, start_sequence
from chronique.domain.rulesets.microfudge.draws import MOST_INFLICTED, Declared, Lineup, played, resolve_draw
from chronique.domain.rulesets.microfudge.play import TestRequest, roll_test
from chronique.domain.rulesets.microfudge.rules import parse_difficulty
from chronique.domain.rulesets.microfudge.sheet import characteristic

HARVEY = {"name": "Harvey", "status": "hero", "ranks": {"Combat": 3}}
ZARA = {"name": "Zara", "status": "expert", "ranks": {"Esprit": 5}}
GHOUL = {"name": "Ghoul1", "npc": True, "status": "average", "out_after": 1, "ranks": {"Combat": 3}}
LISA = {"name": "Lisa", "status": "hero", "ranks": {"Tir": 5, "Discrétion": 4}}


# -- 1, 2. A difficulty is a rung of the §1.3 ladder, sign and all («Degrés de difficulté» L255-L267) --


@pytest.mark.parametrize("written", ["-7", "-8", "-1", "9", "1000000", "+9"])
def test_a_difficulty_off_the_ladder_is_refused_with_its_sign_Degres_de_difficulte_L255_L267_L906_L917(written: str) -> None:
    with pytest.raises(RuleViolation, match=f"difficulty {written.replace('+', '[+]')} is off the ladder"):
        parse_difficulty(written)


def test_the_ladder_runs_from_abyssal_to_impossible_Difficultes_et_valeurs_L906_L917() -> None:
    assert [parse_difficulty(str(n)) for n in range(9)] == list(range(9))
    assert parse_difficulty("+8") == 8 and parse_difficulty("impossible") == 8 and parse_difficulty("abyssal") == 0


def test_a_Test_against_a_rank_off_the_ladder_records_nothing_L255_L267() -> None:
    world = table(sheets=[LISA])
    for required in (-8, 9):
        with pytest.raises(RuleViolation, match="off the ladder"):
            roll_test(world, "Lisa", TestRequest("Discrétion", required, hazardous=True))
    assert world.character("Lisa").pending_events[1:] == []  # only its creation


# -- 3. Three sides: the Décisif's scorer that inflicted more wins (§3.4 L313, §3.6 L321, M33) ----


def _three_sides(*cards: str):  # type: ignore[no-untyped-def]
    world = table(sheets=[HARVEY, ZARA, GHOUL], stacks=[list(cards)])
    start_sequence(world, ["Harvey", "Zara", "Ghoul1"], goal="drive the ghoul off")
    return world


def test_two_scorers_of_a_Decisif_the_one_that_inflicted_more_wins_L313_L321_L453() -> None:
    # Harvey: Combat 3 + massive (+3) = 6 cards on Ghoul1: 2 4 6 3 5 7, three successes (a Décisif).
    # Zara: Combat 2 + 4 = 6 cards on Ghoul1: 2 3 5 7 9 A, one success: a Revers, which takes out an
    # NPC with out_after = 1 (L453, ruling M33). Ghoul1: three defence cards 3 5 7, no success.
    world = _three_sides("2C", "4C", "6C", "3C", "5C", "7C", "2D", "3D", "5D", "7D", "9D", "AD", "3H", "5H", "7H")
    result = draw(
        world,
        [
            Side("Harvey", "Combat", attack={"Ghoul1": 6}, modifiers={"weapon": 3}),
            Side("Zara", "Combat", attack={"Ghoul1": 6}, modifiers={"mod": 4}),
            Side("Ghoul1", "Combat", attack={"Harvey": 0}, defence=3),
        ],
    )
    assert result.sides["Harvey"]["inflicted"] == {"Ghoul1": 3} and result.sides["Zara"]["inflicted"] == {"Ghoul1": 1}
    # L321: unless both inflicted as much, the side that inflicted more wins the draw; L313: the
    # Décisif ends the Sequence and its winner achieves its goal.
    assert result.ended and result.winner == "Harvey"
    assert [result.sides[n]["outcome"] for n in ("Harvey", "Zara", "Ghoul1")] == ["won", "lost", "decisive"]
    (ended,) = [e for e in world.character("Zara").pending_events if isinstance(e, ev.SequenceEnded)]
    assert (ended.winner, ended.how) == ("Harvey", "decisive")


def test_two_scorers_that_inflicted_as_much_tie_L321() -> None:
    # Both draw three successes on Ghoul1: a Décisif each, as many Revers: nobody wins the draw (L321).
    world = _three_sides("2C", "4C", "6C", "3C", "5C", "7C", "2D", "4D", "6D", "3D", "5D", "7D", "3H", "5H", "7H")
    sides = [
        Side("Harvey", "Combat", attack={"Ghoul1": 6}, modifiers={"weapon": 3}),
        Side("Zara", "Combat", attack={"Ghoul1": 6}, modifiers={"mod": 4}),
        Side("Ghoul1", "Combat", attack={"Harvey": 0}, defence=3),
    ]
    result = draw(world, sides)
    assert result.ended and result.winner is None


def test_a_scorer_taken_out_itself_loses_and_the_other_scorer_wins_L313_L315() -> None:
    # Harvey takes Ghoul1 out with a Décisif; Ghoul1 takes Zara out with one (Zara is not an NPC:
    # 3 successes); Zara inflicts nothing. Harvey alone scored a Décisif and took none: it wins.
    world = table(sheets=[HARVEY, ZARA, GHOUL], stacks=[["2C", "4C", "6C", "3D", "5D", "2H", "4H", "6H"]])
    start_sequence(world, ["Harvey", "Zara", "Ghoul1"])
    result = draw(
        world,
        [
            Side("Harvey", "Combat", attack={"Ghoul1": 3}),
            Side("Zara", "Combat", attack={"Ghoul1": 2}),
            Side("Ghoul1", "Combat", attack={"Zara": 3}),
        ],
    )
    assert result.sides["Ghoul1"]["inflicted"] == {"Zara": 3} and result.ended and result.winner == "Harvey"


def test_draws_recorded_before_the_rule_keep_their_own_rule_for_the_verifier_L313_L321() -> None:
    # The verifier re-derives each draw from its recorded declaration (``Declared.from_dict``): a
    # declaration recorded before ruling M42 names no rule and is judged as it was recorded then.
    lineup = Lineup(("H", "Z", "G"), {"H": "H", "Z": "Z", "G": "G"}, False)
    cards = {
        "H": played([("G", ["2C", "4C", "6C"])], [], {}, [], "modern", ""),
        "Z": played([("G", ["2D", "3D"])], [], {}, [], "modern", ""),
        "G": played([], ["3H"], {}, [], "modern", ""),
    }
    old = {"targets": [], "manoeuvre": "fight", "weapon_era": "modern", "vehicle_era": "modern", "size": "small"}
    old |= {"upper_hand": False, "out_of_range": False, "suppress": False, "change": ""}
    recorded_then = {n: Declared.from_dict({**old, "targets": list(cards[n].attack)}) for n in cards}
    now = {n: Declared.from_dict({**d.to_dict()}) for n, d in recorded_then.items()}
    now = {n: Declared.from_dict({**d.to_dict(), "winner_rule": MOST_INFLICTED}) for n, d in now.items()}
    banked, out = {n: 0 for n in cards}, {"H": 3, "Z": 3, "G": 1}
    assert resolve_draw(list(cards), lineup, cards, recorded_then, banked, out).winner is None
    assert resolve_draw(list(cards), lineup, cards, now, banked, out).winner == "H"


# -- 9. A name a letter away from one on the sheet is a typo, not an unlisted field (L219, M9) ----


def test_a_typo_of_a_characteristic_is_refused_and_a_far_name_stays_Faible_L219_M9() -> None:
    world = table(sheets=[LISA])
    sheet = world.character("Lisa").sheet
    with pytest.raises(RuleViolation, match=r"did you mean Tir\?"):
        characteristic(sheet, "Tri")
    with pytest.raises(RuleViolation, match=r"did you mean Discrétion\?"):
        roll_test(world, "Lisa", TestRequest("Discretoin", 3))
    assert characteristic(sheet, "tir") == ("Tir", 5, "field")  # case and accents are no typo
    assert characteristic(sheet, "Psychologie") == ("Psychologie", 2, "field")  # M9: unlisted is Faible
    assert characteristic(sheet, "Conduite") == ("Pilotage", 2, "field")  # A21's alias, not a typo
