"""The command line: ``raglab ask``, ``raglab compare``, ``raglab techniques``, ``raglab corpus``, ``raglab eval``.

Without ``--json`` it prints what the page shows, readable in a terminal; with ``--json`` the result object.
``--corpus DIR`` searches a corpus folder, or any folder of .txt, .md, .html, .pdf and .docx files (each file
that gives nothing is named on stderr, "skipped: ...", and the rest is searched).
Exit status: 0 done, 2 the question, the options or the folder cannot be used (the message says why), 141 the
reader of the output went away (``raglab corpus | head``). A file read past its time (``limits.FILE_SECONDS``, a
PDF's ``PDF_STEP_SECONDS`` a page) is named as skipped, like any file that gives nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence

from . import Lab, load_corpus
from .documents.chunking import WHOLE_DOCUMENT, passages_phrase
from .documents.collect_files import read_folder
from .documents.corpus import CorpusError
from .documents.document_cache import CachedReader
from .documents.file_names import escape_controls
from .documents.language import reading_note
from .documents.passage_sizes import passage_size_in
from .graph.names_by_rules import NamesByRules
from .models.cli_embed import ModelUnavailable, cli_embedder
from .result_text import render_text, wrap
from .techniques import EMBEDDINGS, TECHNIQUES, Input, Option, QuestionError, Technique, options_of, run, technique

CLOSED_PIPE = 141  # 128 + SIGPIPE (13), the exit status of a command whose output pipe closed


def cmd_ask(args, lab: Lab) -> int:
    t = technique(args.technique)
    given = {name: value for name, value in vars(args).items() if name in _declared() and value is not None}
    for name in given.keys() - options_of(t, given).keys():
        raise QuestionError(f"{_flag(name)} belongs to {_owners(name)}, not to {t.name}.")
    for i in (i for i in t.inputs if i.name in given):  # the page's limits, from the registry; more is refused
        values = given[i.name] if i.kind == "lines" else [given[i.name]]
        if problem := i.too_long(values, _flag(i.name)):
            raise QuestionError(problem)
        given[i.name] = i.read(values)
    options = {name: value for name, value in given.items() if value is not None}
    if options.keys() & {i.name for i in t.inputs}:
        options["source"] = "visitor"
    if t.meaning:  # after the checks above: a mistake is said before the model loads
        options["embed"] = cli_embedder(args.embedder, on_first_use=True)
        if options["embed"] is None and EMBEDDINGS in t.needs:
            raise QuestionError(f"{t.name} searches by meaning and needs an embedder: run without --embedder none.")
    try:
        result = run(lab, t.key, args.question, top_k=args.top_k, **options)
    except ModelUnavailable as e:
        raise QuestionError(
            f"{t.name} searches by meaning and needs the embedding model all-MiniLM-L6-v2, which could not be "
            f"loaded ({e}). Build it with `make models`, or choose a keyword technique."
        ) from e
    print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2) if args.json else render_text(result))
    return 0


def _declared() -> dict[str, Input | Option]:
    """Every input and option any technique declares, by name (one command-line flag each)."""
    found: dict[str, Input | Option] = {}
    for t in TECHNIQUES.values():
        found.update({i.name: i for i in t.inputs if i.flag})
        found.update({o.name: o for o in t.options})
    return found


def _flag(name: str) -> str:
    """The command-line flag of a declared input or option: an input's own, an option's made from its name."""
    declared = _declared().get(name)
    return declared.flag if isinstance(declared, Input) and declared.flag else "--" + name.replace("_", "-")


def _owners(name: str) -> str:
    return ", ".join(
        t.name for t in TECHNIQUES.values() if name in {i.name for i in t.inputs} | {o.name for o in t.options}
    )


def _technique_row(t: Technique, lab: Lab) -> dict:
    """A technique as ``raglab techniques --json`` lists it, with the corpus's preset questions for it."""
    return {
        "key": t.key,
        "title": t.title,
        "top_k": t.top_k,
        "meaning": t.meaning,
        "needs": sorted(t.needs),
        "inputs": [i.name for i in t.inputs],
        "options": {o.name: o.default for o in t.options},
        "presets": list(lab.corpus.presets.get(t.key, ())),
    }


