"""The undo property (issue 15): on random scripted campaigns of each game, running a command then
``undo`` gives the same sheets, clock and downtime board as never having run it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from support import journals, sample, scripted_services

from chronique.adapters.services import Chronique
from chronique.adapters.undo import undo
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import HOUR
from chronique.domain.verifier import Receipts
from chronique.domain.world import World

SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
SEEDS = st.binary(min_size=4, max_size=8)

Command = Callable[[Chronique, str], Any]


def acting(play: Callable[[World], Any]) -> Command:
    return lambda services, name: services.act(name, play)


def advancing(hours: int) -> Command:
    return lambda services, name: services.advance(name, lambda c: c.clock + hours * HOUR)


def ending(services: Chronique, name: str) -> None:
    services.end_session(name)


@dataclass(frozen=True)
class Game:
    """A game's campaign of samples in session, and the commands a script picks from (played in
    session until one ends it; advances between sessions)."""

    ruleset: str
    samples: tuple[str, ...]
    play: Callable[[st.DrawFn], Command]


def cartes(draw: st.DrawFn) -> Command:
    from chronique.domain.rulesets.cartes.combat import suffer_wound
    from chronique.domain.rulesets.cartes.draws import TestRequest, make_test

    who = draw(st.sampled_from(["Alice", "Bruno"]))
    damage, lethality = draw(st.integers(1, 9)), draw(st.sampled_from(["faible", "moyenne", "forte"]))
    if draw(st.booleans()):
        return acting(lambda w: make_test(w, who, TestRequest("Contact", 1)))
    return acting(lambda w: suffer_wound(w, who, damage, lethality, "an axe"))


def western_parade(draw: st.DrawFn) -> Command:
    from chronique.domain.rulesets.westernparade.care import wound

    location = draw(st.sampled_from(["right-thigh", "left-arm", "abdomen"]))
    damage = draw(st.integers(1, 9))
    return acting(lambda w: wound(w, "Joe Hambuster", location, damage, "bullet"))


def elor(draw: st.DrawFn) -> Command:
    from chronique.domain.rulesets.elor.downtime import award_experience
    from chronique.domain.rulesets.elor.play import suffer_damage

    amount = draw(st.integers(1, 3))
    if draw(st.booleans()):
        return acting(lambda w: suffer_damage(w, "Samson", amount, "a club", where="bras-gauche"))
    return acting(lambda w: award_experience(w, "Samson", amount, "a good fight"))


def microfudge(draw: st.DrawFn) -> Command:
    from chronique.domain.rulesets.microfudge.play import award, suffer

    who, amount = draw(st.sampled_from(["Jim", "Harvey"])), draw(st.integers(1, 2))
    if draw(st.booleans()):
        return acting(lambda w: award(w, who, amount, "well played"))
    return acting(lambda w: suffer(w, who, amount, "physical", "weekly", "a knife"))


GAMES = {
    "cartes": Game("cartes", ("alice", "bruno"), cartes),
    "western-parade": Game("western-parade", ("wp_joe", "wp_doc"), western_parade),
    "elor": Game("elor", ("elor_samson",), elor),
    "microfudge": Game("microfudge", ("mf_jim", "mf_harvey"), microfudge),
}


@st.composite
def scripts(draw: st.DrawFn, game: Game) -> list[Command]:
    """Some play in session, perhaps the session's end, then perhaps advances between sessions."""
    played: list[Command] = [game.play(draw) for _ in range(draw(st.integers(1, 3)))]
    if draw(st.booleans()):
        played.append(ending)
        played += [advancing(draw(st.integers(1, 24 * 7))) for _ in range(draw(st.integers(1, 2)))]
    return played


def standing(services: Chronique, name: str) -> tuple[Any, ...]:
    """Every character's sheet and condition (the GM's view), the clock and the downtime board."""
    world = services.world(name)
    return sorted((c.name, c.sheet, c.condition) for c in world.characters.values()), world.campaign.clock, services.board(name)


def check_undo(backend: str, game: Game, seed: bytes, script: list[Command]) -> None:
    with journals(backend, 2) as [path, twin]:
        *prefix, last = script
        services, name = _campaign(path, game, seed, prefix)
        assume(last is not ending)  # a session's end is a seal: never taken back (ruling UN3)
        before = standing(services, name)
        deals = _deals(services, name)
        assume(_play(last, services, name))
        if _deals(services, name) > deals:
            # Ruling C90: a Cartes deal the command's first draw triggered is chance consumed for
            # the whole table and stands; the rest is as never run. What the deal alone gives is
            # played in a twin journal of the same seeds: the same cards (§Distribution L84).
            from chronique.domain.rulesets.cartes.table import deal

            dealt, _ = _campaign(twin, game, seed, prefix)
            dealt.act(name, deal)
            before = standing(dealt, name)
        undo(services, name)
        assert standing(services, name) == before
        assert services.audit.verify(name, Receipts()).ok


def _campaign(path: str, game: Game, seed: bytes, prefix: list[Command]) -> tuple[Chronique, str]:
    """The game's campaign in session, on scripted seeds, with ``prefix`` played."""
    services = scripted_services(path, seed)
    name = f"Undo {game.ruleset}"
    services.create_campaign(name, game.ruleset, None)
    for sheet in game.samples:
        services.create_character(name, sample(sheet))
    services.start_session(name)
    for command in prefix:
        _play(command, services, name)
    return services, name


def _deals(services: Chronique, name: str) -> int:
    """The deals recorded (events that stand when undone, ruling C90)."""
    return sum(getattr(type(event), "stands_when_undone", False) for event in services.log(name))


def _play(command: Command, services: Chronique, name: str) -> bool:
    """Play one command of the script; False when the game refuses it (a dead man's wound)."""
    try:
        command(services, name)
    except RuleViolation:
        return False
    return True


@SETTINGS
@given(seed=SEEDS, data=st.data())
def test_a_cartes_command_then_undo_is_as_never_run(backend: str, seed: bytes, data: st.DataObject) -> None:
    check_undo(backend, GAMES["cartes"], seed, data.draw(scripts(GAMES["cartes"])))


@SETTINGS
@given(seed=SEEDS, data=st.data())
def test_a_western_parade_command_then_undo_is_as_never_run(backend: str, seed: bytes, data: st.DataObject) -> None:
    check_undo(backend, GAMES["western-parade"], seed, data.draw(scripts(GAMES["western-parade"])))


@SETTINGS
@given(seed=SEEDS, data=st.data())
def test_an_elor_command_then_undo_is_as_never_run(backend: str, seed: bytes, data: st.DataObject) -> None:
    check_undo(backend, GAMES["elor"], seed, data.draw(scripts(GAMES["elor"])))


@SETTINGS
@given(seed=SEEDS, data=st.data())
def test_a_microfudge_command_then_undo_is_as_never_run(backend: str, seed: bytes, data: st.DataObject) -> None:
    check_undo(backend, GAMES["microfudge"], seed, data.draw(scripts(GAMES["microfudge"])))
