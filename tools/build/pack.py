"""The step that packs the lab's own Python and its corpus into raglab.zip, deterministically."""

from __future__ import annotations

import zipfile
from pathlib import Path

from tools.build.bytecode import bytecode, page_python
from tools.build.lab_corpus import PAGE_CORPUS
from tools.build.pins import PACKED_TREES, ROOT, ZIP_TIME
from tools.build.settings import BuildSettings


def pack_raglab(dist: Path, settings: BuildSettings) -> None:
    """py/raglab/ and corpus/ into one deterministic zip (see the module docstring for why); a --corpus build packs
    its own corpus under PAGE_CORPUS instead of corpus/."""
    packed = settings.lab_corpus.packed
    trees = PACKED_TREES if packed is None else tuple(t for t in PACKED_TREES if t != "corpus")
    files = {
        path.relative_to(ROOT).as_posix(): path.read_bytes
        for tree in trees
        for path in (ROOT / tree).rglob("*")
        if path.is_file() and path.suffix != ".pyc" and "__pycache__" not in path.parts
    }
    files |= {f"{PAGE_CORPUS}/{name}": (lambda data=data: data) for name, data in (packed or {}).items()}
    # the bytecode of the core's and the glue's modules, unpacked beside their sources
    files |= {name: (lambda data=data: data) for name, data in bytecode(page_python(settings)).pyc.items()}
    with zipfile.ZipFile(dist / settings.named("raglab", ".zip"), "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            entry = zipfile.ZipInfo(name, ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, files[name]())
