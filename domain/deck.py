"""A shared deck of playing cards (a card game's general deck), its own hash chain.

The deck is an aggregate apart from the campaign so that its draw places (its versions) depend
only on what happened to the cards, never on how in-game time was cut into advances.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any
from uuid import UUID, uuid5

from chronique.domain.cards import RANKS, fresh_packs
from chronique.domain.chain import ChainedAggregate, ChainedCreated, ChainedEvent, ChanceConsumed, FaceDown
from chronique.domain.chance import StreamSource


def deck_id_for(campaign_id: UUID, name: str) -> UUID:
    """The id of a campaign's deck called ``name``."""
    return uuid5(campaign_id, f"deck:{name}")


class Deck(ChainedAggregate):
    """The face-down general deck: the cards left, top first."""

    class Created(ChainedCreated):
        """The deck was set on the table, empty until its first shuffle."""

        campaign_id: str
        name: str
        packs: int
        ranks: list[str]

        def apply(self, deck: Deck) -> None:
            deck.campaign_id = self.campaign_id
            deck.name = self.name
            deck.packs = self.packs
            deck.ranks = list(self.ranks)
            deck.cards = []
            deck.gathered = None

    class Shuffled(ChanceConsumed, FaceDown):
        """Cards were shuffled into the deck; ``chance`` holds the shuffle (FAIRNESS.md). The
        order is face down: players see it once its epoch is revealed (``sealed_until``)."""

        chance: list[dict[str, Any]]
        reason: str
        sealed_until: str

        def apply(self, deck: Deck) -> None:
            deck.cards = [*deck.cards, *self.chance[0]["result"]]
            deck.shuffled_in = self.epoch
            deck.gathered = None

    class CardsDrawn(FaceDown):
        """Cards left the top of the deck, for someone and some purpose; face-down cards (a pile,
        a hidden GM draw) stay hidden from players until the epoch ``sealed_until`` is revealed."""

        cards: list[str]
        to: str
        purpose: str
        sealed_until: str | None

        def apply(self, deck: Deck) -> None:
            deck.cards = deck.cards[len(self.cards) :]

    class Gathered(ChainedEvent):
        """Every card went back into the box (end of a session); the next draw reshuffles."""

        reason: str

        def apply(self, deck: Deck) -> None:
            deck.cards = []
            deck.gathered = self.reason

    if TYPE_CHECKING:  # set by the events' apply(); see ChainedAggregate
        campaign_id: str
        name: str
        packs: int
        ranks: list[str]
        cards: list[str]
        shuffled_in: str
        gathered: str | None

    @classmethod
    def create(cls, campaign_id: UUID, name: str, packs: int, ranks: Sequence[str] = RANKS) -> Deck:
        """A new, empty deck of ``packs`` packs of the given ranks (a game may drop face cards)."""
        return cls.begin(
            cls.Created, id=deck_id_for(campaign_id, name), campaign_id=str(campaign_id), name=name, packs=packs, ranks=list(ranks)
        )

    def fresh(self) -> list[str]:
        """Every card of the deck's packs, in fresh-pack order (FAIRNESS.md)."""
        return fresh_packs(self.packs, tuple(self.ranks))

    def shuffle_in(self, cards: Sequence[str], chance: StreamSource, epoch: str, reason: str) -> None:
        """Shuffle ``cards`` (listed in fresh-pack order) and put them under the deck's cards."""
        stream = chance.stream(epoch, self.draw_place(epoch))
        stream.shuffle(cards)
        self.record(self.Shuffled, epoch=epoch, chance=stream.ops, reason=reason, sealed_until=epoch)

    def draw(
        self,
        count: int,
        to: str,
        purpose: str,
        discards: Callable[[], list[str]],
        chance: StreamSource,
        epoch: str,
        face_down: bool = False,
    ) -> list[str]:
        """Take ``count`` cards from the top; when the deck runs out, shuffle the discards back in.

        ``discards`` gives the cards neither in the deck nor in anyone's hands, in fresh-pack
        order (cartes.md A30: a spent general deck is reshuffled from its discards).
        """
        shuffled_in = self.__dict__.get("shuffled_in")
        if self.cards and shuffled_in != epoch:
            from chronique.domain.rulesets.words import epoch_name  # the rulesets' package imports the deck

            # FAIRNESS.md v2: an order shuffled in an epoch now revealed is known to the players.
            when = epoch_name(shuffled_in) if shuffled_in else "an earlier epoch"
            self.gather(f"the deck's order was shuffled in {when}, whose seed is now revealed")
        drawn: list[str] = []
        while len(drawn) < count:
            if not self.cards:
                pool = discards()
                if not pool:
                    raise LookupError("no card is left to draw, even after gathering the discards")
                self.shuffle_in(pool, chance, epoch, self.why_empty())
            take = self.cards[: count - len(drawn)]
            self.record(self.CardsDrawn, cards=take, to=to, purpose=purpose, sealed_until=epoch if face_down else None)
            drawn.extend(take)
        return drawn

    def hide_order(self, chance: StreamSource, epoch: str) -> None:
        """Shuffle the cards left anew from ``chance``: a dry run's deck, never saved. FAIRNESS.md
        v2: a dry run "shows what would happen, never what will", and an order already shuffled in
        ``epoch`` is the real one its draws would take (an older order is gathered at the next
        draw, and the discards shuffled from ``chance`` then)."""
        if not self.cards or self.__dict__.get("shuffled_in") != epoch:
            return
        left, in_fresh_order = Counter(self.cards), []
        for card in self.fresh():
            if left[card]:
                left[card] -= 1
                in_fresh_order.append(card)
        self.gather("a dry run's own order of the cards left")
        self.shuffle_in(in_fresh_order, chance, epoch, "a dry run's own order of the cards left")

    def gather(self, reason: str) -> None:
        """All cards back into the box."""
        self.record(self.Gathered, reason=reason)

    def why_empty(self) -> str:
        """Why the empty deck is shuffled, as the log says it after "40 cards shuffled in session 3":
        a new deck's first shuffle, every card gathered back (and why: "end of session", a seed
        revealed, a Sequence begins), or the draws ran it out. The reason once said "the deck was
        empty" even right after a gathering, which emptied it on purpose (rulings C83, M62)."""
        # A deck snapshotted before ``gathered`` was kept reads as the deck always said.
        gathered = self.__dict__.get("gathered")
        if gathered:
            return f"every card was gathered back: {gathered}"
        if "shuffled_in" not in self.__dict__:
            return "the deck's first shuffle"
        return "the deck was empty"
