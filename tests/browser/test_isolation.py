"""Threads where the page can have them (web/sw.js, web/worker.js): from its second visit the full lab is
cross-origin isolated, so its embedding worker runs onnxruntime on more than one WebAssembly thread and says so under
the vectors' bar; the first visit is not (the service worker did not serve it) and runs one; an embed in a course
page's frame gets no isolation headers, is not isolated, and still starts."""

import pytest
from lab_page import SLOW
from playwright.sync_api import expect
from test_embed_host import course_page, started

from conftest import PYTHON_START_TIMEOUT_MS
from raglab.page.device_reason import device_reason

pytestmark = pytest.mark.service_worker

LOADED = "async () => { const ready = await raglabBridge.load('embed').ended; return [ready.type, ready.threads]; }"
REASON = "async () => { const ready = await raglabBridge.load('embed').ended; return [ready.reason, ready.threads]; }"
ISOLATION = ("cross-origin-opener-policy", "cross-origin-embedder-policy")


def said(page) -> str:
    """What the vectors' line says of the device: the worker's reason, worded as the page words it."""
    reason, threads = page.evaluate(REASON)
    return device_reason(reason, "embed", threads)


def kept_for_offline(page) -> None:
    expect(page.locator("#offline")).to_have_text("Ready to work offline.", timeout=SLOW)


def second_visit(visit):
    """The same browser after a first visit that kept the lab: the page comes through web/sw.js."""
    page = visit.open()
    kept_for_offline(page)
    page.goto(visit.site_url)
    expect(page.locator("#status")).to_have_text("Ready", timeout=PYTHON_START_TIMEOUT_MS)
    return page


def test_the_first_visit_runs_one_thread_and_the_second_is_isolated_on_more(visit):
    """Intent: the first visit (no service worker yet) is the page as the server sent it: one thread, and the
    words under the vectors' bar as before (no thread count). From the second visit the full lab is cross-origin
    isolated, its embedding worker runs onnxruntime on as many threads as the device has (2 here), its vectors are
    those of one thread, and the vectors' line says how many threads make them (the words its line shows)."""
    first = visit.open()
    assert first.evaluate("crossOriginIsolated") is False
    assert first.evaluate(LOADED) == ["ready", 1]
    assert "threads" not in said(first)
    one_thread = first.evaluate("(t) => raglabBridge.embed(t)", ["When does the ferry leave?"])
    page = second_visit(visit)
    assert page.evaluate("crossOriginIsolated") is True
    cores = page.evaluate("navigator.hardwareConcurrency")
    assert cores > 1, "this test needs a machine with more than one core"
    assert page.evaluate(LOADED) == ["ready", min(4, cores)]
    threaded = page.evaluate("(t) => raglabBridge.embed(t)", ["When does the ferry leave?"])
    cosine = sum(a * b for a, b in zip(one_thread[0], threaded[0], strict=True))
    assert cosine > 0.99999, cosine
    assert f"WebAssembly (the CPU, {min(4, cores)} threads)" in said(page)
    assert visit.console_errors == []


def test_an_embed_is_not_isolated_and_still_starts(visit, tmp_path):
    """Intent: after the full lab was kept (its service worker controls the site's origin), an embed of it in a
    course page's frame is answered without the isolation headers, is not isolated, and starts."""
    second_visit(visit)
    frames = []  # the embed's page as its frame received it

    def framed(response):
        if "embed=1" in response.url and response.request.resource_type == "document":
            frames.append(response)

    visit.page.on("response", framed)
    with course_page(visit, tmp_path, ["plain"]) as page:
        _, frame = started(page, 0)
        assert frame.evaluate("crossOriginIsolated") is False
        assert frame.evaluate(LOADED) == ["ready", 1]
    assert frames and frames[0].from_service_worker, frames
    assert not any(name in frames[0].headers for name in ISOLATION), frames[0].headers
    assert visit.console_errors == []
