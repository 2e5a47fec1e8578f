"""Build dist/: the lab as a self-contained static site (plain CPython, standard library only).

    python build.py [--out dist]

dist/ holds the pages from web/, the vendored runtime (Pyodide's core from npm in pyodide/, the
whole @pyscript/core dist/ in pyscript/), the networkx wheel from PyPI in wheels/, the lab's own
Python as raglab.zip, and pyscript.json, the PyScript config that ties them together. Nothing on
the page asks any other origin for anything.

Why a zip and not a wheel for raglab: PyScript's `[files]` unpacks a zip into Pyodide's working
directory before the page's Python runs, with no installer involved. A wheel would go through
`loadPackage`, which cannot carry the corpus (data outside the package) and would read the
project's declared dependencies (numpy, networkx) that must stay off the start-up path. The zip
keeps the repository's layout (py/raglab/..., corpus/...), so the core finds the corpus at the
same relative place under CPython and in the browser; the page only adds py/ to sys.path.

Later steps (pre-rendering HTML with CPython, copying model files) are functions that take the
dist path: append them to BUILD_STEPS.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

# --- Pinned versions and URLs: the one place to change them ----------------------------------
PYODIDE_VERSION = "314.0.7"  # npm `pyodide`, pinned in package.json / package-lock.json
PYSCRIPT_VERSION = "0.7.31"  # npm `@pyscript/core`, pinned likewise
PYODIDE_PYTHON = "3.14"  # the Python inside that Pyodide: wheels must be built for it
NETWORKX_VERSION = "3.7"  # pure Python; the Pyodide lock's networkx 3.6.1 would pull numpy + matplotlib
# numpy has no wheel on npm or PyPI for Pyodide. In production it comes from the Pyodide CDN
# (the only package that does); the offline tests never load it.
PYODIDE_PACKAGE_BASE_URL = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
WHEEL_CACHE = ROOT / ".cache" / "wheels"

# What PyScript's main-thread loader fetches from Pyodide's indexURL (plus source maps for
# debugging; browsers only fetch those with the developer tools open).
PYODIDE_CORE_FILES = (
    "pyodide.mjs",
    "pyodide.mjs.map",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
NETWORKX_WHEEL = f"networkx-{NETWORKX_VERSION}-py3-none-any.whl"
RAGLAB_ZIP = "raglab.zip"
# Packed into raglab.zip under the same paths as in the repository: every file but caches.
PACKED_TREES = ("py/raglab", "corpus")
ZIP_TIME = (2020, 1, 1, 0, 0, 0)  # fixed, so the same sources give the same bytes


def copy_pages(dist: Path) -> None:
    """web/ as it is: pages, boot JS, CSS and the page's entry Python (main.py)."""
    shutil.copytree(WEB, dist, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__"))


def vendor_pyodide(dist: Path) -> None:
    source = NODE_MODULES / "pyodide"
    _require_npm_version(source, PYODIDE_VERSION)
    target = dist / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_CORE_FILES:
        shutil.copy2(source / name, target / name)


def vendor_pyscript(dist: Path) -> None:
    """All of @pyscript/core's dist/: core.js lazy-loads its chunks by name."""
    source = NODE_MODULES / "@pyscript" / "core"
    _require_npm_version(source, PYSCRIPT_VERSION)
    shutil.copytree(source / "dist", dist / "pyscript")


def vendor_wheels(dist: Path) -> None:
    wheel = WHEEL_CACHE / NETWORKX_WHEEL
    if not wheel.exists():
        WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
        # The target-Python flags matter: without them pip on 3.11 picks an older networkx.
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--python-version", PYODIDE_PYTHON, "--only-binary=:all:",
             "--dest", str(WHEEL_CACHE), f"networkx=={NETWORKX_VERSION}"],
            check=True,
        )  # fmt: skip
    (dist / "wheels").mkdir()
    shutil.copy2(wheel, dist / "wheels" / NETWORKX_WHEEL)


def pack_raglab(dist: Path) -> None:
    """py/raglab/ and corpus/ into one deterministic zip (see the module docstring for why)."""
    files = sorted(
        path
        for tree in PACKED_TREES
        for path in (ROOT / tree).rglob("*")
        if path.is_file() and path.suffix != ".pyc" and "__pycache__" not in path.parts
    )
    with zipfile.ZipFile(dist / RAGLAB_ZIP, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files:
            entry = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, path.read_bytes())


def write_pyscript_config(dist: Path) -> None:
    """pyscript.json, next to the pages, so page-relative and config-relative URLs agree.

    `interpreter` makes PyScript use the vendored Pyodide instead of its CDN default. No
    `packages`: nothing is installed at start-up. The `raglab` section is ours; the page's
    Python reads it as `pyscript.config["raglab"]`.
    """
    config = {
        "interpreter": "./pyodide/pyodide.mjs",
        "files": {f"./{RAGLAB_ZIP}": "./*"},  # "./*": unpack the zip into /home/pyodide
        "raglab": {
            "pyodide_version": PYODIDE_VERSION,
            "pyscript_version": PYSCRIPT_VERSION,
            "networkx_wheel": f"./wheels/{NETWORKX_WHEEL}",
            "pyodide_package_base_url": PYODIDE_PACKAGE_BASE_URL,
        },
    }
    (dist / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n")


# Each step gets the dist path. Later: pre-render pages with CPython, copy model files.
BUILD_STEPS: list[Callable[[Path], None]] = [
    copy_pages,
    vendor_pyodide,
    vendor_pyscript,
    vendor_wheels,
    pack_raglab,
    write_pyscript_config,
]


def build(dist: Path, steps: list[Callable[[Path], None]] = BUILD_STEPS) -> Path:
    """Write a fresh site into `dist` (its old content is removed) and return it."""
    dist = Path(dist).resolve()
    if dist == ROOT or ROOT.is_relative_to(dist):
        raise SystemExit(f"refusing to replace {dist}: it holds the repository")
    shutil.rmtree(dist, ignore_errors=True)
    dist.mkdir(parents=True)
    for step in steps:
        step(dist)
    return dist


def _require_npm_version(package_dir: Path, version: str) -> None:
    manifest = package_dir / "package.json"
    found = json.loads(manifest.read_text())["version"] if manifest.exists() else "nothing"
    if found != version:
        raise SystemExit(f"{package_dir} holds {found}, build.py wants {version}: run `make deps-node`")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder (default: dist)")
    args = parser.parse_args(argv)
    dist = build(args.out)
    size = sum(path.stat().st_size for path in dist.rglob("*") if path.is_file())
    print(f"built {dist} ({size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
