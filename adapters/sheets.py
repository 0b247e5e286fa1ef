"""Sheets and exports rendered from Jinja2 templates (issue 14): the terminal's text, Markdown and
HTML, each from a shared base (``templates/base.<fmt>.j2``) that a game's own templates extend
(``templates/<ruleset name>/sheet.<fmt>.j2``). The spine never names a game: a sheet's template is
found from its ruleset's name.

What a journal holds is shown, never obeyed: HTML is autoescaped; Markdown and the terminal show
control characters escaped (``text.inert``), and a Markdown cell stays on one line with its pipes
escaped. The terminal's lines fit 80 columns."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronique.domain.text import inert

if TYPE_CHECKING:
    from jinja2 import Environment

    from chronique.domain.character import Character
    from chronique.domain.rulesets import Ruleset
    from chronique.domain.sheetview import SheetView
    from chronique.domain.world import World

TEMPLATES = Path(__file__).parent / "templates"
STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#222;line-height:1.4}"
    "table{border-collapse:collapse;width:100%;margin:.5rem 0}"
    "td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top;overflow-wrap:break-word}"
    "th{background:#f3f0e8}tbody th{font-weight:600}h1,h2,h3{font-family:Georgia,serif}h3{margin:.8rem 0 .2rem}"
    "code{font-size:.85em;word-break:break-all}.status{font-style:italic}.item{white-space:nowrap}.more{color:#666}"
    "img{max-width:100%;height:auto}.groups{columns:15rem}.group{break-inside:avoid}.group h3{font-size:1rem}"
    ".group ul{margin:.2rem 0;padding-left:1.2rem}.group .more{margin:0 0 .6rem}"
    "td.short{white-space:nowrap}"
    # A phone's 400 px: tighter margins and cells, so nothing runs off the side; the rows of a
    # table of four columns or more (table.stack) stand one under the other, each cell after its
    # column's name.
    "@media (max-width:32rem){body{margin:1rem auto;padding:0 .5rem}td,th{padding:.2rem .3rem}.item{white-space:normal}"
    "table.stack thead{display:none}table.stack tr{display:block;border:1px solid #ccc;margin:0 0 .4rem}"
    "table.stack td,table.stack tbody th{display:block;border:0}table.stack td:empty{display:none}"
    "table.stack td::before{content:attr(data-label) ': ';font-weight:600}}"
)
"""The pages' one stylesheet, inline (a page is one self-contained file): it reads at 1280 px and
at a phone's 400 px without scrolling sideways."""
WIDTH = 80
"""The terminal sheet's width: every line fits a standard terminal."""
_GAP = "  "
# The narrowest a wrapped last column may get before a table reads better as one record a row.
_NARROWEST = 20
# textwrap breaks lines at ASCII white space only: a no-break space holds words together.
_UNBROKEN = "\u00a0"


def sheet(view: SheetView, game: str, title: str, fmt: str) -> str:
    """``view`` in ``fmt`` (txt, md, html) from the game's own template (``game`` is its
    ruleset's name, ``title`` its name as players write it)."""
    template = environment(fmt).get_template(f"{game}/sheet.{fmt}.j2")
    return template.render(view=view, game=title)


def view_of(rules: Ruleset, world: World, character: Character, gm: bool) -> SheetView:
    """``character``'s sheet as its game lays it out, saying on a players' copy when hidden rolls
    on it wait for their reveal (:meth:`Character.veil`)."""
    view = rules.sheet_view(world, character, gm)
    veil = character.veil()
    return view if veil is None else replace(view, notice=veil.words())


def character_states(world: World, gm: bool) -> list[tuple[Character, str]]:
    """Each character of ``world`` by name, with its state in a few words ("standing", "dead",
    "out of the fight") as its game's sheet gives it: for ``campaign show`` and the web
    journal's campaign page."""
    from chronique.domain.rulesets import ruleset

    rules = ruleset(world.campaign.ruleset)
    ordered = sorted(world.characters.values(), key=lambda c: c.name.casefold())
    return [(c, rules.sheet_view(world, c, gm).status) for c in ordered]


def page(name: str, fmt: str, **context: Any) -> str:
    """The shared template ``name`` (e.g. ``session``) in ``fmt``, given ``context``."""
    return environment(fmt).get_template(f"{name}.{fmt}.j2").render(**context)


