"""Fair play v2 (issue 13, shared/FAIRNESS.md "chronique-fair-v2"): each attack the review found,
on a real SQLite file and a real PostgreSQL database, caught by `chronique verify` and, where a
player would use it, by the standalone verifier (a zip application run by a bare Python) on an
exported bundle, both naming the event and the field."""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from elor_table import ALDO
from microfudge_table import HARVEY, JIM
from support import sample, scripted_services, wounded_party
from tampering import DELETE, bare_python, campaign_hex, dashed, forge, forged_value, offline, rows, sql
from typer.testing import CliRunner

from chronique.adapters.audit import Audit
from chronique.adapters.bootstrap import build
from chronique.adapters.services import Chronique
from chronique.cli.app import app
from chronique.domain.fairness import FORMAT, KeyedStream, canonical_bytes, epoch_key, salt
from chronique.domain.rulesets.cartes.table import gm_draw
from chronique.domain.rulesets.westernparade.care import order_activity
from chronique.domain.rulesets.westernparade.play import Check, check


def cli(db: str, *args: str) -> tuple[int, str]:
    """The real command line, in process: (exit status, what it printed)."""
    result = CliRunner().invoke(app, ["--db", db, *args])
    return result.exit_code, result.output


@dataclass(frozen=True)
class Table:
    """A game's campaign, one roll into an open session: whose roll, and which event it is."""

    campaign: str
    roller: str
    topic: str


def _characters(services: Chronique, name: str, *sheets: dict[str, Any]) -> None:
    for sheet in sheets:
        services.create_character(name, sheet)
    services.start_session(name)


def cartes(db: str) -> Table:
    services = build(db)
    services.create_campaign("Verdelune", "cartes", "Day 1 08:00")
    _characters(services, "Verdelune", sample("alice"))
    services.close()
    assert cli(db, "cartes", "test", "Verdelune", "Alice", "Contact")[0] == 0
    return Table("Verdelune", "Alice", "TestMade")


def western_parade(db: str) -> Table:
    services = build(db)
    services.create_campaign("Shotgun City", "western-parade", "1873-04-12 08:00")
    _characters(services, "Shotgun City", sample("wp_sam"))
    services.close()
    assert cli(db, "western-parade", "roll", "Shotgun City", "Sam Parkerson", "-s", "Armes de poing")[0] == 0
    return Table("Shotgun City", "Sam Parkerson", "CheckRolled")


def microfudge(db: str) -> Table:
    services = build(db)
    services.create_campaign("Zombies", "microfudge", "Day 1 08:00")
    _characters(services, "Zombies", HARVEY)
    services.close()
    assert cli(db, "microfudge", "test", "Zombies", "Harvey", "Athlétisme", "-d", "difficile")[0] == 0
    return Table("Zombies", "Harvey", "TestRolled")


def elor(db: str) -> Table:
    services = build(db)
    services.create_campaign("Tolosa", "elor", None)
    _characters(services, "Tolosa", ALDO)
    services.close()
    assert cli(db, "elor", "test", "Tolosa", "Aldo", "-f", "C", "-p", "Guerrier", "-e", "1")[0] == 0
    return Table("Tolosa", "Aldo", "TestRolled")


GAMES = [cartes, western_parade, microfudge, elor]


def member(db: str, campaign: str, name: str) -> str:
    """The hex id of a campaign's member (character or deck) called ``name``."""
    services = build(db)
    try:
        world = services.world(campaign)
        if name in world.decks:
            return world.decks[name].id.hex
        return world.character(name).id.hex
    finally:
        services.close()


def last(db: str, originator: str, topic: str) -> tuple[int, dict[str, Any]]:
    """The version and content of an aggregate's last event of ``topic``."""
    version, _, state = [r for r in rows(db, originator) if r[1].endswith(topic)][-1]
    return version, json.loads(state)


def verify(db: str, campaign: str, *receipts: str) -> tuple[int, str]:
    return cli(db, "verify", campaign, *receipts)


def offline_verdict(db: str, campaign: str, folder: Path, *receipts: str, gm: bool = True) -> tuple[int, str]:
    """The player's way: an exported bundle, checked by the zip application under a bare Python."""
    assert cli(db, "audit", "verifier", "-o", str(folder / "verify.pyz"))[0] == 0
    code, out = cli(db, "audit", "export", campaign, "-o", str(folder / "bundle.json"), *(["--gm"] if gm else []))
    assert code == 0, out
    checked = offline(folder / "verify.pyz", folder / "bundle.json", *receipts)
    return checked.returncode, checked.stdout + checked.stderr


