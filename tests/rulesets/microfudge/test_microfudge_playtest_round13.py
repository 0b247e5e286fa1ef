"""MicroFudge CECJ, thirteenth round: a chase is run between vehicles or on foot, never by a driver
against a side on foot (ruling M120); a Sequence is played in a session (ruling M121); a social
Revers weighs on social actions only, whatever its clock (ruling M122); a wreck mends on no clock
(ruling M123). Seed: ``shared/seeds/000_ddedeb0fd946e2d7.txt`` (Lnnn its lines); digest:
``shared/rules/microfudge-cecj.md``. The command-line tests run the real app on a real journal."""

from __future__ import annotations

from pathlib import Path

import pytest
from microfudge_table import end_session, refused, table
from test_microfudge_fidelity_cli import campaign, cli, log
from test_microfudge_vehicles_sides import _rows

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import WEEK
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.conflict import Side, draw, start_sequence
from chronique.domain.rulesets.microfudge.play import suffer
from chronique.domain.rulesets.microfudge.rules import penalty, wrecked
from chronique.domain.timeline import advance

MIA = 'name = "Mia"\nstatus = "hero"\n[ranks]\nCombat = 5\nPilotage = 5\n"Athlétisme" = 4\n'
GHOUL = 'name = "Ghoul"\nnpc = true\nstatus = "average"\n[ranks]\nCombat = 3\nPilotage = 3\n'
ZOE = 'name = "Zoe"\nstatus = "hero"\n[ranks]\nCombat = 4\nInteraction = 4\nPilotage = 4\n'
RUNNER = {"name": "R", "status": "hero", "ranks": {"Athlétisme": 4, "Combat": 4, "Pilotage": 4}}
CHASER = {"name": "C", "status": "hero", "ranks": {"Athlétisme": 5, "Pilotage": 5}}

# -- 1. a chase is between vehicles, or on foot (L427; ruling M120) ---------------------------------

DRIVER_ON_FOOT = (
    "error: Mia's sedan chases Ghoul, who has no vehicle in the chase: its Revers change the distance between vehicles (L427); "
    "a chase on foot is run on foot by both (Athlétisme)"
)


@pytest.mark.parametrize(
    ("sides", "said"),
    [
        # the Ghoul fights on foot, before or after Mia declares
        (("Mia:Pilotage:chase,vehicle=sedan", "Ghoul:Combat:Mia=3"), DRIVER_ON_FOOT),
        (("Ghoul:Combat:Mia=3", "Mia:Pilotage:chase,vehicle=sedan"), DRIVER_ON_FOOT),
        # the Ghoul runs on foot while Mia drives
        (("Mia:Pilotage:chase,vehicle=sedan", "Ghoul:Pilotage:chase"), DRIVER_ON_FOOT),
        # Mia runs after the Ghoul's van
        (
            ("Mia:Athlétisme:chase", "Ghoul:Pilotage:chase,vehicle=van"),
            "error: Mia chases on foot, but Ghoul's van is in the chase: a chase on foot is run on foot by both (Athlétisme, L427), "
            "one between vehicles by their drivers (Pilotage or Conduite)",
        ),
    ],
)
def test_a_chase_aimed_at_a_side_not_in_it_by_the_same_means_is_refused_Poursuites_L427_ruling_M120(
    db: str, tmp_path: Path, sides: tuple[str, str], said: str
) -> None:
    # L427: "les poursuites entre véhicules" change "la distance séparant les véhicules"; the same
    # rules serve "une course poursuite à pied" with Athlétisme. Mia's sedan once "chased" the
    # Ghoul standing on foot with a sword, its Revers recorded as ground no vehicle covered.
    campaign(db, tmp_path, "Mines", MIA, GHOUL)
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Ghoul")
    args = [a for side in sides for a in ("--side", side)]
    assert refused(db, "Mines", "microfudge", "conflict-card", "Mines", *args) == said
    assert not [d for d in log(db, "Mines", "Deck.CardsDrawn") if str(d["purpose"]).startswith("Sequence 1 draw")]


