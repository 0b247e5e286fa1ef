"""Notes and recaps as HTML (issue 16): what a GM or a player wrote in Markdown, rendered by
markdown-it-py's CommonMark preset with raw HTML off, then cleaned by nh3 to the tags Markdown
itself makes. A note is shown, never obeyed: a script, an event handler, a ``javascript:`` or
``data:`` link, an ``<iframe>`` typed into a note all come out as text or not at all."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from markupsafe import Markup

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

TAGS = frozenset(
    {
        "a", "blockquote", "br", "code", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "img",
        "li", "ol", "p", "pre", "strong", "ul",
    }
)  # fmt: skip
"""Every tag the CommonMark preset makes from Markdown (raw HTML off): nothing else survives."""

ATTRIBUTES = {"a": {"href", "title"}, "img": {"src", "alt", "title"}, "ol": {"start"}, "code": {"class"}}
"""The attributes those tags carry: a link's target and title, an image's, a list's first number,
a fenced block's language (``class="language-python"``). No ``style``, no ``on...`` handler."""

SCHEMES = frozenset({"http", "https", "mailto"})
"""The URL schemes a link or image may use: never ``javascript:``, ``data:``, ``vbscript:`` or ``file:``."""

REL = "nofollow noopener noreferrer"
"""Every link's ``rel``: a note's link neither vouches for its target nor lets it reach back to the page."""


@cache
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt

    # CommonMark, raw HTML typed into a note shown as text, bare URLs left as typed (no linkify).
    return MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})


def render(text: str) -> Markup:
    """``text`` (Markdown) as safe HTML: headings, emphasis, lists, links, code and quotes render;
    raw HTML shows as text; anything else a browser would run or load from elsewhere is dropped."""
    import nh3

    html = _parser().render(text)
    cleaned = nh3.clean(
        html,
        tags=set(TAGS),
        attributes={tag: set(names) for tag, names in ATTRIBUTES.items()},
        url_schemes=set(SCHEMES),
        link_rel=REL,
        strip_comments=True,
    )
    return Markup(cleaned)  # noqa: S704 - cleaned by nh3 to the tags, attributes and schemes above
