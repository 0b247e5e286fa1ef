"""Cartes, fifteenth round: what round 14 found and left. A wounded healer's own wound malus weighs
on the Médecine draw of her care between sessions, as on every draw she makes (ruling C129); the
downtime report names the wound it speaks of as the sheet does, and says a death once, in words
that nest no brackets in the advance's confirmation (ruling C130); the demo's axe says the damage
it deals as `cartes attack` does (ruling C131). The command-line tests run the real app on a real
journal (real services with scripted seeds where the cards must be known); the unit tests stack
the deck (tests/cartes_table.py). Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest:
shared/rules/cartes.md."""

from __future__ import annotations

import json
import re
from typing import Any

from cartes_cli import NAME, served
from cartes_table import describe, wounded
from support import run, sample

from chronique.domain.deck_rules import CHARACTER_CREATED
from chronique.domain.gametime import HOUR
from chronique.domain.rederivation import Table, check
from chronique.domain.referees import all_rules
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.advancement import arrange_care
from chronique.domain.rulesets.cartes.combat import suffer_wound
from chronique.domain.rulesets.cartes.resolution import resolve_test
from chronique.domain.rulesets.cartes.survival import medicine_support, survival_consequences
from chronique.domain.timeline import advance

# -- 1. a wounded healer's own malus weighs on her care (§Tirages de survie L446, §Marqueurs L331; C129)

# A lasting malus of 5 that Bruno carries from a survived wound of his own (§Tirages de survie L446).
BRUNOS_MALUS = {"wound": 1, "amount": 5, "value": 9, "lethality": 1, "period": 24 * HOUR, "next_retry": 10**9}


def test_a_wounded_healer_s_lasting_malus_weighs_on_her_Medecine_draw_Tirages_de_survie_L446_Marqueurs_L331_ruling_C129() -> None:
    # Bruno (Médecine 9), carrying a lasting malus of 5, tends Alice's Forte wound of 6 with an
    # adapted kit (Moyenne for Médecine). Before, his draw was against 9 between sessions, his
    # malus ignored: 6♥ gave Alice 3 bonus markers. Against 9 - 5 = 4 it fails.
    world = wounded(["6H", "3H", "2S"], 6, care="adapted-kit")
    world.character("Bruno").condition["lasting_malus"].append(dict(BRUNOS_MALUS))
    advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + HOUR // 6)
    (survival,) = [e for e in world.character("Alice").pending_events if isinstance(e, ev.SurvivalChecked)]
    assert survival.medicine is not None and survival.medicine["healer_malus"] == 5
    assert describe(survival) == (
        "survival draw for wound 1: Bruno's Médecine draw (Premiers soins avec équipement adapté) against 4 (Médecine 9, "
        "wound malus -5) at +0 (moyenne): 6♥ → failure, no marker; then against 8 (Carrure) at +1 (difficile): 3♥ 2♠ → "
        "survived with a malus (lasting malus -4)"
    )


def test_an_unwounded_healer_s_draw_reads_as_before_Medecine_L465_ruling_C129() -> None:
    # The same cards, Bruno unwounded: his 6♥ meets his Médecine 9, and the line names no malus.
    world = wounded(["6H", "3H", "2S"], 6, care="adapted-kit")
    advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + HOUR // 6)
    (survival,) = [e for e in world.character("Alice").pending_events if isinstance(e, ev.SurvivalChecked)]
    assert survival.medicine is not None and survival.medicine["healer_malus"] == 0
    assert describe(survival).startswith(
        "survival draw for wound 1: Bruno's Médecine draw (Premiers soins avec équipement adapté) against 9 at +0 (moyenne): "
        "6♥ → 3 bonus markers; then against 11 (Carrure 8, 3 bonus markers)"
    )


ALICE = "a1ce0000-0000-5000-8000-000000000000"
BRUNO = "b0000000-0000-5000-8000-000000000000"
WOUND = {"id": 1, "value": 6, "lethality": 2, "escalated": False, "next_draw": 600}  # Moyenne: one card each


