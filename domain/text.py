"""Text as players type it: French names with or without accents, in any case."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache


@lru_cache(maxsize=4096)  # the same few hundred names are looked up on every tick of an advance
def fold(text: str) -> str:
    """``text`` folded for lookups: accents dropped, lower case, runs of spaces/_ as ``-``.

    "Très facile", "tres_facile" and "TRES-FACILE" all fold to ``tres-facile``; every name
    lookup of a ruleset goes through this.
    """
    decomposed = unicodedata.normalize("NFKD", text.strip())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()
    return re.sub(r"[\s_\-]+", "-", bare).strip("-")
