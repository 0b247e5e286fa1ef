"""The use cases: each loads what it needs, runs the domain, and saves once (one transaction)."""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import IntegrityError, OperationalError, PersistenceError, StoredEvent

from chronique.adapters.audit import Audit
from chronique.adapters.clock import WallClock, system_clock
from chronique.adapters.commandids import AlreadyRecorded, CommandRecord, OutcomeUnknown
from chronique.adapters.database import first_line
from chronique.adapters.invites import Invites
from chronique.adapters.journal import Journal
from chronique.adapters.locks import CampaignBusy, CampaignLocks, NoLocks, WorldMoved
from chronique.adapters.pacingdue import PacingDue, moved
from chronique.adapters.vault import SeedVault, SimulatedChance, VaultChance
from chronique.domain.campaign import Campaign, campaign_id_for
from chronique.domain.cards import RANKS
from chronique.domain.chain import ChainedAggregate, ChainedEvent, ChanceConsumed, salting
from chronique.domain.character import Character
from chronique.domain.corrections import CORRECTION_TOPICS, voided_by
from chronique.domain.deck import Deck
from chronique.domain.errors import RuleViolation, SheetProblems
from chronique.domain.fairness import seal_of
from chronique.domain.gametime import Calendar, WrongCalendar, calendar_for_start, calendar_from
from chronique.domain.luck import Tally, session_words, tally_counted
from chronique.domain.names import find
from chronique.domain.notes import GM, Note, note_author, refuse_player_unless_allowed
from chronique.domain.pacing import Pacing, make_pacing
from chronique.domain.players import player_named
from chronique.domain.rulesets import Ruleset, calendar_games, game_of_sheet, ruleset
from chronique.domain.rulesets.words import face_down_until, joined, player_assigned, told
from chronique.domain.text import character_in_words, fold, quoted, to_type, unprintable_in
from chronique.domain.timeline import Tick, advance
from chronique.domain.verifier import CAMPAIGN
from chronique.domain.world import World

if TYPE_CHECKING:
    from datetime import datetime

    from chronique.adapters.readmodels import ReadModels
    from chronique.domain.veil import Veil

R = TypeVar("R")
_RETRIES = 10
log = logging.getLogger("chronique.services")


LUCK_KEYS = ("player", "character", "session", "kind", "campaign")
# The lock a daemon holds while it catches the read models up after its pass (never a campaign's id).
CATCHING_UP = uuid5(NAMESPACE_URL, "https://chronique.invalid/read-models/catching-up")
_CREATED = CAMPAIGN + "Created"
"""The topic of a campaign's creation: the journal's campaigns are found by it."""


@dataclass(frozen=True)
class LogPage:
    """Which part of a log to show: by character, session, kind of event and in-game time."""

    characters: tuple[str, ...] = ()
    session: int | None = None
    kinds: tuple[str, ...] = ()
    since: int | None = None
    until: int | None = None
    offset: int = 0
    limit: int | None = None
    newest_first: bool = False
    gm: bool = False
    """The GM's page: a face-down event of an unrevealed epoch is found by the characters it names."""


@dataclass(frozen=True)
class LogEntry:
    """One event of a campaign's log as the log read model holds it (projections/log.py): its
    position in the journal, its aggregate and version, its in-game time, who recorded it, its
    kind (the event's class), what it did in the players' words, the epoch hiding it from players
    until revealed, and the correction that voided it (as the log shows it) with its reason."""

    position: int
    aggregate_id: str
    version: int
    at: int | None
    who: str
    kind: str
    description: str
    hidden_until: str | None
    correction: str | None
    reason: str | None
    # Whether its words name none of its face-down cards: an event face down by design (a Cartes
    # deal, whose hand is face up and pile counted), which players read before the reveal.
    told_face_down: bool = field(default=False, compare=False)

    def face_down_to(self, is_revealed: Callable[[str], bool], gm: bool) -> bool:
        """Whether the reader (the GM when ``gm``) may not see it yet: face down in an epoch not revealed."""
        return not gm and self.hidden_until is not None and not is_revealed(self.hidden_until)

    def words(self, is_revealed: Callable[[str], bool], gm: bool) -> str:
        """What the reader reads of it in the log, the web journal's included (ruling NT10): its
        words, or "face down until the dice of session 1 are revealed" while it is face down to
        them, but for an event face down by design, whose words say its face-up cards and count
        the others, as the deck's draws beside it show the first and hide the second."""
        if self.told_face_down or not self.face_down_to(is_revealed, gm):
            return self.description
        return face_down_until(str(self.hidden_until))


@dataclass
class Collected:
    """What one command's writes committed, for its ``--json``: each event with its campaign
    as committed, and each write's result."""

    events: list[tuple[Campaign, ChainedEvent]] = field(default_factory=list)
    results: list[Any] = field(default_factory=list)


@dataclass(frozen=True)
class Advanced:
    """What one advance did: the ticks fired and the events it recorded (or would record)."""

    from_time: int
    to_time: int
    ticks: list[Tick]
    events: list[ChainedEvent]
    recorded: bool
    # What still waits at its end that no advance fires (:meth:`Chronique.waiting`, a critical
    # MicroFudge wound waiting for care, rulings M64, M68): (in-game time, who, what).
    waiting: list[tuple[int, str, str]] = field(default_factory=list)
    # An advance by hand that moved the pacing's count to its end (ruling TB19): the pacing then.
    recounted: Pacing | None = None

    @property
    def simulated(self) -> bool:
        """A dry run draws from a throwaway key: it shows what could happen, not what will."""
        return not self.recorded

    @property
    def drew(self) -> bool:
        """Whether anything of it was left to chance: a dry run that drew nothing (a MicroFudge
        week of healing) is what the real advance will do, not a simulation (ruling TB22)."""
        return any(isinstance(event, ChanceConsumed) for event in self.events)


@dataclass(frozen=True)
class DowntimeSpan:
    """The span ``downtime report`` reads without ``--since`` (ruling WJ17): from the end of
    session ``after`` (None: the campaign's start) to the start of session ``before`` (None: the
    campaign's clock), in-game ``start`` to ``end``."""

    after: int | None
    before: int | None
    start: int
    end: int

    def nothing_notable(self, calendar: Calendar) -> str:
        """The span with nothing notable in it, in words, by its sessions and in-game moments
        (ruling TB15): what an empty downtime report says, on the command line and the web."""
        start, end = calendar.format(self.start), calendar.format(self.end)
        if self.before is not None:
            began = f"the end of session {self.after}" if self.after is not None else "the campaign's start"
            if self.start == self.end:
                return f"nothing notable between {began} and the start of session {self.before}, both at {start}"
            return f"nothing notable between {began} ({start}) and the start of session {self.before} ({end})"
        since = f"session {self.after} ended" if self.after is not None else "the campaign began"
        return f"nothing notable since {since} ({start}; {clock_reads(self.end, self.start, calendar)})"


def clock_reads(clock: int, since: int, calendar: Calendar) -> str:
    """Where the campaign's ``clock`` stands against the moment ``since``, in words."""
    return "the clock has not moved since" if clock == since else f"the clock reads {calendar.format(clock)}"


