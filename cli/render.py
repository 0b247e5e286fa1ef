"""All rendering in one place: Rich tables for people, JSON for scripts."""

from __future__ import annotations

import json
from functools import cache
from itertools import groupby
from typing import TYPE_CHECKING, Any

import typer

from chronique.cli.context import fail
from chronique.domain.cards import shown as card
from chronique.domain.cards import shown_all as cards
from chronique.domain.rulesets.words import effects_of_time

# Rich and the exports are imported where a command renders, not when the CLI starts
# (``chronique --help`` must start in well under 0.3 s, issue 9).
if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import Console
    from rich.table import Table

    from chronique.adapters.explain import Explanation
    from chronique.adapters.services import Advanced, Chronique, LogEntry
    from chronique.domain.campaign import Campaign
    from chronique.domain.character import Character
    from chronique.domain.fairness import Report
    from chronique.domain.luck import Tally
    from chronique.domain.rulesets.cartes.combat import AttackResult, Contest
    from chronique.domain.rulesets.cartes.resolution import TestOutcome
    from chronique.domain.world import World


def console() -> Console:
    """A console as wide as the terminal it writes to (Rich measures it; 80 columns, or
    ``COLUMNS``, when the output is not a terminal): a table wraps its cells to fit (issue 15)."""
    return _quiet_on_a_closed_pipe()(highlight=False)


@cache
def _quiet_on_a_closed_pipe() -> type[Console]:
    """Rich's console, but a closed output ends the command at the CLI's boundary, as any other
    write to it does (cli/boundary.py, exit 141), where Rich's own would exit 1, the status of an
    environment that failed before anything was recorded."""
    from rich.console import Console

    class Quiet(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError

    return Quiet


def plain() -> bool:
    """Whether tables are drawn in plain ASCII: when the output is not a terminal (a pipe, a file)
    or the global ``--ascii`` asks for it (issue 15)."""
    import sys

    from typer._click.globals import get_current_context

    ctx = get_current_context(silent=True)
    asked = ctx is not None and bool(ctx.find_root().params.get("ascii_only"))
    return asked or not sys.stdout.isatty()


def new_table(*columns: str) -> Table:
    """A Rich table with these column headers, its text cells shown as typed (``AsTypedTable``):
    box drawing on a terminal, ASCII rules otherwise."""
    from rich import box

    from chronique.cli.astyped import AsTypedTable

    table = AsTypedTable(*columns, box=box.ASCII if plain() else box.HEAVY_HEAD)
    for column in table.columns:
        # A narrow terminal folds a long word (an id, a hash) onto the next line, never cuts it.
        column.overflow = "fold"
    return table


def usage(message: str) -> typer.Exit:
    """A usage error: one line, exit 2."""
    return fail(message)


def emit_plain(data: Any) -> None:
    """Print ``data`` as JSON after the fairness module's plain conversion (frozen outcomes,
    tuples and ids become JSON values), keys sorted."""
    from chronique.domain.fairness import plain

    typer.echo(json.dumps(plain(data), ensure_ascii=False, indent=2, sort_keys=True))


def emit_json(data: Any) -> None:
    """Print ``data`` as JSON (ids, dates and exact fractions as strings)."""
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True, default=str))


# -- campaigns and sessions ----------------------------------------------------------------------


def campaign_created(campaign: Campaign) -> None:
    """Confirm a new campaign and show its first commitment."""
    from chronique.domain.rulesets import ruleset
    from chronique.domain.rulesets.words import epoch_name

    first = campaign.epochs[campaign.epoch]["commitment"]
    typer.echo(f"campaign {campaign.name} created ({ruleset(campaign.ruleset).title}, id {campaign.id})")
    typer.echo(f"commitment of the dice of {epoch_name(campaign.epoch)}: {first}")


def campaigns_json(services: Chronique, items: list[Campaign]) -> None:
    """The list of campaigns as JSON (``campaign list`` draws its own table)."""
    rows = [
        {
            "id": str(c.id),
            "name": c.name,
            "ruleset": c.ruleset,
            "sessions": c.session,
            "in_session": c.in_session,
            "clock": services.calendar(c).format(c.clock),
        }
        for c in items
    ]
    emit_json(rows)