def forged_then_sealed(db: str, campaign: str, who: str, topic: str, change: Callable[[dict[str, Any]], None]) -> str:
    """The cheat: the last ``topic`` event of ``who`` rewritten and its chain re-hashed while the
    session is open, then the session ended, so the forged chain is sealed. Its place."""
    originator = member(db, campaign, who)
    version, _ = last(db, originator, topic)
    place = forge(db, originator, version, change)
    assert cli(db, "session", "end", campaign)[0] == 0
    return place


def another_card(key: str, at: int = 0) -> Callable[[dict[str, Any]], None]:
    """A change putting another card at ``at`` in the list ``key``."""
    return lambda e: e[key].__setitem__(at, "KS" if e[key][at] != "KS" else "QS")


def assert_caught(db: str, campaign: str, folder: Path, place: str, field: str) -> None:
    """Both verifiers fail, at the forged event, naming the field."""
    code, out = verify(db, campaign)
    assert code == 1 and f"FAILED at {place}: field {field}" in out, out
    code, out = offline_verdict(db, campaign, folder)
    assert code == 1 and f"FAILED at {place}: field {field}" in out, out


# -- honest journals --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__)
def test_an_honest_journal_of_every_game_verifies_with_its_rules_both_ways(db: str, tmp_path: Path, game: Callable[[str], Table]) -> None:
    table = game(db)
    assert cli(db, "session", "end", table.campaign)[0] == 0
    code, out = verify(db, table.campaign)
    rederived = re.search(r"(\d+) outcomes re-derived by the rules", out)
    assert code == 0 and "OK:" in out and rederived is not None and int(rederived.group(1)) > 0, out
    code, out = offline_verdict(db, table.campaign, tmp_path, gm=False)
    assert code == 0 and "OK:" in out, out


def test_the_standalone_verifier_runs_on_a_bare_python_that_has_no_packages(db: str, tmp_path: Path) -> None:
    import subprocess

    probe = subprocess.run([bare_python(), "-I", "-S", "-c", "import eventsourcing"], capture_output=True, text=True, env={}, cwd=tmp_path)
    assert probe.returncode != 0  # the interpreter really has nothing installed for it
    table = cartes(db)
    assert cli(db, "session", "end", table.campaign)[0] == 0
    code, out = offline_verdict(db, table.campaign, tmp_path)
    assert code == 0 and "outcomes re-derived by the rules" in out, out


def test_the_standalone_verifier_answers_help_with_its_usage_not_a_verdict(tmp_path: Path) -> None:
    assert cli(str(tmp_path / "j.db"), "audit", "verifier", "-o", str(tmp_path / "verify.pyz"))[0] == 0
    for ask in ("--help", "-h"):
        shown = offline(tmp_path / "verify.pyz", Path(ask))
        assert shown.returncode == 0 and shown.stdout.startswith("python verify.pyz bundle.json [--seal HEX ...]"), shown
        assert "FAILED" not in shown.stdout + shown.stderr


# -- 1. outcomes are checked against their chance --------------------------------------------------


def _flip(field: str) -> Callable[[dict[str, Any]], None]:
    def change(event: dict[str, Any]) -> None:
        event[field] = forged_value(event[field])

    return change


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__)
def test_a_rewritten_outcome_re_chained_and_sealed_is_caught_naming_its_field(
    db: str, tmp_path: Path, game: Callable[[str], Table]
) -> None:
    table = game(db)
    _, event = last(db, member(db, table.campaign, table.roller), table.topic)
    field = "outcome" if "outcome" in event else "success"
    place = forged_then_sealed(db, table.campaign, table.roller, table.topic, _flip(field))
    assert_caught(db, table.campaign, tmp_path, place, field)


@pytest.mark.parametrize("game", [western_parade, microfudge, elor], ids=lambda g: g.__name__)
def test_rewritten_faces_are_caught_once_the_epoch_is_revealed(db: str, tmp_path: Path, game: Callable[[str], Table]) -> None:
    table = game(db)
    change = lambda e: e["chance"].__setitem__(0, {**e["chance"][0], "value": _face(e["chance"][0])})  # noqa: E731
    place = forged_then_sealed(db, table.campaign, table.roller, table.topic, change)
    assert_caught(db, table.campaign, tmp_path, place, "chance")


def _face(op: dict[str, Any]) -> int:
    if op["op"] == "dF":
        return 1 if op["value"] != 1 else -1
    return int(op["value"]) % int(op["sides"]) + 1


@pytest.mark.parametrize("game", [western_parade, microfudge, elor], ids=lambda g: g.__name__)
def test_an_event_whose_chance_was_deleted_is_refused(db: str, tmp_path: Path, game: Callable[[str], Table]) -> None:
    table = game(db)
    place = forged_then_sealed(db, table.campaign, table.roller, table.topic, lambda e: e.pop("chance"))
    assert_caught(db, table.campaign, tmp_path, place, "chance")