class Chronique:
    """The application service: every command of the CLI and the daemon goes through here."""

    def __init__(
        self,
        journal: Journal,
        vault: SeedVault,
        audit: Audit,
        clock: WallClock = system_clock,
        read_models: Callable[[], ReadModels] | None = None,
        locks: CampaignLocks | None = None,
        command_id: str | None = None,
    ) -> None:
        self.journal = journal
        self._make_read_models = read_models
        self._read_models: ReadModels | None = None
        self.locks: CampaignLocks = locks or NoLocks()
        self.vault = vault
        self.audit = audit
        self.clock = clock
        self.invites = Invites(journal, clock)  # the campaigns' invite links (issue 16)
        # The id of the command these services run (adapters/commandids.py), recorded with each
        # of its writes; none for the daemon, whose advances go to an absolute target anyway.
        self.command_id = command_id
        self._steps = 0  # the command's writes committed so far
        # What this command committed while the CLI collects it for ``--json`` (cli/context.py
        # run); None otherwise, so the daemon keeps nothing of what it ran.
        self.collected: Collected | None = None

    @property
    def read_models(self) -> ReadModels | None:
        """The read models, built on first use: SQLAlchemy and the projections cost a command
        that records nothing nothing."""
        if self._read_models is None and self._make_read_models is not None:
            self._read_models = self._make_read_models()
        return self._read_models

    def close(self) -> None:
        """Give back every connection (a PostgreSQL database cannot be dropped while one is open)."""
        self.journal.close()
        self.vault.close()
        self.locks.close()
        if self._read_models is not None:
            self._read_models.database.dispose()

    # -- loading -------------------------------------------------------------------------------

    def campaign(self, name: str, shared: bool = False, looked: bool = False) -> Campaign:
        """The campaign called ``name`` (or with that id); ``shared``: see :meth:`Journal.load`;
        ``looked``: the command already looked at the log (:meth:`Journal.look`)."""
        if not looked:
            self.journal.look()  # a command's first load: what other writers stored since the last one
        for candidate in (campaign_id_for(name), _as_uuid(name)):
            if candidate is None:
                continue
            try:
                campaign: object = self.journal.load(candidate, shared=shared)
            except AggregateNotFoundError:
                continue
            if isinstance(campaign, Campaign):
                return campaign
        # An id derives from the name as typed; a name typed without its accents is found by name.
        return find(name, [(c.name, c) for c in self.campaigns()], "campaign named", label=lambda c: c.name)

    def _lock_key(self, name: str) -> UUID:
        """The id of the campaign ``name`` names, which its writers lock: derived from the name
        when typed as created (one indexed look), else found by name ("vallee" for Vallée), so
        every spelling of one campaign takes the same lock."""
        derived = campaign_id_for(name)
        if self.journal.keeps(derived) or self.journal.recorder.select_events(derived, limit=1):
            return derived
        return self.campaign(name).id

    def campaign_by_id(self, campaign_id: UUID, shared: bool = False, looked: bool = False) -> Campaign:
        """The campaign with id ``campaign_id``, loaded once: the daemon knows its campaigns by id,
        and a name lookup would first miss on the hash of the id's text (issue 20)."""
        if not looked:
            self.journal.look()
        try:
            campaign: object = self.journal.load(campaign_id, shared=shared)
        except AggregateNotFoundError:
            campaign = None
        if not isinstance(campaign, Campaign):
            raise RuleViolation(f"no campaign with id {campaign_id}")
        return campaign

    def world(self, campaign_name: str | UUID, shared: bool = False, looked: bool = False) -> World:
        """The campaign (by name, or by id when given a UUID) with all its decks and characters,
        and its chance source; ``shared``: the aggregates a warm journal keeps, for :meth:`act`;
        ``looked``: see :meth:`campaign`."""
        if isinstance(campaign_name, UUID):
            campaign = self.campaign_by_id(campaign_name, shared, looked)
        else:
            campaign = self.campaign(campaign_name, shared, looked)
        world = World(campaign=campaign, source=VaultChance(self.vault, campaign))
        for member_id in campaign.member_ids():
            _join(world, self.journal.load(member_id, shared=shared))
        return world

    def _worlds(self, campaign_ids: list[UUID]) -> list[World]:
        """The campaigns with these ids with their decks and characters, loaded together
        (:meth:`Journal.load_many`), in the order given; a RuleViolation for an id that is no campaign."""
        campaigns = self.journal.load_many(campaign_ids)
        members = self.journal.load_many([member for c in campaigns.values() for member in c.member_ids()])
        worlds = []
        for campaign_id in campaign_ids:
            campaign = campaigns.get(campaign_id)
            if not isinstance(campaign, Campaign):
                raise RuleViolation(f"no campaign with id {campaign_id}")
            world = World(campaign=campaign, source=VaultChance(self.vault, campaign))
            for member_id in campaign.member_ids():
                _join(world, members[member_id])
            worlds.append(world)
        return worlds

    def _campaign_names(self) -> list[str]:
        """The names of every campaign of the journal, read off their creations (a campaign is
        named once), without loading one."""
        import orjson

        notifications = self.journal.recorder.select_notifications(start=None, limit=1_000_000, topics=[_CREATED])
        return [str(orjson.loads(n.state)["name"]) for n in notifications]

    def campaigns(self) -> list[Campaign]:
        """Every campaign of the journal, oldest first."""
        self.journal.look()
        notifications = self.journal.recorder.select_notifications(start=None, limit=1_000_000, topics=[_CREATED])
        return [self.journal.load(n.originator_id) for n in notifications]

    # -- commands ------------------------------------------------------------------------------

    def act(self, campaign_name: str | UUID, command: Callable[[World], R]) -> R:
        """Run ``command`` on the campaign's world and save everything it recorded at once.

        A conflict with another writer (optimistic concurrency) or a locked file reloads the
        world and runs the command again, a bounded number of times after a growing, jittered
        pause, so writers that collided do not collide again in step (DESIGN.md, Storage).

        The result is what was committed (issue 18): a save that failed although its events were
        committed (a connection dropped as the commit went through) is a success, never run again;
        and what follows the commit (releasing the lock, a snapshot, the read models) is logged
        when it fails, never turned into a failure of a command whose events are recorded.

        A command with an id records it with its events (:meth:`_commit`): run again with that id,
        it records nothing and raises :class:`AlreadyRecorded` instead (issue 18).
        """
        key = campaign_name if isinstance(campaign_name, UUID) else _as_uuid(campaign_name) or self._lock_key(campaign_name)
        for attempt in range(_RETRIES):
            self.vault.take_drafts()  # a failed attempt's drafted seeds were never committed: drop them
            recorded: list[ChainedEvent] = []
            shared: list[World] = []
            # A warm PostgreSQL command runs first on what this process keeps, its lock and the
            # check that its world did not move sent with its save, in one round trip; an attempt
            # after the first looks under its lock before it runs (ruling PF17).
            deferred = attempt == 0 and self.locks.defers and self.command_id is None and self.journal.has_looked
            try:
                try:
                    with self.locks.hold(key, read=None if deferred else self.journal.look_statement(), deferred=deferred) as held:
                        # Under the campaign's lock, so a run of the same command waiting for it sees this one's id.
                        self._refuse_if_recorded()
                        if not deferred:
                            self.journal.look(held.rows)  # read with the lock where it takes a round trip
                        world = self.world(campaign_name, shared=True, looked=True)
                        shared.append(world)
                        loaded = {a.id: a.version for a in world.aggregates()}
                        if deferred:
                            held.owe(self.journal.checked_look_statement(loaded), self.journal.look)
                        due = PacingDue.of(world.campaign)
                        try:
                            with salting(world.source.salt):
                                result = command(world)
                        except RuleViolation:
                            self.locks.settle()  # a refusal, too, rests on what is stored
                            raise
                        world.mark_command()
                        recorded = world.collect()
                        snapshots, later = self._snapshots(world, loaded)
                        self._commit(recorded, world.campaign, moved(due, world.campaign), snapshots)
                except BaseException:
                    # The command changed the kept aggregates and recorded nothing (or cannot tell):
                    # they are forgotten, and the next load reads them from the store.
                    for changed in shared:
                        self.journal.forget(a.id for a in changed.aggregates())
                    raise
            except WorldMoved:
                continue  # nothing committed: run again, looking first
            except (CampaignBusy, OutcomeUnknown):
                raise
            except (IntegrityError, OperationalError):
                # Certainly not committed (_commit read it back): a conflict or a lost lock, run again.
                if attempt == _RETRIES - 1:
                    raise
                _back_off(attempt)
                continue
            if recorded:
                self._after_commit(later)
            if self.collected is not None:
                self.collected.results.append(result)
            return result
        raise AssertionError("unreachable")

    def _commit(
        self, events: list[ChainedEvent], campaign: Campaign, dues: Sequence[PacingDue] = (), snapshots: Sequence[StoredEvent] = ()
    ) -> None:
        """Record ``events`` in one transaction with the seeds drafted for them, for a command
        with an id the id of this write, the rows of next advances ``dues`` the events moved
        (adapters/pacingdue.py) and the ``snapshots`` they brought due. A save that raised
        although its events were committed is a success; one whose outcome cannot be read back
        raises :class:`OutcomeUnknown`; any other failure is raised as it came, nothing having
        been committed."""
        command = None
        if events and self.command_id is not None:
            command = CommandRecord(self.command_id, self._steps + 1, campaign.id, campaign.clock, self.clock())
        try:
            self.journal.save(
                *events,
                secrets=self.vault.take_drafts(),
                command=command,
                dues=dues if events else (),
                snapshots=snapshots if events else (),
            )
        except WorldMoved:
            raise  # certainly not committed: the check failed before the commit
        except PersistenceError as error:
            if not events:
                raise
            try:
                committed = self._committed(events[0])
            except PersistenceError as unknown:
                if self.command_id is None:
                    raise
                raise OutcomeUnknown(self.command_id, unknown) from error
            if not committed:
                raise
        if events:
            self._steps += 1
            if self.collected is not None:
                self.collected.events.extend((campaign, event) for event in events)

    def _refuse_if_recorded(self) -> None:
        """Raise :class:`AlreadyRecorded`, in words, if this write of the command is recorded."""
        if self.command_id is None:
            return
        found = self.journal.recorded_command(self.command_id, self._steps + 1)
        if found is None:
            return
        campaign = self.campaign_by_id(found.campaign_id)
        raise AlreadyRecorded(
            f"already recorded: this command (id {found.command_id}) was recorded in {campaign.name} at "
            f"{calendar_from(campaign.calendar).format(found.at)} in the game, on {found.recorded_at.astimezone(UTC):%Y-%m-%d %H:%M} UTC; "
            "nothing was recorded again"
        )

    def save(self, world: World, loaded: dict[UUID, int]) -> None:
        """Record everything the world's aggregates recorded since ``loaded``, in one transaction,
        with the seeds of the epochs it committed to (never written before their commitment)."""
        snapshots, later = self._snapshots(world, loaded)
        self.journal.save(*world.collect(), secrets=self.vault.take_drafts(), snapshots=snapshots)
        self._snapshot_from_store(later)

    def _committed(self, event: ChainedEvent) -> bool:
        """Whether ``event`` itself is in the journal: the same aggregate, version and bytes (a
        conflicting writer's event at that version has other bytes: its own id, time and draws)."""
        stored = self.journal.recorder.select_events(event.originator_id, gt=event.originator_version - 1, lte=event.originator_version)
        return bool(stored) and stored[0].state == self.journal.mapper.to_stored_event(event).state

    def _after_commit(self, later: list[tuple[ChainedAggregate, int]]) -> None:
        """The snapshots a commit brought due that could not be written with it: a cache of the
        events, so a failure is only logged (the next command snapshots again). The read models
        are not caught up here: every read catches them up first (``_read_model``), so a write
        pays neither their SQLAlchemy import nor their three transactions, and a run of commands
        at the table is projected once, by the next read (issue 20; they were 70% of a
        command's time)."""
        try:
            self._snapshot_from_store(later)
        except Exception as error:  # noqa: BLE001 - the events are committed; a snapshot only speeds loading
            log.warning("a snapshot could not be saved (%s); loading replays a few more events", first_line(error))

    def catch_up(self) -> None:
        """Bring the read models up to the journal: after a daemon's pass, so that a read finds
        them current; any read catches them up first anyway. The projections are caught up in
        two groups of about equal work, one daemon a group: a daemon that finds another catching
        a group up leaves that group's events to it and to the next read, rather than both
        taking its pages in turn, and two daemons ending their passes together share the work
        (issue 20: two daemons finished no sooner than one)."""
        if self.read_models is None:
            return
        from chronique.adapters.readmodels import PASS_GROUPS, PASS_PAGE

        for group in PASS_GROUPS:
            with self.locks.try_hold([uuid5(CATCHING_UP, group[0])]) as (_, taken):
                if taken:
                    self.read_models.refresh(list(group), PASS_PAGE)

    def _snapshots(self, world: World, loaded: dict[UUID, int]) -> tuple[list[StoredEvent], list[tuple[ChainedAggregate, int]]]:
        """The snapshots the world's recorded events bring due (saving events, not aggregates,
        keeps the log in the order play went, so the library does not snapshot by itself): the
        rows of those taken from the state each chain kept at that version, to write with the
        events (issue 20), and the (aggregate, version) of those to take from the store once
        they are committed. A snapshot that cannot be taken is only logged: it speeds loading."""
        rows: list[StoredEvent] = []
        later: list[tuple[ChainedAggregate, int]] = []
        for aggregate in world.aggregates():
            interval = self.journal.snapshotting_intervals.get(type(aggregate))
            if not interval or aggregate.version // interval <= loaded.get(aggregate.id, 0) // interval:
                continue
            version = aggregate.version - aggregate.version % interval
            try:
                row = self.journal.snapshot_row(aggregate, version)
            except Exception as error:  # noqa: BLE001 - a snapshot only speeds loading
                log.warning("a snapshot could not be taken (%s); loading replays a few more events", first_line(error))
                continue
            if row is None:
                later.append((aggregate, version))
            else:
                rows.append(row)
        return rows, later

    def _snapshot_from_store(self, later: list[tuple[ChainedAggregate, int]]) -> None:
        for aggregate, version in later:
            self.journal.snapshot(aggregate, version)

    def create_campaign(self, name: str, ruleset_name: str, start: str | None) -> Campaign:
        """A new campaign of ``ruleset_name``, its shared decks, and its first commitment."""
        rules = ruleset(ruleset_name)
        self._refuse_if_recorded()
        # A campaign is found by its name typed without case or accents: "Vallee" beside "Vallée"
        # would take the commands typed for the other one (ruling EB10).
        alike = [known for known in self._campaign_names() if fold(known) == fold(name)]
        if alike:
            raise RuleViolation(f"a campaign named {alike[0]} already exists: names are told apart without case or accents")
        if self.journal.recorder.select_events(campaign_id_for(name), limit=1):
            raise RuleViolation(f"a campaign named {quoted(name)} already exists")
        try:
            calendar, clock = calendar_for_start(start, rules.gregorian)
        except WrongCalendar as refused:
            # Why, from each game's own calendar, asked only on a refusal: creating a campaign
            # imports no other game (issue 20).
            raise RuleViolation(refused.explained(rules.title, joined(calendar_games(not rules.gregorian)))) from None
        settings = rules.default_settings()
        first_commitment = self.vault.draft(campaign_id_for(name), "downtime-0")
        campaign = Campaign.create(name, ruleset_name, settings, calendar.to_data(), clock, first_commitment)
        # Ruleset settings name each shared deck: {"general": 2} packs, or {"packs": 1, "ranks": [...]}.
        decks = [
            Deck.create(campaign.id, deck, spec, RANKS)
            if isinstance(spec, int)
            else Deck.create(campaign.id, deck, spec["packs"], spec["ranks"])
            for deck, spec in settings.get("decks", {}).items()
        ]
        for deck in decks:
            campaign.join(deck.id, "deck", deck.name)
        # The campaign's events, then each deck's: the order saving the aggregates gave.
        self._commit([cast(ChainedEvent, e) for aggregate in (campaign, *decks) for e in aggregate.collect_events()], campaign)
        return campaign

    def assign_player(self, campaign_name: str, character_name: str, player: str) -> tuple[str, str, bool]:
        """Record who plays a character; the character's name and the player's, as recorded, and
        whether it was recorded (not when that player plays the character already)."""

        def assign(world: World) -> tuple[str, str, bool]:
            character = world.character(character_name)
            recorded = world.campaign.assign_player(character.id, player)
            return character.name, world.campaign.members[str(character.id)]["player"], recorded

        return self.act(campaign_name, assign)

    def create_character(self, campaign_name: str, raw_sheet: Mapping[str, Any]) -> Character:
        """A new character from a sheet, checked against its ruleset's creation rules."""

        def create(world: World) -> Character:
            rules = ruleset(world.campaign.ruleset)
            try:
                sheet, condition = rules.new_character(raw_sheet)
            except SheetProblems:
                other = game_of_sheet(raw_sheet, but=world.campaign.ruleset)
                if other is None:
                    raise
                raise RuleViolation(
                    f"this is a sheet of {other}, and {world.campaign.name} plays {rules.title}: give a sheet of {rules.title}"
                ) from None
            character = Character.create(world.campaign.id, sheet["name"], world.campaign.ruleset, sheet, condition)
            # After the checks that name a bad character name in their own words (EB3).
            odd = unprintable_in(raw_sheet)
            if odd is not None:
                # Named in words, never as Python's code (ruling EB27).
                raise RuleViolation(f"the sheet's {quoted(odd[0])} may hold only printable characters, not {character_in_words(odd[1])}")
            world.campaign.join(character.id, "character", character.name)
            world.characters[character.id] = character
            return character

        return self.act(campaign_name, create)

    def start_session(self, campaign_name: str) -> Campaign:
        """Open the next session: reveal the downtime seed and commit to the session's."""

        def start(world: World) -> Campaign:
            campaign = world.campaign
            if campaign.in_session:
                raise RuleViolation(f"session {campaign.session} of {campaign.name} is still open")
            commitment = self.vault.draft(campaign.id, f"session-{campaign.session + 1}")
            campaign.start_session(self.vault.seed(campaign.id, campaign.epoch), commitment)
            ruleset(campaign.ruleset).start_session(world)
            heads = world.heads()
            campaign.seal(heads, seal_of(heads))
            return campaign

        return self.act(campaign_name, start)

    def end_session(self, campaign_name: str) -> Campaign:
        """Close the open session: put the cards away, seal every chain, reveal the seed."""
        return self.close_session(campaign_name)[0]

    def close_session(self, campaign_name: str) -> tuple[Campaign, tuple[str, ...]]:
        """Close the open session as :meth:`end_session` does, with what the game did at its end
        in words, one line each, for ``session end`` to say (ruling M160)."""

        def end(world: World) -> tuple[Campaign, tuple[str, ...]]:
            campaign = world.campaign
            if not campaign.in_session:
                raise RuleViolation(f"campaign {campaign.name} has no open session")
            said = tuple(ruleset(campaign.ruleset).end_session(world))
            commitment = self.vault.draft(campaign.id, f"downtime-{campaign.session}")
            real = self.clock().isoformat()
            campaign.end_session(self.vault.seed(campaign.id, campaign.epoch), commitment, real)
            heads = world.heads()
            campaign.seal(heads, seal_of(heads))
            return campaign, said

        return self.act(campaign_name, end)

    def add_entropy(self, campaign_name: str, player: str, phrase: str) -> tuple[Campaign, str]:
        """A player's phrase for the open epoch's key, before its first draw (FAIRNESS.md), under
        the name of one of the campaign's players (ruling FP1), as the campaign spells it (given
        back with the campaign): a phrase under a name no player answers to would let the seed's
        holder grind phrases unseen. A phrase already in that key (by anyone, spaces aside) is
        refused (ruling FP15): a copy makes the dice no harder to foresee, it only fills the log."""

        def add(world: World) -> tuple[Campaign, str]:
            named = player_named(world.campaign, player)
            world.campaign.add_entropy(named, phrase)
            return world.campaign, named

        return self.act(campaign_name, add)

    def correct(self, campaign_name: str, character_name: str, version: int, reason: str) -> Character:
        """Void one event of a character with a correction event; the original stays in the log."""

        def void(world: World) -> Character:
            character = world.character(character_name)
            history = cast(list[ChainedEvent], list(self.journal.events.get(character.id)))
            character.correct(history, version, reason)
            return character

        return self.act(campaign_name, void)

    def advance(self, campaign_name: str, to_time: Callable[[Campaign], int], dry_run: bool = False) -> Advanced:
        """Advance the campaign's clock, firing every process due on the way, in one save."""

        def run(world: World) -> Advanced:
            start, target = world.campaign.clock, to_time(world.campaign)
            if target <= start:
                calendar = calendar_from(world.campaign.calendar)
                when = "in the past of" if target < start else "the same as"
                raise RuleViolation(f"{calendar.format(target)} is {when} the campaign's clock ({calendar.format(start)})")
            advanced = self._advance(world, target, recorded=not dry_run)
            recounted = None if dry_run else self._recount_pacing(world.campaign)
            return advanced if recounted is None else replace(advanced, events=world.pending(), recounted=recounted)

        if dry_run:
            world = self.world(campaign_name)
            world.source = SimulatedChance()
            with salting(world.source.salt):
                for deck in world.decks.values():
                    deck.hide_order(world, world.campaign.epoch)
                return run(world)
        return self.act(campaign_name, run)

    def _recount_pacing(self, campaign: Campaign) -> Pacing | None:
        """After an advance by hand between sessions, the campaign's pacing counts on from the
        clock it reached, now (ruling TB19), as it does from a session's end: "one day a real day"
        goes on a day a real day from there, "mon 09:00, 1w" brings a whole week next Monday. An
        advance that leaves the clock short of where the pacing puts it now changes nothing (the
        daemon still catches up), nor one that reaches the pacing's ``until``. Recorded as the
        pacing set anew (its event's shape unchanged); the pacing so counted, or None."""
        if campaign.pacing is None or campaign.in_session:
            return None
        pacing = Pacing.from_data(campaign.pacing)
        now = self.clock()
        # A pacing whose --until the clock reached moves it no more: nothing to count on.
        if campaign.clock <= pacing.target(now) or (pacing.until is not None and campaign.clock >= pacing.until):
            return None
        recounted = pacing.anchored(now.isoformat(), campaign.clock)
        campaign.set_pacing(recounted)
        return recounted

    def set_pacing(
        self, campaign_name: str, ratio: int | None, every: str | None, step: int | None, tz: str, until: str | None
    ) -> Campaign:
        """Let in-game time move on its own between sessions, counted from now."""

        def pace(world: World) -> Campaign:
            campaign = world.campaign
            limit = calendar_from(campaign.calendar).parse(until) if until else None
            campaign.set_pacing(make_pacing(ratio, every, step, tz, limit, self.clock().isoformat(), campaign.clock))
            return campaign

        return self.act(campaign_name, pace)

    def clear_pacing(self, campaign_name: str) -> Campaign:
        """Stop in-game time from moving on its own."""

        def clear(world: World) -> Campaign:
            world.campaign.clear_pacing()
            return world.campaign

        return self.act(campaign_name, clear)

    def pace(
        self, campaign_id: UUID, now: datetime | None = None, starting: Callable[[Campaign, int], None] | None = None
    ) -> Advanced | None:
        """Advance the campaign with id ``campaign_id`` once, to where its pacing puts the clock at
        wall time ``now`` (default: now; the daemon's job): nothing with no pacing, during a
        session, or when the clock is already there. Checked under the campaign's lock, on the
        campaign loaded for the advance (the daemon knows it due from its table: issue 20), and
        told to ``starting`` (the campaign, its target) before the advance runs."""
        now = now or self.clock()

        def run(world: World) -> Advanced | None:
            target = world.campaign.paced_target(now)  # a session may have opened meanwhile
            if target is None:
                return None
            if starting is not None:
                starting(world.campaign, target)
            return self._advance(world, target, recorded=True)

        return self.act(campaign_id, run)

    def pace_many(
        self, campaign_ids: list[UUID], now: datetime, starting: Callable[[Campaign, int], None] | None = None
    ) -> dict[UUID, Advanced | None] | None:
        """Advance several campaigns as :meth:`pace` does, in one transaction: one lock statement
        and one commit for them all (issue 20, "several campaigns per transaction where safe");
        for services without a command id (the daemon's). What each campaign did, by id (None:
        not due after all); a campaign another writer holds is left out, for :meth:`pace` (which
        waits for it). Safe: every campaign's lock is held until the commit, each advance touches
        only its own campaign's aggregates, and the batch is all or nothing. None when the batch
        failed as a whole (a conflict, a lost lock, a campaign's advance raising): nothing was
        recorded, and each campaign is then paced on its own, where a failure stays its own."""
        if self.command_id is not None:
            raise RuntimeError("a batch of advances records no command of its own")
        done: dict[UUID, Advanced | None] = {}
        worlds: list[World] = []
        events: list[ChainedEvent] = []
        dues: list[PacingDue] = []
        snapshots: list[StoredEvent] = []
        later: list[tuple[ChainedAggregate, int]] = []
        self.vault.take_drafts()  # only this batch's drafted seeds are committed with it
        try:
            with self.locks.try_hold(campaign_ids) as (_, taken):
                for world in self._worlds(taken):
                    campaign_id = world.campaign.id
                    loaded = {a.id: a.version for a in world.aggregates()}
                    due = PacingDue.of(world.campaign)
                    target = world.campaign.paced_target(now)
                    if target is None:
                        done[campaign_id] = None
                        continue
                    if starting is not None:
                        starting(world.campaign, target)
                    with salting(world.source.salt):
                        done[campaign_id] = self._advance(world, target, recorded=True)
                    world.mark_command()
                    events += world.collect()
                    dues += moved(due, world.campaign)
                    rows, unkept = self._snapshots(world, loaded)
                    snapshots += rows
                    later += unkept
                    worlds.append(world)
                if events:
                    self._commit(events, worlds[0].campaign, dues, snapshots)
        except Exception as error:  # noqa: BLE001 - paced again one by one, where each failure is reported
            log.info("a batch of %s advances was not recorded (%s); each is paced on its own", len(campaign_ids), first_line(error))
            return None
        self._after_commit(later)
        return done

    def luck(self, campaign_name: str, by: str) -> dict[Any, Tally]:
        """Luck per player, character, session or kind of roll (or overall): observed against
        expected, each roll at the exact odds its ruleset gives it. A roll counts for whoever made
        it (a defender, a first-aider), and a character nobody was assigned to counts as its own
        player. A face-down roll counts once its epoch is revealed: before, its success is a secret."""
        if by not in LUCK_KEYS:
            raise RuleViolation(f"luck is counted by {', '.join(LUCK_KEYS)}, not {quoted(by)}")
        from chronique.adapters.readrows import LUCK

        campaign = self.campaign(campaign_name)
        members = {v["name"].casefold(): m for m, v in campaign.members.items()}

        def player(name: str) -> str:
            member = campaign.members.get(members.get(name.casefold(), ""), {})
            return str(member.get("player", f"{name} (no player assigned)"))

        def draws() -> Iterator[tuple[Any, bool, Fraction, int]]:
            rows = self._read_model("luck", "read_luck", LUCK, (str(campaign.id),), partial(_folded, "luck", self.events(campaign_name)))
            for row in rows:
                sealed = row["hidden_until"]
                if sealed is not None and not campaign.is_revealed(sealed):
                    continue
                who, session = row["roller"], row["session"]
                key = {
                    "player": player(who),
                    "character": who,
                    "session": session_words(session, campaign.session),
                    "kind": row["kind"],
                    "campaign": campaign.name,
                }[by]
                yield key, bool(row["success"]), Fraction(row["numerator"], row["denominator"]), int(row["draws"])

        return tally_counted(draws())

    def odds(self, campaign_name: str, positions: Iterable[int]) -> dict[int, list[tuple[str, Fraction, str]]]:
        """The chance of success of every roll recorded at ``positions`` of the log, by position:
        who rolled, at what exact odds (an opposed roll has one per side) and what the roll was
        (its kind, which may say what its chance is of: ruling LK14), from the luck read model."""
        wanted = sorted(set(positions))
        if not wanted:
            return {}
        campaign = self.campaign(campaign_name)
        query = (
            "SELECT position, roller, numerator, denominator, kind FROM read_luck"
            " WHERE campaign_id = {0} AND position >= {0} AND position <= {0} ORDER BY number"
        )
        params = (str(campaign.id), wanted[0], wanted[-1])
        rows = self._read_model("luck", "read_luck", query, params, partial(_folded, "luck", self.events(campaign_name)))
        found: dict[int, list[tuple[str, Fraction, str]]] = {}
        asked = set(wanted)
        for row in rows:
            # The query reads the span of the positions asked; a roll between them that was not
            # asked (a face-down one a page leaves out) stays out.
            if (position := int(row["position"])) in asked:
                chance = Fraction(row["numerator"], row["denominator"])
                found.setdefault(position, []).append((str(row["roller"]), chance, str(row["kind"])))
        return found

    def board(self, campaign_name: str, gm: bool = True) -> list[tuple[int, str, str]]:
        """The downtime board: every running process, when it is next due, what comes then, from
        the read model (its processes are the characters' conditions); as players may see it
        unless ``gm`` (what hidden rolls set running waits for their reveal)."""
        world = self.world_read(campaign_name) if gm else self.world_for_players(campaign_name)
        rules = ruleset(world.campaign.ruleset)
        names = {str(c.id): c.name for c in world.characters.values()}
        dues = [
            (due.at, names.get(due.character, due.character), rules.describe_due(world, due))
            for due in sorted(rules.processes(world).due())
        ]
        # What waits for no clock (a critical wound waiting for care) stands at the clock, first.
        return sorted(self._waiting(world) + dues, key=lambda line: line[0])

    def waiting(self, campaign_name: str, gm: bool = True) -> list[tuple[int, str, str]]:
        """What the characters wait for that no clock will bring (each sheet's ``waiting``: a
        MicroFudge wound in a critical state waits for care), at the campaign's clock, for the
        downtime report: no advance fires it, so nothing else would ever say it. An advance's
        report says it too, from :attr:`Advanced.waiting` (ruling M68)."""
        return self._waiting(self.world_read(campaign_name) if gm else self.world_for_players(campaign_name))

    @staticmethod
    def _waiting(world: World) -> list[tuple[int, str, str]]:
        """What each character of ``world`` waits for (``Ruleset.waiting``), by name, at its clock."""
        rules = ruleset(world.campaign.ruleset)
        return [
            (world.campaign.clock, character.name, what)
            for character in sorted(world.characters.values(), key=lambda c: c.name.casefold())
            for what in rules.waiting(character)
        ]

    def notable(self, campaign_name: str, since: int | None, gm: bool = True) -> list[tuple[int, str, str]]:
        """What a GM should read about downtime: (in-game time, who, what), oldest first. An event
        a correction or an undo voided happened for no one any more: it is not said; nor, unless
        ``gm``, one still face down (what a hidden roll did is the GM's until its reveal)."""
        campaign = self.campaign(campaign_name)
        voided = self.voided(campaign_name)
        standing = (
            e
            for e in self.log(campaign_name)
            if (str(e.originator_id), e.originator_version) not in voided and (gm or not _face_down(campaign, e))
        )
        return self.noteworthy(campaign, standing, since)

    def last_downtime(self, campaign: Campaign, gm: bool) -> tuple[list[tuple[int, str, str]], DowntimeSpan]:
        """What the last downtime did (``chronique downtime report``, the web journal's campaign
        page): the notable outcomes recorded since the last session ended, up to the start of a
        session open now, none of them voided, and for players none still face down; and that
        span, by its sessions and in-game moments (ruling TB15). Not a date: play does not move
        the clock (ruling C49), so a knock-out in the session and the downtime after it share the
        session's end date; the log's order parts them (ruling WJ17)."""
        events = self.log(campaign.name)
        start, stop = _downtime_bounds(events)
        voided = self.voided(campaign.name)

        def shown(event: Any) -> bool:
            if (str(event.originator_id), event.originator_version) in voided:
                return False
            return gm or not _face_down(campaign, event)

        ended = cast(Campaign.SessionEnded, events[start - 1]) if start else None
        started = cast(Campaign.SessionStarted, events[stop]) if stop < len(events) else None
        created = cast(Campaign.Created, events[0])  # a campaign's log opens with its creation
        span = DowntimeSpan(
            after=ended.number if ended else None,
            before=started.number if started else None,
            start=ended.at if ended else created.clock,
            end=started.at if started else campaign.clock,
        )
        return self.noteworthy(campaign, (e for e in events[start:stop] if shown(e))), span

    @staticmethod
    def noteworthy(campaign: Campaign, events: Iterable[Any], since: int | None = None) -> list[tuple[int, str, str]]:
        """What a GM should read among ``events`` of ``campaign`` (at ``since`` or later), in their
        order: the daemon reports an advance from the events it recorded, never rereading the log."""
        rules = ruleset(campaign.ruleset)
        # Members join under their own name and are never renamed: the campaign names them all.
        names = {campaign.id: campaign.name, **{UUID(m): v["name"] for m, v in campaign.members.items()}}
        found = []
        for event in events:
            at = getattr(event, "at", None)
            text = rules.notable(event)
            if text is not None and at is not None and (since is None or at >= since):
                found.append((at, names.get(event.originator_id, "?"), text))
        return found

    @staticmethod
    def _advance(world: World, target: int, recorded: bool) -> Advanced:
        start = world.campaign.clock
        ticks = advance(world.campaign, ruleset(world.campaign.ruleset).processes(world), target)
        # Read from the world the advance leaves, so its report says it with no reload (issue 20).
        return Advanced(start, target, ticks, world.pending(), recorded, Chronique._waiting(world))

    # -- notes and session recaps (issue 16) -----------------------------------------------------

    def write_recap(self, campaign_name: str, session: int | None, author: str, text: str, as_player: bool | None = None) -> Note:
        """Record a recap (Markdown) of session ``session`` (None: the open session, else the last)
        by ``author``: a player when ``as_player``, or when None and ``author`` plays a character of
        the campaign; a player's refused unless the campaign lets players write notes."""

        def write(world: World) -> Note:
            campaign = world.campaign
            signed, by_player = _author(campaign, author, as_player)
            campaign.write_recap(session, signed, text, by_player)
            return self._note(campaign, campaign.pending_events[-1], {})

        return self.act(campaign_name, write)

    def write_note(self, campaign_name: str, character_name: str, author: str, text: str, as_player: bool | None = None) -> Note:
        """Record a note (Markdown) on a character by ``author``, a player or not as
        :meth:`write_recap` tells; a player's refused unless the campaign lets players write notes."""

        def write(world: World) -> Note:
            campaign, character = world.campaign, world.character(character_name)
            signed, by_player = _author(campaign, author, as_player)
            refuse_player_unless_allowed(campaign.name, campaign.players_may_write_notes, by_player)
            character.write_note(signed, text, by_player, campaign.clock, campaign.session)
            return self._note(campaign, character.pending_events[-1], {})

        return self.act(campaign_name, write)

    def recaps(self, campaign_name: str) -> dict[int, list[Note]]:
        """Every recap of the campaign by session, in the order written (voided ones marked)."""
        campaign = self.campaign(campaign_name)
        voided = self.voided(str(campaign.id))
        found: dict[int, list[Note]] = {}
        for event in self._notes_of(Campaign.RecapWritten, {campaign.id}):
            found.setdefault(event.session, []).append(self._note(campaign, event, voided))
        return dict(sorted(found.items()))

    def notes(self, campaign_name: str, character_name: str) -> list[Note]:
        """Every note on a character, in the order written (voided ones marked)."""
        world = self.world_read(campaign_name)
        character = world.character(character_name)
        voided = self.voided(str(world.campaign.id))
        return [self._note(world.campaign, e, voided) for e in self._notes_of(Character.NoteWritten, {character.id})]

    def _notes_of(self, kind: type[R], owners: set[UUID]) -> list[R]:
        """The events of ``kind`` of the aggregates ``owners``, in the log's order: one query by topic."""
        topic = f"{kind.__module__}:{kind.__qualname__}"
        rows = self.journal.recorder.select_notifications(start=None, limit=10**9, topics=[topic])
        return [cast(R, self.journal.mapper.to_domain_event(n)) for n in rows if n.originator_id in owners]

    @staticmethod
    def _note(campaign: Campaign, event: Any, voided: Mapping[tuple[str, int], str]) -> Note:
        """The note ``event`` records, as it reads back; voided if ``voided`` (the log's voided events) holds it."""
        return Note(
            character=getattr(event, "character", None),
            author=event.author,
            by_player=event.by_player,
            session=event.session,
            at=calendar_from(campaign.calendar).format(event.at),
            text=event.text,
            voided=(str(event.originator_id), event.originator_version) in voided,
            ref=f"{event.originator_id.hex[:8]}:{event.originator_version}",
        )

    # -- reading -------------------------------------------------------------------------------

    def log(self, campaign_name: str) -> list[DomainEventProtocol[Any]]:
        """Every event of the campaign's aggregates, in the order they were recorded."""
        return [event for _, event in self.events(campaign_name)]

    def events(self, campaign_name: str, start: int = 1, stop: int | None = None) -> Iterator[tuple[int, Any]]:
        """(position, event) for the campaign's events from ``start`` to ``stop``, page by page:
        a long campaign is never held in memory whole."""
        campaign = self.campaign(campaign_name)
        members = {campaign.id, *campaign.member_ids()}
        for notification in self._notifications(start, stop):
            if notification.originator_id in members:
                yield notification.id, self.journal.mapper.to_domain_event(notification)

    def page_log(self, campaign_name: str, page: LogPage) -> list[LogEntry]:
        """One page of the campaign's log, filtered as asked: one query of the log read model,
        and one of the page's events, told in their game's words as it tells them today."""
        campaign = self.campaign(campaign_name)
        rows = self._log_rows(campaign_name, campaign, page)
        events = self._recorded_at([row["position"] for row in rows])
        rules = ruleset(campaign.ruleset)
        return [
            LogEntry(
                **{name: row[name] for name in _KEPT},
                description=_told(rules, campaign, events[row["position"]]),
                told_face_down=getattr(events[row["position"]], "face_down_by_design", False),
            )
            for row in rows
        ]

    def log_count(self, campaign_name: str, page: LogPage) -> int:
        """How many events the log filtered as ``page`` asks holds, whatever its offset and limit:
        one count of the log read model, no event read (what a page that shows some of them says
        it leaves out, rulings NT16, EB45)."""
        whole = replace(page, offset=0, limit=None)
        return int(self._log_rows(campaign_name, self.campaign(campaign_name), whole, counted=True)[0]["counted"])

    def _log_rows(self, campaign_name: str, campaign: Campaign, page: LogPage, counted: bool = False) -> list[Any]:
        """The log read model's rows of ``page`` of ``campaign`` (their count alone when
        ``counted``): a player's without the face-down events of epochs not revealed yet."""
        from chronique.adapters.readrows import log_query

        span = self.session_span(campaign_name, page.session, running=True) if page.session is not None else None
        world = self.world_read(campaign_name) if page.characters else None
        aggregates = [str(world.character(name).id) for name in page.characters] if world else []
        face_down = () if page.gm else tuple(epoch for epoch in campaign.epochs if not campaign.is_revealed(epoch))
        query, params = log_query(str(campaign.id), page, aggregates, span, face_down, counted)
        return self._read_model("log", "read_log", query, params, partial(_folded, "log", self.events(campaign_name)))

    def logged(self, entries: list[LogEntry]) -> list[Any]:
        """The recorded events of ``entries``, decoded, in their order: only their rows are read."""
        events = self._recorded_at([entry.position for entry in entries])
        return [events[entry.position] for entry in entries]

    def _recorded_at(self, positions: list[int]) -> dict[int, Any]:
        """The events recorded at ``positions``, decoded, by position: one query for a page."""
        if not positions:
            return {}
        decode = self.journal.mapper.to_domain_event
        return {
            at: decode(StoredEvent(UUID(hex_id), version, topic, state))
            for at, hex_id, version, topic, state in self.journal.raw.at(positions)
        }

    def _read_model(
        self, projection: str, table: str, query: str, params: tuple[Any, ...], fold: Callable[[], list[dict[str, Any]]]
    ) -> list[Any]:
        """The rows ``query`` gives from a read model: read through the store's own connection
        when the read model is current (no SQLAlchemy in a one-shot read, issue 20), caught up
        first when it is behind; without read models, the same query over the rows the
        projection's ``fold`` gives of the campaign's events."""
        from chronique.adapters.readrows import current_rows, folded_rows

        rows = current_rows(self.journal, projection, query, params)
        if rows is None and self.read_models is not None:
            self.read_models.refresh()
            rows = current_rows(self.journal, projection, query, params)
        if rows is None:
            from chronique.projections.tables import metadata  # SQLAlchemy: only without a current read model

            rows = folded_rows(table, [c.name for c in metadata.tables[table].columns], fold(), query, params)
        return rows

    def _notifications(self, start: int, stop: int | None) -> Iterator[Any]:
        while True:
            page = self.journal.recorder.select_notifications(start=start, limit=1000, stop=stop)
            yield from page
            if len(page) < 1000:
                return
            start = page[-1].id + 1

    def voided(self, campaign_name: str) -> dict[tuple[str, int], str]:
        """(aggregate id, version) of every voided event -> the correction's reason."""
        campaign = self.campaign(campaign_name)
        members = {str(campaign.id), *(str(m) for m in campaign.member_ids())}
        corrections = self.journal.recorder.select_notifications(start=None, limit=10**9, topics=list(CORRECTION_TOPICS))
        found = {}
        for notification in corrections:
            if str(notification.originator_id) in members:
                event = self.journal.mapper.to_domain_event(notification)
                for version in voided_by(event):
                    found[(str(event.originator_id), version)] = cast(Any, event).reason
        return found

    def session_span(self, campaign_name: str, number: int, running: bool = False) -> tuple[int, int | None]:
        """The positions of a session's start and end in the log; a session still being played
        ends nowhere yet (None) if ``running`` is allowed, else it is refused."""
        campaign = self.campaign(campaign_name)
        topics = [f"chronique.domain.campaign:Campaign.{name}" for name in ("SessionStarted", "SessionEnded")]
        marks = self.journal.recorder.select_notifications(start=None, limit=10**9, topics=topics)
        found = {}
        for mark in marks:
            if mark.originator_id == campaign.id:
                event = cast(Campaign.SessionStarted, self.journal.mapper.to_domain_event(mark))
                found[(type(event).__qualname__, event.number)] = mark.id
        begin, end = found.get(("Campaign.SessionStarted", number)), found.get(("Campaign.SessionEnded", number))
        if begin is None:
            raise RuleViolation(f"campaign {campaign.name} has no session {number}")
        if end is None and not running:
            raise RuleViolation(f"session {number} of {campaign.name} has not ended")
        return begin, end

    def character_as_of(
        self, campaign_name: str, name: str, version: Callable[[Campaign, Character], int | None], gm: bool = False
    ) -> Character:
        """A character as it was at the version ``version`` picks (None: now), as players may see
        it (face-down cards counted, not shown) unless ``gm``."""
        world = self.world(campaign_name)
        character = world.character(name)
        wanted = version(world.campaign, character)
        if wanted is not None:
            character = self.journal.load(character.id, version=wanted)
        if not gm:
            self.show_to_players(world.campaign, character)
        return character

    def world_read(self, campaign_name: str) -> World:
        """The campaign and its characters as the sheets read model holds them (issue 14), for a
        read: no character's events replayed, no deck loaded (no read shows one). Read through the
        store's own connection when the read model is current, so a one-shot command never imports
        SQLAlchemy (issue 20). When it is behind (commands leave it to the next read), the world is
        loaded from the store instead, snapshots and the few events after them: the same
        characters (tests/projections prove the read model equals the replay), at the cost of a
        load rather than of catching every read model up. Read-only: never saved."""
        from chronique.adapters.readrows import current_characters

        campaign = self.campaign(campaign_name)
        characters = current_characters(self.journal, str(campaign.id))
        if characters is None:
            return self.world(campaign_name)
        return World(campaign=campaign, source=VaultChance(self.vault, campaign), characters={c.id: c for c in characters})

    def world_for_players(self, campaign_name: str) -> World:
        """:meth:`world_read` with every character as its players may see it (:meth:`show_to_players`):
        what a player's page says of the whole party. Read-only: never saved."""
        world = self.world_read(campaign_name)
        for character in world.characters.values():
            self.show_to_players(world.campaign, character)
        return world

    def sheet_now(self, campaign_name: str, name: str, gm: bool = False) -> tuple[World, Character]:
        """A character's sheet now, from the read model (:meth:`world_read`), in the world it is
        read in; as players may see it unless ``gm``."""
        world = self.world_read(campaign_name)
        character = world.character(name)
        if not gm:
            self.show_to_players(world.campaign, character)
        return world, character

    def world_as_of(self, campaign_name: str, name: str, moment: int, gm: bool = False) -> tuple[World, Character]:
        """The world as one character stood in it at the in-game ``moment`` (``sheet --as-of`` a
        date): his last version at or before it, what runs continuously since brought to the
        moment by his game's processes (``Processes.standing``: the advance's own closed forms,
        nothing recorded), and the clock there. A moment after the clock is refused: what falls
        due before it has not happened yet. A read-only view, never saved; as players may see it
        unless ``gm``."""
        from chronique.adapters.history import version_at

        world = self.world(campaign_name)
        calendar = self.calendar(world.campaign)
        if moment > world.campaign.clock:
            now = calendar.format(world.campaign.clock)
            raise RuleViolation(f"{calendar.format(moment)} is after the campaign's clock ({now}): nothing is known of it yet")
        character = world.character(name)
        wanted = version_at(self, character, moment)
        if wanted is None:
            raise RuleViolation(f"{character.name} had not joined by {calendar.format(moment)}")
        if wanted != character.version:
            character = self.journal.load(character.id, version=wanted)
        # A players' sheet brings to the moment what they may see (ruling FP9), not what a hidden
        # roll set running.
        veil = None if gm else self._veil(world.campaign, character)
        if veil is not None:
            character.condition = dict(veil.condition)
        character.condition = self.rules(world.campaign).processes(world).standing(character, moment)
        if not gm:
            character.shown_to_players(self.rules(world.campaign).for_players(character.condition), veil)
        world.characters[character.id] = character
        world.campaign.clock = moment  # its sheet reads the world's clock as "now"
        return world, character

    def show_to_players(self, campaign: Campaign, character: Character) -> None:
        """Make a read-only copy of ``character`` (never saved) what its players may see: face-down
        cards counted, not shown, and his events replayed without the hidden rolls not yet
        revealed (ruling FP9)."""
        veil = self._veil(campaign, character)
        condition = character.condition if veil is None else veil.condition
        character.shown_to_players(self.rules(campaign).for_players(condition), veil)

    def _veil(self, campaign: Campaign, character: Character) -> Veil | None:
        from chronique.adapters.veiling import players_veil

        return players_veil(self.journal, campaign, character)

    def calendar(self, campaign: Campaign) -> Any:
        """The campaign's calendar."""
        return calendar_from(campaign.calendar)

    def rules(self, campaign: Campaign) -> Ruleset:
        """The campaign's ruleset."""
        return ruleset(campaign.ruleset)