def campaign_json(services: Chronique, world: World, states: dict[str, str]) -> None:
    """One campaign as JSON: clock, sessions, epochs, members with each one's state (``states``,
    by name) and seals (``campaign show`` says it in words itself)."""
    c = world.campaign
    data = {
        "id": str(c.id),
        "name": c.name,
        "ruleset": c.ruleset,
        "clock": c.clock,
        "date": services.calendar(c).format(c.clock),
        "session": c.session,
        "in_session": c.in_session,
        "epoch": c.epoch,
        "epochs": c.epochs,
        "characters": [ch.name for ch in world.characters.values()],
        "states": [{"name": name, "state": state} for name, state in states.items()],
        "seals": [{"session": s["session"], "boundary": s["boundary"], "seal": s["seal"]} for s in c.seals],
        "settings": c.settings,
    }
    emit_json(data)


def session_started(c: Campaign) -> None:
    """Confirm a session start: the revealed seed, and the receipt players keep."""
    typer.echo(f"session {c.session} of {c.name} started")
    _revealed(c, f"downtime-{c.session - 1}")
    _receipt(c)


def session_ended(c: Campaign, said: Sequence[str] = ()) -> None:
    """Confirm a session end: what the game did at it (``said``, MicroFudge's end-of-session
    Atouts, ruling M160), the revealed seed, and the receipt players keep."""
    typer.echo(f"session {c.session} of {c.name} ended")
    for line in said:
        typer.echo(line)
    _revealed(c, f"session-{c.session}")
    _receipt(c)


def _revealed(c: Campaign, epoch: str) -> None:
    from chronique.domain.rulesets.words import epoch_name

    typer.echo(f"the dice of {epoch_name(epoch)} revealed, seed: {c.epochs[epoch]['seed']}")


def _receipt(c: Campaign) -> None:
    # FAIRNESS.md v2: the seal covers the commitment just made; players keep both, and
    # `chronique verify --seal ... --commitment ...` later proves the journal still extends them.
    from chronique.domain.rulesets.words import epoch_name

    typer.echo(f"receipt to keep — seal: {c.seals[-1]['seal']}")
    typer.echo(f"commitment of the dice of {epoch_name(c.epoch)}: {c.epochs[c.epoch]['commitment']}")


# -- play ----------------------------------------------------------------------------------------


class Drawn:
    """A Cartes test as the command recorded it: the skill by its sheet's name, what the target
    adds up from (describe.made_of: empty when the sheet alone gave it) and the cards it played
    from the hand or a support (describe.played, the log's words). A plain class: as a named tuple
    it cost the start of every command that renders 0.2 ms."""

    __slots__ = ("made_of", "played", "skill")

    def __init__(self, skill: str, made_of: str, played: str = "") -> None:
        self.skill = skill
        self.made_of = made_of
        self.played = played


def describe_test(outcome: TestOutcome, made_of: str = "", played: str = "") -> str:
    """One line: the target (with what it adds up from, ``made_of``), the level asked and the
    level its first card's suit left, cards, verdict, quality, and the cards it played from the
    hand or a support (``played``, in the log's words)."""
    verdict = "success" if outcome.success else "failure"
    from chronique.domain.rulesets.cartes.describe import quality as quality_words

    quality = f", {quality_words(outcome.to_dict())}" if outcome.success else ""
    from chronique.domain.rulesets.cartes.resolution import difficulty_name

    def named(level: int) -> str:
        return f"{level:+d}" + (f" {difficulty_name(level)}" if difficulty_name(level) else "")

    # §Bonus de couleur L322-324: a ♣ first card, or a ♦ first from the pile on a short-circuit,
    # changes the level asked; say both, so the player sees what they asked for.
    level = named(outcome.level)
    if outcome.level != outcome.level_asked:
        level = f"asked {named(outcome.level_asked)}, {card(outcome.first)[-1]} → {level}"
    return f"target {outcome.target}{made_of}, {level}: {cards(list(outcome.cards))} → {verdict}{quality}{played}"


def test_outcome(name: str, drawn: Drawn, outcome: TestOutcome) -> None:
    """The result of one test, as the log words it."""
    typer.echo(f"{name} draws {drawn.skill}: {describe_test(outcome, drawn.made_of, drawn.played)}")


