"""Build-time word segmentation for search indexes of scripts written without spaces.

Material's search splits text only at its `separator`. Thai has no spaces between words, so a
word inside a sentence is never found. We insert U+200B between Thai words in the built
search_index.json (as Material itself does for Chinese with jieba) and make U+200B a separator.
PyThaiNLP's dictionary segmenter (newmm) does the word breaking offline.
"""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path

ZWSP = "\u200b"
SEGMENTED_SEPARATOR = r"[\s\u200b\-]+"
THAI_RUN = re.compile(r"[\u0E00-\u0E7F]+")


def thai_segmenter(texts: list[str]):
    """A function that puts U+200B between the Thai words of a text.

    PyThaiNLP's newmm needs a trie of its dictionary, and building the full one (62,000 words) costs
    most of a second; words that never occur in `texts` cannot match, so the trie holds only the
    dictionary words found in them. The breaks are the same. Each distinct run of Thai letters is
    broken once (titles and terms recur).
    """
    from pythainlp.corpus import thai_words
    from pythainlp.tokenize import word_tokenize
    from pythainlp.util import Trie

    runs = dict.fromkeys(run for text in texts for run in THAI_RUN.findall(text))
    trie = Trie(_words_in("\n".join(runs), thai_words()))

    @functools.lru_cache(maxsize=None)
    def words(run: str) -> str:
        return ZWSP.join(word_tokenize(run, custom_dict=trie, engine="newmm", keep_whitespace=False))

    return lambda text: THAI_RUN.sub(lambda m: words(m.group(0)), text)


def _words_in(text: str, words, span: int = 6) -> list[str]:
    """The `words` that occur in `text`. Testing 62,000 words with `in` scans the text 62,000 times;
    here every piece of the text shorter than `span` letters is in a set, and a longer word is looked
    for only where its first `span` letters start."""
    pieces = {text[i:i + n] for n in range(1, span) for i in range(len(text) - n + 1)}
    starts: dict[str, list[int]] = {}
    for i in range(len(text) - span + 1):
        starts.setdefault(text[i:i + span], []).append(i)
    return [word for word in words if (word in pieces if len(word) < span else
                                       any(text.startswith(word, i) for i in starts.get(word[:span], ())))]


SEGMENTERS = {"th": thai_segmenter}


def needs_segmentation(search_lang: str) -> bool:
    return search_lang in SEGMENTERS


def segment_index(site_dir: Path, search_lang: str) -> None:
    """Rewrite site_dir/search/search_index.json with word breaks for `search_lang`."""
    path = site_dir / "search" / "search_index.json"
    index = json.loads(path.read_text(encoding="utf-8"))
    segment = SEGMENTERS[search_lang]([doc[key] for doc in index["docs"] for key in ("title", "text")])
    for doc in index["docs"]:
        doc["title"] = segment(doc["title"])
        doc["text"] = segment(doc["text"])
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
