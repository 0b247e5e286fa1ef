"""Round 27 of the spine: what the shell's refusals and hints tell a GM to type (ruling SL13), the
verifier and the bundle named as they were written (EB48), and a day alone to `sheet --as-of`
(EB49)."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

from support import SAMPLES, run, shell
from verdelune_party import verdelune_party


def _refused(db: str, *args: str) -> str:
    """The one line a refused command writes on standard error."""
    said = run(db, *args, check=False)
    assert said.returncode == 2, said
    return said.stderr.strip()


def test_the_shell_s_refusals_and_hints_name_commands_as_its_lines_are_typed_ruling_sl13(db: str) -> None:
    # Found by the round-26 spine review: EB44 mended the wrong game's refusal alone; in the shell,
    # whose lines go without `chronique` (ruling SL7), the others still said "`chronique log` lists
    # its events", "`chronique undo` takes it back", "`chronique character player …` names one".
    verdelune_party(db)
    lines = "\n".join(
        (
            "sheet Alice --as-of ffffffff:3",
            "audit show zzz",
            "invite Verdelune Bob",
            'note recap "A quiet night."',
            "use --clear",
            "use",
        )
    )
    said = shell(db, lines + "\n", "Verdelune")
    assert said.stderr.splitlines() == [
        "error: no event “ffffffff:3” in Verdelune: `log` lists its events",
        "error: “zzz” is not an event reference (write <id>:<version>, as `log` shows)",
        "error: Verdelune has no players yet: `character player Verdelune CHARACTER PLAYER` names one, or `--gm` issues the GM's link",
    ]
    assert "; `undo` takes it back." in said.stdout
    assert "`chronique" not in said.stdout
    # The command line keeps the program's name, as every hint there has it.
    assert _refused(db, "sheet", "Verdelune", "Alice", "--as-of", "ffffffff:3") == (
        "error: no event “ffffffff:3” in Verdelune: `chronique log` lists its events"
    )
    assert _refused(db, "invite", "Verdelune", "Bob").startswith(
        "error: Verdelune has no players yet: `chronique character player Verdelune CHARACTER PLAYER` names one"
    )
    assert run(db, "note", "recap", "Verdelune", "More.").stdout.endswith("; `chronique undo` takes it back.\n")


def test_the_verifier_and_the_bundle_are_named_as_they_were_written_ruling_eb48(db: str, tmp_path: Path) -> None:
    # Found by the round-26 spine review: `audit verifier -o /tmp/v.pyz` said "run `python v.pyz
    # bundle.json`", the file's name alone (not found from elsewhere) and a bundle no one had made;
    # `audit export` said nothing of how to check the bundle it wrote (FAIRNESS.md: players verify offline).
    verdelune_party(db)
    verifier = tmp_path / "tools" / "v.pyz"
    verifier.parent.mkdir()
    said = run(db, "audit", "verifier", "-o", str(verifier)).stdout
    assert said == (
        f"wrote {verifier}, the standalone verifier: `python {verifier} BUNDLE.json` checks the bundle "
        "`chronique audit export CAMPAIGN -o BUNDLE.json` writes\n"
    )
    bundle = tmp_path / "the bundle.json"
    wrote = run(db, "audit", "export", "Verdelune", "-o", str(bundle)).stdout.splitlines()
    assert wrote[1] == (
        "to check it offline: `chronique audit verifier -o verify.pyz` writes the verifier, "
        f"then `python verify.pyz {shlex.quote(str(bundle))}`"
    )
    # What the two lines say to type does check the bundle.
    typed = shlex.split(wrote[1].rsplit("`", 2)[1].replace("verify.pyz", shlex.quote(str(verifier))))
    checked = subprocess.run([sys.executable, *typed[1:]], capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0 and checked.stdout.startswith("OK:"), checked
    # In the shell, the command of the journal is named as its lines are typed (ruling SL13).
    in_shell = shell(db, f"audit verifier -o {shlex.quote(str(verifier))}\n", "Verdelune")
    assert in_shell.stdout.endswith("checks the bundle `audit export CAMPAIGN -o BUNDLE.json` writes\n")


def test_a_day_alone_is_its_end_or_the_clock_while_it_runs_ruling_eb49(db: str) -> None:
    # Found by the round-26 spine review: `sheet --as-of 1873-04-12` on the campaign's first day
    # was refused, "1873-04-12 00:00 is before the campaign began (1873-04-12 08:00)": a day alone
    # read as its first second, where a player asking for his sheet "as of the 12th" means its end.
    run(db, "campaign", "new", "Dust", "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", "Dust", "--sheet", str(SAMPLES / "wp_joe.toml"))
    # The day still running: as it stands at the clock.
    first = run(db, "sheet", "Dust", "Joe", "--as-of", "1873-04-12").stdout.splitlines()
    assert first[0] == "Joe Hambuster — standing, as it stood at 1873-04-12 08:00"
    run(db, "advance", "Dust", "2d")
    # A day gone by: its end, the very sheet of its last second.
    whole = run(db, "sheet", "Dust", "Joe", "--as-of", "1873-04-12").stdout.splitlines()
    assert whole[0] == "Joe Hambuster — standing, as it stood at the end of 1873-04-12"
    last_second = run(db, "sheet", "Dust", "Joe", "--as-of", "1873-04-12 23:59:59").stdout.splitlines()
    assert whole[1:] == last_second[1:]
    # A day not begun is after the clock, as before; a time of day keeps its moment.
    assert _refused(db, "sheet", "Dust", "Joe", "--as-of", "1873-04-15") == (
        "error: 1873-04-15 00:00 is after the campaign's clock (1873-04-14 08:00): nothing is known of it yet"
    )
    assert run(db, "sheet", "Dust", "Joe", "--as-of", "1873-04-12 09:00").stdout.startswith(
        "Joe Hambuster — standing, as it stood at 1873-04-12 09:00\n"
    )
    # A game that counts days reads "Day 1" alike.
    verdelune_party(db)
    assert run(db, "sheet", "Verdelune", "Alice", "--as-of", "Day 1").stdout.startswith("Alice — standing, as it stood at Day 1 08:00\n")


def test_a_page_of_one_event_is_counted_in_the_singular_ruling_eb50(db: str) -> None:
    # Found by the round-27 spine play-test: `log --limit 1` said "page 1 of 5, 1 events a page",
    # and a page past the end "(1 entries a page)".
    verdelune_party(db)
    total = len(json.loads(run(db, "log", "Verdelune", "--json").stdout))
    first = run(db, "--ascii", "log", "Verdelune", "--limit", "1").stdout.splitlines()
    assert first[-1] == f"page 1 of {total}, 1 event a page ({total} in all): `--page 2` shows the next"
    past = run(db, "log", "Verdelune", "--limit", "1", "--page", str(total + 5)).stdout
    assert past == f"Verdelune: page {total + 5} is past the end of the log asked for (1 entry a page): the last is `--page {total}`\n"


def test_an_empty_journal_names_the_command_that_begins_in_backticks_as_typed_where_it_is_read_ruling_sl14(db: str) -> None:
    # Found by the round-27 spine play-test: `campaign list` said "create one with: chronique
    # campaign new NAME …", bare and with `chronique` in the shell too, and the shell's `use`
    # "'campaign new NAME --ruleset GAME' creates one", between straight quotes (ruling EB35).
    run(db, "init")
    games = "(GAME one of cartes, elor, microfudge, western-parade)"
    assert run(db, "campaign", "list").stdout == f"no campaign yet: `chronique campaign new NAME --ruleset GAME` creates one {games}\n"
    said = shell(db, "campaign list\nuse\n").stdout.splitlines()
    assert said == [
        f"no campaign yet: `campaign new NAME --ruleset GAME` creates one {games}",
        "no campaign in use, and the journal has none yet: `campaign new NAME --ruleset GAME` creates one",
    ]
