"""The verifier's rules for Elor's recorded choices and MicroFudge's conflict cards (issue 13), on
event objects as a bundle holds them: a recorded choice is the only one accepted, while events
recorded before the choices were kept still verify under any choice they may have followed."""

from __future__ import annotations

from typing import Any

from chronique.domain.fairness import FORMAT, FORMAT_V1
from chronique.domain.rederivation import GameRules, Table, check
from chronique.domain.rulesets.elor import verification as elor
from chronique.domain.rulesets.elor.events import DamageTaken, TestRolled
from chronique.domain.rulesets.elor.resolution import resolve
from chronique.domain.rulesets.microfudge import verification as microfudge
from chronique.domain.rulesets.microfudge.events import ConflictCardsDrawn


def _verdict(rules: GameRules, event: dict[str, Any], table: Table) -> str | None:
    """What the verifier says of ``event`` under its game's rule."""
    return check(rules.rederive[event["topic"]], event, table)


LEVEL, DICE = 4, [5, 9]  # §Catégories de tests d'action: discarding the 9 brings the 5 to 4, a degree


def _test_rolled(outcome: dict[str, Any], **choices: Any) -> dict[str, Any]:
    return {
        "topic": "chronique.domain.rulesets.elor.events:TestRolled",
        "terms": {"faculty": LEVEL},
        "spec": {"effort": 1},
        "outcome": outcome,
        "chance": [{"op": "d", "sides": 10, "value": v} for v in DICE],
        **choices,
    }


def test_the_recorded_discard_choice_is_the_only_one_accepted_Categories_de_tests_d_action() -> None:
    kept, raw = resolve(LEVEL, 1, DICE, True).to_dict(), resolve(LEVEL, 1, DICE, False).to_dict()
    assert kept != raw and kept["degrees"] == 1
    assert _verdict(elor.RULES, _test_rolled(kept, discards=True, fine=False), Table()) is None
    assert _verdict(elor.RULES, _test_rolled(raw, discards=False, fine=False), Table()) is None
    why = _verdict(elor.RULES, _test_rolled(raw, discards=True, fine=False), Table())
    assert why is not None and why.startswith("field outcome:")


def test_a_test_recorded_before_the_choices_were_kept_accepts_either_choice() -> None:
    # Journals of the last chronique-fair-v1 release did not keep the player's choices.
    for discards in (True, False):
        assert _verdict(elor.RULES, _test_rolled(resolve(LEVEL, 1, DICE, discards).to_dict()), Table(fair=FORMAT_V1)) is None


def test_a_test_of_a_v2_epoch_without_its_choices_is_refused_naming_the_missing_field() -> None:
    # Every event of a chronique-fair-v2 epoch records them: one stripped of them is a forgery
    # that would otherwise be read as an old event and accepted under any choice.
    for epoch in (Table(fair=FORMAT), Table()):
        why = _verdict(elor.RULES, _test_rolled(resolve(LEVEL, 1, DICE, True).to_dict()), epoch)
        assert why == "field discards: it is not recorded, and every event of a chronique-fair-v2 epoch records it"


def test_stored_events_of_earlier_versions_read_their_choices_as_unknown() -> None:
    rolled: dict[str, Any] = {}
    TestRolled.upcast_stored(rolled)
    blow: dict[str, Any] = {}
    DamageTaken.upcast_stored(blow)
    drawn: dict[str, Any] = {}
    ConflictCardsDrawn.upcast_stored(drawn)
    assert (rolled["discards"], rolled["fine"], blow["ranged"], drawn["declared"]) == (None, None, None, None)


HARVEY_ID = "00000000-0000-0000-0000-000000000001"


def _cards_drawn(successes: int) -> dict[str, Any]:
    """A draw recorded before the side's declaration was kept: the cards alone are checkable."""
    return {
        "topic": "chronique.domain.rulesets.microfudge.events:ConflictCardsDrawn",
        "originator_id": HARVEY_ID,
        "sequence": 1,
        "draw": 1,
        "used_rank": 3,
        "penalty": 0,
        "modifiers": {},
        "pool": 3,
        "declared": None,
        "attack": {"Jim": {"cards": ["2C", "3C"], "successes": successes}},
        "defence": {"cards": ["4C"], "successes": 1, "extra": {}, "robustesse": 0},
        "armour": {"cards": [], "successes": 0, "era": "modern"},
        "banked": 0,
    }


def _table() -> Table:
    table = Table(fair=FORMAT_V1)  # a draw recorded by the last chronique-fair-v1 release
    table.state[("name", HARVEY_ID)] = "Harvey"
    table.hand_out("Harvey", ["2C", "3C", "4C"])
    return table


def test_an_earlier_draw_still_has_its_cards_checked_L307() -> None:
    # L307: 2C succeeds, 3C fails.
    assert _verdict(microfudge.RULES, _cards_drawn(1), _table()) is None
    why = _verdict(microfudge.RULES, _cards_drawn(2), _table())
    assert why is not None and why.startswith("field attack:")


def test_a_v2_draw_stripped_of_its_declaration_is_refused_naming_it() -> None:
    table = _table()
    table.fair = FORMAT
    assert _verdict(microfudge.RULES, _cards_drawn(1), table) == (
        "field declared: it is not recorded, and every event of a chronique-fair-v2 epoch records it"
    )
