"""Untrusted text made inert (issue 18 item 8): a name carrying an ANSI or OSC escape sequence
(clear the screen, retitle the window) never reaches a terminal raw, in `campaign list`, `campaign
show`, `log` or any other output, nor a Markdown export; and names and reasons are refused, in one
line, when they carry control characters or run too long."""

from __future__ import annotations

import io
from pathlib import Path

from support import SAMPLES, board_lines, run
from support import refused_cleanly as _refused

from chronique.adapters.bootstrap import build
from chronique.cli.boundary import InertStream
from chronique.domain.campaign import Campaign, campaign_id_for, downtime_epoch
from chronique.domain.cards import RANKS
from chronique.domain.character import Character, character_id_for
from chronique.domain.deck import Deck
from chronique.domain.fairness import FORMAT
from chronique.domain.gametime import calendar_for_start
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes.combat import suffer_wound
from chronique.domain.text import NAME_LIMIT, inert
from chronique.domain.world import World

CLEAR = "\x1b[2J\x1b[H"  # clears the screen and homes the cursor
RETITLE = "\x1b]0;pwned\x07"  # an OSC sequence: sets the window's title
EVIL_CAMPAIGN = f"Verdelune{CLEAR}"
EVIL_CHARACTER = f"Alice{RETITLE}"


def recorded_before_names_were_checked(db: str) -> None:
    """A Cartes campaign and a character whose names carry escape sequences, recorded as the
    journal recorded them before names were checked (the created events, without the check)."""
    services = build(db)
    try:
        rules = ruleset("cartes")
        calendar, clock = calendar_for_start(None, rules.gregorian)
        campaign_id = campaign_id_for(EVIL_CAMPAIGN)
        commitment = services.vault.draft(campaign_id, downtime_epoch(0))
        campaign = Campaign.begin(
            Campaign.Created, id=campaign_id, name=EVIL_CAMPAIGN, ruleset="cartes", settings=rules.default_settings(),
            calendar=calendar.to_data(), clock=clock, epoch=downtime_epoch(0), commitment=commitment, fair=FORMAT,
        )  # fmt: skip
        decks = [Deck.create(campaign.id, deck, packs, RANKS) for deck, packs in rules.default_settings()["decks"].items()]
        for deck in decks:
            campaign.join(deck.id, "deck", deck.name)
        services.journal.save(campaign, *decks, secrets=services.vault.take_drafts())
        sheet, condition = rules.new_character({**_alice(), "name": EVIL_CHARACTER})

        def create(world: World) -> None:
            character = Character.begin(
                Character.Created, id=character_id_for(world.campaign.id, EVIL_CHARACTER), campaign_id=str(world.campaign.id),
                name=EVIL_CHARACTER, ruleset="cartes", sheet=sheet, condition=condition,
            )  # fmt: skip
            world.campaign.join(character.id, "character", character.name)
            world.characters[character.id] = character

        services.act(EVIL_CAMPAIGN, create)
        # A session in which the character is wounded: the session export names them.
        services.start_session(EVIL_CAMPAIGN)
        services.act(EVIL_CAMPAIGN, lambda world: suffer_wound(world, EVIL_CHARACTER, 7, "forte", "an axe"))
        services.end_session(EVIL_CAMPAIGN)
    finally:
        services.close()


def _alice() -> dict[str, object]:
    import tomllib

    return tomllib.loads((SAMPLES / "alice.toml").read_text(encoding="utf-8"))


def assert_inert(text: str) -> None:
    """No character a terminal acts on: no ESC, no BEL, no C1 control."""
    assert not any(ord(c) < 0x20 and c not in "\n\t" or 0x7F <= ord(c) <= 0x9F for c in text), repr(text)


def test_names_with_escape_sequences_are_shown_escaped_in_every_output(db: str) -> None:
    recorded_before_names_were_checked(db)
    # Such a name cannot be typed back (it is refused like any other word carrying a control
    # character): the campaign is reached by its id.
    campaign = str(campaign_id_for(EVIL_CAMPAIGN))
    outputs = {
        "campaign list": run(db, "campaign", "list"),
        "campaign show": run(db, "campaign", "show", campaign),
        "log": run(db, "log", campaign),
        "log --json": run(db, "log", campaign, "--json"),
        "downtime board": run(db, "downtime", "board", campaign),
        "export session": run(db, "export", "session", campaign, "1", "--format", "md"),
        # Names are refused on the command line; the refusal prints the name back, inert.
        "a refused lookup": run(db, "campaign", "show", EVIL_CAMPAIGN, check=False),
    }
    for result in outputs.values():
        assert_inert(result.stdout + result.stderr)
    assert inert(EVIL_CAMPAIGN) == "Verdelune\\x1b[2J\\x1b[H"
    assert "Verdelune\\x1b[2J\\x1b[H" in outputs["campaign list"].stdout
    assert "Verdelune\\x1b[2J\\x1b[H" in outputs["campaign show"].stdout
    # Rich drops the BEL itself; the ESC before it is shown, not obeyed.
    assert "characters: Alice\\x1b]0;pwned\n" in outputs["campaign show"].stdout
    assert "Alice\\x1b]0;pwned" in outputs["log"].stdout
    # A table's cell as the log's: Rich drops the BEL itself, the ESC is shown escaped (ruling TB20).
    assert any(line.startswith("Day 1 08:10  Alice\\x1b]0;pwned survival draw") for line in board_lines(outputs["downtime board"].stdout))
    assert "Alice\\x1b]0;pwned\\x07" in outputs["export session"].stdout
    assert outputs["a refused lookup"].stderr == "error: CAMPAIGN may hold only printable characters, not an escape character (U+001B)\n"


