"""Why a model runs where it runs, in the visitor's words: the model's worker (web/worker.js) reports the facts of
its choice as a reason ``{kind, ...}`` (which WebGPU feature was missing, what was measured), and the page says it
here. ``task`` is the worker's: "embed" (the embedding model, whose sentence ends with the device that makes the
vectors) or "generate" (the language model, whose sentence follows "... because").

>>> device_reason({"kind": "no-adapter"}, "embed")
'WebGPU found no usable graphics adapter, so the vectors are made on WebAssembly (the CPU)'
>>> device_reason({"kind": "measured", "device": "wasm", "ms_per_text": {"wasm": 21.5, "webgpu": 40.2}}, "embed", 2)
'measured on this device at first use: 21.5 ms a text on WebAssembly (the CPU, 2 threads) against 40.2 ms a text \
on WebGPU, so the vectors are made on WebAssembly (the CPU, 2 threads)'
>>> device_reason({"kind": "no-f16", "dtype": "q4"}, "generate")
'the GPU lacks 16-bit floats (shader-f16), so 4-bit weights run with 32-bit arithmetic'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# What WebGPU lacked or did, as the sentence starts: the same words for both models.
CAUSES = {
    "no-webgpu": "this browser has no WebGPU",
    "no-adapter": "WebGPU found no usable graphics adapter",
    "software-adapter": "the only WebGPU adapter is a software fallback",
}


def device_words(device: str, threads: int = 1) -> str:
    """The device that makes the vectors; on one thread the words say no more.

    >>> device_words("wasm"), device_words("wasm", 4), device_words("webgpu")
    ('WebAssembly (the CPU)', 'WebAssembly (the CPU, 4 threads)', 'WebGPU')
    """
    if device == "webgpu":
        return "WebGPU"
    return f"WebAssembly (the CPU{f', {threads} threads' if threads > 1 else ''})"


def device_reason(reason: Mapping[str, Any] | str, task: str, threads: int = 1) -> str:
    """The sentence for a worker's ``reason`` (``threads``: the WebAssembly threads the worker runs on). A reason
    of a kind the page does not know (a store written by another version) is said as the page's setting."""
    if isinstance(reason, str):
        return reason
    kind, on_cpu = reason.get("kind"), f", so the vectors are made on {device_words('wasm', threads)}"
    embed = task == "embed"
    if kind in CAUSES:
        return CAUSES[kind] + (on_cpu if embed else "")
    if kind == "webgpu-failed":
        return f"WebGPU failed ({reason.get('message', '')})" + (on_cpu if embed else "")
    if kind == "no-f16" and embed:
        return (
            f"this device's WebGPU lacks 16-bit floats (shader-f16), which the {reason.get('dtype', '')} model "
            f"needs{on_cpu}"
        )
    if kind in ("no-f16", "f16"):
        has, arithmetic = ("lacks", 32) if kind == "no-f16" else ("supports", 16)
        return f"the GPU {has} 16-bit floats (shader-f16), so 4-bit weights run with {arithmetic}-bit arithmetic"
    if kind == "to-measure":
        until = "until the first batch of passages measures whether WebGPU is faster here"
        return f"on {device_words('wasm', threads)} {until}"
    if kind == "differed":
        return f"WebGPU's vectors differed from WebAssembly's (cosine {reason.get('cosine', 0):.4f}){on_cpu}"
    if kind == "measured":
        device, ms = reason.get("device", "wasm"), reason.get("ms_per_text", {})
        other = "wasm" if device == "webgpu" else "webgpu"

        def per_text(on: str) -> str:
            return f"{ms.get(on, 0):.1f} ms a text on {device_words(on, threads)}"

        return (
            f"measured on this device at first use: {per_text(device)} against {per_text(other)}, so the vectors "
            f"are made on {device_words(device, threads)}"
        )
    return "set by the page"


__all__ = ["device_reason", "device_words"]
