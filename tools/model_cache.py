"""The models this repository builds, kept between its clones as pip keeps wheels: ``make models`` and ``make test``
take them from here when what makes them is unchanged, and skip the exports (the slow part of making them).

    python -m tools.model_cache restore minilm|stub   exit 0: restored into .cache/models; 1: build it, then save
    python -m tools.model_cache save minilm|stub      keep what .cache/models holds

The kept copy lives in ``$RAGLAB_MODEL_CACHE`` (default ``~/.cache/raglab/models``), in a folder named by the sha256
of the files that decide the exported bytes (KEY_FILES: the two exporters, their pinned requirements, and the
npm lock, which pins the Qwen tokenizer), so a change to any of them builds afresh. A restore copies into a
temporary sibling and renames it into place, as the exporters do: an interrupted restore leaves no half model.
Nothing is deleted from the kept copy; ``rm -rf ~/.cache/raglab`` frees it.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import sys
from pathlib import Path

from tools.models import DEFAULT_CACHE, MINILM, MINILM_FILES, REPO_ROOT
from tools.qwen_stub import QWEN_STUB_FILES, stub_dir

KEY_FILES = (
    "tools/models.py",
    "tools/qwen_stub.py",
    "tools/requirements-models.txt",
    "tools/requirements-qwen.txt",
    "package-lock.json",
)
# model -> (its folder under .cache/models, the files that make it whole)
MODELS = {
    "minilm": (Path(MINILM), MINILM_FILES),
    "stub": (stub_dir(DEFAULT_CACHE).relative_to(DEFAULT_CACHE), QWEN_STUB_FILES),
}


def key(root: Path = REPO_ROOT) -> str:
    """The first 16 hex digits of the sha256 of KEY_FILES' names and bytes, in order."""
    digest = hashlib.sha256()
    for name in KEY_FILES:
        digest.update(name.encode() + b"\0" + (root / name).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def kept_root() -> Path:
    return Path(os.environ.get("RAGLAB_MODEL_CACHE", Path.home() / ".cache" / "raglab" / "models"))


def whole(folder: Path, files: tuple[str, ...]) -> bool:
    return all((folder / name).is_file() for name in files)


def copy_whole(source: Path, target: Path) -> None:
    """Copy the folder `source` to `target` through a temporary sibling, renamed into place at the end."""
    partial = target.with_name(target.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(source, partial)
    shutil.rmtree(target, ignore_errors=True)
    partial.rename(target)


def restore(model: str, cache: Path = DEFAULT_CACHE) -> bool:
    """True when `cache` holds the model whole afterwards: it already did, or the kept copy for this key did."""
    folder, files = MODELS[model]
    target = cache / folder
    if whole(target, files):
        return True
    kept = kept_root() / key() / folder
    if not whole(kept, files):
        return False
    copy_whole(kept, target)
    return True


def save(model: str, cache: Path = DEFAULT_CACHE) -> Path:
    folder, files = MODELS[model]
    source = cache / folder
    if not whole(source, files):
        raise SystemExit(f"{source} is not a whole {model} model: nothing kept")
    kept = kept_root() / key() / folder
    if not whole(kept, files):
        copy_whole(source, kept)
    return kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["restore", "save"])
    parser.add_argument("model", choices=list(MODELS))
    args = parser.parse_args(argv)
    if args.action == "save":
        try:
            print(f"kept {args.model} in {save(args.model)}")
        except OSError as e:  # a home without room or rights: the model is built, only not kept for the next clone
            print(f"{args.model} not kept for later clones: {e}", file=sys.stderr)
        return 0
    restored = restore(args.model)
    print(f"{args.model}: {'ready in .cache/models' if restored else 'not kept for this key: it is built'}")
    return 0 if restored else 1


if __name__ == "__main__":
    sys.exit(main())
