"""A sheet's pydantic validation errors as the players' list of problems (issue 14): every field
that failed, and every problem a field's validator found (they come one per line, see
:func:`chronique.domain.errors.field_problems`), each prefixed with where it is on the sheet."""

from __future__ import annotations

from pydantic import ValidationError

_PYDANTIC_PREFIXES = ("Value error, ", "Assertion failed, ")


def validation_problems(error: ValidationError, lead: str = "") -> list[str]:
    """``"<lead><field.path>: <message>"`` for each problem, or ``"sheet: <message>"`` for one
    that belongs to no field."""
    problems: list[str] = []
    for detail in error.errors(include_url=False):
        where = ".".join(str(part) for part in detail.get("loc", ()))
        message = str(detail.get("msg", "invalid"))
        for prefix in _PYDANTIC_PREFIXES:
            message = message.removeprefix(prefix)
        place = f"{lead}{where}" if where else "sheet"
        problems += [f"{place}: {line}" for line in message.splitlines() if line.strip()]
    return problems
