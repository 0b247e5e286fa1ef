"""``chronique demo``: a short scripted Cartes campaign, played for real in the journal file."""

from __future__ import annotations

import tomllib
from functools import partial
from importlib import resources
from typing import TYPE_CHECKING, Any

import typer

from chronique.cli import render
from chronique.cli.cartes import Sides, damage_words, drawn, sides
from chronique.cli.context import run
from chronique.cli.told import Told

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique
    from chronique.domain.rulesets.cartes.combat import AttackResult
    from chronique.domain.rulesets.cartes.draws import TestRequest
    from chronique.domain.rulesets.cartes.resolution import TestOutcome
    from chronique.domain.world import World

MAX_ROUNDS = 8


def sample_sheet(name: str) -> dict[str, Any]:
    """One of the sample sheets shipped with Chronique (``cli/samples``)."""
    return tomllib.loads(resources.files("chronique.cli").joinpath(f"samples/{name}.toml").read_text(encoding="utf-8"))


def _free_name(services: Chronique, base: str) -> str:
    taken = {c.name.casefold() for c in services.campaigns()}
    name, n = base, 1
    while name.casefold() in taken:
        n += 1
        name = f"{base} {n}"
    return name


def _test(world: World, who: str, request: TestRequest) -> Told[TestOutcome, render.Drawn]:
    """``who``'s test, and how it was recorded (for its line)."""
    from chronique.domain.rulesets.cartes.draws import make_test

    return Told(make_test(world, who, request), drawn(world, who))


def _axe_bites(services: Chronique, name: str) -> bool:
    """The brigand's axe against Alice's parry, round after round, until it wounds her (True);
    False when it never does: the rounds run out, or her parries put him out of the fight (the
    loser of an exchange takes the winner's net, §Réussites ou échecs L305-313)."""
    from chronique.domain.rulesets.cartes.combat import attack
    from chronique.domain.rulesets.cartes.draws import TestRequest

    axe = TestRequest("Contact", 0, "deck", purpose="axe blow")
    for round_number in range(1, MAX_ROUNDS + 1):
        world = services.world(name)
        alice, brigand = world.character("Alice"), world.character("Brigand")
        if brigand.condition["dead"] or brigand.condition["out_of_combat"]:
            return False
        parry = TestRequest("Contact", 0, "pile" if alice.condition["pile"] else "deck", purpose="parry")

        def blow(world: World, parry: TestRequest = parry) -> Told[AttackResult, tuple[Sides, str]]:
            result = attack(world, "Brigand", "Alice", axe, parry, weapon_bonus=0, lethality="forte")
            return Told(result, (sides(world, "Brigand", "Alice", result.exchange), damage_words(world, "Brigand", result)))

        told = services.act(name, blow)
        result = told.result
        drawn, dealt = told.words
        typer.echo(f"round {round_number}:")
        # As `cartes attack` prints it (ruling C131): the damage dealt and by whose weapon, on a
        # line of its own between the winner and the wound (§Encaissement des dommages L346, C124).
        render.attack("Brigand", "Alice", result, drawn, dealt)
        if result.wounded == "Alice":
            return True
    return False


def play(services: Chronique) -> str:
    """Play the scripted campaign; return its name."""
    from chronique.domain.cards import value as card_value
    from chronique.domain.rulesets.cartes.advancement import arrange_care
    from chronique.domain.rulesets.cartes.combat import suffer_wound
    from chronique.domain.rulesets.cartes.draws import TestRequest, award
    from chronique.domain.rulesets.cartes.table import gm_draw

    def step(title: str) -> None:
        typer.echo(f"\n== {title}")

    step("A campaign and two characters (and the GM's brigand)")
    campaign = services.create_campaign(_free_name(services, "Verdelune"), "cartes", "Day 1 08:00")
    render.campaign_created(campaign)
    name = campaign.name
    for sheet in ("alice", "bruno", "brigand"):
        character = services.create_character(name, sample_sheet(sheet))
        typer.echo(f"{character.name} joins")

    step("Session 1 opens")
    render.session_started(services.start_session(name))

    step("Tests at several difficulties")
    for who, skill, level, source in (
        ("Alice", "Discrétion", -1, "pile"),
        ("Bruno", "Médecine", 0, "pile"),
        ("Alice", "Vigilance", 1, "pile"),
        ("Bruno", "Sens", 2, "deck"),
    ):
        request = TestRequest(skill, level, source, purpose="exploring the ruins")
        told = services.act(name, partial(_test, who=who, request=request))
        render.test_outcome(who, told.words, told.result)

    step("The brigand's axe (lethality Forte) until it bites")
    if not _axe_bites(services, name):
        # It never did: the GM has the brigand's accomplice strike Alice from behind, for the
        # value of a passive draw (§Tirage passifs) at the axe's lethality: Bruno tends her next.
        card = services.act(name, partial(gm_draw, count=1, to="Alice", reason="a blow from behind"))[0]
        damage = card_value(card)
        wound = services.act(name, partial(suffer_wound, name="Alice", damage=damage, lethality="forte", source="an accomplice"))
        typer.echo(f"an accomplice strikes from behind ({render.card(card)}):")
        render.wound("Alice", damage, wound)

    step("Bruno tends Alice with an adapted kit; the GM awards experience")
    services.act(name, lambda w: arrange_care(w, "Alice", "Bruno", "adapted-kit"))
    for who in ("Alice", "Bruno"):
        cards = services.act(name, partial(award, name=who, count=2, reason="survived the ambush"))
        typer.echo(f"{who} gains {render.cards(cards)}")

    step("Session 1 ends")
    render.session_ended(services.end_session(name))

    step("Two in-game days of downtime")
    render.advanced(services, name, services.advance(name, lambda c: c.clock + 2 * 86400))
    return name


def register(app: typer.Typer) -> None:
    """Add the demo command to the app."""

    @app.command("demo")
    def demo(ctx: typer.Context) -> None:
        """Play a short scripted Cartes campaign in the journal, then print both sheets and the log."""

        def show(services: Chronique) -> None:
            from chronique.adapters.services import LogPage

            name = play(services)
            world = services.world(name)
            for who in ("Alice", "Bruno"):
                typer.echo("")
                render.sheet(world, world.character(who), False)
            typer.echo("")
            render.log(services, name, services.page_log(name, LogPage()), False, gm=True)

        run(ctx, show)
