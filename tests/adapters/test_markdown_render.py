"""A note's Markdown rendered for a page (issue 16, adapters/markdown.py): what Markdown means
renders, and whatever a browser would run, load from a hostile scheme or take as the page's own
markup comes out inert, as text or not at all."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from markupsafe import Markup

from chronique.adapters.markdown import ATTRIBUTES, REL, SCHEMES, TAGS, render


class Parsed(HTMLParser):
    """The elements a browser builds from the HTML: each tag with its attributes."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))


def assert_inert(html: str) -> None:
    """Only the tags Markdown makes, only their attributes, no handler, and every URL of a scheme a
    note may link to (or none: a relative one)."""
    for tag, attrs in Parsed(html).elements:
        assert tag in TAGS, (tag, html)
        assert set(attrs) <= ATTRIBUTES.get(tag, set()) | ({"rel"} if tag == "a" else set()), (tag, attrs)
        for name in ("href", "src"):
            url = (attrs.get(name) or "").strip()
            scheme = url.split(":", 1)[0].lower() if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", url) else None
            assert scheme is None or scheme in SCHEMES, (tag, attrs)


HOSTILE = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '<a href="javascript:alert(1)">click</a>',
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](<javascript:alert(1)>)",
    "[click](vbscript:msgbox(1))",
    "![pixel](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
    "[x](data:text/html,<script>alert(1)</script>)",
    "<iframe src=https://evil.example></iframe>",
    "<svg onload=alert(1)>",
    "<style>body{display:none}</style>",
    '<div style="position:fixed;inset:0">over the page</div>',
    "<!-- a comment --><b onclick=x>bold</b>",
    '[a](https://ok.example "t" onmouseover=alert(1))',
    "`<script>alert(1)</script>`",
    "[x](java&#10;script:alert(1))",
    '<a href="&#106;avascript:alert(1)">x</a>',
    "<scr<script>ipt>alert(1)</script>",
    "```html\n<script>alert(1)</script>\n```",
    "'; DROP TABLE stored_events; --",
    "Robert'); DELETE FROM log WHERE 1=1; --",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_comes_out_inert(text: str) -> None:
    assert_inert(str(render(text)))


def test_raw_html_and_sql_show_as_the_text_typed() -> None:
    assert str(render("<b>bold</b>")) == "<p>&lt;b&gt;bold&lt;/b&gt;</p>\n"
    assert str(render("'; DROP TABLE stored_events; --")) == "<p>'; DROP TABLE stored_events; --</p>\n"


def test_markdown_renders_headings_emphasis_lists_links_and_code() -> None:
    html = render(
        "# Night one\n\n## The ford\n\n*quietly* and **loudly**\n\n- rope\n- lantern\n\n3. third\n4. fourth\n\n"
        "[the map](https://example.org/map \"Map\")\n\n> they said\n\n`inline`\n\n```python\nprint('x')\n```\n\n---\n"
    )
    assert isinstance(html, Markup)
    for part in (
        "<h1>Night one</h1>",
        "<h2>The ford</h2>",
        "<em>quietly</em>",
        "<strong>loudly</strong>",
        "<ul>\n<li>rope</li>\n<li>lantern</li>\n</ul>",
        '<ol start="3">',
        f'<a href="https://example.org/map" title="Map" rel="{REL}">the map</a>',
        "<blockquote>\n<p>they said</p>\n</blockquote>",
        "<code>inline</code>",
        "<pre><code class=\"language-python\">print('x')\n</code></pre>",
        "<hr>",
    ):
        assert part in str(html), (part, str(html))


def test_every_link_gets_its_rel_and_a_bare_url_stays_text() -> None:
    html = str(render("[a](https://a.example) and [b](mailto:gm@example.org) and https://c.example"))
    assert html.count(f'rel="{REL}"') == 2
    assert "https://c.example</p>" in html and 'href="https://c.example"' not in html  # linkify is off


def test_a_rendered_note_is_not_escaped_again_in_a_page() -> None:
    from jinja2 import Environment

    page = Environment(autoescape=True).from_string("<div>{{ note }}</div>").render(note=render("*x* <y>"))
    assert page == "<div><p><em>x</em> &lt;y&gt;</p>\n</div>"


@pytest.mark.parametrize(
    "html", ['<img src="x" onerror="alert(1)">', '<a href="javascript:alert(1)">x</a>', "<script>alert(1)</script>", '<img src="data:x">']
)
def test_the_check_itself_catches_what_a_browser_would_run(html: str) -> None:
    # Without this, a check that passes everything would pass the tests above.
    with pytest.raises(AssertionError):
        assert_inert(html)
