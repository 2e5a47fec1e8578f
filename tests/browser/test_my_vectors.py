"""Meaning vectors of a visitor's passages: made in batches with progress, cancelled, carried on after a reload,
never made twice; then the meaning techniques search the visitor's documents as the command line does."""

from __future__ import annotations

from pathlib import Path

import pytest
from lab_page import SLOW, shown, written
from playwright.sync_api import expect
from tools.build.pins import EMBED_DTYPE

from raglab import Lab, run
from raglab.documents.collect_files import read_folder
from raglab.graph.names_by_rules import NamesByRules
from raglab.models.onnx_embed import OnnxEmbedder
from raglab.page.vector_batches import FIRST_BATCH
from raglab.proposals import hybrid_questions
from raglab.search.related import suggest, unknown_words, vocabulary
from raglab.search.vector_table import kept_vector_key, kept_vectors_prefix
from raglab.techniques import TECHNIQUES
from raglab.ui.documents_html import needs_vectors

ROOT = Path(__file__).resolve().parents[2]
TOPICS = ["tide", "lamp", "bread", "kite", "goat", "bell", "rope", "moss", "shell", "crab", "gull", "reed", "salt"]
# 13 notes of 8 sentences (4 passages each), one about the crossing, and a copy of the tide note's first passage:
# 54 passages, 53 texts (two passages of the same text share one vector, and both count as passages)
FILES = {
    f"{topic}.txt": " ".join(f"The {topic} note {i} says the {topic} was seen on day {i}." for i in range(8))
    for topic in TOPICS
}
FILES["crossing.txt"] = "A ferry fare costs 6 coins. Children ride free on the morning crossing."
FILES["tide copy.txt"] = " ".join(f"The tide note {i} says the tide was seen on day {i}." for i in range(2))

# Wraps the bridge as soon as it exists, so every text the page asks vectors for is recorded, across reloads.
RECORD_VECTOR_REQUESTS = """
const wait = setInterval(() => {
  if (!globalThis.raglabBridge) return;
  clearInterval(wait);
  const real = raglabBridge.vectors.bind(raglabBridge);
  const realLoad = raglabBridge.load.bind(raglabBridge);
  window.asked = [];
  window.hold = null; // a Promise: the next batch waits for it
  window.holdLoad = null; // a Promise: the model's load waits for it (one held load, however many ask)
  raglabBridge.load = (task) => {
    if (!window.holdLoad) return realLoad(task);
    window.loadHeld ??= { id: -2, ended: window.holdLoad.then(() => realLoad(task).ended) };
    return window.loadHeld;
  };
  raglabBridge.vectors = (texts) => {
    window.asked.push(...texts);
    const held = window.hold;
    if (!held) return real(texts);
    window.hold = null;
    window.holding = true;
    const ended = held.then(() => real(texts).ended);
    return { id: -1, ended };
  };
}, 1);
"""
HOLD = "() => { window.hold = new Promise((resolve) => { window.release = resolve; }); window.holding = false; }"
HOLD_LOAD = "() => { window.holdLoad = new Promise((resolve) => { window.releaseLoad = resolve; }); }"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return written(tmp_path_factory.mktemp("notes"), FILES)


