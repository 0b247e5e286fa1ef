"""What the command line recorded, read back through the command line: ``chronique log --json
--gm`` run in process (support.run) on the test's journal, so a test holds the printed lines and
the body to the very events, and dice, behind them."""

from __future__ import annotations

import json
from typing import Any

from support import run


def logged(db: str, campaign: str, *only: str) -> list[dict[str, Any]]:
    """The campaign's recorded events, oldest first, each as its canonical fields (its dice under
    ``chance``); ``only`` passes filters on to ``log`` (``--kind ShotFired``...)."""
    shown = json.loads(run(db, "log", campaign, "--json", "--gm", *only).stdout)
    return [entry["event"] for entry in shown]


def events(db: str, campaign: str, kind: str) -> list[dict[str, Any]]:
    """The recorded events of ``kind`` (e.g. ``ShotFired``), oldest first."""
    return logged(db, campaign, "--kind", kind)
