"""The experience ledger of a campaign, read from its read model, with each row's character name:
what ``chronique xp ledger`` prints and the web journal's ledger page shows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique
    from chronique.domain.campaign import Campaign


def experience(services: Chronique, campaign: str, character: str | None = None) -> tuple[Campaign, list[dict[str, Any]]]:
    """Every award and spend of the campaign's characters (or of ``character``), oldest first,
    with running balances and the character's name."""
    world = services.world(campaign)
    # An empty name is a character left unnamed, refused as every command refuses it, not "every one".
    chosen = [world.character(character)] if character is not None else list(world.characters.values())
    names = {str(c.id): c.name for c in chosen}
    rows = services.read_models.xp_ledger(list(names)) if services.read_models else []
    return world.campaign, [dict(r, name=names[r["character_id"]]) for r in rows]
