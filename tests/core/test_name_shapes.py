"""Names a reader would name (issue 35, raglab/graph/name_shapes.py): for each rule, a name it keeps and a non-name
it drops, each in a text that found a wrong answer before the rule (a person in a talk was found before too)."""

from raglab.documents.corpus import Document
from raglab.graph.names import find_names, names_found


def names(text: str, size: int = 1) -> list[str]:
    return [e.name for e in find_names([Document("t", "T", text)], size=size)]


def test_product_names_with_digits_or_inner_capitals_count_from_one_passage_even_first():
    # Each is written once; a word in title case needs 2 passages ("Stata"), these do not: no common word has
    # their shape. "V1" is a letter with an index, no name.
    text = (
        "PostgreSQL stores the rows in V1. We copy them to ClickHouse for reports, and ChatGLM3-6B answers "
        "questions. Stata reads them."
    )
    assert names(text) == ["PostgreSQL", "ClickHouse", "ChatGLM3-6B"]
    assert names_found([Document("t", "T", text)], size=1).names[0].why == (
        "written as a product's name (a capital inside, digits or a trademark sign), in 1 passage: t-s1-1"
    )


def test_a_trademark_sign_ends_a_name_and_the_label_words_before_it_are_dropped():
    # "Neo4J®" is Neo4J; "Key Value ValkeyTM Use" is a slide's label: key and value are common words here.
    text = "Graphs go in Neo4J® now. Store a key and its value in Key Value ValkeyTM Use cases. We use it."
    assert names(text) == ["Neo4J", "Valkey"]


def test_constants_in_capitals_with_underscores_and_their_types_are_code():
    text = (
        "It returns ASN1_SUCCESS or ASN1_FILE_NOT_FOUND, with CARD32 ATOM_OFFSET set. Later ASN1_SUCCESS comes "
        "back from CARD32 ATOM_OFFSET, as Simon Josefsson wrote."
    )
    assert names(text) == ["Simon Josefsson"]


def test_a_word_cut_at_a_line_end_drops_its_run():
    text = "We trained Latent Diffusion Mod- els on data from Kaggle. Kaggle keeps the data."
    assert names(text) == ["Kaggle"]


def test_initials_alone_are_no_name():
    text = "Thanks to M. Z and to J. K for the help. The help of M. Z came late. Ada Byron helped."
    assert names(text) == ["Ada Byron"]


def test_a_running_label_before_a_known_name_is_cut_off():
    # "Book John Smith" is a running header run into a sentence; "book" is a common word of the text.
    text = "The book ends at the foot Book John Smith of each page. We thank John Smith for it."
    assert names(text) == ["John Smith"]


def test_a_misspelt_common_word_is_no_name():
    # "Initialy" is capitalised mid-sentence in 2 passages, and never written in lower case; "initially" is.
    text = "It ran, and Initialy it failed. Then, Initialy again, it failed. It initially failed."
    assert names(text) == []


def test_a_person_named_in_a_talk_is_a_name():
    # One word, capitalised mid-sentence in 2 passages, never written in lower case: the rules before found him too.
    text = "Thanks, Tibs, for the talk. Then Tibs showed the demo. The demo was short."
    assert names(text) == ["Tibs"]


def test_a_capitalised_word_written_as_often_in_lower_case_is_common_but_a_command_is_not():
    # "Ninja" 4 times and "ninja" once (the command): the program; "Make" once and "make" 3 times: a verb.
    text = (
        "Ninja builds fast. We run Ninja daily, and Ninja is small. Type ninja to start. Use Make or Ninja. "
        "We make it and use it. They make it again. You make it twice."
    )
    assert names(text) == ["Ninja"]


def test_words_of_paths_and_addresses_are_not_counted_as_lower_case():
    text = "Read /boot/grub/grub.cfg first. Then GRUB loads it, and GRUB is old. See debian.org for GRUB."
    assert names(text) == ["GRUB"]


def test_a_version_label_a_word_before_a_version_and_a_title_of_common_words_are_no_names():
    text = (
        "This is the Language Reference for GLPK Version 5.0 of the package. The language reference of this "
        "version is long. "
        "This is R 4.2.2 Patched today. The GLPK Version 5.0 is new. It was 4.2.2 Patched then."
    )
    assert names(text) == ["GLPK"]


