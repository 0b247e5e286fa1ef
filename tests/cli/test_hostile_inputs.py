"""Every command of the real command tree, fed malformed values, answers with an exit status and one
line, never a traceback, and a refused command leaves the journal as it was (issue 18, "one error
boundary": the 217 bad inputs of the issue, here generated for every parameter of every command).

Each command is tried on a journal holding one campaign of each game, built from cli/samples with a
session open, each parameter in turn given a hostile value (hypothesis draws it): integers far
beyond 2^53, negative numbers, NaN and infinities, empty strings, 200,000-character strings, NUL,
ANSI and OSC escapes, lone surrogates (what non-UTF-8 bytes of a command line become), unknown
names, another game's campaign, damaged sheet files, paths at a folder, a missing folder or the
journal itself. The other parameters get well-formed values of the command's game, so the hostile
one reaches as far into the command as it can.
"""

from __future__ import annotations

import gzip
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import SAMPLES, USER_TABLES, Contents, contents_of, fresh_database, put_back, run

from chronique.cli.app import app
from chronique.domain.rulesets import KNOWN
from chronique.domain.text import TEXT_LIMIT, unprintable

# Commands never run here, and why: each starts something that outlives the command or acts on
# paths and processes outside the journal under test.
EXCLUDED = {
    ("daemon",): "runs until stopped (the pacing loop); its --tick range is tests/cli/test_bounds.py's",
    ("serve",): "serves the web journal until stopped; its --port range is tests/cli/test_bounds.py's",
    ("demo",): "builds a demonstration journal of its own and plays it",
    ("backup",): "copies the journal to a path (tests/adapters and tests/cli backup tests cover its paths)",
    ("restore",): "replaces the journal from a file (its refusals are the backup tests')",
    ("db", "upgrade"): "migrates the journal's schema: no value to malform",
    ("init",): "creates a journal: no value to malform",
    ("shell",): "an interactive loop reading commands from the terminal (each of which is tried here on its own)",
}
EXAMPLES = 3
CAMPAIGNS = {"cartes": "Verdelune", "elor": "Tolosa", "microfudge": "Zombies", "western-parade": "Dodge"}
PARTIES = {
    "cartes": ("alice", "bruno", "brigand"),
    "elor": ("elor_samson", "elor_montana"),
    "microfudge": ("mf_harvey", "mf_jim", "mf_zombie"),
    "western-parade": ("wp_sam", "wp_joe", "wp_doc"),
}
NAMES = {
    "cartes": ("Alice", "Bruno", "Brigand"),
    "elor": ("Samson", "Montana James"),
    "microfudge": ("Harvey", "Jim", "Zombie"),
    "western-parade": ("Sam Parkerson", "Joe Hambuster", "Doc Holloway"),
}
# Parameters that name a character of the campaign.
CHARACTER_PARAMS = {
    "character", "attacker", "defender", "first", "second", "sneak", "watcher", "supporter", "supported", "patient",
    "healer", "actor", "opponent", "shooter", "other", "by", "guard", "bystander", "for_", "opponents", "names",
    "participants", "helpers", "helper", "side", "countered_by",
}  # fmt: skip
# Well-formed words for the parameters a command requires (the command may still refuse them: the
# point is that the hostile value, not a missing one, is what the command meets).
WORDS = {
    "skill": {"cartes": "Contact", "western-parade": "Tir au pistolet"},
    "first_skill": {"cartes": "Contact"},
    "second_skill": {"cartes": "Contact"},
    "characteristic": {"microfudge": "Tir"},
    "theirs": {"microfudge": "Combat"},
    "location": {"elor": "head", "western-parade": "head"},
    "target": {"western-parade": "AGI"},
    "kind": {"western-parade": "hunting", "elor": "profession"},
    "weapon": {"elor": "Épée", "western-parade": "Colt"},
    "lethality": {"cartes": "moyenne"},
    "ruleset": {"cartes": "cartes"},
    "level": {"western-parade": "rest"},
    "purchase": {"cartes": "skill"},
    "projection": {"": "sheets"},
}
NUMBERS = {"damage": "3", "amount": "3", "distance": "10", "degrees": "3", "severity": "1", "setback_id": "1", "hours": "5"}

