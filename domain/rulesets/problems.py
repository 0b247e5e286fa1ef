"""A sheet's pydantic validation errors as the players' list of problems (issue 14): every field
that failed, and every problem a field's validator found (they come one per line, see
:func:`chronique.domain.errors.field_problems`), each prefixed with where it is on the sheet."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, ValidationInfo, field_validator

from chronique.domain.text import quoted

_PYDANTIC_PREFIXES = ("Value error, ", "Assertion failed, ")


def validation_problems(error: ValidationError, lead: str = "") -> list[str]:
    """``"<lead><field.path>: <message>"`` for each problem, or ``"sheet: <message>"`` for one
    that belongs to no field: a validator's own words, else pydantic's said in the players'
    (:func:`_in_words`)."""
    problems: list[str] = []
    for detail in error.errors(include_url=False):
        where = ".".join(str(part) for part in detail.get("loc", ()))
        message = _in_words(detail)
        place = f"{lead}{where}" if where else "sheet"
        problems += [f"{place}: {line}" for line in message.splitlines() if line.strip()]
    return problems


# What a value of a sheet should be, by pydantic's error type: pydantic says it in a programmer's
# words ("Input should be a valid integer", "Field required", "Extra inputs are not permitted").
_SHOULD_BE = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "string_type": "text",
    "dict_type": "a table",
    "model_type": "a table",
    "model_attributes_type": "a table",
    "list_type": "a list",
    "tuple_type": "a list",
}
_BOUNDS = {
    "greater_than_equal": ("ge", "{} or more"),
    "greater_than": ("gt", "more than {}"),
    "less_than_equal": ("le", "{} or less"),
    "less_than": ("lt", "less than {}"),
}
_SHOWN = 40  # characters of a wrong value quoted back, at most


def _in_words(detail: Any) -> str:
    kind, context = str(detail.get("type", "")), detail.get("ctx") or {}
    if kind == "missing":
        return "missing: the sheet must give it"
    if kind == "extra_forbidden":
        return "not part of this game's sheet"
    if kind == "string_too_short" and context.get("min_length") == 1:
        return "blank: give it a name or a word"
    given = _given(detail.get("input"))
    if kind in _SHOULD_BE:
        return f"should be {_SHOULD_BE[kind]}, not {given}"
    if kind in _BOUNDS:
        key, words = _BOUNDS[kind]
        return f"should be {words.format(context.get(key))}, not {given}"
    if kind == "literal_error":
        # pydantic lists the choices in Python's quotes ("'beginner' or 'free'"): said as typed values
        choices = re.sub(r"'([^']*)'", r"“\1”", str(context.get("expected")))
        return f"should be {choices}, not {given}"
    message = str(detail.get("msg", "invalid"))
    for prefix in _PYDANTIC_PREFIXES:  # a validator's own words, as it wrote them
        message = message.removeprefix(prefix)
    return message


def _given(value: Any) -> str:
    """A wrong value as the sheet's author wrote it (ruling EB34): text in quotation marks as every
    refusal quotes what was typed (EB19), never Python's ``'yes'``. (A true or false never gets
    here: :meth:`SheetModel._no_truth_value_for_a_number` says it first.)"""
    if isinstance(value, str):
        return quoted(value, _SHOWN)
    shown = repr(value)
    return shown if len(shown) <= _SHOWN else shown[: _SHOWN - 1] + "…"


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
