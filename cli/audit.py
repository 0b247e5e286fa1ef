"""Fair play: ``verify``, ``seal check``, ``audit export|verifier|show`` and ``correct``."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from chronique.cli import bounds, render
from chronique.cli.context import run
from chronique.domain.text import plural, to_type

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique

app = typer.Typer(help="Audit bundles for players, the standalone verifier, and one draw explained.", no_args_is_help=True)
seal_app = typer.Typer(help="Seals: what each session's end sealed.", no_args_is_help=True)

GM = typer.Option(False, "--gm", help="The GM's view: events still face down are shown in full.")


def register(root: typer.Typer) -> None:
    """Add the fair-play commands to the app."""

    @root.command("verify")
    def verify(
        ctx: typer.Context,
        campaign: str = typer.Argument(None, help="Campaign name or id (default: every campaign)."),
        as_json: bool = typer.Option(False, "--json", help="Output JSON."),
        seal: list[str] = typer.Option(
            [], "--seal", callback=bounds.receipt, help="A seal a player kept from a receipt (repeatable): the journal must extend it."
        ),
        commitment: list[str] = typer.Option(
            [], "--commitment", callback=bounds.receipt, help="A commitment a player kept from a receipt (repeatable)."
        ),
    ) -> None:
        """Check every hash chain, seal, commitment, draw and what the rules made of it; exit 1 on the first failure."""
        from chronique.domain.verifier import Receipts

        receipts = Receipts(tuple(s.strip().lower() for s in seal), tuple(c.strip().lower() for c in commitment))

        def check(services: Chronique) -> bool:
            if campaign:
                reports = {campaign: services.audit.verify(campaign, receipts)}
            else:
                # Each campaign verified by its id, and named as `verify <name>` names it.
                ids = [str(c) for c in services.audit.campaign_ids()]
                if receipts and len(ids) > 1:
                    # A receipt is one campaign's: every other one would be said to have been rewritten (ruling FP18).
                    raise render.usage(
                        f"a kept seal or commitment is one campaign's, and this journal holds {plural(len(ids), 'campaign')}: "
                        f"name it ({to_type('verify CAMPAIGN --seal …')})"
                    )
                reports = {_named(services, c, ids): services.audit.verify(c, receipts) for c in ids}
            if not reports and not as_json:
                kept = ", so none extends the kept receipts" if receipts else ": there is nothing to verify"
                typer.echo(f"this journal holds no campaign{kept}")
            render.verification(reports, as_json)
            return all(r.ok for r in reports.values()) and bool(reports or not receipts)

        if not run(ctx, check):
            raise typer.Exit(1)

    @root.command("correct")
    def correct(
        ctx: typer.Context,
        event: str = typer.Argument(..., help="The event to void, as `chronique log` names it (<id>:<version>)."),
        reason: str = typer.Option(..., "--reason", help="Why it is voided: kept in the log."),
    ) -> None:
        """Void an event of a character or of the campaign (a clock advance, a pacing, a setting)
        with a correction event; sheets and the clock honour it, the original stays in the log."""
        from chronique.adapters.explain import locate, short_ref
        from chronique.adapters.undo import correct as void_event

        def void(services: Chronique) -> tuple[str, str]:
            place = locate(services.audit, event)
            name = void_event(services, str(place.campaign_id), place.member, place.version, reason)
            # The event as the log names it, whatever prefix of its id was typed (ruling UN13).
            return short_ref(f"{place.member}:{place.version}"), name

        ref, name = run(ctx, void)
        typer.echo(f"voided event {ref} of {name}: {reason}")

    @seal_app.command("check")
    def seal_check(
        ctx: typer.Context,
        campaign: str = typer.Argument(..., help="Campaign name or id."),
        seal: str = typer.Argument(..., callback=bounds.receipt, help="The seal a player kept (printed at a session's end)."),
    ) -> None:
        """Say whether the journal still extends a seal a player kept (exit 1 if it does not)."""
        holds, why = run(ctx, lambda s: s.audit.seal_check(campaign, seal))
        typer.echo(("yes: " if holds else "NO: ") + why)
        if not holds:
            raise typer.Exit(1)

    @app.command("export")
    def export(
        ctx: typer.Context,
        campaign: str = typer.Argument(..., help="Campaign name or id."),
        output: Path = typer.Option(..., "-o", "--output", callback=bounds.output_file, help="Where to write the bundle (JSON)."),
        gm: bool = GM,
    ) -> None:
        """Write the campaign's audit bundle (FAIRNESS.md) for players to verify offline."""
        bundle = run(ctx, lambda s: s.audit.bundle(campaign, for_players=not gm))
        bounds.write_output(output, json.dumps(bundle, ensure_ascii=False, indent=1))
        typer.echo(f"wrote {output}: {plural(len(bundle['events']), 'event')}, {plural(len(bundle['seals']), 'seal')}")
        # How a player checks it, the bundle named as it was written (ruling EB48).
        typer.echo(
            f"to check it offline: {to_type(f'audit verifier -o {VERIFIER}')} writes the verifier, "
            f"then `python {VERIFIER} {shlex.quote(str(output))}`"
        )

    @app.command("verifier")
    def verifier(
        output: Path = typer.Option(
            ..., "-o", "--output", callback=bounds.output_file, help="Where to write the verifier (a .pyz zip application)."
        ),
    ) -> None:
        """Write the standalone verifier: a zip application with every game's rules, run by a bare
        Python with no packages: `python verify.pyz bundle.json [--seal HEX] [--commitment HEX]`."""
        from chronique.adapters.verifier_app import build

        build(output)
        # The verifier named as it was written, and the bundle as what `audit export` writes
        # (ruling EB48): it read "run `python v.pyz bundle.json`", a file name alone and a bundle
        # no one had made.
        typer.echo(
            f"wrote {output}, the standalone verifier: `python {shlex.quote(str(output))} {BUNDLE}` checks the bundle "
            f"{to_type(f'audit export CAMPAIGN -o {BUNDLE}')} writes"
        )

    @app.command("show")
    def show(
        ctx: typer.Context,
        event: str = typer.Argument(..., help="The event, as `chronique log` names it (<id>:<version>)."),
        gm: bool = GM,
        as_json: bool = typer.Option(False, "--json", help="Output JSON."),
    ) -> None:
        """Explain one draw: who, why, sheet values and modifiers, epoch, every card, verifiable or not."""
        from chronique.adapters.explain import explain

        run(ctx, lambda s: render.explanation(explain(s.audit, event, for_players=not gm), as_json))


VERIFIER = "verify.pyz"
"""The verifier's file as ``audit export``'s hint names it (README: ``audit verifier -o verify.pyz``)."""
BUNDLE = "BUNDLE.json"
"""The bundle as ``audit verifier``'s hint names it: a placeholder, in capitals as an argument's."""


def _named(services: Chronique, campaign_id: str, ids: list[str]) -> str:
    """A campaign's name for ``verify``'s report, as its creation recorded it: read off the stored
    event itself, so that a journal too damaged to load still names what it verifies; its id when
    even that is unreadable, or when the name would stand for two campaigns of the report."""
    from uuid import UUID

    try:
        created = services.audit.campaign_events(UUID(campaign_id))[0]
        name = created["name"]
    except Exception:  # noqa: BLE001 - verify itself says what is wrong with the stored events
        return campaign_id
    if not isinstance(name, str) or not name.strip() or name in ids:
        return campaign_id
    return name
