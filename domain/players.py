"""The players of a campaign: who plays its characters, as the campaign spells their names."""

from __future__ import annotations

import shlex

from chronique.domain.campaign import Campaign
from chronique.domain.errors import RuleViolation
from chronique.domain.names import find
from chronique.domain.text import quoted, to_type


def players_of(campaign: Campaign) -> list[str]:
    """The players of ``campaign``: those assigned a character (``chronique character player``),
    each once, in the order their characters joined."""
    found: list[str] = []
    for member in campaign.members.values():
        player = member.get("player")
        if member.get("kind") == "character" and player and player not in found:
            found.append(player)
    return found


def player_named(campaign: Campaign, player: str) -> str:
    """One of the players of ``campaign`` as the campaign spells them (typed without case or
    accents, like every name); an unknown player is refused, naming the players."""
    known = players_of(campaign)
    if not known:
        named_by = to_type(f"character player {shlex.quote(campaign.name)} CHARACTER PLAYER")
        raise RuleViolation(f"{campaign.name} has no players yet: {named_by} names one")
    try:
        return find(player, [(name, name) for name in known], "player", where=campaign.name)
    except RuleViolation:
        # Every player named, not only the close spellings: the GM picks from the whole table.
        raise RuleViolation(f"no player {quoted(player)} in {campaign.name}: its players are {', '.join(known)}") from None
