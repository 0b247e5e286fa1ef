"""The spine as the round-8 play-test found it, on a real journal: luck said in words rather
than a z-score, a negative number where a count is expected refused in the command's own words,
an empty downtime board that says what it would list, and `correct` naming an event as the log
does."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from microfudge_table import zombies_at_the_table
from support import SAMPLES, run, sample, scripted_services
from verdelune_party import verdelune_party

from chronique.adapters.undo import undo
from chronique.domain.luck import Tally
from chronique.domain.text import plural

# -- Luck in words (ruling LK11) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("successes", "words"),
    [
        (50, "as expected"),
        (45, "unluckier than most"),  # one sd short: about one player in six does as badly
        (56, "luckier than most"),
        (40, "unusually unlucky (about 1 in 44)"),  # two sd: the normal curve's one-sided 2.3 %
        (65, "unusually lucky (about 1 in 740)"),  # three sd
        (70, "unusually lucky (about 1 in 32,000)"),  # four sd, to two figures
    ],
)
def test_luck_says_how_unusual_a_gap_is_in_words_ruling_lk11(successes: int, words: str) -> None:
    # 100 rolls at one chance in two: 50 expected, one standard deviation of 5 successes.
    assert Tally(100, successes, Fraction(50), Fraction(25)).how_unusual() == words


def test_luck_shows_no_bare_z_column_and_its_json_keeps_the_figures_ruling_lk11(db: str) -> None:
    verdelune_party(db)
    for _ in range(3):
        run(db, "cartes", "test", "Verdelune", "Alice", "Contact", "--from", "deck")
    table = run(db, "luck", "Verdelune").stdout
    head = next(line for line in table.splitlines() if "Draws" in line)
    assert [cell.strip() for cell in head.strip("|┃│ ").split("|")] == ["Character", "Draws", "Successes", "Expected ± 1 sd", "How unusual"]
    assert re.search(r"\bz\b", " ".join(table.split())) is None
    alice = json.loads(run(db, "luck", "Verdelune", "--json").stdout)["Alice"]
    assert isinstance(alice["z"], float) and alice["how_unusual"] == alice["verdict"] == "too few rolls to tell"


# -- A negative number where a count is expected (ruling EB14) -----------------------------------


@pytest.mark.parametrize(
    ("game", "sheet", "command", "said"),
    [
        ("cartes", "alice.toml", ("cartes", "xp", "award", "C", "Alice", "-1"), "the number of cards must be at least 1"),
        ("elor", "elor_montana.toml", ("elor", "xp", "award", "C", "Montana James", "-3"), "the number of points must be between 1 and"),
        (
            "western-parade",
            "wp_joe.toml",
            ("western-parade", "body", "wound", "C", "Joe Hambuster", "torso", "-4"),
            "the damage must be between 1 and",
        ),
    ],
)
def test_a_negative_count_is_refused_in_the_command_s_words_naming_its_range_ruling_eb14(
    db: str, game: str, sheet: str, command: tuple[str, ...], said: str
) -> None:
    # Click took "-1" for an option: "no such option: -1", which named neither the value nor its range.
    run(db, "campaign", "new", "C", "--ruleset", game, "--start", "1873-04-12 08:00" if game == "western-parade" else "Day 1 08:00")
    run(db, "character", "new", "C", "--sheet", str(SAMPLES / sheet))
    before = run(db, "log", "C", "--gm", "--json").stdout
    refused = run(db, *command, check=False)
    got = command[-1]
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr.startswith(f"error: {said}") and refused.stderr.endswith(f"(got {got})\n")
    assert refused.stderr.count("\n") == 1
    assert run(db, "log", "C", "--gm", "--json").stdout == before


def test_a_negative_number_is_a_value_where_a_command_takes_one_and_an_unknown_option_stays_refused_ruling_eb14(
    db: str, tmp_path: Path
) -> None:
    # MicroFudge «4 – Expérience»: the Narrator takes an Atout back with a negative count, read
    # as the count it is; a word of a dash and letters is still no option of the command.
    zombies_at_the_table(db, tmp_path)
    assert run(db, "microfudge", "atout", "award", "Zombies", "Jim", "2").stdout.strip() == "Jim gains 2 experience Atouts"
    assert run(db, "microfudge", "atout", "award", "Zombies", "Jim", "-1").stdout.strip() == "Jim loses 1 experience Atout"
    # A negative duration is no duration, in the duration's words (not "no such option: -1").
    backwards = run(db, "advance", "Zombies", "-1w", check=False)
    assert (backwards.returncode, backwards.stderr) == (2, "error: “-1w” is not a duration (write e.g. `30s`, `10m`, `3h`, `2d`, `1w`)\n")
    unknown = run(db, "downtime", "board", "Zombies", "-x", check=False)
    assert unknown.returncode == 2 and unknown.stderr.startswith("error: no such option “-x”")


# -- The downtime board with nothing under way (ruling TB14) --------------------------------------


def test_an_empty_downtime_board_says_nothing_runs_between_sessions_ruling_tb14(db: str) -> None:
    verdelune_party(db, session=False)
    board = run(db, "downtime", "board", "Verdelune").stdout
    assert board == "Verdelune: nothing under way between sessions: no healing, training or long action running\n"
    assert json.loads(run(db, "downtime", "board", "Verdelune", "--json").stdout) == []


# -- correct names an event as the log prints it (ruling UN13) -------------------------------------


def test_correct_names_the_event_by_the_log_s_reference_whatever_prefix_was_typed_ruling_un13(db: str) -> None:
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    joined = run(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / "alice.toml")).stdout
    alice = re.search(r"\(([0-9a-f-]{36})\)", joined)
    assert alice is not None
    run(db, "cartes", "xp", "award", "Verdelune", "Alice", "2")
    ref = f"{alice.group(1).replace('-', '')[:8]}:2"  # her second event, the award
    assert f"| {ref} " in run(db, "log", "Verdelune").stdout
    typed = f"{ref[:4]}:2"
    assert run(db, "correct", typed, "--reason", "a slip").stdout == f"voided event {ref} of Alice: a slip\n"
    again = run(db, "correct", typed, "--reason", "a slip", check=False)
    assert (again.returncode, again.stderr) == (2, f"error: event {ref} of Alice is voided already, by {ref[:8]}:3\n")  # EB38
    past = run(db, "correct", f"{ref[:4]}:9", "--reason", "a slip", check=False)
    assert past.stderr == f"error: Alice has no event {ref[:8]}:9 that can be voided\n"


# -- undo and a Cartes support (ruling UN11) -------------------------------------------------------


def test_undo_of_a_support_counts_the_cards_it_put_face_down_in_the_pile_ruling_un11(db: str) -> None:
    # §Déroulement du tour L293-296: a resource support puts cards into the supported pile, face
    # down; undo said of it what players may read, the cards counted, never named. A power
    # support is never face down: its card is the one the supporter's open draw retained.
    from chronique.domain.rulesets.cartes.draws import TestRequest, make_test, support
    from chronique.domain.rulesets.cartes.events import SupportReceived

    services = scripted_services(db)
    services.create_campaign("Verdelune", "cartes", "Day 1 08:00")
    for who in ("alice", "bruno"):
        services.create_character("Verdelune", sample(who))
    services.start_session("Verdelune")
    services.act("Verdelune", lambda w: make_test(w, "Alice", TestRequest("Contact", 1)))  # the deal (A15)

    def supported(kind: str) -> bool:
        request = TestRequest("Médecine", -1, "deck", manoeuvre=kind)
        return services.act("Verdelune", lambda w: support(w, "Bruno", "Alice", request)).success

    # The scripted seeds make each draw the same on every run: a bounded number of tries.
    for kind in ("power", "resource"):
        assert any(supported(kind) for _ in range(12))
    received = {e.kind: e for e in services.log("Verdelune") if isinstance(e, SupportReceived)}
    assert received["power"].sealed_until is None and received["resource"].sealed_until == "session-1"
    told, shown = undo(services, "Verdelune", dry_run=True, gm=True), undo(services, "Verdelune", dry_run=True)
    gm = {a.ref: a.description for a in told.voided + told.kept}
    players = {a.ref: a.description for a in shown.voided + shown.kept}
    count = len(received["resource"].cards)
    assert count >= 1
    differ = {ref: (players[ref], gm[ref]) for ref in gm if players[ref] != gm[ref]}
    # Only the deck's draw of the pile's cards reads otherwise: the support's line counts them.
    assert [said for said, _ in differ.values()] == [f"{plural(count, 'card')} drawn, face down until the dice of session 1 are revealed"]
    assert [told.endswith("drawn for Alice (resource support)") for _, told in differ.values()] == [True]
    assert f"supported by Bruno: {plural(count, 'resource card')} for their pile" in players.values()
