"""What a correction voids: ``correct`` and ``undo`` void events without erasing them (DESIGN.md)."""

from __future__ import annotations

from typing import Any

from chronique.domain.campaign import Campaign
from chronique.domain.character import Character

CORRECTION_CLASSES = (Character.Corrected, Character.Undone, Campaign.Corrected)
"""The events that void others (``correct`` and ``undo``): never voided or taken back themselves."""

CORRECTION_TOPICS = tuple(f"{cls.__module__}:{cls.__qualname__}" for cls in CORRECTION_CLASSES)
"""Their stored topics."""


def voided_by(event: Any) -> list[int]:
    """The versions of its own aggregate that ``event`` voids: none unless it is a correction."""
    if isinstance(event, Character.Corrected):
        return [event.voided]
    if isinstance(event, (Character.Undone, Campaign.Corrected)):
        return list(event.voided)
    return []