def test_a_rewritten_cartes_pile_is_caught(db: str, tmp_path: Path) -> None:
    table = cartes(db)
    # The pile's last card: the test already took its first, and a replay must still be possible.
    place = forged_then_sealed(db, table.campaign, "Alice", "CardsDealt", another_card("pile", -1))
    assert_caught(db, table.campaign, tmp_path, place, "pile")


def test_a_rewritten_shot_is_caught_whether_it_hit_or_missed(db: str, tmp_path: Path) -> None:
    services = build(db)
    services.create_campaign("Shotgun City", "western-parade", "1873-04-12 08:00")
    _characters(services, "Shotgun City", sample("wp_sam"), sample("wp_joe"))
    services.close()
    shot = ("western-parade", "shoot", "Shotgun City", "Sam Parkerson", "Joe Hambuster", "-w", "Colt SA Peacemaker", "--distance", "20")
    assert cli(db, *shot)[0] == 0
    _, event = last(db, member(db, "Shotgun City", "Sam Parkerson"), "ShotFired")
    # §3.3.1: a hit's location and damage, or a miss's stray direction, follow from the dice.
    field, change = ("location", _flip("location")) if event["hit"] else ("stray", _flip("stray"))
    place = forged_then_sealed(db, "Shotgun City", "Sam Parkerson", "ShotFired", change)
    assert_caught(db, "Shotgun City", tmp_path, place, field)


@pytest.mark.parametrize(("topic", "field"), [("SimpleConflictRolled", "winner"), ("FirstAidGiven", "success")])
def test_a_rewritten_microfudge_conflict_or_first_aid_is_caught(db: str, tmp_path: Path, topic: str, field: str) -> None:
    services = build(db)
    services.create_campaign("Zombies", "microfudge", "Day 1 08:00")
    _characters(services, "Zombies", HARVEY, JIM)
    services.close()
    # L253: a simple conflict; L359: first aid on a Revers.
    assert cli(db, "microfudge", "conflict", "Zombies", "Harvey", "Athlétisme", "Jim", "Athlétisme")[0] == 0
    assert cli(db, "microfudge", "setback", "Zombies", "Harvey", "--severity", "2")[0] == 0
    assert cli(db, "microfudge", "first-aid", "Zombies", "Harvey", "--healer", "Jim", "--setback", "1")[0] == 0
    place = forged_then_sealed(db, "Zombies", "Harvey", topic, _flip(field))
    assert_caught(db, "Zombies", tmp_path, place, field)


def test_a_rewritten_elor_hit_location_is_caught(db: str, tmp_path: Path) -> None:
    table = elor(db)
    # §Application des dommages: a blow with no location named is placed by the D100 table.
    assert cli(db, "elor", "damage", table.campaign, "Aldo", "--amount", "3")[0] == 0
    place = forged_then_sealed(db, table.campaign, "Aldo", "DamageTaken", _flip("location"))
    assert_caught(db, table.campaign, tmp_path, place, "location")


def test_a_rewritten_improvement_roll_is_caught(db: str, tmp_path: Path) -> None:
    table = western_parade(db)
    # §2.3: an improvement roll the GM grants now; its gain follows from the open d100 (and 1d4).
    improve = ("western-parade", "downtime", "improve", table.campaign, table.roller, "--target", "Armes de poing", "--reason", "practice")
    assert cli(db, *improve)[0] == 0
    lucky = lambda e: e.__setitem__("outcome", {**e["outcome"], "gain": e["outcome"]["gain"] + 5})  # noqa: E731
    place = forged_then_sealed(db, table.campaign, table.roller, "ImprovementRolled", lucky)
    assert_caught(db, table.campaign, tmp_path, place, "outcome")


def test_a_rewritten_power_is_caught(db: str, tmp_path: Path) -> None:
    services = build(db)
    services.create_campaign("Guns", "microfudge", "Day 1 08:00")
    _characters(services, "Guns", {"name": "Psy", "status": "expert", "ranks": {"Conscience": 5, "Tir": 5}})
    services.close()
    # L441: a power is a Test of its domain, one Potentiel spent whatever it gives.
    assert cli(db, "microfudge", "power", "Guns", "Psy", "resistance-thermique")[0] == 0
    place = forged_then_sealed(db, "Guns", "Psy", "PowerUsed", _flip("final"))
    assert_caught(db, "Guns", tmp_path, place, "final")


