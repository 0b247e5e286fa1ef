"""The spine as the round-7 play-test found it, on a real journal: one way of cutting what a
refusal repeats, what `undo` says of cards still face down, a pacing stored with an hour past 23,
and two characters whose names differ only by accents."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from microfudge_table import zombies_at_the_table
from support import SAMPLES, run
from verdelune_party import verdelune_party

from chronique.adapters.explain import locate
from chronique.adapters.services import Chronique
from chronique.cli.daemon import NOTHING_UNDER_WAY
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import WEEK, DayCountCalendar, GregorianCalendar, parse_duration
from chronique.domain.pacing import Pacing
from chronique.domain.text import shortened
from chronique.domain.verifier import receipt_misread
from chronique.domain.world import World
from chronique.web.pages import Reader, explain_page

# -- One cut for every echo of what was typed (ruling EB3's lengths) -------------------------------


def test_a_text_is_cut_to_its_limit_with_an_ellipsis_saying_the_rest_was_cut() -> None:
    assert shortened("Verdelune", 9) == "Verdelune"
    assert shortened("Verdelune!", 9) == "Verdelun…"
    assert len(shortened("x" * 10_000, 40)) == 40


def test_every_echo_of_a_long_text_stops_at_its_limit_ellipsis_included(services: Chronique) -> None:
    # An event's reference, a duration and a kept receipt each repeated within their limit: the
    # web page once kept 40 characters and added the ellipsis, one past the others.
    services.create_campaign("Verdelune", "cartes", "Day 1 08:00")
    with pytest.raises(RuleViolation) as page:
        explain_page(services, Reader("Verdelune", "Ana", False, "token"), "z" * 100)
    assert str(page.value) == f"There is no event “{'z' * 39}…” in this campaign."  # quoted as typed (ruling NT7)
    with pytest.raises(RuleViolation) as duration:
        parse_duration("9" * 100)
    assert str(duration.value).startswith(f"“{'9' * 39}…” is not a duration")
    with pytest.raises(RuleViolation) as ref:
        locate(services.audit, "a" * 300 + ":1")  # `audit show`: a page pasted was repeated to the line's 300
    assert str(ref.value) == f"no event “{'a' * 79}…” in this journal"
    for calendar in (GregorianCalendar("1873-04-12"), DayCountCalendar()):
        with pytest.raises(RuleViolation) as date:
            calendar.parse("9" * 400)  # `sheet --as-of` or `log --from` pasted a page: 400 digits were repeated
        assert str(date.value).startswith(f"“{'9' * 39}…” is not a ")
    assert receipt_misread("--seal", "a" * 100) == f"--seal takes 64 hexadecimal digits, as a receipt prints them, not “{'a' * 19}…”"


# -- undo and the cards still face down (FAIRNESS.md: nothing face down shows to players) --------


def _ambush(db: str) -> tuple[str, str]:
    """A Cartes session whose first draw is the GM's hidden one (the piles dealt face down with
    it, §Distribution des cartes L84-90); the cards it drew, and what the GM's log says of it."""
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    for who in ("alice", "bruno"):
        run(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / f"{who}.toml"))
    run(db, "session", "start", "Verdelune")
    drawn = run(db, "cartes", "draw", "Verdelune", "--count", "3", "--hidden", "--reason", "the ambush").stdout.strip()
    cards = drawn.split(" drawn for ")[0]
    assert drawn == f"{cards} drawn for the GM (the ambush), face down to the players until the reveal"  # C141
    return cards, f"{cards} drawn for the GM (the ambush)"


def test_undo_counts_the_face_down_cards_without_naming_them_and_the_gm_sees_them(db: str) -> None:
    cards, gm_line = _ambush(db)
    gm = run(db, "undo", "Verdelune", "--dry-run", "--gm").stdout
    assert f"general: {gm_line}" in gm
    # The piles as the GM reads them: "9♥ A♣ 8♦ Q♣ 9♣ 5♣ J♦ drawn for Alice (pile dealt)".
    piles = [line.split(": ", 1)[1].split(" drawn for ")[0] for line in gm.splitlines() if line.endswith("(pile dealt)")]
    assert len(piles) == 2 and all(len(pile.split()) == 7 for pile in piles)  # 7 cards each (A15)
    shown = run(db, "undo", "Verdelune", "--dry-run").stdout
    lines = shown.splitlines()
    assert sum(line.endswith(": 7 cards drawn, face down until the dice of session 1 are revealed") for line in lines) == 2
    assert any(line.endswith("general: 3 cards drawn, face down until the dice of session 1 are revealed") for line in lines)
    # The deal itself says what players may read of it: the hand, and the pile counted.
    assert sum("dealt a hand of" in line and line.endswith("and a pile of 7 cards face down") for line in lines) == 2
    as_json = json.dumps(json.loads(run(db, "undo", "Verdelune", "--dry-run", "--json").stdout), ensure_ascii=False)
    for told in (shown, as_json):
        assert cards not in told and "the ambush" not in told and not any(pile in told for pile in piles)


