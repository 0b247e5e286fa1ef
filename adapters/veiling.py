"""The players' view of a character's sheet while hidden rolls on it wait for their reveal
(domain/veil.py): found from the character's own chain since the epoch opened."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from chronique.domain.chain import ChainedEvent
from chronique.domain.veil import Veil, hidden_from_players, veil

if TYPE_CHECKING:
    from chronique.adapters.journal import Journal
    from chronique.domain.campaign import Campaign
    from chronique.domain.character import Character

# How a face-down event's stored JSON (sorted keys, no spaces) says it has an epoch to wait for:
# a look at the bytes spares decoding the many events of a chain that cannot hide anything.
_SEALED = b'"sealed_until":"'


def players_veil(journal: Journal, campaign: Campaign, character: Character) -> Veil | None:
    """What hidden rolls not yet revealed changed on ``character`` (as its version stands), None
    when none was made. Only the epoch open now is unrevealed, and every chain's head at the
    boundary that opened it is in its seal: the character's events after that head are read."""
    if all(campaign.is_revealed(epoch) for epoch in campaign.epochs):
        return None
    head = campaign.seals[-1]["heads"].get(str(character.id)) if campaign.seals else None
    stored = list(journal.recorder.select_events(character.id, gt=int(head[0]) if head else None, lte=character.version))
    voided = set(character.voided)
    first = next(
        (
            s.originator_version
            for s in stored
            if _SEALED in s.state and hidden_from_players(journal.mapper.to_domain_event(s), campaign.is_revealed, voided)
        ),
        None,
    )
    if first is None:
        return None
    start = journal.load(character.id, version=first - 1)
    events = [cast(ChainedEvent, journal.mapper.to_domain_event(s)) for s in stored if s.originator_version >= first]
    return veil(start, events, campaign.is_revealed, voided)
