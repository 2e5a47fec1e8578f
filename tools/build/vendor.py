"""Steps that copy what the site ships as it is: web/, the npm runtime, the wheels and the models' files."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from tools.build.bytecode import bytecode, page_python
from tools.build.pins import (
    BENCH_MODULES,
    DOCUMENT_FILES,
    EMBED_DTYPE,
    EMBED_MODEL,
    GENERATE_MODEL,
    IDB_KEYVAL_VERSION,
    MAMMOTH_VERSION,
    MODEL_CACHE,
    NODE_MODULES,
    PDFJS_VERSION,
    PYODIDE_CORE_FILES,
    PYODIDE_PYTHON,
    PYODIDE_VERSION,
    PYSCRIPT_VERSION,
    TRANSFORMERS_FILES,
    TRANSFORMERS_VERSION,
    WEB,
    WHEEL_CACHE,
    WHEELS,
    ZIP_TIME,
)
from tools.build.settings import BuildSettings


def copy_pages(dist: Path, settings: BuildSettings) -> None:
    """web/ as it is: pages, boot JS, CSS and the page's entry Python (main.py); the benchmarks' hooks
    (BENCH_MODULES) only when the settings ask for them."""
    left_out = () if settings.bench_hooks else BENCH_MODULES
    shutil.copytree(WEB, dist, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__", *left_out))


def vendor_pyodide(dist: Path, settings: BuildSettings) -> None:
    source = NODE_MODULES / "pyodide"
    require_npm_version(source, PYODIDE_VERSION)
    target = dist / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_CORE_FILES:
        if name == "python_stdlib.zip":  # with bytecode beside the modules the core imports (bytecode())
            _with_bytecode(source / name, target / name, bytecode(page_python(settings)).stdlib)
        else:
            shutil.copy2(source / name, target / name)


def _with_bytecode(stdlib: Path, target: Path, pyc: dict[str, bytes]) -> None:
    """Pyodide's python_stdlib.zip as npm ships it (sources only), plus ``pyc``'s files beside their sources."""
    with zipfile.ZipFile(stdlib) as original, zipfile.ZipFile(target, "w") as out:
        for entry in original.infolist():
            out.writestr(entry, original.read(entry))
        for name, data in sorted(pyc.items()):
            entry = zipfile.ZipInfo(name, ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(entry, data)


def vendor_pyscript(dist: Path, settings: BuildSettings) -> None:
    """All of @pyscript/core's dist/: core.js lazy-loads its chunks by name."""
    source = NODE_MODULES / "@pyscript" / "core"
    require_npm_version(source, PYSCRIPT_VERSION)
    shutil.copytree(source / "dist", dist / "pyscript")


def vendor_transformers(dist: Path, settings: BuildSettings) -> None:
    require_npm_version(NODE_MODULES / "@huggingface" / "transformers", TRANSFORMERS_VERSION)
    target = dist / "transformers"
    target.mkdir()
    for source, name in TRANSFORMERS_FILES.items():
        shutil.copy2(NODE_MODULES / source, target / name)


def vendor_wheels(dist: Path, settings: BuildSettings) -> None:
    (dist / "wheels").mkdir()
    for wheel in (name for names in WHEELS.values() for name in names):
        if not (WHEEL_CACHE / wheel).exists():
            WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
            project, version = wheel.split("-")[:2]
            # The target-Python flags matter: without them pip on 3.11 picks an older networkx.
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                 "--python-version", PYODIDE_PYTHON, "--only-binary=:all:",
                 "--dest", str(WHEEL_CACHE), f"{project}=={version}"],
                check=True,
            )  # fmt: skip
        shutil.copy2(WHEEL_CACHE / wheel, dist / "wheels" / wheel)


def vendor_document_readers(dist: Path, settings: BuildSettings) -> None:
    require_npm_version(NODE_MODULES / "pdfjs-dist", PDFJS_VERSION)
    require_npm_version(NODE_MODULES / "idb-keyval", IDB_KEYVAL_VERSION)
    require_npm_version(NODE_MODULES / "mammoth", MAMMOTH_VERSION)
    for source, name in DOCUMENT_FILES.items():
        if (NODE_MODULES / source).is_dir():
            shutil.copytree(NODE_MODULES / source, dist / name)
        else:
            (dist / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(NODE_MODULES / source, dist / name)


def copy_models(dist: Path, settings: BuildSettings) -> None:
    """The embedding model in the layout transformers.js reads (models/<name>/...), the EMBED_DTYPE weights only."""
    from raglab.models.onnx_embed import MODEL_FILES

    source, weights = MODEL_CACHE / EMBED_MODEL, MODEL_FILES[EMBED_DTYPE]
    if not (source / weights).exists():
        return
    target = dist / "models" / EMBED_MODEL
    (target / "onnx").mkdir(parents=True)
    for path in source.glob("*.json"):
        shutil.copy2(path, target / path.name)
    shutil.copy2(source / weights, target / weights)


def self_host_model(dist: Path, settings: BuildSettings) -> None:
    """--self-host-model DIR: ship the language model's files inside the site, where a hub would serve them."""
    if settings.self_hosted_model is None:
        return
    target = dist / "hub" / GENERATE_MODEL / "resolve" / "main"
    shutil.copytree(settings.self_hosted_model, target, ignore=shutil.ignore_patterns("model.onnx", "*.partial"))


def require_npm_version(package_dir: Path, version: str) -> None:
    manifest = package_dir / "package.json"
    found = json.loads(manifest.read_text())["version"] if manifest.exists() else "nothing"
    if found != version:
        raise SystemExit(f"{package_dir} holds {found}, build.py wants {version}: run `make deps-node`")
