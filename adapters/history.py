"""Time travel over one aggregate: which version was current at a session's end or a game date."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any
from uuid import UUID

from chronique.domain.campaign import Campaign
from chronique.domain.character import Character
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, calendar_from, spanning
from chronique.domain.text import is_count, quoted, to_type

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique
    from chronique.domain.world import World


_REF = re.compile(r"^[0-9a-f][0-9a-f-]{3,35}:[0-9]{1,18}$")


class NoSuchEvent(RuleViolation):
    """A moment asked as an event (``<id>:<version>``) that the campaign has not: the web journal
    words it for a page (ruling NT8), the command line as raised."""


def _version_at_event(services: Chronique, campaign: Campaign, character: Character, ref: str) -> int:
    """The character's version when the event ``ref`` (any aggregate's of the campaign) was recorded."""
    from chronique.adapters.explain import locate

    try:
        place = locate(services.audit, ref)
    except RuleViolation:
        place = None
    if place is not None and place.version < 1:  # a chain's versions count from 1: version 0 is no event of any chain
        raise NoSuchEvent(f"no event {quoted(ref)} in this journal: an event's number counts from 1")
    if place is None or (place.member != str(campaign.id) and place.member not in campaign.members):
        # Another campaign's event is no moment of this one's, and is told as one that exists
        # nowhere: a player's link never learns what other campaigns hold (as its explain page).
        raise NoSuchEvent(f"no event {quoted(ref)} in {campaign.name}: {to_type('log')} lists its events")
    if not any(services.journal.events.get(UUID(place.member), gt=place.version - 1, lte=place.version)):
        # Past the head of its chain: no event, never a moment before the character existed.
        raise NoSuchEvent(f"no event {quoted(ref)} in {campaign.name}: {to_type('log')} lists its events")
    if place.member == str(character.id):
        return place.version
    found = services.journal.raw.version_at(character.id, UUID(place.member), place.version)
    if found is None:
        raise RuleViolation(f"{character.name} did not exist yet at event {ref}")
    return found


def version_as_of(services: Chronique, campaign: Campaign, character: Character, as_of: str | None) -> int | None:
    """The character's version at the end of session ``as_of`` (a number), at an in-game date, or
    when an event (``<id>:<version>``, as ``chronique log`` shows it) was recorded.

    None means "now". A session's end is read off its seal, which names every chain's head.
    """
    if as_of is None:
        return None
    if _REF.match(as_of.strip()):
        return _version_at_event(services, campaign, character, as_of.strip())
    if is_count(as_of.strip()):
        number = int(as_of)
        head = _session_end(campaign, number)["heads"].get(str(character.id))
        if head is None:
            raise RuleViolation(f"{character.name} had not joined by the end of session {number}")
        return int(head[0])
    return version_at(services, character, date_as_of(campaign, as_of))


def _session_end(campaign: Campaign, number: int) -> dict[str, Any]:
    """The seal of session ``number``'s end, which names every chain's head then."""
    if not 1 <= number <= campaign.session:  # sessions count from 1; the next one has not started
        raise RuleViolation(f"campaign {campaign.name} has no session {number}")
    seal = next((s for s in campaign.seals if s["session"] == number and s["boundary"] == "session-end"), None)
    if seal is None:
        raise RuleViolation(f"session {number} of {campaign.name} has not ended")
    return dict(seal)


def _clock_then(services: Chronique, campaign: Campaign, as_of: str) -> int:
    """The campaign's clock at the end of session ``as_of`` (a number) or when the event ``as_of``
    was recorded: what a sheet as of then reads as "now" ("the next healing on Day 2 08:00", not
    on a day the campaign reached months later)."""
    typed = as_of.strip()
    if is_count(typed):
        version = int(_session_end(campaign, int(typed))["heads"][str(campaign.id)][0])
    else:
        from chronique.adapters.explain import locate

        place = locate(services.audit, typed)  # found already by the character's version
        member = UUID(place.member)
        # A member's event comes after the campaign's creation, so the campaign had a version then.
        found = place.version if member == campaign.id else services.journal.raw.version_at(campaign.id, member, place.version)
        version = int(found or 1)
    return int(services.journal.load(campaign.id, version=version).clock)


def sheet_as_of(services: Chronique, campaign: str, name: str, as_of: str | None, gm: bool) -> tuple[World, Character]:
    """A character's sheet now (None), at a session's end, at an in-game date (its continuous
    processes brought to that very moment) or at an event, as players see it unless ``gm``."""
    found = services.campaign(campaign)
    moment = moment_as_of(found, as_of)
    if moment is not None:
        _refuse_before_the_start(services, found, moment)
        return services.world_as_of(campaign, name, moment, gm)
    if as_of is None:
        return services.sheet_now(campaign, name, gm)
    character = services.character_as_of(campaign, name, lambda c, ch: version_as_of(services, c, ch, as_of), gm)
    world = services.world(campaign)
    world.campaign.clock = _clock_then(services, found, as_of)  # read-only: never saved
    return world, character


def _refuse_before_the_start(services: Chronique, campaign: Campaign, moment: int) -> None:
    """Refuse a date before the campaign's clock first stood (its creation's, ruling TB18), as a
    date after its clock is refused: nothing of the campaign stood then. It showed version 1 "as it
    stood at 1873-01-01 08:00", a sheet from before anything of the campaign existed."""
    created = next(iter(services.journal.events.get(campaign.id, lte=1)), None)
    began = getattr(created, "clock", None)
    if isinstance(began, int) and moment < began:
        # To the second when minutes alone would hide why (07:59:59 against 08:00), as an advance
        # shows its moments (gametime.spanning, ruling TB10).
        shown = spanning(calendar_from(campaign.calendar), moment, began)
        raise RuleViolation(f"{shown(moment)} is before the campaign began ({shown(began)})")