def test_a_chase_between_runners_and_one_between_vehicles_still_draw_Poursuites_L427_ruling_M120() -> None:
    # L427: a foot chase runs "avec le Champ d'expertise Athlétisme", a car chase with Pilotage and
    # Vitesse; neither leaves a Revers on a sheet (a change of position, T17g). C's five cards,
    # two even: a Revers sérieux of ground; R's four, odd. Then a car chase, every card odd.
    stack = ["2C", "4C", "3C", "5C", "7C", "3D", "5D", "7D", "9D", "9C", "AC", "3H", "5H", "7H", "9H", "AH", "3S", "5S"]
    world = table(sheets=[CHASER, RUNNER], stacks=[stack])
    start_sequence(world, ["C", "R"])
    on_foot = draw(world, [Side("C", "Athlétisme", manoeuvre="chase"), Side("R", "Athlétisme", manoeuvre="chase")])
    assert on_foot.sides["C"]["inflicted"] == {"R": 2} and on_foot.winner == "C"
    assert world.character("R").condition["setbacks"] == []
    by_car = draw(
        world, [Side("C", "Pilotage", manoeuvre="chase", vehicle="sedan"), Side("R", "Pilotage", manoeuvre="chase", vehicle="truck")]
    )
    assert by_car.sides["C"]["pool"] == 6 and by_car.sides["R"]["pool"] == 3 and not by_car.ended
    # A driver chasing a side on foot, refused by the rules for every caller, before any card.
    before = len(world.pending())
    with pytest.raises(RuleViolation, match=r"^C's sedan chases R, who has no vehicle in the chase: "):
        draw(world, [Side("C", "Pilotage", manoeuvre="chase", vehicle="sedan"), Side("R", "Combat")])
    assert len(world.pending()) == before


# -- 2. a Sequence is played in a session (L125, L305; ruling M121) ---------------------------------


def test_a_sequence_between_sessions_is_refused_naming_session_start_and_records_nothing_ruling_M121(db: str, tmp_path: Path) -> None:
    # L305: "Le Narrateur et les joueurs œuvrent ensemble pour définir la scène et ses diverses
    # Séquences"; L125: a conflict "au cours de la seconde session de jeu". A Sequence opened between
    # sessions shuffled the deck and entered everyone into a conflict no table was playing (as Cartes'
    # `scene end` between sessions, C112).
    campaign(db, tmp_path, "Mines", MIA, GHOUL)
    cli(db, "session", "end", "Mines")
    said = "error: Mines has no open session: a Sequence is played at the table (L125, L305); start one first (session start Mines)"
    assert refused(db, "Mines", "microfudge", "sequence", "Mines", "Mia", "Ghoul") == said
    assert refused(db, "Mines", "microfudge", "sequence", "Mines", "Mia", "Ghoul", "--safe") == said
    assert log(db, "Mines", ":SequenceStarted") == []
    cli(db, "session", "start", "Mines")
    assert cli(db, "microfudge", "sequence", "Mines", "Mia", "Ghoul") == "Sequence 1: Mia against Ghoul\n"  # ruling M128


def test_the_rules_refuse_a_sequence_out_of_session_for_every_caller_ruling_M121() -> None:
    world = table(sheets=[CHASER, RUNNER], session=False)
    before = len(world.pending())
    with pytest.raises(RuleViolation, match=r"^Table has no open session: a Sequence is played at the table \(L125, L305\)"):
        start_sequence(world, ["C", "R"])
    assert len(world.pending()) == before
    world = table(sheets=[CHASER, RUNNER])
    end_session(world)
    with pytest.raises(RuleViolation, match=r"start one first \(session start Table\)$"):
        start_sequence(world, ["C", "R"])


# -- 3. a social Revers weighs on social actions only (L337, L341; ruling M122) ---------------------


def test_a_social_revers_on_the_weekly_clock_weighs_on_social_actions_only_until_healed_Effets_des_Revers_L337_L341() -> None:
    # L337: a social Revers applies "à tous les Tests ou Conflits de nature sociale jusqu'à ce qu'ils
    # soient guéris"; L341's "à tous les types d'action" is said of the deeper wounds of blades and
    # firearms. A social Revers the Narrator put on the weekly clock once took two off a fist fight.
    world = table(sheets=[RUNNER], session=False)
    suffer(world, "R", 2, "social", "weekly", "the mayor's scorn")
    setbacks = world.character("R").condition["setbacks"]
    assert (penalty(setbacks, "physical"), penalty(setbacks, "social"), penalty(setbacks, "vehicle")) == (0, 2, 0)
    # It lasts until healed, a step a week on the clock the Narrator chose.
    advance(world.campaign, ruleset("microfudge").processes(world), world.campaign.clock + WEEK)
    setbacks = world.character("R").condition["setbacks"]
    assert (penalty(setbacks, "physical"), penalty(setbacks, "social")) == (0, 1)
    advance(world.campaign, ruleset("microfudge").processes(world), world.campaign.clock + WEEK)
    assert world.character("R").condition["setbacks"] == []
    # A deep wound still weighs on every action, a social one too (L341).
    suffer(world, "R", 1, "physical", "weekly", "a knife")
    assert penalty(world.character("R").condition["setbacks"], "social") == 1


