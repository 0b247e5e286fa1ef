"""What the command line recorded, read back through the command line: ``chronique log --json
--gm`` run in process (support.run) on the test's journal, so a test holds the printed lines and
the body to the very events, and dice, behind them."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from support import run

from chronique.domain.rulesets.westernparade.describe import WORDS, improvement_earned, wound_done
from chronique.domain.rulesets.westernparade.report import head_bullet_words


def logged(db: str, campaign: str, *only: str) -> list[dict[str, Any]]:
    """The campaign's recorded events, oldest first, each as its canonical fields (its dice under
    ``chance``); ``only`` passes filters on to ``log`` (``--kind ShotFired``...)."""
    shown = json.loads(run(db, "log", campaign, "--json", "--gm", *only).stdout)
    return [entry["event"] for entry in shown]


def events(db: str, campaign: str, kind: str) -> list[dict[str, Any]]:
    """The recorded events of ``kind`` (e.g. ``ShotFired``), oldest first."""
    return logged(db, campaign, "--kind", kind)


def aftermath(db: str, campaign: str, since: int = 0) -> str:
    """The lines a table command prints under its rolls for what they did, from the events the
    journal recorded after its first ``since`` (the command's own): each wound in the log's words
    by the name of whom it struck, a bullet in the head's roll as the log says it and what the
    roll makes of the bullet (§3.2.7.3 L1997, ruling WD13), then each improvement roll earned
    (§3.2; §2.4.7, §2.5)."""
    recorded = logged(db, campaign)
    names = {e["originator_id"]: e["name"] for e in recorded if e["topic"].endswith("Character.Created")}
    mine = recorded[since:]
    wounds: list[str] = []
    for e in mine:
        name, event = names.get(e["originator_id"], ""), SimpleNamespace(**e)
        if e["topic"].endswith(":WoundTaken"):
            wounds.append(f"{name}: {wound_done(event)}\n")
        elif e["topic"].endswith(":HeadBulletRolled"):
            wounds += [f"{name}: {WORDS[e['topic']](event)}\n", f"{head_bullet_words(name, e['status'])}\n"]
    earned = [
        f"{names[e['originator_id']]} {improvement_earned(SimpleNamespace(**e))}\n"
        for e in mine
        if e["topic"].endswith(":ImprovementGranted")
    ]
    return "".join(wounds + earned)
