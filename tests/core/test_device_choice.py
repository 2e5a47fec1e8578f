"""Which device makes the page's meaning vectors: the worker reports what it measured (web/worker.js's "vectors"
message, ``measured``) and the core chooses (raglab.models.device_choice), in the reason the page words."""

import math

from raglab.models.device_choice import SAME_COSINE, choose_device
from raglab.page.device_reason import device_reason

# Eight unit vectors as the worker's batch on WebAssembly, and two texts more than the sample WebGPU measured.
BATCH = [[math.cos(i / 10), math.sin(i / 10)] for i in range(10)]
SAMPLE = BATCH[:8]


def turned(vectors, angle):
    """Each vector turned by ``angle`` radians: its cosine to the original is cos(angle)."""
    c, s = math.cos(angle), math.sin(angle)
    return [[c * x - s * y, s * x + c * y] for x, y in vectors]


def test_agreeing_and_faster_keeps_webgpu():
    choice = choose_device(BATCH, {"webgpu": turned(SAMPLE, 0.01), "ms_per_text": {"wasm": 30.04, "webgpu": 12.46}})
    assert choice.device == "webgpu"
    assert choice.reason == {"kind": "measured", "device": "webgpu", "ms_per_text": {"wasm": 30.0, "webgpu": 12.5}}
    assert device_reason(choice.reason, "embed").endswith("so the vectors are made on WebGPU")


def test_agreeing_and_slower_keeps_webassembly():
    choice = choose_device(BATCH, {"webgpu": SAMPLE, "ms_per_text": {"wasm": 21.5, "webgpu": 40.2}})
    assert choice.device == "wasm"
    assert choice.reason == {"kind": "measured", "device": "wasm", "ms_per_text": {"wasm": 21.5, "webgpu": 40.2}}


def test_a_tie_keeps_webassembly():
    assert choose_device(BATCH, {"webgpu": SAMPLE, "ms_per_text": {"wasm": 20.01, "webgpu": 19.99}}).device == "wasm"


def test_differing_vectors_keep_webassembly_whatever_the_timings():
    """One text of eight turned past the threshold is enough: the lowest cosine decides, and the reason says it."""
    webgpu = SAMPLE[:7] + turned(SAMPLE[7:], 0.1)
    choice = choose_device(BATCH, {"webgpu": webgpu, "ms_per_text": {"wasm": 30.0, "webgpu": 5.0}})
    assert choice.device == "wasm"
    assert choice.reason["kind"] == "differed"
    assert math.isclose(choice.reason["cosine"], math.cos(0.1))
    assert device_reason(choice.reason, "embed") == (
        "WebGPU's vectors differed from WebAssembly's (cosine 0.9950), so the vectors are made on WebAssembly (the CPU)"
    )


def test_the_threshold_itself_agrees():
    just = turned(SAMPLE, math.acos(SAME_COSINE) * 0.999)
    assert choose_device(BATCH, {"webgpu": just, "ms_per_text": {"wasm": 30.0, "webgpu": 5.0}}).device == "webgpu"
    past = turned(SAMPLE, math.acos(SAME_COSINE) * 1.001)
    assert choose_device(BATCH, {"webgpu": past, "ms_per_text": {"wasm": 30.0, "webgpu": 5.0}}).device == "wasm"


def test_webgpu_that_failed_keeps_webassembly_with_its_reason():
    failure = {"kind": "webgpu-failed", "message": "no available backend found"}
    choice = choose_device(BATCH, {"webgpu": None, "ms_per_text": {"wasm": 21.5}, "failure": failure})
    assert (choice.device, choice.reason) == ("wasm", failure)