def test_words_before_a_section_word_are_a_kind_of_section():
    text = "Keep the Invariant Sections as they are. No Invariant Sections change here."
    assert names(text) == []


def test_a_list_bullet_starts_a_sentence():
    # Debian's tables run their cells into one line with "·": a capital after one proves nothing.
    text = "chage · Popcon V:0, I:3 · size 109. knockd · Popcon V:1, I:5 · size 9."
    assert names(text) == []


def test_a_title_page_run_cut_at_a_known_author():
    text = "Libtasn1 Reference Manual Simon Josefsson\n\nThis manual is kept by Simon Josefsson."
    assert names(text) == ["Libtasn1 Reference Manual", "Simon Josefsson"]


GERMAN = (
    "Die Dateien werden von GRUB2 gelesen, und die Module werden danach von UEFI geladen. Die Dateien sind in "
    "dem System, das wir nutzen, aber nicht in der alten Version. Wenn die Firmware UEFI kennt, wird sie es auch "
    "mit dem Kernel tun, denn sie ist für die Dateien und Module da. Auch der Bootloader ist ein Programm, "
    "das die Dateien lädt, und er ist nicht sehr groß."
)


def test_in_german_every_noun_is_capitalised_so_only_shapes_and_acronyms_count():
    doc = Document("de", "Systemstart", GERMAN)
    assert doc.language.code == "de"
    assert [e.name for e in find_names([doc], size=1)] == ["GRUB2", "UEFI"]


def test_a_heading_of_common_words_a_defined_term_and_an_address_give_no_names():
    # "Redirecting Output" is the document's own heading; "Title Page" a term the text defines; "RN-AffinityAPI" a
    # piece of a web address. Kaggle, in prose twice, stays.
    text = (
        "# 1.2 Redirecting Output\n\nRead about Redirecting Output for the output. “Title Page” means the page "
        "with the title. See https://example.org/RN-AffinityAPI/ and Kaggle. The Title Page is first. We use Kaggle."
    )
    assert [e.name for e in find_names([Document("t", "T", text)], size=1)] == ["Kaggle"]


def test_a_letter_the_text_writes_as_a_name_is_one_and_a_letter_written_in_lower_case_is_not():
    # "R’s" and "the R language" say R is a name, and "r" is written as a word once to R's six times; "S" is
    # written as a name too, but the graph reads every "’s" as an "s", so S would be found in every possessive.
    text = (
        "We use R for statistics. R’s functions run in the R language. Packages extend R code. Its S’s and "
        "the S language live in Ann’s and Bob’s notes. Type r to repeat. R runs on S."
    )
    assert names(text) == ["R"]


def test_an_organisation_that_takes_for_may_go_on_with_in_once():
    # Before, the run stopped at "in": "Institute for Clarity" was a piece of the name, "Documentation" lost.
    text = "Ben Trovato works at the Institute for Clarity in Documentation in Dublin, with the Bank in Cork."
    assert names(text) == ["Ben Trovato", "Institute for Clarity in Documentation"]


def test_an_acronym_spelt_out_in_a_script_with_no_capitals_is_a_term():
    # Chinese has no capitals, so "最大传输单元 (MTU)" (maximum transmission unit) spells MTU out as lower case
    # would; Netfilter, never spelt out, stays a name.
    text = (
        "网络管理器通常会自动设置最佳 最大传输单元 (MTU) 。 Then set the MTU by hand with Netfilter. "
        "Check the MTU again, as Netfilter does."
    )
    assert names(text) == ["Netfilter"]


def test_a_string_in_a_list_of_strings_is_data_not_a_name():
    # 'c("LMH", "SJC", "SPC")' lists a program's codes: SPC, also a key's label ("d SPC g"), was in 2 passages.
    text = 'Keys d SPC g start it. Codes are code <- c("LMH", "SPC", "SJC"). Save it as CSV. Ask for CSV again.'

    assert names(text) == ["CSV"]


def test_capitalised_words_after_this_are_a_common_noun():
    # A name names one thing and takes no demonstrative: "this License" is the licence the text is under, a term
    # it capitalises (the GNU FDL's), as "a License" would be; Debian, with no "this", stays a name.
    text = "You may copy it under this License, as Debian does. Read this License once more, then ask Debian."
    assert names(text) == ["Debian"]


