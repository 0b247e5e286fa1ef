"""``chronique shell`` (issue 20): one warm process runs the CLI's commands line after line, with
the same results as the one-shot command; errors are one line and the shell goes on; another
writer's events are seen at the next command; a refused command leaves nothing ahead of the
store; completion offers the warm world's names. Driven through standard input, in process."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.document import Document
from support import chronique, run, sample, scripted_services, shell, stored
from verdelune_party import verdelune_party

from chronique.adapters.bootstrap import build
from chronique.cli.context import State
from chronique.cli.shell import Line, Warm
from chronique.cli.shell_completion import ShellCompleter
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.rulesets.microfudge.rules import parse_difficulty as mf_difficulty
from chronique.domain.rulesets.westernparade.combat import parse_aim

SAMPLES = Path(__file__).parents[2] / "cli" / "samples"


@cache
def _cli() -> Any:
    import typer.main

    from chronique.cli.app import app

    return typer.main.get_command(app)


def stored_version(db: str, aggregate: Any) -> int:
    """The newest version of ``aggregate`` in the store, read raw."""
    return max(version for originator, version, _, _ in stored(db) if originator == aggregate.id.hex)


def events(db: str, campaign: str) -> list[dict[str, Any]]:
    return [entry["event"] for entry in json.loads(run(db, "log", campaign, "--json", "--gm").stdout)]


def open_session(db: str) -> str:
    """A Cartes campaign with Alice and Bruno and an open session, made by the one-shot CLI."""
    verdelune_party(db, ("alice", "bruno"))
    return db


@pytest.fixture
def verdelune(db: str) -> str:
    """:func:`open_session` on each backend."""
    return open_session(db)


@pytest.fixture
def verdelune_file(db_path: Path) -> str:
    """:func:`open_session` in a SQLite file, for what only a file allows (replacing it, cutting it short)."""
    return open_session(str(db_path))


def test_a_scripted_cartes_session_gives_what_the_one_shot_cli_gives(verdelune: str) -> None:
    played = shell(
        verdelune,
        "# a comment line (ruling SL3)\n"
        "cartes test Alice Contact --reason fight#2\n"
        "cartes test Verdelune Bruno Vigilance --difficulty facile\n",
        "Verdelune",
    )
    assert played.returncode == 0, played.stderr
    # cartes.md §3.2: each test is one draw, recorded as one TestMade; the campaign was put in for Alice's.
    made = [e for e in events(verdelune, "Verdelune") if e["topic"].endswith("TestMade")]
    assert [line.split(" draws ")[0] for line in played.stdout.splitlines()] == ["Alice", "Bruno"]
    assert [e["purpose"] for e in made] == ["fight#2", ""]  # a '#' inside a word is kept
    read = shell(verdelune, "sheet Alice\nlog --gm --json\nluck\n", "Verdelune")
    one_shot = [
        run(verdelune, *words).stdout
        for words in (("sheet", "Verdelune", "Alice"), ("log", "Verdelune", "--gm", "--json"), ("luck", "Verdelune"))
    ]
    assert read.returncode == 0, read.stderr
    assert read.stdout == "".join(one_shot)


def test_a_scripted_western_parade_session_gives_what_the_one_shot_cli_gives(db: str) -> None:
    made = shell(
        db,
        "campaign new 'Shotgun City' --ruleset western-parade --start '1873-04-12 08:00'\n"
        f"character new 'Shotgun City' --sheet {SAMPLES / 'wp_sam.toml'}\n"
        "session start 'Shotgun City'\n",
    )
    assert made.returncode == 0, made.stderr
    played = shell(
        db, "western-parade roll 'Sam Parkerson' --skill 'Armes de poing'\nwestern-parade roll 'Sam Parkerson' -c FOR\n", "Shotgun City"
    )
    assert played.returncode == 0, played.stderr
    # Western Parade §2.1: a roll is a d100 under the score, recorded with its faces and quality;
    # under it, the improvement roll its success earned, if it did (§2.4.7, §2.5).
    lines = played.stdout.splitlines()
    rolls = [line for line in lines if line.startswith("Sam Parkerson: chance ")]
    rolled = [e for e in events(db, "Shotgun City") if "Roll" in e["topic"]]
    assert len(rolls) == len(rolled) == 2, [e["topic"] for e in events(db, "Shotgun City")]
    earned = [e for e in events(db, "Shotgun City") if e["topic"].endswith(":ImprovementGranted")]
    others = [line for line in lines if line not in rolls]
    assert len(others) == len(earned) and all(line.startswith("Sam Parkerson earned an improvement roll in ") for line in others)
    read = shell(db, "sheet 'Sam Parkerson'\nlog --gm\n", "Shotgun City")
    assert read.stdout == run(db, "sheet", "Shotgun City", "Sam Parkerson").stdout + run(db, "log", "Shotgun City", "--gm").stdout


@pytest.mark.parametrize(
    ("game", "campaign", "sheet", "who", "plays", "topic"),
    [
        # MicroFudge «1 – Tests» L245-L253: a Test is 4dF on the rank, recorded as one TestRolled.
        ("microfudge", "Bayou", "mf_harvey.toml", "Harvey",
         ["microfudge test Harvey Pilotage --difficulty difficile", "microfudge test Harvey Combat"], "TestRolled"),
        # Elor §Tests: 1 + effort D10 under the action level, recorded as one TestRolled.
        ("elor", "Monchu Pachu", "elor_montana.toml", "Montana James",
         ["elor test 'Montana James' --faculty Esprit --profession Archéologue", "elor test 'Montana James' -e 1"], "TestRolled"),
    ],
    ids=["microfudge", "elor"],
)  # fmt: skip
def test_a_scripted_session_of_the_other_games_gives_what_the_one_shot_cli_gives(
    db: str, game: str, campaign: str, sheet: str, who: str, plays: list[str], topic: str
) -> None:
    made = shell(
        db,
        f"campaign new '{campaign}' --ruleset {game} --start 'Day 1 08:00'\n"
        f"character new '{campaign}' --sheet {SAMPLES / sheet}\n"
        f"session start '{campaign}'\n",
    )
    assert made.returncode == 0, made.stderr
    played = shell(db, "".join(f"{line}\n" for line in plays), campaign)
    assert played.returncode == 0, played.stderr
    assert [line.startswith(who) for line in played.stdout.splitlines()] == [True, True], played.stdout
    rolled = [e for e in events(db, campaign) if e["topic"].endswith(topic)]
    assert len(rolled) == 2, [e["topic"] for e in events(db, campaign)]
    read = shell(db, f"sheet '{who}'\nlog --gm\nluck\n", campaign)
    assert read.returncode == 0, read.stderr
    one_shot = [run(db, *words).stdout for words in (("sheet", campaign, who), ("log", campaign, "--gm"), ("luck", campaign))]
    assert read.stdout == "".join(one_shot)


def test_errors_are_one_line_each_and_the_shell_goes_on(verdelune: str) -> None:
    before = len(events(verdelune, "Verdelune"))
    done = shell(verdelune, "cartes test Alice Nonesuch\ncartes test Alice 'Contact\nbogus\nsheet Alice --json\n", "Verdelune")
    errors = done.stderr.splitlines()
    assert len(errors) == 3 and all(line.startswith("error: ") for line in errors), errors
    assert "Nonesuch" in errors[0] and "quotation" in errors[1] and "bogus" in errors[2]
    assert json.loads(done.stdout)["name"] == "Alice"  # the line after the errors ran
    assert len(events(verdelune, "Verdelune")) == before  # nothing recorded by the refused lines
    assert done.returncode == 2  # ruling SL3: the status of the last line that failed


def test_help_lists_the_commands_and_shows_a_command_s_help_in_the_shell_s_words(verdelune: str) -> None:
    listed = shell(verdelune, "help\n", "Verdelune")
    assert listed.returncode == 0 and listed.stderr == ""
    assert "`help COMMAND`" in listed.stdout and re.search(r"^  cartes +", listed.stdout, re.MULTILINE), listed.stdout
    asked = shell(verdelune, "help cartes test\ncartes test --help\n", "Verdelune")
    first, second = asked.stdout.split("Usage: ")[1:]
    assert first == second and first.startswith("cartes test [OPTIONS]"), asked.stdout  # never 'chronique cartes test'
    # A refused line points to help as the shell's lines ask for it (ruling SL7).
    refused = shell(verdelune, "cartes test Alice\nbogus\n", "Verdelune")
    assert refused.stderr.splitlines() == [
        "error: missing argument SKILL (see `cartes test --help`)",
        "error: no such command “bogus” (see `help`)",
    ]


def test_completion_offers_help_and_the_commands_it_names(verdelune: str) -> None:
    warm = Warm(verdelune)
    try:
        line = Line(_cli(), warm, "Verdelune")
        assert completions(line, "he") == ["help"]
        assert completions(line, "help car") == ["cartes"]
        assert completions(line, "help cartes te") == ["test"]
        assert completions(line, "help cartes test ") == []
    finally:
        warm.close()


def test_exit_leaves_and_what_follows_is_not_run(verdelune: str) -> None:
    done = shell(verdelune, "exit\ncartes test Alice Contact\n", "Verdelune")
    assert (done.returncode, done.stdout) == (0, "")
    assert not [e for e in events(verdelune, "Verdelune") if e["topic"].endswith("TestMade")]


def test_an_unknown_campaign_for_the_shell_is_refused_in_one_line(verdelune: str) -> None:
    done = shell(verdelune, "sheet Alice\n", "Nowhere")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: ") and "Nowhere" in done.stderr and len(done.stderr.splitlines()) == 1


def test_another_writer_is_seen_at_the_next_command(verdelune: str) -> None:
    warm = Warm(verdelune)
    try:
        lent = warm.lend(State(verdelune, "one"), create=False)
        assert lent is not None
        alice = lent.world("Verdelune").character("Alice")
        assert alice.id in warm.services().journal.repository.cache.cache  # kept warm
        other = build(verdelune, create=False)  # another terminal, the daemon, the web server
        try:
            other.act("Verdelune", lambda w: make_test(w, "Alice", TestRequest("Contact", 1)))
        finally:
            other.close()
        again = warm.lend(State(verdelune, "two"), create=False)
        assert again is not None
        seen = again.world("Verdelune").character("Alice")
        assert seen.version == stored_version(verdelune, alice) > alice.version
        # And the warm shell records after it, without a conflict.
        again.act("Verdelune", lambda w: make_test(w, "Alice", TestRequest("Contact", 1)))
    finally:
        warm.close()
    assert len([e for e in events(verdelune, "Verdelune") if e["topic"].endswith("TestMade")]) == 2


def test_a_refused_command_leaves_no_kept_aggregate_ahead_of_the_store(verdelune: str) -> None:
    warm = Warm(verdelune)
    try:
        services = warm.lend(State(verdelune, "one"), create=False)
        assert services is not None
        version = services.world("Verdelune").character("Alice").version

        def draw_then_refuse(world: Any) -> None:
            make_test(world, "Alice", TestRequest("Contact", 1))
            raise RuleViolation("refused after the draw")

        with pytest.raises(RuleViolation):
            services.act("Verdelune", draw_then_refuse)
        alice = services.world("Verdelune").character("Alice")
        assert alice.version == version == stored_version(verdelune, alice)
        services.act("Verdelune", lambda w: make_test(w, "Alice", TestRequest("Contact", 1)))
        assert version < services.world("Verdelune").character("Alice").version == stored_version(verdelune, alice)
    finally:
        warm.close()
    assert run(verdelune, "verify", "Verdelune").returncode == 0


def test_a_restore_is_refused_in_the_shell_and_the_journal_is_left_as_it_is(verdelune_file: str, tmp_path: Path) -> None:
    # Ruling SL8 (it replaced SL4's restore in the shell): `restore` swaps the journal the shell
    # keeps open, so it is one line refused, and the shell goes on on the journal as it is; a
    # journal replaced by another program is still read afresh (SL4, the test below).
    verdelune = verdelune_file  # a PostgreSQL journal is restored by PostgreSQL's own tools
    backup = tmp_path / "before.db"
    done = shell(
        verdelune,
        f"backup -o {backup}\ncartes test Alice Contact\nrestore {backup}\nsheet Alice --json\n",
        "Verdelune",
    )
    assert done.returncode == 2
    assert done.stderr == "error: a restore replaces the journal the shell has open: leave the shell, then run `chronique restore`\n"
    decoder = json.JSONDecoder()
    sheets = [decoder.raw_decode(done.stdout, m.start())[0] for m in re.finditer(r"^\{", done.stdout, re.MULTILINE)]
    assert sheets == [json.loads(run(verdelune, "sheet", "Verdelune", "Alice", "--json").stdout)]
    assert not list(tmp_path.glob("*.before-restore-*")) and not list(Path(verdelune).parent.glob("*.before-restore-*"))


def test_a_journal_replaced_under_the_shell_is_read_afresh(verdelune_file: str) -> None:
    verdelune = verdelune_file  # the journal is cut short through SQLite itself
    import sqlite3

    warm = Warm(verdelune)
    try:
        services = warm.lend(State(verdelune, "one"), create=False)
        assert services is not None
        before = services.world("Verdelune").character("Alice").version
        newest = services.journal.recorder.max_notification_id()
        services.act("Verdelune", lambda w: make_test(w, "Alice", TestRequest("Contact", 1)))
        warm.settle()
        # Another program puts back the journal as it was before the draw (a restore, pg_restore).
        with sqlite3.connect(verdelune) as cut:
            cut.execute("DELETE FROM stored_events WHERE rowid > ?", (newest,))
            cut.execute("DELETE FROM stored_snapshots")
        warm.check()
        again = warm.lend(State(verdelune, "two"), create=False)
        assert again is not None
        assert again.world("Verdelune").character("Alice").version == before
    finally:
        warm.close()


def completions(line: Line, text: str) -> list[str]:
    return [c.text for c in ShellCompleter(line).get_completions(Document(text), None)]  # type: ignore[arg-type]


def test_completion_offers_commands_and_the_warm_world_names(verdelune: str) -> None:
    services = scripted_services(verdelune)
    try:
        services.create_character("Verdelune", sample("brigand") | {"name": "Gaspard le Borgne"})
    finally:
        services.close()
    warm = Warm(verdelune)
    try:
        line = Line(_cli(), warm, "Verdelune")
        assert completions(line, "car") == ["cartes"]
        assert completions(line, "cartes te") == ["test"]
        assert completions(line, "cartes test ") == ["Alice", "Bruno", "'Gaspard le Borgne'"]
        assert completions(line, "cartes test Verdelune B") == ["Bruno"]
        assert completions(line, "sheet G") == ["'Gaspard le Borgne'"]
        # Alice's own skills (cli/samples/alice.toml), accents kept and matched without them.
        assert completions(line, "cartes test Alice ") == ["Athlétisme", "Contact", "Discrétion", "Distance", "Vigilance"]
        assert completions(line, "cartes test Alice 'discr") == ["Discrétion"]
        assert completions(line, "cartes test Alice Contact --diff") == ["--difficulty"]
        assert completions(line, "cartes test Alice Contact --difficulty tres") == ["tres-difficile", "tres-facile"]
        assert completions(line, "log --character A") == ["Alice"]
        bare = Line(_cli(), warm, None)
        assert completions(bare, "sheet ") == ["Verdelune"]
    finally:
        warm.close()


@contextmanager
def completing(db: str, game: str, campaign: str, *sheets: str, start: str = "Day 1 08:00") -> Iterator[Line]:
    """A shell's line on a new campaign of ``game`` with the characters of ``sheets`` (cli/samples)."""
    run(db, "campaign", "new", campaign, "--ruleset", game, "--start", start)
    for sheet in sheets:
        run(db, "character", "new", campaign, "--sheet", str(SAMPLES / sheet))
    warm = Warm(db)
    try:
        yield Line(_cli(), warm, campaign)
    finally:
        warm.close()


