"""Search words of scripts written without spaces between words: overlapping pairs of characters.

Chinese and Japanese put no space between words, and a reader finds "光合作用" (photosynthesis) inside a sentence
without one. The lab does what Lucene's CJKAnalyzer does (its ``CJKBigramFilter``; Elasticsearch's ``cjk_bigram``
filter): a run of Han, Hiragana, Katakana or Hangul characters gives every pair of neighbours, so any word of two
or more characters in a question is found as the pairs it is made of; a character standing alone is a word of
its own. Punctuation ("、", "。") and any other character end a run. This is Elasticsearch's documented example:

>>> cjk_words("東京都は、日本の首都であり")
['東京', '京都', '都は', '日本', '本の', 'の首', '首都', '都で', 'であ', 'あり']
>>> cjk_words("光合作用"), cjk_words("水")
(['光合', '合作', '作用'], ['水'])

A pair that is not a word ("京都" inside "東京都") is a word only where it also stands in a passage: pairs find
more than a dictionary's words would, never less, and need no dictionary (which a page would have to download).
"""

from __future__ import annotations

import re

# Hiragana and Katakana (U+3040-U+30FF, with Katakana's phonetic extensions U+31F0-U+31FF), the CJK ideographs
# (extension A U+3400-U+4DBF, the unified block U+4E00-U+9FFF, compatibility U+F900-U+FAFF) and Hangul syllables
# and letters (U+1100-U+11FF, U+3130-U+318F, U+AC00-U+D7AF), as Lucene's four scripts. The iteration marks
# "々" and "〆" (U+3005-U+3006) belong to the word they repeat. Half-width Katakana are made full-width by NFKC
# before words are cut (text.comparable).
CJK_CHARACTER = (
    "\u3040-\u30ff\u31f0-\u31ff"  # Hiragana, Katakana
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3005\u3006"  # Han
    "\u1100-\u11ff\u3130-\u318f\uac00-\ud7af"  # Hangul
)
CJK_RUN = f"[{CJK_CHARACTER}]+"
RUN = re.compile(CJK_RUN)


def pairs(run: str) -> list[str]:
    """The words of one run of CJK characters: each pair of neighbours, or the one character of a run of one.

    >>> pairs("问题"), pairs("总耗时"), pairs("个")
    (['问题'], ['总耗', '耗时'], ['个'])
    """
    if len(run) == 1:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)]


def cjk_words(text: str) -> list[str]:
    """The pairs of every run of CJK characters in ``text``, in order, with repeats; other characters give none."""
    return [word for run in RUN.findall(text) for word in pairs(run)]
