"""``chronique export``: sheets and session reports to hand to players."""

from __future__ import annotations

from pathlib import Path

import typer

from chronique.cli import bounds
from chronique.cli.context import run

app = typer.Typer(help="Export a sheet or a session report (Markdown, HTML, JSON).", no_args_is_help=True)

OUTPUT = typer.Option(None, "-o", "--output", callback=bounds.output_file, help="Write to this file instead of the terminal.")


def _emit(text: str, output: Path | None) -> None:
    if output is None:
        typer.echo(text)
        return
    bounds.write_output(output, text)
    typer.echo(f"wrote {output}")


@app.command("sheet")
def sheet(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    character: str = typer.Argument(..., help="Character name."),
    fmt: str = typer.Option("md", "--format", help="md, html or json."),
    output: Path = OUTPUT,
    gm: bool = typer.Option(False, "--gm", help="The GM's view: a face-down pile's cards in full."),
) -> None:
    """A character's current sheet (a face-down pile counted, not shown, unless --gm)."""
    from chronique.adapters import exports

    _emit(run(ctx, lambda s: exports.sheet(s, campaign, character, fmt, gm)), output)


@app.command("session")
def session(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    number: int = typer.Argument(..., callback=bounds.looked_up, help="The session's number."),
    fmt: str = typer.Option("md", "--format", help="md or html."),
    output: Path = OUTPUT,
) -> None:
    """A session report: its recaps, the seal that closed it, then every event in words, each roll
    with its odds (wounds and experience among them), voided ones struck through."""
    from chronique.adapters import exports

    _emit(run(ctx, lambda s: exports.session(s, campaign, number, fmt)), output)


@app.command("campaign")
def campaign_report(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    output: Path = OUTPUT,
) -> None:
    """The campaign report: one self-contained HTML page with its sessions, seals and luck plots."""
    from chronique.adapters.report import campaign_report as report

    _emit(run(ctx, lambda s: report(s, campaign)), output)
