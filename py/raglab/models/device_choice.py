"""Which device makes the page's meaning vectors, decided from what the embedding model's worker measured at first
use (web/worker.js): the vectors of a batch's first texts on WebAssembly and on WebGPU, and the milliseconds a text
each took. WebGPU is kept only when its vectors are WebAssembly's (every text's cosine at least ``SAME_COSINE``)
and it is faster; otherwise WebAssembly. The choice carries its reason as the facts the page words
(``raglab.page.device_reason``) and bridge.js remembers for the next visits.

>>> choose_device([[1.0, 0.0]], {"webgpu": [[1.0, 0.0]], "ms_per_text": {"wasm": 20.04, "webgpu": 8.96}})
DeviceChoice(device='webgpu', reason={'kind': 'measured', 'device': 'webgpu', 'ms_per_text': {'wasm': 20.0, \
'webgpu': 9.0}})
>>> choose_device([[1.0, 0.0]], {"webgpu": [[0.6, 0.8]], "ms_per_text": {"wasm": 20.0, "webgpu": 9.0}}).reason
{'kind': 'differed', 'cosine': 0.6}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..search.vectors import Vector, cosine_scores

# The lowest cosine between a text's WebGPU vector and its WebAssembly vector for the two to count as the same
# model's: fp16 and fp32 weights agree to 0.999999 on one device, a broken GPU path to far less.
SAME_COSINE = 0.999


@dataclass(frozen=True)
class DeviceChoice:
    device: str  # "wasm" | "webgpu"
    reason: dict  # worker.js's REASON: {kind: "measured" | "differed" | "webgpu-failed", ...}


def lowest_cosine(wasm: Sequence[Vector], webgpu: Sequence[Vector]) -> float:
    """The lowest cosine between the same text's two unit vectors.

    >>> lowest_cosine([[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [0.6, 0.8]])
    0.8
    """
    return min(cosine_scores(g, [w], use_numpy=False)[0] for w, g in zip(wasm, webgpu, strict=True))


def choose_device(vectors: Sequence[Vector], measured: Mapping[str, Any]) -> DeviceChoice:
    """The device to keep, from a measuring batch's ``vectors`` (made on WebAssembly) and the worker's
    ``measured``: ``webgpu``, the vectors of the batch's first texts on WebGPU (None when WebGPU failed, then
    ``failure`` is its REASON), and ``ms_per_text`` on each device. A tie keeps WebAssembly."""
    ms = {device: round(float(value), 1) for device, value in measured.get("ms_per_text", {}).items()}
    webgpu = measured.get("webgpu")
    if not webgpu:
        return DeviceChoice("wasm", dict(measured.get("failure") or {"kind": "webgpu-failed", "message": ""}))
    cosine = lowest_cosine(vectors[: len(webgpu)], webgpu)
    if cosine < SAME_COSINE:
        return DeviceChoice("wasm", {"kind": "differed", "cosine": cosine})
    device = "webgpu" if ms.get("webgpu", float("inf")) < ms.get("wasm", float("inf")) else "wasm"
    return DeviceChoice(device, {"kind": "measured", "device": device, "ms_per_text": ms})


__all__ = ["SAME_COSINE", "DeviceChoice", "choose_device", "lowest_cosine"]
