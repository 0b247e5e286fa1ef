"""Notes and session recaps (issue 16): Markdown a GM, or a player the GM allows, writes on a
session or a character. Recorded as events that consume no chance and change no sheet; what a
note may hold is checked here, once, for the command line and the web journal alike."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.text import character_in_words, recordable_name, to_type, unprintable

NOTE_LIMIT = 20_000
"""The longest note or recap, in characters: some ten pages of prose. Past it, a pasted log or an
attack, not a recap (bounds of issue 18, as domain/limits.py keeps them)."""

PLAYERS_WRITE_NOTES = "players-write-notes"
"""The key of the campaign setting that lets players write notes (domain/spine_settings.py)."""

GM = "GM"
"""The author of a note when none is named."""


def note_text(text: str, what: str = "a note") -> str:
    """``text`` as a note may record it: line ends made ``\\n``, spaces around it dropped, never
    empty, at most :data:`NOTE_LIMIT` characters, no control character but line breaks and tabs;
    a one-line RuleViolation naming the problem otherwise."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    # Prose over several lines: its line breaks and tabs are the writer's own; every other control
    # character (ESC and its sequences, NUL, the bidirectional overrides) is refused, and so is a
    # lone surrogate (what bytes that are no UTF-8 become on a command line: no journal stores it).
    bad = unprintable(text.replace("\n", " ").replace("\t", " ")) or next((c for c in text if "\ud800" <= c <= "\udfff"), None)
    if bad is not None:
        raise RuleViolation(f"{what} may hold only printable characters, line breaks and tabs, not {character_in_words(bad)}")
    text = text.strip()
    if not text:
        raise RuleViolation(f"{what} cannot be empty")
    if len(text) > NOTE_LIMIT:
        raise RuleViolation(f"{what} is {len(text):,} characters long; at most {NOTE_LIMIT:,} are allowed")
    return text


def note_author(author: str) -> str:
    """The name a note is signed with: a name as names are recorded (printable, at most 80
    characters, never empty), runs of spaces made one."""
    return " ".join(recordable_name(author, "a note's author").split())


def refuse_player_unless_allowed(campaign_name: str, allowed: bool, by_player: bool) -> None:
    """Refuse a player's note in a campaign whose GM has not let players write them (ruling NT2)."""
    if by_player and not allowed:
        raise RuleViolation(
            f"players may not write notes in {campaign_name}: the GM allows it with "
            + to_type(f"campaign set {campaign_name!r} {PLAYERS_WRITE_NOTES} on")
        )


@dataclass(frozen=True)
class Note:
    """A note or a recap as it reads back: the character it is on (None for a recap), who wrote
    it (a player or the GM), in which session (0: before the first) and when in the game (in
    words), its Markdown text, whether a correction voided it, and ``ref``, the event as
    ``chronique log`` names it."""

    character: str | None
    author: str
    by_player: bool
    session: int
    at: str
    text: str
    voided: bool
    ref: str

    def to_json(self) -> dict[str, object]:
        """Its JSON form (``--json``): its fields."""
        return asdict(self)


def signed(note: Any) -> str:
    """Who wrote a note or a recap (its event or a :class:`Note`), in words: the author's name,
    marked when a player wrote it."""
    return f"{note.author} (a player)" if note.by_player else note.author


NOTE_WORDS: dict[str, Callable[[Any], str]] = {
    "chronique.domain.campaign:Campaign.RecapWritten": lambda e: f"{signed(e)} wrote a recap of session {e.session}",
    "chronique.domain.character:Character.NoteWritten": lambda e: f"{signed(e)} wrote a note on {e.character}",
}
"""The log's words for a recap and a note (the spine's, for every game: domain/rulesets/words.py
``SPINE``); their text is read with ``chronique note list`` and in the exports, not in the log."""
