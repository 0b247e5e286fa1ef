"""Fair play v2 (issue 13), rules re-derivation for MicroFudge's conflict cards and Elor's recorded
choices: on a real SQLite file and a real PostgreSQL database, an honest journal verifies, and an
outcome rewritten, re-chained and sealed is caught by `chronique verify` and by the standalone
verifier, naming the event and the field."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import product
from pathlib import Path
from typing import Any
from uuid import UUID

from elor_table import ALDO
from microfudge_table import HARVEY, JIM
from support import ScriptedSeedVault
from tampering import dashed, forge
from test_fair_play_v2 import _characters, assert_caught, cli, forged_then_sealed, last, member, offline_verdict, verify

from chronique.adapters.audit import Audit
from chronique.adapters.bootstrap import build
from chronique.adapters.journal import Journal
from chronique.adapters.services import Chronique
from chronique.adapters.settings import Settings
from chronique.domain.campaign import session_epoch
from chronique.domain.fairness import FORMAT, KeyedStream, epoch_key
from chronique.domain.rulesets.elor.damage import hit_location
from chronique.domain.rulesets.elor.play import TestSpec, level_of, roll_test, sheet_of, suffer_damage
from chronique.domain.rulesets.elor.resolution import dice_count, resolve
from chronique.domain.rulesets.elor.tables import nature, tables

# -- MicroFudge: the conflict cards («2 – Résolution des Conflits hasardeux» L295-L431) -----------

FIGHT = ("microfudge", "conflict-card", "Zombies", "--side", "Harvey:Combat:def=1", "--side", "Jim:Combat")


def _draw(db: str) -> None:
    """Harvey (4 cards, one in defence) and Jim (Combat at its default) draw once (L307-L317)."""
    services = build(db)
    services.create_campaign("Zombies", "microfudge", "Day 1 08:00")
    _characters(services, "Zombies", HARVEY, JIM)
    services.close()
    assert cli(db, "microfudge", "sequence", "Zombies", "Harvey", "Jim")[0] == 0
    code, out = cli(db, *FIGHT)
    assert code == 0, out


def _place(db: str, who: str, topic: str) -> str:
    version, _ = last(db, member(db, "Zombies", who), topic)
    return f"{dashed(member(db, 'Zombies', who))}:{version} ({topic})"


def test_an_honest_conflict_draw_verifies_both_ways_L307_L317(db: str, tmp_path: Path) -> None:
    _draw(db)
    _, harvey = last(db, member(db, "Zombies", "Harvey"), "ConflictCardsDrawn")
    # What the draw declared is on the record, so the verifier can re-derive its Revers.
    assert harvey["declared"]["targets"] == ["Jim"] and harvey["declared"]["manoeuvre"] == "fight"
    assert cli(db, "session", "end", "Zombies")[0] == 0
    code, out = verify(db, "Zombies")
    assert code == 0 and "OK:" in out, out
    code, out = offline_verdict(db, "Zombies", tmp_path, gm=False)
    assert code == 0 and "OK:" in out, out


def _log(db: str, *view: str) -> list[dict[str, Any]]:
    """``log --json`` of Zombies (as players read it, or ``--gm``)."""
    code, out = cli(db, "log", "Zombies", "--json", *view)
    assert code == 0, out
    return list(json.loads(out))


def _jims(entries: list[dict[str, Any]], db: str) -> dict[str, dict[str, Any]]:
    """Jim's Test, Atout played and Revers, by the last word of their topic."""
    jim = str(UUID(member(db, "Zombies", "Jim")))
    kinds = ("TestRolled", "AtoutPlayed", "SetbackSuffered")
    return {
        e["event"]["topic"].rpartition(":")[2]: e
        for e in entries
        if e["event"]["originator_id"] == jim and e["event"]["topic"].endswith(kinds)
    }