def _face_down(campaign: Campaign, event: Any) -> bool:
    """Whether ``event`` is still face down: sealed until an epoch of ``campaign`` not revealed yet."""
    sealed = getattr(event, "sealed_until", None)
    return sealed is not None and not campaign.is_revealed(sealed)


def _author(campaign: Campaign, author: str, as_player: bool | None) -> tuple[str, bool]:
    """The name a note is signed with, and whether it is a player's: as told (the web journal
    knows its reader), else the GM's ("GM", any case) or a player's assigned to one of the
    campaign's characters (without case or accents, as WJ12 finds a player), signed as the
    campaign spells it (rulings NT3, NT6); any other name is refused, naming who may sign."""
    signed = note_author(author)
    if as_player is not None:
        return signed, as_player
    players = {fold(m["player"]): m["player"] for m in campaign.members.values() if m.get("kind") == "character" and m.get("player")}
    if fold(signed) in players:
        return players[fold(signed)], True
    if fold(signed) == fold(GM):
        return GM, False
    who = ", ".join(sorted(players.values())) if players else f"none yet ({to_type('character player')} assigns one)"
    raise RuleViolation(f"{quoted(signed)} plays no character of {campaign.name}: a note is signed GM (the default) or by a player: {who}")


def _join(world: World, member: Deck | Character) -> None:
    if isinstance(member, Deck):
        world.decks[member.name] = member
    else:
        world.characters[member.id] = member