def cmd_techniques(args, lab: Lab) -> int:
    rows = [_technique_row(t, lab) for t in TECHNIQUES.values()]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
    else:
        for r in rows:
            needs = "  (searches by meaning: needs the embedding model)" if r["meaning"] else ""
            print(f"{r['key']:<12} {r['title']}{needs}")
    return 0


def cmd_corpus(args, lab: Lab) -> int:
    docs = [
        {
            "slug": d.slug,
            "title": d.title,
            "source": d.source,
            "pages": d.pages,
            "language": d.language.code,
            "reading": reading_note(d.language),
            "passages": [{"id": c.id, "text": c.text, "page": c.page} for c in lab.chunks() if c.slug == d.slug],
        }
        for d in lab.corpus.documents
    ]
    if args.json:
        print(json.dumps(docs, ensure_ascii=False, indent=2))
        return 0
    n = sum(len(d["passages"]) for d in docs)
    cut = passages_phrase(lab.passage_size)
    cut = f"passages, {cut}" if lab.passage_size == WHOLE_DOCUMENT else cut
    print(f"{lab.corpus.name}: {len(docs)} documents, {n} {cut}\n")
    for d in docs:
        head = f"{d['title']} ({d['slug']})"
        if d["source"] and d["source"] != d["title"]:
            head += f" · {d['source']}"
        if d["pages"]:
            head += f" · {d['pages']} {'page' if d['pages'] == 1 else 'pages'}"
        print(f"{head} · {d['reading']}")
        for p in d["passages"]:
            page = f" (p. {p['page']})" if p["page"] is not None else ""
            print(wrap(f"{p['id']}{page}: {p['text']}", "  "))
    return 0


