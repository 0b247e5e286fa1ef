"""Everything one command may change: a campaign with its characters and decks, and chance."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TypeVar, cast
from uuid import UUID

from chronique.domain.campaign import Campaign
from chronique.domain.chain import ChainedAggregate, ChainedEvent
from chronique.domain.chance import ChanceSource, ChanceStream, DrawPlace
from chronique.domain.character import Character
from chronique.domain.deck import Deck
from chronique.domain.errors import RuleViolation
from chronique.domain.names import find, spoken
from chronique.domain.text import fold, quoted

E = TypeVar("E", bound=ChainedEvent)


@dataclass
class World:
    """The aggregates of one campaign, loaded together so one save records a command atomically."""

    campaign: Campaign
    source: ChanceSource
    characters: dict[UUID, Character] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)
    shown_and_discarded: Counter[str] = field(default_factory=Counter)
    """Cards the commands played on this world and not yet saved drew and gave up at once, which
    no event of a character takes in (a GM's passive draw, Cartes §Tirages passifs): discards
    for a reshuffle, not cards on the table (Cartes ruling C37)."""

    def stream(self, epoch: str, place: DrawPlace) -> ChanceStream:
        """The world is the chance source of its commands: a first draw closes its epoch's entropy."""
        self.campaign.mark_drawn(epoch)
        return self.source.stream(epoch, place)

    def aggregates(self) -> Iterator[ChainedAggregate]:
        """The campaign, its decks and its characters."""
        yield self.campaign
        yield from self.decks.values()
        yield from self.characters.values()

    def mark_command(self) -> None:
        """End a command that recorded something with the campaign's mark of what it recorded,
        per aggregate its first and last versions, so that ``undo`` can take it back (ruling UN1)."""
        recorded = {str(a.id): [a.version - len(a.pending_events) + 1, a.version] for a in self.aggregates() if a.pending_events}
        if recorded:
            self.campaign.mark_command(recorded)

    def collect(self) -> list[ChainedEvent]:
        """Take every pending event, in the order they happened, so the log reads as play went."""
        events = [cast(ChainedEvent, e) for a in self.aggregates() for e in a.collect_events()]
        self.shown_and_discarded.clear()  # the draws they counted against are taken too
        return sorted(events, key=lambda e: e.timestamp)

    def pending(self) -> list[ChainedEvent]:
        """The pending events in the order they happened, left pending (a dry run's view)."""
        events = [cast(ChainedEvent, e) for a in self.aggregates() for e in a.pending_events]
        return sorted(events, key=lambda e: e.timestamp)

    def character(self, name: str) -> Character:
        """The character called ``name`` (or with that id), without case or accents; a
        RuleViolation naming it, with the closest names, otherwise (issue 15)."""
        spellings = [(spelling, c) for c in self.characters.values() for spelling in (c.name, str(c.id))]
        try:
            return find(name, spellings, "character", where=self.campaign.name, label=lambda c: c.name)
        except RuleViolation:
            # A GM calls "Joe" the one Joe at the table, Joe Hambuster (ruling EB47): a given name
            # answers only when no full name does and no one else bears it.
            given = [c for c in self.characters.values() if " " in c.name.strip() and fold(c.name.split()[0]) == fold(name)]
            if len(given) == 1:
                return given[0]
            if given:
                names = spoken(sorted(c.name for c in given))  # in a stable order, whatever the loading's
                raise RuleViolation(
                    f"{quoted(name)} could be more than one character in {self.campaign.name}: {names}; type the whole name"
                ) from None
            raise

    def recorded_last(self, name: str, kind: type[E]) -> E:
        """The latest event of ``kind`` the character called ``name`` recorded in this command (a
        table command says what the rules recorded, in the log's words)."""
        return next(e for e in reversed(self.character(name).pending_events) if isinstance(e, kind))

    def recorded_by(self, kind: type[E]) -> list[tuple[str, E]]:
        """Every event of ``kind`` the characters recorded in this command, in the order it
        happened, each with the name of who recorded it (a table command says what its rules did
        beyond the roll, in the log's words)."""
        names = {character.id: character.name for character in self.characters.values()}
        return [(names[e.originator_id], e) for e in self.pending() if isinstance(e, kind) and e.originator_id in names]

    def heads(self) -> dict[str, list[object]]:
        """Every chain's (version, head hash): what a seal seals."""
        return {str(a.id): [a.version, a.head_hash] for a in self.aggregates()}
