"""Names and addresses folded to the keys a match compares, the same in Python and in SQL.

A key is upper case, without accents or punctuation, single-spaced. The street key is the first
word of the street after a leading direction, an ordinal's suffix dropped ("W 4th St" -> "4"):
the store computes it for every voter at import (``*_sql``) and the review for every line
(Python); a test checks the two agree.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# The ASCII characters a key drops: all but upper-case letters, digits and the space.
_KEPT = re.compile(r"[A-Z0-9 ]")
_DROP = str.maketrans("", "", "".join(c for c in map(chr, range(128)) if not _KEPT.fullmatch(c)))
_DIRECTION = r"^(N|S|E|W|NE|NW|SE|SW|NORTH|SOUTH|EAST|WEST) "
_ORDINAL = r"^([0-9]+)(ST|ND|RD|TH)$"
_DIRECTION_RE, _ORDINAL_RE = re.compile(_DIRECTION), re.compile(_ORDINAL)


# Cached, as ``street_key`` is: a review folds the same middle names, ZIP codes and streets
# of the voters it scores many times over.
@lru_cache(maxsize=1 << 16)
def norm(text: str | None) -> str:
    """>>> norm("  Peña-O'Brien ")
    'PENAOBRIEN'

    Accents come off by decomposing (NFKD) and dropping every character outside ASCII, the
    combining marks among them; what is left is kept only if it is a letter, digit or space.
    """
    if not text:
        return ""
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text).upper().encode("ascii", "ignore").decode()
    return " ".join(text.upper().translate(_DROP).split())


@lru_cache(maxsize=1 << 16)
def street_key(street: str) -> str:
    """The street's blocking key from a normalised street (direction included).

    >>> street_key("W 4TH ST"), street_key("GRAND ST"), street_key("WEST")
    ('4', 'GRAND', 'WEST')
    """
    words = street.split(" ")
    if len(words) > 1 and _DIRECTION_RE.match(street):
        words = words[1:]
    return _ORDINAL_RE.sub(r"\1", words[0])


def norm_sql(column: str) -> str:
    """The SQL (DuckDB) of ``norm`` over a column."""
    return (
        f"trim(regexp_replace(regexp_replace(upper(strip_accents(coalesce({column}, ''))), "
        f"'[^A-Z0-9 ]', '', 'g'), ' +', ' ', 'g'))"
    )


def street_key_sql(street: str) -> str:
    """The SQL of ``street_key`` over an expression giving a normalised street."""
    rest = (
        f"CASE WHEN regexp_matches({street}, '{_DIRECTION}') AND strpos({street}, ' ') > 0 "
        f"THEN regexp_replace({street}, '{_DIRECTION}', '') ELSE {street} END"
    )
    return f"regexp_replace(split_part({rest}, ' ', 1), '{_ORDINAL}', '\\1')"