HUGE_INTEGERS = ["10000000000000000000000000", str(2**64), str(-(2**64)), str(2**53), "-1", "-0", "1e3", "0x10", "nan", "", " 7", "١٢"]
HOSTILE_FLOATS = ["nan", "-nan", "inf", "-inf", "1e308", "-1e308", "1e-320", "-1", "", "0x1p3", "1_0"]
HOSTILE_TEXT = [
    "", " ", "\t", "x" * 200_000, "a\x00b", "\x1b[2J\x1b]0;pwned\x07", "\x1b]8;;http://evil\x07link\x1b]8;;\x07", "caf\udce9",
    "\u202egnp.exe", "Nobody", "99999999999999999999w", "-1w", "Day 99999999999999999999 08:00", "9999-99-99", "--", "-",
    "1e400", "../../../etc/passwd", "%s%n{0}", "${HOME}", "'; DROP TABLE stored_events; --", "\n".join(["two", "lines"]),
]  # fmt: skip


@dataclass
class Journal:
    """The journal under test and the template it is restored from after a command changed it."""

    backend: str
    template: str
    location: str
    folder: Path
    dirty: bool = False
    stack: ExitStack = field(default_factory=ExitStack)
    kept: Contents | None = None
    tables: list[str] | None = None

    def restore(self) -> None:
        """The journal as the template holds it (only after a command was accepted: a refused one
        must have left it so)."""
        if not self.dirty:
            return
        if self.backend == "sqlite":
            for suffix in ("", "-wal", "-shm"):
                Path(self.location + suffix).unlink(missing_ok=True)
            shutil.copyfile(self.template, self.location)
        elif not put_back(self.location, self.contents()):
            _pg_copy(self.template, self.location)  # its shape changed, or a process stayed connected
        self.dirty = False

    def contents(self) -> Contents:
        """What the PostgreSQL template holds, read once: putting it back in the journal under test
        takes a tenth of the time of copying the template's database again."""
        if self.kept is None:
            self.kept = contents_of(self.template)
        return self.kept


def _pg_admin() -> Any:
    import psycopg
    from support import POSTGRES_SERVER

    return psycopg.connect(f"{POSTGRES_SERVER}/postgres", autocommit=True)


def _pg_copy(template: str, location: str) -> None:
    source, target = template.rsplit("/", 1)[1], location.rsplit("/", 1)[1]
    with _pg_admin() as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{target}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{target}" TEMPLATE "{source}"')


def _build(db: str) -> None:
    for game, campaign in CAMPAIGNS.items():
        start = ("--start", "1873-05-01 08:00") if game == "western-parade" else ("--start", "Day 1 08:00")
        run(db, "campaign", "new", campaign, "--ruleset", game, *start)
        for sheet in PARTIES[game]:
            run(db, "character", "new", campaign, "--sheet", str(SAMPLES / f"{sheet}.toml"))
        run(db, "session", "start", campaign)
    # Commands leave the read models to the next read: one read catches them all up, so a refused
    # read that would have caught them up is not taken for a change.
    run(db, "luck", campaign)


@pytest.fixture(scope="module")
def journals(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Journal]]:
    """One journal per backend, built once for the module (lazily, by :func:`journal_on`)."""
    built: dict[str, Journal] = {}
    yield built
    for journal in built.values():
        journal.stack.close()


