"""The command line prints what the page shows; --json prints the result object."""

import json

import pytest
from tests.fixtures import make_pdf

from raglab.cli import main


def run_cli(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_ask_plain_prints_passages_scores_and_prompt(capsys):
    code, out, _ = run_cli(capsys, "ask", "plain", "How much does the ferry cost?")
    assert code == 0
    assert "1. Ferry timetable [ferry-1] score 5.95" in out
    assert "3. Harbour guide [harbour-3] score 2.46" in out
    assert "5.95 = ferry 2.46 [ln(1 + 32/3)] + cost 3.50 [ln(1 + 32/1)]" in out
    assert "| Question: How much does the ferry cost?" in out


@pytest.mark.parametrize("technique", ["plain", "query", "graph", "document", "parent", "chunk_size"])
def test_every_lexical_preset_prints(capsys, technique):
    from raglab import load_corpus

    for question in load_corpus().presets[technique]:
        code, out, _ = run_cli(capsys, "ask", technique.replace("_", "-"), question)
        assert code == 0 and "What the model is given" in out and f"Question: {question}" in out


def test_json_is_the_result_object(capsys):
    code, out, _ = run_cli(capsys, "ask", "query", "How much is a boat ticket?", "--json", "--top-k", "1")
    d = json.loads(out)
    assert code == 0 and d["technique"] == "query" and [p["id"] for p in d["passages"]] == ["ferry-1"]
    assert round(d["passages"][0]["score"], 2) == 9.45


def test_bad_input_exits_2_with_a_message(capsys):
    code, _, err = run_cli(capsys, "ask", "plain", "   ")
    assert code == 2 and "Type a question first." in err
    code, _, err = run_cli(capsys, "ask", "nope", "ferry")
    assert code == 2 and "No technique" in err
    code, _, err = run_cli(capsys, "ask", "plain", "ferry", "--corpus", "/no/such/folder")
    assert code == 2 and "no such corpus folder" in err


def test_meaning_without_embedder_says_so(capsys):
    code, _, err = run_cli(capsys, "ask", "hyde", "What else does Tomas do?", "--embedder", "none")
    assert code == 2 and "needs an embedder" in err


def test_techniques_and_corpus(capsys):
    code, out, _ = run_cli(capsys, "techniques")
    assert code == 0 and len(out.strip().splitlines()) == 9 and out.startswith("plain")
    code, out, _ = run_cli(capsys, "corpus")
    assert code == 0 and "10 documents, 32 passages of 2 sentences" in out and "ferry-1: The ferry crosses" in out


def test_a_course_authors_corpus(tmp_path, capsys):
    (tmp_path / "01-cats.md").write_text("# Cats\n\nCats sleep a lot. Cats purr.\n", encoding="utf-8")
    (tmp_path / "02-dogs.md").write_text("# Dogs\n\nDogs bark. Dogs fetch sticks.\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, "ask", "plain", "Do cats purr?", "--corpus", str(tmp_path), "--json")
    assert code == 0 and [p["id"] for p in json.loads(out)["passages"]] == ["cats-1"]
    (tmp_path / "notes.md").write_text("# x\n\ny.\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "corpus", "--corpus", str(tmp_path))
    assert code == 2 and "notes.md" in err


def test_bm25_from_the_command_line(capsys):
    code, out, _ = run_cli(capsys, "ask", "plain", "How much does the ferry cost?", "--scoring", "bm25", "--b", "0")
    assert code == 0 and "b = 0" in out and "Compare: what the sum of word weights would give" in out


def test_a_folder_of_your_own_files(tmp_path, capsys):
    """Intent: any folder of files is searched; each file that gives nothing is one line on stderr; a PDF passage
    says its file and page."""
    (tmp_path / "notes.txt").write_text(
        "The quillfish swims past the reef.\n\nBoats keep away in April.", encoding="utf-8"
    )
    (tmp_path / "report.pdf").write_bytes(
        make_pdf(["Annual report. The trust met.", "The lantern fund paid for a buoy. It is red."])
    )
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "slides.pptx").write_bytes(b"PK")
    code, out, err = run_cli(capsys, "ask", "plain", "What did the lantern fund pay for?", "--corpus", str(tmp_path))
    assert code == 0
    assert err.splitlines() == [
        "skipped: empty.txt is empty.",
        "skipped: slides.pptx: the lab reads .txt, .md, .html, .pdf and .docx files.",
    ]
    assert "  1. report.pdf [report-2] (p. 2) score " in out
    code, out, _ = run_cli(
        capsys, "ask", "plain", "What did the lantern fund pay for?", "--corpus", str(tmp_path), "--json"
    )
    assert json.loads(out)["passages"][0]["where"] == "report.pdf, p. 2"


def test_corpus_lists_sources_pages_and_passages(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("The quillfish swims past the reef.", encoding="utf-8")
    (tmp_path / "report.pdf").write_bytes(make_pdf(["Annual report. The trust met.", "The fund paid for a buoy."]))
    code, out, _ = run_cli(capsys, "corpus", "--corpus", str(tmp_path))
    assert code == 0 and out.splitlines() == [
        f"{tmp_path.name}: 2 documents, 3 passages of blocks",
        "",
        "notes.txt (notes) · read as English",
        "  notes-1: The quillfish swims past the reef.",
        "report.pdf (report) · 2 pages · read as English",
        "  report-1 (p. 1): Annual report. The trust met.",
        "  report-2 (p. 2): The fund paid for a buoy.",
    ]
    code, out, _ = run_cli(capsys, "corpus", "--corpus", str(tmp_path), "--json")
    report = json.loads(out)[1]
    assert (report["source"], report["pages"], [p["page"] for p in report["passages"]]) == ("report.pdf", 2, [1, 2])
    (tmp_path / "passages.toml").write_text('[passages]\nsize = "document"\n', encoding="utf-8")  # the folder says
    code, out, _ = run_cli(capsys, "corpus", "--corpus", str(tmp_path), "--json")
    assert [p["page"] for p in json.loads(out)[1]["passages"]] == [1]


def test_a_folder_with_nothing_readable_exits_2_with_why(tmp_path, capsys):
    (tmp_path / "empty.txt").write_bytes(b"")
    code, out, err = run_cli(capsys, "ask", "plain", "ferry", "--corpus", str(tmp_path))
    assert code == 2 and out == ""
    assert err == f"raglab: {tmp_path} gives nothing to search:\n  empty.txt is empty.\n"
