"""What each page of the web journal shows, as plain values for its template: the campaign, a
session, a character's sheet and history, luck, the experience ledger, one event explained.

A reader is a player (what players may see: face-down cards and hidden draws stay hidden until
their epoch is revealed) or the GM (everything). The words are the ones the command line and the
exports use."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chronique.adapters.exports import Voided, shown_notes
from chronique.adapters.services import LogEntry, LogPage
from chronique.adapters.sheets import character_states
from chronique.domain.campaign import downtime_epoch, session_epoch
from chronique.domain.errors import RuleViolation
from chronique.domain.luck import odds_words
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.words import epoch_name
from chronique.domain.text import is_count, quoted

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique
    from chronique.domain.campaign import Campaign


@dataclass(frozen=True)
class Reader:
    """Who opened the page: the campaign their invite opens, their player name, whether it is the
    GM's link, and the token itself (kept in links of the page, never logged)."""

    campaign: str
    player: str
    gm: bool
    token: str


class Unreadable(RuleViolation):
    """What a page was asked in its address cannot be read (a date that is no game date, a way of
    grouping luck the page does not know): the request's fault, 400, not a page that does not
    exist, 404 (ruling WJ20)."""


LUCK_GROUPS = ("player", "character", "session")
"""The ways the luck page counts rolls (``?by=``), the first when none is asked."""


@dataclass(frozen=True)
class Row:
    """One line of a log as a page shows it."""

    position: int
    ref: str
    at: str
    who: str
    what: str
    text: str
    voided: Voided | None
    odds: str = ""


@dataclass(frozen=True)
class Receipt:
    """What a player keeps of an epoch boundary: the seal and the commitment it covers."""

    session: int
    boundary: str
    seal: str
    commitment: str | None


def rows(services: Chronique, campaign: Campaign, entries: Iterable[LogEntry], gm: bool) -> list[Row]:
    """Log entries in words, each roll with its odds; for players a face-down event reads
    "hidden" until revealed."""
    from chronique.domain.rulesets.words import kind_words

    calendar = services.calendar(campaign)
    entries = list(entries)
    odds = services.odds(campaign.name, (x.position for x in entries))
    found = []
    for x in entries:
        hidden = x.face_down_to(campaign.is_revealed, gm)
        # A face-down roll's odds would tell what it was about: they wait for its epoch too.
        chances = [] if hidden else odds.get(x.position, [])
        voided = None if x.correction is None else Voided(x.correction, x.reason or "")
        found.append(
            Row(
                x.position,
                f"{x.aggregate_id.replace('-', '')[:8]}:{x.version}",
                calendar.format(x.at) if x.at is not None else "",
                x.who,
                kind_words(x.kind),
                x.words(campaign.is_revealed, gm),
                voided,
                odds_words(chances),
            )
        )
    return found


def receipts(campaign: Campaign) -> list[Receipt]:
    """Every seal of the campaign with the commitment recorded at its boundary (FAIRNESS.md v2:
    a session's start commits its epoch's seed, its end the next downtime's)."""
    found = []
    for seal in campaign.seals:
        if seal["boundary"] not in ("session-start", "session-end"):
            continue
        epoch = (session_epoch if seal["boundary"] == "session-start" else downtime_epoch)(seal["session"])
        commitment = campaign.epochs.get(epoch, {}).get("commitment")
        found.append(Receipt(seal["session"], seal["boundary"].replace("session-", ""), seal["seal"], commitment))
    return found


SHOWN = 12
"""How many of what downtime did, and of what is due next, the campaign page lists."""


