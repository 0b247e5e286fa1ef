"""Completion for ``chronique shell`` on a terminal (issue 20): command and group names, options,
and the names of the warm world for the parameter being typed. Apart from cli/shell.py, so that a
command run without the prompt never imports prompt_toolkit."""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from typer._click.core import Command, Parameter
from typer.core import TyperArgument, TyperGroup, TyperOption

from chronique.cli.shell import HELP, LEAVE, Line, arguments_of, locate, option_of, plays_a_campaign, positionals, takes_value
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets import ruleset
from chronique.domain.text import fold

if TYPE_CHECKING:
    from chronique.domain.world import World

# What a command's parameter names, by its name in the code (the CLI's shared arguments): the
# names the completer offers for it.
CHARACTER_PARAMETERS = frozenset(
    {
        "character", "patient", "attacker", "defender", "actor", "first", "second", "healer", "opponent", "opponents",
        "shooter", "sneak", "supported", "supporter", "watcher", "bystander", "helper", "helpers", "countered_by",
        "other", "names", "participants", "by",
    }
)  # fmt: skip
# What a parameter names of a character, by its name in the code: the kind of the names its game
# gives for the character's sheet (Ruleset.names). The other side's (Elor's ``--their-profession``)
# is read without its prefix.
NAMED_OF_A_SHEET = {
    "skill": "skill", "first_skill": "skill", "second_skill": "skill", "defence_skill": "skill",
    "characteristic": "skill", "theirs": "skill", "target": "skill", "weapon": "weapon", "location": "location", "aim": "aim",
    "profession": "profession", "familiarity": "familiarity", "attribute": "attribute", "faculty": "faculty",
    "difficulty": "difficulty", "related": "related", "quality": "quality", "power": "power",
}  # fmt: skip


def split_typed(text: str) -> tuple[list[str], str, int]:
    """The words before the cursor as a POSIX shell reads them (quotes, backslashes), the word
    being typed (an open quote's text included), and where that word starts in ``text``."""
    words: list[str] = []
    current: list[str] = []
    start: int | None = None
    quote: str | None = None
    at = 0
    while at < len(text):
        char = text[at]
        if quote is not None:
            if char == quote:
                quote = None
            elif char == "\\" and quote == '"' and at + 1 < len(text):
                at += 1
                current.append(text[at])
            else:
                current.append(char)
        elif char.isspace():
            if start is not None:
                words.append("".join(current))
                current, start = [], None
        else:
            start = at if start is None else start
            if char in "'\"":
                quote = char
            elif char == "\\" and at + 1 < len(text):
                at += 1
                current.append(text[at])
            else:
                current.append(char)
        at += 1
    if start is None:
        return words, "", len(text)
    return words, "".join(current), start


