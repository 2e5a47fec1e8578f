import hashlib
import math

import pytest

from raglab import Lab, load_corpus
from raglab.documents.text import words


@pytest.fixture(scope="session")
def lab() -> Lab:
    return Lab(load_corpus())


def stand_in_embed(texts):
    """A deterministic stand-in for an embedding model: hashed bag of words, 64 dimensions, unit length.
    It only has to be stable and give texts that share words a higher cosine; it is not a model of meaning."""
    out = []
    for text in texts:
        v = [0.0] * 64
        for w in words(text):
            h = int(hashlib.sha256(w.encode()).hexdigest(), 16)
            v[h % 64] += 1.0 if (h >> 8) % 2 else -1.0
        norm = math.sqrt(sum(x * x for x in v)) or 1.0
        out.append([x / norm for x in v])
    return out


@pytest.fixture(scope="session")
def embed():
    return stand_in_embed
