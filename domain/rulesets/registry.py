"""The games Chronique plays: one line each, the game's name to its package.

Everything else about a game is found from its package by convention: its rules at
``chronique.domain.rulesets.<package>.ruleset`` (``RULESET``), its verification rules at
``chronique.domain.rulesets.<package>.verification`` (``RULES``), its commands at
``chronique.cli.<package>`` (``app``, mounted as ``chronique <name>``).

It imports nothing: the standalone verifier carries it (domain/referees.py).
"""

from __future__ import annotations

PACKAGES = {
    "cartes": "cartes",
    "elor": "elor",
    "microfudge": "microfudge",
    "western-parade": "westernparade",
}
"""Each game's name, as campaigns record it and the CLI mounts it, to its package's name."""

RULESETS = "chronique.domain.rulesets"


def module(name: str, part: str) -> str:
    """The module ``part`` (``ruleset``, ``verification``) of the game called ``name``."""
    return f"{RULESETS}.{PACKAGES[name]}.{part}"
