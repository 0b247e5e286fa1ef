"""The one matcher every name lookup goes through (domain/names.py, issue 15): folded names,
an exact spelling first, ambiguity refused, suggestions and short listings."""

from __future__ import annotations

import pytest

from chronique.domain.errors import RuleViolation
from chronique.domain.names import find

PARTY = [("Alice", "a"), ("Céleste", "c"), ("Bruno", "b")]


def test_a_name_is_found_without_case_accents_or_spacing() -> None:
    assert [find(typed, PARTY, "character") for typed in ("alice", "CELESTE", " Bruno ")] == ["a", "c", "b"]
    assert find("left arm", [("left-arm", 1)], "location") == 1


def test_several_spellings_of_one_thing_are_one_thing() -> None:
    chest = object()
    assert find("poitrine", [("chest", chest), ("Poitrine", chest)], "location") is chest


def test_two_things_folding_alike_are_ambiguous_unless_one_is_typed_exactly() -> None:
    choices = [("Céleste", "accented"), ("Celeste", "plain")]
    with pytest.raises(RuleViolation) as refused:
        find("CELESTE", choices, "character", where="Verdelune")
    assert str(refused.value) == "“CELESTE” could be more than one character in Verdelune: Céleste or Celeste; type it exactly as written"
    assert (find("Céleste", choices, "character"), find("Celeste", choices, "character")) == ("accented", "plain")


def test_an_unknown_name_suggests_the_close_ones_or_lists_a_short_choice() -> None:
    with pytest.raises(RuleViolation, match=r"^no character “Alise” in Verdelune \(did you mean Alice\?\)$"):
        find("Alise", PARTY, "character", where="Verdelune")
    with pytest.raises(RuleViolation, match=r"^no character “Zorro” \(one of Alice, Céleste, Bruno\)$"):
        find("Zorro", PARTY, "character")
    many = [(f"name{i:02}", i) for i in range(30)]
    with pytest.raises(RuleViolation, match=r"^no thing “zzz”$"):
        find("zzz", many, "thing")


def test_a_label_names_things_in_messages() -> None:
    activities = [({"id": 1, "kind": "hunting"}), ({"id": 2, "kind": "hunting"})]
    choices = [(spelling, a) for a in activities for spelling in (str(a["id"]), a["kind"])]
    with pytest.raises(RuleViolation, match=r"could be more than one activity: hunting \(1\) or hunting \(2\)"):
        find("hunting", choices, "activity", label=lambda a: f"{a['kind']} ({a['id']})")
    assert find("2", choices, "activity") is activities[1]
