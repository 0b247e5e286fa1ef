"""Issue 20, the advance engine made fast without changing what it records: each event encoded once
(orjson, byte-identical to FAIRNESS.md's canonical JSON, the stored bytes those hashed), snapshots
from the state a chain kept in memory, the dues of only the characters a fired process touched,
and a sheet's derived part worked out again only where a point trained moves it.

Each test sets the fast path against the slow one it replaces, over a real journal (a SQLite file)
or over every input the rules can give it."""

from __future__ import annotations

import hashlib
import random
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any
from uuid import UUID

import orjson
import pytest
from support import payload, scripted_services, stored

from chronique.adapters.audit import canonical_row
from chronique.adapters.bootstrap import build
from chronique.domain.chain import canonical_json
from chronique.domain.character import Character
from chronique.domain.fairness import KeyedStream, canonical_bytes, salt
from chronique.domain.gametime import DAY
from chronique.domain.limits import STORABLE
from chronique.domain.rulesets.westernparade import sheet as wp_sheet
from chronique.domain.rulesets.westernparade.processes import WesternParadeProcesses
from chronique.domain.rulesets.westernparade.tables import _parsed, evaluate, skills
from chronique.domain.timeline import Due, advance

sys.path.insert(0, str(Path(__file__).parents[2] / "bench"))
from westernparade_bench import CAMPAIGN, party, sheet  # noqa: E402 - the bench's own busy party

YEAR = 365 * DAY


