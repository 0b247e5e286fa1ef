"""chronique-fair-v2's known answers (shared/fairness-vectors-v2.json), reproduced exactly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_chance_vectors import shared_or_skip

from chronique.domain.cards import fresh_packs
from chronique.domain.fairness import FORMAT, KeyedStream, epoch_key, rederive, salt

HERE = Path(__file__).parent
CONTRACT = json.loads((HERE / "fairness_vectors_v2.json").read_text(encoding="utf-8"))
VECTORS = CONTRACT["cases"]
SHARED = HERE.parents[2] / "shared" / "fairness-vectors-v2.json"


def cases(what: str) -> list[dict[str, Any]]:
    found = [c for c in VECTORS if c["what"].startswith(what)]
    assert found, f"no v2 vector starts with {what!r}"  # a renamed vector must not pass silently
    return found


def stream(case: dict[str, Any]) -> KeyedStream:
    return KeyedStream.v2(bytes.fromhex(case["key_hex"]), case["originator_id"], case["epoch"], case["draw"])


def test_copy_matches_the_shared_contract() -> None:
    assert shared_or_skip(SHARED) == CONTRACT
    assert CONTRACT["version"] == FORMAT


@pytest.mark.parametrize("case", cases("epoch_key v2"), ids=lambda c: c["what"])
def test_epoch_key_v2(case: dict[str, Any]) -> None:
    key = epoch_key(bytes.fromhex(case["seed_hex"]), case["contributions"], FORMAT)
    assert key.hex() == case["key_hex"]
    assert epoch_key(bytes.fromhex(case["seed_hex"]), case["contributions"]).hex() != case["key_hex"]  # v1 differs


def test_u32_stream_of_a_v2_draw_place() -> None:
    (case,) = cases("u32 stream v2")
    s = stream(case)
    assert [s.next_u32() for _ in case["u32"]] == case["u32"]


def test_d100_faces_v2() -> None:
    (case,) = cases("d100")
    s = stream(case)
    assert [s.die(100) for _ in case["faces"]] == case["faces"]


def test_fudge_faces_v2() -> None:
    (case,) = cases("dF")
    s = stream(case)
    assert [s.fudge() for _ in case["faces"]] == case["faces"]


def test_shuffle_v2_with_a_non_ascii_epoch_id() -> None:
    (case,) = cases("shuffle")
    assert case["deck"] == fresh_packs(1)
    s = stream(case)
    assert s.shuffle(case["deck"]) == case["result"]
    assert rederive(s.ops, stream(case)) is None


def test_salt_of_a_face_down_event() -> None:
    (case,) = cases("salt")
    assert salt(bytes.fromhex(case["key_hex"]), case["originator_id"], case["originator_version"]) == case["salt"]


def test_v2_place_depends_on_the_draw_count_not_the_version() -> None:
    (case,) = cases("d100")
    key = bytes.fromhex(case["key_hex"])
    a = KeyedStream.v2(key, case["originator_id"], case["epoch"], case["draw"])
    b = KeyedStream.v2(key, case["originator_id"], case["epoch"], case["draw"] + 1)
    assert [a.die(100) for _ in range(6)] != [b.die(100) for _ in range(6)]
