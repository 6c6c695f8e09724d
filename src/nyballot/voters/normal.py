"""Names and addresses folded to the keys a match compares, the same in Python and in SQL.

A key is upper case, without accents or punctuation, single-spaced. The street key is the first
word of the street after a leading direction, an ordinal's suffix dropped ("W 4th St" -> "4"):
the store computes it for every voter at import (``*_sql``) and the review for every line
(Python); a test checks the two agree.
"""

from __future__ import annotations

import re
import unicodedata

_NOT_KEPT = re.compile(r"[^A-Z0-9 ]")
_SPACES = re.compile(r" +")
_DIRECTION = r"^(N|S|E|W|NE|NW|SE|SW|NORTH|SOUTH|EAST|WEST) "
_ORDINAL = r"^([0-9]+)(ST|ND|RD|TH)$"


def norm(text: str | None) -> str:
    """>>> norm("  Peña-O'Brien ")
    'PENAOBRIEN'
    """
    if not text:
        return ""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return _SPACES.sub(" ", _NOT_KEPT.sub("", plain.upper())).strip()


def street_key(street: str) -> str:
    """The street's blocking key from a normalised street (direction included).

    >>> street_key("W 4TH ST"), street_key("GRAND ST"), street_key("WEST")
    ('4', 'GRAND', 'WEST')
    """
    words = street.split(" ")
    if len(words) > 1 and re.match(_DIRECTION, street):
        words = words[1:]
    return re.sub(_ORDINAL, r"\1", words[0])


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
