"""Text as players type it: French names with or without accents, in any case."""

from __future__ import annotations

import re
import unicodedata
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from chronique.domain.errors import RuleViolation


@lru_cache(maxsize=4096)  # the same few hundred names are looked up on every tick of an advance
def fold(text: str) -> str:
    """``text`` folded for lookups: accents dropped, lower case, runs of spaces/_ as ``-``.

    "Très facile", "tres_facile" and "TRES-FACILE" all fold to ``tres-facile``; every name
    lookup of a ruleset goes through this.
    """
    decomposed = unicodedata.normalize("NFKD", text.strip())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()
    return re.sub(r"[\s_\-]+", "-", bare).strip("-")


# Names and reasons are read back on terminals and in exports (issue 18): a name is a line a
# player reads at a glance, a reason a sentence or two. Past these lengths it is an accident or an attack.
NAME_LIMIT = 80
TEXT_LIMIT = 500
# The marks that reorder what is shown (right-to-left overrides and isolates): a name holding one
# can show as another.
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def unprintable(text: str) -> str | None:
    """The first character of ``text`` that a terminal or a page would not show as itself (a
    control character: C0, DEL, C1; a line or paragraph separator; a bidirectional override), or
    None. Spaces are printable; tabs and line breaks are not, in a name or a reason."""
    for char in text:
        if char.isprintable() or char == " ":
            continue
        if unicodedata.category(char) in ("Cc", "Zl", "Zp") or char in _BIDI_CONTROLS:
            return char
    return None


def recordable(text: str, what: str, limit: int = TEXT_LIMIT) -> str:
    """``text`` as it may be recorded: printable characters only and at most ``limit`` of them;
    a RuleViolation naming ``what`` otherwise. Spaces around it are dropped after the check, so
    a control character that Python counts as white space (a file separator, NEL) is refused too."""
    bad = unprintable(text)
    if bad is not None:
        raise RuleViolation(f"{what} may hold only printable characters, not {character_in_words(bad)}")
    text = text.strip()
    length = seen_length(text)
    if length > limit:
        raise RuleViolation(f"{what} is {length:,} characters long; at most {limit} are allowed")
    return text


def seen_length(text: str) -> int:
    """How many characters a reader sees in ``text`` (ruling EB21): counted composed (Unicode's
    NFC), so that "É" typed as E and a combining accent (as some keyboards and pastes give it)
    counts one, as it shows, not two. A mark that composes with nothing still counts: a name
    piled with a thousand of them is not one character long."""
    return len(text) if text.isascii() else len(unicodedata.normalize("NFC", text))


def recordable_name(text: str, what: str = "a name") -> str:
    """A name as it may be recorded (see :func:`recordable`), which is never empty and holds no
    invisible character (a zero-width space or joiner, a soft hyphen: Unicode's format
    characters), with which it would read exactly as another name and be taken for it."""
    name = recordable(text, what, NAME_LIMIT)
    if not name:
        raise RuleViolation(f"{what} cannot be empty")
    invisible = next((char for char in name if unicodedata.category(char) == "Cf"), None)
    if invisible is not None:
        shown = f"U+{ord(invisible):04X} ({unicodedata.name(invisible, 'a format character').lower()})"
        raise RuleViolation(f"{what} may not hold the invisible character {shown}: it would read as another name")
    return name


# The characters a person knows by a name (ruling EB22): a refusal says "not a tab", never '\t',
# which only a programmer reads; white space typed alone is said as what it is ("a line break"),
# never between quotation marks that show nothing ("“”"). Any other character a refusal names is
# said in words too, with its Unicode number to find it by in an editor (ruling EB27).
_NAMED = {
    "\n": ("a line break", "line breaks"),
    "\t": ("a tab", "tabs"),
    "\r": ("a carriage return", "carriage returns"),
    " ": ("a space", "spaces"),
}


# The control characters that have a name people may have met (ruling EB27); the others are
# said as "a control character", their Unicode number telling them apart.
_CONTROLS = {
    "\x00": "a null character",
    "\x07": "a bell character",
    "\x08": "a backspace",
    "\x0b": "a vertical tab",
    "\x0c": "a form feed",
    "\x1b": "an escape character",
    "\x7f": "a delete character",
    "\x85": "a next-line character",
}


def character_in_words(char: str) -> str:
    """One character a refusal names, in words (rulings EB22, EB27): "a line break", "a tab",
    "a carriage return", "a space"; any other control or invisible character by what it is and
    its Unicode number, as an editor finds it: "an escape character (U+001B)", "a control
    character (U+0001)", "a right-to-left override (U+202E)", "half of a character pair, which
    is no character alone (U+DCE9)"; a printable one between quotation marks ("“<”"). Never
    Python's code ('\\x1b'), which only a programmer reads."""
    named = _NAMED.get(char)
    if named is not None:
        return named[0]
    if char.isprintable():
        return quoted(char)
    category = unicodedata.category(char)
    if char in _CONTROLS:
        words = _CONTROLS[char]
    elif category == "Cc":
        words = "a control character"
    elif category == "Cs":
        words = "half of a character pair, which is no character alone"
    else:
        name = unicodedata.name(char, "invisible character").lower()
        words = f"{'an' if name[0] in 'aeiou' else 'a'} {name}"
    return f"{words} (U+{ord(char):04X})"


