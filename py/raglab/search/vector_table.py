"""A table of embeddings by text: an embedder that only looks up, so the page can run the meaning techniques
with vectors computed elsewhere (precomputed by build.py for the passages and presets, or asked of the browser's
model for a typed question) while the maths stays in Python.

>>> table = VectorTable({"ferry": [1.0, 0.0]})
>>> table(["ferry"])
[[1.0, 0.0]]
>>> table(["boat"])
Traceback (most recent call last):
...
raglab.search.vector_table.MissingVectors: 1 text has no vector yet
>>> VectorTable.from_json(table.to_json())(["ferry"])
[[1.0, 0.0]]
"""

from __future__ import annotations

import base64
import hashlib
import json
from array import array
from collections.abc import Iterable, Sequence

from ..lab import Lab


class MissingVectors(LookupError):
    """Some texts have no vector in the table; ``texts`` lists them, so the caller can embed them and retry."""

    def __init__(self, texts: Sequence[str]):
        self.texts = list(dict.fromkeys(texts))
        n = len(self.texts)
        super().__init__(f"{n} {'text has' if n == 1 else 'texts have'} no vector yet")


class VectorTable:
    def __init__(self, vectors: dict[str, list[float]] | None = None):
        self.vectors: dict[str, list[float]] = dict(vectors or {})

    def __call__(self, texts: list[str]) -> list[list[float]]:
        missing = [t for t in texts if t not in self.vectors]
        if missing:
            raise MissingVectors(missing)
        return [self.vectors[t] for t in texts]

    def add(self, texts: Iterable[str], vectors: Iterable[Sequence[float]]) -> None:
        # A list is kept as it is (a list of numbers already); anything else (an array, numpy's row, a proxy) is
        # turned into one: float() on every number of a large table costs more than reading it from IndexedDB
        # (bench/README.md, "Timings the core relies on").
        for text, vector in zip(texts, vectors, strict=True):
            self.vectors[text] = vector if isinstance(vector, list) else [float(x) for x in vector]

    def add_float32(self, texts: Sequence[str], data: bytes) -> None:
        """Vectors packed as float32 (this machine's byte order), one after another in the order of ``texts``.

        >>> table = VectorTable()
        >>> table.add_float32(["a", "b"], array("f", [0.5, 1.0, 0.25, 0.0]).tobytes())
        >>> table(["b", "a"])
        [[0.25, 0.0], [0.5, 1.0]]
        """
        numbers = array("f", data).tolist()  # one C loop to Python floats, then each row a slice
        size = len(numbers) // len(texts) if texts else 0
        self.add(texts, (numbers[i * size : (i + 1) * size] for i in range(len(texts))))

    def to_json(self) -> str:
        """Vectors as base64 float32 (little-endian), about a third the size of decimal text."""

        def pack(v):
            a = array("f", v)
            if array("H", [1]).tobytes() != b"\x01\x00":
                a.byteswap()
            return base64.b64encode(a.tobytes()).decode("ascii")

        return json.dumps(
            {"format": "float32-le-base64", "vectors": {t: pack(v) for t, v in self.vectors.items()}},
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> VectorTable:
        return cls.from_data(json.loads(text))

    @classmethod
    def from_data(cls, data: dict) -> VectorTable:
        """From vectors.json already parsed: ``{"vectors": {text: base64 of little-endian float32}}``."""
        out = {}
        for t, b in data["vectors"].items():
            a = array("f")
            a.frombytes(base64.b64decode(b))
            if array("H", [1]).tobytes() != b"\x01\x00":
                a.byteswap()
            out[t] = a.tolist()
        return cls(out)


KEPT_PREFIX = "vec:"  # every meaning vector the page keeps in IndexedDB has a key that starts so
# How the kept vectors are made: one text a model run (raglab.models.onnx_embed says why). Vectors made in batches
# (which move q8's vectors) are under a prefix without this word, so they are remade, not compared.
KEPT_RUNS = "alone"


def kept_vectors_prefix(model: str, weights: str) -> str:
    """The start of the key of every vector the page keeps that ``model`` made with ``weights`` ("q8", "fp16",
    "fp32"): vectors made by other weights are under another prefix, so they are never read back as these, and
    the passages they belong to are embedded again rather than compared with vectors of other weights (or made in
    batches: KEPT_RUNS).

    >>> kept_vectors_prefix("all-MiniLM-L6-v2", "q8")
    'vec:all-MiniLM-L6-v2 q8 alone:'
    """
    return f"{KEPT_PREFIX}{model} {weights} {KEPT_RUNS}:"


def kept_vector_key(prefix: str, text: str) -> str:
    """The key of the vector of ``text`` under ``prefix`` (``kept_vectors_prefix``): a hash of the text.

    >>> kept_vector_key("vec:all-MiniLM-L6-v2 q8 alone:", "Boats sail.")
    'vec:all-MiniLM-L6-v2 q8 alone:eacb623a0a6ecadcab355a24'
    """
    return prefix + hashlib.sha1(text.encode()).hexdigest()[:24]


def made_by_other_weights(keys: Iterable[str], prefix: str) -> list[str]:
    """The kept vectors' keys that are not under ``prefix``: made by other weights (or by an older page, whose keys
    named no weights, or made them in batches: KEPT_RUNS), to be forgotten.

    >>> made_by_other_weights(["vec:m q8:ab", "vec:m fp16:ab", "vec:m:ab", "doc:a"], "vec:m q8:")
    ['vec:m fp16:ab', 'vec:m:ab']
    """
    return [k for k in keys if k.startswith(KEPT_PREFIX) and not k.startswith(prefix)]


def preset_texts(lab: Lab) -> list[str]:
    """Every text the meaning techniques embed for the corpus's presets: the passages, each preset question, its
    hand-written rewrites and hypothetical answer."""
    from ..techniques import TECHNIQUES

    texts = [c.text for c in lab.chunks()]
    for t in TECHNIQUES.values():
        if not t.meaning:
            continue
        for q in lab.corpus.presets.get(t.key, ()):
            texts.append(q)
            for value in t.hand_written(lab.corpus, q).values():
                texts += value if isinstance(value, list) else [value]
    return list(dict.fromkeys(texts))