@pytest.mark.parametrize(
    ("topic", "field"),
    [("FirstAidGiven", "result"), ("WoundReopened", "reopened"), ("ComaEndured", "losses"), ("SoberingAttempted", "outcome")],
)
def test_a_rewritten_body_roll_is_caught(db: str, tmp_path: Path, topic: str, field: str) -> None:
    table = western_parade(db)
    who = (table.campaign, table.roller)
    # §3.2.4 first aid on a bleeding wound; §3.2.8.3 an effort on an unhealed wound; §4.1.3 an
    # ethylic coma, then an emergency sobering.
    for command in (
        ("wound", *who, "left-arm", "4", "--kind", "blade"),
        ("first-aid", *who, "left-arm", "--by", table.roller),
        ("effort", *who, "left-arm"),
        ("drink", *who, "40"),
        ("sober", *who),
    ):
        code, out = cli(db, "western-parade", "body", *command)
        assert code == 0, out
    place = forged_then_sealed(db, table.campaign, table.roller, topic, _flip(field))
    assert_caught(db, table.campaign, tmp_path, place, field)


def test_a_rewritten_infection_roll_is_caught(db: str, tmp_path: Path) -> None:
    table = western_parade(db)
    # §3.2.8.1: an untreated wound is rolled for infection each day.
    assert cli(db, "western-parade", "body", "wound", table.campaign, table.roller, "left-arm", "2", "--kind", "blade")[0] == 0
    assert cli(db, "session", "end", table.campaign)[0] == 0
    assert cli(db, "advance", table.campaign, "3d", "--yes")[0] == 0
    assert cli(db, "session", "start", table.campaign)[0] == 0
    place = forged_then_sealed(db, table.campaign, table.roller, "InfectionRolled", _flip("infected"))
    assert_caught(db, table.campaign, tmp_path, place, "infected")


def test_a_rewritten_cartes_survival_draw_is_caught(db: str) -> None:
    services = scripted_services(db)
    name = wounded_party(services)  # §Survie: Alice's deep wound is drawn for in downtime
    services.advance(name, lambda c: c.clock + 86400)
    alice = services.world(name).character("Alice").id.hex
    services.close()
    version, event = last(db, alice, "SurvivalChecked")
    place = forge(db, alice, version, lambda e: e.__setitem__("outcome", {**e["outcome"], "success": not e["outcome"]["success"]}))
    code, out = verify(db, name)
    assert code == 1 and f"FAILED at {place}: field outcome" in out, out


def test_a_rewritten_death_timer_from_blood_loss_is_caught(db: str, tmp_path: Path) -> None:
    table = western_parade(db)
    # §3.2.4, WB16: a bullet wound bleeding on in downtime; beyond saving, a d60 sets death's hour.
    assert cli(db, "western-parade", "body", "wound", table.campaign, table.roller, "left-arm", "5")[0] == 0
    assert cli(db, "session", "end", table.campaign)[0] == 0
    assert cli(db, "advance", table.campaign, "2h", "--yes")[0] == 0
    assert cli(db, "session", "start", table.campaign)[0] == 0
    later = lambda e: e.__setitem__("dying_at", e["dying_at"] + 3600)  # noqa: E731 - an hour more to be saved in
    place = forged_then_sealed(db, table.campaign, table.roller, "BloodLost", later)
    assert_caught(db, table.campaign, tmp_path, place, "dying_at")


def test_a_rewritten_head_bullet_roll_is_caught(db: str, tmp_path: Path) -> None:
    table = western_parade(db)
    # §3.2.7.3: a bullet dealing the head at least half its PV (L1997) stays in; the victim's roll
    # for what becomes of it follows the wound at once (ruling WB23).
    assert cli(db, "western-parade", "body", "wound", table.campaign, table.roller, "head", "9")[0] == 0
    luckier = lambda e: e.__setitem__("outcome", {**e["outcome"], "total": e["outcome"]["total"] - 50})  # noqa: E731
    place = forged_then_sealed(db, table.campaign, table.roller, "HeadBulletRolled", luckier)
    assert_caught(db, table.campaign, tmp_path, place, "outcome")


# -- 2. drawn cards are checked against the shuffle ------------------------------------------------


def test_a_drawn_card_rewritten_and_re_chained_is_caught(db: str, tmp_path: Path) -> None:
    table = cartes(db)
    place = forged_then_sealed(db, table.campaign, "general", "Deck.CardsDrawn", another_card("cards"))
    assert_caught(db, table.campaign, tmp_path, place, "cards")


# -- 3. harmless events do not move draw places ---------------------------------------------------


