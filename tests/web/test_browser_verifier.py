"""The in-browser verifier (issue 16, "Verify in the browser"): a real chromium, with the
production security headers, checks audit bundles with nothing but its own WebCrypto
(web/static/verify/core.js), and agrees with Python's ``verify_bundle`` (domain/verifier.py):
every known answer of FAIRNESS.md v1 and v2 reproduced exactly; honest bundles of the four games
(players' and GM's views, a face-down entry of an open epoch, a v1 journal) hold both ways with
the same counts; and every forgery fails both ways at the very same place."""

from __future__ import annotations

import hashlib
import json
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browsing import chromium, static_site
from verifier_bundles import (
    Bundle,
    Campaign,
    cartes,
    edited,
    elor,
    find,
    microfudge,
    place,
    rechained,
    v1_journal,
    western_parade,
    without,
)

from chronique.domain.cards import card_words, cards_words, shown_all
from chronique.domain.fairness import canonical_bytes
from chronique.domain.referees import all_rules
from chronique.domain.text import plural
from chronique.domain.verifier import Receipts, epochs_of, verify_bundle

# A real browser: an end-to-end run that `-m "not slow"` leaves out.
pytestmark = pytest.mark.slow

VERIFY = Path(__file__).parents[2] / "web" / "static" / "verify"
OURS = ("core.js", "page.js", "index.html", "verify.css")
SHARED = Path(__file__).parents[3] / "shared"
CONTRACTS = [Path(__file__).parents[1] / "domain" / name for name in ("fairness_vectors.json", "fairness_vectors_v2.json")]
# A stand-in for the games' rules (rules.js, Python under Pyodide, is another module's): the page
# calls it only once the core holds, and says "verified" only on its word.
RULES_STUB = """export async function checkRules(bundle, receipts, urls) {
  return { ok: true, place: null, failure: null, rederived: 7 };
}
"""
# Stand-ins whose checker stops, or names a place where a game's rules do not hold.
STOPPED_STUB = """export async function checkRules() { throw new Error("the interpreter ran out of memory"); }
"""
REFUSED_STUB = """export async function checkRules() {
  return { ok: false, place: "ab:3 (TestMade)", failure: "field outcome: records 2, the rules give 1", rederived: 4 };
}
"""
DEADLINE = 30.0


# -- the site, the journals and the browser, built once for the module -----------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The verifier's own files served as a static site: ``plain/`` has no rules.js (its import
    fails, as on a page saved without Pyodide), ``ruled/`` a stand-in that says the rules hold."""
    root = tmp_path_factory.mktemp("site")
    for folder, rules in (("plain", None), ("ruled", RULES_STUB), ("stopped", STOPPED_STUB), ("refused", REFUSED_STUB)):
        (root / folder).mkdir()
        for name in OURS:
            shutil.copy(VERIFY / name, root / folder / name)
        if rules is not None:
            (root / folder / "rules.js").write_text(rules, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Campaign]:
    """One campaign of each game, played on real SQLite files through the real command line, and
    the two campaigns of the v1 release's journal."""
    folder = tmp_path_factory.mktemp("journals")
    v1 = v1_journal(folder)
    return {
        "cartes": cartes(folder),
        "western-parade": western_parade(folder),
        "microfudge": microfudge(folder),
        "elor": elor(folder),
        "v1 cartes": Campaign(v1, "Verdelune"),
        "v1 western-parade": Campaign(v1, "Shotgun City"),
    }


@pytest.fixture(scope="module")
def bundles(played: dict[str, Campaign]) -> dict[str, Bundle]:
    """Every campaign's bundle as players get it, and as its GM does."""
    found = {}
    for name, campaign in played.items():
        found[name] = campaign.bundle(for_players=True)
        found[name + " (GM)"] = campaign.bundle(for_players=False)
    return found


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    with static_site(site) as base:
        yield base


@pytest.fixture(scope="module")
def page(browser: Any, served: str) -> Iterator[Any]:
    """One page of the served verifier, kept for the module's calls into core.js; it must log no
    error (a refused script or style, an exception) while the module uses it."""
    opened = browser.new_page()
    errors: list[str] = []
    opened.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto(served + "ruled/index.html")
    yield opened
    opened.close()
    assert errors == []


def in_browser(page: Any, bundle: Bundle | str, seals: tuple[str, ...] = (), commitments: tuple[str, ...] = ()) -> dict[str, Any]:
    """core.js's verdict on ``bundle``, handed over as the JSON text a player downloads."""
    text = bundle if isinstance(bundle, str) else json.dumps(bundle, ensure_ascii=False)
    script = """async ([text, seals, commitments]) => {
        const core = await import("./core.js");
        return core.verifyBundle(text, {seals, commitments});
    }"""
    return page.evaluate(script, [text, list(seals), list(commitments)])


def in_python(bundle: Bundle | str, seals: tuple[str, ...] = (), commitments: tuple[str, ...] = ()) -> Any:
    """Python's verdict on the same text, with every game's rules."""
    parsed = json.loads(bundle) if isinstance(bundle, str) else json.loads(json.dumps(bundle))
    return verify_bundle(parsed, all_rules(), Receipts(seals, commitments))


# -- 1. the known answers of FAIRNESS.md ---------------------------------------------------------------

