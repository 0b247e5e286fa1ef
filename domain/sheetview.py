"""A character sheet as players read it, whatever the game: what a ruleset's ``sheet_view`` returns
and every format (terminal, Markdown, HTML) renders from templates (issue 14).

Everything here is already words and numbers in the rulebook's terms: a renderer lays it out and
never interprets a field. A section is a table (a header of columns, rows of cells) or a list
(label and value pairs that read on one wrapped line, e.g. a skill group's skills), and may be
split into titled groups the way the rulebook groups it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

Layout = Literal["table", "list"]


@dataclass(frozen=True)
class Group:
    """Rows under one heading of a section (a skill group); an empty title for an untitled run."""

    title: str
    rows: tuple[tuple[str, ...], ...]
    # A word on the group and what it leaves out (e.g. "12 more at 0"), shown after its rows.
    more: str = ""
    # The language of its title when it is the rulebook's own words ("fr" for "Cinq sens").
    terms: str = ""


@dataclass(frozen=True)
class Section:
    """One titled part of a sheet.

    ``columns`` head a table (its rows' first cell labels the row); a ``list`` section's rows are
    (label, value) pairs read as "label value, label value". ``terms`` is the language of the rows'
    labels and the groups' titles when they are the rulebook's own words (French game terms on an
    English sheet), for a page's ``lang``; empty when they are the sheet's own English."""

    title: str
    groups: tuple[Group, ...]
    columns: tuple[str, ...] = ()
    layout: Layout = "table"
    terms: str = ""

    @classmethod
    def of(cls, title: str, rows: Sequence[tuple[str, ...]], columns: tuple[str, ...] = (), **kw: Any) -> Section:
        """A section of one untitled group."""
        return cls(title, (Group("", tuple(rows)),), columns, **kw)

    def empty(self) -> bool:
        """Whether the section has nothing to show."""
        return not any(g.rows or g.more for g in self.groups)


@dataclass(frozen=True)
class SheetView:
    """A character's sheet: its name, its version (events recorded), its state in a few words
    ("standing", "out of combat", "dead") and its sections.

    ``figures`` are numbers the sheet derives that a script reading ``--json`` needs and the stored
    sheet does not hold (an Elor character's hit points per location)."""

    name: str
    version: int
    status: str
    sections: tuple[Section, ...]
    figures: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    # A sentence for its players when hidden rolls on it wait for their reveal (domain/veil.py).
    notice: str = ""
    # Which past moment it shows ("as it stood at the end of session 2"); "" for now.
    moment: str = ""
    # What the character waits for that no clock will bring, a sentence each after its name (a
    # MicroFudge wound in a critical state waits for care, ruling M64): the downtime board and
    # report list them at the campaign's clock, since no advance ever fires them.
    waiting: tuple[str, ...] = ()
    # The condition as a script reading ``--json`` gets it, when the game words part of it otherwise
    # than it is stored (a MicroFudge Revers face down until a session's end, ruling M91); None: as
    # stored.
    condition: Mapping[str, Any] | None = None

    def shown(self) -> tuple[Section, ...]:
        """The sections with something in them."""
        return tuple(s for s in self.sections if not s.empty())


def pairs(mapping: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A mapping's items as (label, value) rows, values as text."""
    return [(str(k), str(v)) for k, v in mapping.items()]


def signed(value: int) -> str:
    """A modifier as the rulebooks print it: "+2", "0", "−1" (a true minus sign)."""
    return f"{value:+d}".replace("-", "−") if value else "0"
