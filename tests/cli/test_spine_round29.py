"""Round 29 of the spine: what a refusal tells a person to type, an option, a date, a duration,
in backticks (ruling EB55, after EB35), and `verify --json` counts the events face down (EB53)."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from support import docstring_nodes, run
from tampering import offline
from verdelune_party import verdelune_party

from chronique.domain.referees import all_rules
from chronique.domain.verifier import Receipts, verify_bundle

ROOT = Path(__file__).resolve().parents[2]
# The game modules keep their own words (their helpers' rulings); the spine is every other module.
GAME_MODULES = re.compile(r"cli/(cartes|elor|microfudge|westernparade)[^/]*\.py$|domain/rulesets/")
# An option named outside backticks: "--limit", not "`--limit`" nor "`log --limit`".
BARE_OPTION = re.compile(r"(?<![\w-])--[a-z][a-z-]+")
BACKTICKED = re.compile(r"`[^`]*`")


def _skipped(tree: ast.AST) -> set[int]:
    """The nodes no refusal reads: docstrings, a command's help text (``help=``, written once and
    read in the help, EB51) and the command given to ``to_type``, which puts it in backticks."""
    skipped = docstring_nodes(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "help":
            skipped |= {id(inner) for inner in ast.walk(node.value)}
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "to_type":
            skipped |= {id(inner) for argument in node.args for inner in ast.walk(argument)}
        # An f-string is read whole (:func:`_text`), not piece by piece.
        if isinstance(node, ast.JoinedStr):
            skipped |= {id(part) for part in node.values}
        # The standalone verifier's own source, whose usage line is its docstring.
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "_MAIN" for t in node.targets):
            skipped.add(id(node.value))
        # Commands kept to be given to ``to_type`` later, named so (ruling EB57): Cartes's examples.
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id.endswith("_TO_TYPE") for t in node.targets):
            skipped |= {id(inner) for inner in ast.walk(node.value)}
    return skipped


def _text(node: ast.AST) -> str | None:
    """A string as it is read, an f-string's values as "…" (so a backtick opened before a value
    closes after it)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else "…" for part in node.values)  # type: ignore[misc]
    return None


def bare_options(source: str) -> list[str]:
    """The strings of ``source`` a person reads that name an option outside backticks."""
    tree = ast.parse(source)
    skipped = _skipped(tree)
    found = []
    for node in ast.walk(tree):
        text = _text(node) if id(node) not in skipped else None
        # A lone word is an option declared ("--limit"), not a sentence a person reads.
        if text is not None and " " in text.strip() and BARE_OPTION.search(BACKTICKED.sub("", text)):
            found.append(f"{node.lineno}: {text}")
    return found


def test_no_refusal_of_the_spine_names_an_option_to_type_bare_ruling_eb55() -> None:
    # Found by the round-28 review: "give --limit too", "or --gm issues the GM's link" named an
    # option to type bare where "the last is `--page 12`" (EB52) put it in backticks (EB35).
    spine = [
        path
        for folder in ("cli", "adapters", "web", "domain")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if not GAME_MODULES.search(path.relative_to(ROOT).as_posix())
    ]
    bare = [f"{path.relative_to(ROOT)}:{line}" for path in spine for line in bare_options(path.read_text(encoding="utf-8"))]
    assert bare == []


def test_the_check_finds_a_bare_option_and_not_one_in_backticks_nor_a_help_ruling_eb55() -> None:
    source = (
        '"""Give --limit."""\n'
        'a = f"--page {page} counts pages of --limit events"\n'
        'b = f"`--page {page}` counts pages of `--limit` events"\n'
        'c = typer.Option(None, "--limit", help="With --page: a page of it.")\n'
        'd = to_type("verify CAMPAIGN --seal …") + " names it"\n'
    )
    assert bare_options(source) == ["2: --page … counts pages of --limit events"]


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (("log", "Verdelune", "--page", "2"), "error: `--page 2` counts pages of `--limit` events: give `--limit` too"),
        (("log", "Verdelune", "--tail", "2", "--limit", "3"), "error: give `--tail` or `--limit`, not both"),
        (("advance", "Verdelune", "1h", "--to", "Day 2 08:00"), "error: give a duration or `--to`, not both and not neither"),
        (("use", "Verdelune", "--clear"), "error: give a campaign or `--clear`, not both"),
        (("note", "recap", "Verdelune"), "error: give the text, or `--file`"),
        (("advance", "Verdelune", "3 fortnights"), "error: “3 fortnights” is not a duration (write e.g. `30s`, `10m`, `3h`, `2d`, `1w`)"),
        (("pace", "set", "Verdelune", "--every", "mon 09:00"), "error: a scheduled pacing needs `--advance`, e.g. `--advance 1w`"),
    ],
    ids=["page without limit", "tail and limit", "duration and to", "use and clear", "note without text", "duration", "schedule"],
)
def test_a_spine_refusal_names_the_option_or_value_to_type_in_backticks_ruling_eb55(db: str, line: tuple[str, ...], said: str) -> None:
    verdelune_party(db)
    refused = run(db, *line, check=False)
    assert (refused.returncode, refused.stderr.strip()) == (2, said)