@cache
def environment(fmt: str) -> Environment:
    """The templates' environment for ``fmt``, built on first use (Jinja2 is not imported before):
    HTML autoescaped, Markdown cells made inert and one line, terminal text made inert."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    finalize = {"html": None, "md": markdown_cell, "txt": _inert}[fmt]
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=fmt == "html",
        finalize=finalize,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["wrap"] = wrap
    env.filters["keep"] = keep
    env.filters["grid"] = grid
    env.globals["style"] = STYLE
    return env


def _inert(value: Any) -> str:
    return inert(str(value))


class MarkdownLine(str):
    """A line of what a player or GM wrote in Markdown (a note, a recap), which a Markdown export
    quotes with its emphasis, links and lists as written: only raw HTML is made to show as text."""

    __slots__ = ()


# What CommonMark (and GitHub's tables and strikethrough) would read as markup in a cell: emphasis,
# code, raw HTML and autolinks, strikethrough, a cell's end, an entity such as "&lt;", and a link's or
# image's "](" or "][" (a bracket alone is left as typed: "\x1b[2J" reads the same in every output).
_MARKUP = re.compile(r"([\\`*_<>~|])|\](?=[(\[])|&(?=#?\w+;)")
# In a note's own Markdown only raw HTML and entities are escaped; a pipe too, as before.
_HTML = re.compile(r"([<|])|&(?=#?\w+;)")


def markdown_cell(value: Any) -> str:
    """A value as a Markdown table cell or heading shows it, every character as typed when a
    Markdown viewer renders it: control characters escaped, on one line (a table's row needs it,
    issue 18), and each character Markdown would read as markup backslash-escaped ("<b>" reads
    "<b>", never bold). A :class:`MarkdownLine` keeps its own Markdown, its raw HTML shown as text."""
    text = str(value)
    escaped = (_HTML if isinstance(value, MarkdownLine) else _MARKUP).sub(lambda m: "\\" + m.group(0), text)
    return " ".join(inert(escaped).splitlines())


def keep(text: str) -> str:
    """``text`` kept on one line when :func:`wrap` breaks its line ("Moyen (4)")."""
    return text.replace(" ", _UNBROKEN)


def wrap(text: str, indent: int = 4, width: int = WIDTH) -> list[str]:
    """``text`` as lines of at most ``width`` characters, the following ones indented; the parts
    :func:`keep` bound stay whole."""
    lines = textwrap.wrap(text, width, subsequent_indent=" " * indent, break_on_hyphens=False) or [""]
    return [line.replace(_UNBROKEN, " ") for line in lines]


def grid(rows: Sequence[Sequence[str]], columns: Sequence[str] = (), width: int = WIDTH) -> list[str]:
    """A table as aligned lines of at most ``width``: the last column wraps under itself; a table
    whose other columns leave it too little room reads one row a line, "header value" pairs."""
    if not rows:
        return []
    table = [tuple(columns), *map(tuple, rows)] if columns else [tuple(r) for r in rows]
    count = len(table[0])
    widths = [max(len(row[i]) for row in table) for i in range(count - 1)]
    lead = sum(widths) + len(_GAP) * (count - 1)
    room = width - lead
    if room < _NARROWEST:
        return [line for row in rows for line in wrap(_record(row, columns))]
    lines = []
    for number, row in enumerate(table):
        start = _GAP.join(cell.ljust(w) for cell, w in zip(row[:-1], widths, strict=True))
        tail = textwrap.wrap(row[-1], room, break_on_hyphens=False) or [""]
        lines.append((start + _GAP + tail[0]).rstrip() if count > 1 else tail[0])
        lines += [" " * lead + more for more in tail[1:]]
        if columns and number == 0:
            lines.append("─" * min(width, max(len(line) for line in lines)))
    return lines


def _record(row: Sequence[str], columns: Sequence[str]) -> str:
    heads = list(columns) if columns else [""] * len(row)
    rest = ", ".join(f"{head} {cell}".strip() for head, cell in zip(heads[1:], row[1:], strict=True) if cell)
    return f"{row[0]}: {rest}" if rest else row[0]