def wound(name: str, damage: int, result: dict[str, Any]) -> None:
    """The effect of a Cartes wound, in the log's words."""
    from chronique.domain.rulesets.cartes.describe import struck

    typer.echo(struck(name, damage, result))


def attack(attacker: str, defender: str, result: AttackResult, drawn: tuple[Drawn, Drawn | None], dealt: str) -> None:
    """An opposed attack's draws (``drawn``: as each side's test was recorded) and its consequence:
    the damage ``dealt`` as the log says it, by whose weapon (ruling C124; nothing when none),
    then the wound."""
    contest(attacker, defender, result.exchange, drawn)
    if dealt:
        typer.echo(dealt)
    if result.wound is not None and result.wounded is not None:
        wound(result.wounded, result.damage, result.wound)
    else:
        typer.echo("no damage")


STANCES = {"out of combat": "is out of combat and cannot draw: takes it in full", "ignores": "ignores it and does not draw"}


def contest(first: str, second: str, exchange: Contest, drawn: tuple[Drawn, Drawn | None]) -> None:
    """Both draws of an opposition (``drawn``: as each side's test was recorded; None for a side
    that made none) and its winner, with what it won by in the log's words (ruling C132: its
    results, tie-breaks, net and what came off it)."""
    from chronique.domain.rulesets.cartes.describe import compared

    # Each side with what it drew on (Discrétion against Vigilance, or Sens one level harder).
    mine, theirs = drawn
    typer.echo(f"{first} ({mine.skill}): {describe_test(exchange.first, mine.made_of, mine.played)}")
    if exchange.second is not None and theirs is not None:
        typer.echo(f"{second} ({theirs.skill}): {describe_test(exchange.second, theirs.made_of, theirs.played)}")
    else:
        typer.echo(f"{second} {STANCES[exchange.stance]}")
    names = {"attacker": first, "defender": second}
    winner = names.get(exchange.opposition.winner or "")
    won_by = compared(exchange.opposition.to_dict(), exchange.second is not None)
    # §Réussites ou échecs L312-313: with no winner, both failed, or the one side that drew did
    # (ruling C138: "both" read of a side out of combat, or ignoring it, that drew nothing).
    failed = "both fail" if exchange.second is not None else f"{first} fails"
    typer.echo(f"{winner} wins, {won_by}" if winner else f"{failed}: nothing happens")


def advanced(services: Chronique, campaign_name: str, advanced: Advanced) -> None:
    """The report of an advance."""
    from chronique.domain.gametime import duration_words, spanning

    label = spanning(services.calendar(services.campaign(campaign_name)), advanced.from_time, advanced.to_time)
    # FAIRNESS.md v2: a dry run's dice come from a throwaway key, so it must never read as a forecast;
    # one that drew nothing is what the real advance will do (ruling TB22).
    simulated = (
        "SIMULATED with throwaway dice (dry run, nothing recorded; the real draws will differ): would advance"
        if advanced.drew
        else "dry run, nothing recorded, nothing left to chance: would advance"
    )
    verb = "advanced" if advanced.recorded else simulated

    span = duration_words(advanced.to_time - advanced.from_time)
    typer.echo(f"{verb} {span} from {label(advanced.from_time)} to {label(advanced.to_time)}: {effects_of_time(len(advanced.ticks))}")
    # A run of ticks that say the same thing (a malus retried every minute) reads as one line.
    for account, run in groupby(advanced.ticks, key=lambda tick: tick.account):
        ticks = list(run)
        first, last = ticks[0].due.at, ticks[-1].due.at
        span = label(first) + (f" … {label(last)}" if last != first else "")
        typer.echo(f"  {span}  {account}" + (f" (×{len(ticks)})" if len(ticks) > 1 else ""))
    if advanced.recounted is not None:
        # Ruling TB19: the pacing counts on from the clock the GM moved, as from a session's end.
        typer.echo(f"the pacing counts on from here: {advanced.recounted.pace()}, from {label(advanced.to_time)}")
    # Once, at the end: what no advance settles (a critical wound waiting for care, ruling M68).
    if advanced.waiting:
        waits = "still waiting" if advanced.recorded else "would still be waiting"
        typer.echo(f"{waits} at {label(advanced.to_time)}, which no advance settles:")
        for _, who, what in advanced.waiting:
            typer.echo(f"  {who}: {what}")


