"""MicroFudge CECJ's campaign settings (issue 15): the options the seed leaves to the Narrator,
as data (domain/rulesets/options.py); ``play.defaults()`` holds the same defaults, with the
settings no GM changes mid-campaign (the deck, the month's length, the waking hour)."""

from __future__ import annotations

from chronique.domain.rulesets.options import Choice, Setting, switch

SETTINGS = (
    Setting(
        "deep_wound_schedule",
        "How deep wounds heal",
        (Choice("weekly", "a card a week"), Choice("graduated", "a month, then two weeks, then a week")),
        "weekly",
        # Words people read (ruling M147): the seed's own words in typographic quotes, and penalties
        # with the minus sign the sheet prints ("Blessure grave ou mortelle (−3)"), never a hyphen.
        "L341: one card a week for edged weapons and firearms, “très généreux” (very generous); the graduated "
        "example takes a month from −3 to −2, two weeks to −1, a week to 0.",
    ),
    Setting(
        "first_aid_mode",
        "What successful first aid does",
        (
            # Bare verbs, as "What successful first aid does is now …" reads them (`campaign set`):
            # "is now stabilizes and heals one step" was no sentence (ruling M137).
            Choice("reduce_step", "stabilize and heal one step"),
            Choice("stabilize", "only stabilize"),
            Choice("shorten", "stabilize and halve the wait for the next step"),
        ),
        "reduce_step",
        "«Premiers soins» L359: first aid stabilizes and saves a life; as an option it reduces the wound "
        "one step or shortens its healing (PROPOSAL A9).",
    ),
    switch(
        "fatigue",
        "Fatigue from powers",
        False,
        "«Fatigue (option)» L580-L582: each use of a power costs a rank of Vigueur, won back with rest.",
    ),
    switch(
        "streamlined_play_raises",
        "Streamlined raises during play",
        False,
        "«Streamlined» L705-L715: the kept creation Atouts raise between sessions; as an option (PROPOSAL A7) "
        "during play too, at creation costs, up to Excellent.",
    ),
    Setting(
        "session_award",
        "Atouts awarded at each session's end",
        tuple(Choice(count, f"{count} Atout{'s' if count != 1 else ''}") for count in range(4)),
        1,
        "«IV – Expérience» L213-L215: +1 Atout per character at the end of each session; the Narrator may give more or fewer.",
    ),
    switch(
        "vehicle_armour",
        "A vehicle shields its occupants",
        False,
        "[option] «Modificateurs applicables aux conflits» L431: the vehicle's Robustesse adds defence cards "
        "for those inside when they are shot at.",
    ),
)
