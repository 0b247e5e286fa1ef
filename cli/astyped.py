"""A Rich table whose cells given as text are shown as typed (a module of its own, imported when
a table is drawn: a command that draws none never imports Rich)."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text


class AsTypedTable(Table):
    """Rich's table, reading no text cell as markup or emoji codes: a name or a reason with
    square brackets or colons is shown as the player typed it (a character named "Alice [/bold]"
    broke the log), and a page of the log skips parsing every cell for markup."""

    def add_row(self, *cells: Any, **options: Any) -> None:
        """Rich's ``add_row``, each ``str`` cell as plain text."""
        super().add_row(*(Text(cell) if isinstance(cell, str) else cell for cell in cells), **options)