# -- journal -------------------------------------------------------------------------------------


def logged_event(event: Any, hidden: bool, voided: bool = False) -> dict[str, Any]:
    """One recorded event as ``log --json`` and a write's ``--json`` print it: its hash, whether
    it is face-down to players and voided, and the canonical event, of which a face-down one
    shows only its envelope until its epoch is revealed (FAIRNESS.md)."""
    from chronique.adapters.exports import ENVELOPE
    from chronique.domain.chain import canonical_event, event_hash

    shown = {k: v for k, v in canonical_event(event).items() if not hidden or k in ENVELOPE or k == "topic"}
    return {"hash": event_hash(event), "hidden": hidden, "voided": voided, "event": shown}


def log(services: Chronique, campaign_name: str, entries: list[LogEntry], as_json: bool, gm: bool = False) -> None:
    """The event log, from its read model; for players (the default), face-down events read
    "hidden" until revealed. ``--json`` shows the recorded events themselves, read for the page."""
    campaign = services.campaign(campaign_name)

    def hidden(entry: LogEntry) -> bool:
        return entry.face_down_to(campaign.is_revealed, gm)

    if as_json:
        emit_json([logged_event(e, hidden(x), x.correction is not None) for x, e in zip(entries, services.logged(entries), strict=True)])
        return
    if not entries:
        # A filter or a page that matches nothing says so, rather than print a table's empty frame.
        typer.echo(f"{campaign.name}: no entry of the log to show")
        return
    from rich.text import Text

    from chronique.domain.luck import odds_words
    from chronique.domain.rulesets.words import kind_words

    calendar = services.calendar(campaign)
    # Each roll with its odds, as the exports and the web journal give them; a face-down roll's
    # odds would tell what it was about, so they wait for its reveal too.
    odds = services.odds(campaign.name, (x.position for x in entries if not hidden(x)))
    table = new_table("Ref", "In game", "Who", "What", "Details")
    for x in entries:
        details = Text(x.words(campaign.is_revealed, gm))
        if chances := odds.get(x.position):
            details.append(f" ({odds_words(chances)})")
        if x.correction is not None:
            # A voided event stays in the log, struck through, with the correction that voided it.
            details.stylize("strike")
            details.append(f" — voided by {x.correction}: {x.reason}")
        table.add_row(
            f"{x.aggregate_id.replace('-', '')[:8]}:{x.version}",
            calendar.format(x.at) if x.at is not None else "",
            x.who,
            kind_words(x.kind),
            details,
        )
    console().print(table)


def ledger(services: Chronique, campaign: Campaign, rows: list[dict[str, Any]], as_json: bool) -> None:
    """The experience ledger; in words, where a game keeps its characters' growth when it keeps
    no ledger, and that none was recorded when the ledger is empty."""
    from chronique.domain.rulesets import ruleset

    calendar = services.calendar(campaign)
    if as_json:
        emit_json(rows)
        return
    game = ruleset(campaign.ruleset)
    if game.experience_elsewhere or not rows:
        typer.echo(game.experience_elsewhere or f"{campaign.name}: no experience has been awarded or spent yet")
        return
    # A balance that is not what a character holds is left out, and the game says why (ruling C81).
    balanced = game.experience_unbalanced is None
    table = new_table("In game", "Who", "Change", "Reason", *(["Balance"] if balanced else []))
    for r in rows:
        at = calendar.format(r["at"]) if r["at"] is not None else ""
        table.add_row(at, r["name"], f"{r['change']:+d}", r["reason"], *([str(r["balance"])] if balanced else []))
    console().print(table)
    if not balanced:
        typer.echo(game.experience_unbalanced)


