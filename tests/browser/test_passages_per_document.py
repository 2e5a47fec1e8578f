"""One passage per document in the page: the visitor chooses it for their documents, every technique then searches
whole documents exactly as the command line does with the same choice, the choice survives a reload and goes into
the zip, and choosing again cuts the documents again."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from lab_page import SLOW, shown, written
from playwright.sync_api import expect

from raglab import Lab, run
from raglab.documents.chunking import WHOLE_DOCUMENT
from raglab.documents.collect_files import read_folder
from raglab.documents.passage_sizes import PASSAGES_FILE, passage_size_in
from raglab.graph.names_by_rules import NamesByRules
from raglab.models.onnx_embed import OnnxEmbedder
from raglab.show import score_label

ROOT = Path(__file__).resolve().parents[2]
# Six short "abstracts" of 3 or 4 sentences: 6 passages whole, 12 of 2 sentences.
ABSTRACTS = {
    "4983.txt": "Sea stars in tide pools eat mussels. Their arms regrow after a loss. Warm water slows the regrowth.",
    "5836.txt": "Gulls nest on cliffs above the harbour. A gull eats fish and mussels. Chicks leave the nest in July. "
    "Storms destroy many nests.",
    "7912.txt": "Morning fog comes in from the sea. It lifts by noon in summer. Ferries wait for the fog to clear.",
    "1204.txt": "The ferry fare is 6 coins for adults. Children ride free. Bikes cost one coin more.",
    "3310.txt": "Lighthouse lamps burn oil. Keepers trim the wicks at dusk. The lamp is seen twenty miles out. "
    "A bell rings in fog.",
    "6642.txt": "Bread is baked before dawn. Rye loaves sell out first. The bakery closes on Mondays.",
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return written(tmp_path_factory.mktemp("abstracts"), ABSTRACTS)


def _ask(page, key: str, question: str):
    page.fill(f"#q-{key}", question)
    page.press(f"#q-{key}", "Enter")
    expect(page.locator(f"#result-{key} .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
    expect(page.locator(f"#result-{key}.busy")).to_have_count(0, timeout=SLOW)


def test_one_passage_per_document_searched_as_the_cli_kept_and_exported(visit, folder, tmp_path):
    """Intent: with "one passage per document" chosen, each kept document is one passage (`{slug}-1`), keyword and
    meaning techniques rank them as `Lab(corpus, "document")` does in CPython, vectors are made one per document,
    the choice survives a reload and goes into the zip as passages.toml, and choosing 2 sentences again cuts them
    again."""
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    expect(page.locator("input[name=passages][value=blocks]")).to_be_checked()  # a visitor's files: their blocks
    page.locator("input[name=passages][value=document]").check()
    page.locator("#doc-files").set_input_files(
        [{"name": n, "mimeType": "text/plain", "buffer": t.encode()} for n, t in sorted(ABSTRACTS.items())]
    )
    expect(page.locator("#docs-read")).to_contain_text("6 documents", timeout=SLOW)
    expect(page.locator("#docs-read")).to_contain_text("6 passages")
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(6, timeout=SLOW)
    expect(page.locator("#docs-kept li.kept-doc .facts").first).to_contain_text("1 passage")
    vectors = page.locator("#docs-vectors")
    expect(vectors).to_contain_text("0 of 6 passages have one")

    cli = Lab(read_folder(folder, find_names=NamesByRules)[0], WHOLE_DOCUMENT)
    for key, question in [
        ("plain", "What do gulls eat?"),
        ("query", "How much is the ferry fare?"),
        ("document", "When is bread baked?"),
        ("parent", "When do chicks leave the nest?"),
    ]:
        _ask(page, key, question)
        expected = run(cli, key, question)
        assert shown(page, key) == [(p.id, score_label(p)) for p in expected.passages], key
    assert shown(page, "plain")[0][0] == "5836-1"
    page.locator("#result-plain li.hit details.score summary").first.click()
    expect(page.locator("#result-plain li.hit .sum").first).to_contain_text("ln(1 + 6/")

    page.locator("#docs-vectors .make-vectors").click()
    expect(vectors).to_contain_text("Every one of your 6 passages has a meaning vector", timeout=SLOW)
    embed = OnnxEmbedder(ROOT / ".cache" / "models" / "all-MiniLM-L6-v2")
    question = "Which bird eats fish?"
    _ask(page, "hybrid", question)
    expected = run(cli, "hybrid", question, embed=embed)
    assert [i for i, _ in shown(page, "hybrid")] == [p.id for p in expected.passages]
    assert shown(page, "hybrid")[0][0] == "5836-1"

    page.reload()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    expect(page.locator("input[name=passages][value=document]")).to_be_checked()
    expect(vectors).to_contain_text("Every one of your 6 passages has a meaning vector")
    _ask(page, "plain", "What do gulls eat?")
    assert shown(page, "plain")[0][0] == "5836-1"

    with page.expect_download() as download:
        page.locator(".download-docs").click()
    archive = zipfile.ZipFile(io.BytesIO(Path(download.value.path()).read_bytes()))
    assert PASSAGES_FILE in archive.namelist()
    archive.extractall(tmp_path)
    assert passage_size_in(tmp_path) == WHOLE_DOCUMENT

    page.locator("input[name=passages][value='2']").check()
    expect(page.locator("#msg-yours")).to_contain_text("now cut into passages of 2 sentences")
    expect(vectors).to_contain_text("0 of 12 passages have one")  # the whole documents' vectors are forgotten
    _ask(page, "plain", "What do gulls eat?")
    assert shown(page, "plain")[0][0] == "5836-1"
    assert [i for i, _ in shown(page, "plain")] == [
        p.id for p in run(Lab(cli.corpus), "plain", "What do gulls eat?").passages
    ]
    assert visit.console_errors == []


def test_bench_hook_runs_the_core_untimed_by_the_page(visit):
    """Intent: bench/scifact_page.py's hook (raglabBench.run) gives the ranking the section shows, with a time."""
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    got = page.evaluate("raglabBench.run('plain', 'How much does the ferry cost?', JSON.stringify({top_k: 3}))")
    expected = run(Lab(), "plain", "How much does the ferry cost?")
    assert got["ids"] == [p.id for p in expected.passages] and got["scores"] == [p.score for p in expected.passages]
    assert got["ms"] > 0 and got["numpy"] is False
    added = page.evaluate("raglabBench.addVectors(['a made-up question'], [Array(384).fill(0.05)])")
    assert added > 32
    hybrid = page.evaluate(
        "raglabBench.run('hybrid', 'a made-up question', " + json.dumps(json.dumps({"top_k": 10})) + ")"
    )
    assert len(hybrid["lists"]["vector"]["ids"]) == 10 and len(hybrid["ids"]) == 10
