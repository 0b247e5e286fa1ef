"""A game's campaign settings as data (issue 15): each option a rulebook leaves to the GM, with
the values it may take, its default and the rulebook's words. Each game's package declares its
own in ``settings.py`` (``SETTINGS``); the ruleset hands them out through ``settings_schema()``.
Pure: standard library only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.names import find
from chronique.domain.text import fold

# The words a GM types for a yes-or-no option, and how one reads back.
_SWITCH = {"on": True, "off": False, "yes": True, "no": False, "true": True, "false": False}


@dataclass(frozen=True)
class Choice:
    """One value a setting may take, as recorded (``value``) and in words (``words``)."""

    value: Any
    words: str


@dataclass(frozen=True)
class Setting:
    """A campaign setting: ``key`` as typed and recorded, ``title`` in words, the ``choices`` it
    may take (a switch's are off and on), its ``default``, and ``rulebook``: one line of what the
    rulebook says, with its section."""

    key: str
    title: str
    choices: tuple[Choice, ...]
    default: Any
    rulebook: str

    def parse(self, typed: str) -> Any:
        """The value ``typed`` names: one of the choices, by its value or its words, without case or
        accents ("Hollywood", "on"); RuleViolation with the closest choices otherwise."""
        spellings: list[tuple[str, Any]] = []
        for choice in self.choices:
            spellings += [(str(choice.value).lower(), choice.value), (choice.words, choice.value)]
            if isinstance(choice.value, bool):
                spellings += [(word, choice.value) for word, meaning in _SWITCH.items() if meaning is choice.value]
        # A refusal lists what to type (ruling TB8): "one of 0, 1, 2, 3", not the values' words.
        return find(typed, spellings, f"{self.key} value", label=self.typed)

    def shown(self, value: Any) -> str:
        """``value`` in words (its choice's words; the value itself if the setting never offered it)."""
        return next((c.words for c in self.choices if c.value == value and type(c.value) is type(value)), str(value))

    def offered(self, choice: Choice) -> str:
        """A choice as ``campaign settings`` lists it: what to type, then its words when they say
        more than that ("graduated: a month, then ..."; "on", not "on: on")."""
        typed = self.typed(choice.value)
        return typed if fold(choice.words) == fold(typed) else f"{typed}: {choice.words}"

    def typed(self, value: Any) -> str:
        """``value`` as a GM types it: ``on``/``off`` for a switch, else the recorded value."""
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)


def switch(key: str, title: str, default: bool, rulebook: str, on: str = "on", off: str = "off") -> Setting:
    """A yes-or-no setting, ``on`` and ``off`` read in the words given."""
    return Setting(key, title, (Choice(False, off), Choice(True, on)), default, rulebook)


def setting_named(schema: tuple[Setting, ...], key: str, game: str) -> Setting:
    """The setting ``key`` of a game's ``schema``, found as names are (did you mean...)."""
    if not schema:
        raise RuleViolation(f"{game} offers no campaign setting")
    return find(key, [(s.key, s) for s in schema] + [(s.title, s) for s in schema], "setting", where=game, label=lambda s: s.key)
