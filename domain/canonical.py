"""Canonical bytes and hashes of events and seals (FAIRNESS.md, "Hash chain and seals")."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from decimal import Decimal
from typing import Any
from uuid import UUID

GENESIS_HASH = "0" * 64


def plain(value: Any) -> Any:
    """``value`` with every type JSON lacks written as FAIRNESS.md says."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(plain(v) for v in value)
    if isinstance(value, UUID):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, float):
        raise TypeError("floats are not allowed in event payloads")
    return value


def canonical_bytes(obj: dict[str, Any]) -> bytes:
    """Sorted keys, no insignificant whitespace, UTF-8."""
    return json.dumps(plain(obj), sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def sha256_hex(obj: dict[str, Any]) -> str:
    """sha256 of the canonical bytes of ``obj``, lowercase hex."""
    return hashlib.sha256(canonical_bytes(obj)).hexdigest()


def seal_of(heads: dict[str, list[Any]]) -> str:
    """The seal of a map aggregate id -> [version, head hash]."""
    return sha256_hex(heads)