def _verdict(medicine_card: str, recorded: dict[str, Any], markers: int | None = None) -> str | None:
    # Alice holds a Moyenne wound of 6, tended by Bruno with a light kit (Moyenne for Médecine);
    # Bruno carries a lasting malus of 5. The deck hands Bruno ``medicine_card`` and Alice 5♠, drawn
    # against her Carrure 8 and the ``markers`` the healer gave (those ``recorded`` when None).
    table = Table()
    for oid, name, held in (
        (ALICE, "Alice", {"wounds": [WOUND], "next_wound": 2, "care": {"healer": "Bruno", "means": "light-kit"}}),
        (BRUNO, "Bruno", {"lasting_malus": [BRUNOS_MALUS]}),
    ):
        sheet, condition = ruleset("cartes").new_character(sample(name.lower()))
        created = {"topic": CHARACTER_CREATED, "originator_id": oid, "name": name, "sheet": sheet, "condition": condition | held}
        assert check(all_rules().rederive[CHARACTER_CREATED], created, table) is None
    table.hand_out("Bruno", [medicine_card])
    table.hand_out("Alice", ["5S"])
    outcome = resolve_test(8 + (recorded["bonus"] if markers is None else markers), 0, "5S", lambda n: [])
    event = {
        "topic": "chronique.domain.rulesets.cartes.events:SurvivalChecked",
        "originator_id": ALICE,
        "at": 600,
        "wound_id": 1,
        "outcome": outcome.to_dict(),
        "medicine": recorded,
        **survival_consequences(8, WOUND, [WOUND], outcome, 600),
    }
    return check(all_rules().rederive[event["topic"]], event, table)


def test_the_verifier_takes_the_healer_s_malus_off_her_Medecine_target_ruling_C129() -> None:
    # 6♥ fails Bruno's Médecine 9 less his malus of 5: a record that says so verifies; one that
    # says he met it, his malus left out, is refused at the Médecine draw.
    failed = resolve_test(4, 0, "6H", lambda n: [], manoeuvre="tactics")
    assert _verdict("6H", medicine_support("Bruno", "light-kit", failed, 0, 5)) is None
    met = resolve_test(9, 0, "6H", lambda n: [], manoeuvre="tactics")
    forged = _verdict("6H", medicine_support("Bruno", "light-kit", met, 0, 0), markers=0)
    assert forged == "field medicine: at outcome.target, records 9, the rules give 4"
    # Alice's own draw, raised by the 3 markers the forged support gave, is refused too.
    assert _verdict("6H", medicine_support("Bruno", "light-kit", met, 0, 0)) == "field outcome: at target, records 11, the rules give 8"


def test_a_care_draw_recorded_before_class_version_2_verifies_as_it_was_played_ruling_C129() -> None:
    # Before the ruling, Bruno's 6♥ met his Médecine 9, his malus ignored, and gave 3 markers: a
    # journal holding it (no ``healer_malus``, stored or upcast) verifies as it was recorded.
    met = resolve_test(9, 0, "6H", lambda n: [], manoeuvre="tactics")
    stored = medicine_support("Bruno", "light-kit", met)
    del stored["healer_malus"]
    assert _verdict("6H", stored) is None
    assert _verdict("6H", stored | {"healer_malus": None}) is None


def test_a_stored_survival_draw_or_retry_before_class_version_2_took_no_healer_malus_ruling_C129() -> None:
    # Class version 3 (ruling C136) keeps ``unmet`` too: a draw stored before either reads None.
    for kind in (ev.SurvivalChecked, ev.SurvivalRetried):
        assert kind.class_version == 3
        tended: dict[str, Any] = {"medicine": {"healer": "Bruno", "means": "", "outcome": {}, "bonus": 0}}
        kind.upcast_stored(tended)
        assert (tended["medicine"]["healer_malus"], tended["medicine"]["unmet"]) == (None, None)
        untended: dict[str, Any] = {"medicine": None}
        kind.upcast_stored(untended)
        assert untended["medicine"] is None


def _downtime(db: str, bruno: tuple[int, str], alice: tuple[int, str], span: int) -> None:
    # The real services with scripted seeds (the same cards at every run): Bruno and Alice wounded
    # in session 1, Bruno tending Alice with a light kit from its end, then ``span`` of downtime.
    services = served(db)
    services.act(NAME, lambda w: suffer_wound(w, "Bruno", *bruno, "axe"))
    services.act(NAME, lambda w: suffer_wound(w, "Alice", *alice, "axe"))
    services.end_session(NAME)
    services.act(NAME, lambda w: arrange_care(w, "Alice", "Bruno", None))
    services.advance(NAME, lambda c: c.clock + span)
    services.close()


