"""What a visitor downloads holds nothing of the benchmarks (issue 37): the hooks of bench/ (web/bench_hooks.py,
``window.raglabBench``) ship only in a ``--bench-hooks`` build, the tests' and the benchmarks' site."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from tools.build.config import write_pyscript_config
from tools.build.offline import write_offline_manifest
from tools.build.pack import pack_raglab
from tools.build.pins import BENCH_MODULES, ROOT
from tools.build.settings import BuildSettings
from tools.build.steps import build
from tools.build.vendor import copy_pages, vendor_pyodide

# Every step that copies, packs or lists the page's own files (the others vendor npm packages and models).
STEPS = [copy_pages, vendor_pyodide, pack_raglab, write_pyscript_config, write_offline_manifest]
BENCH_WORDS = (b"raglabBench", b"bench_hooks")


def every_file(dist: Path) -> dict[str, bytes]:
    """Each file of the site by its path, and each file inside its zips as ``zip!name``."""
    files = {}
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        name = path.relative_to(dist).as_posix()
        files[name] = path.read_bytes()
        if name.endswith(".zip"):
            with zipfile.ZipFile(path) as archive:
                files |= {f"{name}!{inner}": archive.read(inner) for inner in archive.namelist()}
    return files


def test_the_published_site_holds_no_benchmark_hook(tmp_path):
    """Intent: a build without --bench-hooks (`make build`, `make serve`) ships no bench_hooks.py, no bytecode of
    it, no config naming it, and not one file (nor one file in raglab.zip or python_stdlib.zip) that says
    ``raglabBench`` or ``bench_hooks``; main.py then installs no hook."""
    files = every_file(build(tmp_path / "dist", BuildSettings(offline=True), steps=STEPS))
    assert "main.py" in files and "raglab.zip!py/raglab/__pycache__/lab.cpython-314.pyc" in files
    assert [name for name in files if "bench_hooks" in name] == []
    assert [name for name, data in files.items() if any(word in data for word in BENCH_WORDS)] == []
    config = json.loads(files["pyscript.json"])
    assert "hooks" not in config["raglab"] and "./main.py" not in config["files"]


def test_a_bench_hooks_build_ships_them_for_main_py_to_install(tmp_path):
    """Intent: the tests' and benchmarks' site (--bench-hooks) has the hooks as the page's other modules: the file
    beside main.py, fetched by pyscript.json, its bytecode in raglab.zip, listed for sw.js, named in the config's
    ``hooks`` (what main.py installs), and web/'s own copy, byte for byte."""
    dist = build(tmp_path / "dist", BuildSettings(offline=True, bench_hooks=True), steps=STEPS)
    files = every_file(dist)
    config = json.loads(files["pyscript.json"])
    assert config["raglab"]["hooks"] == ["bench_hooks"] == [name.removesuffix(".py") for name in BENCH_MODULES]
    assert config["files"]["./bench_hooks.py"] == "./bench_hooks.py"
    assert files["bench_hooks.py"] == (ROOT / "web" / "bench_hooks.py").read_bytes()
    assert "raglab.zip!__pycache__/bench_hooks.cpython-314.pyc" in files
    assert '"bench_hooks.py":' in files["sw.js"].decode()
    assert b"raglabBench" in files["bench_hooks.py"]