def test_campaign_new_names_the_date_to_type_in_backticks_ruling_eb55(db: str) -> None:
    # The campaign new refusal wrote "write a date such as 1873-04-12 08:00" bare (EB24): a date to
    # type, in backticks as every example to type is (EB35).
    refused = run(db, "campaign", "new", "Shotgun City", "--ruleset", "western-parade", "--start", "garbage", check=False)
    assert refused.stderr.strip() == "error: “garbage” is not a start date (write a date such as `1873-04-12 08:00`)"
    refused = run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "garbage", check=False)
    assert refused.stderr.strip() == (
        "error: “garbage” is not a game date: a Cartes campaign counts days (write a date such as `Day 1 08:00`); "
        "a calendar date is for Western Parade"
    )


def test_an_invite_without_players_names_the_gm_s_option_in_backticks_ruling_eb55(db: str) -> None:
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes")
    refused = run(db, "invite", "Verdelune", "Alice", check=False)
    assert refused.stderr.strip().endswith("names one, or `--gm` issues the GM's link"), refused.stderr


def test_verify_json_counts_the_events_face_down_and_those_read_in_full_ruling_eb53(db: str) -> None:
    # FAIRNESS.md "Face-down events are salted": a GM's check reads every event in full, so none
    # is still face down to it; those sealed until an epoch still open are face down to the
    # players, and the JSON counts both as the paragraph says them.
    verdelune_party(db)
    run(db, "cartes", "draw", "Verdelune", "--hidden", "--reason", "ambush")
    face_down = sum(entry["hidden"] for entry in json.loads(run(db, "log", "Verdelune", "--json").stdout))
    assert face_down > 0
    report = json.loads(run(db, "verify", "Verdelune", "--json").stdout)["Verdelune"]
    assert (report["ok"], report["hidden"], report["read_face_down"]) == (True, 0, face_down), report
    run(db, "session", "end", "Verdelune")
    report = json.loads(run(db, "verify", "Verdelune", "--json").stdout)["Verdelune"]
    assert (report["hidden"], report["read_face_down"]) == (0, 0), report


@pytest.mark.parametrize("gm", [True, False], ids=["GM's bundle", "players' bundle"])
def test_the_standalone_verifier_says_what_verify_says_of_a_bundle_with_events_face_down_ruling_eb53(
    db: str, tmp_path: Path, gm: bool
) -> None:
    # FAIRNESS.md "players verify offline": the zip application a player runs and the verification
    # in process read the same bundle alike, the face-down count EB53 added included: a GM's bundle
    # opens every event (none still face down, some face down to the players), a players' bundle
    # holds those face down.
    verdelune_party(db)
    run(db, "cartes", "draw", "Verdelune", "--hidden", "--reason", "ambush")
    bundle_path, verifier = tmp_path / "bundle.json", tmp_path / "verify.pyz"
    run(db, "audit", "export", "Verdelune", "-o", str(bundle_path), *(["--gm"] if gm else []))
    run(db, "audit", "verifier", "-o", str(verifier))
    bundle = json.loads(bundle_path.read_text(encoding="utf-8"))
    in_process = verify_bundle(bundle, all_rules(), Receipts((), ()))
    assert in_process.ok and (in_process.hidden == 0) is gm and (in_process.read_face_down > 0) is gm, in_process
    checked = offline(verifier, bundle_path)
    assert (checked.returncode, checked.stdout.strip()) == (0, in_process.summary()), checked.stderr
    if gm:  # the GM's bundle is the journal: `verify` on it says the same paragraph
        assert run(db, "verify", "Verdelune").stdout.strip() == f"Verdelune: {in_process.summary()}"