def test_recording_events_that_draw_nothing_never_changes_a_later_roll(backend: str, tmp_path: Path) -> None:
    from support import fresh_database

    rolls = []
    for orders in (0, 3):
        with fresh_database(backend, tmp_path) as db:
            services = scripted_services(db)  # the same seeds in both journals
            services.create_campaign("Shotgun City", "western-parade", "1873-04-12 08:00")
            _characters(services, "Shotgun City", sample("wp_sam"))
            for _ in range(orders):  # care orders on the roller's own chain: they move its version, not its draw place
                services.act("Shotgun City", lambda w: order_activity(w, "Sam Parkerson", "bed"))
            services.act("Shotgun City", lambda w: check(w, "Sam Parkerson", Check(skill="Armes de poing")))
            services.close()
            version, event = last(db, member(db, "Shotgun City", "Sam Parkerson"), "CheckRolled")
            rolls.append((version, event["draw"], event["chance"]))
    assert rolls[0][0] != rolls[1][0]  # the roll sits at another version...
    assert rolls[0][1:] == rolls[1][1:] == (0, rolls[0][2])  # ...and draws the very same faces


def test_a_roll_draws_at_its_place_in_the_epoch_not_at_its_version(db: str) -> None:
    table = western_parade(db)
    sam = member(db, table.campaign, "Sam Parkerson")
    _, event = last(db, sam, "CheckRolled")
    assert event["draw"] == 0 and event["epoch"] == "session-1"
    services = build(db)
    try:
        campaign = services.campaign(table.campaign)
        key = epoch_key(services.vault.seed(campaign.id, "session-1"), [], FORMAT)
    finally:
        services.close()
    stream = KeyedStream.v2(key, dashed(sam), "session-1", 0)
    assert [stream.die(100) for _ in event["chance"]] == [op["value"] for op in event["chance"]]


def test_a_hidden_gm_draw_stays_visible_as_a_face_down_entry(db: str) -> None:
    table = cartes(db)
    assert cli(db, "cartes", "draw", table.campaign, "--count", "2", "--hidden")[0] == 0
    bundle = json.loads(json.dumps(build_bundle(db, table.campaign)))
    hidden = [e for e in bundle["events"] if e.get("hidden")]
    assert any(e["event"]["topic"].endswith("Deck.CardsDrawn") for e in hidden)
    assert Audit.check_bundle(bundle).ok


def build_bundle(db: str, campaign: str, *, for_players: bool = True) -> dict[str, Any]:
    services = build(db)
    try:
        return services.audit.bundle(campaign, for_players=for_players)
    finally:
        services.close()


# -- 4. a dry run shows what could happen, never what will ------------------------------------------


def test_a_dry_run_draws_from_a_throwaway_key_and_says_so(db: str) -> None:
    services = scripted_services(db)
    name = wounded_party(services)  # a deep wound: the next day brings a survival draw from a fresh shuffle
    dry = services.advance(name, lambda c: c.clock + 86400, dry_run=True)
    done = services.advance(name, lambda c: c.clock + 86400)
    services.close()
    shuffles = [[e.chance for e in run.events if type(e).__qualname__ == "Deck.Shuffled"] for run in (dry, done)]
    assert shuffles[0] and shuffles[1]
    assert shuffles[0][0] != shuffles[1][0]  # 52! orders: the same one would be a leak of the real key
    code, out = cli(db, "advance", name, "1d", "--dry-run")
    assert code == 0 and "SIMULATED with throwaway dice" in out, out


# -- 5. commitments are sealed when made --------------------------------------------------------


def receipt(db: str, campaign: str) -> tuple[str, str]:
    """The receipt printed at a boundary: (seal, commitment)."""
    services = build(db)
    try:
        c = services.campaign(campaign)
        return c.seals[-1]["seal"], c.epochs[c.epoch]["commitment"]
    finally:
        services.close()


def test_a_session_started_again_after_deleting_it_breaks_the_players_receipt(db: str, tmp_path: Path) -> None:
    table = cartes(db)
    seal, commitment = receipt(db, table.campaign)
    campaign = campaign_hex(db)
    started = next(v for v, topic, _ in rows(db, campaign) if topic.endswith("SessionStarted"))
    # The cheat: every event from the session's start on, its vault row and the snapshots, gone.
    for originator in {campaign, member(db, table.campaign, "Alice"), member(db, table.campaign, "general")}:
        sql(db, ("DELETE FROM {snapshots} WHERE originator_id = :id", {"id": dashed(originator)}))
    sql(db, *((DELETE, {"id": dashed(campaign), "version": v}) for v, _, _ in rows(db, campaign) if v >= started))
    for name in ("Alice", "general"):
        who = member(db, table.campaign, name)
        session = ("CardsDealt", "Shuffled", "CardsDrawn", "TestMade")
        dealt = [v for v, topic, _ in rows(db, who) if topic.endswith(session)]
        sql(db, *((DELETE, {"id": dashed(who), "version": v}) for v in dealt))
    sql(db, ("DELETE FROM chronique_epoch_seeds WHERE epoch = 'session-1'", {}))
    assert cli(db, "session", "start", table.campaign)[0] == 0
    assert verify(db, table.campaign)[0] == 0  # alone, the journal looks honest...
    code, out = verify(db, table.campaign, "--seal", seal)
    assert code == 1 and "does not hold this seal any more" in out, out  # ...but not to a player who kept the receipt
    code, out = verify(db, table.campaign, "--commitment", commitment)
    assert code == 1 and "does not hold this commitment any more" in out, out
    code, out = offline_verdict(db, table.campaign, tmp_path, "--seal", seal)
    assert code == 1 and "does not hold this seal any more" in out, out