def luck(tallies: dict[Any, Tally], by: str, as_json: bool, counted: str) -> None:
    """Observed against expected successes, with one standard deviation, and how unusual the gap
    is in words (the z-score and the verdict in ``--json``), ``counted`` the game's word for what
    its luck counts (``Ruleset.luck_counts``); under the table, why a row's rolls are too few to tell (ruling LK9)."""
    from chronique.domain.luck import TOO_FEW, TOO_FEW_WHY

    if as_json:
        emit_json(
            {
                str(k): {
                    "draws": t.draws,
                    "observed": t.observed,
                    "expected": str(t.expected),
                    "expected_float": round(float(t.expected), 3),
                    "sd": round(t.spread, 3),
                    "z": None if t.z is None else round(t.z, 2),
                    "verdict": t.verdict(),
                    "how_unusual": t.how_unusual(),
                }
                for k, t in tallies.items()
            }
        )
        return
    if not tallies:
        typer.echo("no roll left to chance yet")
        return
    # How unusual in words, never a bare z (ruling LK11): --json keeps the figure.
    table = new_table(by.capitalize(), counted.capitalize(), "Successes", "Expected ± 1 sd", "How unusual")
    for key, t in tallies.items():
        table.add_row(str(key), str(t.draws), str(t.observed), f"{float(t.expected):.1f} ± {t.spread:.1f}", t.how_unusual())
    out = console()
    out.print(table)
    if any(t.verdict() == TOO_FEW for t in tallies.values()):
        out.print(TOO_FEW_WHY, markup=False)  # folded to the output's width, as the table is


def verification(reports: dict[str, Report], as_json: bool) -> None:
    """What ``verify`` found, per campaign."""
    if as_json:
        emit_json(
            {
                name: {
                    "ok": r.ok,
                    "failure": r.failure,
                    "place": r.place,
                    "detail": r.detail,
                    "events": r.events,
                    "draws": r.draws,
                    # The events the check could not open, and those it read in full that the
                    # players' log shows face down until their epoch is revealed (ruling EB53).
                    "hidden": r.hidden,
                    "read_face_down": r.read_face_down,
                    "epochs_revealed": r.epochs_revealed,
                    "epochs_open": r.epochs_open,
                    "seals": r.seals,
                }
                for name, r in reports.items()
            }
        )
        return
    for name, report in reports.items():
        typer.echo(f"{name}: {report.summary()}")


def explanation(x: Explanation, as_json: bool) -> None:
    """One event explained for a player."""
    from chronique.domain.luck import odds_words

    if as_json:
        emit_json(
            {
                "ref": x.ref,
                "who": x.who,
                "what": x.what,
                "hidden": x.hidden,
                "voided_by": x.voided_by,
                "verifiable": x.verifiable,
                "rederived": x.rederived,
                "description": x.description,
                "event": {} if x.hidden else x.event,
                # A face-down event's cards wait for the reveal, as its account's lines do (ruling FP24).
                "cards": [] if x.hidden else [vars(o) for o in x.origins],
                # Ruling C144: each hand card a purchase paid, with the event that put it in the hand.
                "paid": [] if x.hidden else [vars(p) for p in x.paid],
                "dice": [{**used.op, "part": used.part} for used in x.dice],
                # Ruling LK10: the roll's odds in the log's words, and each roller's exact chance.
                "odds": odds_words(x.odds) if x.odds else None,
                "chances": [{"who": who, "chance": str(chance), "kind": what} for who, chance, what in x.odds],
            }
        )
        return
    from chronique.adapters.explain import account

    for line in account(x):
        typer.echo(line)


def notable(
    services: Chronique, campaign: Campaign, items: list[tuple[int, str, str]], as_json: bool, none: str = "nothing notable"
) -> None:
    """The notable outcomes of downtime (or the board's running processes), each at its date;
    ``none`` says what an empty list means."""
    calendar = services.calendar(campaign)
    if as_json:
        emit_json([{"at": at, "date": calendar.format(at), "who": who, "what": what} for at, who, what in items])
        return
    if not items:
        typer.echo(f"{campaign.name}: {none}")
    for at, who, what in items:
        typer.echo(f"{calendar.format(at)}  {who} {what}")


def board(services: Chronique, campaign: Campaign, items: list[tuple[int, str, str]], as_json: bool, none: str) -> None:
    """The downtime board as a table, "When | Who | What comes next": each process names what comes
    (a noun, "the daily infection roll of …"), which read as a sentence of its own would lack its
    verb; with ``as_json`` the same list as :func:`notable`. ``none`` says what an empty board means."""
    if as_json or not items:
        notable(services, campaign, items, as_json, none)
        return
    calendar = services.calendar(campaign)
    table = new_table("When", "Who", "What comes next")
    for at, who, what in items:
        table.add_row(calendar.format(at), who, what)
    console().print(table)