def blank_in_words(text: str) -> str | None:
    """What ``text`` is, in words, when it holds white space only (ruling EB22): "a line break",
    "2 tabs", "3 spaces", "4 characters of white space" (mixed); None when it is empty or holds
    anything else."""
    if not text or text.strip():
        return None
    named = _NAMED.get(text[0])
    if named is not None and text == text[0] * len(text):
        return named[0] if len(text) == 1 else f"{len(text):,} {named[1]}"
    return f"{plural(len(text), 'character')} of white space"


# What a terminal acts on rather than shows, in text written out: C0 and C1 controls and DEL (ESC
# starts the sequences that clear a screen or retitle a window), line and paragraph separators and
# the bidirectional marks; line breaks and tabs are the writer's own and stay.
_ACTED_ON = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029" + "".join(sorted(_BIDI_CONTROLS)) + "]")


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def inert(text: str) -> str:
    """``text`` with every character a terminal or a page would act on shown escaped instead
    (ESC as ``\\x1b``); line breaks and tabs kept."""
    return _ACTED_ON.sub(_escaped, text)


def unprintable_in(data: Any, at: str = "") -> tuple[str, str] | None:
    """The first place in ``data`` (a sheet as read: tables, lists, text) whose name or text holds
    a character a terminal or a page would act on (:func:`unprintable`; line breaks and tabs are
    the writer's own in text, not in names), as (dotted path, character); None when all is
    printable. A skill named with ESC or a right-to-left override would reach every export."""
    if isinstance(data, dict):
        for key, value in data.items():
            where = f"{at}.{key}" if at else str(key)
            bad = unprintable(str(key))
            found = (where, bad) if bad is not None else unprintable_in(value, where)
            if found is not None:
                return found
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found = unprintable_in(value, f"{at}[{i}]")
            if found is not None:
                return found
    elif isinstance(data, str):
        bad = unprintable(data.replace("\n", "").replace("\t", ""))
        if bad is not None:
            return at, bad
    return None


def shortened(text: str, limit: int) -> str:
    """``text`` as a refusal or a line repeats it: whole when it holds at most ``limit``
    characters, else its first ``limit - 1`` and "…", which says the rest was cut. What was typed
    or pasted may be a page long (ruling EB3); every place that echoes it cuts it alike."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(typed: object, limit: int = NAME_LIMIT) -> str:
    """What was typed, as every refusal and page repeats it (ruling EB19): between typographic
    quotation marks (“…”), stripped, a character a terminal or a page would act on escaped
    (:func:`inert`, EB4) and a line break too, so the refusal stays one line, and cut as every
    refusal cuts a name (EB3); never Python's own quoting ('x', "l'Épée", a doubled
    backslash), which is data, not words. White space typed alone is said in words ("a line
    break", "3 spaces": ruling EB22), never as "“”", which reads as nothing typed."""
    blank = blank_in_words(str(typed))
    if blank is not None:
        return blank
    shown = inert(str(typed).strip()).replace("\n", "\\n").replace("\t", "\\t")
    return f"“{shortened(shown, limit)}”"


PROGRAM: ContextVar[str] = ContextVar("chronique_program", default="chronique")
"""What a command line begins with where the command now running was typed: ``chronique`` on the
command line; nothing in ``chronique shell``, whose lines go without it (cli/shell.py sets it
for each line; rulings SL7, EB44, SL13)."""


def to_type(words: str) -> str:
    """The command ``words`` as a refusal or a hint tells a person to type it, in backticks
    (ruling EB35), as lines are typed where this one was: "`chronique log`" on the command line,
    "`log`" in the shell (:data:`PROGRAM`, ruling SL13). Every message naming a command to type
    goes through it, so that none tells a GM at the table to type `chronique` there."""
    program = PROGRAM.get()
    return f"`{program} {words}`" if program else f"`{words}`"


def is_count(text: str) -> bool:
    """Whether ``text`` is a whole number a journal can store, written in ASCII digits: never
    "²" or "٣", which ``str.isdigit`` accepts and ``int`` refuses, nor a thousand digits."""
    return text.isascii() and text.isdigit() and len(text) <= 18


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and the word, in the plural when it is not one; thousands grouped ("11,700
    cartridges")."""
    return f"{count:,} {word if count == 1 else many or word + 's'}"


def ordinal(number: int) -> str:
    """A position as players write it: "1st", "2nd", "3rd", "11th", "22nd"."""
    tens = number % 100
    suffix = "th" if 10 <= tens <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number:,}{suffix}"