class ShellCompleter(Completer):
    """Completes the word at the cursor: a command's or a group's name, an option, and the names
    of the warm world for the parameter being typed: campaigns, characters, and what their game
    lets a line name of them, skills, weapons, body locations and the game's own (ruling SL5)."""

    def __init__(self, line: Line) -> None:
        self.line = line

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        """What may replace the word before the cursor, quoted as the shell reads it back."""
        text = document.text_before_cursor
        words, typed, start = split_typed(text)
        try:
            offered = set(self.offers(words, typed))
        except Exception:  # noqa: BLE001 - a journal that cannot answer now must not end the prompt
            return
        for name in sorted(offered, key=fold):
            if fold(name).startswith(fold(typed)):
                yield Completion(_quoted(name), start_position=start - len(text), display=name)

    def offers(self, words: list[str], typed: str) -> Iterable[str]:
        """Every word that may stand where ``typed`` is, after ``words`` (the caller keeps those
        that begin as ``typed`` does)."""
        asks_help = words[:1] == [HELP]
        command, at = locate(self.line.root, words[1:] if asks_help else words)
        if isinstance(command, TyperGroup):
            if at < len(words) - asks_help:
                return []  # an unknown word: nothing can follow it
            return [*command.commands, *(LEAVE | {HELP} if command is self.line.root and not words else ())]
        if asks_help:
            return []  # help names a command, nothing after it
        rest = words[at:]
        if typed.startswith("-"):
            return [flag for p in command.params if isinstance(p, TyperOption) for flag in (*p.opts, *p.secondary_opts)]
        given = self.line.arguments(command, positionals(command, rest))
        param: Parameter | None
        if rest and rest[-1].startswith("-") and takes_value(option_of(command, rest[-1]), rest[-1]):
            param = option_of(command, rest[-1])
        else:
            param = _argument_at(command, len(given))
        return [] if param is None else self.values(command, param, given)

    def values(self, command: Command, param: Parameter, given: list[str]) -> Iterable[str]:
        """The names ``param`` of ``command`` may take, the line's arguments being ``given``."""
        name = param.name or ""
        if name == "campaign":
            return [campaign for campaign, _ in self.line.warm.campaigns()]
        campaign = given[0] if given and plays_a_campaign(command) else None
        if campaign is None:
            return []
        world = self.line.warm.services().world(campaign)
        if name in ("key", "value") and command.name == "set":
            return _settings(world, name, given)
        if _names_character(param) or (name == "target" and not _mentions_skill(param)):
            return [c.name for c in world.characters.values()]
        kind = NAMED_OF_A_SHEET.get(name.removeprefix("their_"))
        if kind is None:
            return []
        game = ruleset(world.campaign.ruleset)
        whose = _whose(command, param, kind, given, world) or list(world.characters.values())
        return [named for c in whose for named in game.names(c.sheet).get(kind, ())]


def _settings(world: World, name: str, given: list[str]) -> list[str]:
    """``campaign set``'s: the campaign's settings (its game's and the spine's), or the values of
    the one the line names, as a GM types them (``on``/``off`` for a switch)."""
    from chronique.domain.rulesets.options import setting_named
    from chronique.domain.spine_settings import schema_of

    game = ruleset(world.campaign.ruleset)
    schema = schema_of(game.settings_schema())
    if name == "key":
        return [setting.key for setting in schema]
    try:
        setting = setting_named(schema, given[1], game.title)
    except (RuleViolation, IndexError):
        return []
    return [setting.typed(choice.value) for choice in setting.choices]


def _quoted(name: str) -> str:
    # Quoted only where the shell's reading needs it (a space, a quote, a backslash): "Athlétisme"
    # stays as typed.
    return shlex.quote(name) if not name or any(c.isspace() or c in "'\"\\" for c in name) else name


def _names_character(param: Parameter) -> bool:
    help_text = getattr(param, "help", None) or ""
    return param.name in CHARACTER_PARAMETERS or help_text.startswith("Character name")


def _argument_at(command: Command, index: int) -> TyperArgument | None:
    arguments = arguments_of(command)
    if index < len(arguments):
        return arguments[index]
    return arguments[-1] if arguments and arguments[-1].nargs == -1 else None


def _whose(command: Command, param: Parameter, kind: str, given: list[str], world: World) -> list[Any]:
    """The characters the line names whose names of ``kind`` ``param`` offers: for an argument or
    a location, the one named last before it (MicroFudge's ``theirs`` follows the opponent, the
    wound is the patient's); for another option, the one named first, or the others for the other
    side's option (Elor's ``--their-profession``)."""
    named: list[Any] = []
    for argument, word in zip(arguments_of(command), given, strict=False):
        if _names_character(argument):
            try:
                named.append(world.character(word))
            except RuleViolation:
                continue  # not (yet) a name: Elor's NAME:EFFORT:DIFFICULTY, a typo
    if not isinstance(param, TyperOption) or kind == "location":
        return named[-1:]
    return named[1:] if (param.name or "").startswith("their_") else named[:1]


def _mentions_skill(param: Parameter) -> bool:
    return "skill" in (getattr(param, "help", None) or "").lower()
