"""A command of one game on another game's campaign is refused (issue 14; issue 18 item 5): one
line naming the campaign's game and the commands to use instead, exit 2, nothing recorded. Every
game command of the real command tree is tried on a campaign of every other game; each game's
commands sit under its name (`chronique cartes ...` too), so the top level holds none.

Before, `chronique test` on Western Parade raised a pydantic ValidationError, `western-parade
roll` on Cartes a KeyError, and a Cartes `care` wrote a Cartes event into a Western Parade campaign."""

from __future__ import annotations

import json
from collections.abc import Iterator
from enum import Enum
from typing import Any

import pytest
import typer.main
from support import SAMPLES, run, stored

from chronique.cli.app import app
from chronique.domain.rulesets import KNOWN, ruleset

# The commands that work on a campaign of any game; every other command that takes a campaign is
# one game's. A new command lands in neither list until someone decides which it is.
EVERY_GAME = {
    ("advance",), ("log",), ("sheet",), ("luck",), ("verify",), ("xp", "ledger"),
    ("campaign", "show"), ("character", "new"), ("character", "player"), ("character", "show"),
    ("session", "start"), ("session", "end"), ("session", "entropy"),
    ("audit", "export"), ("seal", "check"),
    ("export", "sheet"), ("export", "session"), ("export", "campaign"),
    ("pace", "set"), ("pace", "show"), ("pace", "clear"), ("downtime", "report"), ("downtime", "board"),
    ("campaign", "settings"), ("campaign", "set"), ("use",), ("shell",), ("undo",),
    ("note", "recap"), ("note", "character"), ("note", "list"), ("invite", "new"), ("invite", "revoke"), ("invite", "list"),
}  # fmt: skip


def commands(group: Any = None, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every leaf command of the real app, with its path."""
    group = typer.main.get_command(app) if group is None else group
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            yield from commands(command, (*path, name))
        else:
            yield (*path, name), command


def game_of(path: tuple[str, ...]) -> str:
    """The game a command plays, read off the tree: its group is named after the game."""
    assert path[0] in KNOWN, f"`{' '.join(path)}` takes a campaign but is neither a game's nor in EVERY_GAME"
    return path[0]


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
    assert ("cartes", "xp", "award") in {path for path, _ in found["cartes"]}
    assert ("western-parade", "body", "care") in {path for path, _ in found["western-parade"]}
    # No game's command at the top: every top-level command taking a campaign is every game's.
    top = {path for path, command in commands() if path[0] not in KNOWN and "campaign" in {p.name for p in command.params}}
    assert top <= EVERY_GAME, top - EVERY_GAME
    assert not {("test",), ("draw",), ("care",), ("scene", "end"), ("xp", "award")} & {path for path, _ in commands()}


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
            title = ruleset(game).title
            article = "an" if title[0] in "AEIOU" else "a"  # "an Elor campaign"
            assert f"{campaign} is {article} {title} campaign" in lines[0], f"{where}: {lines[0]}"
            assert f"`chronique {' '.join(path)}` plays {ruleset(other).title}" in lines[0], f"{where}: {lines[0]}"
            assert lines[0].endswith(f"use `chronique {game} ...`"), f"{where}: {lines[0]}"
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
    assert on_cartes.stderr == "error: Verdelune is a Cartes campaign and `chronique elor rest` plays Elor: use `chronique cartes ...`\n"
    # The Cartes `care` used to record a Cartes event into a Western Parade campaign (issue 18 item 5).
    on_wp = run(db, "cartes", "care", "Shotgun City", "Alice", "--healer", "Bruno", check=False)
    assert on_wp.returncode == 2
    assert on_wp.stderr == (
        "error: Shotgun City is a Western Parade campaign and `chronique cartes care` plays Cartes: use `chronique western-parade ...`\n"
    )
    assert stored(db) == before
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    on_elor = run(db, "cartes", "test", "Tolosa", "Samson", "Contact", check=False)
    assert on_elor.stderr == "error: Tolosa is an Elor campaign and `chronique cartes test` plays Cartes: use `chronique elor ...`\n"


def test_the_experience_ledger_stays_at_the_top_and_reads_a_campaign_of_any_game(db: str) -> None:
    # Cartes counts experience in hand cards, Elor in points: one ledger reads both (ruling PL3).
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes")
    run(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / "alice.toml"))
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    run(db, "character", "new", "Tolosa", "--sheet", str(SAMPLES / "elor_samson.toml"))
    run(db, "cartes", "xp", "award", "Verdelune", "Alice", "2", "--reason", "the ambush")
    run(db, "elor", "xp", "award", "Tolosa", "Samson", "3", "--reason", "the siege")
    for campaign, who, change, reason in (("Verdelune", "Alice", 2, "the ambush"), ("Tolosa", "Samson", 3, "the siege")):
        (row,) = json.loads(run(db, "xp", "ledger", campaign, "--json").stdout)
        assert (row["name"], row["change"], row["reason"], row["balance"]) == (who, change, reason, change)


def test_the_experience_ledger_says_in_words_where_a_game_keeps_growth_or_that_none_was_recorded(db: str) -> None:
    # MicroFudge counts experience in Atouts on the sheet («IV» L211-L215) and Western Parade keeps
    # none to spend (§2.3-§2.7): their ledger printed an empty table, as did a new campaign's.
    said = {
        "cartes": "Cartes game: no experience has been awarded or spent yet\n",
        "elor": "Elor game: no experience has been awarded or spent yet\n",
        "microfudge": "MicroFudge CECJ counts experience in Atouts, kept on each character's sheet («IV» L211-L215), not in a ledger.\n",
        "western-parade": (
            "Western Parade keeps no experience to spend: skills and characteristics grow by improvement rolls and training (§2.3-§2.7).\n"
        ),
    }
    for game in KNOWN:
        name = f"{ruleset(game).title.split()[0]} game"
        run(db, "campaign", "new", name, "--ruleset", ruleset(game).name)
        shown = run(db, "xp", "ledger", name)
        assert shown.stdout == said[game], game
        assert json.loads(run(db, "xp", "ledger", name, "--json").stdout) == []  # the data stays data
