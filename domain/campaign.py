"""The Campaign aggregate: ruleset, calendar, game clock, sessions, chance epochs and seals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast
from uuid import NAMESPACE_URL, UUID, uuid5

from chronique.domain.chain import ChainedAggregate, ChainedCreated, ChainedEvent
from chronique.domain.errors import JournalDamaged, RuleViolation
from chronique.domain.fairness import FORMAT, FORMAT_V1
from chronique.domain.fairness import commitment as commitment_of
from chronique.domain.notes import GM, PLAYERS_WRITE_NOTES, note_author, note_text, refuse_player_unless_allowed
from chronique.domain.pacing import Pacing
from chronique.domain.text import fold, quoted, recordable_name, shortened, to_type

if TYPE_CHECKING:
    from chronique.domain.rulesets.options import Setting

CHRONIQUE_NAMESPACE = uuid5(NAMESPACE_URL, "https://chronique.invalid/")


@lru_cache(maxsize=256)  # every command derives its campaign's id from the name it was given
def campaign_id_for(name: str) -> UUID:
    """Campaign ids derive from the name, so two campaigns cannot share one."""
    return uuid5(CHRONIQUE_NAMESPACE, f"campaign:{name.strip().casefold()}")


def downtime_epoch(after_session: int) -> str:
    """The id of the downtime epoch that follows session ``after_session`` (0: before the first)."""
    return f"downtime-{after_session}"


def session_epoch(number: int) -> str:
    """The id of the epoch of play session ``number``."""
    return f"session-{number}"


def settings_after(settings: Mapping[str, Any], event: Any) -> dict[str, Any]:
    """The settings a campaign holds once ``event`` (a setting chosen, or a correction that
    recomputed them) is applied to one whose settings were ``settings``: folded by the event's
    own ``apply``, so a reader of stored events moves them as the aggregate does (ruling RM1)."""
    shell = Campaign.__new__(Campaign)
    shell.settings = dict(settings)
    event.apply(shell)
    return dict(shell.settings)


def _upcast_fair(state: dict[str, Any]) -> None:
    # Committed before chronique-fair-v2: that epoch keeps drawing and verifying under v1.
    state.setdefault("fair", FORMAT_V1)


class Campaign(ChainedAggregate):
    """A campaign: its rules, its clock, its sessions, and the chance epochs that cut its log."""

    class Created(ChainedCreated):
        """The GM created the campaign and committed to the seed of its first downtime epoch,
        drawn under the fairness version ``fair``."""

        class_version = 2

        name: str
        ruleset: str
        settings: dict[str, Any]
        calendar: dict[str, Any]
        clock: int
        epoch: str
        commitment: str
        fair: str

        @classmethod
        def upcast_stored(cls, state: dict[str, Any]) -> None:
            _upcast_fair(state)

        def apply(self, campaign: Campaign) -> None:
            campaign.name = self.name
            campaign.ruleset = self.ruleset
            campaign.settings = dict(self.settings)
            campaign.calendar = dict(self.calendar)
            campaign.clock = self.clock
            campaign.session = 0
            campaign.in_session = False
            campaign.members = {}
            campaign.epoch = self.epoch
            campaign.epochs = {self.epoch: {"commitment": self.commitment, "contributions": [], "seed": None, "fair": self.fair}}
            campaign.seals = []
            campaign.pacing = None

    class MemberJoined(ChainedEvent):
        """A character (or a shared deck) became part of the campaign."""

        member_id: str
        kind: str
        name: str

        def apply(self, campaign: Campaign) -> None:
            campaign.members[self.member_id] = {"kind": self.kind, "name": self.name}

    class PlayerAssigned(ChainedEvent):
        """A player took up a character, so that luck and reports can be told per player."""

        member_id: str
        player: str

        def apply(self, campaign: Campaign) -> None:
            campaign.members[self.member_id] = {**campaign.members[self.member_id], "player": self.player}

    class SessionStarted(ChainedEvent):
        """Play began: the downtime epoch closed (its seed revealed) and a session epoch opened,
        committed under the fairness version ``fair``."""

        class_version = 2

        number: int
        at: int
        closed_epoch: str
        seed: str
        epoch: str
        commitment: str
        fair: str

        @classmethod
        def upcast_stored(cls, state: dict[str, Any]) -> None:
            _upcast_fair(state)

        def apply(self, campaign: Campaign) -> None:
            campaign.session = self.number
            campaign.in_session = True
            campaign._rotate_epoch(self.closed_epoch, self.seed, self.epoch, self.commitment, self.fair)

    class SessionEnded(ChainedEvent):
        """Play ended: the session epoch was revealed and a downtime epoch committed under the
        fairness version ``fair``; the ``Sealed`` event that follows seals the chains. (Under
        chronique-fair-v1 the event carried its seal itself, in ``heads`` and ``seal``.)"""

        class_version = 2

        number: int
        at: int
        closed_epoch: str
        seed: str
        epoch: str
        commitment: str
        real: str
        fair: str

        @classmethod
        def upcast_stored(cls, state: dict[str, Any]) -> None:
            _upcast_fair(state)

        def apply(self, campaign: Campaign) -> None:
            campaign.in_session = False
            recorded = vars(self)
            if "seal" in recorded:  # chronique-fair-v1
                seal = {"session": self.number, "boundary": "session-end", "heads": recorded["heads"], "seal": recorded["seal"]}
                campaign.seals.append(seal)
            campaign._rotate_epoch(self.closed_epoch, self.seed, self.epoch, self.commitment, self.fair)
            if campaign.pacing is not None:
                # Pacing paused during play; it resumes counting from here (wall time ``real``).
                campaign.pacing = Pacing.from_data(campaign.pacing).anchored(self.real, self.at).to_data()

    class Sealed(ChainedEvent):
        """The heads of every chain at an epoch boundary (FAIRNESS.md v2), the boundary event
        included, so the seal covers the commitment it just recorded: the players' receipt."""

        boundary: str
        session: int
        heads: dict[str, list[Any]]
        seal: str

        def apply(self, campaign: Campaign) -> None:
            campaign.seals.append({"session": self.session, "boundary": self.boundary, "heads": self.heads, "seal": self.seal})

    class PacingSet(ChainedEvent):
        """The GM set how in-game time moves between sessions (DESIGN.md, the daemon)."""

        pacing: dict[str, Any]

        def apply(self, campaign: Campaign) -> None:
            campaign.pacing = dict(self.pacing)

    class PacingCleared(ChainedEvent):
        """The GM stopped in-game time from moving on its own."""

        def apply(self, campaign: Campaign) -> None:
            campaign.pacing = None

    class EntropyAdded(ChainedEvent):
        """A player added a phrase to an epoch's key before its first draw (FAIRNESS.md)."""

        epoch: str
        player: str
        phrase: str

        def apply(self, campaign: Campaign) -> None:
            campaign.epochs[self.epoch]["contributions"] = [*campaign.epochs[self.epoch]["contributions"], self.phrase]

    class EpochFirstDrawn(ChainedEvent):
        """The epoch's key was used for the first time: from now on its entropy is closed."""

        epoch: str

        def apply(self, campaign: Campaign) -> None:
            campaign.epochs[self.epoch]["drawn"] = True

    class TimeAdvanced(ChainedEvent):
        """In-game time moved from one instant to another; ``fired`` counts the process ticks."""

        from_time: int
        to_time: int
        fired: int

        def apply(self, campaign: Campaign) -> None:
            campaign.clock = self.to_time

    class CommandRecorded(ChainedEvent):
        """The end of one command: ``recorded`` names, per aggregate id, the first and last
        versions it recorded (this event aside), so ``chronique undo`` knows what one command did
        from the log itself (ruling UN1)."""

        recorded: dict[str, list[int]]

        def apply(self, campaign: Campaign) -> None:
            """A mark in the log: it changes nothing of the campaign."""

    class Corrected(ChainedEvent):
        """Events of the campaign's own chain were voided (never erased): ``clock``, ``pacing``,
        ``members`` and ``settings`` are what the log gives without them and every event voided before. An
        ``undo`` names the command it took back (the version of its ``CommandRecorded``), a
        ``correct`` none; ``voided`` may then be empty, when the command changed only characters."""

        voided: list[int]
        reason: str
        command: int | None
        clock: int
        pacing: dict[str, Any] | None
        members: dict[str, dict[str, str]]
        settings: dict[str, Any]

        def apply(self, campaign: Campaign) -> None:
            campaign.voided = [*vars(campaign).get("voided", []), *self.voided]
            campaign.clock = self.clock
            campaign.pacing = None if self.pacing is None else dict(self.pacing)
            campaign.members = dict(self.members)
            campaign.settings = dict(self.settings)

    @classmethod
    def create(
        cls,
        name: str,
        ruleset: str,
        settings: dict[str, Any],
        calendar: dict[str, Any],
        clock: int,
        first_commitment: str,
    ) -> Campaign:
        """A new campaign, committed to the seed of its first downtime epoch."""
        if not name.strip():
            raise RuleViolation("a campaign needs a name")
        name = recordable_name(name, "a campaign's name")
        return cls.begin(
            cls.Created,
            id=campaign_id_for(name),
            name=name.strip(),
            ruleset=ruleset,
            settings=settings,
            calendar=calendar,
            clock=clock,
            epoch=downtime_epoch(0),
            commitment=first_commitment,
            fair=FORMAT,
        )

    if TYPE_CHECKING:  # set by the events' apply(); see ChainedAggregate
        name: str
        ruleset: str
        settings: dict[str, Any]
        calendar: dict[str, Any]
        clock: int
        session: int
        in_session: bool
        members: dict[str, dict[str, str]]
        epoch: str
        epochs: dict[str, dict[str, Any]]
        seals: list[dict[str, Any]]
        pacing: dict[str, Any] | None
        voided: list[int]  # set by the first correction; see voided_versions()

    def _rotate_epoch(self, closed: str, seed: str, opened: str, commitment: str, fair: str) -> None:
        self.epochs[closed]["seed"] = seed
        self.epochs[opened] = {"commitment": commitment, "contributions": [], "seed": None, "fair": fair}
        self.epoch = opened

    def member_ids(self, kind: str | None = None) -> list[UUID]:
        """Ids of the members, of one kind or all, in the order they joined."""
        return [UUID(k) for k, v in self.members.items() if kind is None or v["kind"] == kind]

    def join(self, member_id: UUID, kind: str, name: str) -> None:
        """Make a character or a deck part of the campaign (its chain is then sealed with it). A
        name that differs from a member's of its kind only by case, accents or spaces is refused
        (ruling EB13): a command finds a member by its name typed so (ruling NM1), and "Elise"
        typed for Élise would act on the other one without a word."""
        alike = next((v["name"] for v in self.members.values() if v["kind"] == kind and fold(v["name"]) == fold(name)), None)
        if alike is not None:
            told_apart = "" if alike == name else ": names are told apart without case or accents"
            raise RuleViolation(f"campaign {self.name} already has a {kind} named {alike}{told_apart}")
        self.record(self.MemberJoined, member_id=str(member_id), kind=kind, name=name)

    def assign_player(self, member_id: UUID, player: str) -> bool:
        """Record who plays the character ``member_id`` (a later assignment replaces it); whether
        it was recorded: the player who plays it already is recorded again never, as a setting
        given its own value (ruling TB2)."""
        name = " ".join(player.split())
        if not name:
            raise RuleViolation("a player's name cannot be empty")
        # "GM" signs the game master's notes and names the GM's links (rulings NT3, NT6).
        if fold(name) == fold(GM):
            raise RuleViolation(f"{quoted(name)} is the game master's name in notes and links: a player takes another")
        member = self.members.get(str(member_id))
        if member is None or member["kind"] != "character":
            raise RuleViolation(f"{member_id} is not a character of campaign {self.name}")
        # A player is found without case or accents (ruling WJ12): one already at the table keeps
        # the campaign's spelling, so "ana" for a second character is Ana, not a second player.
        spelled = {fold(m["player"]): m["player"] for m in self.members.values() if m.get("kind") == "character" and m.get("player")}
        if member.get("player") == spelled.get(fold(name), name):
            return False
        self.record(self.PlayerAssigned, member_id=str(member_id), player=spelled.get(fold(name), name))
        return True

    def _check_reveal(self, seed: bytes) -> None:
        # FAIRNESS.md: a revealed seed must be the one committed before its epoch's first draw.
        if commitment_of(seed) != self.epochs[self.epoch]["commitment"]:
            from chronique.domain.rulesets.words import epoch_name  # the rulesets' words import the campaign

            raise JournalDamaged(f"the vaulted seed does not match the commitment of the dice of {epoch_name(self.epoch)}")

    def start_session(self, seed: bytes, next_commitment: str) -> None:
        """Open session ``session + 1``, revealing the seed of the running downtime epoch."""
        if self.in_session:
            raise RuleViolation(f"session {self.session} of {self.name} is still open")
        self._check_reveal(seed)
        number = self.session + 1
        self.record(
            self.SessionStarted,
            number=number,
            at=self.clock,
            closed_epoch=self.epoch,
            seed=seed.hex(),
            epoch=session_epoch(number),
            commitment=next_commitment,
            fair=FORMAT,
        )

    def end_session(self, seed: bytes, next_commitment: str, real: str) -> None:
        """Close the open session, revealing its seed and committing to the downtime's."""
        if not self.in_session:
            raise RuleViolation(f"campaign {self.name} has no open session")
        self._check_reveal(seed)
        self.record(
            self.SessionEnded,
            number=self.session,
            at=self.clock,
            closed_epoch=self.epoch,
            seed=seed.hex(),
            epoch=downtime_epoch(self.session),
            commitment=next_commitment,
            real=real,
            fair=FORMAT,
        )

    def seal(self, heads: dict[str, list[Any]], seal: str) -> None:
        """Seal every chain at the boundary just recorded (session start or end): ``heads`` must
        already include the boundary event, so the seal covers its commitment."""
        boundary = "session-start" if self.in_session else "session-end"
        self.record(self.Sealed, boundary=boundary, session=self.session, heads=heads, seal=seal)

    def fairness(self, epoch: str) -> str:
        """The fairness version an epoch draws under (v1 for epochs committed before v2)."""
        return str(self.epochs[epoch].get("fair", FORMAT_V1))

    def set_pacing(self, pacing: Pacing) -> None:
        """Let in-game time move on its own between sessions."""
        self.record(self.PacingSet, pacing=pacing.to_data())

    def clear_pacing(self) -> None:
        """Stop in-game time from moving on its own."""
        if self.pacing is None:
            raise RuleViolation(f"campaign {self.name} has no pacing")
        self.record(self.PacingCleared)

    def paced_target(self, now: datetime) -> int | None:
        """Where pacing puts the clock at wall time ``now``: None during a session, without
        pacing, or when the clock is already there."""
        if self.pacing is None or self.in_session:
            return None
        target = Pacing.from_data(self.pacing).target(now)
        return target if target > self.clock else None

    def add_entropy(self, player: str, phrase: str) -> None:
        """Add a player's phrase to the open epoch, refused once the epoch has been drawn from, and
        refused when the same phrase is part of its key already (ruling FP15)."""
        if not player.strip() or not phrase:
            raise RuleViolation("entropy needs a player and a phrase")
        if self.epochs[self.epoch].get("drawn"):
            from chronique.domain.rulesets.words import epoch_name  # only on refusal: the words import the games

            closed = f"the dice of {epoch_name(self.epoch)} have been drawn from already"
            raise RuleViolation(f"{closed}: a phrase can be added again when the next ones are committed")
        # A phrase already in the key (by anyone, spaces aside) makes the dice no harder to
        # foresee, it only fills the log (ruling FP15).
        same = " ".join(phrase.split())
        if same and any(" ".join(had.split()) == same for had in self.epochs[self.epoch]["contributions"]):
            from chronique.domain.rulesets.words import epoch_name  # only on refusal: the words import the games

            raise RuleViolation(
                f"“{shortened(same, 40)}” is part of the key of the dice of {epoch_name(self.epoch)} already: "
                "the same phrase again adds nothing, choose another"
            )
        self.record(self.EntropyAdded, epoch=self.epoch, player=player.strip(), phrase=phrase)

    def mark_drawn(self, epoch: str) -> None:
        """Note the epoch's first draw (once), closing it to entropy."""
        if not self.epochs[epoch].get("drawn"):
            self.record(self.EpochFirstDrawn, epoch=epoch)

    def is_revealed(self, epoch: str) -> bool:
        """Whether the epoch's seed has been revealed."""
        return self.epochs.get(epoch, {}).get("seed") is not None

    def mark_command(self, recorded: dict[str, list[int]]) -> None:
        """Mark the end of a command that recorded the versions ``recorded`` (ruling UN1)."""
        self.record(self.CommandRecorded, recorded=recorded)

    def voided_versions(self) -> list[int]:
        """The versions of the campaign's own events voided so far."""
        return list(vars(self).get("voided", []))

    def correct(self, history: Sequence[ChainedEvent], versions: Sequence[int], reason: str, command: int | None = None) -> None:
        """Void the campaign's events at ``versions`` (a clock advance, a pacing, a player
        assigned, a setting): replay ``history`` (the campaign's events) without them and every
        event voided before, and record the clock, pacing, members and settings that gives. ``command`` names the
        command an undo takes back (then ``versions`` may be empty). Chance and seals are never
        voided: a session's boundary revealed a seed, an epoch's first draw consumed its key."""
        if not reason.strip():
            raise RuleViolation("a correction needs a reason")
        if not versions and command is None:
            raise RuleViolation(f"nothing of {self.name} to void")
        voided = self.voided_versions()
        for version in versions:
            if not 1 < version <= self.version:
                raise RuleViolation(f"campaign {self.name} has no event {self.ref(version)} that can be voided")
            target = history[version - 1]
            if version in voided:
                raise RuleViolation(f"event {self.ref(version)} of {self.name} is already voided")
            if not isinstance(target, VOIDABLE):
                raise RuleViolation(f"event {self.ref(version)} of {self.name} can never be voided: {NEVER_VOIDED}")
            if command is None and isinstance(target, Campaign.TimeAdvanced) and target.fired:
                # Its ticks would stand after a clock set back before them (ruling UN5).
                raise RuleViolation(
                    f"event {self.ref(version)} of {self.name} fired ticks as time advanced: take it back with {to_type('undo')}"
                )
        shell = cast(Campaign, history[0].mutate(None))
        skipped = {*versions, *voided}
        for event in history[1:]:
            if event.originator_version not in skipped and not isinstance(event, Campaign.Corrected):
                event.apply(shell)
        self.record(
            self.Corrected,
            voided=sorted(versions),
            reason=reason.strip(),
            command=command,
            clock=shell.clock,
            pacing=shell.pacing,
            members=shell.members,
            settings=shell.settings,
        )

    def advance_clock(self, to_time: int, fired: int) -> None:
        """Record that the game clock moved to ``to_time``."""
        if to_time < self.clock:
            raise RuleViolation("in-game time cannot go backwards")
        self.record(self.TimeAdvanced, from_time=self.clock, to_time=to_time, fired=fired)

    # -- campaign settings (issue 15) ----------------------------------------------------------

    class SettingChanged(ChainedEvent):
        """The GM chose another value for one of the options the game's rulebook leaves to the
        table (``chronique campaign set``): ``key`` as the game's settings name it
        (domain/rulesets/<game>/settings.py), ``value`` as its rules read it."""

        key: str
        value: Any

        def apply(self, campaign: Campaign) -> None:
            campaign.settings = {**campaign.settings, self.key: self.value}

    def change_setting(self, setting: Setting, typed: str) -> bool:
        """Set ``setting`` to the value ``typed`` names (RuleViolation if it names none); whether
        anything was recorded: a value the campaign already has records nothing."""
        value = setting.parse(typed)
        current = self.settings.get(setting.key, setting.default)
        if current == value and type(current) is type(value):
            return False
        self.record(self.SettingChanged, key=setting.key, value=value)
        return True

    # -- notes and session recaps (issue 16) ---------------------------------------------------

    class RecapWritten(ChainedEvent):
        """The GM, or a player (``by_player``) the campaign let write notes, wrote a recap of
        session ``session`` at in-game time ``at``: ``text`` in Markdown, as written. A later recap
        of the same session adds to it (ruling NT1). It consumes no chance and changes nothing of
        the campaign; undo voids it."""

        session: int
        author: str
        by_player: bool
        text: str
        at: int

        def apply(self, campaign: Campaign) -> None:
            """A page of the log: it changes nothing of the campaign."""

    @property
    def players_may_write_notes(self) -> bool:
        """Whether the GM lets players write session recaps and notes on characters (the spine's
        setting ``players-write-notes``, off until set)."""
        return self.settings.get(PLAYERS_WRITE_NOTES, False) is True

    def recap_session(self, number: int | None) -> int:
        """The session a recap of ``number`` is about (None: the open session, else the last one);
        refused before the first session, or for a session not begun yet."""
        if self.session == 0:
            raise RuleViolation(f"campaign {self.name} has had no session yet: a recap follows a session")
        if number is None:
            return self.session
        if not 1 <= number <= self.session:
            raise RuleViolation(f"campaign {self.name} has no session {number}: its sessions are 1 to {self.session}")
        return number

    def write_recap(self, number: int | None, author: str, text: str, by_player: bool) -> None:
        """Record a recap of session ``number`` (None: the open or last one) by ``author``: refused
        empty, too long, or by a player unless the GM allows players to write notes."""
        author = note_author(author)
        refuse_player_unless_allowed(self.name, self.players_may_write_notes, by_player)
        self.record(
            self.RecapWritten,
            session=self.recap_session(number),
            author=author,
            by_player=by_player,
            text=note_text(text, "a recap"),
            at=self.clock,
        )


VOIDABLE = (
    Campaign.TimeAdvanced,
    Campaign.PacingSet,
    Campaign.PacingCleared,
    Campaign.PlayerAssigned,
    Campaign.SettingChanged,
    Campaign.RecapWritten,
)
"""The campaign's events a correction may void: what they change (clock, pacing, players,
settings) is recomputed without them (ruling UN4); a recap changes nothing and is shown voided."""

NEVER_VOIDED = (
    "of a campaign's own events only a clock advance, a pacing, a player assigned, a setting or a recap can be; "
    "a session's start and end, its seeds, seals and draws stand"
)
"""Why a campaign's event is refused to ``correct`` and ``undo`` (ruling UN3): the characters'
events (a raise, a wound, an award) can be, so the words name whose events they are."""