def journal_on(journals: dict[str, Journal], backend: str, folder: Path) -> Journal:
    """The module's journal on ``backend``: a template with the four campaigns, and a copy of it."""
    if backend not in journals:
        stack = ExitStack()
        template = stack.enter_context(fresh_database(backend, folder))
        _build(template)
        if backend == "sqlite":
            location = str(folder / "under-test.db")
        else:
            location = stack.enter_context(fresh_database(backend, folder))
        journal = Journal(backend, template, location, folder, dirty=True, stack=stack)
        journal.restore()
        journals[backend] = journal
    return journals[backend]


def fingerprint(journal: Journal) -> dict[str, Any]:
    """What a refused command must leave unchanged: every table's row count and the last event's
    notification id (the read models and the seeds included)."""
    if journal.backend == "sqlite":
        with sqlite3.connect(f"file:{journal.location}?mode=ro", uri=True) as connection:
            tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            counts = {table: connection.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0] for table in tables}
            last = connection.execute("SELECT max(rowid) FROM stored_events").fetchone()[0]
        connection.close()
        return {"tables": counts, "last": last}
    import psycopg

    with psycopg.connect(journal.location) as server:
        if journal.tables is None:  # the same tables all along: a changed shape fails the restore's check
            journal.tables = [row[0] for row in server.execute(USER_TABLES)]
        # One statement for all the counts and the last id: a round trip each was a third of this module's time.
        counts = ", ".join(f"(SELECT count(*) FROM {table})" for table in journal.tables)
        counted = server.execute(f"SELECT {counts}, (SELECT max(notification_id) FROM chronique_events)").fetchone()
        assert counted is not None
    return {"tables": dict(zip(journal.tables, counted[:-1], strict=True)), "last": counted[-1]}


# -- the command tree -----------------------------------------------------------------------------


