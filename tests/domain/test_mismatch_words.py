"""What a verdict says when a recorded outcome is not what the rules give (FAIRNESS.md v2, "Rules
re-derivation": compared field by field): the part that differs and both values as JSON, not a
whole outcome cut short in Python's notation, which hid the one value a player disputes."""

from __future__ import annotations

from chronique.domain.rederivation import differs

OUTCOME = {"cards": ["KC", "8D"], "drawn": ["KC", "8D"], "level": -1, "retained": None, "substituted": [], "success": True, "target": 9}


def test_a_flipped_success_is_named_down_to_its_key_with_json_values() -> None:
    recorded = {"outcome": OUTCOME}
    given = {"outcome": {**OUTCOME, "success": False}}
    assert differs(recorded, given) == "field outcome: at success, records true, the rules give false"


def test_a_changed_card_of_a_shuffle_is_named_by_its_place() -> None:
    recorded = {"chance": [{"op": "shuffle", "result": ["A♣", "2♣", "3♣"]}]}
    given = {"chance": [{"op": "shuffle", "result": ["A♣", "3♣", "3♣"]}]}
    assert differs(recorded, given) == 'field chance: at [0].result[1], records "2♣", the rules give "3♣"'


def test_a_missing_part_reads_nothing_and_equal_fields_give_no_verdict() -> None:
    assert differs({"outcome": {"level": 1}}, {"outcome": {"level": 1, "quality": 8}}) == (
        "field outcome: at quality, records nothing, the rules give 8"
    )
    assert differs({"final": 3}, {"final": 4}) == "field final: records 3, the rules give 4"
    assert differs({"outcome": OUTCOME}, {"outcome": dict(OUTCOME)}) is None
