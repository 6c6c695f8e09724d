"""A home's unit as signers write it and as the voter file holds it (RAPARTMENTTYPE and
RAPARTMENT), folded to one form so that the two can be compared.

"Apt 4", "#4", "Unit 4", "No. 4" and a bare "4" after the street are apartment 4; "4th Fl.",
"Fl 4" and "4th Floor" are floor 4; "Rear", "Bsmt", "Basement", "PH" and "Penthouse B" name
their kind of unit with or without a number. The folded form is the kind (none for an
apartment) and the unit's number or letters: "FL 4", "4A", "REAR", "PH B".
"""

from __future__ import annotations

import re
from functools import lru_cache

from nyballot.voters.normal import norm

# The words that name a kind of unit, by the kind they name ("" an apartment: the word adds
# nothing to its number).
KINDS = {
    "APT": "", "APARTMENT": "", "UNIT": "", "NO": "", "NUMBER": "", "STE": "", "SUITE": "",
    "RM": "", "ROOM": "", "FL": "FL", "FLR": "FL", "FLOOR": "FL", "REAR": "REAR", "RR": "REAR",
    "BSMT": "BSMT", "BASEMENT": "BSMT", "PH": "PH", "PENTHOUSE": "PH", "FRNT": "FRONT",
    "FRONT": "FRONT", "UPPR": "UPPER", "UPPER": "UPPER", "LOWR": "LOWER", "LOWER": "LOWER",
}  # fmt: skip
_ORDINAL = re.compile(r"^(\d+)(ST|ND|RD|TH)$")
# A unit run together with its kind ("4FL", "3RDFL"; "PHA", "PH2").
_JOINED = re.compile(r"^(\d+)(?:ST|ND|RD|TH)?(FL|FLR|FLOOR)$")
_PENTHOUSE = re.compile(r"^PH([A-Z0-9]{1,3})$")
# A unit after the street: a word that names a kind (with its number, or a letter), "#", or
# an ordinal floor, at the end of the part of the address it is in. Words that also name
# streets (Front St, Upper Mountain Ave) are not read there.
_INLINE = (
    "APARTMENT|APT|UNIT|SUITE|STE|ROOM|RM|FLOOR|FLR|FL|PENTHOUSE|PH[A-Z0-9]{0,3}|BASEMENT|BSMT|REAR"
)
_NOT_A_TYPE = r"(?!(?:st|ave|av|rd|dr|ln|ct|pl)\b)"  # "12 Rear St" is a street
_TRAILING = re.compile(
    r"(?:\s+|^)(#\s*\S+|(?:"
    + _INLINE
    + r")\b\.?(?:\s+"
    + _NOT_A_TYPE
    + r"(?:\S*\d\S*|[A-Za-z]{1,3}))?"
    r"|\d+(?:st|nd|rd|th)\.?\s+(?:fl|flr|floor)\b\.?|\d+(?:st|nd|rd|th)?(?:fl|flr|floor)\b\.?)\s*$",
    re.IGNORECASE,
)
# A unit's number alone after the street's type, with no comma ("84 W 170 St 18").
_AFTER_TYPE = re.compile(
    r"\s(?:st|av|ave|rd|pl|dr|ln|ct|blvd|pkwy|ter|way)\.?\s+(\d{1,4}[A-Za-z]?)\s*$",
    re.IGNORECASE,
)
# A part of the address after a comma that is a unit's number alone (", 26", ", 4B"): short,
# with a digit, not a five-digit ZIP code.
_BARE = re.compile(r"^(?=.*\d)[A-Za-z0-9-]{1,4}$")


@lru_cache(maxsize=1 << 16)
def unit(text: str | None) -> str:
    """A unit in its folded form ("" for none).

    >>> unit("4th Fl."), unit("Apt 3-A"), unit("#26"), unit("Penthouse"), unit("bsmt")
    ('FL 4', '3A', '26', 'PH', 'BSMT')
    """
    words = norm((text or "").replace("#", " ")).split(" ")
    kind, rest = "", []
    for word in words:
        joined, penthouse = _JOINED.match(word), _PENTHOUSE.match(word)
        if joined:
            kind, word = "FL", joined.group(1)
        elif penthouse:
            kind, word = "PH", penthouse.group(1)
        elif word in KINDS:
            kind = KINDS[word] or kind
            continue
        rest.append(_ORDINAL.sub(r"\1", word))
    ident = "".join(rest)
    return f"{kind} {ident}".strip() if kind else ident


def on_file(kind: str | None, apartment: str | None) -> str:
    """The file's unit (RAPARTMENTTYPE and RAPARTMENT; a file of the older layout has the
    apartment alone, sometimes with its kind in it)."""
    return unit(f"{kind or ''} {apartment or ''}")


def split_unit(text: str) -> tuple[str, str]:
    """An address without its unit, and the unit as written ("" when none): the unit is the
    end of the house and street's part ("40 Grand St Apt 4", "40 Grand St 4th Fl") or a part
    of its own after a comma ("40 Grand St, #4", "40 Grand St, 26")."""
    head, *parts = [p.strip() for p in text.split(",")]
    written = ""
    found = _TRAILING.search(head) or _AFTER_TYPE.search(head)
    if found and found.start(1) > 0:
        head, written = head[: found.start(1)].rstrip(), found.group(1)
    kept = []
    for part in parts:
        if not written and (_BARE.fullmatch(part) or _TRAILING.fullmatch(part)):
            written = part
        else:
            kept.append(part)
    return ", ".join([head, *kept]), written


def agree(written: str, held: str) -> bool:
    """Whether two folded units are one: the same, or the same number where one side names no
    kind ("Apt 4" on file, "4th Fl" on the line)."""
    if written == held:
        return True
    w_kind, _, w_ident = written.rpartition(" ")
    h_kind, _, h_ident = held.rpartition(" ")
    return bool(w_ident) and w_ident == h_ident and not (w_kind and h_kind)
