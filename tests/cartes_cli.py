"""A Cartes table of the sample sheets (cli/samples) on a real journal, set up once for every Cartes
test that plays through the real ``chronique`` command in-process (``support.run``) or through the
real services with scripted seeds (``support.scripted_services``), with what a test reads back of it.
Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from support import SAMPLES, run, sample, scripted_services, stored

from chronique.adapters.services import Chronique

NAME = "Verdelune"
MORNING = "Day 1 08:00"
# The players' Alice and Bruno (a healer, Médecine 9) and the GM's Brigand.
PARTY = ("alice", "bruno", "brigand")


def seat(
    db: str,
    *sheets: str,
    campaign: str = NAME,
    start: str | None = MORNING,
    players: Sequence[tuple[str, str]] = (),
    session: bool = True,
) -> str:
    """``campaign`` on the journal ``db`` through the command line, with the sample characters
    ``sheets`` (Alice and Bruno by default), who plays whom (``players``: character, player) and its
    first session open (by default); its clock at ``start`` (the command's own default when None).
    Nothing is dealt yet: the session's first draw deals (ruling C35)."""
    run(db, "campaign", "new", campaign, "--ruleset", "cartes", *(("--start", start) if start else ()))
    for who in sheets or ("alice", "bruno"):
        run(db, "character", "new", campaign, "--sheet", str(SAMPLES / f"{who}.toml"))
    for character, player in players:
        run(db, "character", "player", campaign, character, player)
    if session:
        run(db, "session", "start", campaign)
    return db


def served(path: str | Path, *sheets: str | dict[str, Any], campaign: str = NAME, seed: bytes = b"chronique-tests") -> Chronique:
    """The real services on the journal ``path`` with scripted seeds (the same cards at every run):
    ``campaign`` at Day 1 08:00 with ``sheets`` (a sample's name or a sheet; Alice and Bruno by
    default), its first session open."""
    services = scripted_services(path, seed)
    services.create_campaign(campaign, "cartes", MORNING)
    for item in sheets or ("alice", "bruno"):
        services.create_character(campaign, sample(item) if isinstance(item, str) else dict(item))
    services.start_session(campaign)
    return services


def cli(db: str, *args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    """The real command in-process, which must exit with ``code``."""
    result = run(db, *args, check=False)
    assert result.returncode == code, (result.stdout, result.stderr)
    return result


def recorded(db: str, campaign: str = NAME) -> list[dict[str, Any]]:
    """Every recorded event of ``campaign``, face-down ones included (the GM's log), oldest first."""
    return [entry["event"] for entry in json.loads(run(db, "log", campaign, "--json", "--gm").stdout)]


def of(db: str, kind: str, who: str | None = None, campaign: str = NAME) -> list[dict[str, Any]]:
    """The recorded events of one kind (of one character's chain, when ``who`` is named), oldest first."""
    events = recorded(db, campaign)
    ids = {e["originator_id"]: e["name"] for e in events if e["topic"].endswith("Character.Created")}
    return [e for e in events if e["topic"].endswith(f":{kind}") and (who is None or ids.get(e["originator_id"]) == who)]


def refused(db: str, *args: str) -> str:
    """The one line a refused command prints: exit 2, nothing on stdout, one line on stderr
    beginning ``error: ``, and nothing recorded in the journal."""
    before = stored(db)
    result = cli(db, *args, code=2)
    assert result.stdout == "" and result.stderr.count("\n") == 1 and result.stderr.startswith("error: "), result.stderr
    assert stored(db) == before, "a refused command recorded something"
    return result.stderr.strip()


def hand(db: str, who: str, campaign: str = NAME) -> list[str]:
    """The cards ``who`` holds face up, as the sheet's data keeps them (``9H``)."""
    return list(json.loads(run(db, "sheet", campaign, who, "--json").stdout)["condition"]["hand"])


def value(card: str) -> int:
    """cartes.md §1.2, by hand rather than by the code under test: A = 1, 2-10 at face value, J 11,
    Q 12, K 13."""
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(card[:-1]) or int(card[:-1])


def alice_dealt(db: str) -> Chronique:
    """Alice alone in session 1 of Verdelune on scripted seeds, dealt at her first test (Contact,
    from the pile)."""
    from chronique.domain.rulesets.cartes.draws import TestRequest, make_test

    services = served(db, "alice")
    services.act(NAME, lambda w: make_test(w, "Alice", TestRequest("Contact")))
    return services


def alice_now(services: Chronique) -> tuple[dict[str, Any], dict[str, Any]]:
    """Alice's sheet and condition as the services hold them now."""
    alice = services.world(NAME).character("Alice")
    return alice.sheet, alice.condition
