"""Events in the players' words: what every ruleset's ``describe`` shares — the spine's own events
(campaign, deck, character, chance) and the helpers a game's describe module builds on.

A game's describe module maps each of its event topics to a function of the event; the spine's
topics are described here once for all games. Nothing here prints internal codes or raw seconds:
durations read as in-game time in words (``gametime.duration_words``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from chronique.domain.cards import shown_all as cards
from chronique.domain.gametime import duration_words
from chronique.domain.notes import NOTE_WORDS
from chronique.domain.pacing import Pacing
from chronique.domain.text import plural, to_type

Describer = Callable[[Any], str]


def topic_of(event: Any) -> str:
    """The stored topic of an event's class (``module:Qualified.Name``), as the catalog names it."""
    cls = type(event)
    return f"{cls.__module__}:{cls.__qualname__}"


def described(table: Mapping[str, Describer], event: Any) -> str:
    """``event`` told by the game's ``table`` or by the spine's; an event of neither reads as its
    class name in words, never as a dump of its fields."""
    found = table.get(topic_of(event)) or SPINE.get(topic_of(event))
    if found is not None:
        return found(event)
    return kind_of(event)


def told(describe: Describer, event: Any) -> str:
    """``event`` told by ``describe``; when what it records is no shape its kind can hold (a forged
    or damaged record: a number where its cards are), its kind in words and where to look, so
    that the log, an export or ``audit show`` of a journal that fails ``verify`` still read, every
    other event as it was, instead of stopping at it (ruling FP22)."""
    try:
        return describe(event)
    except Exception:  # noqa: BLE001 - a damaged record is a line of the log, never a traceback
        return f"{kind_of(event)}, but its record cannot be read: {to_type('verify')} says what is wrong with it"


def kind_of(event: Any) -> str:
    """What kind of event it is, in words: "wound taken" for a ``WoundTaken``."""
    return kind_words(type(event).__qualname__)


def kind_words(name: str) -> str:
    """An event class's name (``WoundTaken``, ``Campaign.SessionStarted``) in words: "wound taken"."""
    return "".join(f" {c.lower()}" if c.isupper() else c for c in name.rsplit(".", 1)[-1]).strip()


def epoch_name(epoch: str) -> str:
    """A chance epoch as players know it: "session 3", "the downtime after session 2"."""
    what, number = epoch_reveal(epoch)
    if what == "downtime_after_session":
        return "the time before the first session" if number == 0 else f"the downtime after session {number}"
    return f"session {number}"


def epoch_reveal(epoch: str) -> tuple[str, int]:
    """A chance epoch as a script names the reveal it waits for, never the epoch's id (rulings M91,
    FP20): ("session", 3) for session 3, ("downtime_after_session", 2) for the downtime after
    session 2 (0: the time before the first session)."""
    kind, _, number = epoch.partition("-")
    return ("session" if kind == "session" else "downtime_after_session"), int(number)


def fudge_face(value: object) -> str:
    """A Fudge die's face as players read it: "+", "0" or "−"."""
    return {1: "+", 0: "0", -1: "−"}.get(value, str(value))  # type: ignore[call-overload]


def face_down_until(epoch: str) -> str:
    """What a player reads of a face-down event: when it turns up, in the words the entropy form
    uses for an epoch ("the dice of session 1"), never its internal name."""
    return f"face down until the dice of {epoch_name(epoch)} are revealed"


def signed(terms: Mapping[str, int], keep_first: bool = False) -> str:
    """Named terms of a sum, e.g. "Pugilat 57, alcohol −10" (the zero ones left out, but for the
    first when ``keep_first``: the score a sum starts from is said even at 0)."""
    kept = [(name, value) for i, (name, value) in enumerate(terms.items()) if value or (keep_first and not i)]
    return ", ".join(f"{name} {value:+d}" if i else f"{name} {value}" for i, (name, value) in enumerate(kept))


def effects_of_time(ticks: int) -> str:
    """What an advance did, in words: its process ticks (a round of bleeding, a day of healing, an
    hour of training) are the effects of time, listed after it."""
    return "nothing happened" if ticks == 0 else plural(ticks, "effect of time", "effects of time")