def test_through_the_cli_a_social_revers_on_the_weekly_clock_spares_a_combat_Test_Effets_des_Revers_L337(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Mines", ZOE)
    cli(db, "microfudge", "setback", "Mines", "Zoe", "--severity", "2", "--domain", "social", "--healing", "weekly")
    assert "Revers penalty: physical none, social −2\n" in cli(db, "character", "show", "Mines", "Zoe")
    # The rank each Test rolls on, as the line says it before the dice (what the dice do is theirs).
    assert cli(db, "microfudge", "test", "Mines", "Zoe", "Combat", "-d", "moyen").startswith("Zoe rolls Combat Moyen (4): [")
    talk = cli(db, "microfudge", "test", "Mines", "Zoe", "Interaction", "-d", "moyen", "--domain", "social")
    assert talk.startswith("Zoe rolls Interaction Moyen (4) (Revers −2): [")
    assert [e["penalty"] for e in log(db, "Mines", ":TestRolled")] == [0, 2]


# -- 4. a wreck mends on no clock (L429, A24; ruling M123) ------------------------------------------


def test_a_wreck_takes_no_healing_clock_and_lesser_damage_still_may_Concours_de_demolition_L429_ruling_M123(
    db: str, tmp_path: Path
) -> None:
    # L429: "un Revers décisif transforme le véhicule touché en épave"; the text gives no repair rule
    # (A24). Put on the weekly clock, Zoe's wrecked van was whole again three weeks later.
    campaign(db, tmp_path, "Mines", ZOE)
    said = refused(db, "Mines", "microfudge", "setback", "Mines", "Zoe", "--severity", "3", "--vehicle", "van", "--healing", "weekly")
    assert said == "error: a Revers décisif makes Zoe's van a wreck (L429), which no clock mends: record it without `--healing weekly`"
    # The wreck without a clock stands; lesser damage may still take the Narrator's clock (M92).
    wreck = cli(db, "microfudge", "setback", "Mines", "Zoe", "--severity", "3", "--vehicle", "van")
    assert wreck.startswith("Zoe had their van wrecked: a Revers décisif (does not heal on its own)")
    cli(db, "microfudge", "setback", "Mines", "Zoe", "--severity", "2", "--vehicle", "sedan", "--healing", "weekly")
    cli(db, "session", "end", "Mines")
    cli(db, "advance", "Mines", "4w", "--yes")
    assert [r["setback_id"] for r in log(db, "Mines", ":SetbackRecovered")] == [2, 2]
    assert "\nvan      Revers décisif (−3), a wreck  1 " in cli(db, "character", "show", "Mines", "Zoe")


def test_a_wreck_recorded_on_a_clock_before_the_rule_mends_no_more_Concours_de_demolition_L429_ruling_M123() -> None:
    # A wreck recorded on the weekly clock before the rules refused it one: its clock stops, the
    # board has nothing of it, and four weeks later it is still a wreck.
    world = table(sheets=[RUNNER], session=False)
    start = world.campaign.clock
    wreck = {"id": 1, "domain": "vehicle", "severity": 3, "healing": "weekly", "stabilized": True, "next_tick": start + WEEK}
    world.character("R").record(
        ev.SetbackSuffered,
        at=start,
        setback=wreck,
        critical=False,
        source="C's ram",
        in_place_of=None,
        sealed_until=None,
        graduated=False,
        vehicle="truck",
    )
    assert ruleset("microfudge").processes(world).due() == []
    ticks = advance(world.campaign, ruleset("microfudge").processes(world), start + 4 * WEEK)
    assert ticks == [] and wrecked(world.character("R").condition["setbacks"], "truck")
    assert _rows(world, "R", "Vehicles") == [("truck", "Revers décisif (−3), a wreck", "1", "does not heal on its own")]
