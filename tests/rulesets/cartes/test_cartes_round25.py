"""Cartes, round 25: what the last review left. An opposition's comparison reads in one wording, the
log's and the table's alike (ruling C132); ``audit show`` finds the draws an opposition settles by
the verifier's own rule (ruling C133); a death is worded from the cause its event keeps, not read
back from text (ruling C134); a survival retry that lowers nothing says the malus stays (ruling
C135); a healer's Médecine draw no card can meet is settled a failure without a card drawn (ruling
C136). The command-line tests run the real app on a real journal (real services with scripted
seeds); the unit tests stack the deck (tests/cartes_table.py). Seed:
shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from cartes_cli import NAME, served
from cartes_table import BRIGAND, describe, downtime, table, wounded
from support import run
from test_cartes_playtest_round14 import HAND, REST, _contact_7

from chronique.adapters.explain import _settles
from chronique.cli import render
from chronique.domain.gametime import DAY, HOUR, MINUTE
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.advancement import arrange_care
from chronique.domain.rulesets.cartes.combat import attack, suffer_wound
from chronique.domain.rulesets.cartes.describe import compared
from chronique.domain.rulesets.cartes.draws import TestRequest
from chronique.domain.rulesets.cartes.verification import settled_by
from chronique.domain.timeline import advance
from chronique.domain.world import World

# -- 1. one wording of an opposition's comparison (§Réussites ou échecs L309-313; C132) -----------


def _table_line(result: Any, capsys: pytest.CaptureFixture[str]) -> list[str]:
    drawn = (render.Drawn("Contact", ""), render.Drawn("Contact", ""))
    render.contest("Alice", "Brigand", result.exchange, drawn)
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(
    ("stack", "won_by"),
    [
        # Alice's A♠ on a power draw is 1 + 3 = 4, the Brigand's parry 6♥ is 6: L311, the loser's
        # success card (1, not its ♠ bonus, ruling C12) comes off the winner's 6.
        (["AS", *REST, "6H"], "6 against 4, net 5 (6 less 1, the loser's success card)"),
        # Alice's 3♠ (3 + 3) ties the 6♥: one card each from the general deck (A18), hers first;
        # the Brigand's 9♦ over her 4♦ reads first, as the winner's result does.
        (["3S", *REST, "6H", "4D", "9D"], "6 against 6, tie-break 9♦ against 4♦, net 3 (6 less 3, the loser's success card)"),
    ],
)
def test_the_log_and_the_table_say_what_an_opposition_was_won_by_in_one_wording_Reussites_ou_echecs_L311_ruling_C132(
    stack: list[str], won_by: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # The table read "6 against 4, 6 less 1 (the loser's success card): Brigand wins, net 5" where
    # the log read "lost to Brigand, 4 against 6, net 5 (6 less 1, the loser's success card)".
    world = table([*HAND, *stack], sheets=[_contact_7(), BRIGAND])
    result = attack(world, "Alice", "Brigand", TestRequest("Contact"), TestRequest("Contact"), 0, "moyenne")
    settled = world.recorded_last("Alice", ev.OppositionSettled)
    assert compared(settled.opposition, both_drew=True) == won_by
    lines = _table_line(result, capsys)
    # Any tie-break is said in the verdict's line, once, not on a line of its own as well.
    assert lines[2:] == [f"Brigand wins, {won_by}"]
    assert describe(settled).startswith(f"opposed draw against Brigand: lost to Brigand, {won_by}; ")


def test_a_side_that_did_not_draw_reads_the_net_alone_in_both_Reussites_ou_echecs_L312_ruling_C132(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The Brigand ignores Alice's blow (L271): her draw is one level easier, A♠ then A♥, and keeps
    # the ♠'s 1 + 3 (ruling C31); he takes it in full, and both say "net 4" alone.
    world = table([*HAND, "AS", *REST, "AH"], sheets=[_contact_7(), BRIGAND])
    result = attack(world, "Alice", "Brigand", TestRequest("Contact"), TestRequest("Contact"), 0, "moyenne", ignored=True)
    settled = world.recorded_last("Alice", ev.OppositionSettled)
    assert _table_line(result, capsys)[1:] == ["Brigand ignores it and does not draw", "Alice wins, net 4"]
    assert describe(settled).startswith("opposed draw against Brigand, who does not draw: won, net 4; ")


# -- 2. audit show finds an opposition's draws by the verifier's rule (§Réussites L305-313; C133) --

OPPOSITION = "chronique.domain.rulesets.cartes.events:OppositionSettled"
TEST = "chronique.domain.rulesets.cartes.events:TestMade"
NAMES = {"a1": "Alice", "b2": "Brigand"}


def _latest(**topics: str) -> dict[str, tuple[str, dict[str, Any]]]:
    return {member: (f"{member}:4", {"topic": topic, "originator_id": member}) for member, topic in topics.items()}


def _opposition(opponent: str, stance: str = "draws") -> dict[str, Any]:
    return {"topic": OPPOSITION, "originator_id": "a1", "opponent": opponent, "opponent_stance": stance}


def test_audit_show_names_the_draws_the_verifier_settles_an_opposition_from_Reussites_ou_echecs_L305_L313_ruling_C133() -> None:
    latest = _latest(a1=TEST, b2=TEST)
    last = {member: event for member, (_, event) in latest.items()}
    # The verifier finds the opponent as play does, by name whatever the case and spacing, or by
    # id; the copy `audit show` kept matched the name's case only, and named no draw for these.
    for opponent in ("Brigand", " brigand ", "b2"):
        event = _opposition(opponent)
        assert settled_by(event, last.get, NAMES.items()) == (last["a1"], "b2", last["b2"])
        assert _settles(event, NAMES, latest) == [("Alice", "a1:4"), ("Brigand", "b2:4")]
    # An opponent who did not draw (L271, §KO ou OK L361), or whose event just before is no test,
    # settles nothing of theirs; nor does any event but an opposition.
    assert _settles(_opposition("Brigand", "ignores"), NAMES, latest) == [("Alice", "a1:4")]
    other = _latest(a1=TEST, b2="chronique.domain.rulesets.cartes.events:WoundSuffered")
    assert _settles(_opposition("Brigand"), NAMES, other) == [("Alice", "a1:4")]
    assert _settles({**_opposition("Brigand"), "topic": TEST}, NAMES, latest) == []


# -- 3. a death is worded from the cause it keeps (§Tirages de survie L448, §Aggravation L450-461; C134)


def test_a_death_keeps_its_cause_and_is_worded_from_it_Tirages_de_survie_L448_Aggravation_L450_ruling_C134() -> None:
    # Bruno takes a blow of 14 at Énorme: one lethality up, past Énorme (§Aggravation L452).
    world = table()
    suffer_wound(world, "Bruno", 14, "enorme", "axe")
    killed = world.recorded_last("Bruno", ev.Died)
    assert (killed.wound_id, killed.damage, killed.source) == (None, 14, "axe")
    # Alice's Énorme wound of 13 kills her at her first survival draw, 3 cards all over Carrure 8.
    world = wounded(["KD", "QH", "JS"], 13, "enorme")
    advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + MINUTE)
    failed = world.recorded_last("Alice", ev.Died)
    assert (failed.wound_id, failed.damage, failed.source) == (1, None, None)
    # The words come from those fields, whatever the cause's text: it is never parsed again.
    for died, words in ((killed, "died of a wound of 14 past Énorme (axe)"), (failed, "died of a failed survival draw for wound 1")):
        reworded = copy.copy(died)
        vars(reworded).update(cause="something else")
        assert describe(died) == describe(reworded) == ruleset("cartes").notable(reworded) == words


def test_a_death_stored_before_its_cause_was_kept_reads_as_it_did_ruling_C130_C134() -> None:
    # Class version 1 kept the words alone: the upcaster reads the wound, or the damage and its
    # source, back from them, once; a cause that says neither reads as recorded.
    assert ev.Died.class_version == 2
    for cause, fields, words in (
        ("failed survival draw, wound 3", (3, None, None), "died of a failed survival draw for wound 3"),
        ("wound of 15 past Énorme (sword)", (None, 15, "sword"), "died of a wound of 15 past Énorme (sword)"),
        ("struck by lightning", (None, None, None), "died: struck by lightning"),
    ):
        stored: dict[str, Any] = {"cause": cause, "at": 0}
        ev.Died.upcast_stored(stored)
        assert (stored["wound_id"], stored["damage"], stored["source"]) == fields
        died = ev.Died.__new__(ev.Died)
        died.__dict__.update(stored)
        assert describe(died) == words


# -- 4. a retry that lowers nothing says the malus stays (§Médecine L467; C28, C135) --------------


def _retried(cards: list[str]) -> tuple[World, ev.SurvivalRetried, list[str]]:
    # As test_cartes_review_fixes' retry: Bruno's medicine K♦ fails, Alice draws 3♥ 2♠ for her
    # Forte wound of 6 (malus 4); ten minutes later comes the retry, Moyenne (one level easier),
    # Bruno's Médecine at Facile with the adapted kit.
    world = table(["KD", "3H", "2S", *cards])
    suffer_wound(world, "Alice", 6, "forte", "axe")
    arrange_care(world, "Alice", "Bruno", "adapted-kit")
    downtime(world)
    accounts = [t.account for t in advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + 20 * MINUTE)]
    (retry,) = [e for e in world.character("Alice").pending_events if isinstance(e, ev.SurvivalRetried)]
    return world, retry, accounts


def test_a_retry_whose_margin_is_no_smaller_says_the_malus_stays_Medecine_L467_ruling_C135() -> None:
    # Bruno's 5♦ K♥ gives 3 markers; Alice's 2♥ succeeds, but 6 - 2 = 4 is the malus she carries.
    # The log read "malus now -4" as if the retry had changed it.
    _, retry, accounts = _retried(["5D", "KH", "2H"])
    assert retry.outcome["success"] and (retry.malus_before, retry.malus) == (4, 4)
    assert accounts[-1] == "Alice: the retry for wound 1 did not lower it, the malus stays 4"
    assert describe(retry).endswith("→ success, but its margin is no smaller: the malus stays -4")
    assert "now" not in describe(retry)


def test_a_retry_that_lowers_the_malus_says_from_what_Medecine_L467_ruling_C135() -> None:
    # Alice's 5♥: 6 - 5 = 1 replaces her malus of 4.
    _, retry, accounts = _retried(["5D", "KH", "5H"])
    assert (retry.malus_before, retry.malus) == (4, 1)
    assert accounts[-1] == "Alice: the malus of wound 1 is now 1"
    assert describe(retry).endswith("→ malus now -1, down from -4")


def test_a_retry_stored_before_the_malus_before_was_kept_says_the_malus_after_it_ruling_C135() -> None:
    # Class version 2 kept the malus left alone: whether it changed is not known, and not said.
    stored: dict[str, Any] = {"medicine": None}
    ev.SurvivalRetried.upcast_stored(stored)
    assert stored["malus_before"] is None
    _, retry, _ = _retried(["5D", "KH", "2H"])
    old = copy.copy(retry)
    vars(old).update(malus_before=None)
    assert describe(old).endswith("→ the malus is -4 after it")


# -- 5. a Médecine draw no card can meet is not drawn (§Tirage L209, §Tirages de survie L446, §Marqueurs L331; C136)

# A lasting malus of 9 that Bruno carries from a survived wound of his own: his Médecine 9 less 9 is
# 0, which no card meets (no card is worth less than an Ace, §Tirage L209).
BRUNOS_MALUS = {"wound": 1, "amount": 9, "value": 13, "lethality": 1, "period": 24 * HOUR, "next_retry": 10**9}


def test_a_healer_no_card_can_help_draws_no_card_Tirage_L209_Marqueurs_L331_ruling_C136() -> None:
    # Before, Bruno drew for his care all the same (6♥ → failure, no marker), a draw no card could
    # win, which took a card of the general deck that Alice's own draw then did not get. The stacked
    # 3♥ 2♠ are now Alice's: StackedChance holds any card drawn beyond them to account.
    world = wounded(["3H", "2S"], 6, care="adapted-kit")
    world.character("Bruno").condition["lasting_malus"].append(dict(BRUNOS_MALUS))
    advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + HOUR // 6)
    (survival,) = [e for e in world.character("Alice").pending_events if isinstance(e, ev.SurvivalChecked)]
    assert survival.medicine is not None
    medicine = survival.medicine
    assert (medicine["unmet"], medicine["outcome"]["drawn"], medicine["outcome"]["success"], medicine["bonus"]) == (True, [], False, 0)
    assert survival.outcome["drawn"] == ["3H", "2S"]
    assert describe(survival) == (
        "survival draw for wound 1: Bruno's Médecine (Premiers soins avec équipement adapté) against 0 (Médecine 9, "
        "wound malus -9), which no card can meet: not drawn, no marker; then against 8 (Carrure) at +1 (difficile): "
        "3♥ 2♠ → survived with a malus (lasting malus -4)"
    )
    # Luck counts no draw that was not made, and Alice's at its own chance.
    assert [d.kind for d in ruleset("cartes").luck(survival, world.campaign.settings)] == ["survival draw"]


def test_an_untrained_healer_s_care_is_settled_undrawn_and_verifies_on_the_command_line_Medecine_L465_ruling_C136(db: str) -> None:
    # The Brigand knows no Médecine (0, ruling C43), which no card meets: a day after Alice's Faible
    # wound (§Survie L437) her survival draw is made with no card drawn for his care; the log says
    # so and `verify` re-derives it.
    services = served(db, "alice", BRIGAND)
    services.act(NAME, lambda w: suffer_wound(w, "Alice", 5, "faible", "knife"))
    services.end_session(NAME)
    services.act(NAME, lambda w: arrange_care(w, "Alice", "Brigand", "light-kit"))
    services.advance(NAME, lambda c: c.clock + DAY)
    services.close()
    (entry,) = [e for e in json.loads(run(db, "log", NAME, "--json").stdout) if e["event"]["topic"].endswith(":SurvivalChecked")]
    medicine = entry["event"]["medicine"]
    assert (medicine["unmet"], medicine["outcome"]["cards"]) == (True, [])
    line = "Brigand's Médecine (Premiers soins avec un équipement léger) against 0, which no card can meet: not drawn, no marker"
    assert line in " ".join(run(db, "log", NAME).stdout.replace("|", " ").split())
    said = run(db, "verify", NAME).stdout
    assert said.startswith(f"{NAME}: OK"), said
