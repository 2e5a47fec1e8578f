"""The corpus a build serves, read once (read_lab_corpus), and the page's words for a corpus without page.toml."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path

from tools.build.pins import ROOT

# Where the page's Python finds its corpus: `Lab()` loads raglab.documents.corpus.default_corpus_dir(), which in the
# site is this folder of the unpacked raglab.zip. A --corpus build packs its own corpus here, so the page loads it
# unchanged.
PAGE_CORPUS = "corpus/fernport"
# The page's words for a corpus without page.toml: Fernport's lesson (the introduction, each technique's heading
# and explanation, the hybrid lesson, the word list) without what is about Fernport's documents.
LESSON_PAGE = ROOT / "corpus" / "fernport" / "page.toml"
ABOUT_FERNPORT = ("name", "try_first", "documents_intro")  # and each technique's "try" line
DEFAULT_TRY_FIRST = [
    "Open {documents} below: every technique searches them, and nothing else.",
    "In {plain}, type a question about the documents (or press a preset question, where there is one). Read which "
    "passages were found, their scores, and the prompt the model receives.",
    "Ask the same question in {query}, {graph} and {document}, and compare what each finds with plain search.",
    "In {multi_query}, {hyde} and {hybrid}, search by meaning: a question in other words than the documents' can "
    "still find them.",
    "Bring your own documents under {yours}, switch the lab to them, and ask the same techniques again.",
    "Optional: press “Ask the model” to download a small AI model once and let it answer from the passages.",
]


@dataclass(frozen=True)
class LabCorpus:
    """A corpus as one build serves it (read_lab_corpus).

    corpus: what every technique searches; without entities.toml, the graph's names are found by rules.
    passage_size: from passages.toml, else chunking.default_size (2 sentences for a corpus folder, blocks for files).
    page: the page's words, from page.toml or default_page_text().
    name: what the page calls the corpus: page.toml's `name`, else documents.corpus.lab_name's (also in page["name"]).
    hand_written_names: entities.toml gave the names (the graph section then compares them with the rules').
    packed: the files raglab.zip holds under PAGE_CORPUS; None packs the repository's corpus/ as it is (Fernport).
    skipped: the files of a plain folder that give nothing (raglab.documents.read_errors.ReadError), said on stderr.
    """

    corpus: object  # raglab.documents.corpus.Corpus (build.py imports raglab only when a step needs it)
    passage_size: int | str
    page: dict
    name: str
    hand_written_names: bool
    packed: dict[str, bytes] | None = None
    skipped: list = field(default_factory=list)


def read_lab_corpus(folder: Path | None) -> LabCorpus:
    """Fernport (``folder`` None), or ``folder`` read as `raglab --corpus` reads it
    (collect_files.read_folder: a corpus folder, or a plain folder of files), with the packed copy the page
    loads: its documents as ``NN-slug.md``, its TOML files as they are, and entities.toml of the names found by rules
    when it has none. A CorpusError says why a folder cannot be used (none, no document, a broken TOML file)."""
    from raglab.documents.collect_files import read_folder
    from raglab.documents.corpus import default_corpus_dir, lab_name
    from raglab.documents.corpus_data import DATA_FILES
    from raglab.documents.corpus_folder import folder_file
    from raglab.documents.corpus_markdown import document_markdown
    from raglab.documents.passage_sizes import PASSAGES_FILE, passage_size_in
    from raglab.documents.toml_write import entities_toml
    from raglab.graph.names import find_names

    source = Path(folder) if folder is not None else default_corpus_dir()
    corpus, skipped = read_folder(source)
    size = passage_size_in(source)
    # Its own files only, as read_folder reads the documents: a link out of the folder or a pipe is never opened
    # (read_folder names it in `skipped`), so nothing outside the folder is packed into the site.
    page_file = folder_file(source, "page.toml")
    hand_written = folder_file(source, "entities.toml") is not None
    if not hand_written:
        corpus = replace(corpus, entities=find_names(corpus.documents))
    proposed = None
    if folder is not None and folder_file(source, "presets.toml") is None:
        # A course author's folder without presets: its presets are the questions proposed from its documents,
        # each checked by running its technique (raglab.proposals), and its Try this first says what they show.
        from raglab import Lab
        from raglab.proposals import propose

        proposed = propose(Lab(corpus, size))
        corpus = replace(corpus, presets=proposed.presets())
    page = toml_file(page_file) if page_file else default_page_text(proposed)
    name = str(page.get("name") or lab_name(source.resolve().name, [d.title for d in corpus.documents]))
    page = {**page, "name": name}
    if folder is None:
        return LabCorpus(corpus, size, page, name, hand_written, None, skipped)
    packed = {f"{n:02d}-{d.slug}.md": document_markdown(d).encode() for n, d in enumerate(corpus.documents, 1)}
    own = {data: folder_file(source, data) for data in (*DATA_FILES, "page.toml", PASSAGES_FILE)}
    packed |= {data: path.read_bytes() for data, path in own.items() if path}
    if proposed is not None:
        packed["presets.toml"] = presets_toml(corpus.presets).encode()
    if not hand_written:
        packed["entities.toml"] = entities_toml(
            corpus.entities,
            "Names found by rules (raglab.graph.names) when build.py packed this corpus, which has no entities.toml.",
        ).encode()
    return LabCorpus(corpus, size, page, name, hand_written, packed, skipped)


# The lesson's few examples taken from Fernport's documents, in general words (by technique key or word-list term):
# a technique's explanation (a string), or its other fields (a table: its hybrid lesson).
GENERAL_EXAMPLES = {
    "plain": "The documents are cut into short passages (chunking). Your question is turned into search words, and "
    "every passage gets a score: each search word it contains adds that word’s weight, and rare words weigh more "
    "than common ones. The best 3 passages are pasted into the prompt above your question.",
    "query": "People and documents often use different words for the same thing. Before searching, the question is "
    "rewritten: {word_list_example} Big systems ask an AI model to do this rewrite, or to write a made-up answer "
    "and search with that.",  # the renderer cites the lab's own word list (raglab.ui.own_html.word_list_example)
    "hybrid": {
        "lesson": [
            "The two searches fail in opposite places. A question in other words finds nothing by keyword. A code, "
            "a number or a surname is blurred by vectors: its embedding lands near every other code of its kind. So "
            "run both, and merge.",
            "The merge needs no common scale. Rank fusion takes only each chunk's rank in each list: score = 1 / "
            "(60 + rank in the keyword list) + 1 / (60 + rank in the vector list).",
        ],
        "table": [
            ["The question holds", "Found by"],
            ["An exact code, a name, a number", "Keyword search"],
            ["A meaning, in any words", "Vector search"],
            ["Both: a code and a meaning in one question", "Hybrid, with the code narrowing and the meaning ranking"],
        ],
    },
    "Document": "One text the lab searches, like a page, a handout or a report.",
    "Passage (chunk)": "A short piece of a document, a few sentences or a paragraph long.",
    "Synonym": "A different word with the same or a close meaning, like “car” and “vehicle”.",
    "Entity": "A name of a person, place or thing that the graph keeps track of, like a person or a building.",
    "Query rewrite": "A new wording of the question with the same meaning, like “Who runs the library?” for “Who is "
    "in charge of the books?”.",
}


def default_page_text(proposed=None) -> dict:
    """The page's words for a corpus without page.toml, and for the visitor's own documents on any page: the lab's
    lesson, nothing about Fernport's documents. With ``proposed`` (raglab.proposals.Proposals: the questions
    proposed from the corpus's documents, its presets), Try this first presses the first of each technique's,
    and each technique's "try" line says what they show, or why it has none."""
    page = {k: v for k, v in toml_file(LESSON_PAGE).items() if k not in ABOUT_FERNPORT}

    def general(key: str, text: dict) -> dict:
        example = GENERAL_EXAMPLES.get(key)
        fields = example if isinstance(example, dict) else {"explain": example} if example else {}
        tried = {}
        if proposed is not None:
            found = proposed.of(key)
            said = " ".join(f"Try “{p.question}”: it {p.why}" for p in found) or proposed.why_none.get(key, "")
            tried = {"try": said} if said else {}
        return {**{k: v for k, v in text.items() if k != "try"}, **fields, **tried}

    page["technique"] = {key: general(key, text) for key, text in page.get("technique", {}).items()}
    page["word"] = [{**w, "meaning": GENERAL_EXAMPLES.get(w["term"], w["meaning"])} for w in page.get("word", [])]
    if proposed is None:
        return {**page, "try_first": DEFAULT_TRY_FIRST}
    pressed = [
        f"In {{{key}}}, press “{found[0].question}”: it {found[0].why}"
        for key in page["technique"]
        if (found := proposed.of(key))
    ]
    # the documents first, then the proposed questions, then the visitor's own documents and the model
    return {**page, "try_first": [DEFAULT_TRY_FIRST[0], *pressed, *DEFAULT_TRY_FIRST[-2:]]}


def presets_toml(presets: dict) -> str:
    """presets.toml of a corpus's presets (each question a TOML basic string, which JSON's escapes are).

    >>> print(presets_toml({"graph": ("What is Ana Silva?",)}))
    # Proposed from the documents and checked by the techniques (raglab.proposals) when build.py packed them.
    [presets]
    graph = ["What is Ana Silva?"]
    <BLANKLINE>
    """
    lines = [f"{key} = [{', '.join(json.dumps(q) for q in questions)}]" for key, questions in presets.items()]
    head = "# Proposed from the documents and checked by the techniques (raglab.proposals) when build.py packed them."
    return "\n".join([head, "[presets]", *lines, ""])


def toml_file(path: Path) -> dict:
    from raglab.documents.corpus import utf8_text
    from raglab.documents.toml_read import parse_toml

    return parse_toml(path.name, utf8_text(path.name, path.read_bytes()))
