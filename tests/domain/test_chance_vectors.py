"""FAIRNESS.md's known answers (shared/fairness-vectors.json), reproduced exactly."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from chronique.domain.cards import RANKS, fresh_packs
from chronique.domain.fairness import KeyedStream, canonical_bytes, commitment, entropy_digest, epoch_key, rederive, sha256_hex

HERE = Path(__file__).parent
VECTORS = json.loads((HERE / "fairness_vectors.json").read_text(encoding="utf-8"))["cases"]
SHARED = HERE.parents[2] / "shared" / "fairness-vectors.json"


def cases(what: str) -> list[dict[str, Any]]:
    return [c for c in VECTORS if c["what"].startswith(what)]


def stream(case: dict[str, Any]) -> KeyedStream:
    return KeyedStream(bytes.fromhex(case["key_hex"]), case["originator_id"], case["originator_version"])


def shared_or_skip(path: Path) -> dict[str, Any]:
    """The shared contract's vectors: beside the project they must be there (a CI checkout has
    them: a missing file fails there); a lone copy of the project skips, saying why."""
    if not path.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{path} is missing: the copy of the known answers cannot be checked against the contract")
        pytest.skip(f"{path} is not beside this checkout")
    return dict(json.loads(path.read_text(encoding="utf-8")))


def test_copy_matches_the_shared_contract() -> None:
    assert shared_or_skip(SHARED)["cases"] == VECTORS


def test_missing_shared_vectors_fail_under_ci(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="fairness-vectors.json is missing"):
        shared_or_skip(tmp_path / "fairness-vectors.json")


def test_missing_shared_vectors_skip_outside_ci(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="fairness-vectors.json is not beside this checkout"):
        shared_or_skip(tmp_path / "fairness-vectors.json")


def test_commitment_is_sha256_of_seed() -> None:
    (case,) = cases("commitment")
    assert commitment(bytes.fromhex(case["seed_hex"])) == case["commitment"]


@pytest.mark.parametrize("case", cases("epoch_key"))
def test_epoch_key_and_entropy_digest(case: dict[str, Any]) -> None:
    seed = bytes.fromhex(case["seed_hex"])
    assert entropy_digest(case["contributions"]).hex() == case["entropy_digest_hex"]
    assert epoch_key(seed, case["contributions"]).hex() == case["key_hex"]


def test_u32_stream_first_ten_words() -> None:
    (case,) = cases("u32 stream")
    s = stream(case)
    assert [s.next_u32() for _ in case["u32"]] == case["u32"]


def test_d100_faces() -> None:
    (case,) = cases("d100")
    s = stream(case)
    assert [s.die(100) for _ in case["faces"]] == case["faces"]


def test_fudge_faces() -> None:
    (case,) = cases("dF")
    s = stream(case)
    assert [s.fudge() for _ in case["faces"]] == case["faces"]


def test_mixed_dice_d6_d4_d20() -> None:
    (case,) = cases("d6 x 10")
    s = stream(case)
    faces = [s.die(6) for _ in range(10)] + [s.die(4) for _ in range(5)] + [s.die(20) for _ in range(5)]
    assert faces == case["faces"]


def test_uniform_with_rejection() -> None:
    (case,) = cases("uniform(2147483649)")
    s = stream(case)
    assert [s.uniform(2147483649) for _ in case["values"]] == case["values"]


@pytest.mark.parametrize("case", cases("shuffle"))
def test_shuffles(case: dict[str, Any]) -> None:
    assert stream(case).shuffle(case["deck"]) == case["result"]


def test_fresh_pack_orders_match_the_vectors() -> None:
    decks = {len(c["deck"]): c["deck"] for c in cases("shuffle")}
    assert decks[52] == fresh_packs(1)
    assert decks[104] == fresh_packs(2)
    assert decks[40] == fresh_packs(1, RANKS[:10])


def test_canonical_bytes_and_hash() -> None:
    (case,) = cases("canonical")
    assert canonical_bytes(case["event"]).decode("utf-8") == case["canonical_utf8"]
    assert sha256_hex(case["event"]) == case["hash"]


def test_recorded_ops_rederive_and_a_changed_face_does_not() -> None:
    (case,) = cases("d100")
    s = stream(case)
    for _ in range(3):
        s.die(100)
    assert rederive(s.ops, stream(case)) is None
    forged = [dict(s.ops[0], value=s.ops[0]["value"] % 100 + 1), *s.ops[1:]]
    assert "primitive 0 (d)" in str(rederive(forged, stream(case)))
