"""A prompt the model can hold (issue 36): "Ask the model" after Parent-document on documents whose whole parents
make a prompt of about 7,300 tokens. The stand-in Qwen3 (tools/qwen_stub.py) runs out of WebAssembly memory on it
for real (onnxruntime's SafeIntOnOverflow, from about 7,000 tokens, where its logits pass 4 GB; the issue's longer
prompt gave std::bad_alloc). The page estimates the room the device's memory has before the first run
(raglab.models.model_memory) and sends whole passages only, saying which were left out; where the estimate is
missing (or falls short), the failure is named as memory, the stored model is kept, and "Try again" answers
without a reload from a prompt cut to half the one that failed."""

import re

from lab_page import SLOW
from playwright.sync_api import expect
from tests.fixtures import make_harbour_text

QUESTION = "When does the ferry leave?"

# The worker's count without the model's shape, as from a model whose config does not give it: no estimate is made.
NO_SHAPE = """() => {
  const count = raglabBridge.count.bind(raglabBridge);
  raglabBridge.count = (prompts) => count(prompts).then(({ shape, ...counted }) => counted);
}"""


def parent_answer_asked(visit):
    """The page with the three harbour documents kept, Parent-document's answer shown, and "Ask the model" pressed."""
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
    return page


def test_a_prompt_past_the_devices_memory_is_cut_before_the_first_run_and_answered(visit):
    """Intent: the first "Ask the model" already sends whole passages only (one run, which answers: the time it takes
    is bench/hostile_page.py's), says which were left out and that the limit is an estimate of the device's memory;
    no run failed."""
    page = parent_answer_asked(visit)
    page.locator("#model-parent .consent-yes").click(timeout=SLOW)
    note = page.locator("#model-parent .answer-note")
    expect(note).to_contain_text("were left out", timeout=SLOW)
    said = note.inner_text()
    assert "that fit in the memory this device gives Qwen3 0.6B (estimated from the model's size)" in said, said
    counts = [int(n.replace(",", "")) for n in re.findall(r"([\d,]+) tokens", said)]
    assert said.startswith(f"The prompt was {counts[0]:,} tokens") and counts[-1] < counts[0], said
    expect(page.locator("#model-parent .answer-meta")).to_contain_text(re.compile(r"^(Done|Stopped)"), timeout=SLOW)
    expect(page.locator("#model-parent .model-status")).not_to_contain_text("memory")
    expect(page.locator("#model-parent .answer")).to_have_count(1)  # one run: the cut prompt, the first sent
    sent = page.evaluate("raglabBridge.lastPrompt")
    assert sent.count("\n[") < 3 and sent.endswith(f"Question: {QUESTION}") and "[1] harbour-" in sent
    expect(page.locator("#model-store")).to_contain_text("Qwen3 0.6B")


def test_a_prompt_that_runs_out_of_memory_is_named_so_and_the_next_try_is_cut_to_fit(visit):
    """Intent: with no estimate of the device's memory, out of memory is never called a damaged download, the
    stored copy stays listed, and the retry in the same visit sends whole passages only, saying which were left
    out, and answers."""
    visit.page.add_init_script(f"addEventListener('DOMContentLoaded', () => ({NO_SHAPE})())")
    page = parent_answer_asked(visit)
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
