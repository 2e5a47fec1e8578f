"""Any language's words: Chinese and Japanese in pairs of characters, a document's language found from its text
and its stop words and Snowball stems used, English (and every spec figure) exactly as before."""

import json

import pytest

from raglab import Lab, load_corpus
from raglab.cli import main
from raglab.documents.corpus import Corpus, Document
from raglab.documents.text import STOP_WORDS, cut_plural, words
from raglab.search.keyword import KeywordIndex

PHOTOSYNTHESIS = (
    "光合作用是植物利用光能把二氧化碳和水变成有机物的过程。叶绿体是光合作用的场所。"
    "植物在白天吸收二氧化碳，放出氧气。根从土壤中吸收水分和矿物质。"
)
REPORT = (
    "我们测试了三个模型的推理速度。每个模型回答同样的问题。"
    "ChatGLM3-6B的10个问题总耗时约为35秒，平均每个问题3.5秒。模型在单张显卡上运行，显存占用约为13GB。"
)
GERMAN = (
    "Die Paketverwaltung von Debian installiert Pakete mit ihren Abhängigkeiten. Sie können ein Paket mit dem "
    "Befehl apt install entfernen oder hinzufügen, und die Liste der Pakete wird aus den Quellen geladen. "
    "Wenn ein Paket nicht mehr gebraucht wird, wird es mit apt autoremove entfernt. Die Konfiguration liegt in "
    "dem Verzeichnis /etc/apt, und jede Quelle steht in einer eigenen Zeile. Ein Spiegel ist ein Server, der "
    "die Pakete bereitstellt; man wählt den nächsten Spiegel, damit die Übertragung schnell ist."
)
ENGLISH_TEXT = "The ferry crosses from Millbay in 40 minutes. The harbour has a long pier where boats moor."


def lab_of(*texts: tuple[str, str]) -> Lab:
    return Lab(Corpus("mine", tuple(Document(slug, slug, text) for slug, text in texts)))


def test_a_chinese_question_finds_the_chinese_passage_by_its_character_pairs():
    lab = lab_of(("plants", PHOTOSYNTHESIS), ("report", REPORT), ("ferry", ENGLISH_TEXT))
    from raglab.techniques.keyword_rag import plain

    result = plain(lab, "光合作用在哪里进行?")
    assert result.search_words[:3] == ("光合", "合作", "作用")
    assert [h.id for h in result.passages][:1] == ["plants-1"]
    assert "Nothing to search for" not in result.message


def test_mixed_latin_and_chinese_question_gives_both_kinds_of_words():
    lab = lab_of(("report", REPORT))
    assert lab.search_words("ChatGLM3-6B 10个问题总耗时多少?") == [
        "chatglm3-6b",
        "10",
        "个问",
        "问题",
        "题总",
        "总耗",
        "耗时",
        "时多",
        "多少",
    ]
    from raglab.techniques.keyword_rag import plain

    assert [h.id for h in plain(lab, "ChatGLM3-6B 10个问题总耗时多少?").passages] == ["report-2", "report-1"]


def test_each_document_is_read_in_its_language():
    lab = lab_of(("plants", PHOTOSYNTHESIS), ("apt", GERMAN), ("ferry", ENGLISH_TEXT))
    assert {slug: lang.name for slug, lang in lab.languages.items()} == {
        "plants": "Chinese",
        "apt": "German",
        "ferry": "English",
    }
    assert [lang.code for lang in lab.question_languages] == ["zh", "de", "en"]


def test_a_german_passage_drops_german_stop_words_and_keeps_its_letters():
    lab = lab_of(("apt", GERMAN))
    held = set(lab.index().postings)
    assert {"paketverwaltung", "abhängigkeiten", "übertragung", "pakete"} <= held
    assert not {"die", "und", "mit", "ein", "wird"} & held
    # the English rule would have cut the letters out: "abh", "ngigkeiten"
    assert "ngigkeiten" not in held


