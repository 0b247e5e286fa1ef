"""Cold commands lean (issue 20): the command tree is loaded a branch at a time, the values a
command is given are read without pydantic where Typer's adapter adds nothing, and the methods of
dataclasses are compiled once per machine. Each is held to what it replaces: the tree a test
walks whole is the tree the CLI ran before (tests/cli/test_help_proofread.py and the others walk
it), the help lines of the table are the built commands' own, a value reads as Typer reads it,
and a dataclass made from the cache is the one Python makes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer.main
from support import SAMPLES, chronique
from typer._click.exceptions import BadParameter
from typer._coercion import build_runtime_param

from chronique.cli.app import app
from chronique.cli.coercion import PlainRuntimeParam
from chronique.cli.tree import branches
from chronique.domain.rulesets.registry import PACKAGES

# The modules of commands: a command run imports its own and no other. The root group itself
# completes names and fills in the default campaign with two of them, whatever command runs.
COMMAND_MODULES = {f"chronique.cli.{branch.module}" for branch in branches().values()} - {"chronique.cli.completion", "chronique.cli.use"}


def loaded_by(args: list[str], env: dict[str, str] | None = None) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """Run the real ``chronique`` entry point in a fresh Python with ``args``; what it printed,
    and the modules it had imported when it finished."""
    script = (
        "import json, sys\n"
        "from chronique.cli.app import main\n"
        "sys.argv = ['chronique', *json.loads(sys.argv[1])]\n"
        "try:\n    main()\n"
        "except SystemExit as done:\n    code = done.code\n"
        "else:\n    code = 0\n"
        "print('MODULES ' + json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, json.dumps(args)], capture_output=True, text=True, env=env or dict(os.environ), timeout=120
    )
    marker = next(line for line in done.stderr.splitlines() if line.startswith("MODULES "))
    return done, set(json.loads(marker.removeprefix("MODULES ")))


def test_the_table_says_what_each_built_branch_says() -> None:
    root = typer.main.get_command(app)
    table = branches()
    assert list(root.commands) == ["init", *table], "the table lists every branch once, in the order of --help"
    for game in PACKAGES:
        assert table[game].summary is not None, f"the game {game} has no line in cli/tree.py: --help would import it"
    for name, branch in table.items():
        command = root.commands[name]
        assert (branch.summary, False) == (command.get_short_help_str(), command.hidden), name


def test_help_imports_no_command_module() -> None:
    done, modules = loaded_by(["--help"])
    assert done.returncode == 0, done.stderr
    assert "western-parade  Western Parade (d100 western)" in done.stdout
    assert not modules & COMMAND_MODULES


def test_a_command_imports_its_own_module_and_reads_its_words_without_pydantic_adapters(tmp_path: Path) -> None:
    db = str(tmp_path / "journal.db")
    chronique(db, "campaign", "new", "Vallée Verte", "--ruleset", "cartes")
    chronique(db, "character", "new", "Vallée Verte", "--sheet", str(SAMPLES / "alice.toml"))
    done, modules = loaded_by(["--db", db, "sheet", "Vallée Verte", "Alice"])
    assert done.returncode == 0, done.stderr
    assert "Alice" in done.stdout
    assert modules & COMMAND_MODULES == {"chronique.cli.journal"}
    # Typer's pydantic adapters (cli/coercion.py): words and numbers need none of them.
    assert "typer._adapters" not in modules
    # The game's tables are read as a plain file (domain/rulesets/data.py): importlib.resources
    # brought zipfile and tempfile, 3 to 4 ms of every command that reads a table (issue 20).
    assert "importlib.resources" not in modules
    # Nor does a sheet read a time zone: pacing imports zoneinfo where it reads one.
    assert "zoneinfo" not in modules


@pytest.mark.parametrize("game", ["cartes", "elor", "microfudge", "westernparade"])
def test_every_game_reads_its_tables_without_importlib_resources(game: str) -> None:
    script = (
        f"import sys\nfrom chronique.domain.rulesets.{game}.tables import tables\ntables()\nprint('importlib.resources' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout.strip()) == (0, "False"), done.stderr


def test_completing_a_command_name_imports_no_command_module() -> None:
    env = dict(os.environ, _CHRONIQUE_COMPLETE="complete_bash", COMP_WORDS="chronique western", COMP_CWORD="1")
    done, modules = loaded_by([], env)
    assert done.stdout.split() == ["western-parade"]
    assert not modules & COMMAND_MODULES


def test_a_game_builds_only_the_command_run() -> None:
    root = typer.main.get_command(app)
    game = root.commands["western-parade"]
    assert "roll" in game.commands and game.commands.built("roll") is None
    roll = game.commands["roll"]
    assert game.commands.built("roll") is roll and game.commands.built("shoot") is None
    # Made ready as the whole tree was: guarded, and given the default campaign (cli/boundary.py).
    assert hasattr(roll.callback, "__wrapped__") and roll.make_context.__name__ == "make"


def _param(path: tuple[str, ...], name: str) -> Any:
    command = typer.main.get_command(app)
    for word in path:
        command = command.commands[word]
    return next(p for p in command.params if p.name == name)


def _typer_reads(param: Any, value: Any) -> tuple[str, Any]:
    try:
        return "value", build_runtime_param(param.type_descriptor).coerce(value, param=param, ctx=None)
    except BadParameter as refused:
        return "refused", refused.message


def _plain_reads(param: Any, value: Any) -> tuple[str, Any]:
    # The reader the tree gives it, afresh (Typer's adapter, once built for a value it hands
    # over, is kept on the parameter beside it).
    assert isinstance(param._runtime_param, PlainRuntimeParam)
    plain = PlainRuntimeParam(parameter_info=param._runtime_param.parameter_info, annotation=param._runtime_param.annotation)
    try:
        return "value", plain.coerce(value, param=param, ctx=None)
    except BadParameter as refused:
        return "refused", refused.message


@pytest.mark.parametrize(
    ("path", "name", "values"),
    [
        (("cartes", "test"), "modifier", ["5", "-0", "007", " 5", "1_000", "5.0", "+5", "٥", "99999999999999999999", 3]),
        (("log",), "limit", ["1", "0", "-3", "20"]),  # min=1: out of range is Typer's refusal
        (("log",), "character", [("Alice", "Bruno"), ["Alice"], ()]),
        (("cartes", "test"), "skill", ["Contact", "Athlétisme", "a\udcffb", ""]),
        (("sheet",), "as_json", [True, False, "yes", "0"]),
    ],
)
def test_a_value_reads_as_typer_reads_it(path: tuple[str, ...], name: str, values: list[Any]) -> None:
    for value in values:
        assert _plain_reads(_param(path, name), value) == _typer_reads(_param(path, name), value), (name, value)


@pytest.mark.parametrize(
    ("path", "name", "value", "words"),
    [
        (("cartes", "test"), "modifier", "x", "“x” is not a whole number"),
        (("cartes", "test"), "modifier", "", "“” is not a whole number"),
        (("cartes", "test"), "modifier", "5.5", "“5.5” is not a whole number"),
        (("log",), "limit", "1e3", "“1e3” is not a whole number"),
        (("daemon",), "tick", "soon", "“soon” is not a number"),
    ],
)
def test_a_value_typer_refuses_and_that_is_no_number_is_refused_in_words(path: tuple[str, ...], name: str, value: str, words: str) -> None:
    # Typer refuses it too, in pydantic's words ("unable to parse string as an integer").
    assert _typer_reads(_param(path, name), value)[0] == "refused"
    assert _plain_reads(_param(path, name), value) == ("refused", words)


def _fresh_python(code: str, cache: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env.update(XDG_CACHE_HOME=str(cache), **extra)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120, check=True)


# A process that installs the cache, makes the journal's event classes, and says how many texts
# it compiled and what a dataclass it made looks like.
_MAKES_CLASSES = """
import dataclasses, json
from chronique.cli.codecache import install
texts = install()
import chronique.domain.rulesets.cartes.events, chronique.domain.campaign