def joined(items: list[str]) -> str:
    """Items as a sentence lists them: "a, b and c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else "nothing"


def _session(event: Any, verb: str) -> str:
    revealed, committed = epoch_name(event.closed_epoch), epoch_name(event.epoch)
    return f"session {event.number} {verb}: the dice of {revealed} revealed, those of {committed} committed"


def _count(recorded: Mapping[str, list[int]]) -> int:
    return sum(last - first + 1 for first, last in recorded.values())


def _voided(event: Any, versions: list[int]) -> str:
    # The events voided by their refs as the log shows them ("f6fc9d3b:6"), which lead to them;
    # a bare version ("event 6") named nothing a player could find in the log or an export.
    return "voided " + joined([f"{event.originator_id.hex[:8]}:{version}" for version in versions])


def _campaign_correction(event: Any) -> str:
    # An undo's own mark (``command``) is the journal's bookkeeping, never shown: it is not named.
    # An undo records one campaign correction for the command it took back (ruling UN2), voiding
    # the campaign's own events of it (an advance, a player given) when it has some; a command that
    # changed only characters (each their own "undo: voided …" line) or recorded only chance voids
    # none, and the campaign's clock and settings stand as they were (ruling UN19). It read "undo:
    # nothing of the campaign's own voided", the journal's bookkeeping in its own words.
    if event.command is None:
        return f"correction: {_voided(event, event.voided)} ({event.reason})"
    if event.voided:
        return f"a command taken back ({event.reason}): {_voided(event, event.voided)}"
    return f"a command taken back ({event.reason}): the campaign's clock and settings left as they were"


def player_assigned(event: Any, name: str | None = None) -> str:
    """A player taking up a character: "Alice is now played by Marie". The event records the
    character's id only; a teller who knows its name (the log, a session's export) gives it."""
    return f"{name or 'a character'} is now played by {event.player}"


def _created(event: Any) -> str:
    # The game as players know it, its ruleset's title ("Western Parade"), never the name it is
    # recorded and typed by ("western-parade"). Looked up when told: a game's ruleset imports its
    # describe module, which imports these words. A name no game has (a forged record) stays as
    # recorded.
    from chronique.domain.rulesets import KNOWN, ruleset

    game = ruleset(event.ruleset).title if event.ruleset in KNOWN else event.ruleset
    return f"campaign {event.name} created ({game})"


def _member_joined(event: Any) -> str:
    # "the general deck joined the campaign", "Alice joined the campaign": the member's kind in
    # words, never in brackets after its name ("general joined the campaign (deck)").
    return f"the {event.name} deck joined the campaign" if event.kind == "deck" else f"{event.name} joined the campaign"


def _pacing(event: Any) -> str:
    # The log words the pace as `campaign pacing show` does (domain/pacing.py ``Pacing.pace``).
    pacing = Pacing.from_data(event.pacing)
    return "pacing set: " + pacing.pace() + (", up to a set in-game date" if pacing.until is not None else "")


def _setting(event: Any) -> str:
    # The event names the setting by its key; its words are in the game's settings table, and a
    # key belongs to one game only (tests/cli/test_campaign_settings.py).
    from importlib import import_module

    from chronique.domain.rulesets.registry import PACKAGES, module
    from chronique.domain.spine_settings import SPINE_SETTINGS

    for schema in (SPINE_SETTINGS, *(import_module(module(game, "settings")).SETTINGS for game in PACKAGES)):
        for setting in schema:
            if setting.key == event.key:
                return f"setting changed: {setting.title}: {setting.shown(event.value)}"
    return f"setting changed: {event.key}: {event.value}"


SPINE: dict[str, Describer] = {
    "chronique.domain.campaign:Campaign.Created": _created,
    "chronique.domain.campaign:Campaign.EntropyAdded": lambda e: f"{e.player} stirred the dice of {epoch_name(e.epoch)}: “{e.phrase}”",
    "chronique.domain.campaign:Campaign.EpochFirstDrawn": lambda e: f"first dice drawn in {epoch_name(e.epoch)}",
    "chronique.domain.campaign:Campaign.MemberJoined": _member_joined,
    "chronique.domain.campaign:Campaign.PacingCleared": lambda e: "time no longer moves on its own",
    "chronique.domain.campaign:Campaign.PacingSet": _pacing,
    "chronique.domain.campaign:Campaign.PlayerAssigned": player_assigned,
    "chronique.domain.campaign:Campaign.SettingChanged": _setting,
    "chronique.domain.campaign:Campaign.Sealed": lambda e: (
        f"sealed at the {'start' if e.boundary == 'session-start' else 'end'} of session {e.session} (seal {e.seal[:16]}…)"
    ),
    "chronique.domain.campaign:Campaign.SessionStarted": lambda e: _session(e, "started"),
    "chronique.domain.campaign:Campaign.SessionEnded": lambda e: _session(e, "ended"),
    "chronique.domain.campaign:Campaign.TimeAdvanced": lambda e: (
        f"time went on {duration_words(e.to_time - e.from_time)}: {effects_of_time(e.fired)}"
    ),
    "chronique.domain.chain:ChanceConsumed": lambda e: f"dice drawn in {epoch_name(e.epoch)}",
    "chronique.domain.chain:FaceDown": lambda e: "a secret draw",
    "chronique.domain.campaign:Campaign.CommandRecorded": lambda e: f"end of a command ({plural(_count(e.recorded), 'event')})",
    "chronique.domain.campaign:Campaign.Corrected": _campaign_correction,
    "chronique.domain.character:Character.Corrected": lambda e: f"correction: {_voided(e, [e.voided])} ({e.reason})",
    "chronique.domain.character:Character.Undone": lambda e: f"undo: {_voided(e, e.voided)} ({e.reason})",
    "chronique.domain.character:Character.Created": lambda e: f"{e.name} created",
    "chronique.domain.deck:Deck.CardsDrawn": lambda e: f"{cards(list(e.cards))} drawn for {e.to} ({e.purpose})",
    "chronique.domain.deck:Deck.Created": lambda e: f"the {e.name} deck: {plural(e.packs, 'pack')} of {len(e.ranks) * 4} cards",
    "chronique.domain.deck:Deck.Gathered": lambda e: f"every card gathered back into the deck ({e.reason})",
    "chronique.domain.deck:Deck.Shuffled": lambda e: f"{len(e.chance[0]['deck'])} cards shuffled in {epoch_name(e.epoch)} ({e.reason})",
    **NOTE_WORDS,  # a recap and a note (issue 16)
}
