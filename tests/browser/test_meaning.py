"""Meaning search in the page: presets answer from shipped vectors with no model download; a typed question
loads the self-hosted embedding model once, with visible progress; the browser's vectors match CPython's."""

import math
from pathlib import Path

import pytest
from lab_page import SLOW, press, shown
from playwright.sync_api import expect
from tools.build.pins import EMBED_DTYPE, EMBED_MODEL

from raglab.models.onnx_embed import MODEL_FILES, OnnxEmbedder

ROOT = Path(__file__).resolve().parents[2]
MODEL_FILE = f"models/{EMBED_MODEL}/{MODEL_FILES[EMBED_DTYPE]}"  # the weights the page downloads


def test_meaning_presets_show_the_spec_figures_without_a_download(visit):
    page = visit.open()
    press(page, "multi_query", "When can I meet the man who taught Mira to bake?")
    press(page, "multi_query", "What else does Tomas do?")
    assert [s.split(" = ")[0] for _, s in shown(page, "multi_query")] == [
        "fused 0.0648",
        "fused 0.0492",
        "fused 0.0460",
    ]
    assert shown(page, "multi_query")[0] == (
        "lighthouse-2",
        "fused 0.0648 = 1/62 (search 1) + 1/62 (search 2) + 1/61 (search 3) + 1/62 (search 4)",
    )
    press(page, "hyde", "What are the visitor rules?")
    press(page, "hyde", "When can I meet the man who taught Mira to bake?")
    assert [i for i, _ in shown(page, "hyde")] == ["lighthouse-2", "festival-2", "festival-1"]
    compare = page.locator("#result-hyde ol.compare li.hit")
    assert [h.get_attribute("data-id") for h in compare.all()] == ["bakery-2", "bakery-1", "lighthouse-2"]
    expect(page.locator("#result-hyde")).to_contain_text(
        "the first right passage is at rank 3 for plain meaning search and at rank 1 for HyDE: a better place"
    )
    press(page, "hybrid", "How much is a boat ticket?")
    assert shown(page, "hybrid")[0][0] == "ferry-1"
    assert visit.requested(MODEL_FILE) == 0
    assert visit.console_errors == []


def test_a_typed_question_loads_the_model_with_progress(visit):
    page = visit.open()
    page.evaluate("""() => {
        window.__seen = [];
        const box = document.getElementById('msg-hybrid');
        new MutationObserver(() => window.__seen.push(box.innerHTML)).observe(box, {childList: true, subtree: true,
            characterData: true, attributes: true});
    }""")
    page.fill("#q-hybrid", "Is there a swimming pool?")
    page.press("#q-hybrid", "Enter")
    expect(page.locator("#result-hybrid .summary")).to_contain_text("“Is there a swimming pool?”", timeout=SLOW)
    seen = page.evaluate("window.__seen")
    assert any("<progress" in s and "MB" in s and "embedding model" in s for s in seen), seen[:5]
    assert visit.requested(MODEL_FILE) == 1
    assert shown(page, "hybrid")[0][0] == "school-2"  # "Every child learns to swim in the sea pool"
    page.fill("#q-hybrid", "Where can I swim?")
    page.press("#q-hybrid", "Enter")
    expect(page.locator("#result-hybrid .summary")).to_contain_text("“Where can I swim?”", timeout=SLOW)
    assert visit.requested(MODEL_FILE) == 1  # loaded once
    assert visit.console_errors == []


@pytest.fixture(scope="module")
def cpython_embed():
    return OnnxEmbedder(ROOT / ".cache" / "models" / "all-MiniLM-L6-v2", EMBED_DTYPE)  # the page's own weights


def test_the_browsers_vectors_match_cpythons(visit, cpython_embed):
    page = visit.open()
    texts = ["When can I meet the man who taught Mira to bake?", "A ferry fare costs 6 coins."]
    browser_vectors = page.evaluate("texts => raglabBridge.embed(texts)", texts)
    for got, want in zip(browser_vectors, cpython_embed(texts), strict=True):
        cosine = sum(a * b for a, b in zip(got, want, strict=True))
        assert cosine >= 0.999
        assert math.isclose(sum(a * a for a in got), 1.0, abs_tol=1e-3)
