"""Word breaks for the Thai search index: the dictionary cut down to the words the site uses must break
Thai text exactly as PyThaiNLP's full dictionary does."""
from __future__ import annotations

from pathlib import Path

from pythainlp.tokenize import word_tokenize

from generator.search import THAI_RUN, ZWSP, _words_in, thai_segmenter

GOLDEN_TH = Path(__file__).resolve().parent / "golden" / "th"


def test_words_in_finds_exactly_the_words_that_occur():
    text = "abcdefgh\nxyz\nabcdefghij"
    words = ["a", "ab", "hx", "h\nx", "abcdef", "abcdefg", "abcdefgh", "abcdefghij", "abcdefghijk", "cdefghij",
             "defghij", "zz", "xyz", "yz\na", "ghi", "ghij", "j", "k", "bcdefgx"]
    assert _words_in(text, words) == [word for word in words if word in text]


def test_thai_breaks_equal_the_full_dictionarys_on_every_thai_page():
    texts = [path.read_text(encoding="utf-8") for path in sorted(GOLDEN_TH.rglob("*.md"))]
    segment = thai_segmenter(texts)
    for text in texts:
        expected = THAI_RUN.sub(lambda m: ZWSP.join(word_tokenize(m.group(0), engine="newmm",
                                                                  keep_whitespace=False)), text)
        assert segment(text) == expected
    assert ZWSP in segment(texts[0])

