"""How many prompt tokens a causal language model can read at once in the memory a device gives it, estimated
before the first run from the model's shape (its config, as the page's model worker reports it), so that a prompt
too long for the device is cut or refused before it is sent, not after the run has failed.

The first step of a generation reads the whole prompt at once and holds, for a prompt of n tokens, in float32:

- a score for every word of the vocabulary at every position (the logits, n x vocab): the exported models compute
  them for each position of the prompt, and a tensor's size in bytes must stay under 2**32, WebAssembly's 32-bit
  addresses (onnxruntime's SafeIntOnOverflow);
- one layer's attention scores (heads x n x n);
- every layer's cached keys and values (2 x layers x kv_heads x head_dim x n).

Their sum must fit the memory left once the weights and the runtime are in (``WORKING_BYTES``), and at most half the
device's memory where the browser says how much it has (``navigator.deviceMemory``, in GB, 0.25 to 8).

The stand-in Qwen3 of the tests (tools/qwen_stub.py) ran out of memory on its 7,612-token prompt, and its logits
alone would take 4.6 GB there (4 bytes x 7,612 x 151,936); the estimate keeps it under 4,600:

>>> STUB = Shape(vocab=151_936, layers=2, heads=4, kv_heads=2, head_dim=8)
>>> memory_tokens(STUB, device_gb=8)
4546
>>> QWEN3_06B = Shape(vocab=151_936, layers=28, heads=16, kv_heads=8, head_dim=128)
>>> memory_tokens(QWEN3_06B, device_gb=8), memory_tokens(QWEN3_06B, device_gb=2)
(3006, 1176)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

FLOAT_BYTES = 4
MAX_TENSOR_BYTES = 2**32 - 1  # WebAssembly's 32-bit addresses: no tensor may be larger
WASM_BYTES = 2**32  # the most memory a WebAssembly instance can have
RESERVED_BYTES = 1_200_000_000  # for the weights (Qwen3 0.6B's q4 file is about 0.9 GB), the runtime and its copies
WORKING_BYTES = WASM_BYTES - RESERVED_BYTES


@dataclass(frozen=True)
class Shape:
    """What of a causal language model's config sets the memory a prompt needs."""

    vocab: int
    layers: int
    heads: int
    kv_heads: int
    head_dim: int

    @classmethod
    def from_config(cls, config: object) -> Shape | None:
        """From the worker's report (``vocab``, ``layers``, ``heads``, ``kv_heads``, ``head_dim``: positive whole
        numbers); None when any is missing or is not one, so no estimate is made.

        >>> Shape.from_config({"vocab": 10, "layers": 2, "heads": 4, "kv_heads": 2, "head_dim": 8})
        Shape(vocab=10, layers=2, heads=4, kv_heads=2, head_dim=8)
        >>> Shape.from_config({"vocab": 10, "layers": "2"}) is None, Shape.from_config(None) is None
        (True, True)
        """
        if not isinstance(config, Mapping):
            return None
        names = ("vocab", "layers", "heads", "kv_heads", "head_dim")
        values = [v for v in (config.get(name) for name in names) if type(v) is int and v > 0]
        return cls(*values) if len(values) == len(names) else None

    def prompt_bytes(self, n: int) -> int:
        """The bytes the first step holds for a prompt of ``n`` tokens (see the module's list)."""
        logits = n * self.vocab
        attention = self.heads * n * n
        cache = 2 * self.layers * self.kv_heads * self.head_dim * n
        return FLOAT_BYTES * (logits + attention + cache)


def memory_tokens(shape: Shape, device_gb: float | None = None) -> int:
    """The most prompt tokens whose first step fits: its logits under MAX_TENSOR_BYTES, and all it holds under
    WORKING_BYTES and half of ``device_gb`` (None: the browser does not say)."""
    room = WORKING_BYTES
    if device_gb is not None and device_gb > 0:
        room = min(room, int(device_gb * 2**30 / 2))
    low, high = 0, MAX_TENSOR_BYTES // (FLOAT_BYTES * shape.vocab)
    while low < high:  # the largest n with prompt_bytes(n) <= room: it grows with n
        middle = (low + high + 1) // 2
        if shape.prompt_bytes(middle) <= room:
            low = middle
        else:
            high = middle - 1
    return low


__all__ = ["Shape", "memory_tokens"]
