"""``chronique log`` and ``chronique sheet``: reading the journal, now or as it was."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from chronique.cli import bounds, render
from chronique.cli.context import run
from chronique.domain.text import plural, quoted

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique
    from chronique.domain.campaign import Campaign


def register(app: typer.Typer) -> None:
    """Add the reading commands to the app."""

    @app.command("log")
    def log(
        ctx: typer.Context,
        campaign: str = typer.Argument(..., help="Campaign name or id."),
        as_json: bool = typer.Option(False, "--json", help="Output the canonical events as JSON."),
        gm: bool = typer.Option(False, "--gm", help="The GM's view: face-down cards and hidden draws in full."),
        character: list[str] = typer.Option([], "--character", help="Only this character's events and those that name them (repeatable)."),
        session: int = typer.Option(None, "--session", callback=bounds.looked_up, help="Only the events of this session."),
        kind: list[str] = typer.Option(
            [],
            "--kind",
            help=(
                # The example is a kind of every game's log (ruling EB30): "test made" is Cartes' alone.
                # What to type in backticks, the column's name as read in typographic quotes (EB51).
                "Only events of this kind, as the log's “What” column words it (`time advanced`) or as one word "
                "(`TimeAdvanced`), in any case (repeatable); a kind the campaign's game does not have is refused, naming its kinds."
            ),
        ),
        since: str = typer.Option(None, "--from", callback=bounds.game_date, help="From this in-game date."),
        until: str = typer.Option(None, "--to", callback=bounds.game_date, help="Up to this in-game date."),
        limit: int = typer.Option(None, "--limit", callback=bounds.LOG_PAGE, help="At most this many events (a page)."),
        page: int = typer.Option(None, "--page", callback=bounds.LOG_PAGE, help="Which page of --limit events (default: the first)."),
        tail: int = typer.Option(
            None, "--tail", callback=bounds.LOG_PAGE, help="Show only this many events, the last ones (after the filters)."
        ),
        newest_first: bool = typer.Option(False, "--newest-first", help="The newest events first (pages then count from the newest)."),
    ) -> None:
        """Show the campaign's event log, oldest first, paged and filtered; face-down events stay
        hidden from players."""
        from chronique.adapters.services import LogPage

        if tail is not None and limit is not None:
            raise render.usage("give `--tail` or `--limit`, not both")
        if tail is not None and page is not None:
            raise render.usage("give `--tail` or `--page`, not both: `--tail` shows the last events, `--page` a page of `--limit`")
        if page is not None and limit is None:
            # Ruling TB21: a page counts --limit events; without it --page was dropped unsaid and
            # the whole log shown as though it were that page.
            raise render.usage(f"`--page {page}` counts pages of `--limit` events: give `--limit` too")

        def show(s: Chronique) -> None:
            calendar = s.calendar(s.campaign(campaign))
            start, end = (calendar.parse(since) if since else None), (calendar.parse(until) if until else None)
            if start is not None and end is not None and start > end:
                raise render.usage(f"`--from` {calendar.format(start)} is after `--to` {calendar.format(end)}: no moment is in both")
            asked = LogPage(
                characters=tuple(character),
                session=session,
                kinds=kinds_asked(s.campaign(campaign), kind),
                since=start,
                until=end,
                offset=(page - 1) * limit if page and limit else 0,
                # The last events are the first ones newest first, shown back in order.
                limit=limit if tail is None else tail,
                newest_first=newest_first or tail is not None,
                gm=gm,
            )
            entries = s.page_log(campaign, asked)
            found = s.log_count(campaign, asked) if not entries and page and page > 1 and not as_json else 0
            if found:
                # Ruling TB21: the entries asked for exist, on earlier pages; "no entry" said none did.
                # Ruling EB52: the last of them named as it is typed, in backticks (EB35).
                name = s.campaign(campaign).name
                a_page = plural(limit, "entry", "entries")
                last = -(-found // limit)
                typer.echo(f"{name}: page {page:,} is past the end of the log asked for ({a_page} a page): the last is `--page {last}`")
                return
            if tail is not None and not newest_first:
                entries = entries[::-1]
            render.log(s, campaign, entries, as_json, gm)
            if entries and asked.limit is not None and not as_json:
                left_out = pages_said(s.log_count(campaign, asked), asked.limit, page or 1, tail is not None)
                if left_out:
                    typer.echo(left_out)

        run(ctx, show)

    @app.command("sheet")
    def sheet(
        ctx: typer.Context,
        campaign: str = typer.Argument(..., help="Campaign name or id."),
        name: str = typer.Argument(..., help="Character name."),
        as_of: str = typer.Option(
            None, "--as-of", help="A session number (its end), an in-game date (a day alone: its end) or an event (<id>:<version>)."
        ),
        as_json: bool = typer.Option(False, "--json", help="Output JSON."),
        gm: bool = typer.Option(False, "--gm", help="The GM's view: a face-down pile's cards in full."),
    ) -> None:
        """Show a character's sheet, now or as it was at a session's end or an in-game date (blood,
        healing, drink and training as they stood at that very moment)."""
        from chronique.adapters.history import as_of_words, sheet_as_of

        def show(s: Chronique) -> None:
            world, character = sheet_as_of(s, campaign, name, as_of, gm)
            render.sheet(world, character, as_json, gm, as_of_words(world.campaign, as_of))

        run(ctx, show)


def pages_said(total: int, size: int, page: int, tail: bool) -> str:
    """What a page of ``size`` events of a log asked for that holds ``total`` leaves out, and how
    to read the rest, as the web log says it (ruling EB45): "page 1 of 3, 20 events a page (47 in
    all): `--page 2` shows the next", "the last 5 of 47 events"; nothing when the page is all."""
    if total <= size:
        return ""
    if tail:
        return f"the last {size:,} of {total:,} events"
    pages = -(-total // size)
    # "1 event a page", never "1 events" (ruling EB50).
    said = f"page {page:,} of {pages:,}, {plural(size, 'event')} a page ({total:,} in all)"
    return f"{said}: `--page {page + 1}` shows the next" if page < pages else said


def kinds_of(game: str) -> dict[str, str]:
    """The kinds of event a campaign of ``game`` may log, by the one word the log read model files
    them under (their class's name, ``TestMade``), each with the words the log shows ("test
    made"): the spine's events and the game's own, as their describe tables list them; a
    command's mark is never in the log (ruling UN1)."""
    from chronique.domain.rulesets.words import SPINE, kind_words

    names = [_kind_name(topic) for topic in [*SPINE, *_game_topics(game)] if not topic.endswith(".CommandRecorded")]
    return {name: kind_words(name) for name in dict.fromkeys(names)}


def _kind_name(topic: str) -> str:
    """The one word an event's topic is filed under in the log: its class's own name."""
    return topic.rsplit(":", 1)[-1].rsplit(".", 1)[-1]


def _game_topics(game: str) -> list[str]:
    """The topics of ``game``'s own events, as its describe table lists them."""
    from importlib import import_module

    from chronique.domain.rulesets.registry import module

    return list(import_module(module(game, "describe")).WORDS)


def kinds_asked(campaign: Campaign, typed: list[str]) -> tuple[str, ...]:
    """The kinds ``log --kind`` asks for, each as the log read model files it: typed as the log
    words it ("test made") or as one word (TestMade), in any case. A kind the campaign's game
    does not have is refused in one line naming a few it has: the close ones, else its own."""
    from chronique.domain.errors import RuleViolation
    from chronique.domain.rulesets import ruleset

    known = kinds_of(campaign.ruleset)
    by_key = {_kind_key(spelling): name for name, words in known.items() for spelling in (name, words)}
    found: list[str] = []
    for asked in typed:
        name = by_key.get(_kind_key(asked))
        if name is None:
            where = f"no kind {quoted(asked)} in the log of {campaign.name} ({ruleset(campaign.ruleset).title})"
            raise RuleViolation(f"{where}: {_kinds_offered(asked, known, campaign.ruleset)}")
        if name not in found:
            found.append(name)
    return tuple(found)


_OFFERED = 6  # kinds named when none is close: what a line holds


def _kind_key(text: str) -> str:
    """A kind as typed, for comparing: accents, case, spaces and separators dropped."""
    import re

    from chronique.domain.text import fold

    return re.sub(r"[^0-9a-z]", "", fold(text))


def _kinds_offered(asked: str, known: dict[str, str], game: str) -> str:
    """The kinds to name back for a kind ``asked`` that ``game`` does not have: close spellings,
    or kinds sharing a word with it ("TestMade" in Elor: test rolled), else the game's own first."""
    import difflib

    from chronique.domain.names import spoken
    from chronique.domain.rulesets.words import kind_words

    keys = {_kind_key(name): words for name, words in known.items()}
    close = [keys[k] for k in difflib.get_close_matches(_kind_key(asked), list(keys), n=3, cutoff=0.6)]
    typed_words = set(kind_words(asked.replace(" ", "_")).replace("_", " ").lower().split())
    sharing = [words for words in known.values() if typed_words & set(words.split())]
    offered = list(dict.fromkeys([*close, *sharing]))[:4]
    if offered:
        return f"did you mean {spoken(offered)}?"
    own_names = {_kind_name(topic) for topic in _game_topics(game)}
    own = [words for name, words in known.items() if name in own_names]
    more = len(known) - _OFFERED
    return f"its kinds include {', '.join(own[:_OFFERED])} and {more} more (`log` shows each entry's kind)"


def register_luck(app: typer.Typer) -> None:
    """Add the luck statistics command to the app."""

    @app.command("luck")
    def luck(
        ctx: typer.Context,
        campaign: str = typer.Argument(..., help="Campaign name or id."),
        by: str = typer.Option("character", "--by", help="player, character, session, kind (of roll) or campaign."),
        as_json: bool = typer.Option(False, "--json", help="Output JSON."),
    ) -> None:
        """Luck: of the rolls and draws each game counts against a target, the successes observed
        against those expected from their exact odds, with the uncertainty; a secret roll counts
        once revealed.

        Not counted: damage, hit locations and other amounts; the hazards the world rolls against a
        character. In Cartes every test, survival, consciousness and Médecine draw counts as its
        cards fell, before a support's card or a hand card replaced one; after a first card chosen
        face up from the hand (every resource and recovery draw), only the cards still to draw
        count; a draw no card could change is none (ruling C97)."""
        from chronique.domain.rulesets import ruleset

        run(ctx, lambda s: render.luck(s.luck(campaign, by), by, as_json, ruleset(s.campaign(campaign).ruleset).luck_counts))
