"""What happens to a Western Parade character at the table (rolls, shots, blows), as past-tense
facts recorded on its chain. The body's own events (wounds, bleeding, healing...) live in
``body_events``; downtime's (training, experience...) in ``downtime_events``.

Events that consumed dice carry ``epoch`` and ``chance`` (FAIRNESS.md): every face, in order.
Outcomes are stored as the plain dicts of ``resolution.RollOutcome.to_dict`` (``chance`` in
them is the percentage; the event's ``chance`` field is the list of primitives).
"""

from __future__ import annotations

from typing import Any

from chronique.domain.chain import ChainedEvent, ChanceConsumed, FaceDown
from chronique.domain.character import Character


class CheckRolled(ChanceConsumed, FaceDown):
    """The character rolled under a skill or a characteristic (§2.1): what was rolled
    (``kind`` skill or characteristic, ``name``), the chance's terms, the open-ended faces and
    the quality."""

    at: int
    kind: str
    name: str
    purpose: str
    outcome: dict[str, Any]
    sheet_version: int
    epoch: str
    chance: list[dict[str, Any]]
    sealed_until: str | None

    def apply(self, character: Character) -> None:
        return None


class OppositionResolved(ChainedEvent):
    """A duel (§2.2.1) or a detection (§2.2.2) was decided from both sides' recorded rolls:
    ``result`` is won, lost or deadlock (duel), detected or undetected (detection); ``theirs`` is
    None when a failed concealment needed no detection roll."""

    at: int
    kind: str
    opponent: str
    own: str
    theirs: str | None
    result: str

    def apply(self, character: Character) -> None:
        return None


class ShotFired(ChanceConsumed):
    """The character fired at a target (§3.3): the to-hit roll and its terms, then on a hit the
    location (the table used and its dice) and the damage (the weapon's fixed damage, the
    critical's 1d6cum, a pass-through's exit 1d6cum); on a miss the stray direction (Table 3.9),
    or on a catastrophic failure the gun ``exploded`` in his hands (§3.3.1 L2146: where, how
    much); the ``recoil`` of a weapon too strong for him (§3.3.3 L2285: its chance, d100, where
    and the damage dealt). What these depend on besides the dice: ``hand``, the hand holding the
    gun, and ``strength_missing``, the FOR points he lacks for it; both None on shots recorded
    before the event kept them. A missed bullet strays into the ``bystander`` the table named in
    its path, if any (§3.3.1 L2134): ``stray_hit`` is where and how hard it hit him; both None on
    shots recorded before the event kept them (version 4). How it was fired: ``mode`` normal,
    fast (§3.3.4) or rapid (§3.3.5), with ``volley`` its place among the quick shots of a rapid
    fire ([2, 3]: the second of three; None otherwise); ``loaded_before`` the cartridges in the
    gun before it, one fewer after it (§3.1.5.5). All three None on shots recorded before the
    journal counted cartridges (version 5): those took none out (ruling WD34). A gun that
    exploded fires no more and takes no reload (ruling WD36). A shotgun's charge (§3.6.1) is
    ``shotgun`` (``combat.Blast.to_dict`` and its ``barrel``, 2 for the second of two fired
    together): the cartridge, range, pellets on the main target and their dice, where they
    landed, the stray groups, the target's luck roll, a misfire, the pellets by location; its
    ``location`` is the point-blank location and ``damage`` None. None for a bullet and on shots
    recorded before version 6, when shotguns were not fired (ruling WD39)."""

    class_version = 6

    at: int
    target: str
    weapon: str
    skill: str
    aim: str
    outcome: dict[str, Any]
    hit: bool
    location: str | None
    location_table: str | None
    location_dice: list[int]
    damage: dict[str, Any] | None
    stray: str | None
    hand: str | None
    strength_missing: int | None
    exploded: dict[str, Any] | None
    recoil: dict[str, Any] | None
    bystander: str | None
    stray_hit: dict[str, Any] | None
    mode: str | None
    volley: list[int] | None
    loaded_before: int | None
    shotgun: dict[str, Any] | None
    epoch: str
    chance: list[dict[str, Any]]

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 3, which keeps the exploding gun, the recoil and their inputs;
        # before version 4, which keeps the bystander a stray bullet may hit: there was none;
        # before version 5, which keeps how it was fired and the cartridges: not counted then;
        # before version 6, which keeps a shotgun's charge: every shot was a bullet.
        super().upcast_stored(state)
        names = ("hand", "strength_missing", "exploded", "recoil", "bystander", "stray_hit", "mode", "volley", "loaded_before", "shotgun")
        for name in names:
            state.setdefault(name, None)

    def apply(self, character: Character) -> None:
        # §3.3.1 L2146: a gun that exploded in his hands is gone, whatever it held; a shot
        # recorded before cartridges were counted still leaves it so (ruling WD36).
        if self.exploded:
            _load(character, self.weapon, 0, False, exploded=True)
        elif self.loaded_before is not None:
            _load(character, self.weapon, self.loaded_before - 1, False)