def test_a_hidden_hazard_keeps_its_reroll_and_its_Revers_face_down_until_revealed_L351_L743(db: str, tmp_path: Path) -> None:
    services = build(db)
    services.create_campaign("Zombies", "microfudge", "Day 1 08:00")
    _characters(services, "Zombies", HARVEY, JIM)
    services.close()
    # Psychologie 3 against Impossible (8): even + + + + gives 7, so the roll fails, its reroll too
    # (L743), and the hazard deals Jim a Revers (L351). The Atout (paid only on a failure) and the
    # Revers would tell the players what the hidden roll gave: they stay face down with it.
    hazard = (
        "microfudge",
        "hazard",
        "Zombies",
        "Jim",
        "Psychologie",
        "-d",
        "impossible",
        "--reroll",
        "--hidden",
        "--purpose",
        "secret shot",
    )
    code, out = cli(db, *hazard)
    assert code == 0, out
    players, gm = _jims(_log(db), db), _jims(_log(db, "--gm"), db)
    assert sorted(players) == sorted(gm) == ["AtoutPlayed", "SetbackSuffered", "TestRolled"]
    # The Revers names the failed Test, then its purpose (ruling M73).
    assert gm["AtoutPlayed"]["event"]["use"] == "reroll"
    assert gm["SetbackSuffered"]["event"]["source"] == "failed Psychologie Test (secret shot)"
    for kind in ("AtoutPlayed", "SetbackSuffered"):
        assert players[kind]["hidden"] and not {"use", "effect", "setback", "critical", "source"} & set(players[kind]["event"])
        assert not gm[kind]["hidden"]
        assert gm[kind]["event"]["salt"]  # salted from the epoch's key, so its hash gives nothing away
    code, text = cli(db, "log", "Zombies")
    assert code == 0 and "secret shot" not in text and "reroll" not in text, text
    code, out = cli(db, "audit", "export", "Zombies", "-o", str(tmp_path / "players.json"))
    assert code == 0, out
    bundle = json.loads((tmp_path / "players.json").read_text(encoding="utf-8"))
    hidden = sorted(e["event"]["topic"].rpartition(":")[2] for e in bundle["events"] if e.get("hidden"))
    assert hidden == ["AtoutPlayed", "SetbackSuffered", "TestRolled"]
    for view in ("", "gm"):
        code, out = verify(db, "Zombies") if view else offline_verdict(db, "Zombies", tmp_path, gm=False)
        assert code == 0 and "OK:" in out, out
    # The session's end reveals its epoch: the three read face up, and their salts verify.
    assert cli(db, "session", "end", "Zombies")[0] == 0
    revealed = _jims(_log(db), db)
    assert not any(e["hidden"] for e in revealed.values())
    assert revealed["AtoutPlayed"]["event"]["use"] == "reroll"
    assert revealed["SetbackSuffered"]["event"]["source"] == "failed Psychologie Test (secret shot)"
    code, text = cli(db, "log", "Zombies")
    assert code == 0 and "secret shot" in text, text
    code, out = verify(db, "Zombies")
    assert code == 0 and "OK:" in out, out
    code, out = offline_verdict(db, "Zombies", tmp_path, gm=False)
    assert code == 0 and "OK:" in out, out


BOB = {"name": "Bob", "status": "hero", "ranks": {"Combat": 4}}
BOB = {"name": "Bob", "status": "hero", "ranks": {"Combat": 4}}
CID = {"name": "Cid", "status": "hero", "ranks": {"Combat": 3}}


def test_an_honest_skirmish_of_every_kind_of_card_verifies_both_ways_L307_L417(db: str, tmp_path: Path) -> None:
    services = build(db)
    services.create_campaign("Zombies", "microfudge", "Day 1 08:00")
    _characters(services, "Zombies", HARVEY, BOB, CID)
    services.close()
    # A safe Sequence (L319) keeps every pool the same from draw to draw, and nobody can net a
    # Décisif in the first draw (at most 2 successes on anyone), so both draws take place.
    assert cli(db, "microfudge", "sequence", "Zombies", "Harvey", "Bob=gang", "Cid=gang", "--safe")[0] == 0
    harvey = "Harvey:Combat:Bob=1,Cid=1,def=2,armour=light,armour-era=future,change={}"  # split (L309), armour (L497-L502), Atout (L743)
    bob = "Bob:Combat:def=2,suppress,weapon-era=ancient"  # covering fire (L411-L413)
    cid = "Cid:Combat:out,def=3"  # out of range, banking his spare defence (L361-L365)
    for change in ("attack", "defence"):
        code, out = cli(db, "microfudge", "conflict-card", "Zombies", "--side", harvey.format(change), "--side", bob, "--side", cid)
        assert code == 0, out
    _, drawn = last(db, member(db, "Zombies", "Harvey"), "ConflictCardsDrawn")
    assert drawn["draw"] == 2 and drawn["declared"]["targets"] == ["Bob", "Cid"] and drawn["declared"]["change"] == "defence"
    assert cli(db, "session", "end", "Zombies")[0] == 0
    code, out = verify(db, "Zombies")
    assert code == 0 and "OK:" in out, out
    code, out = offline_verdict(db, "Zombies", tmp_path, gm=False)
    assert code == 0 and "OK:" in out, out


