"""Cartes' campaign settings (issue 15): none a GM changes during a campaign. The one choice the
rules offer, two or three packs in the general deck (A2), makes the deck when the campaign is
created (``ruleset.default_settings()``)."""

from __future__ import annotations

from chronique.domain.rulesets.options import Setting

SETTINGS: tuple[Setting, ...] = ()
