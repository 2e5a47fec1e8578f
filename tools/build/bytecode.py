"""The page's modules compiled to bytecode by the page's own Pyodide in Node, kept in a cache by what made them."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import subprocess
from dataclasses import dataclass

from tools.build.pins import BYTECODE_CACHE, PYODIDE_VERSION, ROOT, WEB
from tools.build.settings import BuildSettings


def page_python(settings: BuildSettings) -> dict[str, bytes]:
    """Every module the page can import, by its path where the page unpacks it: the core (raglab.zip's py/raglab/)
    and the glue (settings.page_modules(), which pyscript.json fetches into the same folder)."""
    core = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in (ROOT / "py" / "raglab").rglob("*.py")}
    return core | {name: (WEB / name).read_bytes() for name in settings.page_modules()}


# The command line's own modules (argparse, sqlite3 caches): the page never imports them, so the standard library's
# modules only they need get no bytecode (and __main__ would run the command line when imported).
COMMAND_LINE_MODULES = (
    "raglab.__main__",
    "raglab.cli",
    "raglab.documents.document_cache",
    "raglab.models.cli_embed",
    "raglab.result_text",
    "raglab.scoreboard_text",
    "raglab.search.vector_cache",
)


@dataclass(frozen=True)
class Bytecode:
    """What tools/bytecode.mjs compiles: ``pyc``, each of the page's modules' .pyc, by its path in raglab.zip
    (``py/raglab/__pycache__/lab.cpython-314.pyc``); ``stdlib``, a .pyc for each module of Pyodide's standard
    library that the core imports beyond what Pyodide loads to start, by its path in python_stdlib.zip
    (``ipaddress.pyc``, beside ``ipaddress.py``, where zipimport looks first)."""

    pyc: dict[str, bytes]
    stdlib: dict[str, bytes]


def bytecode(sources: dict[str, bytes]) -> Bytecode:
    """The page's modules compiled by the page's own Pyodide in Node (tools/bytecode.mjs), so the page loads
    bytecode instead of compiling each module from source at every start (bench/README.md, "Start-up"). Checked-hash
    files: a source that differs from the one compiled is compiled again, as it would be without them. Kept in
    BYTECODE_CACHE by what made them, so a build whose Python has not changed starts no Node."""
    core = sorted(
        n.removeprefix("py/").removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for n in sources
        if n.startswith("py/")
    )
    core = [name for name in core if name not in COMMAND_LINE_MODULES]
    asked = json.dumps(
        {"sources": {n: data.decode("utf-8") for n, data in sorted(sources.items())}, "imports": core}
    ).encode()
    compiler = [ROOT / "tools" / "bytecode.mjs", ROOT / "tools" / "pyodide_compile.py"]
    made_by = b"\0".join([PYODIDE_VERSION.encode(), *(path.read_bytes() for path in compiler), asked])
    kept = BYTECODE_CACHE / (hashlib.sha256(made_by).hexdigest() + ".json")
    if not kept.exists():
        BYTECODE_CACHE.mkdir(parents=True, exist_ok=True)
        made = kept.with_suffix(f".{os.getpid()}.partial")
        subprocess.run(["node", str(compiler[0]), str(made)], input=asked, check=True)
        made.replace(kept)  # whole or not at all
    out = json.loads(kept.read_text())
    return Bytecode(*({n: base64.b64decode(b) for n, b in out[part].items()} for part in ("pyc", "stdlib")))
