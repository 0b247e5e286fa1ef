"""What the Cartes rules read of a recorded sheet, straight from its stored data: a test, a
draw, a wound or a downtime tick reads a skill's level and specialities, a characteristic, the
pile's size and whether the character is the GM's. The typed model (pydantic) validated the sheet
when it was recorded and serves what changes it (experience, ``advancement.py``); reading it
again through the model made every one-shot command that draws import pydantic and build its
models, a sixth of a cold ``cartes test`` (issue 20, "cold commands lean"; ruling PF14)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from chronique.domain.character import Character
from chronique.domain.names import find
from chronique.domain.rulesets.cartes.tables import characteristics


class SkillLevel(Protocol):
    """A skill as the rules read it: its level and its specialities."""

    @property
    def level(self) -> int:
        """0..13 (PROPOSAL §2.3)."""
        ...

    @property
    def specialities(self) -> Sequence[str]:
        """Up to three."""
        ...


class SkillSheet(Protocol):
    """What finding a skill and its target reads of a sheet: the typed model and the recorded
    sheet alike."""

    @property
    def name(self) -> str:
        """The character's name."""
        ...

    @property
    def characteristics(self) -> Mapping[str, int]:
        """The six, by canonical name."""
        ...

    @property
    def skills(self) -> Mapping[str, SkillLevel]:
        """By canonical name."""
        ...


@dataclass(frozen=True)
class RecordedSkill:
    """A skill of a recorded sheet."""

    level: int
    specialities: tuple[str, ...]


@dataclass(frozen=True)
class RecordedSheet:
    """The parts of a recorded sheet the rules read (see the module)."""

    name: str
    characteristics: Mapping[str, int]
    skills: Mapping[str, RecordedSkill]
    npc: bool
    pile_max: int


def recorded_sheet(character: Character) -> RecordedSheet:
    """The character's sheet as recorded (the typed model's ``model_dump``, every field there)."""
    data = character.sheet
    skills = {name: RecordedSkill(skill["level"], tuple(skill["specialities"])) for name, skill in data["skills"].items()}
    return RecordedSheet(data["name"], data["characteristics"], skills, bool(data["npc"]), data["pile_max"])


def find_skill(sheet: SkillSheet, name: str, characteristics_too: bool = False) -> str:
    """The sheet's skill (or, for a test, characteristic) named ``name``, without case or
    accents; RuleViolation with the closest names otherwise."""
    known = [*sheet.skills, *(characteristics() if characteristics_too else ())]
    return find(name, [(k, k) for k in known], "skill", where=f"{sheet.name}'s sheet")


def skill_target(sheet: SkillSheet, name: str) -> tuple[int, str]:
    """(base target, canonical name) for a test on skill or characteristic ``name``.

    A skill gives its level; a characteristic name gives the characteristic's value
    (§Tirage L209: tests are made on a skill or a characteristic). RuleViolation
    "no skill 'Piano' in Mireille's sheet" otherwise.
    """
    found = find_skill(sheet, name, characteristics_too=True)
    if found in sheet.skills:
        return sheet.skills[found].level, found
    return sheet.characteristics[found], found
