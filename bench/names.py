"""How many of the names found by rules are names, and how many of a document's names they find (issue 21 item 4,
issue 35): precision on a hand-checked sample of the names ``raglab.graph.names`` finds in the reading benchmark's
real documents, and precision and recall on a fixed sample of their passages, every name in them listed by hand.

    .venv/bin/python -m bench.names                  # the figures, from bench/reading/names.toml's labels
    .venv/bin/python -m bench.names --unlabelled     # also each sampled name with no label, in its first passage
    .venv/bin/python -m bench.names --set bench/heldout   # the held-out check: 3 manuals never tuned on
    PYTHONPATH=/tmp/raglab-before/py .venv/bin/python -m bench.names --label before   # another core

The documents are ``bench/reading``'s (``documents.toml``), read as ``bench.reading`` reads them: one
``raglab.documents.collection.Collection`` of every file through ``raglab.documents.readers.read_file``, and the names
found over all of them at once (``names_found(collection.documents)``), as the lab finds them for a visitor who keeps
the documents together. The sample is fixed: for each document, the ``PER_DOCUMENT`` names first mentioned in it that
the most passages mention (ties by first mention), the names a question is most likely to meet. Each is labelled in
``bench/reading/names.toml`` by reading it in its passages: a name (a person, place, organisation, product, program,
file format, standard, package or other proper noun a question could be about) or not (a heading or a capitalised
common phrase, a variable, a cut-off piece of a name, a section word), with a short reason. A label is kept by the
name, so one file serves every version of the rules; a sampled name with no label is listed, and counted apart.

Recall needs the names the documents really hold, which no sample of found names gives: ``names_passages.toml``
lists, for a fixed sample of each document's passages (``passage_sample``: its first ``HEAD`` passages, a title
page's, and ``SPREAD`` spread evenly over it, chosen by position only), every name a reader would name in them.
The graph's mentions of the names found (``EntityGraph``, as Graph RAG reads them) are compared with that list,
passage by passage, in any case: recall is the listed names some mentioned name spells (by its name or an alias),
precision the mentioned names that spell a listed one. Recall is also given without one-letter names ("R"),
which the rules never take (the graph finds a name in any case).

Writes bench/results/names-<label>-<time>.json (with ``--json`` also to stdout).
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path

from bench import smoke
from bench.page_runs import ROOT, write_results
from bench.reading import SET, core_version, load_set, percent
from raglab.documents.chunking import Chunk, chunk_documents
from raglab.documents.collection import Collection
from raglab.documents.readers import read_file
from raglab.graph.entities import EntityGraph
from raglab.graph.names import FoundName, names_found

PER_DOCUMENT = 15  # names sampled from each document (17 documents: at most 255)
GOAL = 0.8  # at least 80% of the sampled names are names
HEAD = 3  # a document's first passages in the passage sample: its title page
SPREAD = 12  # and passages spread evenly over it, the first and the last among them
PASSAGE_GOAL = 0.9  # precision and recall on the sampled passages (issue 35)


def passage_sample(chunks: Sequence[Chunk]) -> list[Chunk]:
    """Each document's first ``HEAD`` passages and ``SPREAD`` spread evenly over it, by position only.

    >>> chunks = [Chunk(f"d-{i}", "d", "D", "text", 1, 0, 1) for i in range(1, 31)]
    >>> [c.id for c in passage_sample(chunks)]  # doctest: +NORMALIZE_WHITESPACE
    ['d-1', 'd-2', 'd-3', 'd-4', 'd-6', 'd-9', 'd-12', 'd-14', 'd-17', 'd-19', 'd-22', 'd-25', 'd-27', 'd-30']
    """
    by_document: dict[str, list[Chunk]] = {}
    for c in chunks:
        by_document.setdefault(c.slug, []).append(c)
    picked = []
    for cs in by_document.values():
        n = len(cs)
        at = set(range(min(HEAD, n))) | {round(k * (n - 1) / (SPREAD - 1)) for k in range(SPREAD)}
        picked += [cs[i] for i in sorted(at)]
    return picked


def _folded(name: str) -> str:
    """A name as compared: in any case, without a trademark sign ("Neo4J®" is "neo4j")."""
    return name.replace("®", "").replace("™", "").strip().casefold()


def passage_figures(chunks: Sequence[Chunk], entities, labelled: dict[str, dict]) -> dict:
    """Precision and recall of the graph's mentions on the sampled passages against their hand-made lists."""
    sampled = passage_sample(chunks)
    graph = EntityGraph(sampled, entities)
    spellings = {e.name: {_folded(s) for s in e.spellings} for e in entities}
    listed = mentioned = right = found = found_long = listed_long = 0
    missed, wrong, moved, unlabelled = [], [], [], []
    for c in sampled:
        label = labelled.get(c.id)
        if label is None:
            unlabelled.append(c.id)
            continue
        if " ".join(c.text.split()[:6]) != label["starts"]:
            moved.append(c.id)
            continue
        names = {_folded(n): n for n in label["names"]}
        said = {s for m in graph.mentions[c.id] for s in spellings[m]}
        for m in graph.mentions[c.id]:
            mentioned += 1
            if spellings[m] & names.keys():
                right += 1
            else:
                wrong.append(f"{m} ({c.id})")
        for key, name in names.items():
            long = len(key) > 1
            listed += 1
            listed_long += long
            if key in said:
                found += 1
                found_long += long
            else:
                missed.append(f"{name} ({c.id})")
    return {
        "passages": len(sampled),
        "unlabelled_passages": unlabelled,
        "moved_passages": moved,
        "listed": listed,
        "listed_found": found,
        "listed_longer": listed_long,
        "listed_longer_found": found_long,
        "mentioned": mentioned,
        "mentioned_right": right,
        "missed": missed,
        "wrong": wrong,
    }


