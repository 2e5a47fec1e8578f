"""Run by tools/bytecode.mjs inside Pyodide in Node (the page's own interpreter): ``compile_page``."""

import base64
import importlib
import importlib.util
import os
import py_compile
import sys
import zipfile

HOME = "/home/pyodide/"  # where the page unpacks raglab.zip: the paths tracebacks name
STDLIB = next(p for p in sys.path if p.endswith(".zip"))  # /lib/python314.zip


def pyc_of(path, named=None):
    cached = importlib.util.cache_from_source(path)
    checked = py_compile.PycInvalidationMode.CHECKED_HASH
    py_compile.compile(path, cfile=cached, dfile=named, doraise=True, invalidation_mode=checked)
    with open(cached, "rb") as file:
        return base64.b64encode(file.read()).decode("ascii")


def compile_page(sources: dict[str, str], imports: list[str]) -> dict[str, dict[str, str]]:
    """{"pyc": each source's .pyc by its path, "stdlib": a .pyc for each standard library module importing
    ``imports`` loads beyond those loaded already, by its path in python_stdlib.zip}, the files in base64."""
    pyc = {}
    for path, source in sources.items():
        os.makedirs(os.path.dirname(HOME + path), exist_ok=True)
        with open(HOME + path, "w", encoding="utf-8") as file:
            file.write(source)
        pyc[os.path.relpath(importlib.util.cache_from_source(HOME + path), HOME)] = pyc_of(HOME + path)

    at_start = set(sys.modules)
    sys.path[:0] = [HOME + "py", HOME]
    for name in imports:
        try:
            importlib.import_module(name)
        except ImportError:  # a module for a dependency Pyodide loads on first use (networkx): its own imports wait
            pass
    stdlib = {}
    with zipfile.ZipFile(STDLIB) as archive:
        for name in sorted(set(sys.modules) - at_start):
            file = getattr(sys.modules[name], "__file__", None) or ""
            if file.startswith(STDLIB + "/") and file.endswith(".py"):
                inside = file[len(STDLIB) + 1 :]
                copy = "/tmp/stdlib/" + inside
                os.makedirs(os.path.dirname(copy), exist_ok=True)
                with open(copy, "wb") as out:
                    out.write(archive.read(inside))
                stdlib[inside + "c"] = pyc_of(copy, file)
    return {"pyc": pyc, "stdlib": stdlib}