def test_undo_of_a_hidden_test_keeps_its_outcome_face_down_for_players(db: str) -> None:
    _ambush(db)
    told = run(db, "cartes", "test", "Verdelune", "Alice", "Contact", "--hidden").stdout.strip()
    outcome = told.split(": ", 2)[2]  # "9♥ → success, quality 9" of "Alice draws Contact: target 9, +0 moyenne: …"
    taken = run(db, "undo", "Verdelune", "--reason", "wrong skill").stdout.splitlines()
    voided = [line for line in taken if line.startswith("  voided ")]
    assert len(voided) == 1 and voided[0].endswith("  Alice: face down until the dice of session 1 are revealed")
    assert not any(outcome in line for line in taken)
    # The GM's undo of the same kind of test names it.
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact", "--hidden")
    gm = run(db, "undo", "Verdelune", "--gm").stdout
    assert "Alice: Contact against 9" in gm


def test_the_downtime_report_and_board_keep_what_a_hidden_roll_did_for_the_gm_until_revealed_L343(db: str, tmp_path: Path) -> None:
    # FAIRNESS.md v2 (ruling FP9), as the web journal's campaign page (WJ17): Jim's hidden hazard
    # on Psychologie Faible (2) −3 against Impossible (8) is at most 3, five short: 3 Revers, a
    # Décisif and a critical state (L343, L351). The report and the board told it to whoever
    # read the screen before the session's dice were revealed.
    zombies_at_the_table(db, tmp_path)
    run(db, "microfudge", "hazard", "Zombies", "Jim", "Psychologie", "-d", "impossible", "--modifier", "-3", "--hidden")
    players = [
        run(db, "downtime", "report", "Zombies").stdout,
        run(db, "downtime", "report", "Zombies", "--since", "Day 1 00:00").stdout,
        run(db, "downtime", "board", "Zombies").stdout,
    ]
    # The board lists what runs, and says so when nothing does (ruling TB14).
    # The report says which span had nothing notable (ruling TB15).
    assert players == [
        "Zombies: nothing notable between the campaign's start and the start of session 1, both at Day 1 08:00\n",
        "Zombies: nothing notable since Day 1 00:00 (the clock reads Day 1 08:00)\n",
        f"Zombies: {NOTHING_UNDER_WAY}\n",
    ]
    gm = run(db, "downtime", "report", "Zombies", "--since", "Day 1 00:00", "--gm").stdout
    assert "Jim took a Blessure grave ou mortelle" in gm and "needs medical care" in gm
    assert "needs medical care" in run(db, "downtime", "board", "Zombies", "--gm").stdout
    run(db, "session", "end", "Zombies")  # the dice of session 1 revealed: the players see it too
    assert "Jim took a Blessure grave ou mortelle" in run(db, "downtime", "report", "Zombies", "--since", "Day 1 00:00").stdout


# -- A pacing stored with an hour past 23 (ruling TB12) ---------------------------------------------

MONDAY = "2026-01-05T00:00:00+00:00"  # a Monday


def _paced_before_the_fix(services: Chronique) -> str:
    """A campaign whose pacing was recorded with "mon 25:00", as a pacing was stored before such
    times were refused: through the campaign's own event, never checked by ``make_pacing``."""
    services.create_campaign("Verdelune", "cartes", "Day 1 08:00")

    def pace(world: World) -> None:
        world.campaign.set_pacing(Pacing(None, "mon 25:00", WEEK, "UTC", None, MONDAY, world.campaign.clock))

    services.act("Verdelune", pace)
    return "Verdelune"


def test_a_pacing_stored_at_mon_25_00_fires_on_tuesday_at_01_00_ruling_tb12(services: Chronique) -> None:
    name = _paced_before_the_fix(services)
    campaign = services.campaign(name)
    clock = campaign.clock
    assert campaign.paced_target(datetime(2026, 1, 6, 0, 59, tzinfo=UTC)) is None
    assert campaign.paced_target(datetime(2026, 1, 6, 1, 0, tzinfo=UTC)) == clock + WEEK
    assert campaign.paced_target(datetime(2026, 1, 13, 1, 0, tzinfo=UTC)) == clock + 2 * WEEK
    advanced = services.pace(campaign.id, datetime(2026, 1, 6, 1, 0, tzinfo=UTC))
    assert advanced is not None and services.campaign(name).clock == clock + WEEK


def test_a_pacing_stored_at_mon_25_00_reads_tue_01_00_and_its_event_is_never_rewritten_ruling_tb12(services: Chronique, db: str) -> None:
    name = _paced_before_the_fix(services)
    shown = run(db, "pace", "show", name).stdout
    assert shown.startswith(f"{name}: in-game time moves on 1 week every tue 01:00 (UTC), counted from 2026-01-05 00:00 UTC")
    log = run(db, "log", name).stdout
    assert "pacing set: in-game time moves on 1 week every tue 01:00 (UTC)" in " ".join(log.split())
    stored = [e["event"] for e in json.loads(run(db, "log", name, "--json").stdout) if e["event"]["topic"].endswith("PacingSet")]
    assert [e["pacing"]["every"] for e in stored] == ["mon 25:00"]
    assert run(db, "verify", name).returncode == 0


