"""The campaign settings of every game (issue 16): options the spine offers whatever the rulebook,
beside each game's own (``domain/rulesets/<game>/settings.py``). ``chronique campaign set`` takes
them as it takes a game's (``schema_of``), and records them with the same ``SettingChanged``."""

from __future__ import annotations

from chronique.domain.notes import PLAYERS_WRITE_NOTES as NOTES_KEY
from chronique.domain.rulesets.options import Setting, switch

PLAYERS_WRITE_NOTES = switch(
    NOTES_KEY,
    # `campaign set` reads "<title> is now <words>" (ruling TB8): "Who writes recaps and notes is
    # now the GM and the players" (it read "Players write notes is now players may write ...").
    "Who writes recaps and notes",
    False,
    "No rulebook says: Chronique's own. The GM always writes session recaps and notes on characters; "
    "with this on, players may too (ruling NT2).",
    on="the GM and the players",
    off="the GM alone",
)
"""Whether players, not only the GM, may write session recaps and notes on characters."""

SPINE_SETTINGS: tuple[Setting, ...] = (PLAYERS_WRITE_NOTES,)
"""Every setting of every campaign, whatever its game."""


def schema_of(game_schema: tuple[Setting, ...]) -> tuple[Setting, ...]:
    """A campaign's whole settings schema: its game's settings, then the spine's."""
    return (*game_schema, *SPINE_SETTINGS)
