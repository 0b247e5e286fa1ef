"""Tamper tests on the real SQLite file (issue 3): one per attack, each caught by `chronique
verify` and by the standalone verifier run offline with a clean interpreter, both naming the place."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from support import scripted_services, wounded_party

from chronique.domain.fairness import canonical_bytes, sha256_hex


def chronique(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, CHRONIQUE_DB=str(db), COLUMNS="200")
    return subprocess.run([sys.executable, "-m", "chronique.cli", *args], capture_output=True, text=True, env=env, timeout=120)


def offline(verifier: Path, bundle: Path) -> subprocess.CompletedProcess[str]:
    """The standalone verifier in an isolated interpreter (-I: no PYTHONPATH, no site-packages of ours)."""
    env = {"PATH": os.environ.get("PATH", "")}
    return subprocess.run(
        [sys.executable, "-I", str(verifier), str(bundle)], capture_output=True, text=True, env=env, cwd=verifier.parent, timeout=120
    )


@pytest.fixture
def journal(tmp_path: Path) -> tuple[Path, str]:
    """A campaign after one session, a wound and a day of downtime; returns (db, Alice's id hex)."""
    db = tmp_path / "j.db"
    services = scripted_services(db)
    name = wounded_party(services)
    services.advance(name, lambda c: c.clock + 86400)
    alice = services.world(name).character("Alice").id
    services.journal.close()
    return db, alice.hex


def rows(db: Path, originator: str) -> list[tuple[int, str, bytes]]:
    with sqlite3.connect(db) as c:
        return c.execute(
            "SELECT originator_version, topic, state FROM stored_events WHERE originator_id = ? ORDER BY originator_version", (originator,)
        ).fetchall()


def campaign_hex(db: Path) -> str:
    with sqlite3.connect(db) as c:
        return c.execute("SELECT originator_id FROM stored_events WHERE topic LIKE '%Campaign.Created'").fetchone()[0]


def edit_one_byte(db: Path, alice: str) -> str:
    version, _, state = next(r for r in rows(db, alice) if r[1].endswith("TestMade"))
    forged = state.replace(b'"skill":"Contact"', b'"skill":"Contacu"', 1)
    assert forged != state
    with sqlite3.connect(db) as c:
        c.execute("UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?", (forged, alice, version))
    return f"{_dashed(alice)}:{version + 1}"  # the next link no longer matches the edited one


def delete_a_row(db: Path, alice: str) -> str:
    with sqlite3.connect(db) as c:
        c.execute("DELETE FROM stored_events WHERE originator_id = ? AND originator_version = 3", (alice,))
    return f"{_dashed(alice)}:4"


def swap_two_versions(db: Path, alice: str) -> str:
    with sqlite3.connect(db) as c:
        c.execute("UPDATE stored_events SET originator_version = -1 WHERE originator_id = ? AND originator_version = 3", (alice,))
        c.execute("UPDATE stored_events SET originator_version = 3 WHERE originator_id = ? AND originator_version = 4", (alice,))
        c.execute("UPDATE stored_events SET originator_version = 4 WHERE originator_id = ? AND originator_version = -1", (alice,))
    return f"{_dashed(alice)}:4"


def insert_a_forged_event(db: Path, alice: str) -> str:
    """The careful forger: shifts the later events up and links the forgery to the real chain."""
    history = rows(db, alice)
    _, topic, state = history[2]  # version 3
    event = json.loads(state)
    event.update(prev_hash=sha256_hex(json.loads(history[1][2])), purpose="a forged lucky draw")  # rows are canonical
    with sqlite3.connect(db) as c:
        for version in range(len(history), 2, -1):
            c.execute(
                "UPDATE stored_events SET originator_version = ? WHERE originator_id = ? AND originator_version = ?",
                (version + 1, alice, version),
            )
        c.execute("INSERT INTO stored_events VALUES (?, 3, ?, ?)", (alice, topic, canonical_bytes(event)))
    return f"{_dashed(alice)}:4"  # the genuine event, moved to 4, is read where 3 was due


def replace_a_revealed_seed(db: Path, _: str) -> str:
    campaign = campaign_hex(db)
    version, _, state = next(r for r in rows(db, campaign) if r[1].endswith("SessionStarted"))
    event = json.loads(state)
    event["seed"] = "11" * 32
    with sqlite3.connect(db) as c:
        c.execute(
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
            (json.dumps(event).encode(), campaign, version),
        )
    return f"epoch {event['closed_epoch']}"


def drop_a_seal(db: Path, _: str) -> str:
    campaign = campaign_hex(db)
    version = next(r[0] for r in rows(db, campaign) if r[1].endswith("SessionEnded"))
    with sqlite3.connect(db) as c:
        c.execute("DELETE FROM stored_events WHERE originator_id = ? AND originator_version = ?", (campaign, version))
    return f"{_dashed(campaign)}:{version + 1}"


def _dashed(hex_id: str) -> str:
    from uuid import UUID

    return str(UUID(hex_id))


ATTACKS: list[Callable[[Path, str], str]] = [
    edit_one_byte,
    delete_a_row,
    swap_two_versions,
    insert_a_forged_event,
    replace_a_revealed_seed,
    drop_a_seal,
]


def test_an_untouched_journal_verifies_both_ways(journal: tuple[Path, str], tmp_path: Path) -> None:
    db, _ = journal
    result = chronique(db, "verify", "Verdelune")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK:" in result.stdout and "1 seals hold" in result.stdout
    chronique(db, "audit", "verifier", "-o", str(tmp_path / "verify.py"))
    chronique(db, "audit", "export", "Verdelune", "-o", str(tmp_path / "bundle.json"))
    checked = offline(tmp_path / "verify.py", tmp_path / "bundle.json")
    assert checked.returncode == 0 and "OK:" in checked.stdout, checked.stdout + checked.stderr


@pytest.mark.parametrize("attack", ATTACKS, ids=lambda a: a.__name__)
def test_each_attack_fails_verify_and_the_standalone_verifier(
    journal: tuple[Path, str], tmp_path: Path, attack: Callable[[Path, str], str]
) -> None:
    db, alice = journal
    place = attack(db, alice)
    result = chronique(db, "verify", "Verdelune")
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stdout.startswith(f"Verdelune: FAILED at {place}")
    chronique(db, "audit", "verifier", "-o", str(tmp_path / "verify.py"))
    exported = chronique(db, "audit", "export", "Verdelune", "--gm", "-o", str(tmp_path / "bundle.json"))
    assert exported.returncode == 0, exported.stderr
    checked = offline(tmp_path / "verify.py", tmp_path / "bundle.json")
    assert checked.returncode == 1 and checked.stdout.startswith(f"FAILED at {place}")
    assert checked.stdout == result.stdout.split(": ", 1)[1]  # the same place and the same reason


def test_a_bundle_whose_seal_list_was_pruned_fails_offline(journal: tuple[Path, str], tmp_path: Path) -> None:
    db, _ = journal
    chronique(db, "audit", "verifier", "-o", str(tmp_path / "verify.py"))
    chronique(db, "audit", "export", "Verdelune", "-o", str(tmp_path / "bundle.json"))
    bundle = json.loads((tmp_path / "bundle.json").read_text(encoding="utf-8"))
    bundle["seals"] = []
    (tmp_path / "bundle.json").write_text(json.dumps(bundle), encoding="utf-8")
    checked = offline(tmp_path / "verify.py", tmp_path / "bundle.json")
    assert checked.returncode == 1 and "seal of session 1" in checked.stdout


def test_seal_check_holds_until_the_journal_is_rewritten(journal: tuple[Path, str]) -> None:
    db, alice = journal
    shown = json.loads(chronique(db, "campaign", "show", "Verdelune", "--json").stdout)
    seal = shown["seals"][0]["seal"]
    assert chronique(db, "seal", "check", "Verdelune", seal).returncode == 0
    assert chronique(db, "seal", "check", "Verdelune", "ab" * 32).returncode == 1
    edit_one_byte(db, alice)
    rewritten = chronique(db, "seal", "check", "Verdelune", seal)
    assert rewritten.returncode == 1 and "NO" in rewritten.stdout
