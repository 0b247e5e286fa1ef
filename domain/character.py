"""The Character aggregate: a sheet and a condition, changed only by its ruleset's events."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from uuid import UUID, uuid5

from chronique.domain.chain import ChainedAggregate, ChainedCreated


def character_id_for(campaign_id: UUID, name: str) -> UUID:
    """Character ids derive from the campaign and the name: one name per campaign."""
    return uuid5(campaign_id, f"character:{name.strip().casefold()}")


class Character(ChainedAggregate):
    """One character of a campaign: ``sheet`` is what creation and experience buy,
    ``condition`` what play does to it (cards held, markers, wounds, running processes)."""

    class Created(ChainedCreated):
        """The player's sheet entered the campaign, checked against the creation rules."""

        campaign_id: str
        name: str
        ruleset: str
        sheet: dict[str, Any]
        condition: dict[str, Any]

        def apply(self, character: Character) -> None:
            character.campaign_id = self.campaign_id
            character.name = self.name
            character.ruleset = self.ruleset
            character.sheet = dict(self.sheet)
            character.condition = dict(self.condition)

    if TYPE_CHECKING:  # set by the events' apply(); see ChainedAggregate
        campaign_id: str
        name: str
        ruleset: str
        sheet: dict[str, Any]
        condition: dict[str, Any]

    @classmethod
    def create(cls, campaign_id: UUID, name: str, ruleset: str, sheet: dict[str, Any], condition: dict[str, Any]) -> Character:
        """A new character of the campaign with a checked sheet and its starting condition."""
        return cls.begin(
            cls.Created,
            id=character_id_for(campaign_id, name),
            campaign_id=str(campaign_id),
            name=name,
            ruleset=ruleset,
            sheet=sheet,
            condition=condition,
        )