def test_completion_offers_weapons_and_locations_in_western_parade(db: str) -> None:
    with completing(db, "western-parade", "Shotgun City", "wp_sam.toml", start="1873-04-12 08:00") as line:
        assert completions(line, "western-parade shoot 'Sam Parkerson' 'Sam Parkerson' --weapon ") == ["'Colt SA Peacemaker'"]
        assert completions(line, "western-parade roll 'Sam Parkerson' --skill 'Armes de p") == ["'Armes de poing'"]
        assert "head" in completions(line, "western-parade body wound 'Sam Parkerson' ")
        assert completions(line, "western-parade body wound 'Sam Parkerson' thr") == ["throat"]
        # Tables 3.11-3.14: a half of the body, or a precise target sided where the body has two.
        aims = completions(line, "western-parade shoot 'Sam Parkerson' 'Sam Parkerson' --aim ")
        assert {"none", "upper", "lower", "head", "heart", "left-arm", "right-thigh"} <= set(aims) and "arm" not in aims
        for aim in aims:
            parse_aim(aim)  # every one offered is one the shot takes
        # §1.6.3: the difficulty steps, in English and French.
        assert completions(line, "western-parade roll 'Sam Parkerson' --difficulty very") == ["very-difficult", "very-easy"]


def test_completion_offers_characteristics_and_weapon_classes_in_microfudge(db: str) -> None:
    with completing(db, "microfudge", "Bayou", "mf_harvey.toml", "mf_jim.toml") as line:
        assert completions(line, "microfudge test Harvey Pil") == ["Pilotage"]
        assert {"Pilotage", "Athlétisme", "Vigueur", "Combat", "Médecine"} <= set(completions(line, "microfudge test Harvey "))
        # Psychologie is a field of Jim's alone (cli/samples/mf_jim.toml): the opponent's
        # characteristic is offered from the opponent's sheet, the roller's from the roller's.
        assert completions(line, "microfudge conflict Harvey Psy") == []
        assert completions(line, "microfudge conflict Harvey Pilotage Jim Psy") == ["Psychologie"]
        # A weapon is named by its class («b – Armes» L469-L483).
        assert completions(line, "microfudge test Harvey Pilotage --weapon ") == ["heavy", "light", "massive", "medium"]
        # «Degrés de difficulté» L255-L267 and «Champs d'expertise» L283-L289: the options' words.
        assert completions(line, "microfudge test Harvey Pilotage --difficulty tres") == ["tres-difficile"]
        assert completions(line, "microfudge test Harvey Pilotage --related ") == ["close", "distant", "related"]
        for difficulty in completions(line, "microfudge test Harvey Pilotage --difficulty "):
            mf_difficulty(difficulty)  # every one offered is one the Test takes
        assert completions(line, "microfudge power Harvey regen") == ["regeneration"]


