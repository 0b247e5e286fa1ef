"""Luck per player (issue 7): characters are assigned to players, and draws are counted per player."""

from __future__ import annotations

import pytest
from support import wounded_party

from chronique.adapters.services import Chronique
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test


def test_luck_is_counted_per_player_across_the_characters_they_play(services: Chronique) -> None:
    name = wounded_party(services)
    services.start_session(name)
    for who in ("Alice", "Bruno", "Bruno"):
        services.act(name, lambda w, who=who: make_test(w, who, TestRequest("Contact", source="deck")))
    per_character = services.luck(name, "character")
    before = services.luck(name, "player")
    assert set(before) == {"Alice (no player assigned)", "Bruno (no player assigned)"}
    services.assign_player(name, "Alice", "Marie")
    services.assign_player(name, "Bruno", "  Marie ")  # one player may play several characters
    after = services.luck(name, "player")
    assert list(after) == ["Marie"]
    assert after["Marie"].draws == per_character["Alice"].draws + per_character["Bruno"].draws
    assert after["Marie"].expected == per_character["Alice"].expected + per_character["Bruno"].expected
    services.assign_player(name, "Bruno", "Paul")  # a later assignment replaces the first
    assert set(services.luck(name, "player")) == {"Marie", "Paul"}


def test_a_player_needs_a_name_and_a_character(services: Chronique) -> None:
    name = wounded_party(services)
    with pytest.raises(RuleViolation, match="cannot be empty"):
        services.assign_player(name, "Alice", "   ")
    with pytest.raises(RuleViolation):
        services.assign_player(name, "Nobody", "Marie")