KNOWN_ANSWERS = """async (contracts) => {
    const core = await import("./core.js");
    const hex = core.fromHex;
    const out = [];
    for (const contract of contracts) {
        const fair = contract.version;
        for (const c of contract.cases) {
            const stream = () => c.epoch === undefined
                ? core.KeyedStream.v1(hex(c.key_hex), c.originator_id, c.originator_version)
                : core.KeyedStream.v2(hex(c.key_hex), c.originator_id, c.epoch, c.draw);
            const got = {what: c.what};
            if (c.commitment !== undefined) got.commitment = await core.commitment(hex(c.seed_hex));
            if (c.entropy_digest_hex !== undefined) got.entropy_digest_hex = core.toHex(await core.entropyDigest(c.contributions));
            if (c.key_hex !== undefined && c.seed_hex !== undefined) {
                got.key_hex = core.toHex(await core.epochKey(hex(c.seed_hex), c.contributions, fair));
            }
            if (c.u32 !== undefined) { const s = stream(); got.u32 = []; for (const _ of c.u32) got.u32.push(await s.nextU32()); }
            if (c.faces !== undefined) {
                const s = stream();
                got.faces = [];
                const dice = c.what.startsWith("dF") ? c.faces.map(() => null)
                    : c.what.startsWith("d6 x 10") ? [...Array(10).fill(6), ...Array(5).fill(4), ...Array(5).fill(20)]
                    : c.faces.map(() => 100);
                for (const sides of dice) got.faces.push(sides === null ? await s.fudge() : await s.die(sides));
            }
            if (c.values !== undefined) {
                const s = stream();
                got.values = [];
                for (const _ of c.values) got.values.push(await s.uniform(2147483649));
            }
            if (c.result !== undefined) {
                const s = stream();
                got.result = await s.shuffle(c.deck);
                got.rederived = await core.rederive(s.ops, stream());
                got.fresh = core.freshPacks(c.deck.length / (c.what.includes("without face") ? 40 : 52),
                    c.what.includes("without face") ? ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"] : undefined);
            }
            if (c.salt !== undefined) got.salt = await core.saltOf(hex(c.key_hex), c.originator_id, c.originator_version);
            if (c.canonical_utf8 !== undefined) { got.canonical_utf8 = core.canonical(c.event); got.hash = await core.hashOf(c.event); }
            out.push(got);
        }
    }
    return out;
}"""


def test_every_known_answer_of_both_contracts_is_reproduced_in_the_browser(page: Any) -> None:
    contracts = [json.loads(path.read_text(encoding="utf-8")) for path in CONTRACTS]
    if (SHARED / "fairness-vectors.json").exists():  # the copies the Python tests pin are the contract's
        assert contracts == [
            json.loads((SHARED / n).read_text(encoding="utf-8")) for n in ("fairness-vectors.json", "fairness-vectors-v2.json")
        ]
    got = page.evaluate(KNOWN_ANSWERS, contracts)
    cases = [case for contract in contracts for case in contract["cases"]]
    assert len(got) == len(cases) == 19
    for case, answer in zip(cases, got, strict=True):
        for key, value in answer.items():
            if key == "rederived":
                assert value is None, case["what"]
            elif key == "fresh":
                assert value == case["deck"], case["what"]  # FAIRNESS.md: a fresh pack's order
            else:
                assert value == case[key], f"{case['what']}: {key}"
        assert set(answer) - {"what", "rederived", "fresh"}, f"{case['what']}: nothing of it was checked"


def test_the_catalog_of_chance_and_face_down_types_is_every_games(page: Any) -> None:
    # FAIRNESS.md v2: "the golden event catalog says which types consume chance", and which may be face down.
    topics = page.evaluate("""async () => {
        const core = await import("./core.js");
        return [[...core.CHANCE_TOPICS].sort(), [...core.FACE_DOWN_TOPICS].sort()];
    }""")
    assert topics == [sorted(all_rules().chance), sorted(all_rules().face_down)]


CANONICAL_CASES = [
    '{"b": 1, "a": [true, false, null], "é": "à\\u00e9", "\\ud83e\\udd89": 1, "\\uffff": 2, "\\uff61": 3}',
    '{"big": 123456789012345678901234567890, "neg": -9007199254740993, "small": 9007199254740991}',
    '{"s": "tab\\t nl\\n cr\\r bs\\b ff\\f nul\\u0000 us\\u001f del\\u007f quote\\" back\\\\ slash/ ls\\u2028 emoji\\ud83c\\udfb2"}',
    '{"": {}, "nested": {"z": [], "y": {"x": "<>&"}}}',
]


@pytest.mark.parametrize("text", CANONICAL_CASES, ids=["keys by code point", "big integers", "escapes", "empty and nested"])
def test_canonical_bytes_are_pythons_byte_for_byte(page: Any, text: str) -> None:
    # FAIRNESS.md "Hash chain and seals": json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False).
    got = page.evaluate(
        """async (text) => {
        const core = await import("./core.js");
        const value = core.parseJSON(text);
        return [core.canonical(value), await core.hashOf(value)];
    }""",
        text,
    )
    expected = canonical_bytes(json.loads(text))
    assert got[0].encode("utf-8") == expected
    assert got[1] == hashlib.sha256(expected).hexdigest()