def test_a_card_counted_as_a_success_it_is_not_is_caught_L307(db: str, tmp_path: Path) -> None:
    _draw(db)

    def luckier(event: dict[str, Any]) -> None:  # L307: only even cards succeed
        event["attack"]["Jim"]["successes"] += 1

    place = forged_then_sealed(db, "Zombies", "Harvey", "ConflictCardsDrawn", luckier)
    assert_caught(db, "Zombies", tmp_path, place, "attack")


def test_a_card_the_deck_never_handed_is_caught_L311(db: str, tmp_path: Path) -> None:
    _draw(db)
    _, harvey = last(db, member(db, "Zombies", "Harvey"), "ConflictCardsDrawn")
    held = harvey["attack"]["Jim"]["cards"][0]

    def swapped(event: dict[str, Any]) -> None:  # another card, its successes kept consistent
        card = "2S" if held != "2S" else "4S"
        cards = [card, *event["attack"]["Jim"]["cards"][1:]]
        event["attack"]["Jim"] = {**event["attack"]["Jim"], "cards": cards}

    place = forged_then_sealed(db, "Zombies", "Harvey", "ConflictCardsDrawn", swapped)
    assert_caught(db, "Zombies", tmp_path, place, "attack")


def test_a_rewritten_revers_of_the_last_side_is_caught_L311_L313(db: str, tmp_path: Path) -> None:
    _draw(db)

    def harsher(event: dict[str, Any]) -> None:  # L311-L313: one Revers more on Harvey
        event["inflicted"] = {"Harvey": event["inflicted"].get("Harvey", 0) + 1}

    place = forged_then_sealed(db, "Zombies", "Jim", "ConflictCardsDrawn", harsher)
    assert_caught(db, "Zombies", tmp_path, place, "inflicted")


def test_a_rewritten_draw_outcome_is_caught_L321(db: str, tmp_path: Path) -> None:
    _draw(db)
    _, jim = last(db, member(db, "Zombies", "Jim"), "ConflictCardsDrawn")
    other = "won" if jim["outcome"] != "won" else "lost"  # another outcome a draw may have (L321)

    place = forged_then_sealed(db, "Zombies", "Jim", "ConflictCardsDrawn", lambda e: e.__setitem__("outcome", other))
    assert_caught(db, "Zombies", tmp_path, place, "outcome")


def test_a_rewritten_revers_of_an_earlier_side_is_caught_once_the_draw_is_complete_L311(db: str, tmp_path: Path) -> None:
    _draw(db)

    def harsher(event: dict[str, Any]) -> None:  # L311-L313: one Revers more on Jim
        event["inflicted"] = {"Jim": event["inflicted"].get("Jim", 0) + 1}

    forged_then_sealed(db, "Zombies", "Harvey", "ConflictCardsDrawn", harsher)
    # Harvey's Revers need Jim's defence: they are re-derived when Jim, the draw's last side, has
    # recorded his cards, and the verdict names Harvey's record.
    jim = _place(db, "Jim", "ConflictCardsDrawn")
    assert_caught(db, "Zombies", tmp_path, jim, "inflicted: Harvey's cards of this draw")


# -- Elor: the player's choices, recorded («Résolution des actions», «Application des dommages») --

SPEC = TestSpec(faculty="C", profession="Guerrier", effort=1)


class _ChosenSession(ScriptedSeedVault):
    """Seeds derived from a fixed base, save the first session's, which the test chooses."""

    def __init__(self, session_seed: bytes) -> None:
        super().__init__(b"elor-choices")
        self.session_seed = session_seed

    def seed(self, campaign_id: UUID, epoch: str) -> bytes:
        return self.session_seed if epoch == session_epoch(1) else super().seed(campaign_id, epoch)


@contextmanager
def _services(db: str, vault: ScriptedSeedVault) -> Iterator[Chronique]:
    journal = Journal.open(Settings(db))
    services = Chronique(journal, vault, Audit(journal))
    try:
        yield services
    finally:
        services.close()


def _alternatives(level: int, effort: int, dice: list[int]) -> list[dict[str, Any]]:
    return [resolve(level, effort, dice, discards, fine).to_dict() for discards, fine in product((True, False), repeat=2)]


