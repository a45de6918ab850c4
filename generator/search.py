"""Build-time word segmentation for search indexes of scripts written without spaces.

Material's search splits text only at its `separator`. Thai has no spaces between words, so a
word inside a sentence is never found. We insert U+200B between Thai words in the built
search_index.json (as Material itself does for Chinese with jieba) and make U+200B a separator.
PyThaiNLP's dictionary segmenter (newmm) does the word breaking offline.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

ZWSP = "\u200b"
SEGMENTED_SEPARATOR = r"[\s\u200b\-]+"
THAI_RUN = re.compile(r"[\u0E00-\u0E7F]+")


def _thai_words(run: str) -> str:
    from pythainlp.tokenize import word_tokenize

    return ZWSP.join(word_tokenize(run, engine="newmm", keep_whitespace=False))


SEGMENTERS = {"th": lambda text: THAI_RUN.sub(lambda m: _thai_words(m.group(0)), text)}


def needs_segmentation(search_lang: str) -> bool:
    return search_lang in SEGMENTERS


def segment_index(site_dir: Path, search_lang: str) -> None:
    """Rewrite site_dir/search/search_index.json with word breaks for `search_lang`."""
    segment = SEGMENTERS[search_lang]
    path = site_dir / "search" / "search_index.json"
    index = json.loads(path.read_text(encoding="utf-8"))
    for doc in index["docs"]:
        doc["title"] = segment(doc["title"])
        doc["text"] = segment(doc["text"])
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