def test_a_float_in_an_event_is_refused_as_python_refuses_it(page: Any) -> None:
    # domain/fairness.py plain(): "floats are not allowed in event payloads" (FAIRNESS.md: floats are avoided).
    text = '{"f": [1.0, 1e16]}'
    with pytest.raises(TypeError, match="floats are not allowed"):
        canonical_bytes(json.loads(text))
    got = page.evaluate(
        """async (text) => {
        const core = await import("./core.js");
        try { return core.canonical(core.parseJSON(text)); } catch (error) { return "refused: " + error.message; }
    }""",
        text,
    )
    assert got == "refused: TypeError: floats are not allowed in event payloads"


# -- 2. honest bundles hold both ways ---------------------------------------------------------------

HONEST = ["cartes", "western-parade", "microfudge", "elor", "v1 cartes", "v1 western-parade"]


@pytest.mark.parametrize("view", ["", " (GM)"], ids=["players", "gm"])
@pytest.mark.parametrize("game", HONEST)
def test_an_honest_bundle_holds_in_the_browser_as_in_python(page: Any, bundles: dict[str, Bundle], game: str, view: str) -> None:
    bundle = bundles[game + view]
    python = in_python(bundle)
    browser = in_browser(page, bundle)
    assert python.ok, python.summary()
    assert browser["ok"] and browser["place"] is None, browser["summary"]
    counts = {k: browser[k] for k in ("events", "hidden", "readFaceDown", "draws", "epochsRevealed", "epochsOpen", "seals")}
    expected = (python.events, python.hidden, python.read_face_down, python.draws, python.epochs_revealed, python.epochs_open, python.seals)
    assert counts == dict(zip(counts, expected, strict=True))
    assert browser["seals"] > 0 and browser["epochsRevealed"] > 0
    # What each journal was played to hold: a face-down entry of the open epoch (Cartes, players'
    # view), chance re-derived from a revealed epoch (every game but v1 Cartes, whose session drew
    # from no deck), card order followed.
    if game == "cartes":
        assert (browser["hidden"] > 0) == (view == "")
        # The GM's bundle reads them in full, and says how many the players see face down (ruling EB53).
        assert (browser["readFaceDown"] > 0) == (view == " (GM)")
        assert browser["rederived"] > 0
    if game != "v1 cartes":
        assert browser["draws"] > 0


def test_the_core_s_paragraph_counts_in_words_one_and_many(page: Any) -> None:
    script = """async (counts) => {
        const core = await import("./core.js");
        return counts.map((n) => core.summary({failure: null, events: n, hidden: n, draws: 2 * n, shuffles: n, rederived: n,
            epochsRevealed: n, epochsOpen: n, seals: n, receipts: n}));
    }"""
    one, two = page.evaluate(script, [1, 2])
    assert one == (
        "OK: 1 event checked (1 still face down), 1 die and 1 shuffle re-derived, 1 deck and character event followed, "
        "1 epoch revealed and 1 still open, 1 seal holds, 1 kept receipt extended"
    )
    assert two == (
        "OK: 2 events checked (2 still face down), 2 dice and 2 shuffles re-derived, 2 deck and character events followed, "
        "2 epochs revealed and 2 still open, 2 seals hold, 2 kept receipts extended"
    )


def test_receipts_players_kept_are_extended(page: Any, bundles: dict[str, Bundle]) -> None:
    bundle = bundles["cartes"]
    seals = tuple(s["seal"] for s in bundle["seals"])
    commitments = tuple(e["commitment"] for e in bundle["epochs"])
    python = in_python(bundle, seals, commitments)
    browser = in_browser(page, bundle, seals, commitments)
    assert python.ok and browser["ok"], browser["summary"]
    assert browser["receipts"] == python.receipts == len(seals) + len(commitments)
    assert f"{plural(len(seals) + len(commitments), 'kept receipt')} extended" in browser["summary"]


# -- 3. forgeries fail both ways at the same place --------------------------------------------------

Forgery = Callable[[dict[str, Bundle]], "tuple[Bundle | str, tuple[str, ...], tuple[str, ...], str | None]"]


def _in(epoch: str) -> Callable[[dict[str, Any]], bool]:
    return lambda entry: entry["event"].get("epoch") == epoch or entry["event"].get("sealed_until") == epoch


def _payload_byte(b: dict[str, Bundle]) -> Any:
    bundle = b["cartes"]
    at = find(bundle, "Character.Created")
    return edited(bundle, at, lambda e: e.__setitem__("name", e["name"][:-1] + "f")), (), (), place(bundle, at)


def _broken_prev_hash(b: dict[str, Bundle]) -> Any:
    bundle = b["cartes"]
    at = find(bundle, "Deck.CardsDrawn")
    return rechained(bundle, at, lambda e: e.__setitem__("prev_hash", "ab" * 32)), (), (), place(bundle, at)


def _removed_event(b: dict[str, Bundle]) -> Any:
    bundle = b["cartes"]
    at = find(bundle, "Deck.CardsDrawn")
    following = next(
        i
        for i in range(at + 1, len(bundle["events"]))
        if bundle["events"][i]["event"]["originator_id"] == bundle["events"][at]["event"]["originator_id"]
    )
    return without(bundle, at), (), (), place(bundle, following)