def test_a_wounded_healer_s_care_reads_and_verifies_on_the_command_line_ruling_C129(db: str) -> None:
    # Bruno survives his Moyenne wound of 5 with a lasting malus of 4 at 09:00; Alice's Faible
    # wound is drawn for a day later, Bruno's Médecine draw against 9 - 4 = 5. The log says so,
    # and `verify` re-derives it.
    _downtime(db, (5, "moyenne"), (9, "faible"), 24 * HOUR)
    line = (
        "survival draw for wound 1: Bruno's Médecine draw (Premiers soins avec un équipement léger) against 5 (Médecine 9, "
        "wound malus -4) at -1 (facile): 3♠ 8♠ → 3 bonus markers; then against 11 (Carrure 8, 3 bonus markers)"
    )
    log = [entry for entry in json.loads(run(db, "log", NAME, "--json").stdout) if entry["event"]["topic"].endswith(":SurvivalChecked")]
    assert [entry["event"]["medicine"] and entry["event"]["medicine"]["healer_malus"] for entry in log] == [None, 4]
    assert line in " ".join(run(db, "log", NAME).stdout.replace("|", " ").split())
    said = run(db, "verify", NAME).stdout
    assert said.startswith(f"{NAME}: OK"), said


# -- 2. the downtime report names the wound and says a death once (§Survie L446-448; C130) ------


def test_the_downtime_report_names_the_wound_and_says_a_death_once_Survie_L446_L448_ruling_C130(db: str) -> None:
    # Bruno's Énorme wound of 13 kills him at his first draw; Alice survives her Moyenne wound of
    # 12 with a lasting malus of 9. The report read "Bruno failed a survival draw", then "Bruno
    # died (failed survival draw, wound 1)", and "Alice survived a wound with a lasting malus of 9"
    # where her sheet says "lasting malus of wound 1".
    _downtime(db, (13, "enorme"), (12, "moyenne"), 3 * HOUR)
    assert run(db, "downtime", "report", NAME).stdout.splitlines() == [
        "Day 1 08:01  Bruno died of a failed survival draw for wound 1",
        "Day 1 09:00  Alice survived wound 1 with a lasting malus of 9",
        # Ruling C137: her retry an hour later (§Médecine L467) lowered it, and the report says so.
        "Day 1 10:00  Alice lowered the lasting malus of wound 1 from 9 to 4 by a survival retry",
    ]
    assert "lasting malus of wound 1: -4" in run(db, "sheet", NAME, "Alice").stdout


def test_a_worsened_wound_is_named_with_its_new_lethality_and_a_death_reads_without_brackets_ruling_C130() -> None:
    # A failed draw for a Forte wound moves it to Énorme (§Tirages de survie L447); a death's
    # cause reads inside its sentence, so that the advance's confirmation, which brackets the
    # deaths it foresees, nests none: "(Day 1 08:11  Bruno: died of a failed survival draw …)".
    rules = ruleset("cartes")
    worse = ev.SurvivalChecked.__new__(ev.SurvivalChecked)
    worse.__dict__.update(result="escalate", wound_id=2, malus=0, wound={"id": 2, "lethality": 4})
    assert rules.notable(worse) == "failed a survival draw: wound 2 worsened to Énorme"
    death = ev.SurvivalChecked.__new__(ev.SurvivalChecked)
    death.__dict__.update(result="death", wound_id=1, malus=0, wound=None)
    assert rules.notable(death) is None  # its Died says it
    # A Died stored before class version 2 kept its cause in words alone: read through its
    # upcaster, as the journal reads it (ruling C134).
    for cause, words in (
        ("failed survival draw, wound 1", "died of a failed survival draw for wound 1"),
        ("wound of 14 past Énorme (axe)", "died of a wound of 14 past Énorme (axe)"),
    ):
        stored: dict[str, Any] = {"cause": cause, "at": 0}
        ev.Died.upcast_stored(stored)
        died = ev.Died.__new__(ev.Died)
        died.__dict__.update(stored)
        assert (rules.notable(died), rules.describe(died)) == (words, words)


# -- 3. the demo's axe says its damage as `cartes attack` does (§Encaissement L346; C124, C131) ----


def test_the_demo_says_the_damage_each_blow_deals_Encaissement_des_dommages_L346_ruling_C131(db: str) -> None:
    # `cartes attack` prints "9 damage at Forte from the attack (weapon +3)" between the winner and
    # the wound (C124); the demo's rounds went from "Brigand wins, net 2" to "Alice takes a wound".
    fight = run(db, "demo").stdout.split("until it bites\n", 1)[1].split("\n== Bruno tends Alice", 1)[0].splitlines()
    # Ruling C132: the winner's line says what it won by, its net among it ("Alice wins, 5 against 2, net 3 (…)").
    won = [(n, match[1]) for n, line in enumerate(fight) if (match := re.search(r" wins, (?:.* )?net (\d+)", line))]
    assert won, fight
    for n, net in won:
        if net == "0":  # the demo's axe has no bonus: a win by 0 (a tie-break) deals nothing (§Réussites ou échecs L311)
            assert fight[n + 1] == "no damage", fight
            continue
        assert fight[n + 1].startswith(f"{net} damage at "), fight
        assert " takes a wound of " in fight[n + 2], fight