def campaign_page(services: Chronique, reader: Reader) -> dict[str, Any]:
    """The campaign: its clock, sessions with their receipts, characters with their state, what
    the last downtime did and what is due next."""
    # A player reads each character as a players' sheet shows it: a hidden roll's Revers or
    # wound waits for its reveal here too (ruling FP9).
    world = services.world_read(reader.campaign) if reader.gm else services.world_for_players(reader.campaign)
    campaign = world.campaign
    rules = ruleset(campaign.ruleset)
    calendar = services.calendar(campaign)
    characters = []
    for character, status in character_states(world, reader.gm):
        player = campaign.members.get(str(character.id), {}).get("player")
        characters.append({"name": character.name, "player": player or "no player assigned", "status": status})
    # What downtime did: its latest notable outcomes (wounds worsening, recoveries, deaths).
    downtime, span = services.last_downtime(campaign, reader.gm)
    # None of it: which span had nothing, as the command line's report says it (ruling TB15).
    quiet = span.nothing_notable(calendar)
    due = services.board(reader.campaign, reader.gm)
    sessions = sorted({r.session for r in receipts(campaign)})
    return {
        "title": campaign.name,
        "game": rules.title,
        "clock": calendar.format(campaign.clock),
        "open_session": campaign.session if campaign.in_session else None,
        "sessions": sessions,
        "receipts": receipts(campaign),
        "characters": characters,
        "quiet": quiet[:1].upper() + quiet[1:],
        # A phone shows the latest twelve outcomes and the next twelve dues, and says how many more
        # there are rather than dropping them unsaid (ruling NT15).
        "downtime": [(calendar.format(at), who, what) for at, who, what in downtime[-SHOWN:]],
        "downtime_left": max(len(downtime) - SHOWN, 0),
        "due": [(calendar.format(at), who, what) for at, who, what in due[:SHOWN]],
        "due_left": max(len(due) - SHOWN, 0),
        # The epoch running, in a session or between sessions (survival draws, healing rolls):
        # the one `session entropy` takes, until its first draw (ruling WJ21).
        "entropy_open": not campaign.epochs.get(campaign.epoch, {}).get("drawn", False),
        "epoch": epoch_name(campaign.epoch),
    }


def log_page(services: Chronique, reader: Reader, session: int | None = None, after: int = 0) -> dict[str, Any]:
    """The log (of one session, or all), every event in words, voided ones struck through."""
    campaign = services.campaign(reader.campaign)
    entries = services.page_log(reader.campaign, LogPage(session=session))
    shown = rows(services, campaign, (e for e in entries if e.position > after), reader.gm)
    return {"title": campaign.name, "rows": shown, "after": max((r.position for r in shown), default=after)}


LOG_PAGE = 100
"""How many events a page of the web log shows: a phone scrolls an evening's worth, never a whole
campaign's (ruling NT14)."""


def log_view(services: Chronique, reader: Reader, character: str, page: str) -> dict[str, Any]:
    """The log page: ``LOG_PAGE`` events a page, each oldest first, the first page the newest
    events (the one that grows as events are recorded), later pages earlier ones; only
    ``character``'s events and those naming them when one is asked, as `log --character` reads
    them (ruling RM5)."""
    campaign = services.campaign(reader.campaign)
    if page and not (is_count(page) and int(page) >= 1):
        raise Unreadable(f"{quoted(page)} is no page of the log: pages count from 1")
    number = int(page or 1)
    names = sorted((c.name for c in services.world_read(reader.campaign).characters.values()), key=str.casefold)
    if character and character not in names:
        raise Unreadable(f"{campaign.name} has no character {quoted(character)}")
    asked = LogPage(
        characters=(character,) if character else (),
        offset=(number - 1) * LOG_PAGE,
        limit=LOG_PAGE + 1,
        newest_first=True,
        gm=reader.gm,
    )
    # A page whose offset no database counts to (past 2⁶³) is past the end of any log.
    entries = services.page_log(reader.campaign, asked) if asked.offset < 2**62 else []
    if not entries and number > 1:
        raise Unreadable(f"page {number} is past the end of the log ({LOG_PAGE} events a page): ask for an earlier page")
    shown = rows(services, campaign, reversed(entries[:LOG_PAGE]), reader.gm)
    return {
        "title": campaign.name,
        "rows": shown,
        "after": max((r.position for r in shown), default=0),
        # Only the newest page of the whole log grows by itself: the feed sends every new event.
        "live": number == 1 and not character,
        "characters": names,
        "character": character,
        "page": number,
        "earlier": number + 1 if len(entries) > LOG_PAGE else None,
        "later": number - 1 if number > 1 else None,
        "size": LOG_PAGE,
    }


HISTORY = 2 * LOG_PAGE
"""How many of a character's events a sheet's history shows: the first two pages of the web log
of their events, so that the ones it leaves out begin at the log's next page (ruling NT16)."""