def _elor(db: str) -> tuple[_ChosenSession, dict[str, Any]]:
    """Aldo's campaign, its first session keyed so that his test's dice give another outcome under
    another discard or tie-break choice, and his D100 another place on the other location table:
    the dice are scripted by choosing the session's seed. Aldo tests, then takes a ranged blow."""
    vault = _ChosenSession(b"")
    with _services(db, vault) as services:
        services.create_campaign("Tolosa", "elor", None)
        services.create_character("Tolosa", ALDO)
        world = services.world("Tolosa")
        aldo = world.character("Aldo")
        level = level_of(world, aldo, SPEC).total
        morphology = nature(sheet_of(aldo).nature)
    for attempt in range(10_000):
        seed = hashlib.sha256(f"elor-session-{attempt}".encode()).digest()
        key = epoch_key(seed, (), FORMAT)
        test = KeyedStream.v2(key, aldo.id, session_epoch(1), 0)
        dice = [test.die(tables().die) for _ in range(dice_count(level, SPEC.effort))]
        roll = KeyedStream.v2(key, aldo.id, session_epoch(1), 1).die(tables().location_die)
        choices_matter = len({repr(o) for o in _alternatives(level, SPEC.effort, dice)}) > 1
        if choices_matter and hit_location(morphology, roll, True).key != hit_location(morphology, roll, False).key:
            vault.session_seed = seed
            break
    else:
        raise AssertionError("no session seed among 10000 makes both choices matter")
    with _services(db, vault) as services:
        services.start_session("Tolosa")
        services.act("Tolosa", lambda w: roll_test(w, "Aldo", SPEC))
        services.act("Tolosa", lambda w: suffer_damage(w, "Aldo", 3, "an arrow", ranged=True))
    return vault, {"level": level, "morphology": morphology}


def _forged_then_sealed(db: str, vault: ScriptedSeedVault, topic: str, change: Callable[[dict[str, Any]], None]) -> str:
    """The cheat of ``forged_then_sealed``, in a session whose seeds the test chose."""
    originator = member(db, "Tolosa", "Aldo")
    version, _ = last(db, originator, topic)
    place = forge(db, originator, version, change)
    with _services(db, vault) as services:
        services.end_session("Tolosa")
    return place


def test_an_honest_elor_journal_records_the_choices_and_verifies(db: str, tmp_path: Path) -> None:
    vault, _ = _elor(db)
    aldo = member(db, "Tolosa", "Aldo")
    _, rolled = last(db, aldo, "TestRolled")
    _, blow = last(db, aldo, "DamageTaken")
    assert (rolled["discards"], rolled["fine"], blow["ranged"]) == (True, False, True)
    with _services(db, vault) as services:
        services.end_session("Tolosa")
    code, out = verify(db, "Tolosa")
    assert code == 0 and "OK:" in out, out
    code, out = offline_verdict(db, "Tolosa", tmp_path, gm=False)
    assert code == 0 and "OK:" in out, out


def test_a_test_outcome_another_discard_or_tie_break_choice_gives_is_caught_Categories_de_tests(db: str, tmp_path: Path) -> None:
    vault, facts = _elor(db)

    def other_choice(event: dict[str, Any]) -> None:
        # The same dice used as another choice would (no discards, or a fine tie-break), while
        # the event still records the player's own: discards, ties not broken finely.
        recorded = event["outcome"]
        dice = list(recorded["dice"])
        event["outcome"] = next(o for o in _alternatives(facts["level"], recorded["effort"], dice) if o != recorded)

    place = _forged_then_sealed(db, vault, "TestRolled", other_choice)
    assert_caught(db, "Tolosa", tmp_path, place, "outcome")


def test_a_hit_location_from_the_melee_table_for_a_ranged_blow_is_caught_Application_des_dommages(db: str, tmp_path: Path) -> None:
    vault, facts = _elor(db)

    def melee_table(event: dict[str, Any]) -> None:
        event["location"] = hit_location(facts["morphology"], event["roll"], False).key

    place = _forged_then_sealed(db, vault, "DamageTaken", melee_table)
    assert_caught(db, "Tolosa", tmp_path, place, "location")


def test_a_leg_wound_malus_on_a_test_not_of_movement_is_caught_Application_des_dommages_E16(db: str, tmp_path: Path) -> None:
    vault, _ = _elor(db)

    def limping(event: dict[str, Any]) -> None:
        # PROPOSAL §4.2 (E16): a leg's -2 counts only in a dodge or a movement test. Aldo's test
        # is neither (its spec says so), yet it is given a wounds term, the difficulty raised to
        # keep the level, and so the dice and the outcome, as recorded.
        assert event["spec"]["movement"] is False
        event["terms"] = {**event["terms"], "wounds": -2, "difficulty": event["terms"]["difficulty"] + 2}

    place = _forged_then_sealed(db, vault, "TestRolled", limping)
    assert_caught(db, "Tolosa", tmp_path, place, "terms")