def _die_face(game: str) -> Callable[[dict[str, Bundle]], Any]:
    def forge(b: dict[str, Bundle]) -> Any:
        bundle = b[game]
        at = find(bundle, "CheckRolled", lambda e: bool(e["event"].get("chance")))
        op = bundle["events"][at]["event"]["chance"][0]
        assert op["op"] == "d"  # Western Parade: a d100 check (§Tests)

        def change(event: dict[str, Any]) -> None:
            event["chance"][0]["value"] = op["value"] % op["sides"] + 1

        return rechained(bundle, at, change), (), (), place(bundle, at)

    return forge


def _fudge_face(b: dict[str, Bundle]) -> Any:
    bundle = b["microfudge"]
    at = find(bundle, "TestRolled", lambda e: bool(e["event"].get("chance")))

    def change(event: dict[str, Any]) -> None:
        event["chance"][0]["value"] = (event["chance"][0]["value"] + 2) % 3 - 1

    return rechained(bundle, at, change), (), (), place(bundle, at)


def _shuffle_result(b: dict[str, Bundle]) -> Any:
    bundle = b["cartes (GM)"]
    at = find(bundle, "Deck.Shuffled", _in("session-1"))

    def change(event: dict[str, Any]) -> None:
        result = event["chance"][0]["result"]
        other = next(i for i, card in enumerate(result) if card != result[0])  # the deck holds two packs: the next card may be the same
        result[0], result[other] = result[other], result[0]

    return rechained(bundle, at, change), (), (), place(bundle, at)


def _not_the_next_card(view: str) -> Callable[[dict[str, Bundle]], Any]:
    def forge(b: dict[str, Bundle]) -> Any:
        bundle = b["cartes" + view]
        at = find(bundle, "Deck.CardsDrawn", lambda e: e["event"]["originator_version"] == 3)

        def change(event: dict[str, Any]) -> None:
            event["cards"][0] = "KS" if event["cards"][0] != "KS" else "QS"

        return rechained(bundle, at, change), (), (), place(bundle, at)

    return forge


# What a forged record may put in a card's place (ruling FP10): each reads as its JSON text in both
# verifiers, a card as its symbols. A float cannot be recorded: the canonical bytes refuse it.
NO_CARDS = [7, None, ["AS"], "XX", "as", {"b": 1, "a": 'é\n"\\'}, True, 2**70, "A♠", "", "\x07", "🦉"]


def _no_cards_drawn(view: str) -> Callable[[dict[str, Bundle]], Any]:
    def forge(b: dict[str, Bundle]) -> Any:
        bundle = b["cartes" + view]
        at = find(bundle, "Deck.CardsDrawn", lambda e: e["event"]["originator_version"] == 3)
        return rechained(bundle, at, lambda e: e.__setitem__("cards", [e["cards"][0], *NO_CARDS])), (), (), place(bundle, at)

    return forge


def _cards_that_are(recorded: Any) -> Callable[[dict[str, Bundle]], Any]:
    def forge(b: dict[str, Bundle]) -> Any:
        bundle = b["cartes"]
        at = find(bundle, "Deck.CardsDrawn", lambda e: e["event"]["originator_version"] == 3)
        return rechained(bundle, at, lambda e: e.__setitem__("cards", recorded)), (), (), place(bundle, at)

    return forge


def _no_cards_shuffled(b: dict[str, Bundle]) -> Any:
    # Session 2's shuffle, in the GM's view: its epoch is not revealed, so only the deck's rules
    # can catch what it shuffles in (1 and true are one card to Python's Counter: written once).
    bundle = b["cartes (GM)"]
    at = find(bundle, "Deck.Shuffled", _in("session-2"))

    def change(event: dict[str, Any]) -> None:
        pool = event["chance"][0]["deck"]
        event["chance"][0]["deck"] = [*pool[1:], pool[2], "10S", *(c for c in NO_CARDS if not isinstance(c, list | dict)), 1]

    return rechained(bundle, at, change), (), (), place(bundle, at)


def _shuffle_result_that_is(forged: Callable[[list[Any]], Any]) -> Callable[[dict[str, Bundle]], Any]:
    # Session 1's shuffle, revealed: its result is checked against the stream and named in words
    # (ruling FP10), 80 characters at most (code points: the owl beyond the BMP counts once).
    def forge(b: dict[str, Bundle]) -> Any:
        bundle = b["cartes (GM)"]
        at = find(bundle, "Deck.Shuffled", _in("session-1"))
        return (
            rechained(bundle, at, lambda e: e["chance"][0].__setitem__("result", forged(e["chance"][0]["result"]))),
            (),
            (),
            place(bundle, at),
        )

    return forge


def _shuffle_of_another_kind(b: dict[str, Bundle]) -> Any:
    # Session 2's shuffle, its epoch not revealed: the deck's rules replay its primitive, which
    # now says it is a die.
    bundle = b["cartes (GM)"]
    at = find(bundle, "Deck.Shuffled", _in("session-2"))
    return rechained(bundle, at, lambda e: e["chance"][0].__setitem__("op", "d")), (), (), place(bundle, at)


def _seed_not_committed(b: dict[str, Bundle]) -> Any:
    bundle = b["cartes"]
    at = find(bundle, "Campaign.SessionEnded")
    return rechained(bundle, at, lambda e: e.__setitem__("seed", "00" * 32)), (), (), place(bundle, at)