def test_a_swapped_vault_seed_stops_the_session_end_as_a_damaged_journal_EB2(db: str) -> None:
    # Ruling EB2: a journal whose vault contradicts its chain is the environment's failure (exit 1).
    table = cartes(db)
    before = len(rows(db, campaign_hex(db)))
    sql(db, ("UPDATE chronique_epoch_seeds SET seed = :s WHERE epoch = 'session-1'", {"s": "11" * 32}))
    code, out = cli(db, "session", "end", table.campaign)
    assert (code, out) == (1, "error: the journal is damaged: the vaulted seed does not match the commitment of the dice of session 1\n")
    assert len(rows(db, campaign_hex(db))) == before


def test_a_seed_put_in_the_vault_before_its_commitment_is_refused(db: str) -> None:
    services = build(db)
    services.create_campaign("Verdelune", "cartes", None)
    campaign_id = services.campaign("Verdelune").id
    services.close()
    before = len(rows(db, campaign_hex(db)))
    ground = "INSERT INTO chronique_epoch_seeds (campaign_id, epoch, seed) VALUES (:c, 'session-1', :s)"
    sql(db, (ground, {"c": str(campaign_id), "s": "00" * 32}))
    code, out = cli(db, "session", "start", "Verdelune")
    assert code == 2 and "already holds a secret for the dice of session 1" in out and out.count("\n") == 1, out
    assert len(rows(db, campaign_hex(db))) == before  # nothing recorded


def test_a_downtime_rewritten_after_the_next_session_started_is_caught(db: str, tmp_path: Path) -> None:
    services = scripted_services(db)
    name = wounded_party(services)
    services.advance(name, lambda c: c.clock + 86400)
    services.start_session(name)
    alice = services.world(name).character("Alice").id.hex
    seal = services.campaign(name).seals[-1]["seal"]
    services.close()
    # A night's rest (A14): no rule re-derives it, so only the seal can tell it was rewritten.
    version, event = last(db, alice, "PileRested")
    place = forge(db, alice, version, _flip("pile_count"))
    code, out = verify(db, name)
    assert code == 1 and "Campaign.Sealed): field heads" in out, out  # the session-start seal covers the downtime
    code, out = verify(db, name, "--seal", seal)
    assert code == 1, out
    assert place  # the forged rest is the one the seal no longer covers


def test_receipts_are_printed_at_both_boundaries(db: str) -> None:
    services = build(db)
    services.create_campaign("Verdelune", "cartes", None)
    services.close()
    for command in ("start", "end"):
        code, out = cli(db, "session", command, "Verdelune")
        seal, commitment = receipt(db, "Verdelune")
        assert code == 0 and f"seal: {seal}" in out and commitment in out, out


# -- 6. face-down events are salted ------------------------------------------------------------------


def test_face_down_events_carry_the_salt_of_their_epoch_and_a_forged_salt_is_caught(db: str, tmp_path: Path) -> None:
    table = cartes(db)
    alice = member(db, table.campaign, "Alice")
    version, dealt = last(db, alice, "CardsDealt")
    services = build(db)
    key = epoch_key(services.vault.seed(services.campaign(table.campaign).id, "session-1"), [], FORMAT)
    services.close()
    assert dealt["salt"] == salt(key, dashed(alice), version) and len(dealt["salt"]) == 32
    place = forged_then_sealed(db, table.campaign, "Alice", "CardsDealt", lambda e: e.__setitem__("salt", "0" * 32))
    assert_caught(db, table.campaign, tmp_path, place, "salt")


