"""The rule systems, each behind the small ``Ruleset`` protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Any, Protocol

from chronique.domain.character import Character
from chronique.domain.errors import RuleViolation
from chronique.domain.luck import Draw
from chronique.domain.rulesets.options import Setting
from chronique.domain.rulesets.registry import PACKAGES, RULESETS, module
from chronique.domain.sheetview import SheetView
from chronique.domain.text import quoted
from chronique.domain.timeline import Due, Processes
from chronique.domain.world import World

KNOWN = tuple(PACKAGES)


class Ruleset(Protocol):
    """What the spine needs of a game: its settings, its sheets, its running processes and how
    they read on the downtime board, its events in words, and the luck of its rolls."""

    name: str
    title: str
    """The game's name as players write it (``Western Parade``), for help and messages."""
    gregorian: bool
    sample_sheets: tuple[str, ...]
    """Its commented sample sheets, file names in the command line's ``samples`` folder, that a
    newcomer plays from (issue 14); the first two make a party."""
    experience_elsewhere: str | None
    """None when the game counts experience the ledger reads (:meth:`experience`); else where the
    game keeps its characters' growth instead, in words, which `xp ledger` and the web journal
    say rather than show an empty ledger."""
    luck_counts: str
    """What its luck counts, as the luck tables head the column: "draws" of cards (Cartes), "rolls"
    of dice (ruling LK17)."""
    experience_unbalanced: str | None
    """None when the ledger's running balance (awards less spends) is the experience a character
    holds; else, in words, why it is not, which `xp ledger` and the web journal say in its place
    (a Cartes hand is experience that play spends too, ruling C81)."""

    def default_settings(self) -> dict[str, Any]:
        """The campaign settings a new campaign starts with."""
        ...

    def settings_schema(self) -> tuple[Setting, ...]:
        """The settings a GM may change during a campaign (``chronique campaign set``): each
        option the rulebook leaves to the table, its values, its default and the rulebook's words
        (the package's ``settings.py``, issue 15)."""
        ...

    def new_character(self, raw_sheet: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The checked sheet and the starting condition of a character; RuleViolation if invalid."""
        ...

    def creation_warning(self, sheet: Mapping[str, Any], condition: Mapping[str, Any]) -> str | None:
        """What a new character's creation did that its sheet file did not say, for ``character
        new`` to print (MicroFudge's Streamlined creation dropping unspent Atouts); None if nothing."""
        ...

    def start_session(self, world: World) -> None:
        """Record what the game does when a session opens."""
        ...

    def end_session(self, world: World) -> Sequence[str]:
        """Record what the game does when a session closes, before the seal; return what it did
        that the GM should hear, in words, one line each, for ``session end`` to say (MicroFudge's
        end-of-session Atouts, ruling M160)."""
        ...

    def describe(self, event: Any) -> str:
        """Any event of this game's campaigns (the spine's too) in the players' words, for the log,
        the exports and ``audit show``: game terms as the rulebook writes them, durations as
        in-game time, never an internal code or a dump of fields (issue 14)."""
        ...

    def notable(self, event: Any) -> str | None:
        """What a GM should read about this event in a downtime report, or None."""
        ...

    def processes(self, world: World) -> Processes:
        """The timeline processes running in ``world``."""
        ...

    def describe_due(self, world: World, due: Due) -> str:
        """What a due process of ``world`` will do, in the players' words, for the downtime board."""
        ...

    def cards_played(self, event: Mapping[str, Any]) -> list[tuple[str | None, str]] | None:
        """The cards a recorded ``event`` (its fields as stored) played, in the order drawn, each
        with the name of whom the deck handed it to (None: the event's own character), for
        ``audit show`` to place each in its shuffle (rulings FP11, FP13); None where the cards
        its record holds, in the order it holds them, are what it played."""
        ...

    def cards_passed(self, event: Mapping[str, Any]) -> list[tuple[str, str]]:
        """The cards a recorded ``event`` (its fields as stored) gave its own character from
        another's hands, each as (the giver's name, the card): ``audit show`` then finds a card
        the receiver plays later where the deck handed it to the giver (a Cartes power support's
        success card, §Tirage des soutiens L293, ruling C85)."""
        ...

    def cards_paid(self, event: Mapping[str, Any], earlier: Sequence[tuple[str, Mapping[str, Any]]]) -> list[tuple[str, str | None]]:
        """The cards a recorded ``event`` (its fields as stored) paid from what its character held
        rather than drew, in the order paid, each with the reference (``<id>:<version>``) of the
        event of ``earlier`` that put it there, None where none tells it; ``earlier`` is that
        character's recorded events before it, in recording order, each with its reference. What
        ``audit show`` says of a Cartes purchase's hand cards (ruling C144); ``[]`` for an event
        that pays none."""
        ...

    def luck(self, event: Any, settings: Mapping[str, Any]) -> list[Draw]:
        """The rolls of ``event`` left to chance that succeed or fail against a target, each with
        its exact chance of success given what the event recorded; none for any other event.
        ``settings`` are the campaign's (a Cartes deck's size changes the odds)."""
        ...

    def experience(self, event: Any) -> tuple[int, str] | None:
        """The experience ``event`` awards (positive) or spends (negative), in the game's own
        unit, with its reason, for the experience ledger; None for any other event."""
        ...

    def for_players(self, condition: Mapping[str, Any]) -> dict[str, Any]:
        """A character's condition as players may read it: cards lying face down are counted,
        never shown (FAIRNESS.md v2); the GM's view is the condition itself."""
        ...

    def waiting(self, character: Character) -> tuple[str, ...]:
        """What ``character`` waits for that no clock will bring, a sentence each (a MicroFudge
        wound in a critical state waits for care, ruling M64), for the downtime board and report
        and an advance's report; cheap, since every advance asks it of every character."""
        ...

    def sheet_view(self, world: World, character: Character, gm: bool) -> SheetView:
        """``character``'s sheet as its players read it, in the rulebook's terms, for the terminal
        and the HTML and Markdown exports (issue 14); cards lying face down counted, not shown,
        unless ``gm``."""
        ...

    def names(self, sheet: Mapping[str, Any]) -> dict[str, list[str]]:
        """What a command line may name for the character of the recorded ``sheet``, by what the
        name stands for: ``skill`` (what it rolls), ``weapon``, ``location`` (of its body), and
        the game's own (Elor's ``profession``, ``familiarity``, ``attribute``, ``faculty``;
        Western Parade's ``aim``; MicroFudge's ``power``), and the words the game's options take
        (``difficulty``; MicroFudge's ``related`` and ``quality``), as
        the game's commands take them: what ``chronique shell`` completes (issue 20)."""
        ...


def ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``."""
    if name not in KNOWN:
        raise RuleViolation(f"unknown ruleset {quoted(name)} (choose one of {', '.join(KNOWN)})")
    return import_module(module(name, "ruleset")).RULESET


def game_of_sheet(raw: Mapping[str, Any], but: str) -> str | None:
    """The title of the game other than ``but`` whose creation rules the sheet ``raw`` meets, if
    exactly one does: a sheet given to a campaign of another game is named for what it is, where
    its fields would each be refused as "not part of this game's sheet" (ruling EB37)."""
    from chronique.domain.errors import SheetProblems

    met = []
    for game in KNOWN:
        if game == but:
            continue
        try:
            ruleset(game).new_character(raw)
        except (SheetProblems, RuleViolation):
            continue
        met.append(ruleset(game).title)
    return met[0] if len(met) == 1 else None


def calendar_games(gregorian: bool) -> list[str]:
    """The games, by title, whose campaigns run on the real calendar (``gregorian``) or count
    days (not): each game's own ``gregorian`` says, so a refused ``--start`` names them all."""
    return [rules.title for rules in map(ruleset, KNOWN) if rules.gregorian == gregorian]


_OWNERS = {package: name for name, package in PACKAGES.items()}


def owner(cls: type) -> Ruleset | None:
    """The game whose package defines the event class ``cls``: the one game whose hooks may
    answer for its events (a game answers for its own events only; the spine's are no game's,
    tests/test_ruleset_contract.py). Asking only it spares a read of one game's journal the
    import of every other game (issue 20)."""
    package = cls.__module__.removeprefix(RULESETS + ".").split(".")[0]
    return ruleset(_OWNERS[package]) if cls.__module__.startswith(RULESETS + ".") and package in _OWNERS else None
