"""How a question is read over documents in several languages: three rules, measured on the reading set's mixed part.

    .venv/bin/python -m bench.languages            # the documents of bench/reading in other languages, and two English
    .venv/bin/python -m bench.languages --smoke    # the same on two small documents this module writes: seconds

A passage is always read in its document's language (``raglab.documents.language``). A question can be read
- ``union``: in every language of the collection, its words joined (the lab's rule, ``Lab.search_words``);
- ``passage``: in each passage's own language, so a passage is scored only by the words its language gives;
- ``question``: in the question's own language alone, found by the documents' rule with a minimum of 1 stop word
  (a question is too short for the documents' minimum), Chinese by its script.
Measured: answers in the first 3 (the spec's sum), over one collection of the documents, as bench/reading counts them.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bench import smoke
from bench.page_runs import ROOT, write_results
from bench.reading import SET, Question, Source, answer_words, holds, load_set
from raglab import Lab
from raglab.documents.analysis import search_words
from raglab.documents.collection import Collection
from raglab.documents.language import language_of
from raglab.documents.readers import read_file
from raglab.result import best_scored
from raglab.search.keyword import idf_weight

# The reading set's documents in other languages, and two English ones of the same packages (gmpl.pdf is the
# English original of gmpl_es.pdf).
MIXED = ("ch03.zh-cn.html", "ch05.zh-cn.docx", "ch03.de.html", "gmpl_es.pdf", "gmpl.pdf", "ch04.en.docx")
RULES = ("union", "passage", "question")
TOP = 3


def ranked(lab: Lab, question: str, rule: str) -> list[int]:
    """The positions of the best TOP passages under a rule, by the spec's sum."""
    index = lab.index()
    if rule == "union":
        return [index.chunks.index(_chunk(lab, h.id)) for h in index.search(lab.search_words(question), TOP)]
    if rule == "question":
        language = language_of(question, min_stop_words=1)
        return [index.chunks.index(_chunk(lab, h.id)) for h in index.search(search_words(question, (language,)), TOP)]
    totals: dict[int, float] = {}
    n = len(index)
    for language in lab.question_languages:
        for word in search_words(question, (language,)):
            holders = index.postings.get(word, ())
            for i in holders:
                if lab.languages[index.chunks[i].slug] == language:
                    totals[i] = totals.get(i, 0.0) + idf_weight(n, len(holders))
    return [i for i, _ in best_scored(totals, TOP)]


def _chunk(lab: Lab, passage_id: str):
    return next(c for c in lab.chunks() if c.id == passage_id)


def measure(sources: Sequence[Source], questions: Sequence[Question]) -> dict:
    collection = Collection()
    for s in sources:
        collection.add(read_file(s.file, s.data()))
    lab = Lab(collection.corpus())
    titles = {d.slug: d.title for d in lab.corpus.documents}
    chunks = lab.index().chunks
    out = {}
    for rule in RULES:
        found = [
            any(
                titles[chunks[i].slug] == q.document and holds(answer_words(chunks[i].text), answer_words(q.answer))
                for i in ranked(lab, q.question, rule)
            )
            for q in questions
        ]
        by_document: dict[str, list[int]] = {}
        for q, f in zip(questions, found, strict=True):
            by_document.setdefault(q.document, [0, 0])
            by_document[q.document][0] += f
            by_document[q.document][1] += 1
        out[rule] = {"found": sum(found), "of": len(questions), "by_document": by_document}
    out["languages"] = {titles[slug]: lang.name for slug, lang in lab.languages.items()}
    return out


def smoke_set(folder: Path) -> tuple[list[Source], list[Question]]:
    """Two small documents, one Chinese and one German, with a question each: the smoke run's set."""
    files = {
        "zh.txt": "光合作用是植物利用光能的过程。叶绿体是光合作用的场所。根从土壤中吸收水分。",
        "de.txt": (
            "Die Wurzel nimmt Wasser aus dem Boden auf, und sie hält die Pflanze fest. Die Blätter sind grün, weil "
            "sie viel Chlorophyll haben; an ihnen wird das Licht in Zucker verwandelt. Wenn es nicht regnet, kann "
            "die Pflanze das Wasser in ihren Zellen halten, aber nur für eine kurze Zeit. Der Stängel ist wie ein "
            "Rohr, in dem das Wasser von der Wurzel zu den Blättern steigt."
        ),
    }
    sources = []
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
        sources.append(Source(name, folder / name, "(made by bench.languages)", kind="smoke"))
    questions = [
        Question("zh.txt", "光合作用的场所是什么?", "叶绿体是光合作用的场所"),
        Question("de.txt", "Was nimmt die Wurzel auf?", "Die Wurzel nimmt Wasser"),
    ]
    return sources, questions


def report(r: dict) -> str:
    out = [
        "Reading a question over documents in several languages: answers in the first 3 (the spec's sum)",
        "documents: " + ", ".join(f"{f} ({lang})" for f, lang in r["languages"].items()),
        "",
        "| rule | " + " | ".join(r["union"]["by_document"]) + " | all |",
        "|---" * (len(r["union"]["by_document"]) + 2) + "|",
    ]
    for rule in RULES:
        cells = [f"{f} of {n}" for f, n in r[rule]["by_document"].values()]
        out.append(f"| {rule} | {' | '.join(cells)} | {r[rule]['found']} of {r[rule]['of']} |")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    smoke.add_flag(p)
    args = p.parse_args(argv)
    if args.smoke:  # two small documents this module writes
        with tempfile.TemporaryDirectory(prefix="raglab-languages-") as folder:
            print(report(measure(*smoke_set(Path(folder)))), flush=True)
        print(smoke.NOTE, file=sys.stderr)
        return 0
    sources, questions, _ = load_set(SET)
    sources = [s for s in sources if s.file in MIXED]
    if missing := [s.missing for s in sources if s.missing]:
        raise SystemExit("install the packages first:\n  " + "\n  ".join(missing))
    result = measure(sources, [q for q in questions if q.document in MIXED])
    print(report(result), flush=True)
    print(f"written: {write_results('languages', result).relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
