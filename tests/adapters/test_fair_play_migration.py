"""The migration path of fair play (issue 13): a journal recorded under chronique-fair-v1 keeps
verifying; the epochs it opens after the upgrade are chronique-fair-v2. The journal is the one the
last v1 release recorded (tests/adapters/fixtures/v1_journal.json, its stored rows and vault),
loaded as it was into a fresh SQLite file or PostgreSQL database."""

from __future__ import annotations

import json
from pathlib import Path
from uuid import UUID

from eventsourcing.persistence import StoredEvent
from tampering import forge, offline, rows, sql
from typer.testing import CliRunner

from chronique.adapters.bootstrap import build
from chronique.cli.app import app
from chronique.domain.fairness import FORMAT, FORMAT_V1
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.rulesets.westernparade.play import Check, check

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "v1_journal.json").read_text(encoding="utf-8"))


def v1_journal(db: str) -> None:
    """The v1 release's rows and seeds, written as they were stored."""
    services = build(db)
    services.create_campaign("Another table", "elor", None)  # any command makes the vault's table
    services.journal.recorder.insert_events(
        [StoredEvent(UUID(oid), version, topic, state.encode("utf-8")) for oid, version, topic, state in FIXTURE["events"]]
    )
    services.close()
    insert = "INSERT INTO chronique_epoch_seeds (campaign_id, epoch, seed) VALUES (:c, :e, :s)"
    sql(db, *((insert, {"c": c, "e": e, "s": s}) for c, e, s in FIXTURE["seeds"]))


def verify(db: str, campaign: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["--db", db, "verify", campaign])
    return result.exit_code, result.output


def test_a_v1_journal_verifies_as_it_was_recorded(db: str) -> None:
    v1_journal(db)
    for campaign in ("Verdelune", "Shotgun City"):
        code, out = verify(db, campaign)
        assert code == 0 and "1 seal holds" in out and "outcomes re-derived" in out, out


def test_epochs_opened_after_the_upgrade_are_v2_and_the_whole_journal_verifies_both_ways(db: str, tmp_path: Path) -> None:
    v1_journal(db)
    services = build(db)
    for campaign, play in (
        ("Verdelune", lambda w: make_test(w, "Bruno", TestRequest("Contact", 1))),
        ("Shotgun City", lambda w: check(w, "Sam Parkerson", Check(skill="Armes de poing"))),
    ):
        services.start_session(campaign)  # closes the v1 downtime epoch, opens a v2 session epoch
        services.act(campaign, play)
        services.end_session(campaign)
        epochs = services.campaign(campaign).epochs
        assert [epochs[e].get("fair", FORMAT_V1) for e in ("downtime-0", "session-1", "downtime-1")] == [FORMAT_V1] * 3
        assert [epochs[e]["fair"] for e in ("session-2", "downtime-2")] == [FORMAT, FORMAT]
    services.close()
    for campaign in ("Verdelune", "Shotgun City"):
        code, out = verify(db, campaign)
        assert code == 0 and "3 seals hold" in out, out  # v1's one, then v2's at session 2's start and end
        result = CliRunner().invoke(app, ["--db", db, "audit", "export", campaign, "-o", str(tmp_path / "bundle.json")])
        assert result.exit_code == 0, result.output
        CliRunner().invoke(app, ["--db", db, "audit", "verifier", "-o", str(tmp_path / "verify.pyz")])
        checked = offline(tmp_path / "verify.pyz", tmp_path / "bundle.json")
        assert checked.returncode == 0 and "OK:" in checked.stdout, checked.stdout + checked.stderr


def test_a_roll_recorded_under_v1_is_still_checked_by_its_rules(db: str) -> None:
    v1_journal(db)
    joined = [json.loads(state) for _, topic, state in _campaign_rows("Shotgun City") if topic.endswith("MemberJoined")]
    sam = next(e["member_id"] for e in joined if e["name"] == "Sam Parkerson")
    version, _, state = next(r for r in rows(db, UUID(sam).hex) if r[1].endswith("CheckRolled"))
    outcome = json.loads(state)["outcome"]
    lucky = "CRIT_S" if outcome["quality"] != "CRIT_S" else "NORM_F"  # a failure rewritten as a critical success
    place = forge(db, UUID(sam).hex, version, lambda e: e.__setitem__("outcome", {**outcome, "quality": lucky}))
    code, out = verify(db, "Shotgun City")
    assert code == 1 and f"FAILED at {place}: field outcome" in out, out


def _campaign_rows(name: str) -> list[tuple[int, str, str]]:
    created = next(e for e in FIXTURE["events"] if e[2].endswith("Campaign.Created") and json.loads(e[3])["name"] == name)
    return [(v, t, s) for oid, v, t, s in FIXTURE["events"] if oid == created[0]]
