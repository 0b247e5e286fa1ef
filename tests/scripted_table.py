"""A game table in memory with scripted dice, shared by the d10 and d100 games' tests: every die
the commands roll comes, in order, from one queue of faces (a face f is the uniform value f - 1
of FAIRNESS.md).

Every scripted source of chance is held to account: tests/conftest.py fails a test that ends with
part of a script no draw consumed, since a test scripting more chance than the rules draw proves
nothing about the draws it expected. A test that means to leave faces says so (``leave_unrolled``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from chronique.domain.campaign import Campaign
from chronique.domain.chance import ChanceStream, DrawPlace, ScriptedStream
from chronique.domain.character import Character
from chronique.domain.fairness import Primitives, commitment
from chronique.domain.rulesets import ruleset
from chronique.domain.world import World

SEED = bytes(32)

_SCRIPTS: list[Callable[[], str | None]] = []


def hold_to_account(leftover: Callable[[], str | None]) -> None:
    """Check a script when the test ends: ``leftover`` tells, in words, what of it no draw consumed
    (None when every bit was)."""
    _SCRIPTS.append(leftover)


def settle() -> list[str]:
    """What each script held to account since the last settle left unconsumed; forgets them all."""
    found = [text for leftover in _SCRIPTS if (text := leftover())]
    _SCRIPTS.clear()
    return found


def unspent(items: Sequence[object], what: str, never: str, whats: str = "") -> str | None:
    """``2 scripted die faces were never rolled: 6, 3``, or None when ``items`` is empty; ``whats``
    is the plural of ``what`` where an s will not do."""
    if not items:
        return None
    if len(items) == 1:
        return f"1 {what} was never {never}: {items[0]}"
    return f"{len(items)} {whats or what + 's'} were never {never}: {', '.join(map(str, items))}"


class ScriptedDice:
    """A chance source whose streams hand out the next scripted faces."""

    def __init__(self, faces: Sequence[int] = ()) -> None:
        self.faces = list(faces)
        hold_to_account(self.leftover)

    def add(self, *faces: int) -> None:
        """Queue more faces."""
        self.faces.extend(faces)

    def leftover(self) -> str | None:
        """The faces no die has rolled, in words."""
        return unspent(self.faces, "scripted die face", "rolled")

    def leave_unrolled(self, why: str) -> None:
        """Drop the faces no die has rolled yet, where the test means to leave them: ``why`` says
        why, so no test ends with faces left by accident."""
        if not why.strip():
            raise ValueError("say why the test leaves scripted faces unrolled")
        self.faces.clear()

    def stream(self, epoch: str, place: DrawPlace) -> ChanceStream:
        return _QueueStream(self.faces)


class _QueueStream(Primitives):
    def __init__(self, faces: list[int]) -> None:
        super().__init__()
        self._faces = faces

    def _uniform(self, n: int) -> int:
        if not self._faces:
            raise AssertionError("the test rolled more dice than it scripted")
        face = self._faces.pop(0)
        if not 1 <= face <= n:
            raise AssertionError(f"scripted face {face} outside 1..{n}")
        return face - 1


def scripted_table(
    name: str,
    game: str,
    sheets: Iterable[dict[str, Any]],
    calendar: dict[str, Any],
    clock: int,
    dice: Sequence[int] = (),
    session: bool = True,
    settings: dict[str, Any] | None = None,
) -> World:
    """A campaign of ``game`` in memory, seated with characters made from ``sheets``."""
    rules = ruleset(game)
    chosen = rules.default_settings() | (settings or {})
    campaign = Campaign.create(name, game, chosen, calendar, clock, commitment(SEED))
    world = World(campaign=campaign, source=ScriptedDice(dice))
    for raw in sheets:
        sheet, condition = rules.new_character(raw)
        character = Character.create(campaign.id, sheet["name"], game, sheet, condition)
        campaign.join(character.id, "character", character.name)
        world.characters[character.id] = character
    if session:
        campaign.start_session(SEED, commitment(SEED))
    return world


def die_faces(*faces: int) -> ScriptedStream:
    """One stream handing out these die faces in order (a face f is the uniform value f - 1),
    held to account like a table's dice."""
    stream = ScriptedStream([face - 1 for face in faces])
    hold_to_account(lambda: unspent([value + 1 for value in stream.left], "scripted die face", "rolled"))
    return stream


def dice(world: World) -> ScriptedDice:
    """The world's scripted dice."""
    source = world.source
    assert isinstance(source, ScriptedDice)
    return source
