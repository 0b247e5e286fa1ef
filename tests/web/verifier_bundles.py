"""Real audit bundles for the in-browser verifier's tests: campaigns of the four games played on
real SQLite files through the real command line, exported by ``services.audit.bundle``, and the
forgeries a careful cheat makes of them (every hash after the change recomputed, as
tests/tampering.py ``forge`` does to a journal)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from elor_table import ALDO
from microfudge_table import HARVEY
from support import sample
from typer.testing import CliRunner

from chronique.adapters.bootstrap import build
from chronique.cli.app import app
from chronique.domain.fairness import sha256_hex

Bundle = dict[str, Any]
Entry = dict[str, Any]
# A player's phrase with an accent and a character beyond the BMP: the entropy digest sorts phrases
# by code point and hashes their UTF-8 (FAIRNESS.md "Epochs and seeds").
PHRASE = "zoé 🦉 hulule"


def cli(db: Path, *args: str) -> str:
    """The real command line, in process; fails the test when it refuses."""
    result = CliRunner().invoke(app, ["--db", str(db), *args])
    assert result.exit_code == 0, result.output
    return result.output


@dataclass(frozen=True)
class Campaign:
    """A played campaign: its journal file and name."""

    db: Path
    name: str

    def bundle(self, *, for_players: bool = True) -> Bundle:
        """Its audit bundle, as exported (through JSON, as a player downloads it)."""
        services = build(str(self.db))
        try:
            return json.loads(json.dumps(services.audit.bundle(self.name, for_players=for_players), ensure_ascii=False))
        finally:
            services.close()


def _begin(db: Path, name: str, game: str, start: str | None, *sheets: dict[str, Any]) -> Campaign:
    services = build(str(db))
    try:
        services.create_campaign(name, game, start)
        for sheet in sheets:
            services.create_character(name, sheet)
    finally:
        services.close()
    cli(db, "character", "player", name, sheets[0]["name"], "Zoé")
    cli(db, "session", "start", name)
    cli(db, "session", "entropy", name, PHRASE, "--player", "Zoé")
    return Campaign(db, name)


def cartes(folder: Path) -> Campaign:
    """Cartes: a test and a GM's face-down draw in session 1 (ended, so revealed), then session 2
    left open with another face-down draw: a players' bundle shows it as a hidden entry."""
    campaign = _begin(folder / "cartes.db", "Verdelune", "cartes", "Day 1 08:00", sample("alice"))
    cli(campaign.db, "cartes", "test", campaign.name, "Alice", "Contact")
    cli(campaign.db, "cartes", "draw", campaign.name, "--count", "2", "--hidden")
    cli(campaign.db, "session", "end", campaign.name)
    cli(campaign.db, "session", "start", campaign.name)
    cli(campaign.db, "cartes", "draw", campaign.name, "--count", "3", "--hidden")
    return campaign


def western_parade(folder: Path) -> Campaign:
    """Western Parade: a d100 check in a session that ended."""
    campaign = _begin(folder / "wp.db", "Shotgun City", "western-parade", "1873-04-12 08:00", sample("wp_sam"))
    cli(campaign.db, "western-parade", "roll", campaign.name, "Sam Parkerson", "-s", "Armes de poing")
    cli(campaign.db, "session", "end", campaign.name)
    return campaign


def microfudge(folder: Path) -> Campaign:
    """Microfudge: a Fudge-dice test in a session that ended."""
    campaign = _begin(folder / "mf.db", "Zombies", "microfudge", "Day 1 08:00", HARVEY)
    cli(campaign.db, "microfudge", "test", campaign.name, "Harvey", "Athlétisme", "-d", "difficile")
    cli(campaign.db, "session", "end", campaign.name)
    return campaign


def elor(folder: Path) -> Campaign:
    """Elor: a test in a session that ended."""
    campaign = _begin(folder / "elor.db", "Tolosa", "elor", None, ALDO)
    cli(campaign.db, "elor", "test", campaign.name, "Aldo", "-f", "C", "-p", "Guerrier", "-e", "1")
    cli(campaign.db, "session", "end", campaign.name)
    return campaign


# -- forgeries ------------------------------------------------------------------------------------


def topic_is(entry: Entry, name: str) -> bool:
    """Whether an entry's event is of the type ``name`` (the topic's last part)."""
    return str(entry["event"]["topic"]).rpartition(":")[2] == name


def find(bundle: Bundle, name: str, when: Callable[[Entry], bool] = lambda e: True) -> int:
    """The index of the first visible entry of type ``name`` that ``when`` accepts."""
    for index, entry in enumerate(bundle["events"]):
        if not entry.get("hidden") and topic_is(entry, name) and when(entry):
            return index
    raise AssertionError(f"the bundle holds no visible {name} event: the journal did not play what the test needs")


def place(bundle: Bundle, index: int) -> str:
    """How a report names the event at ``index``."""
    event = bundle["events"][index]["event"]
    return f"{event['originator_id']}:{event['originator_version']} ({str(event['topic']).rpartition(':')[2]})"


def rechained(bundle: Bundle, index: int, change: Callable[[dict[str, Any]], None]) -> Bundle:
    """A copy of ``bundle`` whose event at ``index`` ``change`` rewrote, with its own hash and every
    later hash and prev_hash of its aggregate recomputed: only what the hashes cannot show is left
    for the verifier to find."""
    forged = copy.deepcopy(bundle)
    entries = forged["events"]
    aggregate = entries[index]["event"]["originator_id"]
    change(entries[index]["event"])
    previous: str | None = None
    for entry in _of(entries[index:], aggregate):
        if entry.get("hidden"):
            break  # its content is not in the bundle: from here the chain stays as it was, broken
        if previous is not None:
            entry["event"]["prev_hash"] = previous
        entry["hash"] = previous = sha256_hex(entry["event"])
    return forged


def _of(entries: list[Entry], aggregate: str) -> Iterator[Entry]:
    return (e for e in entries if e["event"]["originator_id"] == aggregate)


def edited(bundle: Bundle, index: int, change: Callable[[dict[str, Any]], None]) -> Bundle:
    """A copy whose event at ``index`` was changed and nothing re-hashed."""
    forged = copy.deepcopy(bundle)
    change(forged["events"][index]["event"])
    return forged


def without(bundle: Bundle, index: int) -> Bundle:
    """A copy with the entry at ``index`` removed."""
    forged = copy.deepcopy(bundle)
    del forged["events"][index]
    return forged


V1_FIXTURE = Path(__file__).parents[1] / "adapters" / "fixtures" / "v1_journal.json"


def v1_journal(folder: Path) -> Path:
    """The journal the last chronique-fair-v1 release recorded (tests/adapters/fixtures), its rows and
    seeds written as they were stored: two campaigns, Verdelune and Shotgun City, whose epochs are v1."""
    from uuid import UUID

    from eventsourcing.persistence import StoredEvent
    from tampering import sql

    fixture = json.loads(V1_FIXTURE.read_text(encoding="utf-8"))
    db = folder / "v1.db"
    services = build(str(db))
    try:
        services.create_campaign("Another table", "elor", None)  # any command makes the vault's table
        services.journal.recorder.insert_events(
            [StoredEvent(UUID(oid), version, topic, state.encode("utf-8")) for oid, version, topic, state in fixture["events"]]
        )
    finally:
        services.close()
    insert = "INSERT INTO chronique_epoch_seeds (campaign_id, epoch, seed) VALUES (:c, :e, :s)"
    sql(str(db), *((insert, {"c": c, "e": e, "s": s}) for c, e, s in fixture["seeds"]))
    return db
