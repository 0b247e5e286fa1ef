"""``chronique undo``: take back the campaign's last command, and ``correct`` on any aggregate.

A command is what one ``Chronique.act`` transaction recorded; each ends with the campaign's
``CommandRecorded`` mark naming the versions it recorded (ruling UN1), so the log itself says
what to take back. Undo voids them with one correction per aggregate touched (``Character.Undone``
per character, one ``Campaign.Corrected`` naming the command); nothing is erased, and chance
consumed is never taken back: the cards drawn stay drawn (FAIRNESS.md, ruling UN2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, cast
from uuid import UUID

from chronique.domain.campaign import NEVER_VOIDED, VOIDABLE, Campaign
from chronique.domain.chain import ChainedEvent, FaceDown
from chronique.domain.character import Character, stands_when_undone
from chronique.domain.corrections import CORRECTION_CLASSES
from chronique.domain.deck import Deck
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import calendar_from
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.words import face_down_until, player_assigned, told
from chronique.domain.text import NAME_LIMIT, plural, shortened

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique
    from chronique.domain.rulesets import Ruleset
    from chronique.domain.world import World

DEFAULT_REASON = "taken back with undo"
# Chance consumed stands (FAIRNESS.md): an epoch's first draw closed its entropy for good.
KEPT = (Campaign.EpochFirstDrawn,)


@dataclass(frozen=True)
class Account:
    """One event of the command taken back, in words: ``ref`` as ``chronique log`` names it."""

    ref: str
    who: str
    description: str

    def to_json(self) -> dict[str, str]:
        """Its JSON form (``--json``): its fields."""
        return asdict(self)


@dataclass(frozen=True)
class Undone:
    """What one undo voided (``voided``) and left standing because chance was consumed
    (``kept``), the clock before and after, and whether it was recorded (not a dry run)."""

    campaign: str
    reason: str
    voided: list[Account]
    kept: list[Account]
    clock_before: str
    clock_after: str
    recorded: bool

    def to_json(self) -> dict[str, Any]:
        """Its JSON form (``--json``): one shape, dry run or not."""
        return {
            "campaign": self.campaign,
            "recorded": self.recorded,
            "reason": self.reason,
            "clock": {"before": self.clock_before, "after": self.clock_after},
            "voided": [a.to_json() for a in self.voided],
            "kept": [a.to_json() for a in self.kept],
        }


def undo(services: Chronique, campaign_name: str, reason: str = DEFAULT_REASON, dry_run: bool = False, gm: bool = False) -> Undone:
    """Void everything the campaign's last command (not itself a correction, not taken back
    already) recorded; a dry run records nothing and says what it would void. What it says of
    events still face down is what players may read of them unless ``gm`` (:func:`_told`)."""

    def take_back(world: World) -> Undone:
        return _take_back(services, world, reason, recorded=not dry_run, gm=gm)

    if dry_run:  # undo draws nothing: the world it changes is only never saved
        return take_back(services.world(campaign_name))
    return services.act(campaign_name, take_back)


def correct(services: Chronique, campaign_name: str, member: str, version: int, reason: str) -> str:
    """Void the event at ``version`` of the campaign (``member`` its id) or of one of its
    characters; a deck's events are draws, never voided. The name of the aggregate corrected."""
    campaign = services.campaign(campaign_name)
    if member != str(campaign.id):
        if campaign.members.get(member, {}).get("kind") != "character":
            raise RuleViolation("a deck's events are cards drawn: chance consumed is never voided")
        return services.correct(campaign_name, member, version, reason).name

    def void(world: World) -> str:
        world.campaign.correct(_history(services, world.campaign.id), [version], reason)
        return world.campaign.name

    return services.act(campaign_name, void)


def _history(services: Chronique, aggregate_id: UUID) -> list[ChainedEvent]:
    return cast(list[ChainedEvent], list(services.journal.events.get(aggregate_id)))


def _take_back(services: Chronique, world: World, reason: str, recorded: bool, gm: bool) -> Undone:
    campaign = world.campaign
    if not reason.strip():
        raise RuleViolation("an undo's reason cannot be blank: leave `--reason` out for the default one")
    history = _history(services, campaign.id)
    marks = [e for e in history if isinstance(e, Campaign.CommandRecorded)]
    taken = {e.command for e in history if isinstance(e, Campaign.Corrected) and e.command is not None}
    for at, mark in reversed(list(enumerate(marks))):
        if mark.originator_version in taken:
            continue
        events = _events_of(services, history, mark)
        if any(isinstance(e, CORRECTION_CLASSES) for e in events):
            continue  # undo and correct are never taken back themselves (ruling UN3)
        if _voided_already(world, events):
            continue  # `correct` took back all it could: taken back already (ruling UN10)
        _check_nothing_unmarked(world, history, mark, marks[at + 1 :])
        return _void(services, world, history, mark, events, reason, recorded, gm)
    raise RuleViolation(f"nothing to undo in {campaign.name}: no command is left to take back")


def _voided_already(world: World, events: Sequence[ChainedEvent]) -> bool:
    """Whether the command of ``events`` recorded some event undo would void, and corrections
    voided every one of them already."""
    campaign = world.campaign
    voidable: list[tuple[ChainedEvent, list[int]]] = []
    for event in events:
        owner = event.originator_id
        if owner == campaign.id and isinstance(event, VOIDABLE) and not isinstance(event, KEPT):
            voidable.append((event, campaign.voided_versions()))
        elif owner in world.characters and not isinstance(event, Character.Created) and not stands_when_undone(event):
            voidable.append((event, world.characters[owner].voided))
    return bool(voidable) and all(event.originator_version in voided for event, voided in voidable)


