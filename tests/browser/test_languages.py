"""A visitor's documents in other languages in the page: a Chinese question finds a Chinese passage by its pairs of
characters, a German document drops German stop words and is stemmed by Snowball's German stemmer, each
document says which language it is read as and that the meaning model reads English only, as the command line
does for the same files."""

from __future__ import annotations

from lab_page import SLOW, shown
from playwright.sync_api import expect

from raglab import Lab, run
from raglab.documents.collect_files import read_folder
from raglab.documents.passage_sizes import passage_size_in
from raglab.graph.names_by_rules import NamesByRules
from raglab.show import score_label

PLANTS = (
    "# 光合作用\n\n光合作用是植物利用光能把二氧化碳和水变成有机物的过程。叶绿体是光合作用的场所。\n\n"
    "## 根\n\n根从土壤中吸收水分和矿物质。植物在白天吸收二氧化碳，放出氧气。"
)
REPORT = (
    "我们测试了三个模型的推理速度。每个模型回答同样的问题。"
    "ChatGLM3-6B的10个问题总耗时约为35秒，平均每个问题3.5秒。模型在单张显卡上运行，显存占用约为13GB。"
)
GERMAN = (
    "Die Paketverwaltung von Debian installiert Pakete mit ihren Abhängigkeiten. Sie können ein Paket mit dem "
    "Befehl apt install hinzufügen, und die Liste der Pakete wird aus den Quellen geladen. Wenn ein Paket nicht "
    "mehr gebraucht wird, wird es mit apt autoremove entfernt. Die Konfiguration liegt in dem Verzeichnis "
    "/etc/apt, und jede Quelle steht in einer eigenen Zeile. Ein Spiegel ist ein Server, der die Pakete "
    "bereitstellt; man wählt den nächsten Spiegel, damit die Übertragung schnell ist."
)
ENGLISH = "The ferry crosses from Millbay in 40 minutes. The harbour has a long pier where boats moor."
FILES = {"plants.md": PLANTS, "report.txt": REPORT, "apt.txt": GERMAN, "ferry.txt": ENGLISH}


def _payload() -> list[dict]:
    return [
        {"name": name, "mimeType": "application/octet-stream", "buffer": text.encode()}
        for name, text in sorted(FILES.items())
    ]


def ask(page, question: str) -> None:
    page.fill("#q-plain", question)
    page.press("#q-plain", "Enter")
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
    expect(page.locator("#result-plain.busy")).to_have_count(0, timeout=SLOW)


def test_chinese_and_german_documents_are_read_in_their_language_as_the_command_line_reads_them(visit, tmp_path):
    """Intent: dropped on the page, each document says its language and, when it is not English, that meaning
    search on it is unreliable; a Chinese question, and a mixed Latin and Chinese one, find the Chinese passage
    with the command line's passages and scores; Snowball stems a German question with the German stemmer."""
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    corpus, _ = read_folder(tmp_path, find_names=NamesByRules)
    cli = Lab(corpus, passage_size_in(tmp_path))  # as raglab --corpus cuts a folder of files
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.locator("#doc-files").set_input_files(_payload())
    expect(page.locator("#docs-read li.read-doc")).to_have_count(len(FILES), timeout=SLOW)
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(len(FILES), timeout=SLOW)
    kept = page.locator("#docs-kept li.kept-doc")
    unreliable = "the meaning model reads English only, so meaning search on it is unreliable"
    expect(kept.filter(has_text="plants.md").locator(".read-as")).to_have_text(
        f"read as Chinese, its characters in pairs; {unreliable}"
    )
    expect(kept.filter(has_text="apt.txt").locator(".read-as")).to_have_text(f"read as German; {unreliable}")
    expect(kept.filter(has_text="ferry.txt").locator(".read-as")).to_have_text("read as English")
    expect(page.locator("#docs-kept .read-as")).to_have_count(len(FILES))

    for question in ["光合作用在哪里进行?", "ChatGLM3-6B 10个问题总耗时多少?"]:
        ask(page, question)
        expected = run(cli, "plain", question)
        assert shown(page, "plain") == [(p.id, score_label(p)) for p in expected.passages], question
    assert shown(page, "plain")[0][0].startswith("report-")
    expect(page.locator("#result-plain")).to_contain_text("Search words in your question: chatglm3-6b, 10, 个问, 问题")
    ask(page, "光合作用在哪里进行?")
    assert shown(page, "plain")[0][0].startswith("plants-")

    page.locator("#plain details.settings summary").click()  # the settings, one step away
    page.locator("#plain input[name=scoring][value=snowball]").check()
    question = "Welche Pakete werden entfernt?"
    ask(page, question)
    expected = run(cli, "plain", question, scoring="snowball")
    assert shown(page, "plain") == [(p.id, score_label(p)) for p in expected.passages]
    assert expected.passages[0].slug == "apt"
    assert visit.console_errors == []
