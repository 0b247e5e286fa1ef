"""chronique-fair-v2, rules re-derivation: what a game made of its chance, recomputed.

A verifier hands each visible event of a campaign, in recording order, to the rules of its game.
A rule is a pure function of the event's recorded inputs and its recorded chance (replayed in
order by ``Replay``); it returns the outcome fields the event should hold, and the verifier
compares them field by field. Rules that need more than one event (a deck's order, a pile's
cards) keep what they learnt in the shared ``Table``.

Like ``fairness``, this module and every rule module a game declares import nothing but the
standard library and each other: the standalone verifier (a zip application) carries them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from chronique.domain.cards import cards_words
from chronique.domain.fairness import FORMAT_V1, Primitives
from chronique.domain.text import inert, plural, shortened


class Mismatch(Exception):
    """A recorded field is not what the rules give: ``field`` names it, the message says how."""

    def __init__(self, field_name: str, why: str) -> None:
        super().__init__(why)
        self.field = field_name
        self.why = why


class Verdict(str):
    """A verdict's words, which a player reads, with what a developer reads besides (``detail``):
    the Python error a rule raised (ruling FP21). ``verify --json`` shows it; the words never do."""

    detail: str | None

    def __new__(cls, words: str, detail: str | None = None) -> Verdict:
        made = super().__new__(cls, words)
        made.detail = detail
        return made


class Unknowable(Exception):
    """The event depends on something still face down: it cannot be checked yet."""


class Replay(Primitives):
    """An event's recorded chance, handed back to the game's own rule functions in order.

    The rule asks for primitives as it did when it was played; each must be the next recorded
    one, of the same kind and inputs. What it consumed is checked against the stream of the
    draw place elsewhere (``fairness.rederive``): here only its values are replayed.

    A rule names the part of the rules each primitive feeds (:meth:`part`), in the players' words,
    so that ``audit show`` can tell what each die of a disputed roll decided (ruling FP11).
    """

    def __init__(self, ops: Sequence[Mapping[str, Any]]) -> None:
        super().__init__()
        self._recorded = list(ops)
        self.parts: list[str | None] = []
        """The part of the rules each primitive consumed so far fed (None where none was named)."""
        self._part: str | None = None

    def part(self, words: str) -> None:
        """The primitives the rule asks for from now on feed ``words`` ("the to-hit roll
        (§3.3.1)"): a noun phrase in the players' words, naming the rulebook's section or table."""
        self._part = words

    def name_parts(self, since: int, *parts: tuple[int, str]) -> None:
        """Name again the primitives consumed from the ``since``-th on: the first ``count`` of
        them ``words``, the next ``count`` the next words, and so on. For one call of the rules
        that drew dice for several purposes, named from what it returned (a critical's 1d6cum,
        then an exit's), never from a second reckoning of when it draws them."""
        at = since
        for count, words in parts:
            end = min(at + max(count, 0), len(self.parts))
            self.parts[at:end] = [words] * (end - at)
            at = end

    def _next(self, kind: str, **inputs: Any) -> Mapping[str, Any]:
        index = len(self.ops)
        if index >= len(self._recorded):
            raise Mismatch("chance", f"the rules ask for a primitive {index} ({kind}) the record does not hold")
        op = self._recorded[index]
        if op.get("op") != kind or any(op.get(k) != v for k, v in inputs.items()):
            # A shuffle's deck names its cards in words, as the log shows them (ruling FP10).
            shown = ", ".join(f"{k} {cards_words(v) if k == 'deck' else v}" for k, v in inputs.items())
            raise Mismatch("chance", f"primitive {index} is {op.get('op')!r} where the rules ask for {kind!r} ({shown})")
        self.ops.append(dict(op))
        self.parts.append(self._part)
        return op

    def uniform(self, n: int) -> int:
        """The recorded integer in [0, n)."""
        return int(self._next("uniform", n=n)["value"])

    def die(self, sides: int) -> int:
        """The recorded face of a die of ``sides`` faces."""
        return int(self._next("d", sides=sides)["value"])

    def fudge(self) -> int:
        """The recorded Fudge die."""
        return int(self._next("dF")["value"])

    def shuffle(self, deck: Sequence[str]) -> list[str]:
        """The recorded order of a shuffle of ``deck``."""
        return list(self._next("shuffle", deck=list(deck))["result"])

    def finish(self) -> None:
        """Fail when the record holds chance the rules did not consume."""
        left = len(self._recorded) - len(self.ops)
        if left:
            raise Mismatch("chance", f"the record holds {plural(left, 'primitive')} more than the rules consume")


@dataclass
class Table:
    """What a verifier has learnt of a campaign so far, for rules that span events.

    ``epoch`` is the epoch running where the event was recorded (from the campaign's own chain)
    and ``fair`` its fairness version; ``unknown`` holds the ids of aggregates whose state depends on a face-down event (rules
    touching them raise ``Unknowable``); ``state`` is free room for each game's rules, keyed
    by what they track (a deck's id, a character's id).
    """

    epoch: str | None = None
    fair: str | None = None
    unknown: set[str] = field(default_factory=set)
    state: dict[str | tuple[str, str], Any] = field(default_factory=dict)
    handed: defaultdict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    def unrecorded(self, field_name: str) -> None:
        """An input the rules need is missing from the event. Journals recorded before such inputs
        were kept (their epochs are chronique-fair-v1) are accepted under any choice the rules
        allow; every event of a chronique-fair-v2 epoch records them, so there it is a forgery."""
        if self.fair != FORMAT_V1:
            raise Mismatch(field_name, "it is not recorded, and every event of a chronique-fair-v2 epoch records it")

    def hand_out(self, to: str, cards: Iterable[str]) -> None:
        """Cards a deck gave ``to`` (as ``CardsDrawn.to`` names it), waiting to be used."""
        self.handed[to].extend(cards)

    def take(self, to: str, field_name: str, cards: Sequence[str]) -> None:
        """Check that ``cards`` are the next cards handed to ``to``, and use them up."""
        waiting = self.handed.get(to, [])
        if list(cards) != waiting[: len(cards)]:
            if self.unknown:  # a face-down draw may have handed them: not checkable until revealed
                raise Unknowable
            # The cards in words (ruling FP10); a record that is no list reads as its JSON text.
            raise Mismatch(field_name, f"records {cards_words(cards)}, but the deck handed {cards_words(waiting[: len(cards)])}")
        # In place: copying what is left at every take made a long pile quadratic.
        del waiting[: len(cards)]


NO_CHANCE = Replay(())
"""The replay of an event that draws nothing, shared: nothing can append to it."""

Rederive = Callable[[dict[str, Any], Replay, Table], Mapping[str, Any]]
"""A rule: (the event's canonical object, its replayed chance, the table) -> the outcome fields."""


@dataclass(frozen=True)
class GameRules:
    """What one game (or the spine) declares to a verifier: the re-derivation of each event type
    (by topic), the types that consume chance (they always carry ``chance``), and the types that
    may be recorded face down."""

    rederive: Mapping[str, Rederive]
    chance: frozenset[str] = frozenset()
    face_down: frozenset[str] = frozenset()

    def __or__(self, other: GameRules) -> GameRules:
        return GameRules({**self.rederive, **other.rederive}, self.chance | other.chance, self.face_down | other.face_down)


@dataclass(frozen=True)
class ChanceUsed:
    """One primitive of an event's recorded chance, with the part of the rules it fed (None
    when the rule named none, or could not be replayed on the event alone)."""

    op: Mapping[str, Any]
    part: str | None


def chance_used(rule: Rederive | None, event: dict[str, Any], fair: str | None) -> list[ChanceUsed]:
    """Each primitive of ``event``'s recorded chance, in order, with the part of the rules it fed:
    ``rule`` replayed on the event alone, under its epoch's fairness version ``fair``. A rule
    that needs the events before (a deck's order) or refuses the record names nothing past
    the point it reached: the primitives are still listed, with no part."""
    ops = event.get("chance")
    if not isinstance(ops, list) or not all(isinstance(op, Mapping) for op in ops):
        return []  # a forged record: ``verify`` says what is wrong with it, no die is listed
    replay = Replay(ops)
    if rule is not None:
        try:
            rule(event, replay, Table(fair=fair))
        except Exception:  # noqa: BLE001, S110 - a verdict is ``check``'s to give; here only the parts reached count
            pass
    named = replay.parts + [None] * (len(ops) - len(replay.parts))
    return [ChanceUsed(op, part) for op, part in zip(ops, named, strict=True)]


def check(rule: Rederive, event: dict[str, Any], table: Table) -> str | None:
    """None when the event is what ``rule`` gives (or cannot be checked yet); else the first field
    that differs, and how. Never raises: a damaged event is a verdict, not a crash. Whether an
    event that must consume chance records a list of it is the verifier's to check first."""
    ops = event.get("chance")
    try:
        if ops:
            replay = Replay(ops)
            expected = rule(event, replay, table)
            replay.finish()
        else:  # most events draw nothing: they share one empty replay, which nothing can append to
            expected = rule(event, NO_CHANCE, table)
    except Exception as error:  # noqa: BLE001 - any damage to the inputs is a verdict
        return failure(error, event)
    return differs(event, expected) if expected else None


def failure(error: Exception, event: Mapping[str, Any] | None = None) -> str | None:
    """The verdict on a rule that raised: None when the event cannot be checked yet. A rule that
    crashed on what ``event`` records is said in words, naming the event as the log does (ruling
    FP21): the Python error ("TypeError: 'int' object is not iterable") is a developer's, kept
    as the verdict's ``detail``, never in the line a player reads."""
    if isinstance(error, Unknowable):
        return None
    if isinstance(error, Mismatch):
        return f"field {error.field}: {error.why}"
    return Verdict(
        f"the rules could not re-derive {_logged(event)} from what it records: a value it holds is not one they can read",
        f"{type(error).__name__}: {error}",
    )


def _logged(event: Mapping[str, Any] | None) -> str:
    """An event as ``chronique log`` names it ("event 1e6638be:4"): its aggregate's first eight
    hex digits and its version; "this event" when a forged record holds no such id."""
    aggregate = event.get("originator_id") if event is not None else None
    version = event.get("originator_version") if event is not None else None
    if not isinstance(aggregate, str) or type(version) is not int:
        return "this event"
    return f"event {aggregate.replace('-', '')[:8]}:{version}"


def differs(event: dict[str, Any], expected: Mapping[str, Any]) -> str | None:
    """The first field of ``expected`` that ``event`` records otherwise, and how: down to the first
    part of it that differs (``at success``, ``at cards[2]``), both values in words; else None."""
    for name, value in expected.items():
        if event.get(name) != value:
            at, recorded, given = _first_difference("", event.get(name, _NOTHING), value)
            where = f"at {at.lstrip('.')}, " if at else ""
            return f"field {name}: {where}records {_shown(recorded)}, the rules give {_shown(given)}"
    return None


_NOTHING = object()  # a key one side lacks: shown as "nothing", never confused with null


def _first_difference(at: str, recorded: Any, given: Any) -> tuple[str, Any, Any]:
    # A whole outcome cut at 160 characters hid the one value a player disputes.
    if isinstance(recorded, dict) and isinstance(given, dict):
        for key in [*given, *(k for k in recorded if k not in given)]:
            if recorded.get(key, _NOTHING) != given.get(key, _NOTHING):
                return _first_difference(f"{at}.{key}", recorded.get(key, _NOTHING), given.get(key, _NOTHING))
    if isinstance(recorded, list) and isinstance(given, list) and len(recorded) == len(given):
        for i, (one, other) in enumerate(zip(recorded, given, strict=True)):
            if one != other:
                return _first_difference(f"{at}[{i}]", one, other)
    return at, recorded, given


def _shown(value: Any) -> str:
    """A recorded or re-derived value as a verdict tells it to a player: in words, cut as every
    line the project prints is cut (``shortened``), never JSON's brackets and braces."""
    return "nothing" if value is _NOTHING else shortened(_in_words(value), _LONGEST_VALUE)


# A verdict is one line: each of its two values at most two lines of a terminal.
_LONGEST_VALUE = 160


def _in_words(value: Any, nested: bool = False) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{inert(value)}"'
    if isinstance(value, Mapping):
        fields = ", ".join(f"{inert(str(key))} {_in_words(item, True)}" for key, item in value.items()) or "no fields"
        return f"({fields})" if nested and value else fields
    if isinstance(value, (list, tuple)):
        items = [_in_words(item, True) for item in value]
        if len(items) < 2:
            return items[0] if items else "no items"
        return f"{', '.join(items[:-1])} and {items[-1]}"
    return inert(str(value))