# -- Two characters whose names differ only by accents (ruling EB13) -------------------------------


def _named(tmp_path: Path, name: str) -> str:
    sheet = tmp_path / f"{len(list(tmp_path.iterdir()))}.toml"
    sheet.write_text(
        (SAMPLES / "alice.toml").read_text(encoding="utf-8").replace('name = "Alice"', f'name = "{name}"', 1), encoding="utf-8"
    )
    return str(sheet)


def test_a_character_named_as_another_but_for_accents_is_refused_in_one_line_ruling_eb13(db: str, tmp_path: Path) -> None:
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    run(db, "character", "new", "Verdelune", "--sheet", _named(tmp_path, "Élise"))
    before = run(db, "log", "Verdelune", "--json").stdout
    for alike in ("Elise", "ELISE", "élise"):
        refused = run(db, "character", "new", "Verdelune", "--sheet", _named(tmp_path, alike), check=False)
        assert (refused.returncode, refused.stdout) == (2, "")
        assert refused.stderr == (
            "error: campaign Verdelune already has a character named Élise: names are told apart without case or accents\n"
        )
    assert run(db, "log", "Verdelune", "--json").stdout == before
    # "Elise" typed, as names may be typed without accents (ruling NM1), is Élise: never another.
    assert json.loads(run(db, "sheet", "Verdelune", "Elise", "--json").stdout)["sheet"]["name"] == "Élise"
    run(db, "character", "new", "Verdelune", "--sheet", _named(tmp_path, "Elisa"))  # another name once folded


def test_undo_after_a_session_s_end_says_in_full_why_it_cannot_take_it_back_ruling_un3(db: str) -> None:
    # The session's whole description filled the line's 300 characters and cut the why short
    # ("… a session's start and end, its seeds, …").
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    run(db, "session", "start", "Verdelune")
    run(db, "session", "end", "Verdelune")
    refused = run(db, "undo", "Verdelune", check=False)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == (
        "error: the last command recorded “session 1 ended”, which cannot be taken back: of a campaign's own events only a clock"
        " advance, a pacing,"
        " a player assigned, a setting or a recap can be; a session's start and end, its seeds, seals and draws stand\n"
    )


def test_a_player_given_again_to_the_character_they_play_records_nothing_and_says_so_ruling_tb2(db: str) -> None:
    # As a setting given the value it has (ruling TB2): the log read "Alice is now played by
    # Marie" twice, and `undo` then took back an assignment that changed nothing.
    verdelune_party(db, session=False)
    assert run(db, "character", "player", "Verdelune", "Alice", "Marie").stdout == "Alice is played by Marie\n"
    before = run(db, "log", "Verdelune", "--json").stdout
    # Found without case or accents, as a player is (ruling WJ12).
    assert run(db, "character", "player", "Verdelune", "Alice", "marie").stdout == "Alice is played by Marie already; nothing recorded.\n"
    assert run(db, "log", "Verdelune", "--json").stdout == before
    assert run(db, "character", "player", "Verdelune", "Alice", "Paul").stdout == "Alice is played by Paul\n"


def test_a_sheet_as_of_an_event_past_the_end_of_its_chain_is_no_event_never_before_the_character_existed(db: str) -> None:
    # `sheet --as-of <campaign id>:999` read "Alice did not exist yet at event …:999", of an event
    # no chain holds; one past Alice's own chain read "Alice has no event 99". Both are no event
    # of the campaign, as an id of no one's is.
    verdelune_party(db, session=False)
    log = json.loads(run(db, "log", "Verdelune", "--json").stdout)
    ids = {e["event"]["topic"].rsplit(":", 1)[1]: e["event"]["originator_id"].replace("-", "")[:8] for e in log}
    for ref in (f"{ids['Campaign.Created']}:999", f"{ids['Character.Created']}:99"):
        refused = run(db, "sheet", "Verdelune", "Alice", "--as-of", ref, check=False)
        assert (refused.returncode, refused.stderr) == (2, f"error: no event “{ref}” in Verdelune: `chronique log` lists its events\n")
    created = f"{ids['Character.Created']}:1"
    assert run(db, "sheet", "Verdelune", "Alice", "--as-of", created).stdout.startswith(
        f"Alice — standing, as it stood when event {created}"
    )


def test_a_sheet_file_past_200000_bytes_is_refused_unread_as_a_note_s_file_is(db: str, tmp_path: Path) -> None:
    # `character new --sheet /dev/zero` read until memory ran out; a sheet of 300,000 bytes (a
    # page of comments after Alice's fields) joined the campaign.
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    sheet = tmp_path / "alice.toml"
    sheet.write_text((SAMPLES / "alice.toml").read_text(encoding="utf-8") + "# padding\n" * 30_000, encoding="utf-8")
    refused = run(db, "character", "new", "Verdelune", "--sheet", str(sheet), check=False)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == f"error: sheet {sheet} holds more than 200,000 bytes: a character's sheet is far shorter\n"
    assert "Alice" not in run(db, "campaign", "show", "Verdelune").stdout
