"""Questions proposed from the documents (raglab.proposals) on Fernport, the ledger and a real manual: each
proposal is run again through its technique here and checked against plain search, by the test's own reading of
the result, so a proposal that does not show its technique's difference fails."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest
from tests.pdf_manual import make_manual_pdf

from raglab import Lab, run
from raglab.documents.collect_files import read_folder
from raglab.documents.corpus_folder import load_corpus
from raglab.documents.passage_sizes import passage_size_in
from raglab.graph.names_by_rules import NamesByRules
from raglab.proposals import BUDGET, KEPT, Proposal, propose, propose_steps
from raglab.question_candidates import cuts, heading_questions, heading_topic, topic_question, written_words
from raglab.techniques import TECHNIQUES

ROOT = Path(__file__).resolve().parents[2]
# A real manual from Debian's r-doc-pdf when the machine has it, else the tests' own manual PDF.
R_MANUAL = Path("/usr/share/R/doc/manual/R-intro.pdf")


@pytest.fixture(scope="module")
def manual(tmp_path_factory) -> Lab:
    folder = tmp_path_factory.mktemp("manual")
    if R_MANUAL.is_file():
        shutil.copy(R_MANUAL, folder / R_MANUAL.name)
    else:
        (folder / "handbook.pdf").write_bytes(make_manual_pdf())
    corpus, skipped = read_folder(folder, find_names=NamesByRules)
    assert not skipped
    return Lab(corpus, passage_size_in(folder))


def _labs(manual: Lab) -> dict[str, Lab]:
    return {"fernport": Lab(), "ledger": Lab(load_corpus(ROOT / "corpus" / "ledger")), "manual": manual}


def _ids(hits) -> list[str]:
    return [h.id for h in hits]


def _words_of(lab: Lab, text: str) -> set[str]:
    return set(lab.search_words(text))


def _named_ids(why: str) -> list[str]:
    """The passage ids a reason names (every id holds a hyphen and ends in a number)."""
    return re.findall(r"\b[\w.]+(?:-s\d)?-\d+\b", why)


def _checked(lab: Lab, p: Proposal) -> None:
    """The proposal's technique, run again, does what the reason says and plain search does not."""
    result = run(lab, p.technique, p.question)
    plain = run(lab, "plain", p.question, headings="off")
    plain_ids = _ids(plain.passages)
    if p.technique == "plain":
        assert result.passages[0].id == _named_ids(p.why)[0]
    elif p.technique == "query":
        assert result.details["added_words"]
        assert result.passages[0].id not in _ids(result.comparison.passages)
        assert result.passages[0].id == _named_ids(p.why)[0]
    elif p.technique == "graph":
        found = _named_ids(p.why)[0]
        assert found in _ids(result.passages) and found not in plain_ids
        hit = next(h for h in result.passages if h.id == found)
        # the linked name's passage does mention the name it was reached through
        assert any(part.kind == "linked name" and part.label in p.why for part in hit.parts)
        assert not any(part.kind == "name" for part in hit.parts)  # it does not name the question's name
    elif p.technique in ("document", "parent", "chunk_size"):
        words = set(lab.search_words(p.question))
        assert len(words) == 2
        assert not any(words <= _words_of(lab, h.text) for h in plain.passages)  # plain search cuts them apart
        if p.technique == "chunk_size":
            big = next(h for h in result.passages if h.id == _named_ids(p.why)[0])
            small = next(h for h in result.passages if h.id == _named_ids(p.why)[1])
            assert words <= _words_of(lab, big.text) and not words <= _words_of(lab, small.text)
        else:
            assert words <= _words_of(lab, result.passages[0].text)  # the whole document holds both
    else:
        raise AssertionError(f"no check for {p.technique}")


def test_fernport_proposals_are_the_documents_own_and_each_technique_shows_its_difference():
    found = propose(Lab())
    assert [p.question for p in found.of("query")] == ["What about boat?", "What about ticket?"]
    assert found.of("query")[0].why == (
        "gains ferry for boat from the word list and finds ferry-1 first; plain search finds nothing."
    )
    assert [p.question for p in found.of("graph")] == ["What is Mira Okafor?", "What is Tomas Reyes?"]
    assert found.of("document")[0].question == "What do “Bakery” and “bake” have to do with each other?"
    assert found.of("chunk_size")[0].why == (
        "finds both “bakery” and “bake” in the best 4-sentence chunk, bakery-s4-1, while the best 1-sentence "
        "chunk, bakery-s1-1, holds only “bakery”."
    )
    assert set(found.found) == {"plain", "query", "graph", "document", "parent", "chunk_size"}
    assert set(found.why_none) == {"multi_query", "hyde", "hybrid"}


