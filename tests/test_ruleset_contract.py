"""Every game is one declared plug-in (issue 14): for each game of the registry, on a real journal,
a campaign and characters from its sample sheets (cli/samples/), a session with a roll and a
wound played through its own CLI sub-app, and every hook of the ``Ruleset`` Protocol read back
with what it must give. A new game fails here until it keeps the whole contract."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import import_module
from typing import Any

import pytest
import typer.main
from eventsourcing.utils import get_topic
from support import SAMPLES, run

from chronique.adapters.bootstrap import build
from chronique.cli.app import app
from chronique.domain import deck_rules
from chronique.domain.campaign import Campaign
from chronique.domain.chain import ChainedCreated, ChainedEvent
from chronique.domain.character import Character
from chronique.domain.deck import Deck
from chronique.domain.errors import RuleViolation
from chronique.domain.luck import Draw
from chronique.domain.rulesets import KNOWN, Ruleset, owner, ruleset
from chronique.domain.rulesets.registry import PACKAGES, RULESETS, module
from chronique.domain.verifier import verify_bundle
from chronique.projections.stored import silent

CAMPAIGN = "Contrat"


@dataclass(frozen=True)
class Play:
    """A short evening of one game: its sample sheets, where its clock starts, a roll left to
    chance and a wound that leaves a process running on the timeline (each after the game's name
    on the command line; ``{c}`` is the campaign)."""

    sheets: tuple[str, ...]
    start: str
    roll: tuple[str, ...]
    wound: tuple[str, ...]


PLAYS = {
    # §Tirage: a passive test from the deck; §Blessures: a Forte wound brings survival draws.
    "cartes": Play(
        ("alice.toml", "bruno.toml"), "Day 1 08:00",
        ("test", "{c}", "Bruno", "Contact", "--from", "deck"),
        ("wound", "{c}", "Alice", "--damage", "7", "--lethality", "forte"),
    ),
    # §Tests d'action: Physique and Guerrier; §Dégâts: damage that heals over the days.
    "elor": Play(
        ("elor_samson.toml", "elor_montana.toml"), "Day 1 08:00",
        ("test", "{c}", "Samson", "-f", "P", "-p", "Guerrier"),
        ("damage", "{c}", "Samson", "--amount", "3", "--location", "torso"),
    ),
    # §1.2: a Test on 4dF; §Revers: a Revers that heals weekly.
    "microfudge": Play(
        ("mf_jim.toml", "mf_harvey.toml"), "Day 1 08:00",
        ("test", "{c}", "Jim", "Tir", "-d", "moyen"),
        ("setback", "{c}", "Harvey", "--severity", "2", "--healing", "weekly"),
    ),
    # §1.6: a d100 skill roll; §3.2: a blade wound that bleeds per round.
    "western-parade": Play(
        ("wp_sam.toml", "wp_joe.toml"), "1873-04-12 08:00",
        ("roll", "{c}", "Sam Parkerson", "--skill", "Armes de poing"),
        ("body", "wound", "{c}", "Joe Hambuster", "left-thigh", "4", "--kind", "blade"),
    ),
}  # fmt: skip

# What players must never read: a field dump (`target=Joe`), a Python repr, an internal code
# (`CRIT_S`, `two_malus`, `infect:left-flank`).
DUMP = re.compile(r"\b[a-z_]+=\S|[{\[]'|\b[A-Z]+_[A-Z]+\b|\b[a-z]+_[a-z_]+\b|\b[a-z]+:[a-z-]+\b")


def assert_words(text: str, what: str) -> None:
    assert text and text.strip() == text and "\n" not in text, f"{what}: {text!r}"
    assert not DUMP.search(text), f"{what} reads as data: {text!r}"


def party(db: str, game: str) -> None:
    """A campaign of ``game`` and the party of its evening, through the real command line."""
    evening = PLAYS[game]
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", game, "--start", evening.start)
    for sheet in evening.sheets:
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / sheet))


def session(db: str, game: str) -> None:
    """A session of the party's evening: its roll and its wound, the session left open."""
    evening = PLAYS[game]
    run(db, "session", "start", CAMPAIGN)
    for args in (evening.roll, evening.wound):
        run(db, game, *(CAMPAIGN if a == "{c}" else a for a in args))


