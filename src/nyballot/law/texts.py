"""The statute and bill texts shipped with the package, and finding quotations in them.

Texts are compared with line breaks, runs of white space and end-of-line hyphenation
("desig-\\nnation") folded away. The seed text of § 6-158 writes its line breaks as a literal
backslash-n, which is folded the same way. Bill texts carry page headers ("S. 5961   4"), which
are removed, and their markup: matter in CAPITALS is new, matter in [brackets] is old law to be
omitted. A quotation may be taken from the bill as printed, from its old-law reading (brackets
kept, capitals dropped) or from its new-law reading (brackets dropped, capitals kept).
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from nyballot.errors import LawDataError

_PAGE_HEADER = re.compile(r"\n\s*[AS]\. \d+(?:--[A-Z])?\s+\d+\s*\n")
_EXPLANATION = re.compile(
    r"EXPLANATION--Matter in ITALICS \(underscored\) is new; matter in brackets\s*"
    r"\[ \] is old law to be omitted\.\s*(?:LBD[\d-]+)?"
)
_CAPS_RUN = re.compile(r"\b[A-Z][A-Z0-9'-]+(?:[\s,;:()]+[A-Z][A-Z0-9'-]*)*\b")


def _texts_root() -> resources.abc.Traversable:
    return resources.files("nyballot.law").joinpath("data/texts")


_BROUGHT: dict[str, str] = {}


def bring_text(key: str, text: str) -> None:
    """A bill text an overlay of one's own quotes (``--with PATH``), read as a shipped one."""
    _BROUGHT[key] = text
    readings.cache_clear()


def raw_text(key: str) -> str:
    """A shipped text by its path under law/data/texts (e.g. 'pre2019/6-158.txt')."""
    return _BROUGHT[key] if key in _BROUGHT else _shipped_text(key)


@cache
def _shipped_text(key: str) -> str:
    path = _texts_root().joinpath(key)
    if not path.is_file():
        raise LawDataError(f"text '{key}' is not shipped in nyballot/law/data/texts")
    return path.read_text(encoding="utf-8")


def fold(text: str, keep_hyphens: bool = False) -> str:
    """Fold line breaks, hyphenation at line ends and runs of white space.

    ``keep_hyphens`` keeps a hyphen that ends a line ("thirty-\\nfifth" -> "thirty-fifth"),
    for words that are hyphenated anyway.
    """
    text = text.replace("\\n", "\n")
    text = _PAGE_HEADER.sub("\n", text)
    text = _EXPLANATION.sub(" ", text)
    text = re.sub(r"(\w)-\s*\n\s*(\w)", r"\1-\2" if keep_hyphens else r"\1\2", text)
    return re.sub(r"\s+", " ", text).strip()


def old_law_reading(folded: str) -> str:
    """A bill's text as the law stood: bracketed words kept, capitalised new matter dropped."""
    without_new = _CAPS_RUN.sub(lambda m: "" if len(m.group(0)) > 1 else m.group(0), folded)
    return _tidy(without_new.replace("[", "").replace("]", ""))


def new_law_reading(folded: str) -> str:
    """A bill's text as it would read: bracketed words dropped, capitals kept."""
    return _tidy(re.sub(r"\[[^\]]*\]", "", folded))


def _tidy(text: str) -> str:
    """Fold the spaces a removed passage leaves, including before punctuation."""
    return re.sub(r"\s+([.,;:])", r"\1", re.sub(r"\s+", " ", text)).strip()


@cache
def readings(key: str) -> tuple[str, ...]:
    return text_readings(raw_text(key), key.startswith(("bills/", "enacted/")))


def text_readings(raw: str, bill: bool = True) -> tuple[str, ...]:
    """A text as printed, folded; for a bill also its old-law and new-law readings."""
    found: list[str] = []
    for keep in (False, True):
        folded = fold(raw, keep_hyphens=keep)
        if "[" in folded or bill:
            found += [folded, old_law_reading(folded), new_law_reading(folded)]
        else:
            found.append(folded)
    return tuple(found)


def quote_found(key: str, quote: str) -> bool:
    """True when the quoted words occur in the text (in any of its readings)."""
    return quote_in(readings(key), quote)


def quote_in(readings_: tuple[str, ...], quote: str) -> bool:
    wanted = fold(quote)
    return any(wanted in reading for reading in readings_)


def shipped_texts() -> list[str]:
    """Every shipped text's key."""
    root = _texts_root()
    return sorted(
        f"{folder.name}/{item.name}"
        for folder in root.iterdir()
        if folder.is_dir()
        for item in folder.iterdir()
        if item.name.endswith(".txt")
    )