def test_a_counting_word_before_a_line_cut_with_no_mark_proves_no_common_noun():
    # "for an R" then a page's break, then "package": the phrase goes on past the cut, so R is not counted there.
    text = "R’s functions run in the R language. R code is read by R. It is the default for an R\n\npackage, in R."
    assert names(text) == ["R"]


def test_words_listed_alone_between_commas_are_names_from_one_passage():
    # A title page's address line: each place written once. A department's name cut at its commas gives no names.
    text = (
        "Ann Smith works at the Institute for Clarity in Documentation. Dublin, Ohio, USA. The Department of "
        "Philology, Literature, and Linguistics sent it."
    )
    assert names(text) == [
        "Ann Smith",
        "Institute for Clarity in Documentation",
        "Dublin",
        "Ohio",
        "USA",
        "Department of Philology",
    ]


def test_a_date_format_is_a_pattern_not_a_product():
    # Mixed case and no common word's shape, yet each letter is a date's part: "YYYYMMDDhhmmss" is a format.
    text = "Times are written as YYYYMMDDhhmmss or YYYY-MM-DD by GnuTLS, which GnuTLS checks."
    assert names(text) == ["GnuTLS"]


def test_a_common_term_of_computing_is_no_name_even_never_spelt_out():
    # "API" and "GUI" are kinds of thing, written in capitals in every passage; "GLPK API" holds a name.
    text = "The API is stable, says GLPK. Use the GUI or the API in GLPK. GLPK API calls and the GUI stay."
    assert names(text) == ["GLPK", "GLPK API"]


def test_an_acronym_with_a_dotted_number_is_one_name():
    # "ASN.1" is the standard's name, written once here; "ASN" alone would be a piece of it.
    text = "Types are written in ASN.1 and checked there, as the end says."
    assert names(text) == ["ASN.1"]


def test_a_product_then_acronyms_is_the_product_and_its_things():
    # "OpenMP SIMD" is OpenMP's SIMD reduction: OpenMP is the name; "GNU Libtasn1" stays one name.
    text = "It checks whether OpenMP SIMD reduction is supported. The GNU Libtasn1 library is used."
    assert names(text) == ["OpenMP", "GNU Libtasn1"]


def test_a_product_before_sections_is_still_a_name():
    # "the Continuous Integration section" is a part of a document; "OpenMP sections" are OpenMP's, in code.
    text = "Threads run in OpenMP sections of code, as the Continuous Integration section says."
    assert names(text) == ["OpenMP"]


def test_a_reports_number_is_no_product_though_letters_and_digits_mix():
    # GCC's release notes cite bugs and papers by number; "LA464" is a processor core, "GRUB2" a boot loader.
    text = "Fixed PR102024 and PR42217 in the LA464 port (P2334R1 too); GRUB2 builds again."
    assert names(text) == ["LA464", "GRUB2"]


def test_initials_with_full_stops_stay_inside_a_persons_name():
    # A title page's "Carlos A. P. Campani" was cut at the second initial into "Carlos" and "P. Campani".
    text = "Slides by Carlos A. P. Campani, Pelotas. Questions go to Carlos A. P. Campani at the end."
    assert names(text) == ["Carlos A. P. Campani", "Pelotas"]


def test_an_organisations_name_joins_its_words_with_the_connectors_of_its_language():
    # Portuguese "do" and "em", German "für": the name was cut at them ("Faculdade de Engenharia da Universidade").
    text = (
        "Estudos na Faculdade de Engenharia da Universidade do Porto. A Faculdade de Engenharia da Universidade do "
        "Porto abre. The Institut für Informatik met. The Institut für Informatik hosts it."
    )
    assert names(text) == ["Faculdade de Engenharia da Universidade do Porto", "Institut für Informatik"]


def test_a_product_shaped_word_makes_no_persons_name_so_no_alias():
    # "OpenType Math" looked like a first and a last name, so "Math" alone stood for it in a code comment.
    docs = [Document("t", "T", "Fonts use OpenType Math tables. The OpenType Math table is read. Math is hard.")]
    assert [(n.name, n.aliases) for n in names_found(docs, size=1).names] == [("OpenType Math", ())]
    people = [Document("t", "T", "Ask Ronald McDonald today. Then Ronald McDonald waves. McDonald left.")]
    assert [(n.name, n.aliases) for n in names_found(people, size=1).names] == [("Ronald McDonald", ("McDonald",))]
