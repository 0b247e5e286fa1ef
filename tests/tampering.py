"""What an attacker does to a journal with plain SQL (the events table, the seed vault, the
snapshots), and the verifiers a player runs: shared by the tamper tests of fair play v1 and v2."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

from sqlalchemy import create_engine, text

from chronique.adapters.settings import Settings
from chronique.domain.fairness import canonical_bytes

UPDATE_STATE = "UPDATE {events} SET state = :state WHERE originator_id = :id AND originator_version = :version"
DELETE = "DELETE FROM {events} WHERE originator_id = :id AND originator_version = :version"
MOVE = "UPDATE {events} SET originator_version = :new WHERE originator_id = :id AND originator_version = :old"


def sql(db: str, *statements: tuple[str, dict[str, Any]]) -> list[Any]:
    """Run the attacker's statements in one transaction (``{events}`` names the events table,
    ``{snapshots}`` the snapshots'); return the last one's rows, if it has any."""
    settings = Settings(db)
    engine = create_engine(settings.sqlalchemy_url)
    tables = {"events": "stored_events", "snapshots": "stored_snapshots"}
    if settings.is_postgres:
        tables = {"events": "chronique_events", "snapshots": "chronique_snapshots"}
    try:
        with engine.begin() as connection:
            for statement, params in statements:
                # An aggregate's id is a uuid column on PostgreSQL, 32 hex digits in SQLite's text column.
                if "id" in params:
                    params = dict(params, id=str(UUID(params["id"])) if settings.is_postgres else UUID(params["id"]).hex)
                result = connection.execute(text(statement.format(**tables)), params)
            return [tuple(row) for row in result] if result.returns_rows else []
    finally:
        engine.dispose()


def dashed(hex_id: str) -> str:
    """An aggregate id in its canonical form."""
    return str(UUID(hex_id))


def rows(db: str, originator: str) -> list[tuple[int, str, bytes]]:
    """An aggregate's stored rows: (version, topic, canonical bytes), in version order."""
    query = "SELECT originator_version, topic, state FROM {events} WHERE originator_id = :id ORDER BY originator_version"
    return [(version, topic, bytes(state)) for version, topic, state in sql(db, (query, {"id": dashed(originator)}))]


def campaign_hex(db: str) -> str:
    """The id of the journal's only campaign."""
    (found,) = sql(db, ("SELECT originator_id FROM {events} WHERE topic LIKE '%Campaign.Created'", {}))
    return UUID(str(found[0])).hex


def forge(db: str, originator: str, version: int, change: Callable[[dict[str, Any]], None]) -> str:
    """The careful forger: rewrites one event with ``change``, then re-hashes the rest of its
    aggregate's chain so every prev_hash still matches, and drops the aggregate's snapshots (which
    remember the old head). Returns the forged event's place as a report names it."""
    previous = None
    statements: list[tuple[str, dict[str, Any]]] = []
    topic_of = ""
    for at, topic, state in rows(db, originator):
        if at < version:
            previous = hashlib.sha256(state).hexdigest()  # the untouched links, as stored
            continue
        event = json.loads(state)
        if at == version:
            change(event)
            topic_of = topic.rpartition(":")[2]
        else:
            event["prev_hash"] = previous
        forged = canonical_bytes(event)
        statements.append((UPDATE_STATE, {"state": forged, "id": dashed(originator), "version": at}))
        previous = hashlib.sha256(forged).hexdigest()
    statements.append(("DELETE FROM {snapshots} WHERE originator_id = :id", {"id": dashed(originator)}))
    sql(db, *statements)
    return f"{dashed(originator)}:{version} ({topic_of})"


def chronique(db: str, *args: str) -> subprocess.CompletedProcess[str]:
    """The real command line, in a subprocess."""
    env = dict(os.environ, CHRONIQUE_DB=str(db), COLUMNS="200")
    return subprocess.run([sys.executable, "-m", "chronique.cli", *args], capture_output=True, text=True, env=env, timeout=120)


def bare_python() -> str:
    """The base interpreter outside any virtual environment (``sys._base_executable``)."""
    return str(getattr(sys, "_base_executable", sys.executable))


def offline(verifier: Path, bundle: Path, *receipts: str) -> subprocess.CompletedProcess[str]:
    """The standalone verifier run by a bare Python: the interpreter this virtual environment was
    made from, with -I (no PYTHONPATH, no user site) and -S (no site-packages at all)."""
    return subprocess.run(
        [bare_python(), "-I", "-S", str(verifier), str(bundle), *receipts],
        capture_output=True,
        text=True,
        env={"PATH": os.environ.get("PATH", "")},
        cwd=verifier.parent,
        timeout=120,
    )


def forged_value(value: Any) -> Any:
    """Another value of the same shape: what a forger writes in place of the true one."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "!"
    if isinstance(value, list):
        return [forged_value(value[0]), *value[1:]] if value else ["forged"]
    if isinstance(value, dict):
        key = next(iter(sorted(value)), "forged")
        return {**value, key: forged_value(value.get(key, 0))}
    return "forged"
