"""Dense vectors of SciFact with all-MiniLM-L6-v2 (fp32 ONNX, or the fp16 and q8 weights the page can use),
computed once and cached under ``.cache/bench/``.

Texts are embedded one a model run (raglab.models.onnx_embed), with progress every 640; the vectors are saved in
corpus order.

``page_vectors``: the page's own vectors instead (transformers.js, the fp16 model, in the page's worker), saved
beside them by bench/scifact_page.py's quality phase.
"""

from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

import numpy as np

from bench.scifact_data import CACHE_DIR
from raglab.models.onnx_embed import MODEL_FILES, OnnxEmbedder, default_model_dir
from raglab.search.vector_table import KEPT_RUNS


def embedder(weights: str = "fp32") -> OnnxEmbedder:
    return OnnxEmbedder(default_model_dir(), dtype=weights)


def embed_sorted(embed: OnnxEmbedder, texts: list[str]) -> np.ndarray:
    """Unit vectors of ``texts`` in their order (shortest first, so progress starts fast)."""
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


def cache_path(name: str, texts: list[str], tag: str) -> Path:
    """``.cache/bench/{name}-{hash}.npy``, the hash over the texts and ``tag`` (what made the vectors)."""
    h = hashlib.sha256("\n".join(texts).encode())
    h.update(tag.encode())
    return CACHE_DIR / f"{name}-{h.hexdigest()[:12]}.npy"


def cached_vectors(name: str, texts: list[str], embed: OnnxEmbedder | None = None, weights: str = "fp32") -> np.ndarray:
    """The vectors of ``texts``, from ``.cache/bench/{name}-{hash}.npy`` when present, else computed and saved.
    The hash covers the texts and the weights file (its kind and size), so a changed text or model is embedded
    again, and vectors of other weights are never taken for these."""
    model_file = default_model_dir() / MODEL_FILES[weights]
    # fp32's tag as it was (batched or alone, its vectors agree to the last float bits); q8's moved with its batch
    # mates, so its vectors made one text a run are cached apart (KEPT_RUNS)
    tag = str(model_file.stat().st_size) + ("" if weights == "fp32" else f" {weights} {KEPT_RUNS}")
    path = cache_path(name, texts, tag)
    if path.exists():
        return np.load(path)
    vectors = embed_sorted(embed or embedder(weights), texts)
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    np.save(path, vectors)
    return vectors


def scifact_vectors(documents: list[str], queries: list[str], weights: str = "fp32") -> tuple[np.ndarray, np.ndarray]:
    """(abstracts, claims) vectors of ``weights``, cached as ``scifact-{corpus,queries}-minilm[-WEIGHTS]-*.npy``."""
    tag = "" if weights == "fp32" else f"-{weights}"
    return (
        cached_vectors(f"scifact-corpus-minilm{tag}", documents, weights=weights),
        cached_vectors(f"scifact-queries-minilm{tag}", queries, weights=weights),
    )


def page_paths(documents: list[str], queries: list[str]) -> list[Path]:
    return [cache_path("scifact-corpus-page", documents, "page"), cache_path("scifact-queries-page", queries, "page")]


def page_vectors(documents: list[str], queries: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """The page's own vectors of the abstracts and the claims, in their order, as bench/scifact_page.py's quality
    phase last read them from the page (``save_page_vectors``): ``.cache/bench/scifact-{corpus,queries}-page-*.npy``."""
    paths = page_paths(documents, queries)
    if not all(p.exists() for p in paths):
        raise SystemExit(
            "no page vectors cached: run `python -m bench.scifact_page --phases quality` (its quality "
            "phase reads them from the page and saves them)"
        )
    return np.load(paths[0]), np.load(paths[1])


def save_page_vectors(documents: list[str], queries: list[str], document_vectors, query_vectors) -> None:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    for path, vectors in zip(page_paths(documents, queries), (document_vectors, query_vectors), strict=True):
        np.save(path, np.asarray(vectors, dtype=np.float32))


def main() -> None:
    """Fill the cache bench/scifact.py reads (minutes for all 5,183 abstracts)."""
    import argparse

    from bench import smoke
    from bench.scifact_data import load_scifact, scifact_or_stand_in, smoke_sample

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weights", choices=sorted(MODEL_FILES), default="fp32")
    smoke.add_flag(parser)
    args = parser.parse_args()
    data = smoke_sample(scifact_or_stand_in()) if args.smoke else load_scifact()
    for name, vectors in zip(
        ("abstracts", "claims"), scifact_vectors(data.documents, data.queries, args.weights), strict=True
    ):
        print(f"{name}: {vectors.shape[0]} vectors of {vectors.shape[1]} (weights {args.weights})")
    if args.smoke:
        print(smoke.NOTE)


if __name__ == "__main__":
    main()
