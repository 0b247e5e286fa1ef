"""Elor's campaign settings (issue 15): where the seed leaves a choice, as data
(domain/rulesets/options.py); ``ruleset.defaults()`` holds the same defaults."""

from __future__ import annotations

from chronique.domain.rulesets.options import switch

SETTINGS = (
    switch(
        "hp_formula_as_printed",
        # `campaign set` reads "<title> is now <words>": "Source of hit points is now the
        # printed formulas" (the title once repeated its own words).
        "Source of hit points",
        False,
        "B2: the printed formulas swap the arm's and the abdomen's hit points against the value table; "
        "off reads the value table, on the formulas as printed.",
        on="the printed formulas",
        off="the value table",
    ),
    switch(
        "wake_test",
        "Hourly wake test",
        False,
        "§5.6 (PROPOSAL, the seed is silent): an unconscious character tests a D10 every hour at Physique + Mental + 5 to wake up.",
    ),
)
