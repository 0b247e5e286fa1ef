"""What the browser's rules verifier is given: one short evening of each game played on a real
SQLite file through the real command line, exported as a players' bundle, honest or with one event
rewritten by the careful forger (hashes re-chained, snapshots dropped, then sealed).

The evenings and forgeries are those of tests/adapters/test_fair_play_v2*.py (a roll's outcome, a
deal, a head bullet's fate, a conflict card's successes, a blow's location), so the browser sees
what the Python verifiers are tested on."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from elor_table import ALDO
from microfudge_table import HARVEY, JIM
from support import sample
from tampering import forge, forged_value, rows
from typer.testing import CliRunner

from chronique.adapters.bootstrap import build
from chronique.cli.app import app
from chronique.domain.rulesets.elor.tables import nature

Event = dict[str, Any]


def cli(db: str, *args: str) -> str:
    """The real command line, in process; what it printed, once it succeeded."""
    result = CliRunner().invoke(app, ["--db", db, *args])
    assert result.exit_code == 0, result.output
    return result.output


@dataclass(frozen=True)
class Evening:
    """A game's evening: its campaign and first clock, its characters, and what is played in its
    first session (each command after the game's name on the command line), by ``roller`` first."""

    game: str
    campaign: str
    start: str | None
    sheets: Callable[[], tuple[dict[str, Any], ...]]
    commands: tuple[tuple[str, ...], ...]
    roller: str


EVENINGS = {
    e.game: e
    for e in (
        # §Tirage: a passive test, its cards dealt from the general deck.
        Evening("cartes", "Verdelune", "Day 1 08:00", lambda: (sample("alice"),), (("test", "Verdelune", "Alice", "Contact"),), "Alice"),
        # §3.1 a percentile skill check; §3.2.7.3 a bullet in the head, its fate rolled at once.
        Evening(
            "western-parade",
            "Shotgun City",
            "1873-04-12 08:00",
            lambda: (sample("wp_sam"),),
            (
                ("roll", "Shotgun City", "Sam Parkerson", "-s", "Armes de poing"),
                ("body", "wound", "Shotgun City", "Sam Parkerson", "head", "9"),
            ),
            "Sam Parkerson",
        ),
        # §1.2 a Test on 4dF; L307-L317 a draw of conflict cards between Harvey and Jim.
        Evening(
            "microfudge",
            "Zombies",
            "Day 1 08:00",
            lambda: (HARVEY, JIM),
            (
                ("test", "Zombies", "Harvey", "Athlétisme", "-d", "difficile"),
                ("sequence", "Zombies", "Harvey", "Jim"),
                ("conflict-card", "Zombies", "--side", "Harvey:Combat:def=1", "--side", "Jim:Combat"),
            ),
            "Harvey",
        ),
        # §Tests d'action with an effort; §Application des dommages, the location rolled on the D100.
        Evening(
            "elor",
            "Tolosa",
            None,
            lambda: (ALDO,),
            (("test", "Tolosa", "Aldo", "-f", "C", "-p", "Guerrier", "-e", "1"), ("damage", "Tolosa", "Aldo", "--amount", "3")),
            "Aldo",
        ),
    )
}


def _flip(field: str) -> Callable[[Event], None]:
    return lambda e: e.__setitem__(field, forged_value(e[field]))


def _another_last_card(event: Event) -> None:
    # The pile's last card: the test took its first, so the forged deal still replays.
    event["pile"][-1] = "KS" if event["pile"][-1] != "KS" else "QS"


def _luckier_head_bullet(event: Event) -> None:
    event["outcome"] = {**event["outcome"], "total": event["outcome"]["total"] - 50}


def _one_more_success(event: Event) -> None:  # L307: only even cards succeed
    event["attack"]["Jim"]["successes"] += 1


def _another_real_location(event: Event) -> None:
    # A location of Aldo's body, only not the one his D100 hit.
    body = nature("humain")  # ALDO's sheet names no nature: the default one
    event["location"] = next(loc.key for loc in body.locations if loc.key != event["location"])


@dataclass(frozen=True)
class Forgery:
    """The careful forger's rewrite of one event of an evening (its last of ``topic``, in ``who``'s
    chain), expected to be caught naming ``field``."""

    name: str
    game: str
    who: str
    topic: str
    field: str
    change: Callable[[Event], None]


FORGERIES = (
    Forgery("cartes-outcome", "cartes", "Alice", "TestMade", "outcome", _flip("outcome")),
    Forgery("cartes-deal", "cartes", "Alice", "CardsDealt", "pile", _another_last_card),
    Forgery("western-parade-outcome", "western-parade", "Sam Parkerson", "CheckRolled", "outcome", _flip("outcome")),
    Forgery("western-parade-head-bullet", "western-parade", "Sam Parkerson", "HeadBulletRolled", "outcome", _luckier_head_bullet),
    Forgery("microfudge-success", "microfudge", "Harvey", "TestRolled", "success", _flip("success")),
    Forgery("microfudge-conflict-cards", "microfudge", "Harvey", "ConflictCardsDrawn", "attack", _one_more_success),
    Forgery("elor-outcome", "elor", "Aldo", "TestRolled", "outcome", _flip("outcome")),
    Forgery("elor-location", "elor", "Aldo", "DamageTaken", "location", _another_real_location),
)


def play(db: str, evening: Evening) -> None:
    """The evening's first session, left open (so a forger can still rewrite it)."""
    services = build(db)
    try:
        services.create_campaign(evening.campaign, evening.game, evening.start)
        for sheet in evening.sheets():
            services.create_character(evening.campaign, sheet)
        services.start_session(evening.campaign)
    finally:
        services.close()
    for command in evening.commands:
        cli(db, evening.game, *command)


def end_session(db: str, evening: Evening) -> None:
    """The session's end: its epoch revealed and its chains sealed (FAIRNESS.md v2)."""
    cli(db, "session", "end", evening.campaign)


def bundle(db: str, evening: Evening) -> dict[str, Any]:
    """The bundle a player downloads (events still face down keep only their envelope)."""
    services = build(db)
    try:
        return services.audit.bundle(evening.campaign, for_players=True)
    finally:
        services.close()


def member(db: str, evening: Evening, name: str) -> str:
    """The hex id of the evening's character called ``name``."""
    services = build(db)
    try:
        return services.world(evening.campaign).character(name).id.hex
    finally:
        services.close()


def forged(db: str, evening: Evening, forgery: Forgery) -> str:
    """The forgery made in the open session, its chain re-hashed (tests/tampering.py); its place."""
    originator = member(db, evening, forgery.who)
    version = [at for at, topic, _ in rows(db, originator) if topic.endswith(":" + forgery.topic)][-1]
    return forge(db, originator, version, forgery.change)


def write(folder: Path, name: str, content: dict[str, Any]) -> str:
    """A bundle written as the JSON file a player downloads; its file name."""
    (folder / name).write_text(json.dumps(content), encoding="utf-8")
    return name
