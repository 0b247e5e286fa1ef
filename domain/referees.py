"""Every game's rules for the verifier (FAIRNESS.md v2, rules re-derivation), with the decks'.

Standard library only: the standalone verifier carries this module and the modules it names.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from chronique.domain import deck_rules
from chronique.domain.rederivation import GameRules

# One line per game: its verification module (stdlib-only), exporting ``RULES``.
GAMES = (
    "chronique.domain.rulesets.cartes.verification",
    "chronique.domain.rulesets.elor.verification",
    "chronique.domain.rulesets.microfudge.verification",
    "chronique.domain.rulesets.westernparade.verification",
)


@cache
def all_rules() -> GameRules:
    """The decks' rules and every game's: topics never collide, so one set serves any campaign."""
    rules = deck_rules.RULES
    for name in GAMES:
        rules = rules | import_module(name).RULES
    return rules