class WeaponReloaded(ChainedEvent):
    """The character reloaded a firearm (§3.1.5.5 L1644-L1650) for ``actions`` actions the GM
    gave (the journal keeps no rounds), 0 out of a fight (ruling WD33): ``opened`` whether the gun stood open before (the first
    action into a closed gun puts 1 + mVIT in), the ``cartridges`` put in and the ``loaded`` after;
    the gun is left open until it fires (ruling WD34). No dice."""

    at: int
    weapon: str
    actions: int
    opened: bool
    cartridges: int
    loaded: int

    def apply(self, character: Character) -> None:
        _load(character, self.weapon, self.loaded, True)


def _load(character: Character, weapon: str, loaded: int, opened: bool, exploded: bool = False) -> None:
    # The condition's ``guns``: what each firearm holds once fired or reloaded (§3.1.5.5); a gun
    # absent from it is full and closed (ruling WD34); one that exploded stays so, whatever a shot
    # or reload recorded before ruling WD36 made of it after.
    guns = character.condition.get("guns", {})
    gone = exploded or bool(guns.get(weapon, {}).get("exploded"))
    kept = {"loaded": 0 if gone else loaded, "open": opened and not gone} | ({"exploded": True} if gone else {})
    guns = {**guns, weapon: kept}
    character.condition = {**character.condition, "guns": guns}


class BlowStruck(ChanceConsumed):
    """The character attacked in melee or bare-handed (§3.4, §3.5): attack and defence rolls,
    the Table 3.3 result, and on a hit the location and damage. What the damage depends on
    besides the dice: ``declared_column``, the column the table named (None: a very close
    weapon's d6 picks it, §3.4.1; a bare-handed blow has none), the attacker's ``strength``
    (FOR, §3.4.3), ``strength_modifier`` (mFOR) and ``score`` in the skill (§3.5.4); all None
    on blows recorded before the event kept them."""

    class_version = 3

    at: int
    target: str
    weapon: str
    skill: str
    declared_column: str | None
    strength: int | None
    strength_modifier: int | None
    score: int | None
    outcome: dict[str, Any]
    defence: dict[str, Any] | None
    defence_kind: str
    result: str
    location: str | None
    location_table: str | None
    location_dice: list[int]
    damage: dict[str, Any] | None
    epoch: str
    chance: list[dict[str, Any]]

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 3, which keeps what the damage depends on besides the dice.
        super().upcast_stored(state)
        for name in ("declared_column", "strength", "strength_modifier", "score"):
            state.setdefault(name, None)

    def apply(self, character: Character) -> None:
        return None


# §3.3, §3.4: the events that fire or strike at someone, by their class names as the log files them.
ATTACKS = (ShotFired.__name__, BlowStruck.__name__)


def attack_involves(event: ShotFired | BlowStruck, recorded_on: str, character: Character) -> bool:
    """Whether a shot or blow recorded on the chain ``recorded_on`` is by or at ``character``:
    he fired or struck it (it is on his chain), he was its target (his defence roll rides with a
    blow, §3.1.6), or he stood in a shot's path, where a bullet that misses strays (§3.3.1, Table
    3.9, ruling WA17)."""
    named = {str(event.target).casefold(), str(getattr(event, "bystander", None) or "").casefold()}
    return recorded_on == str(character.id) or character.name.casefold() in named


def notable(event: Any) -> str | None:
    """What a GM should read in a downtime report about these events: nothing here happens in
    downtime on its own (rolls and fights are table play)."""
    return None
