"""Finding a thing by the name a person typed (issue 15): without case or accents, with a
"did you mean" when nothing matches, and never a guess when two things fold to the same name.

Every lookup by name (campaigns, characters, skills, weapons, body locations, activities) goes
through :func:`find`, so they all forgive and refuse alike. Pure: standard library only.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Collection, Iterable
from typing import TypeVar

from chronique.domain.errors import RuleViolation
from chronique.domain.text import NAME_LIMIT, fold, quoted

T = TypeVar("T")

# Past this many choices a listing is noise: only close spellings are offered.
_LISTED = 20
# difflib's ratio under which a spelling is too far to be offered ("Alise" -> "Alice" is 0.8).
_CLOSE = 0.6


def spoken(names: list[str]) -> str:
    """Names offered as a sentence offers them: ``a``, ``a or b``, ``a, b or c``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def find(
    typed: str,
    choices: Iterable[tuple[str, T]],
    what: str,
    where: str | None = None,
    label: Callable[[T], str] | None = None,
    first: Collection[str] = (),
) -> T:
    """The one choice named ``typed``.

    ``choices`` pairs every accepted spelling (a name, an id, a French name) with its thing; a
    thing may have several spellings. A spelling typed exactly wins; otherwise spellings are
    compared folded (no case, no accents, spaces like hyphens). Two different things answering
    the same folded name are refused as ambiguous rather than one picked. Nothing found: a
    RuleViolation such as "no character 'Alise' in Verdelune (did you mean Alice?)".
    ``label`` names a thing in those messages (default: its first spelling); the spellings in
    ``first`` (a character's own weapons) are offered before the others.
    """
    choices = list(choices)
    bare = typed.strip()
    # The common case, a name typed as written, without folding every spelling (issue 20: a
    # command looks up a character and a skill).
    exactly = {id(item): item for spelling, item in choices if spelling.strip() == bare}
    if len(exactly) == 1:
        return next(iter(exactly.values()))
    if not bare:
        # An empty name (``--helper ''``) names nothing: no list of every choice, which reads as
        # if '' were a misspelling ("campaign named" is how a campaign's lookup reads its refusal).
        raise RuleViolation(f"the name of the {what.removesuffix(' named')} is missing")
    items: list[T] = []
    labels: list[str] = []
    index_of: dict[int, int] = {}  # id(thing) -> its index: a thing is itself, whatever it equals
    by_key: dict[str, list[int]] = {}
    spelled: dict[str, str] = {}  # folded -> the spelling offered back in "did you mean"
    exact: list[int] = []
    for spelling, item in choices:
        index = index_of.setdefault(id(item), len(items))
        if index == len(items):
            items.append(item)
            labels.append(label(item) if label is not None else spelling)
        key = fold(spelling)
        spelled.setdefault(key, spelling)
        found = by_key.setdefault(key, [])
        if index not in found:
            found.append(index)
        if spelling.strip() == bare and index not in exact:
            exact.append(index)
    hits = exact or by_key.get(fold(typed), [])
    if len(hits) == 1:
        return items[hits[0]]
    place = f" in {where}" if where else ""
    # A refusal repeats what was typed as far as a name goes (ruling EB3's 80 characters): a
    # web address of kilobytes is not sent back whole, nor compared for a likeness.
    shown = quoted(typed)
    if hits:
        raise RuleViolation(
            f"{shown} could be more than one {what}{place}: {spoken([labels[i] for i in hits])}; type it exactly as written"
        )
    close = difflib.get_close_matches(fold(typed), list(by_key), n=3, cutoff=_CLOSE) if len(bare) <= NAME_LIMIT else []
    offered = sorted((spelled[key] for key in close), key=lambda spelling: spelling not in first)
    if offered:
        hint = f" (did you mean {spoken(offered)}?)"
    elif 0 < len(labels) <= _LISTED:
        hint = f" (one of {', '.join(labels)})"
    else:
        hint = ""
    raise RuleViolation(f"no {what} {shown}{place}{hint}")
