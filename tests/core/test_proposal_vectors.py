"""Hybrid's proposed questions as the page finds them (raglab.page.proposal_needs): the passages' vectors made by
the visitor, the candidates embedded in one batch into the same vector table, and hybrid's proposals checked with
that table are the command line's, checked with the model itself."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.core.conftest import stand_in_embed
from tests.pdf_manual import make_manual_pdf

from raglab import Lab, run
from raglab.documents.collect_files import read_folder
from raglab.documents.corpus_folder import load_corpus
from raglab.documents.passage_sizes import passage_size_in
from raglab.graph.names_by_rules import NamesByRules
from raglab.page import proposal_needs
from raglab.proposals import BUDGET, NO_MODEL, NO_VECTORS, hybrid_questions, propose
from raglab.search.vector_table import MissingVectors, VectorTable

ROOT = Path(__file__).resolve().parents[2]
R_MANUAL = Path("/usr/share/R/doc/manual/R-intro.pdf")


@pytest.fixture(scope="module")
def labs(tmp_path_factory) -> dict[str, Lab]:
    folder = tmp_path_factory.mktemp("manual")
    if R_MANUAL.is_file():
        shutil.copy(R_MANUAL, folder / R_MANUAL.name)
    else:
        (folder / "handbook.pdf").write_bytes(make_manual_pdf())
    corpus, _ = read_folder(folder, find_names=NamesByRules)
    return {
        "fernport": Lab(),
        "ledger": Lab(load_corpus(ROOT / "corpus" / "ledger")),
        "manual": Lab(corpus, passage_size_in(folder)),
    }


def _made(lab: Lab) -> VectorTable:
    """The page's own table once the visitor has made every passage's vector."""
    texts = list(dict.fromkeys(lab.passage_texts()))
    return VectorTable(dict(zip(texts, stand_in_embed(texts), strict=True)))


@pytest.mark.parametrize("name", ["fernport", "ledger", "manual"])
def test_the_candidates_embedded_in_one_batch_give_the_command_lines_proposals(labs, name):
    lab = labs[name]
    table = _made(lab)
    needs = proposal_needs(lab, table.vectors)
    assert not needs.passages and 0 < len(needs.texts) <= BUDGET
    assert set(needs.texts) <= set(hybrid_questions(lab))  # only the candidates, as hybrid embeds them
    table.add(needs.texts, stand_in_embed(list(needs.texts)))  # the page's one batch
    assert proposal_needs(lab, table.vectors).to_embed == ()
    in_page, on_command_line = propose(lab, embed=table), propose(lab, embed=stand_in_embed)
    assert in_page.of("hybrid") == on_command_line.of("hybrid")
    assert in_page.why_none.get("hybrid") == on_command_line.why_none.get("hybrid")
    for p in in_page.of("hybrid"):  # each checked: the passage it names came by the vector side alone
        result = run(lab, "hybrid", p.question, embed=table)
        named = p.why.split()[2]
        assert named in {h.id for h in result.details["vector"]}
        assert named not in {h.id for h in result.details["keyword"]}


def test_some_lab_gets_hybrid_proposals_from_the_table(labs):
    """The comparison above is no empty one: on some lab the table gives hybrid proposals."""
    found = {name: propose(lab, embed=_made_with_needs(lab)).of("hybrid") for name, lab in labs.items()}
    assert any(found.values()), found


def _made_with_needs(lab: Lab) -> VectorTable:
    table = _made(lab)
    texts = list(proposal_needs(lab, table.vectors).texts)
    table.add(texts, stand_in_embed(texts))
    return table


def test_a_passage_without_a_vector_is_listed_and_no_table_gives_no_hybrid_proposals(labs):
    lab = labs["fernport"]
    table = _made(lab)
    gone = lab.passage_texts()[3]
    del table.vectors[gone]
    assert proposal_needs(lab, table.vectors).passages == (gone,)
    with pytest.raises(MissingVectors):  # why the page waits for every passage: hybrid needs them all
        propose(lab, embed=table)
    assert propose(lab, without=NO_VECTORS).why_none["hybrid"] == NO_VECTORS
    assert propose(lab).why_none["hybrid"] == NO_MODEL


def test_the_candidates_are_each_once_and_at_most_the_budget(labs):
    lab = labs["manual"]
    questions = hybrid_questions(lab)
    assert len(questions) == len(set(questions)) == min(BUDGET, len(hybrid_questions(lab, budget=10_000)))
    assert hybrid_questions(lab, budget=3) == questions[:3]