@pytest.mark.parametrize("name", ["fernport", "ledger", "manual"])
def test_every_proposal_is_checked_by_running_its_technique(manual, name):
    lab = _labs(manual)[name]
    found = propose(lab)
    proposals = [p for ps in found.found.values() for p in ps]
    assert proposals
    for p in proposals:
        _checked(lab, p)
    for key in TECHNIQUES:  # every technique has proposals or one sentence that says why it has none
        assert (len(found.of(key)) in range(1, KEPT + 1)) != (key in found.why_none)
        if key in found.why_none:
            assert found.why_none[key].endswith(".") and found.why_none[key].count(". ") == 0


def test_a_real_manual_gets_questions_from_its_own_headings_and_names(manual):
    found = propose(manual)
    headings = {h[2] for d in manual.corpus.documents for h in d.headings} | {d.title for d in manual.corpus.documents}
    assert found.of("plain")
    written = written_words(manual)
    for p in found.of("plain"):  # a heading as a learner asks about it, its numbering ("2.1") left off
        assert any(p.question == topic_question(heading_topic(h), "en", written, manual.search_words) for h in headings)
    names = {e.name for e in manual.corpus.entities}
    assert found.of("graph")
    for p in found.of("graph"):  # "What is A?", "How is A related to B?": each a name found
        asked = re.fullmatch(r"What is (.+)\?|How is (.+) related to (.+)\?", p.question)
        assert asked and all(n in names for n in asked.groups() if n)
    one_document = len(manual.corpus.documents) == 1
    assert ("document" in found.why_none) == one_document
    if one_document:
        assert found.why_none["document"] == (
            "Document RAG hands over whole documents, and these are one document: every question gets all of it."
        )


def test_without_a_word_list_query_rag_says_why_instead_of_inventing(manual):
    assert not manual.corpus.related_words
    assert propose(manual).why_none["query"].startswith("Query RAG adds related words from the lab's word list")


def test_a_cut_names_two_neighbouring_passages_whose_words_no_passage_holds_together():
    lab = Lab()
    index = lab.index()
    ids = _ids(index.chunks)
    for cut in cuts(lab):
        assert ids.index(cut.second) == ids.index(cut.first) + 1
        a, b = cut.words
        assert not set(index.postings[a]) & set(index.postings[b])


def test_the_budget_bounds_the_candidates_run(manual):
    runs = []

    def counting(lab, key, question, **options):
        runs.append(key)
        return run(lab, key, question, **options)

    import raglab.proposals as proposals

    original = proposals.run
    proposals.run = counting
    try:
        steps = list(propose_steps(manual, budget=2))
    finally:
        proposals.run = original
    assert steps == [k for k in TECHNIQUES if k in steps]  # one step per technique checked, in order
    per_technique = {k: runs.count(k) for k in set(runs)}
    assert per_technique and max(per_technique.values()) <= 2 < BUDGET


def test_without_the_graph_library_graph_rag_says_why_and_the_others_are_still_proposed(monkeypatch):
    monkeypatch.setitem(sys.modules, "networkx", None)  # as in a page that could not install it
    found = propose(Lab())
    assert found.why_none["graph"] == "Graph RAG could not run here: networkx is not installed."
    assert found.of("query") and found.of("chunk_size")


@pytest.mark.parametrize("name", ["fernport", "ledger", "manual"])
def test_a_heading_question_searches_its_topics_words_and_no_more(manual, name):
    """Intent: the question's frame ("What is ...?") adds no search word, so plain search's check runs on the
    heading's own words (a "How do I ...?" question trades the -ing form for its verb, and is left out here)."""
    lab = _labs(manual)[name]
    asked = [(q, h) for q, h in heading_questions(lab) if not q.startswith("How do I ")]
    assert asked
    for question, heading in asked:
        assert question.endswith("?") and not question.startswith("What about ")
        assert lab.search_words(question) == lab.search_words(heading_topic(heading))


def test_a_frame_in_the_documents_language_is_used_only_where_its_words_are_no_search_words():
    english_only = Lab()  # Fernport: "ist" is a search word there, so a German heading takes the English frame
    assert topic_question("Paketverwaltung", "de", set(), english_only.search_words) == "What is Paketverwaltung?"
    assert topic_question("Paketverwaltung", "de", set(), lambda frame: []) == "Was ist Paketverwaltung?"
    assert topic_question("Running R", "en", {"run"}, english_only.search_words) == "How do I run R?"