def history(services: Chronique, reader: Reader, name: str) -> dict[str, Any]:
    """A character's events and those that name them (ruling RM5), newest first, the latest
    ``HISTORY`` of them; how many earlier ones it leaves out, and the page of the web log of
    their events where those begin (ruling NT16)."""
    campaign = services.campaign(reader.campaign)
    asked = LogPage(characters=(name,), newest_first=True, limit=HISTORY, gm=reader.gm)
    entries = services.page_log(reader.campaign, asked)
    # Counted only when the history is full: a shorter one leaves nothing out.
    left = services.log_count(reader.campaign, asked) - len(entries) if len(entries) == HISTORY else 0
    return {"history": rows(services, campaign, entries, reader.gm), "history_left": left, "history_page": HISTORY // LOG_PAGE + 1}


def session_page(services: Chronique, reader: Reader, number: int) -> dict[str, Any]:
    """One session as its export shows it (the same template), with each roll's "explain"."""
    campaign = services.campaign(reader.campaign)
    if not any(s["session"] == number for s in campaign.seals):
        raise RuleViolation(f"{campaign.name} has no session {number}")
    seal = next((s["seal"] for s in campaign.seals if s["session"] == number and s["boundary"] == "session-end"), None)
    shown = log_page(services, reader, session=number)["rows"]
    live = campaign.in_session and campaign.session == number
    recaps = [note for note in services.recaps(reader.campaign).get(number, []) if not note.voided]
    return {
        "title": f"{campaign.name} — session {number}",
        "recaps": shown_notes(recaps, "html"),
        "note_form": _note_form(campaign, reader, "recap", str(number), f"A recap of session {number}"),
        "seal": seal or "not sealed yet: the session is still open",
        "events": shown,
        "live": live,
        "after": max((r.position for r in shown), default=0),
    }


def sheet_page(services: Chronique, reader: Reader, name: str, as_of: str | None) -> tuple[str, dict[str, Any]]:
    """A character's readable sheet (the game's own template), now or as of a session's end or an
    in-game date, with its history."""
    from dataclasses import replace

    from chronique.adapters.history import NoSuchEvent, as_of_words, sheet_as_of
    from chronique.adapters.sheets import view_of

    if as_of is not None and len(as_of) > MOMENT_LIMIT:
        # Never cut to fit: what is left of a long address may read as another moment (ruling WJ22).
        raise Unreadable(f"{_echoed(as_of)} is no session, game date or event: a moment is at most {MOMENT_LIMIT} characters.")
    try:
        world, character = sheet_as_of(services, reader.campaign, name, as_of, reader.gm)
    except RuleViolation as problem:
        # A character the campaign does not have is a page that does not exist; any other refusal
        # is about the moment asked ("'zzz' is not a game date", a session never played).
        if as_of is None or not exists(services, reader, "character", name):
            raise
        if isinstance(problem, NoSuchEvent):
            # Ruling NT8: the command line's words send its reader to `chronique log`, which a
            # player's phone has not; the page says it as the explain page does.
            raise Unreadable(f"There is no event {_echoed(as_of)} in this campaign.") from None
        raise Unreadable(str(problem)) from None
    rules = ruleset(character.ruleset)
    campaign = world.campaign
    sessions = sorted({s["session"] for s in campaign.seals if s["boundary"] == "session-end"})
    context = {
        "view": replace(view_of(rules, world, character, reader.gm), moment=as_of_words(world.campaign, as_of)),
        "game": rules.title,
        "character": character.name,
        "as_of": as_of or "",
        # Ruling NT9: the form's example is a date of this campaign's own calendar (a Western
        # Parade campaign refuses "Day 3 08:00"), the campaign's clock.
        "date_example": services.calendar(campaign).format(campaign.clock),
        "sessions": sessions,
        **history(services, reader, character.name),
        "notes": shown_notes([note for note in services.notes(reader.campaign, character.name) if not note.voided], "html"),
        "note_form": _note_form(campaign, reader, "character", character.name, f"A note on {character.name}"),
    }
    return f"{rules.name}/sheet.html.j2", context


MOMENT_LIMIT = 80
"""The longest moment a sheet's address may ask (``?as_of=``): a date, a session or an event's ref."""


def _echoed(asked: str) -> str:
    """What an address asked, quoted as the command line's refusals repeat what was typed
    (``text.quoted``, ruling EB19), a control character escaped (ruling EB4), 40 characters at
    most (ruling NT7)."""
    return quoted(asked, 40)


def luck_page(services: Chronique, reader: Reader, by: str) -> dict[str, Any]:
    """Luck by player, character or session, as a picture and in words."""
    from chronique.web.luckplot import plot

    if by not in LUCK_GROUPS:
        raise Unreadable(f"Luck is counted by player, by character or by session, not by {_echoed(by)}.")
    return {"title": f"{reader.campaign} — luck", "by": by, "plot": plot(services.luck(reader.campaign, by))}


def xp_page(services: Chronique, reader: Reader) -> dict[str, Any]:
    """The experience ledger: every award and spend, its reason and the running balance."""
    from chronique.adapters.ledger import experience

    campaign, ledger = experience(services, reader.campaign)
    calendar = services.calendar(campaign)
    entries = [
        {
            "at": calendar.format(r["at"]) if r["at"] is not None else "",
            "who": r["name"],
            "change": f"{r['change']:+d}",
            "reason": r["reason"],
            "balance": r["balance"],
        }
        for r in ledger
    ]
    game = ruleset(campaign.ruleset)
    return {
        "title": f"{campaign.name} — experience",
        "entries": entries,
        "elsewhere": game.experience_elsewhere,
        "unbalanced": game.experience_unbalanced,
    }


_REF = re.compile(r"([0-9a-f]{8,32}):([0-9]{1,9})")
"""An event as a page's "explain" link names it: at least the eight hex digits of its id the
log shows, and its version."""


def explain_page(services: Chronique, reader: Reader, ref: str) -> dict[str, Any]:
    """One event explained, as ``audit show`` explains it; the GM's link sees face-down events.
    Only this campaign's events are looked for: a reference that is another campaign's, or no
    one's, reads alike, so a link tells nothing of what else the journal holds."""
    from chronique.adapters.explain import account, explain

    found = _event_of(services, services.campaign(reader.campaign), ref.strip().lower())
    if found is None:
        raise RuleViolation(f"There is no event {_echoed(ref)} in this campaign.")
    explained = explain(services.audit, found, for_players=not reader.gm)
    # Ruling NT12: an event that drew on no chance (a creation, a wound taken) is not said to have
    # "come out of its chance": the rules alone check it. A face-down one drew, or it would not hide.
    drew = explained.hidden or bool(explained.event.get("chance") or explained.origins or explained.untraced)
    return {"title": f"{reader.campaign} — event {ref}", "lines": account(explained), "drew": drew}


def _event_of(services: Chronique, campaign: Campaign, ref: str) -> str | None:
    """The full reference (``<id>:<version>``) of this campaign's one event ``ref`` names, or None
    when it names none of them (a version its aggregate never reached included)."""
    from uuid import UUID

    matched = _REF.fullmatch(ref)
    if matched is None:
        return None
    prefix, version = matched.group(1), int(matched.group(2))
    members = [m for m in (campaign.id, *campaign.member_ids()) if m.hex.startswith(prefix)]
    if len(members) != 1 or version < 1:
        return None
    member: UUID = members[0]
    if not services.journal.recorder.select_events(member, gt=version - 1, lte=version):
        return None
    return f"{member}:{version}"


def exists(services: Chronique, reader: Reader, kind: str, about: str) -> bool:
    """Whether the page a note form of ``kind`` about ``about`` came from exists: a session of the
    campaign (a recap), or one of its characters (a note)."""
    if kind == "recap":
        return is_count(about) and any(s["session"] == int(about) for s in services.campaign(reader.campaign).seals)
    try:
        services.world_read(reader.campaign).character(about)
    except RuleViolation:
        return False
    return True


def _note_form(campaign: Campaign, reader: Reader, kind: str, about: str, label: str) -> dict[str, str] | None:
    """The form of a recap or a note, for the GM, and for players when the campaign lets them
    write notes (the ``players-write-notes`` setting)."""
    if not (reader.gm or campaign.players_may_write_notes):
        return None
    return {"kind": kind, "about": about, "label": label}
