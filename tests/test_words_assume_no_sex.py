"""A character in any of the four games may be a woman or a man, and the journal does not know
which: no line a GM or a player reads says "his", "him" or "himself" of someone (the outside
review's campaign read "Bruno tends his wounds" on Alice's row)."""

from __future__ import annotations

import re
from types import SimpleNamespace

from read_text import literals

from chronique.domain.rulesets.cartes.describe import WORDS as CARTES_WORDS
from chronique.domain.rulesets.microfudge.describe import WORDS as MICROFUDGE_WORDS
from chronique.domain.rulesets.westernparade.report import critical_words, head_bullet_words, unconsciousness_words

SEXED = re.compile(r"\b(he|him|his|himself|she|her|hers|herself)\b", re.IGNORECASE)
COMPUTED = re.compile(r"\{[^{}]*\}")  # what a formatted string computes is code, not words


def test_no_text_people_read_gives_anyone_a_sex() -> None:
    found = [f"{path}:{line}: {text}" for path, line, text in literals() if SEXED.search(COMPUTED.sub("", text))]
    assert found == [], "\n".join(found)


def test_cartes_care_and_support_read_on_the_cared_for_s_row_without_a_pronoun() -> None:
    # §Médecine: the row is Alice's, the healer Bruno.
    cared = CARTES_WORDS["chronique.domain.rulesets.cartes.events:CareArranged"](SimpleNamespace(healer="Bruno", means="adapted-kit"))
    assert cared == "wounds tended by Bruno (Premiers soins avec équipement adapté)"
    supported = CARTES_WORDS["chronique.domain.rulesets.cartes.events:SupportReceived"](
        SimpleNamespace(supporter="Bruno", kind="resource", cards=["9H", "2S"], card=None, markers=0)
    )
    assert supported == "supported by Bruno: 2 resource cards for their pile"


def test_a_microfudge_revers_taken_for_another_reads_in_their_place() -> None:
    said = MICROFUDGE_WORDS["chronique.domain.rulesets.microfudge.events:SetbackTransferred"](SimpleNamespace(to="Harvey", setback_id=2))
    assert said == "Harvey took Revers 2 in their place"


def test_western_parade_wounds_say_what_befalls_the_victim_without_a_pronoun() -> None:
    # §3.2.9 a critical wound's fate, §3.2.6 the unconsciousness check, §3.2.7.3 a bullet in the head.
    assert critical_words({"fate": "dies", "dies_in": "3 days", "losses": {}, "max_pv": 0}) == "death within 3 days"
    assert unconsciousness_words(4, None) == "unconsciousness 4%: 5% or less, no roll, stays conscious"
    lodged = head_bullet_words("Calamity Jane", "lodged")
    assert lodged.startswith("the bullet stays in Calamity Jane's head; the roll for it: it is in too deep")
