"""The Verdelune party many end-to-end tests of the spine start from: a Cartes campaign (the
README's tour) with characters from the commented samples (cli/samples), made by the real command
line, in process (``support.run``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from support import SAMPLES, run

CAMPAIGN = "Verdelune"


def verdelune_party(
    db: str | Path, sheets: tuple[str, ...] = ("alice",), *, players: Mapping[str, str] | None = None, session: bool = True
) -> str:
    """Verdelune, a Cartes campaign from Day 1 08:00, with the samples ``sheets`` joined in that
    order (``alice`` is Alice), then each character of ``players`` given its player, then its first
    session started if ``session``. Its name is returned."""
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "cartes", "--start", "Day 1 08:00")
    for sheet in sheets:
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"{sheet}.toml"))
    for character, player in (players or {}).items():
        run(db, "character", "player", CAMPAIGN, character, player)
    if session:
        run(db, "session", "start", CAMPAIGN)
    return CAMPAIGN