def _seal_not_of_its_heads(listed: bool) -> Callable[[dict[str, Bundle]], Any]:
    def forge(b: dict[str, Bundle]) -> Any:
        bundle = b["cartes"]
        at = find(bundle, "Campaign.Sealed", lambda e: e["event"]["boundary"] == "session-end")
        forged = rechained(bundle, at, lambda e: e.__setitem__("seal", "ab" * 32))
        if listed:  # the bundle's list agrees with the forged chain: the seal itself must be caught
            forged["seals"] = [
                s if s["seal"] != bundle["events"][at]["event"]["seal"] else {**s, "seal": "ab" * 32} for s in forged["seals"]
            ]
            return forged, (), (), place(bundle, at)
        return forged, (), (), "the bundle's seals"

    return forge


def _hidden_though_revealed(b: dict[str, Bundle]) -> Any:
    bundle = b["cartes"]
    at = find(bundle, "Deck.CardsDrawn", lambda e: e["event"].get("sealed_until") == "session-1")

    def hide(entry: dict[str, Any]) -> None:
        keys = ("topic", "originator_id", "originator_version", "prev_hash", "sealed_until")
        entry["event"] = {k: entry["event"][k] for k in keys}
        entry["hidden"] = True

    forged = json.loads(json.dumps(bundle))
    hide(forged["events"][at])
    return forged, (), (), place(bundle, at)


def _hidden_of_a_kind_never_face_down(b: dict[str, Bundle]) -> Any:
    bundle = b["cartes"]
    at = find(bundle, "Character.Created")
    forged = json.loads(json.dumps(bundle))
    entry = forged["events"][at]
    entry["event"] = {k: entry["event"][k] for k in ("topic", "originator_id", "originator_version", "prev_hash")} | {
        "sealed_until": "session-2"
    }
    entry["hidden"] = True
    return forged, (), (), place(bundle, at)


def _forged_salt(b: dict[str, Bundle]) -> Any:
    bundle = b["cartes"]
    at = find(bundle, "Deck.CardsDrawn", lambda e: e["event"].get("sealed_until") == "session-1")
    return rechained(bundle, at, lambda e: e.__setitem__("salt", "0" * 32)), (), (), place(bundle, at)


def _draw_count(b: dict[str, Bundle]) -> Any:
    bundle = b["western-parade"]
    at = find(bundle, "CheckRolled", lambda e: bool(e["event"].get("chance")))
    return rechained(bundle, at, lambda e: e.__setitem__("draw", e["draw"] + 1)), (), (), place(bundle, at)


def _chance_deleted(b: dict[str, Bundle]) -> Any:
    bundle = b["elor"]
    at = find(bundle, "TestRolled", lambda e: bool(e["event"].get("chance")))
    return rechained(bundle, at, lambda e: e.pop("chance")), (), (), place(bundle, at)


def _v1_die_face(b: dict[str, Bundle]) -> Any:
    bundle = b["v1 western-parade"]
    at = find(bundle, "CheckRolled", lambda e: bool(e["event"].get("chance")))

    def change(event: dict[str, Any]) -> None:
        op = event["chance"][0]
        op["value"] = op["value"] % op["sides"] + 1

    return rechained(bundle, at, change), (), (), place(bundle, at)


def _unknown_seal_kept(b: dict[str, Bundle]) -> Any:
    return b["cartes"], ("ab" * 32,), (), "kept seal " + "ab" * 8 + "…"


def _cut_short_after_a_kept_seal(b: dict[str, Bundle]) -> Any:
    # The GM cuts the journal back to before session 2 and drops its seal from the bundle's list:
    # the players kept session 2's start seal (FAIRNESS.md v2 "Seals at every boundary").
    bundle = b["cartes"]
    start = find(bundle, "Campaign.SessionStarted", lambda e: e["event"]["epoch"] == "session-2")
    kept = bundle["seals"][-1]["seal"]
    forged = json.loads(json.dumps(bundle))
    forged["events"] = forged["events"][:start]
    forged["seals"] = forged["seals"][:-1]
    own = [e["event"] for e in forged["events"] if e["event"]["originator_id"] == forged["campaign_id"]]
    forged["epochs"] = [e.public() for e in epochs_of(own, strict=False).values()]  # what the cut chain commits
    return forged, (kept,), (), f"kept seal {kept[:16]}…"


def _unknown_commitment_kept(b: dict[str, Bundle]) -> Any:
    return b["cartes"], (), ("cd" * 32,), "kept commitment " + "cd" * 8 + "…"


def _epoch_list_disagrees(b: dict[str, Bundle]) -> Any:
    forged = json.loads(json.dumps(b["cartes"]))
    forged["epochs"][1]["seed"] = "11" * 32
    return forged, (), (), f"epoch {forged['epochs'][1]['id']}"


def _entropy_after_the_first_draw(b: dict[str, Bundle]) -> Any:
    # FAIRNESS.md v1: player entropy comes "before the epoch's first draw". Moving the phrase
    # after the draw means re-writing the campaign's chain from there: the forger re-hashes it.
    bundle = b["western-parade"]
    entropy = find(bundle, "Campaign.EntropyAdded")
    roll = find(bundle, "CheckRolled", lambda e: bool(e["event"].get("chance")))
    forged = json.loads(json.dumps(bundle))
    entries = forged["events"]
    moved = entries.pop(entropy)
    entries.insert(roll, moved)  # now just after the roll (the roll moved up by one)
    campaign = [e for e in entries if e["event"]["originator_id"] == forged["campaign_id"]]
    for version, entry in enumerate(campaign, start=1):
        entry["event"]["originator_version"] = version
    previous = "0" * 64
    from chronique.domain.fairness import sha256_hex

    for entry in campaign:
        entry["event"]["prev_hash"] = previous
        entry["hash"] = previous = sha256_hex(entry["event"])
    return forged, (), (), place(forged, roll)