def sheet(world: World, character: Character, as_json: bool, gm: bool = False, moment: str = "") -> None:
    """A character's sheet and condition as its game's template lays them out (80 columns), its
    heading saying which past ``moment`` it shows; with ``as_json`` the stored sheet and condition
    and the figures its game derives from them."""
    from dataclasses import replace

    from chronique.adapters import sheets
    from chronique.domain.rulesets import ruleset

    rules = ruleset(world.campaign.ruleset)
    view = replace(sheets.view_of(rules, world, character, gm), moment=moment)
    if as_json:
        veil = character.veil()
        waits = {} if veil is None else veil.until() | {"notice": view.notice}
        emit_plain(
            {
                "name": character.name,
                "version": character.version,
                "sheet": character.sheet,
                "condition": view.condition or character.condition,
            }
            | dict(view.figures)
            | waits
        )
        return
    typer.echo(sheets.sheet(view, rules.name, rules.title, "txt"), nl=False)


# -- --json on every command (cli/jsonout.py) ------------------------------------------------------


def outcome(services: Chronique, result: Any, campaign_name: str | None) -> Any:
    """A use case's result made plain for a write's ``--json``: an aggregate by what names and
    places it, an advance by its span and ticks in the campaign's calendar, a frozen outcome (a
    test, an attack, a wound) by its fields; what JSON lacks as text."""
    import dataclasses

    from chronique.adapters.services import Advanced
    from chronique.domain.campaign import Campaign
    from chronique.domain.character import Character
    from chronique.domain.gametime import format_duration, spanning

    if isinstance(result, Campaign):
        calendar = services.calendar(result)
        return {"campaign": result.name, "id": str(result.id), "ruleset": result.ruleset, "date": calendar.format(result.clock)}
    if isinstance(result, Character):
        return {"character": result.name, "id": str(result.id), "version": result.version}
    if isinstance(result, Advanced) and campaign_name is not None:
        label = spanning(services.calendar(services.campaign(campaign_name)), result.from_time, result.to_time)
        return {
            "recorded": result.recorded,
            "from": label(result.from_time),
            "to": label(result.to_time),
            "span": format_duration(result.to_time - result.from_time),
            "ticks": [{"at": label(tick.due.at), "what": tick.account} for tick in result.ticks],
            # What no advance settles, as the text report ends with it (rulings M68, M71).
            "waiting": [{"who": who, "what": what} for _, who, what in result.waiting],
            # Ruling TB19: the pacing counting on from the clock moved by hand, in words.
            "pacing": None if result.recounted is None else f"{result.recounted.pace()}, from {label(result.to_time)}",
        }
    if callable(getattr(result, "to_json", None)):
        # A result with a JSON form of its own (an undo's Undone) is shown as it.
        return outcome(services, result.to_json(), campaign_name)
    if dataclasses.is_dataclass(result) and not isinstance(result, type):
        return outcome(services, {f.name: getattr(result, f.name) for f in dataclasses.fields(result)}, campaign_name)
    if isinstance(result, dict):
        return {str(k): outcome(services, v, campaign_name) for k, v in result.items()}
    if isinstance(result, (list, tuple, set, frozenset)):
        return [outcome(services, v, campaign_name) for v in result]
    if result is None or isinstance(result, (bool, int, str)):
        return result
    return str(result)


def written(path: tuple[str, ...], campaign: str | None, recorded: list[Any], outcomes: list[Any], text: str) -> None:
    """The one shape every command without a read model of its own prints with ``--json``: the
    command, its campaign, each event it recorded as ``log --json`` prints it, the last result
    of its use cases made plain, and the words it prints without ``--json``."""
    names = {c.name for c, _ in recorded}
    # As players read the log (no --gm): a face-down event shows its envelope until revealed.
    shown = [logged_event(e, getattr(e, "sealed_until", None) is not None and not c.is_revealed(e.sealed_until)) for c, e in recorded]
    emit_json(
        {
            "command": " ".join(path),
            "campaign": campaign if campaign is not None or len(names) != 1 else next(iter(names)),
            "recorded": shown,
            "outcome": next((o for o in reversed(outcomes) if o is not None), None),
            "text": text.splitlines(),
        }
    )
