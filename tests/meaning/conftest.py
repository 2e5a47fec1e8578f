from pathlib import Path

import pytest
from tools.models import ensure_minilm

from raglab import Lab, load_corpus

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def minilm_dir() -> Path:
    """all-MiniLM-L6-v2 exported to ONNX by tools/models.py into .cache/models (built once, about 15 s)."""
    return ensure_minilm(REPO_ROOT / ".cache" / "models")


@pytest.fixture(scope="session")
def real_embed(minilm_dir):
    from raglab.models.onnx_embed import OnnxEmbedder

    return OnnxEmbedder(minilm_dir)


@pytest.fixture(scope="session")
def lab() -> Lab:
    return Lab(load_corpus())