@pytest.fixture(scope="module")
def busy_year(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real SQLite journal holding the bench's busy Western Parade party and a year of it: half
    a year in one advance, then month by month (each advance snapshots the chains it moved)."""
    db = tmp_path_factory.mktemp("busy") / "journal.db"
    services = build(str(db))
    try:
        party(services, busy=True)
        services.advance(CAMPAIGN, lambda c: c.clock + YEAR // 2)
        for _ in range(6):
            services.advance(CAMPAIGN, lambda c: c.clock + YEAR // 12)
    finally:
        services.close()
    return db


# -- each event encoded once -------------------------------------------------------------------


def test_every_stored_event_is_the_standard_librarys_canonical_json_of_itself(busy_year: Path) -> None:
    """FAIRNESS.md's canonical bytes are ``json.dumps(sort_keys, compact, ensure_ascii=False)``:
    every row the journal wrote (orjson's bytes) is exactly that of its own content, and the fast
    encoder gives those same bytes back from it."""
    rows = stored(busy_year)
    assert len(rows) > 1500  # a year of the busy party: training, practice, long skills, a wound
    for originator, version, topic, state in rows:
        canonical = canonical_row(str(UUID(originator)), version, topic, state)
        assert canonical_bytes(canonical) == state, (topic, version)
        assert canonical_json(canonical) == (state, True), (topic, version)


def test_the_chain_hashes_exactly_the_stored_bytes(busy_year: Path) -> None:
    """Each event's ``prev_hash`` is the sha256 of the row before it on its chain: the bytes
    hashed when it was recorded are the bytes stored (FAIRNESS.md)."""
    heads: dict[str, str] = {}
    for originator, _version, _topic, state in stored(busy_year):
        event = orjson.loads(state)
        assert event["prev_hash"] == heads.get(originator, "0" * 64)
        heads[originator] = hashlib.sha256(state).hexdigest()


def _random_text(r: random.Random) -> str:
    # Control characters, quotes, backslashes, accents, the BMP's edges and beyond it.
    alphabet = [chr(c) for c in (*range(0, 0x80), 0xE9, 0x2028, 0x2029, 0xFEFF, 0xFFFF, 0x1F600, 0x10FFFF)]
    return "".join(r.choice(alphabet) for _ in range(r.randint(0, 12)))


def _random_value(r: random.Random, depth: int = 0) -> Any:
    kind = r.randint(0, 9 if depth < 3 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return r.choice((True, False))
    if kind == 2:
        return r.choice((0, -1, 1, 2**31, -(2**53) + 1, STORABLE, STORABLE + 1, 10**15, 10**16 - 1, 2**63, 2**64, -(2**70)))
    if kind == 3:
        return r.randint(-(10**6), 10**6)
    if kind in (4, 5):
        return _random_text(r)
    if kind == 6:
        return [_random_value(r, depth + 1) for _ in range(r.randint(0, 4))]
    if kind == 7:
        return tuple(_random_value(r, depth + 1) for _ in range(r.randint(0, 3)))
    return {_random_text(r): _random_value(r, depth + 1) for _ in range(r.randint(0, 5))}


def test_the_fast_encoder_is_byte_identical_or_refuses_alike_over_random_payloads() -> None:
    """Over payloads of every JSON shape with hostile strings and integers around 2^53 and 2^64,
    ``canonical_json`` gives ``canonical_bytes``'s bytes, and says an integer may be unstorable
    whenever one is beyond ±(2^53 - 1) (issue 18), reading the numbers alone, never the strings."""
    r = random.Random(20)
    for _ in range(3000):
        obj = {"topic": "x:Y", "payload": _random_value(r)}
        data, small = canonical_json(obj)
        assert data == canonical_bytes(obj)
        if small:
            assert all(abs(n) <= STORABLE for n in _integers(obj))
        # Exactly: numbers in strings never count, and every integer of 16 digits or more does.
        assert small == all(abs(n) < 10**15 for n in _integers(obj)), data


def _integers(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [n for v in value.values() for n in _integers(v)]
    if isinstance(value, (list, tuple)):
        return [n for v in value for n in _integers(v)]
    return []


def test_what_orjson_cannot_write_alike_goes_through_the_standard_library() -> None:
    """Keys that are not strings, integers beyond 64 bits, sets, decimals and datetimes are written
    as FAIRNESS.md says; a float is refused as ``canonical_bytes`` refuses it."""
    odd: list[dict[Any, Any]] = [
        {1: "a", "b": 2},
        {"n": 2**64 + 1},
        {"n": -(2**64)},
        {"s": {3, 1, 2}},
        {"d": Decimal("1.50")},
        {"u": UUID(int=7)},
        {"e": {True: 1}},
    ]
    for obj in odd:
        assert canonical_json(obj)[0] == canonical_bytes(obj), obj
    with pytest.raises(TypeError, match="floats are not allowed"):
        canonical_json({"f": 1.5})
    with pytest.raises(TypeError, match="floats are not allowed"):
        canonical_json({"f": [1, {"g": 2e20}]})


# -- snapshots from memory ---------------------------------------------------------------------


def test_every_snapshot_is_the_state_a_replay_of_its_events_gives(busy_year: Path) -> None:
    """A snapshot taken from the state a chain kept as it recorded (issue 20) is the state its
    events replayed from the start give at that version: a cache of the events, nothing more."""
    services = build(str(busy_year))
    try:
        journal = services.journal
        assert journal.snapshots is not None
        world = services.world(CAMPAIGN)
        checked = 0
        for aggregate in world.aggregates():
            history: list[Any] = list(journal.events.get(aggregate.id))
            snapshot: Any
            for snapshot in journal.snapshots.get(aggregate.id):
                replayed = None
                for event in history[: snapshot.originator_version]:
                    replayed = event.mutate(replayed)
                assert vars(snapshot.mutate(None)) == vars(replayed), (type(aggregate).__name__, snapshot.originator_version)
                checked += 1
        assert checked >= 12  # seven advances, each snapshotting the chains it took past an interval
    finally:
        services.close()


# -- dues of the characters a fired process touched ---------------------------------------------


class _FixedChance:
    """The same chance in both runs compared (a fixed key), recording nothing."""

    def stream(self, epoch: str, place: Any) -> Any:
        return KeyedStream.v2(b"k" * 32, place.originator_id, epoch, place.draw)

    def salt(self, epoch: str, originator_id: UUID, version: int) -> str | None:
        return salt(b"k" * 32, originator_id, version)


class _Uncached(WesternParadeProcesses):
    """Every due computed again after every process fired, as before issue 20."""

    def due(self) -> list[Due]:
        self._dues.clear()
        self.downtime._dues.clear()
        return super().due()


def test_cached_dues_fire_the_same_processes_and_record_the_same_events(tmp_path: Path) -> None:
    """Over a year of the busy party, keeping each character's dues until its chain moves fires
    the same processes in the same order and records the same events as computing every due
    after every tick."""
    services = scripted_services(tmp_path / "journal.db")
    try:
        party(services, busy=True)
        runs = []
        for processes in (WesternParadeProcesses, _Uncached):
            world = services.world(CAMPAIGN)
            world.source = _FixedChance()
            target = world.campaign.clock + YEAR
            ticks = advance(world.campaign, processes(world), target)
            runs.append(([(t.due, t.account) for t in ticks], [payload(e) for e in world.pending()]))
        assert len(runs[0][0]) > 1500
        assert runs[0] == runs[1]
    finally:
        services.close()


def test_a_year_advanced_at_once_records_what_two_halves_record(tmp_path: Path) -> None:
    """Advancing by a + b records the events advancing by a then by b records (DESIGN.md, Time),
    with the dues cached within each advance."""
    runs = []
    for halves in (False, True):
        services = scripted_services(tmp_path / f"journal-{halves}.db", b"issue-20")
        try:
            party(services, busy=True)
            if halves:
                services.advance(CAMPAIGN, lambda c: c.clock + 180 * DAY)
                services.advance(CAMPAIGN, lambda c: c.clock + (YEAR - 180 * DAY))
            else:
                services.advance(CAMPAIGN, lambda c: c.clock + YEAR)
            world = services.world(CAMPAIGN)
            runs.append({c.name: (c.sheet, c.condition) for c in world.characters.values()})
        finally:
            services.close()
    assert runs[0] == runs[1]


# -- a sheet derived again where a point moves it ------------------------------------------------


def test_every_compiled_base_formula_is_the_evaluated_one() -> None:
    """Each of the catalogue's base formulas, compiled to integer arithmetic over one common
    denominator, gives ``tables.evaluate``'s exact value rounded down (PROPOSAL §8.3), for
    integer and fractional variables alike."""
    import ast
    from fractions import Fraction

    names = set()
    for entry in skills().skills.values():
        tree, refs = _parsed(entry.base)
        names |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id not in refs}
    r = random.Random(8)
    for round_ in range(200):
        values: dict[str, Any] = {n: r.randint(-30, 120) for n in names}
        if round_ % 4 == 0:
            values = {n: Fraction(r.randint(-99, 99), r.randint(1, 9)) if r.random() < 0.3 else v for n, v in values.items()}
        scores = {ref: r.randint(-10, 140) for e in skills().skills.values() for ref in _parsed(e.base)[1].values()}
        for entry in skills().skills.values():
            expected = evaluate(entry.base, values, scores.__getitem__)
            assert wp_sheet._compiled(entry.base)(values, scores.__getitem__) == expected, entry.name
    for formula in ("7 / 0", "AGI / -3", "-(AGI - 5) / 4 * 3", "(AGI / 3) * (FOR / 7) - 2"):
        for agi in range(-20, 20):
            values = {"AGI": agi, "FOR": 3 * agi + 1}
            try:
                want: object = evaluate(formula, values, None)
            except ZeroDivisionError:
                want = ZeroDivisionError
            try:
                got: object = wp_sheet._compiled(formula)(values, None)  # type: ignore[arg-type]
            except ZeroDivisionError:
                got = ZeroDivisionError
            assert got == want, (formula, agi)


def _typed(value: Any) -> Any:
    # Equal values of other types (a tuple for a list) would be another state: compare types too.
    if isinstance(value, dict):
        return ("dict", [(k, _typed(v)) for k, v in value.items()])
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [_typed(v) for v in value])
    return (type(value).__name__, value)


@pytest.mark.parametrize("who", ["sam", "joe", "doc", "siringo"])
def test_points_trained_one_after_another_derive_the_sheet_a_full_derivation_gives(who: str) -> None:
    """Gains raised skill by skill (those no formula reads worked out from the sheet before, the
    others derived again) give, at every step, the very dict ``sheet_data(sheet_of_data(...))``
    gives: same keys in the same order, same values of the same types."""
    r = random.Random(who)
    data = wp_sheet.with_derived(wp_sheet.sheet_data(wp_sheet.parse_sheet(sheet(who))))
    names = list(data["derived"]["skills"])
    fast = 0
    for step in range(150):
        name = r.choice(names)
        raised = dict(data)
        raised["gains"] = {**raised["gains"], name: raised["gains"].get(name, 0) + r.choice((1, 1, 1, 2, 0))}
        if step % 10 == 0:
            wp_sheet._DERIVED.clear()  # now and then, as a new process would: derived in full
        fast += wp_sheet._with_gains(raised) is not None
        got = wp_sheet.with_derived(raised)
        assert _typed(got) == _typed(wp_sheet.sheet_data(wp_sheet.sheet_of_data(raised))), (who, step, name)
        data = got
    assert fast > 100  # most points went the incremental way


def test_a_sheet_changed_elsewhere_is_derived_again_in_full() -> None:
    """A sheet whose other parts differ from the one derived before (a characteristic raised, a
    derived value not the rules' own) is derived in full: nothing stale is carried over."""
    data = wp_sheet.with_derived(wp_sheet.sheet_data(wp_sheet.parse_sheet(sheet("sam"))))
    stronger = {**data, "characteristics": {**data["characteristics"], "FOR": data["characteristics"]["FOR"] + 1}}
    assert wp_sheet._with_gains(stronger) is None
    tampered = {**data, "derived": {**data["derived"], "skills": {**data["derived"]["skills"], "Armes de poing": 99}}}
    assert wp_sheet._with_gains(tampered) is None
    assert wp_sheet.with_derived(tampered) == wp_sheet.sheet_data(wp_sheet.sheet_of_data(data))


def test_characters_state_after_a_year_is_the_replay_of_their_events(busy_year: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The characters as the journal loads them (snapshots taken from memory, then events, sheets
    derived incrementally) equal their events folded from the start with every sheet derived in
    full at every point trained, as before issue 20."""
    services = build(str(busy_year))
    try:
        world = services.world(CAMPAIGN)
        monkeypatch.setattr(wp_sheet, "_with_gains", lambda data: None)
        trained = 0
        for character in world.characters.values():
            folded: Character | None = None
            event: Any
            for event in services.journal.events.get(character.id):
                folded = event.mutate(folded)
                trained += type(event).__name__ == "PointTrained"
            assert folded is not None and vars(folded) == vars(character), character.name
        assert trained > 20, trained  # a year of three training plans (the number moves with the dice: wounds pause training)
    finally:
        services.close()
