"""A Cartes character's sheet as players read it (§Fiche de personnage L114-185): characteristics,
skills with their specialities, atouts and calamités, weapons, the cards in pile and hand, what a
hit does (§KO ou OK L354-361), the wounds the character can still take by lethality (§Nombre de
blessures L487-505) and the wounds held, with their next survival draw (§Survie)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronique.domain.character import Character
from chronique.domain.gametime import calendar_from
from chronique.domain.rulesets.cartes.damage import thresholds_in_words, wound_capacity_in_words, wounds_own_malus
from chronique.domain.rulesets.cartes.describe import KO_MALUS, care_words, level, markers_held
from chronique.domain.rulesets.cartes.resolution import recovery_level, resource_level
from chronique.domain.rulesets.cartes.survival import extra_levels
from chronique.domain.rulesets.cartes.tables import characteristics, lethality_name
from chronique.domain.rulesets.words import cards, plural
from chronique.domain.sheetview import Section, SheetView
from chronique.domain.world import World


def sheet_view(world: World, character: Character, gm: bool) -> SheetView:
    """The sheet of a Cartes character; the pile counted, not shown, unless ``gm``."""
    s, c = character.sheet, character.condition
    status = "dead" if c["dead"] else ("out of combat" if c["out_of_combat"] else "standing")
    skills = [
        (name, str(skill["level"]), ", ".join(skill["specialities"]) or "—", skill["characteristic"]) for name, skill in s["skills"].items()
    ]
    traits = [(kind, t["name"], "" if t.get("number") is None else str(t["number"]), t.get("note", "")) for kind, t in _traits(s)]
    weapons = [(name, f"{w['bonus']:+d}", w["lethality"], str(w.get("signature", 0))) for name, w in s.get("weapons", {}).items()]
    return SheetView(
        character.name,
        character.version,
        status,
        (
            Section.of("Characteristics", [(k, str(s["characteristics"][k])) for k in characteristics()], layout="list", terms="fr"),
            Section.of("Skills", skills, ("Skill", "Level", "Specialities", "Characteristic"), terms="fr"),
            Section.of("Atouts and calamités", traits, ("", "Trait", "Number", "Note"), terms="fr"),
            Section.of("Weapons", weapons, ("Weapon", "Bonus", "Lethality", "Signature"), terms="fr"),
            Section.of("Cards", _cards(s, c, gm)),
            Section.of("Hits and wounds", _resilience(character)),
            Section.of("Wounds held", _wounds(world, c), ("Wound", "Value", "Lethality", "Next survival draw")),
        ),
    )


def _traits(s: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [("atout", t) for t in s.get("atouts", [])] + [("calamité", t) for t in s.get("calamites", [])]


def _cards(s: dict[str, Any], c: dict[str, Any], gm: bool) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]]
    if s.get("npc"):
        # Ruling C35: a GM character is dealt no pile and no hand; it draws from the general deck.
        rows = [("pile and hand", "none: a GM character draws from the general deck")]
    else:
        # §Piles: a personal pile lies face down; players learn how many cards it holds, never which.
        shown = c["dealt"] and c["pile"] is not None and gm
        # A count of none reads "empty", never "0 cards face down".
        pile = "empty" if not c["pile_count"] else cards(c["pile"]) if shown else f"{plural(c['pile_count'], 'card')} face down"
        # A hand dealt early between sessions to spend experience (C46) is held face up too.
        hand = "empty" if not c["hand_count"] else cards(c["hand"]) if c["dealt"] or c["hand"] else plural(c["hand_count"], "card")
        rows = [("pile", f"{pile} (at most {s['pile_max']})"), ("hand", hand)]
    rows.append(("markers", markers_held(c)))
    rows += _harder_draws(c)
    if c["support_cards"]:
        rows.append(("support cards for the next draw", cards(c["support_cards"])))
    return rows


def _harder_draws(c: dict[str, Any]) -> list[tuple[str, ...]]:
    # §Épuisement de la pioche L235: each further recovery draw is one level harder, until a
    # night's sleep (ruling C45); §Choix des manœuvres L279: a failed resource draw makes the next
    # one harder, until a success or the scene's end (PROPOSAL §3.9). Both start Très facile.
    rows: list[tuple[str, ...]] = []
    harder = "each making the next one level harder"
    if c["recovery_steps"]:
        since = f"{plural(c['recovery_steps'], 'recovery draw')} since the last night's sleep, {harder}"
        # A29: with no hand card left, the first card comes from the deck, one level harder still.
        next_level = recovery_level(c["recovery_steps"], hand_empty=not c["hand_count"])
        rows.append(("next recovery draw", f"{level(next_level)}: {since}"))
    if c["resource_steps"]:
        failed = f"{plural(c['resource_steps'], 'failed resource draw')} this scene, {harder}"
        rows.append(("next resource draw", f"{level(resource_level(c['resource_steps']))}: {failed}"))
    return rows


def _resilience(character: Character) -> list[tuple[str, ...]]:
    s, c = character.sheet, character.condition
    # The wounds' own malus, without the knock-out's, which its own row says below: the total
    # read "wound malus -8" beside "malus after a knock-out -8", and was added twice (ruling C152;
    # a draw's target says the two apart, C147).
    malus = wounds_own_malus(c)
    rows: list[tuple[str, ...]] = [("KO and OK", thresholds_in_words(s["characteristics"]))]
    rows += [(f"{name} wounds", held) for name, held in wound_capacity_in_words(s["characteristics"], c["wounds"])]
    rows.append(("wound malus", f"-{malus}" if malus else "none"))
    # What the wounds' malus adds up from, then the knock-out's, each with how long it lasts: the
    # player read "wound malus -14" with no wound to show for it when it was a knock-out's
    # (§Tirage de conscience L373, A16) or a worsened wound's card (§Tirages de survie L447, A10).
    # By wound, as the wounds were numbered (ruling C126): a retry puts the malus it lowered last in
    # the condition, and the sheet read "wound 2, wound 3, wound 1" after a week of care.
    lasting = sorted(c["lasting_malus"], key=lambda m: int(m["wound"]))
    rows += [(f"lasting malus of wound {m['wound']}", f"-{m['amount']} until curative care") for m in lasting]
    rows += [(f"malus of worsened wound {w['id']}", f"-{w['value']} while it lasts") for w in _by_number(c) if w.get("escalated")]
    if c["ko_malus"]:
        rows.append((KO_MALUS, f"-{c['ko_malus']} (the damage card) until the scene ends"))
    if c["care"]:
        rows.append(("tended by", f"{c['care']['healer']} ({care_words(c['care']['means'], extra_levels(c['care']))})"))
    return rows


def _wounds(world: World, c: dict[str, Any]) -> list[tuple[str, ...]]:
    calendar = calendar_from(world.campaign.calendar)
    return [
        (
            str(w["id"]),
            str(w["value"]),
            lethality_name(w["lethality"]),
            calendar.format(w["next_draw"]) if w["next_draw"] is not None else "—",
        )
        for w in _by_number(c)
    ]


def _by_number(c: Mapping[str, Any]) -> list[dict[str, Any]]:
    # The wounds held in the order they were taken (ruling C126): a survival draw that worsens one
    # puts it last in the condition.
    return sorted(c["wounds"], key=lambda w: int(w["id"]))
