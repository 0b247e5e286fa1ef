"""What a verdict says of the values it compares (FAIRNESS.md v2, "Rules re-derivation"; ruling
FP4, whose scalars read as before): a list or a record in words, never JSON's brackets and braces,
and a long value cut as every line the project prints is cut (``domain/text.py`` ``shortened``)."""

from __future__ import annotations

from chronique.domain.rederivation import differs
from chronique.domain.text import shortened


def test_a_list_of_another_length_reads_as_its_items_in_words() -> None:
    assert differs({"cards": ["KC", "8D"]}, {"cards": ["KC"]}) == 'field cards: records "KC" and "8D", the rules give "KC"'
    assert differs({"cards": ["KC", "8D", "2H"]}, {"cards": []}) == 'field cards: records "KC", "8D" and "2H", the rules give no items'


def test_a_record_one_side_lacks_reads_as_its_fields_in_words() -> None:
    assert differs({"outcome": None}, {"outcome": {"level": 1, "success": True, "cards": ["KC"]}}) == (
        'field outcome: records none, the rules give level 1, success true, cards "KC"'
    )
    assert differs({"outcome": {"a": {"b": 2}}}, {"outcome": {"a": [{"b": 2}, {"b": 3}]}}) == (
        "field outcome: at a, records b 2, the rules give (b 2) and (b 3)"
    )


def test_a_long_value_is_cut_as_every_line_is_cut() -> None:
    cards = [f"card{i}" for i in range(100)]
    verdict = differs({"cards": cards}, {"cards": []})
    assert verdict is not None
    recorded = verdict.removeprefix("field cards: records ").removesuffix(", the rules give no items")
    assert recorded == shortened(", ".join(f'"{card}"' for card in cards[:-1]) + f' and "{cards[-1]}"', 160)
    assert recorded.endswith("…") and len(recorded) == 160 and "..." not in verdict


def test_a_control_character_in_a_forged_value_is_shown_escaped() -> None:
    assert differs({"name": "A\x1b[2J"}, {"name": "A"}) == 'field name: records "A\\x1b[2J", the rules give "A"'