def _as_uuid(text: str) -> UUID | None:
    # The lengths UUID() reads (hex, hyphens, braces, urn:uuid:): a name is told apart without
    # raising, which every command's lookup of its campaign would pay.
    if len(text) not in (32, 36, 38, 45):
        return None
    try:
        return UUID(text)
    except ValueError:
        return None


def _back_off(attempt: int) -> None:
    # 5 ms, 10 ms, 20 ms ... at most 320 ms, plus up to as much again: jitter only spreads the
    # writers out in time, so it needs no fairness, just not the `random` module's shared state.
    pause_ms = 5 << min(attempt, 6)
    time.sleep((pause_ms + secrets.randbelow(pause_ms + 1)) / 1000)


_KEPT = [name for name in LogEntry.__dataclass_fields__ if name not in ("description", "told_face_down")]
"""What the log read model keeps of an entry: all but its words and how they tell it face down (projections/log.py)."""


def _told(rules: Ruleset, campaign: Campaign, event: Any) -> str:
    """An event of the campaign's log in its game's words; a player's assignment by the name of
    the character whose id it records (the campaign knows its members' names)."""
    if isinstance(event, Campaign.PlayerAssigned):
        member = campaign.members.get(event.member_id)
        return player_assigned(event, member["name"] if member else None)
    return told(rules.describe, event)


def _folded(projection: str, events: Iterable[tuple[int, Any]]) -> list[dict[str, Any]]:
    """The rows the projection named folds of ``events`` (position, event), in memory."""
    from chronique.projections import log as log_pages  # SQLAlchemy: only for services without read models
    from chronique.projections import luck

    return {"log": log_pages.folded, "luck": luck.folded}[projection](events)


def _downtime_bounds(events: Sequence[Any]) -> tuple[int, int]:
    """Where the last downtime lies among a campaign's ``events``: from the one after the last
    session's end (the first event before any session ended) up to the first session started
    after it (the end of the log when none is open)."""
    kinds = [type(e).__qualname__ for e in events]
    ends = [n for n, kind in enumerate(kinds) if kind == "Campaign.SessionEnded"]
    start = ends[-1] + 1 if ends else 0
    starts = [n for n, kind in enumerate(kinds) if kind == "Campaign.SessionStarted" and n >= start]
    return start, starts[0] if starts else len(events)
