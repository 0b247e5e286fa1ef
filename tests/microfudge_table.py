"""A MicroFudge table in memory whose Fudge dice are scripted (a dF face f is uniform value f+1)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cartes_table import StackedChance  # the shuffle run backwards, shared with the Cartes tests
from scripted_table import unspent
from support import run
from tampering import offline

from chronique.domain.campaign import Campaign
from chronique.domain.character import Character
from chronique.domain.deck import Deck
from chronique.domain.fairness import commitment
from chronique.domain.rulesets import ruleset
from chronique.domain.world import World

SEED = bytes(32)
JIM = {"name": "Jim", "status": "hero", "concept": "country doctor", "ranks": {"Médecine": 4, "Psychologie": 3}}
HARVEY = {"name": "Harvey", "status": "hero", "ranks": {"Athlétisme": 4, "Pilotage": 5, "Tir": 4, "Combat": 4}}


class _Dice(StackedChance):
    """A chance source that hands out the scripted Fudge faces across draw places, in order; each
    deck shuffle puts the next stack of cards on top (the rest in fresh-pack order)."""

    def __init__(self, faces: Sequence[int], stacks: Sequence[Sequence[str]] = ()) -> None:
        super().__init__(*stacks, values=[f + 1 for f in faces])

    def values_left(self) -> str | None:
        return unspent([value - 1 for value in self.values], "scripted Fudge die face", "rolled")


def table(
    *faces: int,
    sheets: Sequence[dict[str, Any]] = (JIM, HARVEY),
    settings: dict[str, Any] | None = None,
    session: bool = True,
    stacks: Sequence[Sequence[str]] = (),
) -> World:
    """A MicroFudge campaign in memory with the given characters and its conflict deck, its
    session open by default; ``stacks`` are the top cards of each successive shuffle."""
    rules = ruleset("microfudge")
    campaign = Campaign.create(
        "Table", "microfudge", {**rules.default_settings(), **(settings or {})}, {"kind": "days"}, 8 * 3600, commitment(SEED)
    )
    source = _Dice(faces, stacks)
    world = World(campaign=campaign, source=source)
    for name, spec in campaign.settings["decks"].items():
        deck = Deck.create(campaign.id, name, spec["packs"], spec["ranks"])
        campaign.join(deck.id, "deck", name)
        world.decks[name] = deck
    source.decks = world.decks
    for raw in sheets:
        sheet, condition = rules.new_character(raw)
        character = Character.create(campaign.id, sheet["name"], "microfudge", sheet, condition)
        campaign.join(character.id, "character", character.name)
        world.characters[character.id] = character
    if session:
        campaign.start_session(SEED, commitment(SEED))
    return world


def end_session(world: World) -> None:
    """Close the session as the services do: the ruleset's session end, then the seal."""
    ruleset("microfudge").end_session(world)
    world.campaign.end_session(SEED, commitment(SEED), "2025-01-01T00:00:00")


JIM_SHEET = 'name = "Jim"\nstatus = "hero"\nconcept = "country doctor"\n[ranks]\n"Médecine" = 5\nTir = 3\nConscience = 3\n'
HARVEY_SHEET = 'name = "Harvey"\nstatus = "hero"\n[ranks]\nPilotage = 5\n"Athlétisme" = 4\n'


# An evening at that table (`chronique microfudge ...`): a helped Test with a changed die, a plain
# Test, a hazardous one, a simple conflict and a Revers that heals weekly.
ZOMBIES_EVENING: tuple[tuple[str, ...], ...] = (
    ("test", "Zombies", "Harvey", "Athlétisme", "-d", "difficile", "--helper", "Jim", "--change-die"),
    ("test", "Zombies", "Jim", "Tir", "-d", "moyen"),
    ("hazard", "Zombies", "Harvey", "Pilotage", "-d", "tres-difficile"),
    ("conflict", "Zombies", "Jim", "Tir", "Harvey", "Athlétisme"),
    ("setback", "Zombies", "Harvey", "--severity", "2", "--healing", "weekly"),
)


def zombies_at_the_table(db: str, folder: Path) -> None:
    """Zombies, a MicroFudge campaign on the journal ``db`` with Jim and Harvey seated (their sheet
    files written in ``folder``) and its first session open, through the command line in-process."""
    run(db, "campaign", "new", "Zombies", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    for name, text in (("jim", JIM_SHEET), ("harvey", HARVEY_SHEET)):
        (folder / f"{name}.toml").write_text(text, encoding="utf-8")
        run(db, "character", "new", "Zombies", "--sheet", str(folder / f"{name}.toml"))
    run(db, "session", "start", "Zombies")


# -- the real command line, shared by the CLI tests of tests/rulesets/microfudge ------------------


def cli(db: str, *args: str, code: int = 0) -> str:
    """The real command in-process; it must exit with ``code``. Its output (stdout, or stderr)."""
    result = run(db, *args, check=False)
    assert result.returncode == code, result.stderr
    return result.stdout if code == 0 else result.stderr


def log(db: str, campaign: str, topic: str) -> list[dict[str, Any]]:
    """The recorded events whose topic ends with ``topic``, oldest first, face-down ones included."""
    entries = [entry["event"] for entry in json.loads(cli(db, "log", campaign, "--json", "--gm"))]
    return [e for e in entries if e["topic"].endswith(topic)]


def refused(db: str, campaign_name: str, *args: str) -> str:
    """``args`` refused in one line on stderr, exit 2, and nothing recorded."""
    before = len(log(db, campaign_name, ""))
    said = cli(db, *args, code=2)
    assert said.startswith("error: ") and said.count("\n") == 1, said
    assert len(log(db, campaign_name, "")) == before
    return said.strip()


def players_verdict(db: str, folder: Path) -> str:
    """The verdict of the standalone verifier on the players' audit bundle of Mines."""
    cli(db, "audit", "verifier", "-o", str(folder / "verify.pyz"))
    cli(db, "audit", "export", "Mines", "-o", str(folder / "bundle.json"))
    checked = offline(folder / "verify.pyz", folder / "bundle.json")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    return checked.stdout


def topic_of_class(kind: type) -> str:
    """The stored topic of an event class, as the log's words are keyed by it."""
    return f"{kind.__module__}:{kind.__qualname__}"
