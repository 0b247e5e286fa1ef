"""What a table command's use case gives back beside its result: the words its line reads off
the events the command recorded."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from chronique.domain.world import World

R = TypeVar("R")
W = TypeVar("W")


class Told(Generic[R, W]):
    """What a table command's use case gives back: its result, and the words its line reads off
    the events it recorded (a test's terms, the skill by its sheet's name). ``--json`` shows the
    result alone (cli/render.py ``outcome``): the words are in the text it keeps. A plain class
    in a module of its own: as a dataclass in cli/render.py it cost every table command's start
    0.5 ms or more (issue 20)."""

    __slots__ = ("result", "words")

    def __init__(self, result: R, words: W) -> None:
        self.result = result
        self.words = words

    def to_json(self) -> R:
        """The result, as ``--json`` shows it."""
        return self.result


def named(world: World, name: str) -> str:
    """The character ``name`` finds, as its sheet spells it: what a table command prints, whatever
    case or accents were typed ("alice" prints "Alice", "sam parkerson" "Sam Parkerson")."""
    return world.character(name).name
