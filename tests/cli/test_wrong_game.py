"""A command of one game on another game's campaign is refused (issue 14; issue 18 item 5): one
line naming the campaign's game and the commands to use instead, exit 2, nothing recorded. Every
game command of the real command tree is tried on a campaign of every other game.

Before, `chronique test` on Western Parade raised a pydantic ValidationError, `western-parade
roll` on Cartes a KeyError, and a Cartes `care` wrote a Cartes event into a Western Parade campaign."""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from typing import Any

import pytest
import typer.main
from support import run, stored

from chronique.cli.app import app
from chronique.domain.rulesets import KNOWN

GAME_WORDS = {"cartes": "Cartes", "elor": "Elor", "microfudge": "MicroFudge", "western-parade": "Western Parade"}
# The commands that work on a campaign of any game; every other command that takes a campaign is
# one game's. A new command lands in neither list until someone decides which it is.
EVERY_GAME = {
    ("advance",), ("log",), ("sheet",), ("luck",), ("verify",),
    ("campaign", "show"), ("character", "new"), ("character", "player"), ("character", "show"),
    ("session", "start"), ("session", "end"), ("session", "entropy"),
    ("audit", "export"), ("seal", "check"),
    ("export", "sheet"), ("export", "session"), ("export", "campaign"),
    ("pace", "set"), ("pace", "show"), ("pace", "clear"), ("downtime", "report"), ("downtime", "board"),
}  # fmt: skip
# The Cartes commands sit at the top level (the table's verbs) and in `xp` and `scene` (issue 14).
CARTES = {("test",), ("attack",), ("oppose",), ("spot",), ("support",), ("draw",), ("wound",), ("conscious",),
          ("recover",), ("resource",), ("care",), ("cure",), ("xp",), ("scene",)}  # fmt: skip


def commands(group: Any = None, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every leaf command of the real app, with its path."""
    group = typer.main.get_command(app) if group is None else group
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            yield from commands(command, (*path, name))
        else:
            yield (*path, name), command


def game_of(path: tuple[str, ...]) -> str:
    """The game a command plays, read off the tree: its group is named after the game, or it is
    one of the Cartes commands."""
    if path[0] in KNOWN:
        return path[0]
    assert path[:1] in CARTES, f"`{' '.join(path)}` takes a campaign but is neither a game's nor in EVERY_GAME"
    return "cartes"


def game_commands() -> dict[str, list[tuple[tuple[str, ...], Any]]]:
    """Each game's commands: every command taking a campaign that is not one of every game."""
    found: dict[str, list[tuple[tuple[str, ...], Any]]] = {game: [] for game in KNOWN}
    for path, command in commands():
        if "campaign" in {p.name for p in command.params} and path not in EVERY_GAME:
            found[game_of(path)].append((path, command))
    return found


def argv(path: tuple[str, ...], command: Any, campaign: str) -> list[str]:
    """The command with the campaign and a well-formed placeholder for everything else it requires:
    the words reach the command itself, past Click's parsing."""
    words = [*path]
    for param in command.params:
        if param.name == "campaign":
            words.append(campaign)
            continue
        if not param.required:
            continue
        value = _placeholder(param)
        if param.param_type_name == "option":
            words += [param.opts[0], value]
        else:
            words.append(value)
    return words


def _placeholder(param: Any) -> str:
    # "1" reads as a word, a whole number and a decimal alike; a bounded number takes its least
    # value, a choice its first.
    annotation = param.type_descriptor.annotation
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return str(next(iter(annotation)).value)
    return "1" if param.min is None else str(param.min)


def test_the_command_tree_has_commands_of_every_game() -> None:
    found = game_commands()
    assert all(found[game] for game in KNOWN), {game: len(cmds) for game, cmds in found.items()}
    assert {"xp", "award"} <= {word for path, _ in found["cartes"] for word in path}
    assert ("western-parade", "body", "care") in {path for path, _ in found["western-parade"]}


@pytest.mark.parametrize("game", KNOWN)
def test_every_other_game_s_command_refuses_a_campaign_of_this_game(db: str, game: str) -> None:
    campaign = f"Campagne {game}"
    run(db, "campaign", "new", campaign, "--ruleset", game)
    before = stored(db)
    tried = 0
    for other, their_commands in game_commands().items():
        if other == game:
            continue
        for path, command in their_commands:
            result = run(db, *argv(path, command, campaign), check=False)
            where = f"`{' '.join(path)}` on a {game} campaign"
            assert result.returncode == 2, f"{where}: exit {result.returncode}\n{result.stdout}{result.stderr}"
            lines = result.stderr.strip().splitlines()
            assert len(lines) == 1, f"{where}: {result.stderr}"
            assert f"{campaign} is a {GAME_WORDS[game]} campaign" in lines[0], f"{where}: {lines[0]}"
            assert f"plays {GAME_WORDS[other]}" in lines[0], f"{where}: {lines[0]}"
            assert "Traceback" not in result.stderr + result.stdout
            tried += 1
    assert tried == sum(len(cmds) for other, cmds in game_commands().items() if other != game)
    assert stored(db) == before


def test_the_refusal_names_the_commands_of_the_campaign_s_game(db: str) -> None:
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes")
    run(db, "campaign", "new", "Shotgun City", "--ruleset", "western-parade")
    before = stored(db)
    on_cartes = run(db, "elor", "rest", "Verdelune", "Alice", check=False)
    assert on_cartes.returncode == 2
    assert on_cartes.stderr == (
        "error: Verdelune is a Cartes campaign and `chronique elor rest` plays Elor: "
        "use the top-level table commands (`chronique test`, `chronique xp ...`)\n"
    )
    # The Cartes `care` used to record a Cartes event into a Western Parade campaign (issue 18 item 5).
    on_wp = run(db, "care", "Shotgun City", "Alice", "--healer", "Bruno", check=False)
    assert on_wp.returncode == 2
    assert on_wp.stderr == (
        "error: Shotgun City is a Western Parade campaign and `chronique care` plays Cartes: use `chronique western-parade ...`\n"
    )
    assert stored(db) == before