def as_of_words(campaign: Campaign, as_of: str | None) -> str:
    """Which moment a sheet ``--as-of`` shows, as its heading says it ("as it stood at the end of
    session 2", "as it stood at Day 3 08:00", "as it stood when event f6fc9d3b:6 was recorded");
    "" for now. The as-of sheet read as the current one, with nothing to tell them apart."""
    if as_of is None:
        return ""
    typed = as_of.strip()
    if _REF.match(typed):
        aggregate, _, version = typed.rpartition(":")
        return f"as it stood when event {aggregate.replace('-', '')[:8]}:{version} was recorded"
    if is_count(typed):
        return f"as it stood at the end of session {int(typed)}"
    calendar = calendar_from(campaign.calendar)
    moment = date_as_of(campaign, typed)
    if calendar.names_a_whole_day(typed) and moment % DAY == DAY - 1:
        return f"as it stood at the end of {calendar.day(moment)}"
    return f"as it stood at {calendar.format(moment)}"


def moment_as_of(campaign: Campaign, as_of: str | None) -> int | None:
    """The in-game moment ``as_of`` names when it is a date; None for now, a session's end or an
    event, which name a version and nothing between two."""
    if as_of is None or _REF.match(as_of.strip()) or is_count(as_of.strip()):
        return None
    return date_as_of(campaign, as_of)


def date_as_of(campaign: Campaign, typed: str) -> int:
    """The in-game moment a date typed to ``--as-of`` names. A day alone, without a time of day
    ("1873-04-12", "Day 3"), is the end of that day, as a player asking for his sheet "as of the
    12th" means it, or the campaign's clock while that day is still running (ruling EB49): it read
    as the day's first second, so the campaign's own first day was refused as before it began.
    A day not begun yet stays its first second, refused as after the clock."""
    calendar = calendar_from(campaign.calendar)
    moment = calendar.parse(typed)
    if not calendar.names_a_whole_day(typed) or moment > campaign.clock:
        return moment
    return min(moment + DAY - 1, campaign.clock)


def version_at(services: Chronique, character: Character, moment: int) -> int | None:
    """The character's version at his last event at or before the in-game ``moment``: one
    indexed look in the moments read model (projections/moments.py) when it is current, caught
    up first when it is behind; his chain replayed without read models."""
    from chronique.adapters.readrows import AFTER, current_rows, version_after

    params = (str(character.id), moment)
    rows = current_rows(services.journal, "moments", AFTER, params)
    if rows is None and services.read_models is not None:
        services.read_models.refresh()
        rows = current_rows(services.journal, "moments", AFTER, params)
    if rows is None:
        return version_at_by_replay(services, character, moment)
    return version_after(rows, character.version)


def version_at_by_replay(services: Chronique, character: Character, moment: int) -> int | None:
    """:func:`version_at` by decoding the character's whole chain: for services without read
    models (and the benchmark's "before")."""
    version = None
    for stored in services.journal.recorder.select_events(character.id):
        event = services.journal.mapper.to_domain_event(stored)
        at = getattr(event, "at", None)
        if at is not None and at > moment:
            break
        version = stored.originator_version
    return version
