"""Sentence vectors from the ONNX all-MiniLM-L6-v2 in CPython: the command line's default ``embed`` function.

It reads the folder ``tools/models.py`` builds (the one the page's transformers.js worker reads too) and
does what transformers.js does with ``pooling: "mean", normalize: true``: tokenize, run the model on the one text,
average its token vectors, scale to length 1. A text of
up to 256 tokens therefore gets the same vector in the browser and here (cosine 0.99999+, measured with
transformers.js 4.3.1); past 256 tokens both cut it, but transformers.js also drops its closing [SEP].

    >>> embed = OnnxEmbedder(default_model_dir())
    >>> vectors = embed(["Tomas Reyes guides the lighthouse tours.", "The ferry leaves at 8:15."])
    >>> len(vectors), len(vectors[0]), round(sum(x * x for x in vectors[0]), 6)
    (2, 384, 1.0)

CPython only, and optional: onnxruntime and ``tokenizers`` are imported when an embedder is made, so
nothing in the core imports this module at load time (Pyodide has neither package).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np

MODEL_NAME = "all-MiniLM-L6-v2"
# transformers.js's file name for each dtype; tools/models.py builds these three.
MODEL_FILES = {"fp32": "onnx/model.onnx", "fp16": "onnx/model_fp16.onnx", "q8": "onnx/model_quantized.onnx"}
# One text per model run, here and in the page's worker (web/worker.js): a passage's vector depends on its text
# alone. In one run of several texts, q8's weights quantize the activations of the whole batch with one scale, so a
# text's vector moves with its batch mates (cosine to a question 0.148 alone, 0.153-0.159 beside others) and a
# cancelled-and-resumed page would rank passages unlike the command line; one text a run is no slower
# (bench/README.md, "One text a model run").


def default_model_dir() -> Path:
    """``$RAGLAB_MODEL_DIR`` if set, else ``<repo>/.cache/models/all-MiniLM-L6-v2``, where make builds it."""
    override = os.environ.get("RAGLAB_MODEL_DIR")
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[3] / ".cache" / "models" / MODEL_NAME  # <repo>/py/raglab/models/


class OnnxEmbedder:
    """``embed(texts) -> unit vectors``, one list of 384 floats per text, in the order given.

    ``dtype`` picks the weights: "fp32" (``onnx/model.onnx``, 90 MB, the command line's and the presets'), "fp16"
    (``onnx/model_fp16.onnx``, 45 MB) or "q8" (``onnx/model_quantized.onnx``, 23 MB, the page's model). fp32 and
    fp16 give the spec's rankings, their vectors agreeing to cosine 0.9999+; q8's agree to about 0.99.
    """

    def __init__(self, model_dir: str | Path | None = None, dtype: str = "fp32") -> None:
        try:
            import onnxruntime
            from tokenizers import Tokenizer
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise ImportError(
                "OnnxEmbedder needs onnxruntime and tokenizers: pip install -r tools/requirements-models.txt"
            ) from exc
        if dtype not in MODEL_FILES:
            raise ValueError(f"dtype must be one of {sorted(MODEL_FILES)}, not {dtype!r}")
        self.model_dir = Path(model_dir) if model_dir is not None else default_model_dir()
        self.dtype = dtype
        model_path = self.model_dir / MODEL_FILES[dtype]
        if not model_path.is_file():
            raise FileNotFoundError(f"{model_path} is missing: build it with `python tools/models.py minilm`")

        # Truncate where transformers.js does: tokenizer_config.json's model_max_length (256 for this model).
        config = json.loads((self.model_dir / "tokenizer_config.json").read_text())
        self.max_length = int(config["model_max_length"])
        self._tokenizer = Tokenizer.from_file(str(self.model_dir / "tokenizer.json"))
        self._tokenizer.enable_truncation(max_length=self.max_length)

        self._session = onnxruntime.InferenceSession(str(model_path), providers=["CPUExecutionProvider"])
        self._input_names = {i.name for i in self._session.get_inputs()}

    def __call__(self, texts: list[str]) -> list[list[float]]:
        return [self._embed_one(text).tolist() for text in texts]

    def _embed_one(self, text: str) -> np.ndarray:
        encoding = self._tokenizer.encode(text)  # a batch of one: the model's inputs are (texts, tokens)
        mask = np.array([encoding.attention_mask], dtype=np.int64)
        feeds = {
            "input_ids": np.array([encoding.ids], dtype=np.int64),
            "attention_mask": mask,
            "token_type_ids": np.array([encoding.type_ids], dtype=np.int64),
        }
        (token_vectors,) = self._session.run(
            ["last_hidden_state"], {k: v for k, v in feeds.items() if k in self._input_names}
        )
        return unit_mean_pool(np.asarray(token_vectors), mask)[0]


def unit_mean_pool(token_vectors: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Average each text's real-token vectors, then divide by the length: the sentence vector.

    >>> tokens = np.array([[[3.0, 0.0], [1.0, 4.0], [9.0, 9.0]]])  # 1 text, 3 positions, 2 dims
    >>> unit_mean_pool(tokens, np.array([[1, 1, 0]]))  # mean of the 2 real tokens = (2, 2)
    array([[0.70710678, 0.70710678]])
    """
    weights = mask[:, :, None].astype(token_vectors.dtype)
    mean = (token_vectors * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
    return mean / np.maximum(np.linalg.norm(mean, axis=1, keepdims=True), 1e-12)
