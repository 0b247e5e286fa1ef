"""Western Parade's campaign settings (issue 15): where the seed offers a choice, as data
(domain/rulesets/options.py); ``ruleset.defaults()`` and ``condition.SETTINGS`` hold the same defaults."""

from __future__ import annotations

from chronique.domain.rulesets.options import Choice, Setting

SETTINGS = (
    Setting(
        "healing",
        "Healing",
        (Choice("realistic", "realistic"), Choice("hollywood", "Hollywood")),
        "realistic",
        "§3.2.8: realistic healing counts days and weeks (§3.2.8.1); Hollywood a fraction of a day per "
        "point (§3.2.8.2, Table 3.7), the rule for spaghetti westerns (ch. 7).",
    ),
    Setting(
        "scratch",
        "What counts as a scratch",
        (Choice("rounded", "up to 10% of the location's PV, rounded"), Choice("literal", "under 10% of the location's PV")),
        "rounded",
        "§3.2.2: a scratch is under 10% of the location's PV; rounded reproduces both of Ted Butler's "
        "worked examples (§3.2.8.2, ruling WB1), literal reads the text as written.",
    ),
)
