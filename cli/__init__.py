"""The command-line interface (Typer)."""