def _damaged(b: dict[str, Bundle]) -> Any:
    forged = json.loads(json.dumps(b["cartes"]))
    forged["events"].append(5)
    return forged, (), (), "bundle"


def _die_beyond_two_to_the_32(b: dict[str, Bundle]) -> Any:
    # FAIRNESS.md's uniform(n) reads 32-bit words: a die of more faces is no primitive, and its
    # rejection sampling would never end (the verifier once hung on it).
    bundle = b["western-parade"]
    at = find(bundle, "CheckRolled", lambda e: bool(e["event"].get("chance")))
    return rechained(bundle, at, lambda e: e["chance"][0].__setitem__("sides", 2**32 + 1)), (), (), place(bundle, at)


def _another_format(b: dict[str, Bundle]) -> Any:
    forged = json.loads(json.dumps(b["cartes"]))
    forged["format"] = "chronique-fair-v9"
    return forged, (), (), "bundle"


def _unreadable_heads(b: dict[str, Bundle]) -> Any:
    bundle = b["cartes"]
    at = find(bundle, "Campaign.Sealed")
    forged = rechained(bundle, at, lambda e: e.__setitem__("heads", {"x": 5}))
    return forged, (), (), "the journal or bundle"


FORGERIES: dict[str, Callable[[dict[str, Bundle]], Any]] = {
    "a changed payload byte": _payload_byte,
    "a broken prev_hash chain": _broken_prev_hash,
    "a removed event": _removed_event,
    "a d100 face changed, re-chained": _die_face("western-parade"),
    "a Fudge die changed, re-chained": _fudge_face,
    "a v1 die face changed, re-chained": _v1_die_face,
    "a shuffle's result changed, re-chained": _shuffle_result,
    "a deck draw that is not the next card (GM view)": _not_the_next_card(" (GM)"),
    "a deck draw that is not the next card (players' view)": _not_the_next_card(""),
    "a deck draw of things that are no cards (GM view)": _no_cards_drawn(" (GM)"),
    "a deck draw of things that are no cards (players' view)": _no_cards_drawn(""),
    "a deck draw whose cards are a string": _cards_that_are("AS9H"),
    "a deck draw whose cards are a number": _cards_that_are(5),
    "a deck draw whose cards are null": _cards_that_are(None),
    "a deck draw whose cards are an object": _cards_that_are({"b": "AS", "a": 1}),
    "a shuffle of things that are no cards": _no_cards_shuffled,
    "a shuffle's result of things that are no cards, re-chained": _shuffle_result_that_is(lambda cards: ["🦉", *NO_CARDS, *cards]),
    "a shuffle's result that is a string, re-chained": _shuffle_result_that_is(lambda cards: "".join(cards)),
    "a shuffle's result that is null, re-chained": _shuffle_result_that_is(lambda cards: None),
    "a shuffle primitive of another kind": _shuffle_of_another_kind,
    "a revealed seed that is not its commitment's": _seed_not_committed,
    "a seal not of its heads, listed": _seal_not_of_its_heads(True),
    "a seal not of its heads, unlisted": _seal_not_of_its_heads(False),
    "a hidden entry of a revealed epoch": _hidden_though_revealed,
    "a hidden entry of a kind never face down": _hidden_of_a_kind_never_face_down,
    "a forged salt": _forged_salt,
    "a draw place moved": _draw_count,
    "a chance-consuming event without its chance": _chance_deleted,
    "a kept seal the journal never held": _unknown_seal_kept,
    "a journal cut short after a kept seal": _cut_short_after_a_kept_seal,
    "a kept commitment the journal never held": _unknown_commitment_kept,
    "an epoch list that disagrees with the chain": _epoch_list_disagrees,
    "entropy added after the first draw": _entropy_after_the_first_draw,
    "an entry that is not an event": _damaged,
    "another format": _another_format,
    "a die of more than 2**32 faces": _die_beyond_two_to_the_32,
    "unreadable seal heads": _unreadable_heads,
}


@pytest.mark.parametrize("forgery", FORGERIES.values(), ids=FORGERIES.keys())
def test_a_forgery_fails_in_the_browser_at_the_place_python_names(page: Any, bundles: dict[str, Bundle], forgery: Forgery) -> None:
    bundle, seals, commitments, where = forgery(bundles)
    python = in_python(bundle, seals, commitments)
    browser = in_browser(page, bundle, seals, commitments)
    assert not python.ok and not browser["ok"], (python.summary(), browser["summary"])
    assert browser["place"] == python.place == where, (python.summary(), browser["summary"])
    # The same words too, a damaged bundle's included: no Python exception's name in them (ruling FP23).
    assert browser["failure"] == python.failure
    assert browser["summary"] == python.summary()


