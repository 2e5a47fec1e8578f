"""Dense vectors of SciFact with all-MiniLM-L6-v2 (fp32 ONNX), computed once and cached under ``.cache/bench/``.

Texts are embedded shortest first, so each batch pads to similar lengths (a 2-core machine does the 5,183
abstracts in minutes instead of many more); the vectors are put back in corpus order before saving.
"""

from __future__ import annotations

import hashlib
import sys
import time

import numpy as np

from bench.scifact_data import CACHE_DIR
from raglab.onnx_embed import OnnxEmbedder, default_model_dir


def embedder() -> OnnxEmbedder:
    return OnnxEmbedder(default_model_dir(), dtype="fp32")


def embed_sorted(embed: OnnxEmbedder, texts: list[str]) -> np.ndarray:
    """Unit vectors of ``texts`` in their order, embedded in batches of similar length."""
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    out = np.empty((len(texts), 384), dtype=np.float32)
    batch = 64
    started = time.perf_counter()
    for s in range(0, len(order), batch):
        idx = order[s : s + batch]
        out[idx] = np.asarray(embed([texts[i] for i in idx]), dtype=np.float32)
        if s // batch % 10 == 0:
            print(f"  embedded {s + len(idx)}/{len(texts)} in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return out


def cached_vectors(name: str, texts: list[str], embed: OnnxEmbedder | None = None) -> np.ndarray:
    """The vectors of ``texts``, from ``.cache/bench/{name}-{hash}.npy`` when present, else computed and saved.
    The hash covers the texts and the model file, so a changed text or model is embedded again."""
    model_file = default_model_dir() / "onnx" / "model.onnx"
    h = hashlib.sha256("\n".join(texts).encode())
    h.update(str(model_file.stat().st_size).encode())
    path = CACHE_DIR / f"{name}-{h.hexdigest()[:12]}.npy"
    if path.exists():
        return np.load(path)
    vectors = embed_sorted(embed or embedder(), texts)
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    np.save(path, vectors)
    return vectors


if __name__ == "__main__":
    from scifact_data import load_scifact

    data = load_scifact()
    e = embedder()
    print(cached_vectors("scifact-queries-minilm", data.queries, e).shape)
    print(cached_vectors("scifact-corpus-minilm", data.documents, e).shape)
