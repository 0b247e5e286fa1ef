"""Tamper tests on a real SQLite file and a real PostgreSQL database (issues 3 and 9): one per
attack, each caught by `chronique verify` and by the standalone verifier run offline with a clean
interpreter, both naming the place. The attacker edits the events table with plain SQL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from sqlalchemy import create_engine, text
from support import scripted_services, wounded_party

from chronique.adapters.settings import Settings
from chronique.domain.fairness import canonical_bytes, sha256_hex


def chronique(db: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, CHRONIQUE_DB=str(db), COLUMNS="200")
    return subprocess.run([sys.executable, "-m", "chronique.cli", *args], capture_output=True, text=True, env=env, timeout=120)


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


def bare_python() -> str:
    """The base interpreter outside any virtual environment (``sys._base_executable``)."""
    return str(getattr(sys, "_base_executable", sys.executable))


@pytest.fixture
def journal(db: str) -> tuple[str, str]:
    """A campaign after one session, a wound and a day of downtime; returns (db, Alice's id hex)."""
    services = scripted_services(db)
    name = wounded_party(services)
    services.advance(name, lambda c: c.clock + 86400)
    alice = services.world(name).character("Alice").id
    services.close()
    return db, alice.hex


def sql(db: str, *statements: tuple[str, dict[str, Any]]) -> list[Any]:
    """Run the attacker's statements in one transaction (``{events}`` names the events table);
    return the last one's rows, if it has any."""
    settings = Settings(db)
    engine = create_engine(settings.sqlalchemy_url)
    table = "chronique_events" if settings.is_postgres else "stored_events"
    try:
        with engine.begin() as connection:
            for statement, params in statements:
                # An aggregate's id is a uuid column on PostgreSQL, 32 hex digits in SQLite's text column.
                if "id" in params:
                    params = dict(params, id=str(UUID(params["id"])) if settings.is_postgres else UUID(params["id"]).hex)
                result = connection.execute(text(statement.format(events=table)), params)
            return [tuple(row) for row in result] if result.returns_rows else []
    finally:
        engine.dispose()


def rows(db: str, originator: str) -> list[tuple[int, str, bytes]]:
    query = "SELECT originator_version, topic, state FROM {events} WHERE originator_id = :id ORDER BY originator_version"
    return [(version, topic, bytes(state)) for version, topic, state in sql(db, (query, {"id": _dashed(originator)}))]


def campaign_hex(db: str) -> str:
    (found,) = sql(db, ("SELECT originator_id FROM {events} WHERE topic LIKE '%Campaign.Created'", {}))
    return UUID(str(found[0])).hex


UPDATE_STATE = "UPDATE {events} SET state = :state WHERE originator_id = :id AND originator_version = :version"
DELETE = "DELETE FROM {events} WHERE originator_id = :id AND originator_version = :version"
MOVE = "UPDATE {events} SET originator_version = :new WHERE originator_id = :id AND originator_version = :old"


def edit_one_byte(db: str, alice: str) -> str:
    version, _, state = next(r for r in rows(db, alice) if r[1].endswith("TestMade"))
    forged = state.replace(b'"skill":"Contact"', b'"skill":"Contacu"', 1)
    assert forged != state
    sql(db, (UPDATE_STATE, {"state": forged, "id": _dashed(alice), "version": version}))
    return f"{_dashed(alice)}:{version + 1}"  # the next link no longer matches the edited one


def delete_a_row(db: str, alice: str) -> str:
    sql(db, (DELETE, {"id": _dashed(alice), "version": 3}))
    return f"{_dashed(alice)}:4"


def swap_two_versions(db: str, alice: str) -> str:
    moves = [(3, -1), (4, 3), (-1, 4)]
    sql(db, *((MOVE, {"id": _dashed(alice), "old": old, "new": new}) for old, new in moves))
    return f"{_dashed(alice)}:4"


def insert_a_forged_event(db: str, alice: str) -> str:
    """The careful forger: shifts the later events up and links the forgery to the real chain."""
    history = rows(db, alice)
    _, topic, state = history[2]  # version 3
    event = json.loads(state)
    event.update(prev_hash=sha256_hex(json.loads(history[1][2])), purpose="a forged lucky draw")  # rows are canonical
    moves = [(MOVE, {"id": _dashed(alice), "old": version, "new": version + 1}) for version in range(len(history), 2, -1)]
    insert = "INSERT INTO {events} (originator_id, originator_version, topic, state) VALUES (:id, 3, :topic, :state)"
    sql(db, *moves, (insert, {"id": _dashed(alice), "topic": topic, "state": canonical_bytes(event)}))
    return f"{_dashed(alice)}:4"  # the genuine event, moved to 4, is read where 3 was due


def replace_a_revealed_seed(db: str, _: str) -> str:
    campaign = campaign_hex(db)
    version, _, state = next(r for r in rows(db, campaign) if r[1].endswith("SessionStarted"))
    event = json.loads(state)
    event["seed"] = "11" * 32
    sql(db, (UPDATE_STATE, {"state": json.dumps(event).encode(), "id": _dashed(campaign), "version": version}))
    return f"{_dashed(campaign)}:{version} (Campaign.SessionStarted): field seed"


def drop_a_seal(db: str, _: str) -> str:
    campaign = campaign_hex(db)
    version = next(r[0] for r in rows(db, campaign) if r[1].endswith("SessionEnded"))
    sql(db, (DELETE, {"id": _dashed(campaign), "version": version}))
    return f"{_dashed(campaign)}:{version + 1}"


def _dashed(hex_id: str) -> str:
    return str(UUID(hex_id))


ATTACKS: list[Callable[[str, str], str]] = [
    edit_one_byte,
    delete_a_row,
    swap_two_versions,
    insert_a_forged_event,
    replace_a_revealed_seed,
    drop_a_seal,
]


def test_an_untouched_journal_verifies_both_ways(journal: tuple[str, str], tmp_path: Path) -> None:
    db, _ = journal
    result = chronique(db, "verify", "Verdelune")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK:" in result.stdout and "2 seals hold" in result.stdout  # session 1's start and end
    chronique(db, "audit", "verifier", "-o", str(tmp_path / "verify.pyz"))
    chronique(db, "audit", "export", "Verdelune", "-o", str(tmp_path / "bundle.json"))
    checked = offline(tmp_path / "verify.pyz", tmp_path / "bundle.json")
    assert checked.returncode == 0 and "OK:" in checked.stdout, checked.stdout + checked.stderr


@pytest.mark.parametrize("attack", ATTACKS, ids=lambda a: a.__name__)
def test_each_attack_fails_verify_and_the_standalone_verifier(
    journal: tuple[str, str], tmp_path: Path, attack: Callable[[str, str], str]
) -> None:
    db, alice = journal
    place = attack(db, alice)
    result = chronique(db, "verify", "Verdelune")
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stdout.startswith(f"Verdelune: FAILED at {place}")
    chronique(db, "audit", "verifier", "-o", str(tmp_path / "verify.pyz"))
    exported = chronique(db, "audit", "export", "Verdelune", "--gm", "-o", str(tmp_path / "bundle.json"))
    assert exported.returncode == 0, exported.stderr
    checked = offline(tmp_path / "verify.pyz", tmp_path / "bundle.json")
    assert checked.returncode == 1 and checked.stdout.startswith(f"FAILED at {place}")
    assert checked.stdout == result.stdout.split(": ", 1)[1]  # the same place and the same reason


def test_a_bundle_whose_seal_list_was_pruned_fails_offline(journal: tuple[str, str], tmp_path: Path) -> None:
    db, _ = journal
    chronique(db, "audit", "verifier", "-o", str(tmp_path / "verify.pyz"))
    chronique(db, "audit", "export", "Verdelune", "-o", str(tmp_path / "bundle.json"))
    bundle = json.loads((tmp_path / "bundle.json").read_text(encoding="utf-8"))
    bundle["seals"] = []
    (tmp_path / "bundle.json").write_text(json.dumps(bundle), encoding="utf-8")
    checked = offline(tmp_path / "verify.pyz", tmp_path / "bundle.json")
    assert checked.returncode == 1 and "FAILED at the bundle's seals: they are not exactly the seals the chain records" in checked.stdout


def test_seal_check_holds_until_the_journal_is_rewritten(journal: tuple[str, str]) -> None:
    db, alice = journal
    shown = json.loads(chronique(db, "campaign", "show", "Verdelune", "--json").stdout)
    seal = shown["seals"][0]["seal"]
    assert chronique(db, "seal", "check", "Verdelune", seal).returncode == 0
    assert chronique(db, "seal", "check", "Verdelune", "ab" * 32).returncode == 1
    edit_one_byte(db, alice)
    rewritten = chronique(db, "seal", "check", "Verdelune", seal)
    assert rewritten.returncode == 1 and "NO" in rewritten.stdout