def test_a_forged_draw_reads_its_cards_in_words_in_both_verifiers(page: Any, bundles: dict[str, Bundle]) -> None:
    # Ruling FP10: the cards as the log shows them, not a Python list ("records ['KS', '8D', ...]").
    bundle = bundles["cartes"]
    at = find(bundle, "Deck.CardsDrawn", lambda e: e["event"]["originator_version"] == 3)
    honest = bundle["events"][at]["event"]["cards"]
    forged_cards = ["KS" if honest[0] != "KS" else "QS", *honest[1:]]
    forged = rechained(bundle, at, lambda e: e.__setitem__("cards", forged_cards))
    words = f"records {shown_all(forged_cards)}, but the next cards of the deck's shuffle are {shown_all(honest)}"
    assert "♠" in words and "[" not in words
    assert in_browser(page, forged)["failure"] == in_python(forged).failure == f"field cards: {words}"


def _as_many_as_fit(cards: list[str]) -> str:
    # A primitive's cards in a verdict: as many whole ones as 80 characters hold, then "…".
    fit = max(n for n in range(len(cards) + 1) if len(shown_all(cards[:n])) <= 80)
    return shown_all(cards[:fit]) + (" …" if fit < len(cards) else "")


def test_a_forged_shuffle_reads_its_cards_in_words_in_both_verifiers(page: Any, bundles: dict[str, Bundle]) -> None:
    # Ruling FP10: a shuffle primitive that is not the stream's names the cards of both, not a
    # Python list cut anywhere ("recorded ['KS', '8D', 'Q"); so does a primitive the deck's rules
    # replay as a shuffle though it is recorded as another kind.
    bundle = bundles["cartes (GM)"]
    at = find(bundle, "Deck.Shuffled", _in("session-1"))
    honest = bundle["events"][at]["event"]["chance"][0]["result"]
    other = next(i for i, card in enumerate(honest) if card != honest[0])
    swapped = [honest[other], *honest[1:other], honest[0], *honest[other + 1 :]]
    forged = rechained(bundle, at, lambda e: e["chance"][0].__setitem__("result", swapped))
    words = f"primitive 0 (shuffle) recorded {_as_many_as_fit(swapped)}, the stream gives {_as_many_as_fit(honest)}"
    assert "♠" in words and "[" not in words and "'" not in words
    assert in_browser(page, forged)["failure"] == in_python(forged).failure == f"field chance: it was not drawn from its place: {words}"

    at = find(bundle, "Deck.Shuffled", _in("session-2"))
    pool = bundle["events"][at]["event"]["chance"][0]["deck"]
    forged = rechained(bundle, at, lambda e: e["chance"][0].__setitem__("op", "d"))
    words = f"primitive 0 is 'd' where the rules ask for 'shuffle' (deck {shown_all(pool)})"
    assert in_browser(page, forged)["failure"] == in_python(forged).failure == f"field chance: {words}"


# Values in a card's place, as JSON text: cards, strings that are none, and every JSON kind (floats
# as Python writes them, keys sorted by code point, beyond the BMP too, control characters escaped).
CARD_WORDS_CASES = [
    '"10H"',
    '"AS"',
    '"1S"',
    '"as"',
    r'"A\u2660"',
    '""',
    r'"\u0007\b\f\n\r\t\\\"\u007f"',
    "0",
    "-0",
    "18446744073709551617",
    "1.0",
    "-0.0",
    "1e16",
    "1.5e-7",
    "123.456",
    "null",
    "true",
    "false",
    "[]",
    '["AS", "XX", 7, null, ["KS"], {}]',
    r'{"b": 1, "a": ["QH"], "\uffff": 2, "\ud83e\udd89": 3, "\u00e9": "\u00e9"}',
    "{}",
]


def test_card_words_are_pythons_for_cards_and_whatever_takes_their_place(page: Any) -> None:
    script = """async (texts) => {
        const core = await import("./core.js");
        return texts.map((text) => { const v = core.parseJSON(text); return [core.cardWords(v), core.cardsWords(v)]; });
    }"""
    expected = [[card_words(json.loads(text)), cards_words(json.loads(text))] for text in CARD_WORDS_CASES]
    assert page.evaluate(script, CARD_WORDS_CASES) == expected


# -- 4. the page -------------------------------------------------------------------------------------


def _verdict(page: Any) -> tuple[str, str | None, str]:
    """The verdict once it is final: its state, its place and its words."""
    deadline = time.monotonic() + DEADLINE
    verdict = page.locator("#verdict")
    while time.monotonic() < deadline:
        state = verdict.get_attribute("data-state")
        if state in ("verified", "dice-only", "failed", "misread"):
            return state, verdict.get_attribute("data-place"), verdict.inner_text()
        page.wait_for_timeout(50)
    raise AssertionError(f"no verdict within {DEADLINE} s: {verdict.inner_text()!r}")


def _bundle_page(site: Path, folder: str, name: str, bundle: Bundle) -> str:
    """A page of ``folder`` that fetches ``name`` (same origin) and verifies it at once."""
    (site / folder / f"{name}.json").write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")
    html = (
        (site / folder / "index.html")
        .read_text(encoding="utf-8")
        .replace('<div id="verifier">', f'<div id="verifier" data-bundle-url="{name}.json">')
    )
    assert f'data-bundle-url="{name}.json"' in html
    (site / folder / f"{name}.html").write_text(html, encoding="utf-8")
    return f"{folder}/{name}.html"


