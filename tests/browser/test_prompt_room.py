"""A prompt the model can hold (issue 36): "Ask the model" after Parent-document on documents whose whole parents
make a prompt of about 7,300 tokens. The stand-in Qwen3 (tools/qwen_stub.py) runs out of WebAssembly memory on it
for real (onnxruntime's SafeIntOnOverflow in its attention, from about 7,000 tokens; the issue's longer prompt gave
std::bad_alloc): the page names that as memory, keeps the stored model, and "Try again" answers without a reload
from a prompt cut by whole passages, with a sentence saying what was left out."""

import re

from lab_page import SLOW
from playwright.sync_api import expect
from tests.fixtures import make_harbour_text

QUESTION = "When does the ferry leave?"


def test_a_prompt_that_runs_out_of_memory_is_named_so_and_the_next_try_is_cut_to_fit(visit):
    """Intent: out of memory is never called a damaged download, the stored copy stays listed, and the retry in the
    same visit sends whole passages only, saying which were left out, and answers."""
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    files = {f"harbour-{n}.txt": make_harbour_text(n) for n in (1, 2, 3)}
    page.locator("#doc-files").set_input_files(
        [{"name": name, "mimeType": "text/plain", "buffer": data} for name, data in files.items()]
    )
    page.locator("#docs-read .keep-read").click(timeout=SLOW)
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(3, timeout=SLOW)
    expect(page.locator("input[name=corpus][value=yours]")).to_be_checked()
    page.fill("#q-parent", QUESTION)
    page.press("#q-parent", "Enter")
    expect(page.locator("#result-parent .summary")).to_contain_text("3 passages", timeout=SLOW)
    page.locator("#parent button.ask-model-button").click()
    page.locator("#model-parent .consent-yes").click(timeout=SLOW)
    status = page.locator("#model-parent .model-status")
    expect(status).to_contain_text("ran out of this device's memory", timeout=SLOW)
    said = status.inner_text()
    assert "OrtRun" in said and "could not be read" not in said and "removed" not in said, said
    tokens = int(re.search(r"a prompt of ([\d,]+) tokens", said)[1].replace(",", ""))
    room = int(re.search(r"at most ([\d,]+) tokens", said)[1].replace(",", ""))
    assert room == tokens // 2
    expect(page.locator("#model-store")).to_contain_text("Qwen3 0.6B")  # the stored copy is kept
    page.locator("#model-parent button.model-retry").click()
    note = page.locator("#model-parent .answer-note")
    expect(note).to_contain_text("were left out", timeout=SLOW)
    assert f"more than the {room:,} this device held for Qwen3 0.6B after it ran out of memory" in note.inner_text()
    expect(page.locator("#model-parent .answer-meta")).to_contain_text(re.compile(r"^(Done|Stopped)"), timeout=SLOW)
    sent = page.evaluate("raglabBridge.lastPrompt")
    assert sent.count("\n[") < 3 and sent.endswith(f"Question: {QUESTION}")
    assert "[1] harbour-" in sent
    expect(page.locator("#model-store")).to_contain_text("Qwen3 0.6B")
