"""Which device makes the meaning vectors: WebAssembly, or WebGPU where the device has it and it is faster there,
measured on the device at first use (web/worker.js), chosen by the core (raglab.models.device_choice), kept by the
worker when the page says so, and remembered for the next visits (web/bridge.js).

Headless Chromium here has one WebGPU adapter, SwiftShader's: a software fallback without 16-bit floats. So fp16
weights cannot use it (test 1), and with fp32 weights both devices are measured, and the faster kept (test 2); the
test serves both (the site ships only the page's own, build.py's EMBED_DTYPE).
"""

from __future__ import annotations

import json
import math

import pytest
from lab_page import SLOW
from playwright.sync_api import expect
from tools.models import ensure_minilm
from tools.site import served

from raglab.models.onnx_embed import MODEL_FILES, OnnxEmbedder

TEXTS = [
    "The ferry leaves at nine.",
    "Lamps burn on the pier.",
    "Goats graze by the bell.",
    "Salt dries in the sun.",
    "A kite over the reeds.",
    "Crabs under the rope.",
    "Gulls on the shell beach.",
    "Moss on the old wall.",
]

# Every message the workers send the page (vectors left out), recorded from the moment the bridge exists.
RECORD_EVENTS = """
window.modelEvents = [];
const wait = setInterval(() => {
  if (!globalThis.raglabBridge) return;
  clearInterval(wait);
  raglabBridge.events.addEventListener("model", ({ detail }) => {
    if (detail.type !== "progress") window.modelEvents.push({ ...detail, vectors: undefined });
  });
}, 1);
"""


def embedded(page) -> list[list[float]]:
    return page.evaluate("(texts) => raglabBridge.embed(texts)", TEXTS)


def events(page, kind: str) -> list[dict]:
    return [e for e in page.evaluate("window.modelEvents") if e["task"] == "embed" and e["type"] == kind]


def remembered(page) -> dict | None:
    found = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('raglab:device:'))")
    return {k: json.loads(page.evaluate("(k) => localStorage.getItem(k)", k)) for k in found} or None


@pytest.fixture(scope="module")
def weights_url():
    """The model's folder, served on a port of its own (90 MB of fp32 weights: too much to hand over through
    Playwright's route.fulfill, which closed the browser)."""
    with served(ensure_minilm()) as url:
        yield url


def with_weights(page, weights_url: str, dtype: str) -> None:
    """The page's config asks for ``dtype`` weights, and the test serves them."""

    def config(route):
        body = route.fetch().json()
        body["raglab"]["bridge"]["embed"]["dtype"] = dtype
        route.fulfill(json=body)

    page.route("**/pyscript.json", config)
    file = MODEL_FILES[dtype]
    page.route(f"**/all-MiniLM-L6-v2/{file}", lambda route: route.continue_(url=weights_url + file))


def cosine(a, b) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True)) / math.sqrt(sum(x * x for x in a) * sum(y * y for y in b))


def test_fp16_model_stays_on_webassembly_where_webgpu_lacks_16_bit_floats(webgpu_visit, weights_url):
    page = webgpu_visit.page
    page.context.add_init_script(RECORD_EVENTS)
    with_weights(page, weights_url, "fp16")
    webgpu_visit.open()
    assert page.evaluate("navigator.gpu.requestAdapter().then((a) => a !== null)"), "no WebGPU adapter"
    assert len(embedded(page)) == len(TEXTS)
    [ready] = events(page, "ready")
    assert (ready["device"], ready["dtype"]) == ("wasm", "fp16")
    assert ready["reason"] == {"kind": "no-f16", "dtype": "fp16"}  # worded by raglab.page.device_reason
    assert not [e for e in events(page, "vectors") if e.get("measured")], "nothing to measure"
    assert not events(page, "kept")
    assert remembered(page) is None


def test_both_devices_measured_at_first_use_the_faster_kept_and_remembered(webgpu_visit, weights_url):
    page = webgpu_visit.page
    page.context.add_init_script(RECORD_EVENTS)
    with_weights(page, weights_url, "fp32")
    webgpu_visit.open()
    # A question alone (one text) is embedded on WebAssembly, without loading the model on WebGPU.
    page.evaluate("raglabBridge.embed(['When does the ferry leave?'])")
    assert not [e for e in events(page, "status") if "WebGPU too" in e.get("message", "")]
    vectors = embedded(page)
    assert [e for e in events(page, "status") if "WebGPU too" in e.get("message", "")]
    [ready] = events(page, "ready")
    assert (ready["device"], ready["dtype"]) == ("wasm", "fp32")
    assert ready["reason"] == {"kind": "to-measure"}
    # The worker reports what it measured and compares nothing; the page's core chooses and the worker keeps it.
    [measured] = [e["measured"] for e in events(page, "vectors") if e.get("measured")]
    assert len(measured["webgpu"]) == len(TEXTS) and measured["ms_per_text"].keys() == {"wasm", "webgpu"}
    page.wait_for_function("window.modelEvents.some((e) => e.task === 'embed' && e.type === 'kept')")
    [kept] = events(page, "kept")
    ms = kept["reason"]["ms_per_text"]
    assert ms["wasm"] > 0 and ms["webgpu"] > 0
    faster = "webgpu" if ms["webgpu"] < ms["wasm"] else "wasm"
    assert kept["device"] == faster
    assert kept["reason"] == {"kind": "measured", "device": faster, "ms_per_text": ms}
    # The vectors are the model's, whichever device made them: as onnxruntime makes them in CPython.
    reference = OnnxEmbedder(ensure_minilm(), dtype="fp32")(TEXTS)
    assert min(cosine(a, b) for a, b in zip(vectors, reference, strict=True)) > 0.9999
    [(key, stored)] = remembered(page).items()
    assert key == "raglab:device:all-MiniLM-L6-v2:fp32"
    assert stored == {"device": faster, "reason": kept["reason"]}

    # The next visit uses the device measured, without measuring again.
    page.reload()
    expect(page.locator("#status")).to_have_text("Ready", timeout=SLOW)
    assert len(embedded(page)) == len(TEXTS)
    [ready] = events(page, "ready")
    assert (ready["device"], ready["reason"]) == (faster, kept["reason"])
    assert not [e for e in events(page, "vectors") if e.get("measured")]
    assert not events(page, "kept")
    assert not [e for e in events(page, "status") if "WebGPU too" in e.get("message", "")]