def test_a_deck_shuffled_in_a_revealed_epoch_is_gathered_before_its_next_draw(db: str) -> None:
    services = scripted_services(db)
    name = wounded_party(services)
    services.advance(name, lambda c: c.clock + 86400)  # a survival draw shuffles the deck in downtime-1
    services.start_session(name)  # downtime-1's seed is revealed: its order is public
    services.act(name, lambda w: gm_draw(w, 1, "", "omen"))
    deck = services.world(name).decks["general"]
    services.close()
    kinds = [(topic.rpartition(".")[2], json.loads(state).get("epoch")) for _, topic, state in rows(db, deck.id.hex)]
    gathered = len(kinds) - 1 - [k[0] for k in reversed(kinds)].index("Gathered")
    shuffles = [k for k in kinds[:gathered] if k[0] == "Shuffled"]
    assert shuffles[-1] == ("Shuffled", "downtime-1") and kinds[gathered - 1][0] == "CardsDrawn"  # cards were left from downtime
    assert kinds[gathered + 1] == ("Shuffled", "session-2") and kinds[gathered + 2][0] == "CardsDrawn"


def test_a_face_down_pile_is_counted_not_shown_to_players_in_sheets_and_exports(db: str, tmp_path: Path) -> None:
    table = cartes(db)  # Alice's pile was dealt face down at the session's first draw
    services = build(db)
    alice = services.world(table.campaign).character("Alice").condition
    pile, hand = alice["pile"], alice["hand"]
    services.close()
    secret = set(pile) - set(hand)  # the hand is Alice's to read; a card in both proves nothing
    assert secret
    players = json.loads(cli(db, "sheet", table.campaign, "Alice", "--json")[1])["condition"]
    assert players["pile"] is None and players["pile_count"] == len(pile)
    assert json.loads(cli(db, "sheet", table.campaign, "Alice", "--json", "--gm")[1])["condition"]["pile"] == pile
    code, shown = cli(db, "sheet", table.campaign, "Alice")
    assert code == 0 and f"pile: {len(pile)} card{'s' * (len(pile) != 1)} face down" in shown, shown
    for fmt in ("json", "md", "html"):
        assert cli(db, "export", "sheet", table.campaign, "Alice", "--format", fmt, "-o", str(tmp_path / f"alice.{fmt}"))[0] == 0
        text = (tmp_path / f"alice.{fmt}").read_text(encoding="utf-8")
        assert not any(f'"{card}"' in text or f" {card}" in text for card in secret), fmt
    cli(db, "export", "sheet", table.campaign, "Alice", "--format", "json", "--gm", "-o", str(tmp_path / "gm.json"))
    assert json.loads((tmp_path / "gm.json").read_text(encoding="utf-8"))["condition"]["pile"] == pile


# -- 7. bundle fields are not trusted -----------------------------------------------------------------


def _closed_bundle(db: str) -> dict[str, Any]:
    table = cartes(db)
    assert cli(db, "session", "end", table.campaign)[0] == 0
    return build_bundle(db, table.campaign)


def test_a_bundle_whose_epoch_list_disagrees_with_the_chain_fails(db: str) -> None:
    bundle = _closed_bundle(db)
    for change, why in (
        (lambda e: e.__setitem__("seed", "11" * 32), "a seed other than the chain's"),
        (lambda e: e.__setitem__("seed", None), "a seed other than the chain's"),
        (lambda e: e.__setitem__("commitment", "22" * 32), "a commitment other than the chain's"),
    ):
        forged = json.loads(json.dumps(bundle))
        change(forged["epochs"][1])
        report = Audit.check_bundle(forged)
        assert not report.ok and why in str(report.failure), report.summary()


def test_a_hidden_entry_of_a_revealed_epoch_or_of_a_kind_never_face_down_fails(db: str) -> None:
    bundle = _closed_bundle(db)
    cases = (("CardsDealt", "still hidden although its epoch session-1 is revealed"), ("SessionStarted", "never recorded face down"))
    for wanted, why in cases:
        forged = json.loads(json.dumps(bundle))
        entry = next(e for e in forged["events"] if e["event"]["topic"].endswith(wanted))
        keys = ("topic", "originator_id", "originator_version", "prev_hash", "sealed_until")
        entry["event"] = {k: entry["event"].get(k, "session-1" if k == "sealed_until" else None) for k in keys}
        entry["hidden"] = True
        report = Audit.check_bundle(forged)
        assert not report.ok, report.summary()
        assert why in str(report.failure), report.summary()


def test_a_character_slipped_into_the_store_that_the_campaign_never_took_in_fails(db: str) -> None:
    # The reads place a character by the campaign its creation names: a creation no MemberJoined
    # covers would show in the log and sheets of players while no chain of the campaign holds it.
    table = cartes(db)
    original = member(db, table.campaign, table.roller)
    _, topic, state = rows(db, original)[0]
    created = json.loads(state)
    ghost = "0badc0de-0000-4000-8000-000000000003"
    created.update(originator_id=ghost, name="Ghost")
    insert = "INSERT INTO {events} (originator_id, originator_version, topic, state) VALUES (:id, 1, :topic, :state)"
    sql(db, (insert, {"id": ghost, "topic": topic, "state": canonical_bytes(created)}))
    code, out = verify(db, table.campaign)
    assert code == 1 and f"FAILED at {ghost}:1 (Character.Created): it names this campaign, which never took it in" in out, out


