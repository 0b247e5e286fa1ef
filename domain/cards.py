"""Playing cards as FAIRNESS.md writes them: ``<rank><suit>``, fresh packs in a fixed order."""

from __future__ import annotations

import json

from chronique.domain.text import quoted

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def shown(card: str) -> str:
    """A card as people read it, with its suit symbol: "10♥"."""
    return card[:-1] + SYMBOLS.get(card[-1], card[-1])


def shown_all(cards: list[str]) -> str:
    """Cards as people read them, e.g. "10♥ Q♠" (a dash for none)."""
    return " ".join(map(shown, cards)) or "—"


def card_words(value: object) -> str:
    """What a record holds in a card's place, as people read it: a card with its suit symbol
    ("10♥"); anything else a forged record may put there (a number, null, a list, a string that
    names no card) as its compact JSON text (``7``, ``null``, ``["AS"]``, ``"XX"``). The browser's
    verifier (web/static/verify/core.js ``cardWords``) writes the very same words."""
    if isinstance(value, str) and is_card(value):
        return shown(value)
    return _json(value)


def cards_words(values: object) -> str:
    """A record's cards in a verdict's words: "A♠ 9♥", "nothing" for none; a record that is not a
    list of cards at all reads as its JSON text (``"AS"``, ``5``), never as the cards it spells."""
    if isinstance(values, list | tuple):
        return " ".join(map(card_words, values)) or "nothing"
    return _json(values)


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str)


def fresh_packs(packs: int, ranks: tuple[str, ...] = RANKS) -> list[str]:
    """``packs`` fresh packs before shuffling: per pack, per suit C D H S, ranks in order."""
    return [f"{rank}{suit}" for _ in range(packs) for suit in SUITS for rank in ranks]


def is_card(text: str) -> bool:
    """Whether ``text`` names a card such as ``10H`` or ``QS``."""
    return len(text) >= 2 and text[:-1] in RANKS and text[-1] in SUITS


def value(card: str) -> int:
    """The card's value: A = 1, 2-10 face value, J = 11, Q = 12, K = 13."""
    return RANKS.index(card[:-1]) + 1


def suit(card: str) -> str:
    """The card's suit letter (C, D, H or S)."""
    return card[-1]


def normalise(text: str) -> str:
    """A card typed by a person (``10h``, ``qs``, ``1C``, or as sheets and logs show it: ``6♥``,
    ``A♠``) in canonical form; ValueError if none."""
    cleaned = text.strip().upper()
    cleaned = cleaned[:-1] + _LETTERS.get(cleaned[-1:], cleaned[-1:])
    if cleaned[:-1] == "1":
        cleaned = "A" + cleaned[-1]
    if not is_card(cleaned):
        raise ValueError(f"{quoted(text)} is not a card (write e.g. `7H`, `10S`, `QD`, `AC`, or `7♥`)")
    return cleaned


# The suits as sheets and logs show them (and their outlined forms), read back as letters.
_LETTERS = {symbol: letter for letter, symbol in SYMBOLS.items()} | {"♧": "C", "♢": "D", "♡": "H", "♤": "S"}
