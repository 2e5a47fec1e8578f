"""Why a model runs where it runs: the worker reports the facts (web/worker.js's REASON), the page words them
(raglab.page.device_reason), with the sentences the page showed when the worker wrote them itself."""

import pytest

from raglab.page.device_reason import device_reason

CPU = "so the vectors are made on WebAssembly (the CPU)"


@pytest.mark.parametrize(
    ("reason", "task", "said"),
    [
        ({"kind": "no-webgpu"}, "embed", f"this browser has no WebGPU, {CPU}"),
        ({"kind": "no-adapter"}, "embed", f"WebGPU found no usable graphics adapter, {CPU}"),
        (
            {"kind": "no-f16", "dtype": "fp16"},
            "embed",
            f"this device's WebGPU lacks 16-bit floats (shader-f16), which the fp16 model needs, {CPU}",
        ),
        ({"kind": "webgpu-failed", "message": "lost"}, "embed", f"WebGPU failed (lost), {CPU}"),
        (
            {"kind": "to-measure"},
            "embed",
            "on WebAssembly (the CPU) until the first batch of passages measures whether WebGPU is faster here",
        ),
        (
            {"kind": "differed", "cosine": 0.98765},
            "embed",
            f"WebGPU's vectors differed from WebAssembly's (cosine 0.9877), {CPU}",
        ),
        (
            {"kind": "measured", "device": "webgpu", "ms_per_text": {"wasm": 30.0, "webgpu": 12.5}},
            "embed",
            "measured on this device at first use: 12.5 ms a text on WebGPU against 30.0 ms a text on WebAssembly "
            "(the CPU), so the vectors are made on WebGPU",
        ),
        ({"kind": "no-webgpu"}, "generate", "this browser has no WebGPU"),
        ({"kind": "no-adapter"}, "generate", "WebGPU found no usable graphics adapter"),
        ({"kind": "software-adapter"}, "generate", "the only WebGPU adapter is a software fallback"),
        (
            {"kind": "f16", "dtype": "q4f16"},
            "generate",
            "the GPU supports 16-bit floats (shader-f16), so 4-bit weights run with 16-bit arithmetic",
        ),
        (
            {"kind": "no-f16", "dtype": "q4"},
            "generate",
            "the GPU lacks 16-bit floats (shader-f16), so 4-bit weights run with 32-bit arithmetic",
        ),
        ({"kind": "webgpu-failed", "message": "no session"}, "generate", "WebGPU failed (no session)"),
        ({"kind": "set"}, "generate", "set by the page"),
        ({"kind": "from another version"}, "embed", "set by the page"),
    ],
)
def test_each_reason_is_said_as_the_page_said_it(reason, task, said):
    assert device_reason(reason, task) == said


def test_the_threads_are_said_only_when_there_are_several():
    """Intent: on one thread the words are as on a page that is not cross-origin isolated; on several, how many."""
    assert "threads" not in device_reason({"kind": "no-adapter"}, "embed", 1)
    assert device_reason({"kind": "no-adapter"}, "embed", 2).endswith("WebAssembly (the CPU, 2 threads)")
