"""A question asked the moment a visitor's documents are kept: it waits while the page cuts and indexes them a few
at a time, saying how far it is, and then gets the answer the command line gives."""

from __future__ import annotations

import re

from lab_page import SLOW, shown, written
from playwright.sync_api import expect

from raglab import Lab, run
from raglab.documents.collect_files import read_folder
from raglab.documents.passage_sizes import passage_size_in
from raglab.graph.names_by_rules import NamesByRules
from raglab.show import score_label

# 600 notes of 3 sentences: 600 documents, a passage each (a paragraph: their blocks), cut and indexed 64 at a time.
NOTES = {
    f"note-{i:03}.txt": f"Reef note {i}. The tide reached mark {i}. The boat {i % 7} came back." for i in range(600)
}
QUESTION = "Which note reached mark 417?"

# Set before keeping: every line the plain section's message shows, and the question sent the moment the lab
# switches to the visitor's documents (body[data-corpus] becomes "yours"), before the page can have them ready.
ASK_WHEN_SWITCHED = """(question) => {
  window.saidPlain = [];
  new MutationObserver(() => {
    const line = document.getElementById("msg-plain").textContent;
    if (line) saidPlain.push(line);
  }).observe(document.getElementById("msg-plain"), { childList: true, characterData: true, subtree: true });
  const switched = new MutationObserver(() => {
    if (document.body.dataset.corpus !== "yours") return;
    switched.disconnect();
    const box = document.getElementById("q-plain");
    box.value = question;
    box.form.requestSubmit();
  });
  switched.observe(document.body, { attributes: true, attributeFilter: ["data-corpus"] });
}"""


def test_a_question_asked_as_documents_are_kept_waits_for_them_and_gets_the_clis_answer(visit, tmp_path):
    """Intent: a question sent the moment 600 kept documents become the lab's says "Getting your documents ready:
    n of N ..." while the page cuts and indexes them in steps (it does not build the rest in one go), and its
    answer is the command line's on the same files."""
    folder = written(tmp_path, NOTES)
    cli = Lab(read_folder(folder, find_names=NamesByRules)[0], passage_size_in(folder))
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.locator("#doc-files").set_input_files(
        [{"name": n, "mimeType": "text/plain", "buffer": t.encode()} for n, t in sorted(NOTES.items())]
    )
    expect(page.locator("#docs-read")).to_contain_text("600 documents", timeout=SLOW)
    expect(page.locator("#docs-read")).to_contain_text(f"{len(cli.chunks()):,} passages.")  # 600
    page.evaluate(ASK_WHEN_SWITCHED, QUESTION)
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{QUESTION}”", timeout=SLOW)
    expect(page.locator("#result-plain.busy")).to_have_count(0, timeout=SLOW)

    said = page.evaluate("saidPlain")
    waiting = re.compile(
        rf"Getting your documents ready: [\d,]+ of (600 documents cut into passages|{len(cli.chunks()):,} "
        r"passages indexed)\. Your question is answered then\."
    )
    assert said and all(waiting.fullmatch(line) for line in said), said
    expect(page.locator("#msg-plain")).to_have_text("")
    assert shown(page, "plain") == [(p.id, score_label(p)) for p in run(cli, "plain", QUESTION).passages]
    assert shown(page, "plain")[0][0] == "note_417-1"
    assert visit.console_errors == []
