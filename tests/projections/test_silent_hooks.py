"""The rebuilds skip decoding the events of a class no game's ``experience`` or ``luck`` hook can
answer for (projections/stored.py ``silent``, issue 20): a probe event stands for the class. On
real campaigns of every game, every event of a class found silent gets no answer from the hook
itself, and the events that do get one are of classes not found silent."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from support import sample, scripted_services

from chronique.adapters.services import Chronique
from chronique.domain.gametime import HOUR
from chronique.domain.rulesets import KNOWN, ruleset
from chronique.projections.stored import PROBE_SETTINGS, silent


def cartes(services: Chronique, name: str) -> None:
    from chronique.domain.rulesets.cartes.combat import suffer_wound
    from chronique.domain.rulesets.cartes.draws import TestRequest, make_test

    services.act(name, lambda w: make_test(w, "Alice", TestRequest("Contact", 1)))
    services.act(name, lambda w: suffer_wound(w, "Bruno", 3, "faible", "an axe"))


def western_parade(services: Chronique, name: str) -> None:
    from chronique.domain.rulesets.westernparade.care import wound

    services.act(name, lambda w: wound(w, "Joe Hambuster", "right-thigh", 5, "bullet"))


def elor(services: Chronique, name: str) -> None:
    from chronique.domain.rulesets.elor.downtime import award_experience
    from chronique.domain.rulesets.elor.play import suffer_damage

    services.act(name, lambda w: suffer_damage(w, "Samson", 2, "a club", where="bras-gauche"))
    services.act(name, lambda w: award_experience(w, "Samson", 2, "a good fight"))


def microfudge(services: Chronique, name: str) -> None:
    from chronique.domain.rulesets.microfudge.play import award, suffer

    services.act(name, lambda w: award(w, "Jim", 1, "well played"))
    services.act(name, lambda w: suffer(w, "Harvey", 1, "physical", "weekly", "a knife"))


GAMES: dict[str, tuple[tuple[str, ...], Callable[[Chronique, str], None]]] = {
    "cartes": (("alice", "bruno"), cartes),
    "western-parade": (("wp_joe", "wp_doc"), western_parade),
    "elor": (("elor_samson",), elor),
    "microfudge": (("mf_jim", "mf_harvey"), microfudge),
}


def test_a_class_found_silent_never_gets_an_answer_from_the_hook(tmp_path: Any) -> None:
    services = scripted_services(tmp_path / "journal.db")
    for game, (sheets, play) in GAMES.items():
        name = f"Silent {game}"
        services.create_campaign(name, game, None)
        for sheet in sheets:
            services.create_character(name, sample(sheet))
        services.start_session(name)
        play(services, name)
        services.end_session(name)
        services.advance(name, lambda c: c.clock + 48 * HOUR)
    settings = {game: services.campaign(f"Silent {game}").settings for game in GAMES}
    answered: dict[str, set[str]] = {"experience": set(), "luck": set()}
    quiet: dict[str, set[str]] = {"experience": set(), "luck": set()}
    for notification in services.journal.recorder.select_notifications(start=None, limit=10**6):
        event = services.journal.mapper.to_domain_event(notification)
        for game in KNOWN:
            rules = ruleset(game)
            for hook, answer, probed in (
                ("experience", rules.experience(event), silent(notification.topic, rules.experience)),
                ("luck", rules.luck(event, settings[game]), silent(notification.topic, rules.luck, PROBE_SETTINGS)),
            ):
                if probed:
                    assert not answer, f"{game}'s {hook} hook answers {answer} for {notification.topic}, found silent"
                    quiet[hook].add(notification.topic)
                if answer:
                    answered[hook].add(notification.topic)
    services.close()
    # Not vacuous: each hook answered for some classes, and was found silent for others (the
    # draws of the decks above all: two thirds of a Cartes journal).
    for hook in ("experience", "luck"):
        assert answered[hook] and quiet[hook], hook
    assert "chronique.domain.deck:Deck.CardsDrawn" in quiet["luck"] & quiet["experience"]
