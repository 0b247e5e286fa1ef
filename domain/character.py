"""The Character aggregate: a sheet and a condition, changed only by its ruleset's events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast
from uuid import UUID, uuid5

from chronique.domain.chain import ChainedAggregate, ChainedCreated, ChainedEvent
from chronique.domain.errors import LaterEventHolds, RuleViolation
from chronique.domain.notes import note_author, note_text
from chronique.domain.text import recordable_name

if TYPE_CHECKING:
    from chronique.domain.veil import Veil


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
            character.voided = []

    class Corrected(ChainedEvent):
        """An earlier event was voided (never erased): the sheet and condition are what the log
        gives without it; the voided event stays in the log, marked."""

        voided: int
        reason: str
        sheet: dict[str, Any]
        condition: dict[str, Any]

        def apply(self, character: Character) -> None:
            character.voided = [*character.voided, self.voided]
            character.sheet = dict(self.sheet)
            character.condition = dict(self.condition)

    class Undone(ChainedEvent):
        """``chronique undo`` voided, in one correction, every event one command recorded on the
        character (never erased): the sheet and condition are what the log gives without them."""

        voided: list[int]
        reason: str
        sheet: dict[str, Any]
        condition: dict[str, Any]

        def apply(self, character: Character) -> None:
            character.voided = [*character.voided, *self.voided]
            character.sheet = dict(self.sheet)
            character.condition = dict(self.condition)

    class NoteWritten(ChainedEvent):
        """The GM, or a player (``by_player``) the campaign let write notes, wrote a note on the
        character ``character`` (its name) at in-game time ``at``, after session ``session`` began
        (0: before the first): ``text`` in Markdown, as written. It consumes no chance and changes
        nothing of the sheet; undo voids it."""

        character: str
        author: str
        by_player: bool
        text: str
        at: int
        session: int

        def apply(self, character: Character) -> None:
            """A page of the character's log: it changes nothing of the sheet or the condition."""

    if TYPE_CHECKING:  # set by the events' apply(); see ChainedAggregate
        campaign_id: str
        name: str
        ruleset: str
        sheet: dict[str, Any]
        condition: dict[str, Any]
        voided: list[int]

    def shown_to_players(self, condition: dict[str, Any], veil: Veil | None) -> None:
        """Make this read-only copy (never saved) what players may see: ``condition`` (face-down
        cards counted, what hidden rolls did as it stood before them) and the ``veil`` that says
        which hidden rolls wait for their reveal."""
        self.condition = condition
        vars(self)["players_veil"] = veil

    def veil(self) -> Veil | None:
        """What of this players' copy waits for a hidden roll's reveal (:meth:`shown_to_players`);
        None for the GM's and the character itself."""
        return cast("Veil | None", vars(self).get("players_veil"))

    @classmethod
    def create(cls, campaign_id: UUID, name: str, ruleset: str, sheet: dict[str, Any], condition: dict[str, Any]) -> Character:
        """A new character of the campaign with a checked sheet and its starting condition."""
        recordable_name(name, "a character's name")  # read back on terminals and pages (issue 18)
        return cls.begin(
            cls.Created,
            id=character_id_for(campaign_id, name),
            campaign_id=str(campaign_id),
            name=name,
            ruleset=ruleset,
            sheet=sheet,
            condition=condition,
        )

    def write_note(self, author: str, text: str, by_player: bool, at: int, session: int) -> None:
        """Record a note on the character by ``author`` at in-game time ``at``: refused empty or
        too long (whether a player may write it is the campaign's to say: domain/notes.py)."""
        self.record(
            self.NoteWritten,
            character=self.name,
            author=note_author(author),
            by_player=by_player,
            text=note_text(text),
            at=at,
            session=session,
        )

    def correct(self, history: Sequence[ChainedEvent], version: int, reason: str) -> None:
        """Void the event at ``version``: replay ``history`` (this character's events) without it
        and every event voided before, and record the state that gives."""
        sheet, condition = self._without(history, [version], reason)
        self.record(self.Corrected, voided=version, reason=reason.strip(), sheet=sheet, condition=condition)

    def undo(self, history: Sequence[ChainedEvent], versions: Sequence[int], reason: str) -> None:
        """Void the events at ``versions`` (what one command recorded, ``chronique undo``) in one
        correction: the state is what ``history`` gives without them and every event voided before."""
        sheet, condition = self._without(history, versions, reason)
        self.record(self.Undone, voided=sorted(versions), reason=reason.strip(), sheet=sheet, condition=condition)

    def _without(self, history: Sequence[ChainedEvent], versions: Sequence[int], reason: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """The sheet and condition ``history`` gives without ``versions`` and the events voided
        before: refused without a reason, or when one of them cannot be voided."""
        if not reason.strip():
            raise RuleViolation("a correction needs a reason")
        if not versions:
            raise RuleViolation(f"nothing of {self.name} to void")
        for version in versions:
            if version == 1 or not 1 < version <= self.version:
                raise RuleViolation(f"{self.name} has no event {self.ref(version)} that can be voided")
            if isinstance(history[version - 1], CORRECTIONS):
                raise RuleViolation(f"event {self.ref(version)} of {self.name} is a correction, and a correction is never voided")
            if version in self.voided:
                # Which of the two it is, and what voided it, so that the GM reads the right event (EB38).
                by = next(e for e in history if isinstance(e, CORRECTIONS) and version in _versions_voided(e))
                raise RuleViolation(f"event {self.ref(version)} of {self.name} is voided already, by {self.ref(by.originator_version)}")
            if stands_when_undone(history[version - 1]):
                # Chance consumed for the whole table (a Cartes deal, ruling C90): never voided.
                raise RuleViolation(
                    f"event {self.ref(version)} of {self.name} dealt cards, chance consumed for the whole table: it is never voided"
                )
        skipped = {*versions, *self.voided}
        shell = cast(Character, history[0].mutate(None))
        try:
            for event in history[1:]:
                if event.originator_version not in skipped and not isinstance(event, CORRECTIONS):
                    event.apply(shell)
        except (KeyError, ValueError, IndexError, StopIteration) as error:
            first = min(versions)
            # A game's rules say which event depends on it in a ValueError's words; any other
            # error is the replay failing on a missing part, which the GM cannot act upon.
            which = f": {self._later(error)}" if isinstance(error, ValueError) and str(error) else ""
            raise RuleViolation(f"later events of {self.name} depend on event {self.ref(first)}; void them first{which}") from None
        return shell.sheet, shell.condition

    def _later(self, error: ValueError) -> str:
        # Ruling UN18: the later event is named as the log prints it, as the voided one is.
        if isinstance(error, LaterEventHolds) and error.version is not None:
            return f"event {self.ref(error.version)} {error.words}"
        return str(error)


CORRECTIONS = (Character.Corrected, Character.Undone)
"""The events that void others: a replay leaves them out, and they are never voided themselves."""


def _versions_voided(correction: Character.Corrected | Character.Undone) -> list[int]:
    """The versions a correction voided: one a `correct`, every one of a command an `undo`."""
    return [correction.voided] if isinstance(correction, Character.Corrected) else list(correction.voided)


def stands_when_undone(event: Any) -> bool:
    """Whether ``event`` is a game's chance consumed for the whole table that a command only set
    off (a Cartes deal, ruling C90): an undo keeps it, as it keeps the deck's draws, and a
    correction never voids it. Its class says so."""
    return bool(getattr(type(event), "stands_when_undone", False))