def sample(found: Sequence[FoundName]) -> list[FoundName]:
    """Each document's ``PER_DOCUMENT`` names the most passages mention, documents in the order they were read."""
    by_document: dict[str, list[FoundName]] = {}
    for name in found:
        by_document.setdefault(name.passages[0].rsplit("-", 1)[0], []).append(name)
    return [n for names in by_document.values() for n in sorted(names, key=lambda n: -len(n.passages))[:PER_DOCUMENT]]


def load_labels(folder: Path) -> dict[str, dict]:
    path = folder / "names.toml"
    return {item["name"]: item for item in tomllib.loads(path.read_text()).get("name", [])} if path.exists() else {}


def load_passage_labels(folder: Path) -> dict[str, dict]:
    path = folder / "names_passages.toml"
    return {p["id"]: p for p in tomllib.loads(path.read_text()).get("passage", [])} if path.exists() else {}


def measure(folder: Path, documents: int | None = None) -> dict:
    sources, _, _ = load_set(folder)
    sources = sources[:documents]  # --smoke: the first document only
    missing = [s.missing for s in sources if s.missing]
    if missing:
        raise SystemExit("the set needs every document; install the packages first:\n  " + "\n  ".join(missing))
    collection = Collection()
    for s in sources:
        collection.add(read_file(s.file, s.data()))
    found = names_found(collection.documents)
    labels = load_labels(folder)
    chunks = chunk_documents(collection.documents)
    passages = {c.id: c.text for c in chunks}
    rows = []
    for n in sample(found.names):
        label = labels.get(n.name)
        rows.append(
            {
                "name": n.name,
                "document": n.passages[0].rsplit("-", 1)[0],
                "passages": len(n.passages),
                "name_or_not": None if label is None else label["real"],
                "why": "" if label is None else label["why"],
                "context": _around(passages[n.passages[0]], n.name),
            }
        )
    labelled = [r for r in rows if r["name_or_not"] is not None]
    everywhere = {n.name for n in found.names}
    return {
        "label": "",
        "core": core_version(),
        "set": str(folder),
        "found": len(found.names),
        "by_document": {d: sum(r["document"] == d for r in rows) for d in dict.fromkeys(r["document"] for r in rows)},
        "sampled": len(rows),
        "labelled": len(labelled),
        "names": sum(bool(r["name_or_not"]) for r in labelled),
        # Over every name found, not the sample: how many of the labels' names and not-names the rules still find
        # (the sample moves with the rules; these do not, so fewer names found shows here as well).
        "labelled_names": sum(bool(x["real"]) for x in labels.values()),
        "labelled_names_found": sorted(n for n, x in labels.items() if x["real"] and n in everywhere),
        "names_not_found": sorted(n for n, x in labels.items() if x["real"] and n not in everywhere),
        "labelled_not_names": sum(not x["real"] for x in labels.values()),
        "labelled_not_names_found": sorted(n for n, x in labels.items() if not x["real"] and n in everywhere),
        "rows": rows,
        "in_passages": passage_figures(chunks, found.entities, load_passage_labels(folder)),
    }