def test_snowball_stems_a_german_passage_with_the_german_stemmer():
    lab = lab_of(("apt", GERMAN))
    index = lab.bm25_index_for("snowball")
    assert "pak" in index.postings  # Paket, Pakete: one German stem
    assert index.query_words("Welche Pakete?") == ["pak"]


def test_every_fernport_document_is_english_and_its_words_are_the_spec_rule():
    lab = Lab(load_corpus())
    assert {lang.code for lang in lab.languages.values()} == {"en"}
    assert lab.index().postings == KeywordIndex(lab.chunks()).postings
    for questions in lab.corpus.presets.values():
        for question in questions:
            spec_rule = dict.fromkeys(cut_plural(w) for w in words(question) if w not in STOP_WORDS)
            assert lab.search_words(question) == list(spec_rule)


def test_a_short_text_with_a_few_foreign_stop_words_stays_english():
    from raglab.documents.language import language_of

    assert language_of("Die Hard is a film. The ferry leaves at noon, and the pier is long.").code == "en"


@pytest.mark.parametrize(
    ("text", "code"), [(GERMAN, "de"), (PHOTOSYNTHESIS, "zh"), ("ひらがなとカタカナ。東京都", "ja")]
)
def test_language_of_finds_script_and_stop_words(text, code):
    from raglab.documents.language import language_of

    assert language_of(text).code == code


def test_the_command_line_finds_a_chinese_passage_and_lists_its_language(tmp_path, capsys):
    (tmp_path / "plants.txt").write_text(PHOTOSYNTHESIS, encoding="utf-8")
    (tmp_path / "ferry.md").write_text(ENGLISH_TEXT, encoding="utf-8")
    assert main(["ask", "plain", "光合作用在哪里进行?", "--corpus", str(tmp_path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["passages"][0]["id"] == "plants-1"
    assert main(["corpus", "--corpus", str(tmp_path)]) == 0
    listing = capsys.readouterr().out
    assert (
        "plants.txt (plants) · read as Chinese, its characters in pairs; the meaning model reads English only, "
        "so meaning search on it is unreliable"
    ) in listing
    assert "ferry.md (ferry) · read as English\n" in listing


def test_the_read_list_says_each_documents_language_beside_its_facts():
    from raglab.ui.documents_html import render_read

    html = render_read([Document("apt", "apt", GERMAN, source="apt.txt"), Document("f", "f", ENGLISH_TEXT)])
    assert (
        '<span class="read-as">read as German; the meaning model reads English only, so meaning search on it is '
        "unreliable</span>"
    ) in html
    assert '<span class="read-as">read as English</span>' in html
    assert "passages</span>" in html or "passage</span>" in html  # the facts end with the passage count, as before


def test_a_russian_file_is_read_and_searched_in_russian():
    from raglab.documents.readers import read_file

    text = (
        "Система управления пакетами устанавливает пакеты вместе с их зависимостями. Если пакет больше не нужен, "
        "его можно удалить, и это не так сложно, как кажется. Все источники пакетов перечислены в одном файле, "
        "и каждый источник стоит на своей строке. Зеркало это сервер, который хранит пакеты; выбирают то "
        "зеркало, которое ближе, чтобы загрузка была быстрой, и это всё, что нужно знать о нём."
    )
    doc = read_file("apt.txt", text.encode())
    assert doc.language.name == "Russian"
    lab = Lab(Corpus("mine", (doc,)))
    assert "зеркало" in lab.index().postings and "и" not in lab.index().postings


def test_meaning_search_says_the_model_reads_english_only_on_other_languages(embed):
    from raglab.techniques.meaning import hybrid

    mixed = hybrid(lab_of(("apt", GERMAN), ("plants", PHOTOSYNTHESIS), ("ferry", ENGLISH_TEXT)), "Pakete", embed)
    said = [s for s in mixed.steps if "reads English only" in s]
    assert said == [
        "The meaning model (all-MiniLM-L6-v2) reads English only: on your documents in Chinese, German its "
        "closeness is unreliable, so there only the keyword side can be trusted."
    ]
    english = hybrid(lab_of(("ferry", ENGLISH_TEXT)), "ferry", embed)
    assert not [s for s in english.steps if "reads English only" in s]