@dataclasses.dataclass(frozen=True, order=True)
class Point:
    x: int
    y: int = 2

p = Point(1)
try:
    p.x = 3
    frozen = False
except dataclasses.FrozenInstanceError:
    frozen = True
print(json.dumps({"compiled": texts._new, "repr": repr(p), "eq": p == Point(1, 2), "lt": p < Point(1, 3),
                  "hash": hash(p) == hash(Point(1, 2)), "frozen": frozen, "annotations": str(Point.__init__.__annotations__),
                  "init": Point.__init__.__code__.co_varnames, "file": Point.__init__.__code__.co_filename}))
"""


def test_the_dataclass_methods_compiled_once_are_read_back_and_behave_as_python_s(tmp_path: Path) -> None:
    first = json.loads(_fresh_python(_MAKES_CLASSES, tmp_path).stdout)
    cache = tmp_path / "chronique" / f"dataclasses.{sys.implementation.cache_tag}.marshal"
    assert first["compiled"] > 100 and cache.exists()
    assert cache.stat().st_mode & 0o777 == 0o600  # the user's own, as Python's bytecode is not: it is run
    second = json.loads(_fresh_python(_MAKES_CLASSES, tmp_path).stdout)
    assert second["compiled"] == 0, "every text was read back from the cache"
    assert {**second, "compiled": None} == {**first, "compiled": None}
    assert (second["repr"], second["eq"], second["lt"], second["hash"], second["frozen"]) == ("Point(x=1, y=2)", True, True, True, True)
    # The annotations are objects, as Python's own exec of the text makes them (no __future__ inherited).
    assert second["annotations"] == "{'x': <class 'int'>, 'y': <class 'int'>, 'return': None}"
    assert second["file"] == "<string>"  # where Python's own exec of the text puts it


def test_a_damaged_cache_is_compiled_afresh_and_rewritten(tmp_path: Path) -> None:
    cache = tmp_path / "chronique" / f"dataclasses.{sys.implementation.cache_tag}.marshal"
    cache.parent.mkdir(parents=True)
    cache.write_bytes(b"not a cache at all")
    assert json.loads(_fresh_python(_MAKES_CLASSES, tmp_path).stdout)["compiled"] > 100
    assert json.loads(_fresh_python(_MAKES_CLASSES, tmp_path).stdout)["compiled"] == 0


def test_nothing_is_written_when_python_writes_no_bytecode(tmp_path: Path) -> None:
    assert json.loads(_fresh_python(_MAKES_CLASSES, tmp_path, PYTHONDONTWRITEBYTECODE="1").stdout)["compiled"] > 100
    assert not (tmp_path / "chronique").exists()