def _told(rules: Ruleset, names: dict[str, str], event: ChainedEvent, campaign: Campaign, gm: bool) -> str:
    """An event in the log's words: a player's assignment by the name of the character whose id
    it records, as the log tells it ("Montana James is now played by Marc"). Unless ``gm``, one
    still face down reads as players may read it (FAIRNESS.md): a deck's draw by how many cards
    it drew, never which (a pile dealt, the GM's hidden draw); a hidden roll as the log says it,
    face down until its epoch is revealed; an event face down by design only for its cards (a
    Cartes deal) in its own words, which count the face-down cards and name the others."""
    if not gm and isinstance(event, FaceDown) and event.sealed_until is not None and not campaign.is_revealed(event.sealed_until):
        if isinstance(event, Deck.CardsDrawn):
            return f"{plural(len(event.cards), 'card')} drawn, {face_down_until(event.sealed_until)}"
        if not event.face_down_by_design:
            return face_down_until(event.sealed_until)
    if isinstance(event, Campaign.PlayerAssigned):
        return player_assigned(event, names.get(event.member_id))
    return told(rules.describe, event)


def _events_of(services: Chronique, history: Sequence[ChainedEvent], mark: Campaign.CommandRecorded) -> list[ChainedEvent]:
    """The events the command ``mark`` ends recorded, its mark aside, in recording order."""
    events: list[ChainedEvent] = []
    for aggregate, (first, last) in mark.recorded.items():
        if aggregate == str(mark.originator_id):
            events.extend(history[first - 1 : last])
        else:
            events.extend(cast(list[ChainedEvent], services.journal.events.get(UUID(aggregate), gt=first - 1, lte=last)))
    return sorted(events, key=lambda e: e.timestamp)


def _check_nothing_unmarked(
    world: World, history: Sequence[ChainedEvent], mark: Campaign.CommandRecorded, later: Sequence[Campaign.CommandRecorded]
) -> None:
    """Refuse when an event the command's aggregates recorded after it belongs to no later
    command's mark (a journal written by a Chronique without marks): undo could not tell what
    depends on what."""
    covered: dict[str, set[int]] = {str(mark.originator_id): {mark.originator_version, *(m.originator_version for m in later)}}
    for other in later:
        for aggregate, (first, last) in other.recorded.items():
            covered.setdefault(aggregate, set()).update(range(first, last + 1))
    heads = {str(a.id): a.version for a in world.aggregates()}
    for aggregate, (_, last) in [*mark.recorded.items(), (str(mark.originator_id), [0, mark.originator_version])]:
        unmarked = set(range(last + 1, heads.get(aggregate, last) + 1)) - covered.get(aggregate, set())
        if unmarked:
            raise RuleViolation(
                f"events were recorded in {world.campaign.name} after its last command without a command's mark: undo cannot take it back"
            )


def _void(
    services: Chronique,
    world: World,
    history: Sequence[ChainedEvent],
    mark: Campaign.CommandRecorded,
    events: list[ChainedEvent],
    reason: str,
    recorded: bool,
    gm: bool,
) -> Undone:
    campaign = world.campaign
    rules = ruleset(campaign.ruleset)
    calendar = calendar_from(campaign.calendar)
    names = {str(campaign.id): campaign.name, **{m: v["name"] for m, v in campaign.members.items()}}
    before = campaign.clock

    def account(event: ChainedEvent) -> Account:
        ref = f"{event.originator_id.hex[:8]}:{event.originator_version}"
        return Account(ref, names.get(str(event.originator_id), "?"), _told(rules, names, event, campaign, gm))

    voided: dict[UUID, list[int]] = {}
    shown: list[Account] = []
    kept: list[Account] = []
    for event in events:
        owner = event.originator_id
        if owner == campaign.id:
            if isinstance(event, KEPT):
                kept.append(account(event))
                continue
            if not isinstance(event, VOIDABLE):
                # Named by its description's head ("session 1 ended"): the whole one left no room for
                # why within a message's 300 characters (ruling EB2).
                head = shortened(told(rules.describe, event).split(": ", 1)[0], NAME_LIMIT)
                raise RuleViolation(f"the last command recorded “{head}”, which cannot be taken back: {NEVER_VOIDED}")
            done = campaign.voided_versions()
        elif owner in world.characters:
            if isinstance(event, Character.Created):
                raise RuleViolation(f"the last command created {names.get(str(owner), '?')}: a character's creation cannot be taken back")
            if stands_when_undone(event):
                # A game's chance consumed for the whole table, which the command's first draw
                # only triggered (a Cartes deal, ruling C90): it stands, as the deck's draws do.
                kept.append(account(event))
                continue
            done = world.characters[owner].voided
        else:  # a deck: its cards were drawn, chance consumed, and stay so
            kept.append(account(event))
            continue
        if event.originator_version not in done:
            voided.setdefault(owner, []).append(event.originator_version)
            shown.append(account(event))
    for owner, versions in voided.items():
        if owner != campaign.id:
            character = world.characters[owner]
            character.undo(_history(services, owner), versions, reason)
    campaign.correct(history, voided.get(campaign.id, []), reason, command=mark.originator_version)
    return Undone(campaign.name, reason.strip(), shown, kept, calendar.format(before), calendar.format(campaign.clock), recorded)
