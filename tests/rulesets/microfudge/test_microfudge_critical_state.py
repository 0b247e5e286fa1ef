"""Ruling M52: a character in the critical state cannot act («3 – Effets des Revers» L343: a
Décisif leaves its victim "most often" unconscious or unable to move; digest §4.3 and T4), until
first aid stabilizes it («Premiers soins et Blessures» L359) or an Atout saves its skin («Sauver sa
peau» L127-L131). On aggregates with scripted Fudge dice and stacked shuffles, then through the real
command line on a real journal (``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn its lines)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from cartes_table import StackedChance
from microfudge_table import JIM, table
from support import run

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.conflict import Side, abridge, draw, start_sequence, take_upper_hand
from chronique.domain.rulesets.microfudge.play import (
    TestRequest,
    award,
    conflict,
    first_aid,
    pace_recovery,
    roll_test,
    spend_atout,
    suffer,
    take_revers,
)
from chronique.domain.rulesets.microfudge.powers import rest, use_power
from chronique.domain.world import World

CRITICAL = (
    "{} is in a critical state (Revers {}, a Décisif not stabilized yet, L343): they cannot act until first aid "
    "stabilizes it (L359) or they spend an Atout to save their skin (L127-L131)"
)


def recorded(world: World) -> int:
    """How many events the table has recorded so far, on every aggregate."""
    aggregates = [world.campaign, *world.characters.values(), *world.decks.values()]
    return sum(len(a.pending_events) for a in aggregates)


@contextmanager
def refused(world: World, who: str, setback: int = 1) -> Iterator[None]:
    """Expect the critical-state refusal naming ``who`` and its Décisif, recording nothing."""
    before = recorded(world)
    with pytest.raises(RuleViolation) as refusal:
        yield
    assert str(refusal.value) == CRITICAL.format(who, setback)
    assert recorded(world) == before


def decisif(world: World, name: str) -> None:
    """A gunshot Décisif on ``name`` (L343): critical until stabilized."""
    suffer(world, name, 3, "physical", "weekly", "a rifle")
    assert world.character(name).condition["critical"]


# -- Tests and hazardous Tests («1 – Tests» L245-L253, «Tests hasardeux» L349-L355) --------------


def test_a_critical_character_rolls_no_Test_nor_hazardous_Test_L343() -> None:
    world = table(0, 0, 0, 0)
    decisif(world, "Harvey")
    with refused(world, "Harvey"):
        roll_test(world, "Harvey", TestRequest("Athlétisme", 4))
    with refused(world, "Harvey"):
        roll_test(world, "Harvey", TestRequest("Pilotage", 6, hazardous=True))
    # Jim is not critical: his Test rolls as ever.
    assert roll_test(world, "Jim", TestRequest("Médecine", 4)).success


def test_a_critical_character_neither_helps_nor_counters_another_s_Test_L343_L761() -> None:
    world = table()
    decisif(world, "Harvey")
    # L761: helpers must be "en mesure de le faire"; a counter is spent against the roller too (L739).
    with refused(world, "Harvey"):
        roll_test(world, "Jim", TestRequest("Médecine", 4, helpers=("Harvey",)))
    with refused(world, "Harvey"):
        roll_test(world, "Jim", TestRequest("Médecine", 4, atout=1, countered_by=("Harvey",)))


# -- A simple conflict (L253) and a resisted power (L435) ---------------------------------------


def test_a_critical_character_starts_no_simple_conflict_but_may_resist_one_L343_L253() -> None:
    world = table(0, 0, 0, 0, 0, 0, 0, 0)
    decisif(world, "Jim")
    with refused(world, "Jim"):
        conflict(world, "Jim", "Médecine", "Harvey", "Athlétisme")
    # M52: the opponent only resists someone else's action, with the Décisif's −3 on it (L345).
    outcome = conflict(world, "Harvey", "Athlétisme", "Jim", "Médecine")
    jim = outcome.sides[1]
    assert (jim["name"], jim["penalty"], jim["final"], outcome.winner) == ("Jim", 3, 1, "Harvey")


TELEPATH = {"name": "Tel", "status": "expert", "ranks": {"Télépathie": 6}}


def test_a_critical_psychic_uses_no_power_but_a_critical_victim_may_resist_one_L343_L435() -> None:
    world = table(0, 0, 0, 0, 0, 0, 0, 0, sheets=[TELEPATH, JIM])
    decisif(world, "Tel")
    with refused(world, "Tel"):
        use_power(world, "Tel", "controle-mental", resisted=("Jim", "Psychologie"))
    spend_atout(world, "Tel", "save-your-skin", "the bullet only grazed the skull")
    decisif(world, "Jim")
    # Tel 0 0 0 0 → 6; Jim resists with Psychologie 3 less the Décisif's 3: 0. The power takes.
    used = use_power(world, "Tel", "controle-mental", resisted=("Jim", "Psychologie"))
    assert used.resisted is not None and (used.resisted["penalty"], used.resisted["final"], used.success) == (3, 0, True)


# -- Sequences («2 – Résolution des Conflits hasardeux» L295-L331) ------------------------------

A = {"name": "A", "status": "hero", "ranks": {"Combat": 5}}
B = {"name": "B", "status": "hero", "ranks": {"Combat": 4}}
C = {"name": "C", "status": "hero", "ranks": {"Combat": 4}}


def test_a_critical_character_enters_no_Sequence_and_helps_no_draw_L343_L309_L761() -> None:
    world = table(sheets=[A, B, C])
    decisif(world, "B")
    # L309-L311: every participant declares attack and defence cards and draws: none is passive.
    with refused(world, "B"):
        start_sequence(world, ["A", "B"], goal="the bridge")
    start_sequence(world, ["A", "C"], goal="the bridge")
    with refused(world, "B"):
        draw(world, [Side("A", "Combat", helpers=("B",)), Side("C", "Combat")])


def test_a_participant_fallen_critical_mid_Sequence_neither_draws_nor_takes_the_upper_hand_nor_abridges_L343_L321_L329() -> None:
    # A (Combat 5): 2 4 3 5 on B (2 successes), defence 3 (none); B (Combat 4): 6 5 7 9 on A (1).
    world = table(sheets=[A, B], stacks=[["2C", "4C", "3C", "5C", "3D", "6D", "5D", "7D", "9D"]])
    start_sequence(world, ["A", "B"], goal="hold the bridge")
    assert draw(world, [Side("A", "Combat", defence=1), Side("B", "Combat")]).winner == "A"
    decisif(world, "A")  # the Narrator's Décisif between two draws: A's Revers is number 2
    with refused(world, "A", setback=2):
        take_upper_hand(world, "A")
    with refused(world, "A", setback=2):
        abridge(world, "A")
    with refused(world, "A", setback=2):
        draw(world, [Side("A", "Combat"), Side("B", "Combat")])
    spend_atout(world, "A", "save-your-skin", "rolls behind the parapet")
    assert take_upper_hand(world, "A").cards == 4


# -- First aid (L359), taking a Revers (L763-L765) and the Atouts (L733-L769) --------------------


def test_a_critical_healer_gives_no_first_aid_but_a_critical_patient_receives_it_L343_L359() -> None:
    # Jim (Médecine 4) + + 0 0 with superior gear (+2): 8 against Très difficile (6); then Harvey's
    # Athlétisme 4 less the Blessure sérieuse left (−2), 0 0 0 0: 2.
    world = table(1, 1, 0, 0, 0, 0, 0, 0)
    suffer(world, "Jim", 1, "physical", "daily", "a fall")
    decisif(world, "Harvey")
    with refused(world, "Harvey"):
        first_aid(world, "Jim", "Harvey", 1)
    assert first_aid(world, "Harvey", "Jim", 1, quality=2)
    harvey = world.character("Harvey")
    assert not harvey.condition["critical"] and harvey.condition["setbacks"][0]["severity"] == 2
    result = roll_test(world, "Harvey", TestRequest("Athlétisme", 2))
    assert (result.final, result.success) == (2, True)


def test_a_critical_character_takes_no_Revers_for_another_but_may_be_spared_one_L343_L763() -> None:
    world = table(0, 0, 0, 0)
    suffer(world, "Jim", 1, "physical", "daily", "a fall")
    decisif(world, "Harvey")
    with refused(world, "Harvey"):
        take_revers(world, "Harvey", "Jim", 1, "dives in front of him")
    # L763-L765: Jim interposes; the Décisif is his now, and Harvey acts again.
    take_revers(world, "Jim", "Harvey", 1, "drags him behind the car")
    assert world.character("Jim").condition["critical"] and not world.character("Harvey").condition["critical"]
    assert roll_test(world, "Harvey", TestRequest("Athlétisme", 4)).success


# The uses spent bare; the +1, help and a changed die or card are declared with their roll (ruling M53).
@pytest.mark.parametrize("use", ["monologue", "arrive-in-time"])
def test_a_critical_character_spends_an_Atout_only_to_save_their_skin_or_on_narrative_control_L127_L343_L745(use: str) -> None:
    world = table()
    decisif(world, "Harvey")
    award(world, "Harvey", 3, "a brave stand")  # the Narrator's bookkeeping stays open (L215)
    with refused(world, "Harvey"):
        spend_atout(world, "Harvey", use)
    # L745-L751: the player's narrative control, under the Narrator's veto; L129: escaping death.
    spend_atout(world, "Harvey", "narrative", "a patrol happens by")
    spend_atout(world, "Harvey", "save-your-skin", "the patrol's medic")
    assert not world.character("Harvey").condition["critical"]
    spend_atout(world, "Harvey", use)
    assert [e.use for e in world.character("Harvey").pending_events if isinstance(e, ev.AtoutSpent)] == [
        "narrative",
        "save-your-skin",
        use,
    ]


def test_the_Narrator_s_bookkeeping_of_a_critical_character_goes_on_L341_L343_L441() -> None:
    world = table()
    decisif(world, "Harvey")
    suffer(world, "Harvey", 1, "social", "daily", "a sneer")  # the Narrator's Revers (L335-L345)
    pace_recovery(world, "Harvey", "good", "rested")  # T2c, L341
    award(world, "Harvey", 1, "survived the ambush")  # L215
    rest(world, "Harvey")  # T5, L441
    harvey = world.character("Harvey")
    assert harvey.condition["critical"] and [s["severity"] for s in harvey.condition["setbacks"]] == [3, 1]


# -- Through the real command line --------------------------------------------------------------

JIM_SHEET = 'name = "Jim"\nstatus = "hero"\n[ranks]\nTir = 4\n'
HARVEY_SHEET = 'name = "Harvey"\nstatus = "hero"\n[ranks]\n"Médecine" = 4\n'
REFUSED = "error: " + CRITICAL.format("Jim", 1)


def cli(db: str, *args: str, code: int = 0) -> str:
    """The real command in-process; it must exit with ``code``. Its output (stdout, or stderr)."""
    result = run(db, *args, check=False)
    assert result.returncode == code, result.stdout + result.stderr
    return result.stdout if code == 0 else result.stderr


def journal(db: str) -> list[dict[str, Any]]:
    """Every recorded event of the campaign, face-down ones included."""
    return [entry["event"] for entry in json.loads(cli(db, "log", "Crit", "--json", "--gm"))]


def shot(db: str, tmp_path: Path) -> None:
    """Campaign Crit, Jim and Harvey seated, session open, and a gunshot Décisif on Jim (L343)."""
    cli(db, "campaign", "new", "Crit", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    for name, text in (("jim", JIM_SHEET), ("harvey", HARVEY_SHEET)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
        cli(db, "character", "new", "Crit", "--sheet", str(tmp_path / f"{name}.toml"))
    cli(db, "session", "start", "Crit")
    said = cli(db, "microfudge", "setback", "Crit", "Jim", "--severity", "3", "--domain", "physical", "--healing", "weekly")
    # The log's sentence, its number on the sheet and the care it waits for (ruling M63).
    assert said.strip() == (
        "Jim took a Blessure grave ou mortelle (physical, heals a step a week) from the Narrator; critical state: "
        "Revers 1 on the sheet, it needs medical care before it heals a step (L343, L359)"
    )


def refused_in_one_line(db: str, *args: str) -> None:
    """The command exits 2 with the critical-state refusal on one stderr line, and records nothing."""
    before = journal(db)
    assert cli(db, *args, code=2).strip() == REFUSED
    assert journal(db) == before


def scripted(monkeypatch: pytest.MonkeyPatch, *faces: int, stacks: Sequence[Sequence[str]] = ()) -> None:
    """The Fudge dice of every command that follows, in order; each shuffle of the conflict deck
    puts the next of ``stacks`` on top."""
    chance = StackedChance(*stacks, values=[f + 1 for f in faces])

    def stream(self: World, epoch: str, place: Any) -> Any:
        self.campaign.mark_drawn(epoch)
        return chance.stream(epoch, place)

    monkeypatch.setattr(World, "stream", stream)


def test_through_the_cli_a_critical_Jim_acts_once_Harvey_s_first_aid_stabilizes_him_L343_L359(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shot(db, tmp_path)
    refused_in_one_line(db, "microfudge", "test", "Crit", "Jim", "Tir", "-d", "moyenne")
    refused_in_one_line(db, "microfudge", "hazard", "Crit", "Jim", "Tir", "-d", "moyenne")
    refused_in_one_line(db, "microfudge", "conflict", "Crit", "Jim", "Tir", "Harvey", "Médecine")
    refused_in_one_line(db, "microfudge", "sequence", "Crit", "Jim", "Harvey")
    refused_in_one_line(db, "microfudge", "atout", "spend", "Crit", "Jim", "monologue")
    # Harvey (Médecine 4) + + 0 0: 6 against Très difficile (6): stabilized and reduced a step (A9).
    # Then Jim's Tir 4 less the Blessure sérieuse left (−2), 0 0 0 0: 2 against Moyenne (4).
    scripted(monkeypatch, 1, 1, 0, 0, 0, 0, 0, 0)
    aid = cli(db, "microfudge", "first-aid", "Crit", "Jim", "--healer", "Harvey", "--setback", "1")
    assert aid.strip().endswith("success — the wound is stabilized and reduced a step: now a Blessure sérieuse")
    out = cli(db, "microfudge", "test", "Crit", "Jim", "Tir", "-d", "moyenne")
    assert out.strip() == "Jim rolls Tir Moyen (4) (Revers −2): [0 0 0 0] final Faible (2) against Moyenne (4): failure"
    (rolled,) = [e for e in journal(db) if e["topic"].endswith(":TestRolled")]
    assert (rolled["penalty"], rolled["final"]) == (2, 2)


def test_through_the_cli_a_critical_Jim_acts_once_an_Atout_saves_his_skin_L127_L343(db: str, tmp_path: Path) -> None:
    shot(db, tmp_path)
    refused_in_one_line(db, "microfudge", "test", "Crit", "Jim", "Tir", "-d", "moyenne")
    said = cli(db, "microfudge", "atout", "spend", "Crit", "Jim", "save-your-skin", "--note", "crawls behind the well")
    # In the log's words, the Atout then the wound it stabilized (L127, L343; ruling M74).
    assert said.splitlines() == [
        "Jim spent 1 Atout of creation reserve to save their skin (crawls behind the well)",
        "Jim saved their skin: Revers 1 (Blessure grave ou mortelle) is stabilized",
    ]
    assert cli(db, "microfudge", "test", "Crit", "Jim", "Tir", "-d", "moyenne").startswith("Jim rolls Tir Moyen (4) (Revers −3): ")
    (rolled,) = [e for e in journal(db) if e["topic"].endswith(":TestRolled")]
    assert rolled["penalty"] == 3  # L343: the Décisif still weighs, stabilized (M7)
    assert "OK:" in cli(db, "verify", "Crit")
