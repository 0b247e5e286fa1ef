"""A Markdown export is read in a Markdown viewer (ruling SV6): what a GM or player typed into a
reason or a name reads there as typed, never as markup; a note or recap, written in Markdown,
keeps its emphasis while its raw HTML shows as text. The real command line on a real journal;
the export rendered as a permissive viewer would (CommonMark with GitHub's tables and
strikethrough, raw HTML on)."""

from __future__ import annotations

import json
import re

from markdown_it import MarkdownIt
from support import SAMPLES, run

from chronique.adapters.sheets import MarkdownLine, markdown_cell

V = "Verdelune"
TYPED = "<img src=x onerror=alert(1)> *bold* __strong__ [site](javascript:alert(1)) ~~gone~~ &amp; `code` a\\*b"


def viewed(markdown: str) -> str:
    """``markdown`` as a viewer that lets raw HTML through shows it (HTML)."""
    return MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"]).render(markdown)


def shown_text(html: str) -> str:
    """The text a reader sees of ``html``: its tags dropped, its entities read."""
    from html import unescape

    return unescape(re.sub(r"<[^>]+>", "", html))


def test_a_cell_renders_as_the_characters_typed() -> None:
    html = viewed(f"| a |\n|---|\n| {markdown_cell(TYPED)} |\n")
    assert not re.search(r"<(img|em|strong|a|s|del|code)\b", html), html
    assert TYPED in shown_text(html)
    # A bracket alone stays as typed, so an escape sequence reads the same as in the terminal.
    assert markdown_cell("x\x1b[2J") == "x\\x1b[2J"


def test_a_note_line_keeps_its_markdown_and_shows_its_raw_html_as_text() -> None:
    html = viewed(markdown_cell(MarkdownLine("*well played* <script>alert(1)</script> &amp;")))
    assert "<em>well played</em>" in html and "<script" not in html
    assert "<script>alert(1)</script> &amp;" in shown_text(html)


def test_a_session_export_shows_a_correction_reason_and_a_recap_as_typed(db: str) -> None:
    run(db, "campaign", "new", V, "--ruleset", "cartes", "--start", "Day 1 08:00")
    run(db, "character", "new", V, "--sheet", str(SAMPLES / "alice.toml"))
    run(db, "session", "start", V)
    run(db, "cartes", "xp", "award", V, "Alice", "1", "--reason", "the ambush")
    (award,) = [e["event"] for e in json.loads(run(db, "log", V, "--json", "--kind", "ExperienceAwarded").stdout)]
    run(db, "correct", f"{award['originator_id'].replace('-', '')[:8]}:{award['originator_version']}", "--reason", TYPED)
    run(db, "note", "recap", V, "*well played* <script>alert(1)</script>")
    run(db, "session", "end", V)
    html = viewed(run(db, "export", "session", V, "1", "--format", "md").stdout)
    assert not re.search(r"<(img|script|strong|a)\b", html), html
    assert re.search(r"voided by [0-9a-f]{8}:\d+: " + re.escape(TYPED), shown_text(html)), shown_text(html)
    # The struck-through account is the export's own markup; the recap's emphasis is the GM's.
    assert len(re.findall(r"<(s|del)>", html)) == 1 and "<em>well played</em>" in html
    assert "<script>alert(1)</script>" in shown_text(html)
