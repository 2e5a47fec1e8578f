"""Hybrid search on a visitor's document with headings, after every passage has a meaning vector: its keyword
side searches each passage with its section's headings (the default), its vector side the vectors the page made,
and it ranks as the command line does (issue 32: "924 texts have no vector yet")."""

from __future__ import annotations

from pathlib import Path

from lab_page import SLOW, shown, written
from playwright.sync_api import expect
from tools.build.pins import EMBED_DTYPE

from raglab import Lab, run
from raglab.documents.collect_files import read_folder
from raglab.documents.passage_sizes import passage_size_in
from raglab.graph.names_by_rules import NamesByRules
from raglab.models.onnx_embed import OnnxEmbedder

ROOT = Path(__file__).resolve().parents[2]
MANUAL = (
    "# Reef guide\n\nThe reef lies north of the harbour.\n\n## Tides\n\nLow water comes twice a day. Boats wait.\n\n"
    "## Tags\n\nEach tag is a single byte.\n\n## Birds\n\nGulls nest on the cliffs above the reef.\n"
)


def test_hybrid_with_headings_after_every_vector_is_made(visit, tmp_path):
    folder = written(tmp_path, {"reef.md": MANUAL})
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.locator("#doc-files").set_input_files(
        [{"name": "reef.md", "mimeType": "text/markdown", "buffer": MANUAL.encode()}]
    )
    expect(page.locator("#docs-read")).to_contain_text("4 passages", timeout=SLOW)
    page.locator("#docs-read .keep-read").click()
    vectors = page.locator("#docs-vectors")
    page.locator("#docs-vectors .make-vectors").click()
    expect(vectors).to_contain_text("Every one of your 4 passages has a meaning vector", timeout=SLOW)
    question = "How big is a tag?"  # "tag" stands in the heading "Tags" and in its passage
    page.fill("#q-hybrid", question)
    page.press("#q-hybrid", "Enter")
    expect(page.locator("#result-hybrid .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
    expect(page.locator("#msg-hybrid")).not_to_contain_text("no vector yet")
    embed = OnnxEmbedder(ROOT / ".cache" / "models" / "all-MiniLM-L6-v2", EMBED_DTYPE)  # the page's weights
    expected = run(
        Lab(read_folder(folder, find_names=NamesByRules)[0], passage_size_in(folder)), "hybrid", question, embed=embed
    )
    assert [i for i, _ in shown(page, "hybrid")] == [p.id for p in expected.passages]
    assert expected.details["keyword"][0].text.startswith("Reef guide › Tags: ")
    assert visit.console_errors == []
