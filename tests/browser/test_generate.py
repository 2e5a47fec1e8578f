"""Ask the model, with a tiny random-weight stand-in for Qwen3-0.6B (real tokenizer, real chat template) that the
test site serves where the model hub would: consent, progress, streamed tokens, cache, device choice and the exact
prompt. Failures, retries and Stop are in test_faults.py; how long the page's tasks are while tokens stream is a
benchmark (bench/generate.py), not a test."""

import re
import shutil

import pytest
from lab_page import answered
from playwright.sync_api import expect

from conftest import CHROMIUM, CHROMIUM_ARGS, PYTHON_START_TIMEOUT_MS

HUB_FILES = "/hub/onnx-community/Qwen3-0.6B-ONNX/"
SLOW = 120_000

WATCH_STREAM = """() => {
    window.__pieces = [];
    const panel = document.getElementById("model-plain");
    new MutationObserver(() => { const all = panel.querySelectorAll(".answer-text"), box = all[all.length - 1];
        if (box && box.textContent.length) window.__pieces.push([performance.now(), box.textContent.length]); })
      .observe(panel, {subtree: true, childList: true, characterData: true});
}"""


def hub_requests(visit):
    return [u for u in visit.requests if HUB_FILES in u]


def ask_and_consent(page):
    page.locator("#plain button.ask-model-button").click()
    consent = page.locator("#model-plain .consent")
    expect(consent).to_contain_text("Qwen3 0.6B", timeout=SLOW)
    return consent


def test_consent_progress_stream_and_the_exact_prompt(visit):
    page = visit.open()
    page.evaluate(WATCH_STREAM)
    consent = ask_and_consent(page)
    assert hub_requests(visit) == []  # nothing is downloaded before the visitor agrees
    expect(consent).to_contain_text("the CPU (WebAssembly) with q4 weights, because WebGPU found no usable graphics")
    assert consent.inner_text().count("WebAssembly") == 1  # the device named once (issue 34)
    page.evaluate("""() => { window.__progress = [];
        new MutationObserver(() => { const p = document.querySelector('#model-plain progress');
          if (p) window.__progress.push(p.value); })
        .observe(document.getElementById('model-plain'), {subtree: true, childList: true, attributes: true}); }""")
    consent.get_by_role("button", name="Download and answer").click()
    expect(page.locator("#model-plain .answer-meta")).to_contain_text("Done", timeout=SLOW)
    assert len(page.evaluate("window.__progress")) >= 2  # bytes shown as they came
    expect(page.locator("#model-plain .model-status")).to_contain_text("runs here on the CPU (WebAssembly)")
    pieces = page.evaluate("window.__pieces")
    lengths = [n for _, n in pieces]
    assert len(set(lengths)) >= 3 and lengths == sorted(lengths)  # tokens arrived one after another
    shown = page.locator("#result-plain details.prompt pre").text_content()
    assert page.evaluate("raglabBridge.lastPrompt") == shown  # byte for byte
    expect(page.locator("#model-store")).to_contain_text("Stored in this browser: Qwen3 0.6B")
    assert visit.console_errors == []


@pytest.fixture
def profile(tmp_path):
    yield tmp_path / "profile"
    shutil.rmtree(tmp_path / "profile", ignore_errors=True)


def test_a_second_visit_downloads_nothing_and_removal_frees_space(playwright, site_url, profile):
    def visit_once(consent: bool):
        context = playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        requests = []
        context.on("request", lambda r: requests.append(r.url))
        page = context.new_page()
        page.goto(site_url)
        expect(page.locator("#status")).to_have_text("Ready", timeout=PYTHON_START_TIMEOUT_MS)
        page.locator("#plain button.ask-model-button").click()
        if consent:
            page.locator("#model-plain .consent-yes").click()
        answered(page, 1)  # every file loaded (from the network, then from the browser's copy), the model running
        return context, page, [u for u in requests if HUB_FILES in u]

    context, _, first = visit_once(consent=True)
    assert any(u.endswith("onnx/model_q4.onnx") for u in first)
    context.close()
    context, page, second = visit_once(consent=False)  # cached: no consent question, no download
    assert second == []
    page.locator("#model-store button.remove-model[data-part=generate]").click()
    expect(page.locator("#model-store")).to_contain_text(re.compile(r"Removed Qwen3 0.6B: [1-9]\d* MB freed\."))
    assert page.evaluate("raglabBridge.stored()")["generate"] == 0
    context.close()


def test_the_model_writes_rewrites_for_multi_query(visit):
    page = visit.open()
    page.locator("#multi_query button.model-writes").click()
    page.locator("#model-multi_query .consent-yes").click()
    expect(page.locator("#model-multi_query .answer h4")).to_have_text(
        "The rewrites, written by the model", timeout=SLOW
    )
    expect(page.locator("#result-multi_query .steps")).to_contain_text("written by the model", timeout=SLOW)
    # the preset's hand-written rewrites beside the model's
    expect(page.locator("#model-multi_query .answer.hand")).to_contain_text("What is the job of Tomas Reyes?")
