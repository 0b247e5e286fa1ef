"""A sheet's pydantic validation errors as the players' list of problems (issue 14): every field
that failed, and every problem a field's validator found (they come one per line, see
:func:`chronique.domain.errors.field_problems`), each prefixed with where it is on the sheet."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, ValidationInfo, field_validator

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


def _holds_a_truth_value(value: Any) -> bool:
    # The value itself, or the entries of a table of numbers; a nested part of the sheet is a
    # SheetModel of its own and checks its own fields.
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list | tuple):
        return any(isinstance(v, bool) for v in value)
    return isinstance(value, bool)


class SheetModel(BaseModel):
    """The base of every part of a game's sheet: frozen, no unknown field, text trimmed, and no
    true/false where the sheet asks for a number (pydantic would read ``pile_max = true`` as 1)."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    @field_validator("*", mode="before")
    @classmethod
    def _no_truth_value_for_a_number(cls, value: Any, info: ValidationInfo) -> Any:
        field = cls.model_fields.get(info.field_name or "")
        if field is not None and "bool" not in str(field.annotation) and _holds_a_truth_value(value):
            raise ValueError("true or false where the sheet asks for a number or a word")
        return value