def test_completion_offers_professions_familiarities_weapons_and_locations_in_elor(db: str) -> None:
    with completing(db, "elor", "Monchu Pachu", "elor_montana.toml", "elor_samson.toml") as line:
        montana = "elor test 'Montana James'"
        assert completions(line, f"{montana} --profession ") == ["Archéologue", "Aventurier"]
        assert completions(line, f"{montana} --faculty ") == ["Coordination", "Esprit", "Mental", "Physique"]
        # His own familiarities and his culture's (§Cultures: Universitaires).
        assert completions(line, f"{montana} --familiarity ") == ["'Coutumes universitaires'", "Fouets", "Glyphes", "'Langage académique'"]
        assert completions(line, f"{montana} --attribute 'Perception v") == ["'Perception visuelle'"]
        assert completions(line, "elor attack 'Montana James' Samson --weapon ") == ["Fouet"]
        # The other side's option offers the other side's professions.
        assert completions(line, "elor oppose 'Montana James' Samson --their-profession ") == ["Guerrier"]
        # A human's seven locations (§Humains).
        seven = ["abdomen", "head", "left-arm", "left-leg", "right-arm", "right-leg", "torso"]
        assert completions(line, "elor damage Samson --location ") == seven


@pytest.mark.parametrize(
    ("game", "setting", "values"),
    [
        ("cartes", "players-write-notes", ["off", "on"]),
        ("western-parade", "healing", ["hollywood", "realistic"]),  # digest §4.4: Hollywood rules
        ("microfudge", "fatigue", ["off", "on"]),
        ("elor", "wake_test", ["off", "on"]),
    ],
)
def test_completion_offers_the_game_s_settings_and_their_values(db: str, game: str, setting: str, values: list[str]) -> None:
    from chronique.domain.rulesets import ruleset
    from chronique.domain.spine_settings import schema_of

    with completing(db, game, "Table", start="Day 1 08:00" if game != "western-parade" else "1873-04-12 08:00") as line:
        offered = completions(line, "campaign set ")
        assert setting in offered and "players-write-notes" in offered
        assert sorted(offered) == sorted(s.key for s in schema_of(ruleset(game).settings_schema()))
        assert completions(line, f"campaign set {setting} ") == values
        accepted = run(db, "campaign", "set", "Table", setting, values[-1], check=False)
        assert accepted.returncode == 0, accepted.stderr  # what is offered, the command takes


@pytest.mark.slow
def test_a_script_on_standard_input_runs_in_a_real_process(verdelune: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "chronique.cli", "--db", verdelune, "shell", "Verdelune"],
        input="cartes test Alice Contact\nsheet Alice --json\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Alice draws Contact")
    assert json.loads(done.stdout[done.stdout.index("{") :]) == json.loads(
        chronique(verdelune, "sheet", "Verdelune", "Alice", "--json").stdout
    )


def test_a_line_that_names_a_campaign_wrongly_is_told_so_not_given_the_shell_s_too_ruling_sl11(verdelune: str) -> None:
    """Ruling SL11: `campaign show Nope` gives every argument the command takes, so its first is
    the campaign asked for: the shell puts its own in only where a line leaves room for it."""
    done = shell(verdelune, "campaign show Nope\nundo Nope --dry-run\nuse Nope\ncampaign show\n", "Verdelune")
    assert done.stderr.splitlines() == ["error: no campaign named “Nope” (one of Verdelune)"] * 3
    assert done.stdout.startswith("Verdelune — Cartes")  # the line leaving it out plays the shell's
