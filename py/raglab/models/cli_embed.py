"""The command line's embedding model: all-MiniLM-L6-v2 under CPython (``onnx_embed``), its vectors kept between
calls (``search.vector_cache``: a folder's passages are embedded once), and loaded only when a vector is not kept.
"""

from __future__ import annotations


class ModelUnavailable(Exception):
    """The embedding model could not be loaded when a vector was first needed (the message says why)."""


class ModelOnFirstUse:
    """The embedding model, loaded on its first call: loading it (onnxruntime and 90 MB of weights) is most of a
    call's time, and a question whose vectors are all kept (a folder's passages, a question asked before) never
    needs it."""

    dtype = "fp32"  # OnnxEmbedder's default, named in the vectors' key before anything is loaded

    def __init__(self) -> None:
        self.model = None

    def __call__(self, texts: list[str]) -> list[list[float]]:
        if self.model is None:
            from .onnx_embed import OnnxEmbedder, default_model_dir

            try:
                self.model = OnnxEmbedder(default_model_dir(), self.dtype)
            except (ImportError, OSError) as e:
                raise ModelUnavailable(str(e)) from e
        return self.model(texts)


def cli_embedder(name: str, on_first_use: bool = False):
    """The embedding model ``name`` (``onnx``, or ``none``: None), its vectors kept between calls.
    ``on_first_use``: loaded only when a vector is not kept (ModelUnavailable then, if it cannot be)."""
    if name == "none":
        return None
    from ..search.vector_cache import CachedEmbedder
    from .onnx_embed import MODEL_NAME, OnnxEmbedder, default_model_dir

    model = ModelOnFirstUse() if on_first_use else OnnxEmbedder(default_model_dir())
    return CachedEmbedder(model, f"{MODEL_NAME} {model.dtype}")