def cmd_eval(args, lab: Lab) -> int:
    from .evaluate import evaluate, load_questions
    from .scoreboard_text import scoreboard_text

    questions = load_questions(args.questions) if args.questions else None
    embed, why = None, ""
    try:
        embed = cli_embedder("onnx")
    except (ImportError, OSError, FileNotFoundError) as e:
        why = str(e)
    board = evaluate(lab, embed, questions)
    if args.json:
        out = board.to_dict()
        if why:
            out["embedder_error"] = why
        print(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        print(scoreboard_text(board, why))
    return 0


def cmd_compare(args, lab: Lab) -> int:
    """One question through every technique side by side (raglab.compare), with the meaning map when the
    embedding model is there; with no question, the labelled questions that show the techniques' differences."""
    from .compare import compare, probes
    from .compare_text import compared_text, showcase_text
    from .meaning_map import meaning_map

    embed = cli_embedder(args.embedder, on_first_use=True)
    try:
        if args.question is None:
            from .evaluate import evaluate
            from .showcase import showcase

            found = showcase(evaluate(lab, embed))
            rows = [{"question": s.question, "technique": s.technique, "why": s.why} for s in found]
            print(json.dumps(rows, ensure_ascii=False, indent=2) if args.json else showcase_text(found), end="")
            return 0
        compared = compare(lab, args.question, embed)
        drawn = meaning_map(lab, embed, probes(compared)) if embed is not None else None
    except ModelUnavailable as e:
        raise QuestionError(
            f"The meaning techniques need the embedding model all-MiniLM-L6-v2, which could not be loaded ({e}). "
            "Build it with `make models`, or run with --embedder none (they are then left out)."
        ) from e
    if args.json:
        out = {**compared.to_dict(), "map": drawn.to_dict() if drawn else None}
        print(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        print(compared_text(compared, drawn), end="")
    return 0


def _embedder_flag(command: argparse.ArgumentParser, what: str) -> None:
    command.add_argument(
        "--embedder",
        choices=["onnx", "none"],
        default="onnx",
        help=f"{what}: the local all-MiniLM-L6-v2 ONNX model (default) or none",
    )


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="raglab", description="RAG Lab: see how retrieval-augmented generation works.")
    p.add_argument(
        "--corpus",
        help="a corpus folder, or a folder of your own .txt, .md, .html, .pdf and .docx files "
        "(default: the Fernport corpus)",
    )
    sub = p.add_subparsers(dest="command", required=True)
    ask = sub.add_parser("ask", help="run one technique on a question")
    ask.add_argument("technique", help="one of: " + ", ".join(TECHNIQUES))
    ask.add_argument("question")
    ask.add_argument("--json", action="store_true", help="print the result object as JSON")
    ask.add_argument("--top-k", type=int, default=None, help="passages to keep (default per technique, 1-10)")
    ask.add_argument("--corpus", dest="corpus_ask", help=argparse.SUPPRESS)
    _embedder_flag(ask, "meaning search")
    for name, declared in _declared().items():
        if isinstance(declared, Input):
            ask.add_argument(
                _flag(name), dest=name, help=declared.help, action="append" if declared.kind == "lines" else "store"
            )
        elif declared.choices:
            ask.add_argument(
                _flag(name),
                dest=name,
                choices=[v for v, _ in declared.choices],
                help=f"{declared.help} (default {declared.default})",
            )
        else:
            ask.add_argument(
                _flag(name),
                dest=name,
                type=float,
                help=f"{declared.help} (default {declared.default:g}, range {declared.low:g}-{declared.high:g})",
            )
    cmp = sub.add_parser("compare", help="one question through every technique side by side, with a meaning map")
    cmp.add_argument("question", nargs="?", help="(none: the labelled questions that show the differences)")
    cmp.add_argument("--json", action="store_true", help="print the rows and the map as JSON")
    cmp.add_argument("--corpus", dest="corpus_ask", help=argparse.SUPPRESS)
    _embedder_flag(cmp, "the meaning techniques and the map")
    ev = sub.add_parser("eval", help="score every technique on the labelled questions")
    ev.add_argument("--questions", help="a questions.toml (default: the corpus's own)")
    ev.add_argument("--json", action="store_true", help="print the scoreboard as JSON")
    ev.add_argument("--corpus", dest="corpus_ask", help=argparse.SUPPRESS)
    for name, helptext in [("techniques", "list the techniques"), ("corpus", "list documents and passages")]:
        s = sub.add_parser(name, help=helptext)
        s.add_argument("--json", action="store_true")
        s.add_argument("--corpus", dest="corpus_ask", help=argparse.SUPPRESS)
    return p


class _Escaped:
    """A text stream that writes what it is given with each control character but line breaks and tabs escaped."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(escape_controls(text, keep="\n\t"))

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


@contextlib.contextmanager
def shown_not_obeyed():
    """What is printed meanwhile, on stdout and stderr, with each control character but line breaks and tabs
    escaped (``file_names.escape_controls``): a file name, a title or a document's text that holds a terminal's escape
    codes ("\\x1b[2J" clears the screen) or a carriage return is shown as those characters, never obeyed. Used by
    this command line and build.py."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Escaped(out), _Escaped(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def main(argv: Sequence[str] | None = None) -> int:
    try:
        try:
            with shown_not_obeyed():
                return _command(argv)
        finally:
            sys.stdout.flush()  # a closed pipe shows here, where it is caught, not at exit with a traceback
    except BrokenPipeError:
        # The reader has gone (`raglab corpus | head`), so there is no one to tell. What is still buffered goes to
        # devnull (else the flush at exit prints a traceback after all), and the status is the one the shell
        # reports for `yes | head` or any tool stopped by a closed pipe: the output was cut short, so 0 ("done")
        # would not be true, and 2 would blame the question.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (AttributeError, OSError, ValueError):  # a stdout that is no file (a test's) buffers nothing
            pass
        return CLOSED_PIPE


def _command(argv: Sequence[str] | None) -> int:
    args = parser().parse_args(argv)
    commands = {
        "ask": cmd_ask,
        "compare": cmd_compare,
        "techniques": cmd_techniques,
        "corpus": cmd_corpus,
        "eval": cmd_eval,
    }
    try:
        return commands[args.command](args, _lab(args.corpus_ask or args.corpus))
    except (QuestionError, CorpusError) as e:
        print(f"raglab: {e}", file=sys.stderr)
        return 2


def _lab(folder: str | None) -> Lab:
    """Fernport, or the folder given, cut as its passages.toml says: each of its files that gives nothing is one
    line on stderr."""
    if folder is None:
        return Lab(load_corpus())
    corpus, problems = read_folder(folder, CachedReader(), NamesByRules)
    for problem in problems:
        print(f"skipped: {problem}", file=sys.stderr)
    return Lab(corpus, passage_size_in(folder))


if __name__ == "__main__":
    sys.exit(main())