def _around(text: str, name: str, width: int = 70) -> str:
    """The name in its passage, with ``width`` characters either side: what a label was written from."""
    at = max(text.casefold().find(name.split()[0].casefold()), 0)
    return text[max(at - width, 0) : at + len(name) + width]


def report(r: dict, unlabelled: bool) -> str:
    p = r["in_passages"]
    out = [
        f"Names found by rules: {r['found']:,} in {len(r['by_document'])} documents; core {r['core']}",
        "",
        "| measure | figure | goal |",
        "|---|---|---|",
        f"| sampled names that are names (of those labelled) | {percent(r['names'], r['labelled'])} | >= {GOAL:.0%} |",
        f"| sampled names with no label | {r['sampled'] - r['labelled']} of {r['sampled']} | none |",
        f"| labelled names found, anywhere | {len(r['labelled_names_found'])} of {r['labelled_names']} | all |",
        f"| labelled not-names found, anywhere | {len(r['labelled_not_names_found'])} of {r['labelled_not_names']} "
        "| none |",
        f"| sampled passages' names found (recall) | {percent(p['listed_found'], p['listed'])} | "
        f">= {PASSAGE_GOAL:.0%} |",
        f"| the same, names of 2 characters or more | {percent(p['listed_longer_found'], p['listed_longer'])} | "
        f">= {PASSAGE_GOAL:.0%} |",
        f"| names mentioned in the sampled passages that are names (precision) | "
        f"{percent(p['mentioned_right'], p['mentioned'])} | >= {PASSAGE_GOAL:.0%} |",
        f"| sampled passages with no label, or moved | {len(p['unlabelled_passages'])}, {len(p['moved_passages'])} "
        f"of {p['passages']} | none |",
        "",
        "Names in the sampled passages not found: " + ("; ".join(p["missed"]) or "none"),
        "",
        "Names found that are not names, in the sampled passages: " + ("; ".join(p["wrong"]) or "none"),
        "",
        "Sampled passages with no label: "
        + (", ".join(p["unlabelled_passages"]) or "none")
        + "; moved: "
        + (", ".join(p["moved_passages"]) or "none"),
        "",
        "Not names in the sample: "
        + "; ".join(f"{x['name']} ({x['why']})" for x in r["rows"] if x["name_or_not"] is False),
        "",
        "Labelled names the rules no longer find: " + (", ".join(r["names_not_found"]) or "none"),
    ]
    if unlabelled:
        out += ["", "No label yet:"]
        out += [
            f"  {x['name']!r} ({x['document']}, {x['passages']} passages): {x['context'][:160]}"
            for x in r["rows"]
            if x["name_or_not"] is None
        ]
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--set", type=Path, default=SET, help="the labelled set (default bench/reading)")
    p.add_argument("--label", default="", help="a word for the results file: before, after")
    p.add_argument("--unlabelled", action="store_true", help="list each sampled name with no label, in context")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    smoke.add_flag(p)
    args = p.parse_args(argv)
    result = measure(args.set, documents=1 if args.smoke else None)
    result["label"] = args.label
    path = None if args.smoke else write_results("names" + (f"-{args.label}" if args.label else ""), result)
    print(json.dumps(result, ensure_ascii=False, indent=2) if args.json else report(result, args.unlabelled))
    print(f"written: {path.relative_to(ROOT)}" if path else smoke.NOTE, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
