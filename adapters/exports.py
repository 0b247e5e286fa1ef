"""Exports a GM can hand to players: a sheet (Markdown, HTML, JSON) and a session report
(Markdown, HTML). HTML pages are single self-contained files (inline style, no scripts)."""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chronique.domain.errors import RuleViolation
from chronique.domain.fairness import plain
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes.sheet import thresholds_in_words, wound_capacity_in_words
from chronique.domain.rulesets.words import topic_of
from chronique.domain.text import inert

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique

FORMATS = ("md", "html", "json")
ENVELOPE = ("originator_id", "originator_version", "timestamp", "prev_hash", "originator_topic")
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#222}"
    "table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left}"
    "th{background:#f3f0e8}h1,h2{font-family:Georgia,serif}code{font-size:.85em;word-break:break-all}"
)


def describe(event: Any, game: str) -> str:
    """A short account of one event of a ``game`` campaign, in the players' words (its ruleset's)."""
    return ruleset(game).describe(event)


@dataclass(frozen=True)
class Voided:
    """An event's account struck through (voided, never erased), with the correction that voided it."""

    text: str
    correction: str
    reason: str

    def markdown(self) -> str:
        """Struck through with Markdown's ``~~``, then its correction."""
        return f"~~{self.text}~~ voided by {self.correction}: {self.reason}"

    def html(self) -> str:
        """Struck through with HTML's ``<del>``, then its correction."""
        return f"<del>{html.escape(self.text)}</del> voided by {html.escape(self.correction)}: {html.escape(self.reason)}"


def corrections(services: Chronique, campaign: str) -> dict[tuple[str, int], tuple[str, str]]:
    """(aggregate id, version) of every voided event -> (the correction's reference, as ``log``
    shows it, and its reason)."""
    found = {}
    for event in services.log(campaign):
        if topic_of(event) == "chronique.domain.character:Character.Corrected":
            ref = f"{event.originator_id.hex[:8]}:{event.originator_version}"
            found[(str(event.originator_id), event.voided)] = (ref, event.reason)
    return found


def sheet(services: Chronique, campaign: str, name: str, fmt: str, gm: bool = False) -> str:
    """A character's current sheet, as players may see it unless ``gm``."""
    _check(fmt, FORMATS)
    character = services.character_as_of(campaign, name, lambda _c, _ch: None, gm)
    data = {
        "name": character.name,
        "ruleset": character.ruleset,
        "version": character.version,
        "sheet": character.sheet,
        "condition": character.condition,
    }
    if fmt == "json":
        return json.dumps(plain(data), ensure_ascii=False, indent=2, sort_keys=True)
    sections = [(title, _rows(character.sheet[title]) if isinstance(character.sheet.get(title), dict) else []) for title in character.sheet]
    scalars = [(k, v) for k, v in character.sheet.items() if not isinstance(v, (dict, list))]
    condition = [(k, v) for k, v in character.condition.items() if not isinstance(v, (dict, list)) or v]
    title = f"{character.name} — {character.ruleset} sheet, version {character.version}"
    blocks = [("Sheet", scalars), *[(t, r) for t, r in sections if r], ("Condition", condition)]
    if character.ruleset == "cartes":
        blocks.append(_cartes_resilience(character.sheet, character.condition))
    return _document(title, blocks, fmt)


def _cartes_resilience(sheet: dict[str, Any], condition: dict[str, Any]) -> tuple[str, list[tuple[Any, ...]]]:
    # §KO ou OK L354-361 and §Nombre de blessures L487-505: what a hit does and how many wounds
    # of each lethality the character can still take, in words.
    rows = [("KO and OK", thresholds_in_words(sheet["characteristics"]))]
    rows += [(f"{name} wounds", held) for name, held in wound_capacity_in_words(sheet["characteristics"], condition["wounds"])]
    return ("Hits and wounds", rows)


def session(services: Chronique, campaign: str, number: int, fmt: str) -> str:
    """What happened in one session: every event, the draws and their outcomes, wounds, XP, the seal."""
    _check(fmt, ("md", "html"))
    start, end = services.session_span(campaign, number)
    c = services.campaign(campaign)
    calendar = services.calendar(c)
    world = services.world(campaign)
    names = {a.id: getattr(a, "name", "") for a in world.aggregates()}
    voided = corrections(services, campaign)
    seal = next(s["seal"] for s in c.seals if s["session"] == number and s["boundary"] == "session-end")
    rows = []
    for _, event in services.events(campaign, start, end):
        sealed = getattr(event, "sealed_until", None)
        hidden = sealed is not None and not c.is_revealed(sealed)
        at = getattr(event, "at", None)
        text = "hidden until its epoch is revealed" if hidden else describe(event, c.ruleset)
        correction = voided.get((str(event.originator_id), event.originator_version))
        rows.append(
            (
                calendar.format(at) if at is not None else "",
                names.get(event.originator_id, "?"),
                type(event).__qualname__.split(".")[-1],
                text if correction is None else Voided(text, *correction),
            )
        )
    title = f"{c.name} — session {number}"
    blocks: list[tuple[str, list[tuple[Any, ...]]]] = [("Seal", [("seal (keep it)", seal)]), ("What happened", rows)]
    return _document(title, blocks, fmt, header=("In game", "Who", "What", "Details"))


def _check(fmt: str, allowed: tuple[str, ...]) -> None:
    if fmt not in allowed:
        raise RuleViolation(f"format {fmt!r} is not one of {', '.join(allowed)}")


def _rows(mapping: dict[str, Any]) -> list[tuple[str, Any]]:
    return [(k, json.dumps(v, ensure_ascii=False) if isinstance(v, (dict, list)) else v) for k, v in mapping.items()]


def _markdown_cell(cell: Any) -> str:
    return _markdown_text(cell.markdown() if isinstance(cell, Voided) else str(cell)).replace("|", "\\|")


def _markdown_text(text: str) -> str:
    # A name or reason read from the journal is shown, never obeyed: control characters escaped
    # (a reader's terminal would act on them), and on one line, which a table's row needs (issue 18).
    return " ".join(inert(text).splitlines())


def _html_cell(cell: Any) -> str:
    return cell.html() if isinstance(cell, Voided) else html.escape(str(cell))


def _document(title: str, blocks: list[tuple[str, list[tuple[Any, ...]]]], fmt: str, header: tuple[str, ...] = ()) -> str:
    if fmt == "md":
        out = [f"# {_markdown_text(title)}", ""]
        for name, rows in blocks:
            out += [f"## {name}", ""]
            width = len(rows[0]) if rows else 2
            head = header if header and len(header) == width else tuple("" for _ in range(width))
            out.append("| " + " | ".join(head) + " |")
            out.append("|" + "---|" * width)
            out += ["| " + " | ".join(_markdown_cell(cell) for cell in row) + " |" for row in rows]
            out.append("")
        return "\n".join(out)
    parts = [
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
        f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>",
    ]
    for name, rows in blocks:
        parts.append(f"<h2>{html.escape(name)}</h2><table>")
        if header and rows and len(header) == len(rows[0]):
            parts.append("<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in header) + "</tr>")
        for row in rows:
            parts.append("<tr>" + "".join(f"<td>{_html_cell(cell)}</td>" for cell in row) + "</tr>")
        parts.append("</table>")
    parts.append("</body></html>")
    return "".join(parts)
