"""Every game's rules for the verifier (FAIRNESS.md v2, rules re-derivation), with the decks'.

Standard library only: the standalone verifier carries this module and the modules it names.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from chronique.domain import deck_rules
from chronique.domain.rederivation import GameRules
from chronique.domain.rulesets.registry import PACKAGES, module

# Each game's verification module (stdlib-only), exporting ``RULES``, found from the registry.
GAMES = tuple(module(name, "verification") for name in PACKAGES)


@cache
def all_rules() -> GameRules:
    """The decks' rules and every game's: topics never collide, so one set serves any campaign."""
    rules = deck_rules.RULES
    for name in GAMES:
        rules = rules | import_module(name).RULES
    return rules
