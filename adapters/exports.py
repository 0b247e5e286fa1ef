"""Exports a GM can hand to players: a sheet (Markdown, HTML, JSON) and a session report
(Markdown, HTML). HTML pages are single self-contained files (inline style, no scripts)."""

from __future__ import annotations

import html
import json
from typing import TYPE_CHECKING, Any

from chronique.domain.errors import RuleViolation
from chronique.domain.fairness import plain

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


def cards(texts: list[str]) -> str:
    """Cards with their suit symbols."""
    return " ".join(t[:-1] + SUITS.get(t[-1], t[-1]) for t in texts) or "—"


def describe(event: Any) -> str:
    """A short account of one event, in the players' words."""
    name = type(event).__qualname__.split(".")[-1]
    if name == "TestMade":
        o = event.outcome
        verdict = "success" if o["success"] else "failure"
        return f"{event.skill} vs {event.target} at {o['level']:+d}: {cards(o['cards'])} → {verdict} {o['quality'] or ''}".rstrip()
    if name == "CardsDrawn":
        return f"{cards(event.cards)} to {event.to} ({event.purpose})"
    if name == "Shuffled":
        return f"{len(event.chance[0]['deck'])} cards shuffled in epoch {event.epoch} ({event.reason})"
    if name == "WoundSuffered":
        wound = event.wound
        return f"damage {event.damage}, lethality {wound['lethality'] if wound else 'death'}, {event.effect}"
    if name == "SurvivalChecked":
        malus = f" (malus {event.malus})" if event.malus else ""
        return f"wound {event.wound_id}: {cards(event.outcome['cards'])} → {event.result}{malus}"
    if name in ("SessionStarted", "SessionEnded"):
        return f"session {event.number}, epoch {event.closed_epoch} revealed, {event.epoch} committed"
    if name == "TimeAdvanced":
        return f"{event.from_time} → {event.to_time} s, {event.fired} tick(s)"
    fields = {k: v for k, v in vars(event).items() if k not in ENVELOPE}
    return ", ".join(f"{k}={v}" for k, v in fields.items() if not isinstance(v, (dict, list)) or len(str(v)) < 60)[:160]


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
    return _document(title, blocks, fmt)


def session(services: Chronique, campaign: str, number: int, fmt: str) -> str:
    """What happened in one session: every event, the draws and their outcomes, wounds, XP, the seal."""
    _check(fmt, ("md", "html"))
    start, end = services.session_span(campaign, number)
    c = services.campaign(campaign)
    calendar = services.calendar(c)
    world = services.world(campaign)
    names = {a.id: getattr(a, "name", "") for a in world.aggregates()}
    seal = next(s["seal"] for s in c.seals if s["session"] == number and s["boundary"] == "session-end")
    rows = []
    for _, event in services.events(campaign, start, end):
        sealed = getattr(event, "sealed_until", None)
        hidden = sealed is not None and not c.is_revealed(sealed)
        at = getattr(event, "at", None)
        rows.append(
            (
                calendar.format(at) if at is not None else "",
                names.get(event.originator_id, "?"),
                type(event).__qualname__.split(".")[-1],
                "hidden until its epoch is revealed" if hidden else describe(event),
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


def _document(title: str, blocks: list[tuple[str, list[tuple[Any, ...]]]], fmt: str, header: tuple[str, ...] = ()) -> str:
    if fmt == "md":
        out = [f"# {title}", ""]
        for name, rows in blocks:
            out += [f"## {name}", ""]
            width = len(rows[0]) if rows else 2
            head = header if header and len(header) == width else tuple("" for _ in range(width))
            out.append("| " + " | ".join(head) + " |")
            out.append("|" + "---|" * width)
            out += ["| " + " | ".join(str(cell).replace("|", "\\|") for cell in row) + " |" for row in rows]
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
            parts.append("<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>")
        parts.append("</table>")
    parts.append("</body></html>")
    return "".join(parts)