def play(db: str, game: str) -> None:
    """The evening of ``game``, through the real command line."""
    party(db, game)
    session(db, game)
    run(db, "session", "end", CAMPAIGN)


def test_every_game_of_the_registry_has_its_evening_here() -> None:
    assert set(PLAYS) == set(KNOWN) == set(PACKAGES)


@pytest.mark.parametrize("game", KNOWN)
def test_the_ruleset_is_found_from_its_one_registry_line(game: str) -> None:
    rules = ruleset(game)
    assert rules is import_module(module(game, "ruleset")).RULESET
    assert rules.name == game and rules.title and rules.title[0].isupper() and isinstance(rules.gregorian, bool)
    # Every hook the Protocol names is there: none is looked up with a default.
    hooks = {name for name in dir(Ruleset) if not name.startswith("_")} | set(Ruleset.__annotations__)
    assert {name for name in hooks if not hasattr(rules, name)} == set()


@pytest.mark.parametrize("game", KNOWN)
@pytest.mark.parametrize("spine", [Campaign, Character, Deck])
def test_no_game_answers_for_the_spine_s_events_in_its_experience_hook(game: str, spine: type) -> None:
    # The experience ledger asks only the game that defines an event's class (rulesets.owner,
    # issue 20): a game's hook must answer for its own events only.
    events = [cls for cls in vars(spine).values() if isinstance(cls, type) and issubclass(cls, (ChainedEvent, ChainedCreated))]
    assert events
    for cls in events:
        assert owner(cls) is None
        assert silent(get_topic(cls), ruleset(game).experience), f"{game}'s experience hook reads {cls.__qualname__}"


@pytest.mark.parametrize("game", KNOWN)
def test_a_game_s_own_events_are_answered_for_by_that_game_alone(game: str) -> None:
    events = import_module(module(game, "events"))
    own = [c for c in vars(events).values() if isinstance(c, type) and c.__module__ == events.__name__ and issubclass(c, ChainedEvent)]
    assert own and all(owner(cls) is ruleset(game) for cls in own)


