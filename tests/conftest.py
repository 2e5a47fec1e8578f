"""Fixtures every test folder may use: the real embedding model, built once for the whole run."""

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def minilm_dir() -> Path:
    """all-MiniLM-L6-v2 exported to ONNX by tools/models.py into .cache/models (built once, about 15 s)."""
    from tools.models import ensure_minilm

    return ensure_minilm(REPO_ROOT / ".cache" / "models")


@pytest.fixture(scope="session")
def real_embed(minilm_dir):
    """The real embedding model as the core takes it (texts -> unit vectors), for figures checked exactly."""
    from raglab.onnx_embed import OnnxEmbedder

    return OnnxEmbedder(minilm_dir)
