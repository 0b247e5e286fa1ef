"""The web journal's pages from the exports' own templates (``adapters/templates``, one template
set: a static export and its live page are the same page) and the web's few of its own
(``web/templates``: the campaign, luck, the ledger, the verifier). A page of the live journal
differs from its export only by what ``web`` adds: the stylesheet as a file (the content security
policy allows no inline style), the navigation, the forms and the scripts."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronique.adapters import sheets

if TYPE_CHECKING:
    from jinja2 import Environment

    from chronique.web.guard import FormKeys
    from chronique.web.pages import Reader

TEMPLATES = Path(__file__).parent / "templates"
WEB_STYLE = (
    "nav{display:flex;flex-wrap:wrap;gap:.3rem 1rem;margin:0 0 1rem;padding:.4rem 0;border-bottom:1px solid #ccc}"
    "nav a{padding:.2rem 0}.notice{background:#fff6d6;border:1px solid #e0c870;padding:.4rem .6rem}"
    "form{margin:.6rem 0}label{display:block;font-weight:600;margin:.3rem 0}"
    "input,textarea,select,button{font:inherit;max-width:100%;box-sizing:border-box}"
    "input[type=text],textarea{width:100%}button{padding:.3rem .8rem}"
    ".badge{display:inline-block;padding:.2rem .6rem;border-radius:.3rem;background:#eee}"
    "[data-state=verified]{background:#d8f0d8}[data-state=failed]{background:#f6d6d6}[data-state=dice-only]{background:#fff0c8}"
    "svg{width:100%;height:auto}svg text{font-size:11px;font-family:system-ui,sans-serif}"
    ".bar{fill:#8fb58f}.expected{stroke:#222;stroke-width:2}.spread{stroke:#555;stroke-width:1}"
    ".lines{white-space:pre-wrap;overflow-wrap:anywhere}"
    "a:focus,button:focus,input:focus,select:focus,textarea:focus{outline:2px solid #1a5fb4;outline-offset:1px}"
)
"""What the live pages add to the exports' stylesheet: navigation, forms, the luck plot."""


class Renderer:
    """Renders pages for a reader, built on first use."""

    @cached_property
    def environment(self) -> Environment:
        """The exports' HTML environment (its filters, escaping and strictness) with the web's
        templates in front of the shared ones."""
        from jinja2 import ChoiceLoader, FileSystemLoader

        shared = sheets.environment("html")
        return shared.overlay(loader=ChoiceLoader([FileSystemLoader(TEMPLATES), shared.loader]))  # type: ignore[list-item]

    def page(self, template: str, reader: Reader, forms: FormKeys, context: dict[str, Any]) -> str:
        """A whole page of ``template`` for ``reader``."""
        base = f"/t/{reader.token}/"
        web = {
            "base": base,
            "reader": reader,
            "csrf": {purpose: forms.token(reader.token, purpose) for purpose in ("entropy", "note")},
            "notice": context.get("notice", ""),
        }
        return self.environment.get_template(template).render(web=web, **context)

    def fragment(self, template: str, reader: Reader, context: dict[str, Any]) -> str:
        """Part of a page (the live log's new rows)."""
        return self.environment.get_template(template).render(web={"base": f"/t/{reader.token}/", "reader": reader}, **context)

    def error(self, status: int, detail: str) -> str:
        """An error page that says what went wrong and nothing more."""
        return self.environment.get_template("error.html.j2").render(web={"base": None, "notice": ""}, status=status, detail=detail)

    def stylesheet(self) -> str:
        """The exports' stylesheet and the web's additions, as the file the pages link to."""
        return sheets.STYLE + WEB_STYLE
