"""The methods of dataclasses compiled once per machine, not once per command (issue 20, "Cold
commands lean").

Every event class of the journal is a dataclass (eventsourcing makes it one), and Python writes
each dataclass's ``__init__``, ``__repr__``, ``__eq__``... as source text and compiles it when the
class is created: some two thousand small compilations, a quarter of what a cold ``chronique``
command spends before it reads the journal. Python keeps the compiled code of a module in its
``.pyc``; these texts it compiles afresh in every process.

:func:`install` gives the dataclasses module an ``exec`` that compiles each text once and keeps
the code in a file of the user's cache (``$XDG_CACHE_HOME/chronique``, else ``~/.cache``), keyed
by the text itself and by the interpreter's bytecode version, so a text is never run as other
code than its own; the next process reads it back. What runs is what Python would have compiled
from the same text, with the same flags: only the compiling is saved. Like Python's own bytecode
cache, nothing is written when ``PYTHONDONTWRITEBYTECODE`` is set, and a cache that cannot be read
or written is left alone: the texts are then compiled as before.
"""

from __future__ import annotations

import atexit
import builtins
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import Any

# A cache holds the texts of the dataclasses of the program as it is; the texts of older
# versions pile up after upgrades, so past this many it starts afresh.
MOST_ENTRIES = 5_000


def cache_file() -> Path:
    """Where the compiled texts are kept, one file per interpreter version."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "chronique" / f"dataclasses.{sys.implementation.cache_tag}.marshal"


class CompiledTexts:
    """The code of each text compiled so far: read from the cache file on first use, written back
    at exit when new texts were compiled. The file maps each text to its code as ``marshal``
    writes it, read into a code object only when the text is met: a command meets half of them."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._codes: dict[str, bytes] | None = None
        self._new = 0

    def code(self, text: str) -> CodeType:
        """``text`` compiled as ``exec(text, ...)`` compiles it from the dataclasses module (which
        has no ``__future__`` imports: none are inherited)."""
        codes = self._load()
        found = codes.get(text)
        if found is not None:
            try:
                code = marshal.loads(found)
                if isinstance(code, CodeType):
                    return code
            except (ValueError, EOFError, TypeError):
                pass  # a damaged entry: compiled afresh, and written again
        code = compile(text, "<string>", "exec", dont_inherit=True)
        codes[text] = marshal.dumps(code)
        self._new += 1
        return code

    def _load(self) -> dict[str, bytes]:
        if self._codes is None:
            self._codes = {}
            try:
                data = self.path.read_bytes()
                if data[: len(MAGIC_NUMBER)] == MAGIC_NUMBER:
                    loaded = marshal.loads(data[len(MAGIC_NUMBER) :])
                    if isinstance(loaded, dict) and len(loaded) <= MOST_ENTRIES:
                        self._codes = {k: v for k, v in loaded.items() if isinstance(k, str) and isinstance(v, bytes)}
            except Exception:  # noqa: BLE001 - no cache, or an unreadable one: compile as Python does
                self._codes = {}
        return self._codes

    def save(self) -> None:
        """Write the texts back if any was compiled in this process (atomically: a process that
        reads meanwhile sees the old file or the new one)."""
        if not self._new or self._codes is None or sys.dont_write_bytecode:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            partial = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
            descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "wb") as out:
                out.write(MAGIC_NUMBER + marshal.dumps(self._codes))
            os.replace(partial, self.path)
            self._new = 0
        except OSError:
            pass  # a read-only home or a full disk: the next process compiles again


def install(path: Path | None = None) -> CompiledTexts | None:
    """Compile the dataclasses' texts once per machine from now on in this process (see the
    module's docstring); None when the dataclasses module builds its methods some other way."""
    import dataclasses

    if "exec" in vars(dataclasses) or not hasattr(dataclasses, "_create_fn"):
        return None  # installed already, or a Python whose dataclasses make their methods otherwise
    texts = CompiledTexts(path or cache_file())

    def exec_compiled(source: Any, globals: Any = None, locals: Any = None, /) -> None:  # noqa: A002 - exec's own names
        """``exec`` as the dataclasses module calls it, with the text's code from the cache."""
        if isinstance(source, str):
            source = texts.code(source)
        # exec's defaults are its caller's namespaces: the dataclasses module's.
        globals = vars(dataclasses) if globals is None else globals
        builtins.exec(source, globals, globals if locals is None else locals)

    dataclasses.exec = exec_compiled  # type: ignore[attr-defined]
    atexit.register(texts.save)
    return texts
