"""The standalone verifier: a zip application carrying the verification and every game's pure
rule functions, so a player checks a bundle with nothing but a bare Python (FAIRNESS.md v2).

Its modules are found by following the ``chronique`` imports of the verifier and of each game's
rules module, so a rule that starts importing a package outside the standard library shows up
in the test that runs the application with ``python -I -S``, not on a player's machine.
"""

from __future__ import annotations

import ast
import zipfile
from collections.abc import Iterator
from importlib import resources
from importlib.util import find_spec
from pathlib import Path

from chronique.domain.referees import GAMES

_ROOTS = ("chronique.domain.verifier", "chronique.domain.referees", *GAMES)

_MAIN = '''"""python verify.pyz bundle.json [--seal HEX ...] [--commitment HEX ...]

Checks a Chronique audit bundle: every hash chain, epoch, seal and chance primitive, and what
the rules of its game made of the chance. Exit 0 when it holds, 1 when it does not, 2 on misuse
(a kept receipt that is not 64 hexadecimal digits, a bundle file that cannot be opened).
"""

import json
import sys

from chronique.domain.referees import all_rules
from chronique.domain.verifier import Receipts, receipt_misread, verify_bundle


def main(argv: list[str]) -> int:
    paths, seals, commitments = [], [], []
    args = iter(argv)
    for arg in args:
        if arg in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if arg in ("--seal", "--commitment"):
            value = next(args, None)
            if value is None:
                print(f"`{arg}` needs a value", file=sys.stderr)
                return 2
            problem = receipt_misread(f"`{arg}`", value)  # the option to type, in backticks (ruling EB55)
            if problem is not None:
                print(problem, file=sys.stderr)
                return 2
            (seals if arg == "--seal" else commitments).append(value.strip().lower())
        else:
            paths.append(arg)
    if len(paths) != 1:
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 2
    # A file that cannot be opened is misuse (a mistyped name): no bundle was checked. One that
    # opens but is no JSON is the bundle the operator handed over failing (ruling FP14).
    try:
        handle = open(paths[0], encoding="utf-8")
    except OSError as error:
        print(f"cannot open the bundle {paths[0]!r}: {error.strerror or error}", file=sys.stderr)
        return 2
    try:
        with handle:
            bundle = json.load(handle)
    except (OSError, ValueError) as error:
        print(f"FAILED at bundle: it cannot be read as JSON ({error})")
        return 1
    report = verify_bundle(bundle, all_rules(), Receipts(tuple(seals), tuple(commitments)))
    print(report.summary())
    return 0 if report.ok else 1


raise SystemExit(main(sys.argv[1:]))
'''


def _source(module: str) -> Path:
    spec = find_spec(module)
    if spec is None or spec.origin is None:
        raise LookupError(f"the verifier needs {module}, which cannot be found")
    return Path(spec.origin)


def _imports(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("chronique."):
            yield node.module
            if _is_package(node.module):  # "from chronique.domain import deck_rules" names a module
                yield from (f"{node.module}.{a.name}" for a in node.names if find_spec(f"{node.module}.{a.name}"))
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name.startswith("chronique."))


def _is_package(module: str) -> bool:
    spec = find_spec(module)
    return spec is not None and spec.submodule_search_locations is not None


def modules() -> list[str]:
    """Every chronique module the verifier imports, transitively."""
    found: set[str] = set()
    waiting = list(_ROOTS)
    while waiting:
        module = waiting.pop()
        if module in found or _is_package(module):
            continue
        found.add(module)
        waiting.extend(_imports(_source(module)))
    return sorted(found)


def build(output: Path) -> list[str]:
    """Write the zip application to ``output``; the modules it carries."""
    carried = modules()
    packages = {module.rpartition(".")[0] for module in carried}
    packages |= {".".join(p.split(".")[:i]) for p in packages for i in range(1, p.count(".") + 1)}
    with zipfile.ZipFile(output, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("__main__.py", _MAIN)
        for package in sorted(packages):
            # Empty package files: a package's own __init__ may import what the verifier must not.
            archive.writestr(package.replace(".", "/") + "/__init__.py", "")
        for module in carried:
            archive.write(_source(module), module.replace(".", "/") + ".py")
        for package in sorted(p for p in packages if ".rulesets." in p):
            for data in resources.files(package).iterdir():
                if data.name.endswith(".toml"):
                    archive.writestr(f"{package.replace('.', '/')}/{data.name}", data.read_bytes())
    output.chmod(0o755)
    return carried
