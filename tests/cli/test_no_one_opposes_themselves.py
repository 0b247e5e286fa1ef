"""In every game an opposition sets two characters against each other: naming the same one on
both sides is refused in one line, exit 2, nothing recorded (Cartes §Oppositions, Elor §Actions /
réactions, MicroFudge «1 – Tests» L253, Western Parade §2.2 and §3.4)."""

from __future__ import annotations

import pytest
from support import SAMPLES, run, stored

GAMES = {
    "cartes": ("Verdelune", "Day 1 08:00", "alice.toml"),
    "elor": ("Monchu Pachu", "Day 1 08:00", "elor_montana.toml"),
    "microfudge": ("Bayou", "Day 1 08:00", "mf_harvey.toml"),
    "western-parade": ("Shotgun City", "1873-04-12 08:00", "wp_joe.toml"),
}

SELF_OPPOSED = [
    ("cartes", ("cartes", "oppose", "Verdelune", "Alice", "Contact", "alice", "Contact"), "Alice cannot oppose themselves"),
    ("elor", ("elor", "attack", "Monchu Pachu", "Montana James", "Montana James", "--weapon", "Fouet"),
     "Montana James cannot attack themselves: the target is someone else"),
    ("microfudge", ("microfudge", "conflict", "Bayou", "Harvey", "Combat", "harvey", "Combat"),
     "Harvey cannot be in conflict with themselves"),
    ("western-parade", ("western-parade", "oppose", "Shotgun City", "Joe Hambuster", "Joe Hambuster", "--skill", "Armes de poing"),
     "Joe Hambuster cannot duel with themselves"),
    ("western-parade", ("western-parade", "oppose", "Shotgun City", "Joe Hambuster", "joe hambuster", "--skill", "Discrétion",
     "--detection"), "Joe Hambuster cannot hide from themselves"),
    ("western-parade", ("western-parade", "strike", "Shotgun City", "Joe Hambuster", "Joe Hambuster", "--weapon", "punch"),
     "Joe Hambuster cannot strike themselves"),
]  # fmt: skip


IDS = [f"{game}-{line[1]}{'-detection' * ('--detection' in line)}" for game, line, _ in SELF_OPPOSED]


@pytest.mark.parametrize(("game", "line", "refusal"), SELF_OPPOSED, ids=IDS)
def test_a_character_named_on_both_sides_is_refused_and_nothing_is_recorded(
    db: str, game: str, line: tuple[str, ...], refusal: str
) -> None:
    campaign, start, sheet = GAMES[game]
    run(db, "campaign", "new", campaign, "--ruleset", game, "--start", start)
    run(db, "character", "new", campaign, "--sheet", str(SAMPLES / sheet))
    run(db, "session", "start", campaign)
    before = stored(db)
    refused = run(db, *line, check=False)
    assert (refused.returncode, refused.stdout, refused.stderr) == (2, "", f"error: {refusal}\n")
    assert stored(db) == before