def leaves(group: Any = None, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every leaf command of the real app with its path."""
    group = typer.main.get_command(app) if group is None else group
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            yield from leaves(command, (*path, name))
        else:
            yield (*path, name), command


def hostile_params(command: Any) -> list[Any]:
    """The parameters a value is given to: every one but the flags and the counted options (they
    take no value)."""
    return [p for p in command.params if not getattr(p, "is_flag", False) and not getattr(p, "count", False)]


COMMANDS = [(path, command) for path, command in leaves() if path not in EXCLUDED]


def _kind(param: Any) -> str:
    annotation = param.type_descriptor.annotation
    text = str(annotation)
    if annotation is Path or "Path" in text:
        return "path"
    if annotation is float or "float" in text:
        return "float"
    if annotation is int or "int" in text:
        return "int"
    return "text"


def game_of(path: tuple[str, ...]) -> str | None:
    """The game a command plays (its group is named after it), or None for every game's."""
    return path[0] if path[0] in KNOWN else None


@dataclass(frozen=True)
class Files:
    """Sheets and paths a file parameter is given: damaged sheets, folders, a missing folder, the
    journal itself."""

    folder: Path
    journal: str

    @cached_property
    def hostile(self) -> list[str]:
        """Paths that are not what the parameter asks for (the files written once)."""
        f = self.folder
        (f / "latin1.toml").write_bytes('name = "Al\xe9"\n'.encode("latin-1"))
        (f / "deep.json").write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
        (f / "sheet.toml.gz").write_bytes(gzip.compress((SAMPLES / "alice.toml").read_bytes()))
        (f / "empty.toml").write_text("", encoding="utf-8")
        (f / "huge.json").write_text('{"name": "X", "atouts": 100000000000000000000000, "ranks": {"Tir": 1e400}}', encoding="utf-8")
        (f / "list.json").write_text("[1, 2, 3]", encoding="utf-8")
        (f / "nul.toml").write_text('name = "A\\u0000B"\n', encoding="utf-8")
        names = ["latin1.toml", "deep.json", "sheet.toml.gz", "empty.toml", "huge.json", "list.json", "nul.toml"]
        return [
            *(str(f / name) for name in names),
            "",
            ".",
            str(f),
            str(f / "no-such-folder" / "out.md"),
            "a\x00b",
            "x" * 5000,
            self.journal,
            # Each game's first sample, copied: an output path may be given one, and write over it.
            *(str(shutil.copy(SAMPLES / f"{sheets[0]}.toml", f)) for sheets in PARTIES.values()),
        ]


def hostile(param: Any, game: str | None, files: Files) -> st.SearchStrategy[str]:
    """Malformed values for ``param``."""
    kind = _kind(param)
    if kind == "path":
        return st.sampled_from(files.hostile)
    if kind == "int":
        return st.one_of(
            st.sampled_from(HUGE_INTEGERS),
            st.integers(min_value=2**53, max_value=10**30).map(str),
            st.integers(min_value=-(10**30), max_value=-(2**53)).map(str),
        )
    if kind == "float":
        return st.one_of(st.sampled_from(HOSTILE_FLOATS), st.floats(allow_nan=True, allow_infinity=True).map(repr))
    others = [c for g, c in CAMPAIGNS.items() if g != game] if param.name in ("campaign", "name") else []
    return st.one_of(
        st.sampled_from(HOSTILE_TEXT + others),
        st.text(st.characters(codec=None, exclude_categories=()), max_size=30),
    )


def well_formed(path: tuple[str, ...], param: Any, game: str, used: list[str]) -> str:
    """A well-formed value of ``param`` for a command of ``game``."""
    name = param.name
    if name == "campaign" or (name == "name" and path == ("campaign", "show")):
        return CAMPAIGNS[game]
    if name == "name" and path == ("campaign", "new"):
        return "Nouvelle"
    if name in CHARACTER_PARAMS or (name == "name" and path in {("sheet",), ("character", "show"), ("character", "player")}):
        free = [n for n in NAMES[game] if n not in used] or list(NAMES[game])
        used.append(free[0])
        return free[0]
    if name == "sheet":
        return str(SAMPLES / f"{PARTIES[game][0]}.toml")
    if name in WORDS:
        words = WORDS[name]
        return words.get(game, next(iter(words.values())))
    if name in NUMBERS:
        return NUMBERS[name]
    kind = _kind(param)
    if kind in ("int", "float"):
        return "1" if param.min is None else str(param.min)
    if kind == "path":
        return "out.txt"
    return "x"


def argv(path: tuple[str, ...], command: Any, game: str, target: Any, value: str) -> list[str]:
    """The command with ``value`` for ``target`` and a well-formed value for every other parameter
    it requires: options first, then ``--`` and the arguments, so a value starting with '-' is an
    argument's, not an option."""
    options: list[str] = []
    arguments: list[str] = []
    used: list[str] = []
    for param in command.params:
        if param is not target and not param.required:
            continue
        given = value if param is target else well_formed(path, param, game, used)
        if param.param_type_name == "option":
            options += [param.opts[0], given]
        else:
            arguments.append(given)
    return [*path, *options, "--", *arguments]


# -- the test -------------------------------------------------------------------------------------

SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _an_error_in_one_line(stderr: str) -> bool:
    lines = stderr.strip().splitlines()
    if len(lines) == 1:
        return True
    # A sheet's problems, all at once: a head line then one indented line a problem.
    return bool(lines) and " sheet has " in lines[0] and all(line.startswith("  ") for line in lines[1:])


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[" ".join(path) for path, _ in COMMANDS])
def test_a_malformed_value_is_refused_in_one_line_and_changes_nothing(
    backend: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    journals: dict[str, Journal],
    tmp_path_factory: pytest.TempPathFactory,
    path: tuple[str, ...],
    command: Any,
) -> None:
    journal = journal_on(journals, backend, tmp_path_factory.mktemp(f"journal-{backend}"))
    files = Files(tmp_path, journal.location)
    monkeypatch.chdir(tmp_path)  # an output path the generator gives lands here
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # and a default campaign (`use`)
    monkeypatch.delenv("CHRONIQUE_CAMPAIGN", raising=False)
    params = hostile_params(command)
    cases = 0

    @SETTINGS
    @given(data=st.data())
    def every_parameter(data: st.DataObject) -> None:
        nonlocal cases
        game = game_of(path) or data.draw(st.sampled_from(sorted(CAMPAIGNS)), label="campaign's game")
        for param in params:
            value = data.draw(hostile(param, game_of(path), files), label=param.name)
            words = argv(path, command, game, param, value)
            journal.restore()
            before = fingerprint(journal)
            result = run(journal.location, *words, check=False)  # a traceback would raise here
            shown = f"`{' '.join(path)}` with {param.name}={value[:80]!r}: exit {result.returncode}\n{result.stderr[:2000]}"
            assert result.returncode in (0, 1, 2), shown
            assert "Traceback" not in result.stdout + result.stderr, shown
            assert "error: unexpected " not in result.stderr, shown  # the boundary's words for an exception it did not expect
            if result.returncode == 0:
                # Nothing accepted breaks the journal, and no text a name or a reason may not hold is recorded.
                assert run(journal.location, "campaign", "list", check=False).returncode == 0, shown
                journal.dirty = fingerprint(journal) != before
                if journal.dirty and _kind(param) == "text":
                    assert unprintable(value) is None and len(value.strip()) <= TEXT_LIMIT, shown
            else:
                assert _an_error_in_one_line(result.stderr), shown
                assert fingerprint(journal) == before, shown
            cases += 1

    every_parameter()
    assert cases >= len(params)  # every parameter was given a hostile value at least once


