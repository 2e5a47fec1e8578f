"""The last step: sw.js with its manifest of every file it keeps for offline use, by hash."""

from __future__ import annotations

import fnmatch
import hashlib
import json
from pathlib import Path

from tools.build.pins import WEB
from tools.build.settings import BuildSettings

# What sw.js keeps for offline use: every file of the site but these. The models (models/, hub/) and onnxruntime's
# runtime, which loads only with a model, are kept by transformers.js in its own Cache Storage ("transformers-cache"),
# where the page shows and removes them; source maps are fetched only by the developer tools; sw.js is the browser's.
OFFLINE_SKIP = ("sw.js", "models/*", "hub/*", "transformers/ort-wasm-*", "*.map")
OFFLINE_HASH_DIGITS = 16  # of each file's sha256: 64 bits, plenty to tell two versions of one file apart
SW_MANIFEST_LINE = 'const MANIFEST = { version: "unbuilt", files: {} }; // build.py writes the real one here'


def write_offline_manifest(dist: Path, settings: BuildSettings) -> None:
    """sw.js with its manifest written in: every file it keeps, with the start of the file's sha256, and a version
    that is the start of the manifest's own sha256 (its cache is "raglab-<version>").

    Written into sw.js itself, not beside it, because the browser installs a new service worker only when the
    bytes of its script change: a deploy that changes any listed file changes sw.js. Keep this step last: it hashes
    what the others wrote. Running it again after changing a file in dist/ makes the next version (the tests do).
    """
    files = {}
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        name = path.relative_to(dist).as_posix()
        if not any(fnmatch.fnmatch(name, pattern) for pattern in OFFLINE_SKIP):
            files[name] = hashlib.sha256(path.read_bytes()).hexdigest()[:OFFLINE_HASH_DIGITS]
    listing = json.dumps(files, separators=(",", ":"))
    version = hashlib.sha256(listing.encode()).hexdigest()[:OFFLINE_HASH_DIGITS]
    template = (WEB / "sw.js").read_text(encoding="utf-8")
    if SW_MANIFEST_LINE not in template:
        raise SystemExit("web/sw.js has lost its MANIFEST line")
    manifest = f'const MANIFEST = {{ version: "{version}", files: {listing} }};'
    (dist / "sw.js").write_text(template.replace(SW_MANIFEST_LINE, manifest), encoding="utf-8")