def _errors_of(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "404" not in m.text else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def test_the_page_verifies_its_bundle_at_once_and_says_the_rules_were_not_checked_without_them(
    browser: Any, site: Path, served: str, bundles: dict[str, Bundle]
) -> None:
    path = _bundle_page(site, "plain", "honest", bundles["cartes"])
    page = browser.new_page()
    errors = _errors_of(page)
    page.goto(served + path)
    state, where, words = _verdict(page)
    page.close()
    assert (state, where) == ("dice-only", None)
    assert "dice and cards hold" in words and "rules could not be checked here: their checker could not be loaded" in words, words
    assert "Verified" not in words
    assert errors == []


def test_the_page_says_verified_only_when_the_rules_hold_too(browser: Any, site: Path, served: str, bundles: dict[str, Bundle]) -> None:
    bundle = bundles["western-parade"]
    path = _bundle_page(site, "ruled", "honest", bundle)
    page = browser.new_page()
    errors = _errors_of(page)
    page.goto(served + path)
    state, where, words = _verdict(page)
    page.close()
    python = in_python(bundle)
    assert (state, where) == ("verified", None)
    # Western Parade rolls dice and shuffles nothing: the page says what there is (ruling FP25).
    draws = f"{python.draws} die" if python.draws == 1 else f"{python.draws} dice"
    assert words.startswith(f"Verified in your browser: {python.events} events, {draws} re-derived"), words
    assert f"{python.seals} seals hold" in words and "7 outcomes re-derived by the games' rules" in words, words
    assert errors == []


@pytest.mark.parametrize(
    ("folder", "expected"),
    [
        ("stopped", ("dice-only", None, "rules could not be checked here: their checker stopped before it could give a verdict")),
        ("refused", ("failed", "ab:3 (TestMade)", "FAILED at ab:3 (TestMade): field outcome: records 2, the rules give 1")),
    ],
    ids=["a checker that stops", "rules that do not hold"],
)
def test_the_rules_verdict_is_the_pages_once_the_dice_hold(
    browser: Any, site: Path, served: str, bundles: dict[str, Bundle], folder: str, expected: tuple[str, str | None, str]
) -> None:
    path = _bundle_page(site, folder, "honest", bundles["elor"])
    page = browser.new_page()
    errors = _errors_of(page)
    page.goto(served + path)
    state, where, words = _verdict(page)
    page.close()
    assert (state, where) == expected[:2] and expected[2] in words, words
    assert "Verified" not in words
    assert errors == []


def test_a_forged_bundle_picked_from_disk_fails_on_the_page_naming_its_place(
    browser: Any, site: Path, served: str, bundles: dict[str, Bundle], tmp_path: Path
) -> None:
    forged, _, _, where = _die_face("western-parade")(bundles)
    file = tmp_path / "bundle.json"
    file.write_text(json.dumps(forged, ensure_ascii=False), encoding="utf-8")
    page = browser.new_page()
    errors = _errors_of(page)
    page.goto(served + "ruled/index.html")
    assert page.locator("#verdict").get_attribute("data-state") is None  # nothing checked before a file is picked
    page.set_input_files("#bundle-file", str(file))
    state, place_named, words = _verdict(page)
    assert (state, place_named) == ("failed", where)
    assert words == in_python(forged).summary()
    # A kept seal typed afterwards is checked against the same file.
    page.fill("#kept-seals", "AB" * 32 + "\n")
    page.locator("#kept-seals").dispatch_event("change")
    deadline = time.monotonic() + DEADLINE
    while page.locator("#verdict").get_attribute("data-place") != "kept seal " + "ab" * 8 + "…" and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert page.locator("#verdict").get_attribute("data-place") == "kept seal " + "ab" * 8 + "…"
    page.close()
    assert errors == []


def test_a_mistyped_kept_seal_is_the_readers_slip_not_a_rewritten_journal_FP14(
    browser: Any, served: str, bundles: dict[str, Bundle], tmp_path: Path
) -> None:
    # As verify.pyz says it (ruling FP14): a seal that cannot be one is never "rewritten or cut short".
    file = tmp_path / "bundle.json"
    file.write_text(json.dumps(bundles["cartes"], ensure_ascii=False), encoding="utf-8")
    page = browser.new_page()
    errors = _errors_of(page)
    page.goto(served + "ruled/index.html")
    page.fill("#kept-seals", "deadbeef\n")
    page.set_input_files("#bundle-file", str(file))
    state, place_named, words = _verdict(page)
    page.close()
    assert (state, place_named) == ("misread", None)
    assert words == (
        "A kept seal takes 64 hexadecimal digits, as a receipt prints them, not “deadbeef”: correct it to check the campaign against it."
    )
    assert errors == []


def test_the_standalone_page_is_accessible_and_fits_a_phone(browser: Any, served: str) -> None:
    page = browser.new_page(viewport={"width": 400, "height": 800})
    errors = _errors_of(page)
    page.goto(served + "plain/index.html")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator('meta[name="viewport"]').count() == 1
    for field in ("bundle-file", "kept-seals", "kept-commitments"):
        assert page.locator(f'label[for="{field}"]').count() == 1, field
    verdict = page.locator("#verdict")
    assert (verdict.get_attribute("role"), verdict.get_attribute("aria-live")) == ("status", "polite")
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    assert page.locator("[style]").count() == 0 and page.locator("script:not([src])").count() == 0
    page.close()
    assert errors == []