@pytest.mark.parametrize("game", KNOWN)
def test_every_hook_of_the_game_on_a_real_journal(db: str, game: str) -> None:
    rules = ruleset(game)
    play(db, game)
    services = build(db, create=False)
    try:
        world = services.world(CAMPAIGN)
        # default_settings: a new campaign starts with them.
        assert isinstance(rules.default_settings(), dict) and world.campaign.settings == rules.default_settings()
        # new_character: each sample sheet checked into a sheet and a starting condition; a sheet
        # with several problems refused naming them all, one per line.
        for sheet in PLAYS[game].sheets:
            checked, condition = rules.new_character(tomllib.loads((SAMPLES / sheet).read_text(encoding="utf-8")))
            assert checked and isinstance(condition, dict)
        with pytest.raises(RuleViolation) as refused:
            rules.new_character({"name": "", "no such field": 1, "another unknown": 2})
        assert len(str(refused.value).strip().splitlines()) >= 2, str(refused.value)
        # start_session and end_session recorded the session's both ends.
        events = services.log(CAMPAIGN)
        topics = [type(e).__name__ for e in events]
        assert "SessionStarted" in topics and "SessionEnded" in topics
        # describe and notable: every recorded event in words.
        for event in events:
            assert_words(rules.describe(event), f"{type(event).__name__} described")
            said = rules.notable(event)
            if said is not None:
                assert_words(said, f"{type(event).__name__} notable")
        # luck: the roll left to chance, with its exact chance.
        draws = [d for e in events for d in rules.luck(e, world.campaign.settings)]
        assert draws and all(isinstance(d, Draw) and 0 <= d.chance <= 1 for d in draws), draws
        # for_players: every character's condition as players may read it.
        for character in world.characters.values():
            assert isinstance(rules.for_players(character.condition), dict)
        # sheet_view: every character's sheet in words.
        for character in world.characters.values():
            view = rules.sheet_view(world, character, False)
            assert view.name == character.name and view.shown()
        # names: what a line may name of each character, skills first (the shell completes them).
        for character in world.characters.values():
            names = rules.names(character.sheet)
            assert names["skill"] and all(n and isinstance(n, str) for kind in names.values() for n in kind), names
        # processes and describe_due: the wound runs on the timeline, in words on the board.
        due = rules.processes(world).due()
        assert due, "the wound left nothing running"
        for each in due:
            assert_words(rules.describe_due(world, each), f"{each} on the board")
        services.advance(CAMPAIGN, lambda c: c.clock + 7 * 86400)
        for event in services.log(CAMPAIGN)[len(events) :]:
            assert_words(rules.describe(event), f"{type(event).__name__} described after a week")
        # Its verification rules re-derive the recorded rolls from their chance.
        verification = import_module(module(game, "verification")).RULES
        bundle = services.audit.bundle(CAMPAIGN, for_players=False)
        report = verify_bundle(bundle, deck_rules.RULES | verification)
        assert report.ok and report.rederived >= 1, report.summary()
        own = [e["event"] for e in bundle["events"] if e["event"]["topic"].startswith(f"{RULESETS}.{PACKAGES[game]}.")]
        # The roll's event is re-derived, and so is every event of the game that recorded chance.
        assert {e["topic"] for e in own} & set(verification.rederive)
        with_chance = {e["topic"] for e in own if e.get("chance")}
        assert with_chance <= set(verification.rederive), with_chance - set(verification.rederive)
    finally:
        services.close()


@pytest.mark.parametrize("game", KNOWN)
def test_the_game_s_commands_are_mounted_under_its_name_each_with_help(game: str) -> None:
    mounted = typer.main.get_command(app).commands[game]
    own = import_module(f"chronique.cli.{PACKAGES[game]}").app
    assert mounted.help == own.info.help

    def leaves(group: Any, path: tuple[str, ...]) -> list[tuple[tuple[str, ...], Any]]:
        found = []
        for name, command in group.commands.items():
            found += leaves(command, (*path, name)) if hasattr(command, "commands") else [((*path, name), command)]
        return found

    commands = leaves(mounted, (game,))
    assert len(commands) >= 5
    for path, command in commands:
        words = " ".join((command.help or "").split())
        assert len(words.split()) >= 4 and words.endswith((".", "?")), (path, words)
        assert all(p.help for p in command.params if p.param_type_name == "option" and p.name != "help"), path


def test_an_unknown_ruleset_is_a_one_line_error_naming_the_four_games() -> None:
    with pytest.raises(RuleViolation, match="unknown ruleset “poker” \\(choose one of cartes, elor, microfudge, western-parade\\)"):
        ruleset("poker")


@pytest.mark.parametrize("game", KNOWN)
def test_the_game_names_its_sample_sheets_and_each_makes_a_character(game: str) -> None:
    rules = ruleset(game)
    # The evening here plays the party the game's own first two samples make.
    assert PLAYS[game].sheets == rules.sample_sheets[:2]
    for sheet in rules.sample_sheets:
        text = (SAMPLES / sheet).read_text(encoding="utf-8")
        assert text.lstrip().startswith("#"), f"{sheet} is not commented"
        checked, condition = rules.new_character(tomllib.loads(text))
        assert checked and isinstance(condition, dict)


def test_every_sample_sheet_belongs_to_one_game() -> None:
    named = [sheet for game in KNOWN for sheet in ruleset(game).sample_sheets]
    assert sorted(named) == sorted(path.name for path in SAMPLES.glob("*.toml"))
