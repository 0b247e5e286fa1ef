"""MicroFudge CECJ, fourteenth round: first aid is a Test on which Atouts act as on any Test (ruling
M124); a draw's line shows every defence card and the armour's (ruling M125); first aid may roll the
field of the Narrator's own list that serves (ruling M126); a Sequence left open at a session's end
waits for the next session (ruling M127). Seed: ``shared/seeds/000_ddedeb0fd946e2d7.txt`` (Lnnn its lines); digest:
``shared/rules/microfudge-cecj.md``. The command-line tests run the real app on a real journal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from microfudge_table import cli, end_session, log, refused, table
from test_mf_dice_account import parts, recorded

from chronique.domain.errors import RuleViolation
from chronique.domain.rederivation import Table, check
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.conflict import Side, abridge, draw, start_sequence, take_upper_hand
from chronique.domain.rulesets.microfudge.odds import draws
from chronique.domain.rulesets.microfudge.play import TestAtouts, first_aid, suffer
from chronique.domain.rulesets.microfudge.verification import RULES

FIRST_AID = "chronique.domain.rulesets.microfudge.events:FirstAidGiven"

JIM = 'name = "Jim"\nstatus = "hero"\n[defaults]\n"Médecine" = 2\n[ranks]\n"Médecine" = 4\nTir = 3\n'
HARVEY = 'name = "Harvey"\nstatus = "hero"\n[ranks]\nPilotage = 5\nCombat = 4\n'
LENA = 'name = "Lena"\nstatus = "hero"\n[ranks]\nCombat = 4\nSecourisme = 4\n'
HARVEY_RAW = {"name": "Harvey", "status": "hero", "ranks": {"Pilotage": 5, "Combat": 4}}
LENA_RAW = {"name": "Lena", "status": "hero", "ranks": {"Combat": 4}}


def _events(world, name, kind):  # type: ignore[no-untyped-def]
    return [e for e in world.character(name).pending_events if isinstance(e, kind)]


def _mines(db: str, tmp_path: Path) -> None:
    cli(db, "campaign", "new", "Mines", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    for i, text in enumerate((JIM, HARVEY, LENA)):
        (tmp_path / f"{i}.toml").write_text(text, encoding="utf-8")
        cli(db, "character", "new", "Mines", "--sheet", str(tmp_path / f"{i}.toml"))
    cli(db, "session", "start", "Mines")


# -- 1. Atouts act on first aid's Médecine Test (L737-L765; ruling M124) ----------------------------


def test_an_atout_and_a_helper_raise_first_aid_as_any_Test_Utilisation_creative_L737_L761_Premiers_soins_L359_ruling_M124() -> None:
    # L737: an Atout raises "temporairement une Aptitude ou un Champ d'expertise de 1 Rang", L761
    # two Atouts give another "+1 Rang" for "un lancer de dés": first aid is a Médecine Test (L359).
    # Jim's Médecine Moyen (4) and four blank dice fall short of Très difficile (6) on Harvey's
    # mortal wound; with his own +1 and Lena's help they reach it and save Harvey's life. There was
    # no way to spend them: `first-aid` took no Atout and `atout spend temporary-bonus` was refused.
    world = table(0, 0, 0, 0, sheets=[{"name": "Jim", "status": "hero", "ranks": {"Médecine": 4}}, HARVEY_RAW, LENA_RAW])
    suffer(world, "Harvey", 3, "physical", "weekly", "a rifle")
    before = {n: dict(world.character(n).condition["atouts"]) for n in ("Jim", "Lena")}
    assert first_aid(world, "Harvey", "Jim", 1, atouts=TestAtouts(atout=1, helpers=("Lena",)))
    (given,) = _events(world, "Harvey", ev.FirstAidGiven)
    assert given.test["modifiers"] == {"atout": 1, "help": 1} and given.test["final"] == 6
    assert not world.character("Harvey").condition["critical"]
    assert world.character("Jim").condition["atouts"]["reserve"] == before["Jim"]["reserve"] - 1
    assert world.character("Lena").condition["atouts"]["reserve"] == before["Lena"]["reserve"] - 2
    (own,) = _events(world, "Jim", ev.AtoutPlayed)
    (helped,) = _events(world, "Lena", ev.AtoutPlayed)
    assert (own.use, helped.use, helped.beneficiary) == ("temporary-bonus", "help", "Jim")
    assert own.roll == "Médecine Test (first aid on Harvey's Revers 1)"


def test_a_reroll_and_a_changed_die_act_on_first_aid_as_on_a_Test_Utilisation_creative_L743_ruling_M124() -> None:
    # L743: an Atout "relancer les dés Fudge … pendant un Test", another "changer le résultat de
    # l'un des dés". Jim's first roll (four minuses) fails Difficile (5) on a Blessure sérieuse; the
    # reroll's dice (+ 0 0 −) give Moyen (4), still short; the changed die turns the − into a +:
    # Excellent (6). Both rolls count for luck, the changed die is Jim's choice (ruling LK5).
    world = table(-1, -1, -1, -1, 1, 0, 0, -1, sheets=[{"name": "Jim", "status": "hero", "ranks": {"Médecine": 4}}, HARVEY_RAW])
    suffer(world, "Harvey", 2, "physical", "weekly", "a knife")
    assert first_aid(world, "Harvey", "Jim", 1, atouts=TestAtouts(reroll=True, change_die=True))
    (given,) = _events(world, "Harvey", ev.FirstAidGiven)
    assert given.test["voided"] == [-1, -1, -1, -1] and given.test["dice"] == [1, 0, 0, -1]
    assert given.test["modifiers"] == {"change-die": 2} and given.test["final"] == 6
    assert [e.use for e in _events(world, "Jim", ev.AtoutPlayed)] == ["reroll", "change-one-die"]
    assert [d.success for d in draws(given)] == [False, False]


def test_the_verifier_re_derives_first_aid_s_reroll_and_changed_die_L743_ruling_M124() -> None:
    # FAIRNESS.md v2: the players re-derive first aid from what it records: the voided dice, the
    # reroll's four new ones (named as a Test's are, L743) and the changed die; a final rank the
    # dice do not give is caught.
    world = table(-1, -1, -1, -1, 1, 0, 0, -1, sheets=[{"name": "Jim", "status": "hero", "ranks": {"Médecine": 4}}, HARVEY_RAW])
    suffer(world, "Harvey", 2, "physical", "weekly", "a knife")
    first_aid(world, "Harvey", "Jim", 1, atouts=TestAtouts(reroll=True, change_die=True))
    (event,) = recorded(world, "FirstAidGiven")
    assert check(RULES.rederive[FIRST_AID], event, Table()) is None
    assert (
        parts(event)
        == ["Jim's four dice of first aid, on Médecine (L359)"] * 4 + ["the reroll's four new dice, bought with an Atout (L743)"] * 4
    )
    lying = dict(event, test=dict(event["test"], final=7))
    assert check(RULES.rederive[FIRST_AID], lying, Table()) == "field test: at final, records 7, the rules give 6"


def test_first_aid_recorded_before_version_3_reads_without_atouts_ruling_M124() -> None:
    # A first aid stored before Atouts could act on it kept no modifiers, reroll nor voided dice:
    # it is read as rolled bare, and its verification and words are unchanged.
    state = {"test": {"characteristic": "Médecine", "rank": 4, "penalty": 0, "quality": 0, "dice": [1, 1, 0, 0]}}
    state["test"] |= {"final": 6, "required": 5}
    ev.FirstAidGiven.upcast_stored(state)
    assert state["test"]["modifiers"] == {} and state["test"]["reroll"] is False and state["test"]["voided"] == []
    assert ev.FirstAidGiven.class_version == 3


def test_a_reroll_declared_on_first_aid_that_succeeds_is_not_paid_L743_ruling_M124() -> None:
    # L743: the reroll serves a failed roll; Jim's first roll (+ + 0 0) reaches Moyenne (4).
    world = table(1, 1, 0, 0, sheets=[{"name": "Jim", "status": "hero", "ranks": {"Médecine": 4}}, HARVEY_RAW])
    suffer(world, "Harvey", 1, "physical", "daily", "a fist")
    held = dict(world.character("Jim").condition["atouts"])
    assert first_aid(world, "Harvey", "Jim", 1, atouts=TestAtouts(reroll=True))
    assert _events(world, "Jim", ev.AtoutPlayed) == [] and world.character("Jim").condition["atouts"] == held


def test_first_aid_with_atouts_through_the_cli_says_them_and_verifies_L737_L761_ruling_M124(db: str, tmp_path: Path) -> None:
    # The command's line adds the Atout and the help to the Médecine rank, as a Test's line does,
    # and says each Atout played, as the log does; `verify` re-derives the Test from its record.
    _mines(db, tmp_path)
    cli(db, "microfudge", "setback", "Mines", "Harvey", "--severity", "3", "--healing", "weekly", "--source", "a rifle")
    said = cli(db, "microfudge", "first-aid", "Mines", "Harvey", "--healer", "Jim", "--setback", "1", "--atout", "--helper", "Lena")
    lines = said.splitlines()
    assert re.fullmatch(
        r"Jim tends Harvey's Revers 1: Médecine Moyen \(4\) \(Atout \+1, help \+1\): "
        r"\[[−0+ ]{7}\] final .+ against Très difficile \(6\): .+",
        lines[0],
    ), lines[0]
    assert lines[1:] == [
        "Jim played 1 Atout of creation reserve on the Médecine Test (first aid on Harvey's Revers 1) for a +1 to their own roll",
        "Lena played 2 Atouts of creation reserve on the Médecine Test (first aid on Harvey's Revers 1) to help another's roll (Jim's)",
    ]
    (given,) = log(db, "Mines", "FirstAidGiven")
    assert given["test"]["modifiers"] == {"atout": 1, "help": 1}
    assert [e["use"] for e in log(db, "Mines", "AtoutPlayed")] == ["temporary-bonus", "help"]
    cli(db, "session", "end", "Mines")
    assert cli(db, "verify", "Mines").startswith("Mines: OK: 28 events checked (0 still face down), 4 dice re-derived")


def test_a_healer_tending_their_own_wound_reads_their_own_Premiers_soins_L359(db: str, tmp_path: Path) -> None:
    # "Jim tends Jim's Revers 1" read as if two Jims were at the table.
    _mines(db, tmp_path)
    cli(db, "microfudge", "setback", "Mines", "Jim", "--severity", "1", "--source", "a fist")
    said = cli(db, "microfudge", "first-aid", "Mines", "Jim", "--healer", "Jim", "--setback", "1")
    assert said.startswith("Jim tends their own Revers 1: Médecine Moyen (4) (Revers −1): "), said


# -- 2. a draw's line shows every defence card and the armour's (L365-L369, L485-L502; M125) --------

CARD = r"(?:10|[2-9A])[♠♥♦♣]"


def test_a_draw_s_line_names_the_cover_and_range_cards_and_shows_the_armour_s_Armures_L485_L502_Combat_a_distance_L365_L369_ruling_M125(
    db: str, tmp_path: Path
) -> None:
    # «c – Armures» L485-L502: armour adds defence cards, drawn apart (its own deck, L331); «Combat
    # à distance» L365-L369: range and cover give the target defence cards. Harvey (2 cards) once
    # "defended with" three cards and his armour's two were nowhere on the line, so a success of
    # Jim's the armour cancelled read as lost for no reason.
    _mines(db, tmp_path)
    # A safe Sequence (L319), so no Revers of the first draw takes a card off the second; Jim
    # attacks with two cards only, so no Décisif ends it before the second.
    cli(db, "microfudge", "sequence", "Mines", "Jim", "Harvey", "--safe")
    jim_side = ("--side", "Jim:Tir:Harvey=2,def=2,weapon=medium")
    # Shot at from 3 m (Bout portant, 2 range cards): a cover gives defence cards to the target of a
    # shot only; in a fight it takes cards off the attacker (L425, ruling M153).
    harvey_side = "Harvey:Combat:def=4,armour=medium,cover=1,range=pistol@3"
    said = cli(db, "microfudge", "conflict-card", "Mines", *jim_side, "--side", harvey_side).splitlines()
    assert re.fullmatch(
        rf"Harvey \(4 cards: Combat Moyen \(4\)\): attacks no one; defends with (?:{CARD} ){{6}}{CARD} \(cover \+1, range \+2\); "
        rf"armour draws {CARD} {CARD} — .+",
        said[1],
    ), said[1]
    (_, harvey) = log(db, "Mines", "ConflictCardsDrawn")
    assert len(harvey["defence"]["cards"]) == 7 and len(harvey["armour"]["cards"]) == 2
    assert said[1].split("defends with ")[1].startswith(" ".join(_card(c) for c in harvey["defence"]["cards"]))
    said = cli(db, "microfudge", "conflict-card", "Mines", *jim_side, "--side", "Harvey:Combat:Jim=4,range=pistol@30")
    # L369: a pistol at 30 m is Longue, five defence cards for the target, who keeps all four of its
    # own for the attack: it defends with the range's cards alone.
    assert re.fullmatch(
        rf"Harvey \(4 cards: Combat Moyen \(4\)\): attacks Jim with (?:{CARD} ){{3}}{CARD}; "
        rf"defends with (?:{CARD} ){{4}}{CARD} \(range \+5\) — .+",
        said.splitlines()[1],
    ), said


def _card(code: str) -> str:
    """A recorded card ("10H", "AS") as the line prints it ("10♥", "A♠")."""
    return code[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[code[-1]]


# -- 3. first aid may roll the Narrator's own field (L359; ruling M126) ------------------------------


def test_first_aid_rolls_the_field_of_the_Narrator_s_own_list_that_serves_Premiers_soins_L359_ruling_M126() -> None:
    # L359: "un Test de Médecine (ou tout autre Champ d'Expertise approprié lorsque le Narrateur a
    # créé sa propre liste de Champs)". Ann's list has Secourisme Bon (5) and no Médecine (Faible
    # here, Lamentable by the example list): + 0 0 0 reaches Très difficile (6) on Secourisme; the
    # Test always rolled Médecine, Lamentable (1) + 1 = 2, a failure.
    ann = {"name": "Ann", "status": "hero", "ranks": {"Secourisme": 5}}
    world = table(1, 0, 0, 0, sheets=[ann, HARVEY_RAW])
    suffer(world, "Harvey", 3, "physical", "weekly", "a rifle")
    assert first_aid(world, "Harvey", "Ann", 1, field="secourisme")
    (given,) = _events(world, "Harvey", ev.FirstAidGiven)
    assert (given.test["characteristic"], given.test["rank"], given.test["final"]) == ("Secourisme", 5, 6)


def test_first_aid_on_another_field_through_the_cli_and_an_aptitude_refused_Premiers_soins_L359_ruling_M126(
    db: str, tmp_path: Path
) -> None:
    # Lena's campaign lists Secourisme (her sheet's own field): the line and the log name the field
    # rolled; an aptitude or a power domain is no "Champ d'Expertise": refused, nothing rolled.
    _mines(db, tmp_path)
    cli(db, "microfudge", "setback", "Mines", "Harvey", "--severity", "1", "--source", "a fist")
    for field, what in (("Vigueur", "aptitude Vigueur"), ("Télépathie", "power domain Télépathie")):
        refusal = refused(db, "Mines", "microfudge", "first-aid", "Mines", "Harvey", "--healer", "Jim", "--setback", "1", "--field", field)
        assert refusal == f"error: first aid is a Test of Médecine or another field of expertise (L359), not the {what}"
    said = cli(db, "microfudge", "first-aid", "Mines", "Harvey", "--healer", "Lena", "--setback", "1", "--field", "secourisme")
    assert said.startswith("Lena tends Harvey's Revers 1: Secourisme Moyen (4): ["), said
    (given,) = log(db, "Mines", "FirstAidGiven")
    assert given["test"]["characteristic"] == "Secourisme"


# -- 4. a Sequence left open at a session's end waits for the next session (L125, L305; M127) --------


def test_a_sequence_left_open_waits_for_the_next_session_Resolution_des_Conflits_hasardeux_L305_ruling_M127(
    db: str, tmp_path: Path
) -> None:
    # L305: the Narrator and the players build "la scène et ses diverses Séquences" at the table;
    # ruling M121 refuses to open one between sessions, but a Sequence left open when the session
    # ended still drew between sessions, dealing Jim's wounds at the downtime's dice, and took the
    # upper hand or was abridged there. Each is refused in one line, nothing recorded; the
    # Narrator may still end it, and the next session plays it on.
    _mines(db, tmp_path)
    cli(db, "microfudge", "sequence", "Mines", "Jim", "Harvey", "--goal", "the shaft")
    cli(db, "session", "end", "Mines")
    waits = (
        "error: Mines has no open session: Sequence 1 is played at the table (L125, L305) and waits for the next session "
        "(session start Mines); the Narrator may end it now (sequence-stop)"
    )
    # Two attack cards a side: no Décisif ends the Sequence before the Narrator does.
    sides = ("--side", "Jim:Tir:Harvey=2,def=1", "--side", "Harvey:Combat:Jim=2,def=2")
    assert refused(db, "Mines", "microfudge", "conflict-card", "Mines", *sides) == waits
    assert refused(db, "Mines", "microfudge", "upper-hand", "Mines", "Jim") == waits
    assert refused(db, "Mines", "microfudge", "abridge", "Mines", "Harvey") == waits
    cli(db, "session", "start", "Mines")
    assert cli(db, "microfudge", "conflict-card", "Mines", *sides).splitlines()[-1].startswith("draw 1: ")
    cli(db, "session", "end", "Mines")
    assert cli(db, "microfudge", "sequence-stop", "Mines", "Jim").strip() == "Sequence 1 ended by the Narrator, no winner"


def test_the_rules_refuse_a_draw_out_of_session_for_every_caller_ruling_M127() -> None:
    # The refusal is the rules' (conflict.draw, take_upper_hand, abridge), so the web journal or a
    # script meets it too.
    world = table(sheets=[{"name": "Jim", "status": "hero", "ranks": {"Tir": 4}}, HARVEY_RAW])
    start_sequence(world, ["Jim", "Harvey"])
    end_session(world)
    for move in (
        lambda: draw(world, [Side("Jim", "Tir"), Side("Harvey", "Combat")]),
        lambda: take_upper_hand(world, "Jim"),
        lambda: abridge(world, "Jim"),
    ):
        with pytest.raises(RuleViolation, match="Table has no open session: Sequence 1 is played at the table"):
            move()
