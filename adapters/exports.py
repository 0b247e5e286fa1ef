"""Exports a GM can hand to players: a sheet (Markdown, HTML, JSON) and a session report
(Markdown, HTML). HTML pages are single self-contained files (inline style, no scripts)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from chronique.adapters import sheets
from chronique.adapters.sheets import STYLE
from chronique.domain.campaign import Campaign
from chronique.domain.corrections import voided_by
from chronique.domain.errors import RuleViolation
from chronique.domain.fairness import plain
from chronique.domain.luck import odds_words
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.words import face_down_until, kind_of, player_assigned, told
from chronique.domain.text import quoted

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique
    from chronique.domain.notes import Note

FORMATS = ("md", "html", "json")
ENVELOPE = ("originator_id", "originator_version", "timestamp", "prev_hash", "originator_topic")
__all__ = ["ENVELOPE", "FORMATS", "STYLE", "Voided", "corrections", "describe", "session", "sheet", "shown_notes"]


def describe(event: Any, game: str) -> str:
    """A short account of one event of a ``game`` campaign, in the players' words (its ruleset's)."""
    return told(ruleset(game).describe, event)


@dataclass(frozen=True)
class Voided:
    """What voided an event: the correction's reference and its reason (the event's account is
    shown struck through, never erased)."""

    correction: str
    reason: str


def corrections(services: Chronique, campaign: str) -> dict[tuple[str, int], tuple[str, str]]:
    """(aggregate id, version) of every voided event -> (the correction's reference, as ``log``
    shows it, and its reason)."""
    found = {}
    for event in services.log(campaign):
        for version in voided_by(event):  # a correct, or an undo of a whole command (issue 15)
            ref = f"{event.originator_id.hex[:8]}:{event.originator_version}"
            found[(str(event.originator_id), version)] = (ref, cast(Any, event).reason)
    return found


def sheet(services: Chronique, campaign: str, name: str, fmt: str, gm: bool = False) -> str:
    """A character's current sheet, as players may see it unless ``gm``."""
    _check(fmt, FORMATS)
    character = services.character_as_of(campaign, name, lambda _c, _ch: None, gm)
    rules = ruleset(character.ruleset)
    view = sheets.view_of(rules, services.world(campaign), character, gm)
    data = {
        "name": character.name,
        "ruleset": character.ruleset,
        "version": character.version,
        "sheet": character.sheet,
        "condition": view.condition or character.condition,
    }
    standing = [note for note in services.notes(campaign, character.name) if not note.voided]
    veil = character.veil()
    if veil is not None:
        data |= veil.until()
    if fmt == "json":
        data["notes"] = [note.to_json() for note in standing]
        return json.dumps(plain(data), ensure_ascii=False, indent=2, sort_keys=True)
    # sheets.sheet's template with the character's notes (issue 16): the game's own template
    # extends the shared one, whose notes section shows them.
    template = sheets.environment(fmt).get_template(f"{rules.name}/sheet.{fmt}.j2")
    return template.render(view=view, game=rules.title, notes=shown_notes(standing, fmt))


def session(services: Chronique, campaign: str, number: int, fmt: str) -> str:
    """What happened in one session: its recaps, the seal that closed it, then every event in words,
    each roll with its odds, voided ones struck through."""
    _check(fmt, ("md", "html"))
    start, end = services.session_span(campaign, number)
    c = services.campaign(campaign)
    calendar = services.calendar(c)
    world = services.world(campaign)
    names = {a.id: getattr(a, "name", "") for a in world.aggregates()}
    voided = corrections(services, campaign)
    seal = next(s["seal"] for s in c.seals if s["session"] == number and s["boundary"] == "session-end")
    rows = []
    # A command's mark is bookkeeping for `undo`, not play: left out as `log` does (ruling UN1).
    played = [(n, event) for n, event in services.events(campaign, start, end) if not isinstance(event, Campaign.CommandRecorded)]
    # Each roll with its odds, as the web journal's pages give them: what a roll did reads
    # against its chance (a face-down roll's odds would tell what it was about: they wait too).
    odds = services.odds(campaign, (position for position, _ in played))
    for position, event in played:
        sealed = getattr(event, "sealed_until", None)
        hidden = sealed is not None and not c.is_revealed(sealed)
        at = getattr(event, "at", None)
        correction = voided.get((str(event.originator_id), event.originator_version))
        if hidden and not getattr(event, "face_down_by_design", False):
            # A deal's words say its face-up hand and count its pile: players read them (ruling NT10).
            text = face_down_until(str(sealed))
        elif isinstance(event, Campaign.PlayerAssigned):  # it records the character's id: told by name
            text = player_assigned(event, next((n for i, n in names.items() if str(i) == event.member_id), None))
        else:
            text = describe(event, c.ruleset)
        rows.append(
            {
                "at": calendar.format(at) if at is not None else "",
                "who": names.get(event.originator_id, "?"),
                "what": kind_of(event),
                "text": text,
                "voided": None if correction is None else Voided(*correction),
                "odds": "" if hidden else odds_words(odds.get(position, [])),
            }
        )
    recaps = [note for note in services.recaps(campaign).get(number, []) if not note.voided]
    return sheets.page("session", fmt, title=f"{c.name} — session {number}", seal=seal, events=rows, recaps=shown_notes(recaps, fmt))


def shown_notes(notes: list[Note], fmt: str) -> list[dict[str, Any]]:
    """Notes or recaps as an export shows them (voided ones left out by the caller): who wrote
    them and when in words, and their Markdown rendered safe for a page (``html``, adapters/
    markdown.py) or as written, line by line, for a Markdown export to quote (``lines``)."""
    from chronique.adapters.markdown import render
    from chronique.domain.notes import signed

    return [
        {
            "author": signed(note),
            "at": note.at,
            "html": render(note.text) if fmt == "html" else "",
            "lines": [sheets.MarkdownLine(line) for line in note.text.splitlines()],
        }
        for note in notes
    ]


def _check(fmt: str, allowed: tuple[str, ...]) -> None:
    if fmt not in allowed:
        raise RuleViolation(f"format {quoted(fmt)} is not one of {', '.join(allowed)}")