def test_a_markdown_export_written_to_a_file_escapes_them_too(db: str, tmp_path: Path) -> None:
    recorded_before_names_were_checked(db)
    target = tmp_path / "session-1.md"
    run(db, "export", "session", str(campaign_id_for(EVIL_CAMPAIGN)), "1", "--format", "md", "-o", str(target))
    text = target.read_text(encoding="utf-8")
    assert_inert(text)
    assert text.startswith("# Verdelune\\x1b[2J\\x1b[H — session 1\n")
    assert "| Alice\\x1b]0;pwned\\x07 |" in text


def test_the_terminal_keeps_our_colours_but_not_a_name_s_other_sequences() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    InertStream(terminal).write(f"\x1b[1m{EVIL_CHARACTER}\x1b[0m {CLEAR}\n")
    assert terminal.getvalue() == "\x1b[1mAlice\\x1b]0;pwned\\x07\x1b[0m \\x1b[2J\\x1b[H\n"
    plain = io.StringIO()
    InertStream(plain).write("\x1b[1mbold\x1b[0m\n")
    assert plain.getvalue() == "\\x1b[1mbold\\x1b[0m\n"


def test_a_sheet_whose_skill_or_speciality_names_hold_escapes_or_overrides_is_refused_EB3(db: str, tmp_path: Path) -> None:
    # EB3 for every name a sheet holds, not only the character's: they reach terminals and exports.
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes")
    bruno = (SAMPLES / "bruno.toml").read_text(encoding="utf-8").replace('name = "Bruno"', 'name = "Bruno2"')
    assert "[skills.Vigilance]" in bruno and 'specialities = ["Chirurgie"]' in bruno
    cases = (
        (bruno.replace("[skills.Vigilance]", '[skills."Vigi\\u001b[2Jlance"]'), "skills.Vigi\\x1b[2Jlance", "an escape character (U+001B)"),
        (
            bruno.replace('specialities = ["Chirurgie"]', 'specialities = ["\\u202eevil"]', 1),
            "specialities[0]",
            "a right-to-left override (U+202E)",
        ),
    )
    for text, where, bad in cases:
        sheet = tmp_path / "odd.toml"
        sheet.write_text(text, encoding="utf-8")
        refused = _refused(db, "character", "new", "Verdelune", "--sheet", str(sheet))
        # The place as typed, between typographic quotation marks, and the character in words (ruling EB27).
        assert refused.startswith("error: the sheet's “"), refused
        assert refused.endswith(f"{where}” may hold only printable characters, not {bad}"), refused


def test_names_and_reasons_are_refused_with_control_characters_or_too_long(db: str, tmp_path: Path) -> None:
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes")
    run(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / "alice.toml"))
    assert _refused(db, "campaign", "new", EVIL_CAMPAIGN, "--ruleset", "cartes") == (
        "error: NAME may hold only printable characters, not an escape character (U+001B)"  # as the help names it (ruling EB16)
    )
    assert _refused(db, "campaign", "new", "V" * (NAME_LIMIT + 1), "--ruleset", "cartes") == (
        f"error: a campaign's name is {NAME_LIMIT + 1} characters long; at most {NAME_LIMIT} are allowed"
    )
    # The name inside a sheet is checked where it is recorded.
    sheet = tmp_path / "evil.toml"
    sheet.write_text(
        (SAMPLES / "bruno.toml").read_text(encoding="utf-8").replace('name = "Bruno"', 'name = "Bruno\\u202eonurB"'), encoding="utf-8"
    )
    assert _refused(db, "character", "new", "Verdelune", "--sheet", str(sheet)) == (
        "error: a character's name may hold only printable characters, not a right-to-left override (U+202E)"
    )
    assert _refused(db, "correct", "1", "--reason", f"a typo{CLEAR}") == (
        "error: `--reason` may hold only printable characters, not an escape character (U+001B)"
    )
    assert _refused(db, "session", "entropy", "Verdelune", "é" * 501, "--player", "ana") == (
        "error: PHRASE is 501 characters long; at most 500 are allowed"
    )


def test_names_and_reasons_with_square_brackets_or_colons_are_shown_as_typed(db: str, tmp_path: Path) -> None:
    """Square brackets and colons are printable, so a name or a reason may hold them; Rich read
    them as its markup and emoji codes: a character named "Alice [/bold]" made `log` and
    `campaign show` fail ("closing tag '[/bold]' ... doesn't match any open tag"), a reason's
    "[red]" was taken away and its ":smile:" turned into an emoji."""
    name, reason = "Alice [/bold]", "open the [red]door[/red] :smile:"
    sheet = tmp_path / "alice.toml"
    sheet.write_text((SAMPLES / "alice.toml").read_text(encoding="utf-8").replace('name = "Alice"', f'name = "{name}"'), encoding="utf-8")
    run(db, "campaign", "new", "Verdelune [GM]", "--ruleset", "cartes")
    run(db, "character", "new", "Verdelune [GM]", "--sheet", str(sheet))
    run(db, "session", "start", "Verdelune [GM]")
    run(db, "cartes", "test", "Verdelune [GM]", name, "Contact", "--from", "deck", "--reason", reason)
    log = run(db, "log", "Verdelune [GM]").stdout
    assert f"| {name} " in log and reason in log, log
    assert f"characters: {name}\n" in run(db, "campaign", "show", "Verdelune [GM]").stdout
    assert "| Verdelune [GM] " in run(db, "campaign", "list").stdout