def test_vectors_batched_cancelled_resumed_not_twice_and_searched(visit, folder):
    page = visit.page
    page.context.add_init_script(RECORD_VECTOR_REQUESTS)
    visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.locator("input[name=passages][value='2']").check()  # the cut these counts are made in (the CLI's Lab())
    page.locator("#doc-files").set_input_files(
        [{"name": n, "mimeType": "text/plain", "buffer": t.encode()} for n, t in sorted(FILES.items())]
    )
    expect(page.locator("#docs-read")).to_contain_text("54 passages.")  # the read list counts as the vectors line
    page.locator("#docs-read .keep-read").click()
    vectors = page.locator("#docs-vectors")
    expect(vectors).to_contain_text("0 of 54 passages have one")
    kept = page.locator("#docs-kept li.kept-doc .facts")  # and so does the kept list, document by document
    expect(kept).to_have_count(len(FILES))
    assert sum(int(f.split(" · ")[-1].split()[0]) for f in kept.all_inner_texts()) == 54

    page.evaluate(HOLD_LOAD)  # the model's load waits: cancel before the first batch, and none is sent
    page.locator("#docs-vectors .make-vectors").click()
    page.wait_for_function("window.loadHeld !== undefined", timeout=SLOW)
    page.locator("#docs-vectors .cancel-vectors").click()
    expect(vectors).to_contain_text("Stopping, no new batch starts: 0 of 54 passages have a vector.")
    page.evaluate("() => { window.holdLoad = null; window.releaseLoad(); }")
    expect(vectors).to_contain_text("Meaning vectors: 0 of 54 passages have one", timeout=SLOW)
    assert page.evaluate("window.asked") == []

    page.evaluate(HOLD)  # the first batch waits: cancel while it is under way
    page.locator("#docs-vectors .make-vectors").click()
    page.wait_for_function("window.holding === true", timeout=SLOW)
    expect(vectors.locator("progress")).to_be_visible()
    expect(vectors).to_contain_text("Making meaning vectors: 0 of 54 passages")
    page.fill("#q-plain", "When was the kite seen?")  # keyword search works while vectors are being made
    page.press("#q-plain", "Enter")
    expect(page.locator("#result-plain .summary")).to_contain_text("“When was the kite seen?”", timeout=SLOW)
    assert shown(page, "plain")[0][0].startswith("kite")
    page.locator("#docs-vectors .cancel-vectors").click()  # said at once, while the batch is still under way
    expect(vectors).to_contain_text("Stopping, no new batch starts: 0 of 54 passages have a vector.")
    expect(vectors.locator(".cancel-vectors")).to_have_count(0)
    page.evaluate("() => window.release()")
    first_batch = FIRST_BATCH  # a small first batch (raglab.page.vector_batches), and none after Cancel
    expect(vectors).to_contain_text(f"{first_batch} of 54 passages have one", timeout=SLOW)
    # which device made them, in the worker's words (this Chromium runs with --disable-gpu: no WebGPU adapter)
    expect(vectors.locator(".vectors-device")).to_have_text(
        "On this device: WebGPU found no usable graphics adapter, so the vectors are made on WebAssembly (the CPU)."
    )
    first = page.evaluate("window.asked")
    assert len(first) == first_batch
    assert [len(t) for t in first] == sorted((len(t) for t in first), reverse=True), "not sent longest first"

    page.reload()  # cancelled: nothing carries on by itself
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    expect(vectors).to_contain_text(f"{first_batch} of 54 passages have one")
    # the model, kept in this browser now, is loaded for "Make meaning vectors" before the click: the line says
    # which device will make them, and no batch is sent by itself
    expect(vectors.locator(".vectors-device")).to_contain_text("WebAssembly (the CPU)", timeout=SLOW)
    assert page.evaluate("window.asked") == []
    page.evaluate(HOLD)
    page.locator("#docs-vectors .make-vectors").click()
    page.wait_for_function("window.holding === true", timeout=SLOW)
    page.reload()  # cut short while the second batch is under way: carries on after the reload
    expect(vectors).to_contain_text("Every one of your 54 passages has a meaning vector", timeout=SLOW)
    candidates = set(
        hybrid_questions(Lab(read_folder(folder, find_names=NamesByRules)[0]))
    )  # hybrid's proposals', once all are made
    second = [t for t in page.evaluate("window.asked") if t not in candidates]
    meaning = [key for key, t in TECHNIQUES.items() if needs_vectors(t)]
    for reloaded in (False, True):  # issue 21's stale line: each meaning section follows the vectors, unasked
        if reloaded:
            page.reload()
            expect(vectors).to_contain_text("Every one of your 54 passages has a meaning vector", timeout=SLOW)
        for key in meaning:
            expect(page.locator(f"#result-{key}")).to_contain_text("54 passages. Type a question above.")
    assert sorted(first + second) == sorted({t for t in first + second}), "a passage was embedded twice"
    assert len(first) + len(second) == 53  # texts: the copied passage shares the tide note's vector
    assert min(map(len, first)) >= max(map(len, second)), "after the reload, not the shorter passages left"

    cli = Lab(read_folder(folder, find_names=NamesByRules)[0])
    embed = OnnxEmbedder(ROOT / ".cache" / "models" / "all-MiniLM-L6-v2", EMBED_DTYPE)  # the page's weights
    question = "How much is a boat ticket?"
    for key, extra in [("hybrid", {}), ("hyde", {"hy": "A boat ticket costs a few coins."})]:
        page.fill(f"#q-{key}", question)
        for param, value in extra.items():
            page.fill(f"#{param}-{key}", value)
        page.press(f"#q-{key}", "Enter")
        expect(page.locator(f"#result-{key} .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
        given = {"hypothetical": extra["hy"]} if extra else {}
        expected = run(cli, key, question, embed=embed, **given)
        assert [i for i, _ in shown(page, key)] == [p.id for p in expected.passages], key
        assert shown(page, key)[0][0] == "crossing-1"
    assert visit.console_errors == []


LOG = (
    "Dr. Ellery Marsh counted the quillfish at Vantor Reef. Marsh wrote a short report on the count.\n\n"
    "The Harbour Trust paid for a new boat. Ellery Marsh joined the Harbour Trust in May.\n\n"
    "The boat crew met Ellery Marsh at Vantor Reef.\n"
)


def test_names_found_edited_kept_and_related_words_added(visit, tmp_path):
    """Intent: the graph's names on a visitor's document are found by rules and listed; removing or adding one
    changes the graph and survives a reload, and so does removing several chosen at once; related words by meaning
    match CPython's and join the word list."""
    (tmp_path / "log.txt").write_text(LOG)
    cli = Lab(read_folder(tmp_path, find_names=NamesByRules)[0])
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.locator("input[name=passages][value='2']").check()  # the cut these counts are made in (the CLI's Lab())
    page.locator("#doc-files").set_input_files({"name": "log.txt", "mimeType": "text/plain", "buffer": LOG.encode()})
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(1)

    page.locator("#yours .my-names summary").click()
    names = page.locator("#docs-names li")
    expect(names).to_have_count(len(cli.corpus.entities))
    expect(page.locator("#docs-names li[data-name='Ellery Marsh']")).to_contain_text("also Marsh")
    question = "Who joined the Harbour Trust?"
    page.fill("#q-graph", question)
    page.press("#q-graph", "Enter")
    expect(page.locator("#result-graph ul.links li")).to_have_count(
        len(run(cli, "graph", question).details["links"]), timeout=SLOW
    )

    page.locator("#docs-names li[data-name='Vantor Reef'] .remove-name").click()
    expect(page.locator("#docs-names li[data-name='Vantor Reef']")).to_have_count(0)
    page.fill("#name-add", "Quillfish Count")
    page.fill("#name-add-aliases", "quillfish")
    page.locator("#docs-names .add-name").click()
    expect(page.locator("#docs-names li[data-name='Quillfish Count']")).to_contain_text("added by you")
    page.reload()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.locator("#yours .my-names summary").click()
    expect(page.locator("#docs-names li[data-name='Vantor Reef']")).to_have_count(0)
    expect(page.locator("#docs-names li[data-name='Quillfish Count']")).to_have_count(1)
    page.fill("#q-graph", question)
    page.press("#q-graph", "Enter")
    links = page.locator("#result-graph ul.links li")
    expect(links.filter(has_text="Quillfish Count")).to_have_count(1, timeout=SLOW)  # log-1: Marsh and quillfish
    expect(links.filter(has_text="Vantor Reef")).to_have_count(0)

    # Several names at once: choose two, remove them with one button; both stay removed after a reload.
    for name in ("Harbour Trust", "Quillfish Count"):
        page.locator(f"#docs-names li[data-name='{name}'] .choose-name").check()
    page.locator("#docs-names .remove-chosen").click()
    expect(page.locator("#docs-names li")).to_have_count(len(cli.corpus.entities) - 2)  # Vantor Reef, the Trust
    page.reload()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.locator("#yours .my-names summary").click()
    expect(page.locator("#docs-names li[data-name='Ellery Marsh']")).to_have_count(1)
    for name in ("Harbour Trust", "Quillfish Count", "Vantor Reef"):
        expect(page.locator(f"#docs-names li[data-name='{name}']")).to_have_count(0)

    embed = OnnxEmbedder(ROOT / ".cache" / "models" / "all-MiniLM-L6-v2", EMBED_DTYPE)  # the page's weights
    ask = "Who bought the ship?"
    index = cli.index()
    expected = suggest(unknown_words(ask, index), vocabulary(index), embed)
    page.locator("#yours .my-words summary").click()
    page.fill("#related-q", ask)
    page.locator("#related-find").click()
    boxes = page.locator("#related-words input[type=checkbox]")
    expect(boxes).to_have_count(sum(len(s.related) for s in expected), timeout=SLOW)
    got = [(b.get_attribute("data-word"), b.get_attribute("value")) for b in boxes.all()]
    assert got == [(s.word, w) for s in expected for w, _ in s.related]
    page.locator("#related-words .accept-related").click()
    expect(page.locator("#msg-yours")).to_contain_text("Word list saved")
    lines = page.locator("#my-words").input_value().splitlines()
    assert all(f"{s.word}: {', '.join(w for w, _ in s.related)}" in lines for s in expected if s.related), lines
    assert visit.console_errors == []


def test_vectors_kept_by_other_weights_are_made_again_not_used(visit, folder):
    """A vector kept by other weights (an earlier page's model, or keys that named no weights) is forgotten at the
    next start and its passage counted as without one; only vectors of the page's own weights are read back."""
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.locator("input[name=passages][value='2']").check()  # the cut these counts are made in (the CLI's Lab())
    page.locator("#doc-files").set_input_files(
        [{"name": n, "mimeType": "text/plain", "buffer": t.encode()} for n, t in sorted(FILES.items())]
    )
    page.locator("#docs-read .keep-read").click()
    vectors = page.locator("#docs-vectors")
    expect(vectors).to_contain_text("0 of 54 passages have one")
    model = "all-MiniLM-L6-v2"
    texts = list(dict.fromkeys(Lab(read_folder(folder, find_names=NamesByRules)[0]).passage_texts()))
    own = kept_vectors_prefix(model, EMBED_DTYPE)
    crossing = "A ferry fare costs 6 coins. Children ride free on the morning crossing."
    kept = [kept_vector_key(f"vec:{model}:", t) for t in texts]  # before the keys named the weights
    kept += [kept_vector_key(kept_vectors_prefix(model, "fp16"), t) for t in texts]
    kept += [kept_vector_key(own, crossing)]
    page.evaluate("(keys) => raglabDocuments.keepVectors(keys, keys.map(() => [1, 0, 0]))", kept)
    page.reload()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    expect(vectors).to_contain_text("1 of 54 passages have one")  # drawn once the others were forgotten
    assert page.evaluate("async () => (await raglabDocuments.vectors('vec:')).keys") == [kept[-1]]
