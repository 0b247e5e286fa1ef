"""Tamper tests on a real SQLite file and a real PostgreSQL database (issues 3 and 9): one per
attack, each caught by `chronique verify` and by the standalone verifier run offline with a clean
interpreter, both naming the place. The attacker edits the events table with plain SQL."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from support import scripted_services, wounded_party
from tampering import DELETE, MOVE, UPDATE_STATE, campaign_hex, chronique, dashed, offline, rows, sql

from chronique.domain.fairness import canonical_bytes, sha256_hex


@pytest.fixture
def journal(db: str) -> tuple[str, str]:
    """A campaign after one session, a wound and a day of downtime; returns (db, Alice's id hex)."""
    services = scripted_services(db)
    name = wounded_party(services)
    services.advance(name, lambda c: c.clock + 86400)
    alice = services.world(name).character("Alice").id
    services.close()
    return db, alice.hex


def edit_one_byte(db: str, alice: str) -> str:
    version, _, state = next(r for r in rows(db, alice) if r[1].endswith("TestMade"))
    forged = state.replace(b'"skill":"Contact"', b'"skill":"Contacu"', 1)
    assert forged != state
    sql(db, (UPDATE_STATE, {"state": forged, "id": dashed(alice), "version": version}))
    return f"{dashed(alice)}:{version + 1}"  # the next link no longer matches the edited one


def delete_a_row(db: str, alice: str) -> str:
    sql(db, (DELETE, {"id": dashed(alice), "version": 3}))
    return f"{dashed(alice)}:4"


def swap_two_versions(db: str, alice: str) -> str:
    moves = [(3, -1), (4, 3), (-1, 4)]
    sql(db, *((MOVE, {"id": dashed(alice), "old": old, "new": new}) for old, new in moves))
    return f"{dashed(alice)}:4"


def insert_a_forged_event(db: str, alice: str) -> str:
    """The careful forger: shifts the later events up and links the forgery to the real chain."""
    history = rows(db, alice)
    _, topic, state = history[2]  # version 3
    event = json.loads(state)
    event.update(prev_hash=sha256_hex(json.loads(history[1][2])), purpose="a forged lucky draw")  # rows are canonical
    moves = [(MOVE, {"id": dashed(alice), "old": version, "new": version + 1}) for version in range(len(history), 2, -1)]
    insert = "INSERT INTO {events} (originator_id, originator_version, topic, state) VALUES (:id, 3, :topic, :state)"
    sql(db, *moves, (insert, {"id": dashed(alice), "topic": topic, "state": canonical_bytes(event)}))
    return f"{dashed(alice)}:4"  # the genuine event, moved to 4, is read where 3 was due


def replace_a_revealed_seed(db: str, _: str) -> str:
    campaign = campaign_hex(db)
    version, _, state = next(r for r in rows(db, campaign) if r[1].endswith("SessionStarted"))
    event = json.loads(state)
    event["seed"] = "11" * 32
    sql(db, (UPDATE_STATE, {"state": json.dumps(event).encode(), "id": dashed(campaign), "version": version}))
    return f"{dashed(campaign)}:{version} (Campaign.SessionStarted): field seed"


def drop_a_seal(db: str, _: str) -> str:
    campaign = campaign_hex(db)
    version = next(r[0] for r in rows(db, campaign) if r[1].endswith("SessionEnded"))
    sql(db, (DELETE, {"id": dashed(campaign), "version": version}))
    return f"{dashed(campaign)}:{version + 1}"


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
