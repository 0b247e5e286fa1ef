"""Test helpers: a seed vault with scripted seeds (chance is the one thing tests may fake)."""

from __future__ import annotations

import atexit
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from uuid import UUID

# First, as ``python -m chronique.cli`` does: the CLI package sets Typer's environment (plain Click
# help, no Rich panels) and Typer reads it once, when it is first imported. The in-process runner
# below must see the CLI a user sees, whatever test module imports Typer first.
import chronique.cli  # noqa: F401, I001
from chronique.adapters.audit import Audit
from chronique.adapters.journal import Journal
from chronique.adapters.services import Chronique
from chronique.adapters.settings import Settings
from chronique.domain.fairness import commitment
from chronique.domain.rulesets.cartes.combat import suffer_wound
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test

SAMPLES = Path(__file__).parents[1] / "cli" / "samples"
BACKENDS = ("sqlite", "postgresql")
POSTGRES_SERVER = os.environ.get("CHRONIQUE_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432")


@contextmanager
def fresh_database(backend: str, folder: Path, *, made: bool = True) -> Iterator[str]:
    """A new journal with nothing recorded: a file in ``folder`` (made by the first command, as a
    GM's is), or a database of its own on the PostgreSQL server, whose journal tables and read
    models are made as `chronique init` and the first read make them (``made``), or an empty
    database (``made=False``: for what a first open does). Without a server the test skips,
    except under CI, where it fails.

    Making a database and a journal in it cost the server a quarter of a second a test, and a
    thousand tests run on PostgreSQL: a database no one is connected to any more at the end of
    its test is brought back as new (:func:`_as_new`) for this process's next test, and dropped
    if it cannot be (its tables' shape changed, a process of the test still connected)."""
    if backend == "sqlite":
        yield str(folder / f"journal-{uuid.uuid4().hex[:8]}.db")
        return
    import psycopg
    import pytest

    try:
        admin = psycopg.connect(f"{POSTGRES_SERVER}/postgres", autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as error:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL is required under CI and is not reachable at {POSTGRES_SERVER}: {error}")
        pytest.skip(f"no PostgreSQL server at {POSTGRES_SERVER}")
    with admin:
        spare = _SPARE[made]
        if spare:
            name = spare.pop()
        else:
            name = f"chronique_test_{uuid.uuid4().hex[:12]}"
            template = f' TEMPLATE "{_made_journal(admin).name}"' if made else ""
            admin.execute(f'CREATE DATABASE "{name}"{template}')
        try:
            yield f"{POSTGRES_SERVER}/{name}"
        finally:
            if _as_new(name, _made_journal(admin) if made else None):
                spare.append(name)
            else:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@dataclass(frozen=True)
class Contents:
    """What a PostgreSQL database holds, to put back in it: its shape (relations, columns,
    indexes, types, functions, triggers, schemas), each table's rows (binary COPY, every type as
    it was) and each sequence's place."""

    shape: str
    tables: dict[str, bytes]
    sequences: dict[str, tuple[int, bool]]


@dataclass(frozen=True)
class _Made:
    """This process's made journal: the database new ones are copied from, and what it holds (the
    journal's marker, the read models' revision)."""

    name: str
    contents: Contents


_SPARE: dict[bool, list[str]] = {True: [], False: []}
_MADE: list[_Made] = []
_USER_SCHEMAS = "nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'"
_SHAPE = f"""
    SELECT coalesce(string_agg(part, ' | ' ORDER BY part), '') FROM (
        SELECT 'relation ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text AS part
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE {_USER_SCHEMAS}
        UNION ALL
        SELECT 'column ' || n.nspname || '.' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
            || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE {_USER_SCHEMAS} AND a.attnum > 0 AND NOT a.attisdropped
        UNION ALL
        SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname NOT LIKE 'pg\\_%'
        UNION ALL
        SELECT 'type ' || n.nspname || '.' || t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE {_USER_SCHEMAS}
        UNION ALL
        SELECT 'function ' || n.nspname || '.' || p.proname
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE {_USER_SCHEMAS}
        UNION ALL
        SELECT 'trigger ' || tgname FROM pg_trigger WHERE NOT tgisinternal
        UNION ALL
        SELECT 'schema ' || nspname FROM pg_namespace WHERE {_USER_SCHEMAS}
    ) AS parts
"""
# Every table of the schemas a journal makes (none of the server's own), by name.
USER_TABLES = f"""
    SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND {_USER_SCHEMAS} ORDER BY 1
"""


def _made_journal(admin: Any) -> _Made:
    """This process's made journal (made at its first use, dropped when the process ends)."""
    if not _MADE:
        from chronique.adapters.bootstrap import build

        name = f"chronique_template_{uuid.uuid4().hex[:12]}"
        admin.execute(f'CREATE DATABASE "{name}"')
        atexit.register(_drop, name)
        services = build(f"{POSTGRES_SERVER}/{name}")
        try:
            assert services.read_models is not None
            services.read_models.upgrade()
        finally:
            services.close()
        _MADE.append(_Made(name, contents_of(f"{POSTGRES_SERVER}/{name}")))
    return _MADE[0]


_SEQUENCES = "SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) FROM pg_sequences WHERE schemaname NOT LIKE 'pg\\_%'"


def contents_of(url: str) -> Contents:
    """What the PostgreSQL database at ``url`` holds (:class:`Contents`)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        shape = first_value(connection.execute(_SHAPE).fetchone())
        tables: dict[str, bytes] = {}
        for (table,) in connection.execute(USER_TABLES).fetchall():
            with connection.cursor().copy(f"COPY {table} TO STDOUT (FORMAT BINARY)") as copy:
                tables[table] = b"".join(bytes(block) for block in copy)
        sequences = {
            sequence: connection.execute(f"SELECT last_value, is_called FROM {sequence}").fetchone()
            for (sequence,) in connection.execute(_SEQUENCES).fetchall()
        }
    return Contents(shape, tables, sequences)


def put_back(url: str, contents: Contents) -> bool:
    """Whether the PostgreSQL database at ``url`` could be given back ``contents``, and was: every
    table emptied and refilled, every sequence set back, in one transaction. Only when its shape is
    the same and no one else is connected to it: a process a test left running must meet a dropped
    database, not the next test's journal."""
    import psycopg

    try:
        with psycopg.connect(url, autocommit=True) as connection:
            if not _alone(connection) or first_value(connection.execute(_SHAPE).fetchone()) != contents.shape:
                return False
            with connection.transaction():
                # A test's tables hold a few rows: deleting them costs a fifth of TRUNCATE's new
                # files (0.03 s against 0.17 s a test, measured), and no table references another.
                # The commit need not wait for the disk: the database is a test's scratch.
                connection.execute("SET LOCAL synchronous_commit = off")
                for table in contents.tables:
                    connection.execute(f"DELETE FROM {table}")
                for table, rows in contents.tables.items():
                    with connection.cursor().copy(f"COPY {table} FROM STDIN (FORMAT BINARY)") as copy:
                        copy.write(rows)
                for sequence, (value, called) in contents.sequences.items():
                    connection.execute("SELECT setval(%s, %s, %s)", (sequence, value, called))
            connection.execute(f'ALTER DATABASE "{url.rsplit("/", 1)[1]}" RESET ALL')
    except psycopg.Error:
        return False
    return True


def _alone(connection: Any) -> bool:
    """Whether no other session is connected to the connection's database."""
    return not first_value(connection.execute(_OTHERS).fetchone())


def others_connected(url: str, within: float = 10.0) -> int:
    """How many other sessions are connected to the database at ``url`` once those that were
    closing have gone, waiting at most ``within`` seconds for it: a client that closed its
    connection is gone at once, but its server process leaves ``pg_stat_activity`` a moment later
    (more under load), so a count taken at once may still see it."""
    import psycopg

    deadline = time.monotonic() + within
    with psycopg.connect(url, autocommit=True) as connection:
        while True:
            count = int(first_value(connection.execute(_OTHERS).fetchone()))
            if count == 0 or time.monotonic() > deadline:
                return count
            time.sleep(0.05)


_OTHERS = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"


def first_value(row: tuple[Any, ...] | None) -> Any:
    """The first value of a row a query had to give."""
    assert row is not None
    return row[0]


def _drop(name: str) -> None:
    import psycopg

    with psycopg.connect(f"{POSTGRES_SERVER}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@atexit.register
def _drop_spare() -> None:
    """Drop the databases no test took, when the process ends."""
    for spare in _SPARE.values():
        while spare:
            _drop(spare.pop())


def _as_new(name: str, made: _Made | None) -> bool:
    """Whether the database ``name`` could be brought back as new, and was: as the made journal
    (:func:`put_back`), or empty (every schema dropped, the public one made again, its settings
    reset). Only when no one else is connected to it."""
    import psycopg

    if made is not None:
        return put_back(f"{POSTGRES_SERVER}/{name}", made.contents)
    try:
        with psycopg.connect(f"{POSTGRES_SERVER}/{name}", autocommit=True) as connection:
            if not _alone(connection):
                return False
            for (schema,) in connection.execute(f"SELECT quote_ident(nspname) FROM pg_namespace WHERE {_USER_SCHEMAS}").fetchall():
                connection.execute(f"DROP SCHEMA {schema} CASCADE")
            connection.execute("CREATE SCHEMA public")
            connection.execute(f'ALTER DATABASE "{name}" RESET ALL')
    except psycopg.Error:
        return False
    return True


@contextmanager
def held_by_another_writer(db: str, statement: str, *params: Any) -> Iterator[None]:
    """For the block, another session of the PostgreSQL journal ``db`` holds the lock that
    ``statement`` takes, and every new connection of that database gives up waiting for a lock
    after a second (so a command that would wait for it fails at once instead)."""
    import psycopg

    name = db.rsplit("/", 1)[1]
    with psycopg.connect(db, autocommit=True) as other:
        other.execute(f"ALTER DATABASE \"{name}\" SET lock_timeout = '1s'")
        other.execute("BEGIN")
        other.execute(statement, params or None)
        try:
            yield
        finally:
            other.execute("ROLLBACK")
            other.execute(f'ALTER DATABASE "{name}" RESET lock_timeout')


@contextmanager
def journals(backend: str, count: int = 1) -> Iterator[list[str]]:
    """``count`` fresh journals on ``backend``, for one example of a property test."""
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        yield [stack.enter_context(fresh_database(backend, Path(tmp))) for _ in range(count)]


def stored(db: str | Path) -> list[tuple[str, int, str, bytes]]:
    """Every stored event row (originator hex, version, topic, bytes) in recording order, read raw."""
    journal = Journal.open(Settings(str(db)))
    try:
        return [row[1:] for row in journal.raw.page(0, 10**9)]
    finally:
        journal.close()


class ScriptedSeedVault:
    """Seeds derived from a fixed base, so two journals draw the very same cards."""

    def __init__(self, base: bytes) -> None:
        self._base = base

    def draft(self, campaign_id: UUID, epoch: str) -> str:
        return commitment(self.seed(campaign_id, epoch))

    def take_drafts(self) -> list[tuple[str, str, str]]:
        return []  # its seeds are derived, never stored

    def seed(self, campaign_id: UUID, epoch: str) -> bytes:
        return hashlib.sha256(self._base + f"{campaign_id}:{epoch}".encode()).digest()

    def close(self) -> None:
        pass  # it holds no connection


def scripted_services(path: str | Path, base: bytes = b"chronique-tests") -> Chronique:
    """Real services over a real journal (a SQLite path or a PostgreSQL URL), with scripted seeds."""
    journal = Journal.open(Settings(str(path)))
    return Chronique(journal, ScriptedSeedVault(base), Audit(journal))


def sample(name: str) -> dict[str, Any]:
    """A sample sheet (cli/samples)."""
    import tomllib

    return tomllib.loads((SAMPLES / f"{name}.toml").read_text(encoding="utf-8"))


def wounded_party(services: Chronique, name: str = "Verdelune", damage: int = 7, lethality: str = "forte") -> str:
    """A Cartes campaign after one session in which Alice took a wound and Bruno tends her."""
    from chronique.domain.rulesets.cartes.advancement import arrange_care

    services.create_campaign(name, "cartes", "Day 1 08:00")
    for who in ("alice", "bruno"):
        services.create_character(name, sample(who))
    services.start_session(name)
    services.act(name, lambda w: make_test(w, "Alice", TestRequest("Contact", 1)))
    services.act(name, lambda w: suffer_wound(w, "Alice", damage, lethality, "an axe"))
    services.act(name, lambda w: arrange_care(w, "Alice", "Bruno", "adapted-kit"))
    services.end_session(name)
    return name


def state(aggregate: Any) -> dict[str, Any]:
    """An aggregate's state without what depends on wall time (timestamps and so hashes)."""
    skip = {"_created_on", "_modified_on", "_pending_events", "head_hash"}
    return {k: v for k, v in vars(aggregate).items() if k not in skip}


def payload(event: Any) -> tuple[str, int, dict[str, Any]]:
    """An event without its wall-time parts: (class, version, fields)."""
    skip = {"timestamp", "prev_hash"}
    return type(event).__qualname__, event.originator_version, {k: v for k, v in vars(event).items() if k not in skip}


def chronique(db: str | Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """The real ``chronique`` command in a subprocess on the journal ``db``."""
    env = dict(os.environ, CHRONIQUE_DB=str(db), COLUMNS="160")
    result = subprocess.run([sys.executable, "-m", "chronique.cli", *args], capture_output=True, text=True, env=env, timeout=120)
    if check:
        assert result.returncode == 0, result.stderr
    return result


@cache
def _cli() -> Any:
    """The real app as the Click command Typer builds from it, built once: Typer's runner would
    rebuild all ~130 commands on every call, which costs more than most commands themselves."""
    import typer.main

    from chronique.cli.app import app

    return typer.main.get_command(app)


def run(db: str | Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """The real ``chronique`` command, in this process, on the journal ``db``: what it prints and
    returns, stdout and stderr apart, as :func:`chronique` gives them from a subprocess, without
    starting Python again. Typer's test runner isolates the streams and the environment (this Typer's
    Click keeps stderr apart from stdout). An exception the CLI does not turn into an exit status is
    raised here with its traceback (a subprocess would exit 1)."""
    from typer.testing import CliRunner

    argv = ["--db", str(db), *args]
    # A wide terminal as for the subprocess, so Rich tables wrap the same way; the journal only from --db.
    with CliRunner().isolation(env={"CHRONIQUE_DB": None, "COLUMNS": "160"}) as (stdout, stderr, _):
        try:
            _cli().main(args=argv, prog_name="chronique")
            code = 0
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 0 if exit_.code is None else 1
        sys.stdout.flush()
        sys.stderr.flush()
        result = subprocess.CompletedProcess(["chronique", *argv], code, stdout.getvalue().decode(), stderr.getvalue().decode())
    if check:
        assert result.returncode == 0, result.stderr
    return result


def shell(db: str, script: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``chronique --db DB shell ARGS`` in this process, ``script`` on its standard input (the
    shell's tests and every round's tests of a line typed in it share it)."""
    from typer.testing import CliRunner

    argv = ["--db", db, "shell", *args]
    with CliRunner().isolation(input=script, env={"CHRONIQUE_DB": None, "COLUMNS": "160"}) as (stdout, stderr, _):
        try:
            _cli().main(args=argv, prog_name="chronique")
            code = 0
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 0
        sys.stdout.flush()
        sys.stderr.flush()
        return subprocess.CompletedProcess(argv, code, stdout.getvalue().decode(), stderr.getvalue().decode())


def refused_cleanly(db: str | Path, *args: str) -> str:
    """Run a command that must be refused as bad input: exit 2, one line on stderr, nothing on
    stdout, the stored rows unchanged; its one line is returned."""
    before = stored(db)
    result = run(db, *args, check=False)
    assert (result.returncode, result.stdout) == (2, ""), result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert stored(db) == before
    return lines[0]


def log_details(db: str | Path, campaign: str, *args: str) -> list[str]:
    """The Details cell of each entry of ``chronique log CAMPAIGN ARGS`` as the table shows it
    (ruled in ASCII, a wrapped cell's lines joined), oldest first."""
    lines = run(db, "--ascii", "log", campaign, *args).stdout.splitlines()
    rows: list[list[str]] = []
    for line in [line for line in lines if line.startswith("|")][1:]:  # the header's line first
        if set(line) <= set("|-+"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[0]:
            rows.append([cells[-1]])
        elif rows:
            rows[-1].append(cells[-1])
    return [" ".join(part for part in row if part) for row in rows]


def table_rows(printed: str) -> list[list[str]]:
    """The rows of a table the CLI printed ruled in ASCII (off a terminal), below its header: each
    a list of its cells, a wrapped cell's lines joined by a space."""
    rows: list[list[str]] = []
    ruled = [line for line in printed.splitlines() if line.startswith("|")]
    for line in ruled[1:]:  # the header's line first
        if set(line) <= set("|-+"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[0] or not rows:
            rows.append(cells)
        else:
            rows[-1] = [f"{kept} {more}".strip() for kept, more in zip(rows[-1], cells, strict=True)]
    return rows


def board_lines(printed: str) -> list[str]:
    """Each row of ``downtime board``'s table (When | Who | What comes next) as one line, "When  Who
    what", for a test to find a process by its words; a board with nothing under way, its line."""
    rows = table_rows(printed)
    return [f"{when}  {who} {what}" for when, who, what in rows] if rows else printed.splitlines()


def completed(line: str) -> list[str]:
    """What bash completes at the end of ``line`` (Typer's protocol: the words so far, the index of the last)."""
    words = line.split(" ")
    env = {"_CHRONIQUE_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1), "CHRONIQUE_DB": None}
    from typer.testing import CliRunner

    with CliRunner().isolation(env=env) as (stdout, _, _):
        try:
            _cli().main(args=[], prog_name="chronique")
        except SystemExit:
            pass
        sys.stdout.flush()
        return [line for line in stdout.getvalue().decode().splitlines() if line]


def one_shot_importing(db: str | Path, *args: str, module: str = "sqlalchemy") -> tuple[str, bool]:
    """What a one-shot ``chronique`` command printed (it must succeed), and whether it imported
    ``module`` on the way (issue 20: a read of a current read model must not import SQLAlchemy,
    a sheet read must not import pydantic)."""
    argv = ["chronique", "--db", str(db), *args]
    probe = (
        "import sys\n"
        "from chronique.cli.app import main\n"
        f"sys.argv = {argv!r}\n"
        "try:\n    main()\nexcept SystemExit as done:\n    assert not done.code, done.code\n"
        f"print({module!r} in sys.modules)\n"
    )
    shown = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    *printed, imported = shown.stdout.splitlines()
    return "\n".join(printed), imported == "True"


def short_ref(event: dict[str, Any]) -> str:
    """A recorded event's reference as ``chronique log`` shows it: the first eight hex digits of
    its aggregate's id and its version (``f6fc9d3b:6``)."""
    return f"{event['originator_id'].replace('-', '')[:8]}:{event['originator_version']}"


def dice_account(shown: str) -> list[str]:
    """``audit show``'s account of an event's dice (ruling FP11): its heading and the lines under it."""
    lines = shown.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("the dice, in the order drawn"))
    return [lines[start], *[line for line in lines[start + 1 :] if line.startswith("  ")]]


PART_NOT_WORDS = re.compile(r"_|=|[{}]|\bNone\b|\b(?:CATA|CRIT|NORM)\b|\b\d+d\d+[hm]\b")
"""What a die's part never holds (ruling FP11): a quality code (CRIT_S), a field name (dies_in), a
k=v, a template left unfilled, a missing name, a death timer's code (3d10h)."""


def assert_every_die_named(rule: Any, event: dict[str, Any], cited: re.Pattern[str], what: str) -> None:
    """``event``, an honest record of a chance-consuming rule (its rule gives back what it
    recorded), names the part of the rules each of its dice fed, in words ending with the rulebook
    citation ``cited`` matches (ruling FP11)."""
    from chronique.domain.fairness import FORMAT
    from chronique.domain.rederivation import Table, chance_used, check

    assert check(rule, event, Table(fair=FORMAT)) is None, f"{what}: not an honest record"
    used = chance_used(rule, event, FORMAT)
    assert used and len(used) == len(event["chance"]), what
    for die in used:
        assert die.part is not None, f"{what}: {die.op} feeds no named part of the rules"
        assert not PART_NOT_WORDS.search(die.part), f"{what}: {die.part!r} does not read as words"
        assert cited.search(die.part), f"{what}: {die.part!r} cites no section"


def assert_scenarios_name_every_die(rule: Any, topic: str, scenarios: list[Any] | None, cited: re.Pattern[str]) -> None:
    """Every event of ``topic`` the ``scenarios`` record (each a function giving recorded events)
    names each of its dice in words (:func:`assert_every_die_named`); a chance-consuming topic
    with no scenario fails, so that a new kind of roll cannot go unnamed (ruling FP11)."""
    if not scenarios:
        raise AssertionError(f"{topic} consumes chance but no scenario records one: add it to SCENARIOS")
    for scenario in scenarios:
        events = scenario()
        assert events, f"{scenario.__name__} recorded no {topic}"
        for event in events:
            assert_every_die_named(rule, event, cited, scenario.__name__)


def change_read_model(db: str, *statements: Any) -> list[list[Any]]:
    """Run ``statements`` on the read models in one transaction; the rows each gives back."""
    from chronique.adapters.bootstrap import build

    services = build(db, create=False)
    try:
        assert services.read_models is not None
        with services.read_models.engine.begin() as connection:
            results = [connection.execute(statement) for statement in statements]
            return [result.all() if result.returns_rows else [] for result in results]
    finally:
        services.close()


def docstring_nodes(tree: Any) -> set[int]:
    """The ids of a syntax tree's docstrings (of a module, class or function) and bare strings
    standing as statements (attribute docstrings): text for developers, which checks of the words
    people read leave out."""
    import ast

    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        for statement in body if isinstance(body, list) else []:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                found.add(id(statement.value))
    return found
