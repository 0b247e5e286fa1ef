"""The one contract every ruleset honours (DESIGN.md, Rulesets): what the spine calls on it."""

from __future__ import annotations

import pytest

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets import KNOWN, ruleset

CALLED_BY_THE_SPINE = ("default_settings", "new_character", "start_session", "end_session", "notable", "processes", "for_players")


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_every_ruleset_answers_what_the_spine_asks(name: str) -> None:
    rules = ruleset(name)
    assert rules.name == name and isinstance(rules.gregorian, bool)
    assert all(callable(getattr(rules, method, None)) for method in CALLED_BY_THE_SPINE)
    assert isinstance(rules.default_settings(), dict)
    assert rules.notable(object()) is None  # an event it does not know is not news
    assert rules.for_players({"wounds": []})["wounds"] == []  # what is not face down stays readable
    with pytest.raises(RuleViolation):
        rules.new_character({"name": ""})


def test_an_unknown_ruleset_is_a_one_line_error_naming_the_four_games() -> None:
    with pytest.raises(RuleViolation, match="unknown ruleset 'poker' \\(choose one of cartes, elor, microfudge, western-parade\\)"):
        ruleset("poker")