def test_a_sealed_event_shown_face_down_until_a_later_epoch_fails(db: str) -> None:
    # FAIRNESS.md v2, "Face-down events are salted": an event is face down until the epoch running
    # when it was recorded. A bundle that hid a session-1 test "until session-2" (committed later,
    # still secret) would skip checking it, whatever it claimed; with every receipt kept.
    table = cartes(db)
    assert cli(db, "session", "end", table.campaign)[0] == 0
    assert cli(db, "session", "start", table.campaign)[0] == 0
    honest = build_bundle(db, table.campaign)
    assert Audit.check_bundle(honest).ok
    forged = json.loads(json.dumps(honest))
    entry = next(e for e in forged["events"] if e["event"]["topic"].endswith(table.topic))
    place = f"{entry['event']['originator_id']}:{entry['event']['originator_version']} ({table.topic})"
    keys = ("topic", "originator_id", "originator_version", "prev_hash")
    entry["event"] = {**{k: entry["event"][k] for k in keys}, "sealed_until": "session-2"}
    entry["hidden"] = True
    report = Audit.check_bundle(forged)
    assert not report.ok and "session-2, an epoch the chain committed only after it was recorded" in str(report.failure), report.summary()
    assert place in report.summary(), report.summary()


# -- 8. robustness: a verdict, never a traceback ------------------------------------------------------


def test_a_journal_missing_its_session_end_gets_a_verdict_not_a_traceback(db: str, tmp_path: Path) -> None:
    table = cartes(db)
    assert cli(db, "session", "end", table.campaign)[0] == 0
    campaign = campaign_hex(db)
    ended = next(v for v, topic, _ in rows(db, campaign) if topic.endswith("SessionEnded"))
    sql(db, (DELETE, {"id": dashed(campaign), "version": ended}))
    code, out = verify(db, table.campaign)
    assert code == 1 and f"FAILED at {dashed(campaign)}:{ended + 1}" in out and "Traceback" not in out, out
    code, out = cli(db, "audit", "export", table.campaign, "-o", str(tmp_path / "b.json"))
    assert "Traceback" not in out and code in (0, 1, 2), out


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b.__setitem__("events", "nothing"),
        lambda b: b["events"].__setitem__(0, 42),
        lambda b: b["events"][3].__setitem__("event", None),
        lambda b: b["events"][0]["event"].__setitem__("originator_version", "one"),
        lambda b: b["seals"].append({"session": 9}),
        lambda b: b["epochs"].__setitem__(0, "epoch"),
        lambda b: b.__setitem__("campaign_id", None),
    ],
)
def test_a_damaged_bundle_gets_a_verdict_from_the_standalone_verifier(db: str, tmp_path: Path, damage: Callable[[Any], None]) -> None:
    bundle = _closed_bundle(db)
    damage(bundle)
    (tmp_path / "bundle.json").write_text(json.dumps(bundle), encoding="utf-8")
    assert cli(db, "audit", "verifier", "-o", str(tmp_path / "verify.pyz"))[0] == 0
    checked = offline(tmp_path / "verify.pyz", tmp_path / "bundle.json")
    assert checked.returncode == 1 and checked.stdout.startswith("FAILED at ") and "Traceback" not in checked.stderr, checked


def test_the_journal_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    db = str(tmp_path / "journal.db")
    services = build(db)
    services.create_campaign("Verdelune", "cartes", None)
    services.close()
    assert stat.S_IMODE(os.stat(db).st_mode) == 0o600


# -- 9. truncation ------------------------------------------------------------------------------------


def test_a_journal_cut_short_after_a_kept_seal_fails_verify_with_that_receipt(db: str, tmp_path: Path) -> None:
    table = cartes(db)
    assert cli(db, "session", "end", table.campaign)[0] == 0
    assert cli(db, "session", "start", table.campaign)[0] == 0
    seal, _ = receipt(db, table.campaign)
    campaign = campaign_hex(db)
    cut = [v for v, topic, _ in rows(db, campaign)][-2:]  # session 2's start and its seal
    sql(db, ("DELETE FROM {snapshots} WHERE originator_id = :id", {"id": dashed(campaign)}))
    sql(db, *((DELETE, {"id": dashed(campaign), "version": v}) for v in cut))
    assert verify(db, table.campaign)[0] == 0  # a shorter journal is still a consistent one...
    code, out = verify(db, table.campaign, "--seal", seal)
    assert code == 1 and "cut short" in out, out  # ...which the kept receipt exposes