# -- what the generator found, each pinned on its own ---------------------------------------------


@pytest.mark.parametrize(
    "args",
    [("audit", "export", "Verdelune", "-o"), ("audit", "verifier", "-o"), ("export", "campaign", "Verdelune", "-o")],
    ids=lambda args: " ".join(args[:2]),
)
def test_an_output_file_that_is_the_journal_itself_is_refused_and_the_journal_survives(db_path: Path, args: tuple[str, ...]) -> None:
    # `audit export -o <the journal>` exited 0 having written JSON over the journal: nothing could
    # read it afterwards. Its WAL is the journal too.
    journal = str(db_path)
    run(journal, "campaign", "new", "Verdelune", "--ruleset", "cartes")
    for target in (journal, journal + "-wal"):
        result = run(journal, *args, target, check=False)
        assert (result.returncode, result.stdout) == (2, ""), result
        assert result.stderr == f"error: `--output` is the journal itself ({target}): writing there would destroy it; choose another file\n"
    assert "Verdelune" in run(journal, "campaign", "list").stdout


def test_a_mistyped_seal_is_bad_input_not_a_journal_that_was_rewritten(db: str) -> None:
    # A seal that is no digest (a typo, a truncated copy) was reported as a journal "rewritten or
    # cut short", exit 1: what tampering is reported as.
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes")
    for args in (("seal", "check", "Verdelune", "057bbdf6"), ("verify", "Verdelune", "--seal", ""), ("verify", "--commitment", "nope")):
        result = run(db, *args, check=False)
        assert (result.returncode, result.stdout) == (2, ""), result
        assert result.stderr.count("\n") == 1 and "takes 64 hexadecimal digits, as a receipt prints them" in result.stderr


def test_a_western_parade_wound_of_an_unknown_kind_is_refused(db: str) -> None:
    # A mistyped `--kind bulet` was recorded as a wound that is no bullet (none lodged, §3.2.7.3).
    run(db, "campaign", "new", "Dodge", "--ruleset", "western-parade", "--start", "1873-05-01")
    run(db, "character", "new", "Dodge", "--sheet", str(SAMPLES / "wp_sam.toml"))
    result = run(db, "western-parade", "body", "wound", "Dodge", "Sam Parkerson", "right-thigh", "3", "--kind", "bulet", check=False)
    assert (result.returncode, result.stderr) == (2, "error: `--kind` takes `bullet`, `slash`, `thrust`, `blunt` or `blade`, not “bulet”\n")
