"""A signer's name and address as written on a line, read into the parts a match compares.

nameparser reads names ("Ruiz, Ana M.", "Dr. Ana Ruiz Jr.") and usaddress reads addresses
("40 Grand St, Apt 3, Brooklyn"). Both cost about a tenth of a millisecond a line, so the
plain shapes that make up most lines ("Ana M Ruiz", "40 Grand St") are read directly into the
same parts; a test checks that the two readings agree on those shapes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import cast

import usaddress
from nameparser import HumanName
from nameparser.config import CONSTANTS, Constants

from nyballot.petitions.units import split_unit, unit
from nyballot.voters.normal import norm, street_key

# The titles a signer writes before a name. nameparser's own list is some six hundred words,
# many of them first names too (Nanny, Judge, Sister): "Nanny D Jacobsma" would lose her name.
_TITLES = ("dr", "mr", "mrs", "ms", "miss", "mx", "rev", "hon", "prof")
_NAMES = Constants(titles=_TITLES)
_PLAIN_NAME = re.compile(r"[A-Za-z]{2,}(?: [A-Za-z]\.?| [A-Za-z]{2,})? [A-Za-z]{2,}")
# Words nameparser treats apart (titles, suffixes, particles, conjunctions): a name with one
# of them is left to it.
_ROMAN = cast("re.Pattern[str]", CONSTANTS.regexes.roman_numeral)
_SPECIAL = {
    str(w).lower()
    for group in (
        _TITLES,
        CONSTANTS.suffix_acronyms,
        CONSTANTS.suffix_not_acronyms,
        CONSTANTS.prefixes,
        CONSTANTS.conjunctions,
    )
    for w in group
}
_HYPHEN = re.compile(r"(?<=[A-Za-z])\s*-\s*(?=[A-Za-z])")
_PLAIN_ADDRESS = re.compile(r"(\d+[A-Za-z]?) ((?:[A-Za-z0-9]+ ){0,3}[A-Za-z]+)(?:, ([A-Za-z ]+))?")
# A numbered street written with its direction and without its type ("682 W 140", "2060 e
# 191"): usaddress reads the number as a unit's.
_NUMBERED_STREET = re.compile(
    r"(\d+[A-Za-z]?) ((?:[NSEW]|North|South|East|West)\.? \d+(?:st|nd|rd|th)?)(?:, ([A-Za-z ]+))?",
    re.IGNORECASE,
)
_UNIT_WORDS = {"APT", "UNIT", "FL", "STE", "RM", "PH", "APARTMENT", "FLOOR", "SUITE", "ROOM"}
_ABBREVIATIONS = {
    "STREET": "ST", "AVENUE": "AVE", "AV": "AVE", "ROAD": "RD", "BOULEVARD": "BLVD",
    "DRIVE": "DR", "PLACE": "PL", "LANE": "LN", "COURT": "CT", "PARKWAY": "PKWY",
    "TERRACE": "TER", "HIGHWAY": "HWY", "SQUARE": "SQ", "NORTH": "N", "SOUTH": "S",
    "EAST": "E", "WEST": "W", "FIRST": "1", "SECOND": "2", "THIRD": "3", "FOURTH": "4",
    "FIFTH": "5", "SIXTH": "6", "SEVENTH": "7", "EIGHTH": "8", "NINTH": "9", "TENTH": "10",
}  # fmt: skip
_ORDINAL = re.compile(r"^(\d+)(ST|ND|RD|TH)$")
# A street's type as the file abbreviates it, which a signer may leave out ("682 W 140th").
STREET_TYPES = frozenset({
    "ST", "AVE", "RD", "BLVD", "DR", "PL", "LN", "CT", "PKWY", "TER", "HWY", "SQ", "WAY",
    "CIR", "LOOP", "TPKE", "EXPY", "PLZ", "ALY",
})  # fmt: skip
_DIRECTIONS = frozenset(["N", "S", "E", "W", "NE", "NW", "SE", "SW"])
_STREET_PARTS = (
    "StreetNamePreDirectional", "StreetNamePreType", "StreetName", "StreetNamePostType",
    "StreetNamePostDirectional",
)  # fmt: skip


# A name's generation, spelt or abbreviated, as the voter file's NAMESUFFIX writes it.
SUFFIXES = {
    "JR": "JR", "JUNIOR": "JR", "SR": "SR", "SENIOR": "SR", "I": "I", "II": "II", "2ND": "II",
    "III": "III", "3RD": "III", "IV": "IV", "4TH": "IV", "V": "V", "5TH": "V",
}  # fmt: skip


@dataclass(frozen=True)
class Name:
    first: str
    middle: str
    last: str
    suffix: str = ""  # JR, SR, II, III, ... (``suffix``), or ""


@dataclass(frozen=True)
class Address:
    house: str
    street: str  # normalised, direction included, suffixes abbreviated
    apartment: str
    place: str
    half: str = ""  # the half code ("1/2" of "12 1/2 Main St"), or ""
    zip: str = ""  # the five-digit ZIP code, or ""
    # The house number as written when letters in it were read as the digits they look like
    # ("S39" read as 539), or "".
    misread: str = ""
    # The house number read with its last letter as the digit it looks like ("81B": 818), for
    # a house that has no such letter on file, or "".
    house_or: str = ""

    @property
    def street_key(self) -> str:
        return street_key(self.street)


def parse_name(text: str) -> Name:
    """A line's name in its parts; a hyphen parts a surname's words ("Ana Garcia-Lopez": the
    surname GARCIA LOPEZ, each part compared too), which stay the surname whatever a name
    parser makes of them."""
    hyphenated = _hyphenated_surname(text)
    read = _parsed_name(_surname_hyphens(text))
    return _surname_kept(read, hyphenated) if hyphenated else read


def _hyphenated_surname(text: str) -> list[str]:
    """The words of a hyphenated last word ("Ana Garcia-Lopez": GARCIA, LOPEZ), or none."""
    if "," in text:  # "Garcia-Lopez, Ana": the words before the comma are the surname anyway
        return []
    last = text.rstrip(" .").rpartition(" ")[2]
    return norm(_HYPHEN.sub(" ", last)).split(" ") if _HYPHEN.search(last) else []


def _surname_kept(read: Name, surname: list[str]) -> Name:
    """The parsed name with a hyphenated surname's words moved back from its middle name."""
    words = [*read.middle.split(" "), *read.last.split(" ")]
    if read.last.split(" ") == surname or words[-len(surname) :] != surname:
        return read
    middle = " ".join(w for w in words[: -len(surname)] if w)
    return replace(read, middle=middle, last=" ".join(surname))


def _parsed_name(text: str) -> Name:
    rest, _, last = text.rstrip(" .,").rpartition(" ")
    generation = SUFFIXES.get(norm(last), "")
    if rest and generation not in ("", "I", "V"):
        if _names_a_signer(rest):  # "Robert Kowalczyk 2nd": nameparser reads "2nd" as the
            # surname; a generation written last is taken off first.
            return replace(_parsed_name(rest.rstrip(" ,")), suffix=generation)
        # "Karen Senior", "Karen A Senior": nothing before it could be a surname, so the
        # word is the surname (nameparser would read it as her generation and leave none).
        first, _, middle = rest.partition(" ")
        return Name(norm(first), norm(middle), norm(last))
    surname, comma, given = text.partition(",")
    words = [w for w in given.replace(",", " ").split() if w.lower().rstrip(".") not in _TITLES]
    if comma and surname.strip() and words and not all(norm(w) in SUFFIXES for w in words):
        # "Ruiz Hernandez, Ciro": everything before the comma is the surname (nameparser may
        # take a given name after a two-word surname for a generation).
        return Name(norm(words[0]), norm(" ".join(words[1:])), norm(surname))
    if _PLAIN_NAME.fullmatch(text):
        words = text.split(" ")
        if not any(_special(w) for w in words):
            middle = words[1] if len(words) == 3 else ""
            return Name(norm(words[0]), norm(middle), norm(words[-1]))
    return _library_name(text)


def _surname_hyphens(text: str) -> str:
    """The name with the hyphens of its surname read as spaces: the words before a comma
    ("Garcia-Lopez, Ana"), else the last word ("Ana Garcia-Lopez"); a given name's hyphen stays
    ("Chun-Chieh Chen": the file writes CHUN-CHIEH as one name)."""
    head, comma, tail = text.partition(",")
    if comma:
        return _HYPHEN.sub(" ", head) + comma + tail
    rest, space, last = text.rstrip().rpartition(" ")
    return rest + space + _HYPHEN.sub(" ", last)


def _names_a_signer(text: str) -> bool:
    """Whether the words before a generation word hold a first name and a surname: "Surname,
    First", or two words the last of which is more than an initial."""
    words = text.replace(".", " ").split()
    return "," in text or (len(words) >= 2 and len(norm(words[-1])) >= 2)


def _special(word: str) -> bool:
    """A word nameparser reads apart: a title, suffix or particle, or a roman numeral ("Ix" is
    read as the suffix IX)."""
    return word.lower().rstrip(".") in _SPECIAL or bool(_ROMAN.match(word))


@lru_cache(maxsize=4096)
def _library_name(text: str) -> Name:
    human = HumanName(text, constants=_NAMES)
    found = Name(norm(human.first), norm(human.middle), norm(human.last), suffix(human.suffix))
    # A word read as a suffix that is no generation, after an initial read as the surname, is
    # the surname ("Uche U Obi": OBI is a surname, not the order's initials).
    lost_surname = len(found.last) == 1 and human.suffix and not found.suffix
    if (found.first and found.last and not lost_surname) or human.title:  # "Mr Smith"
        return found
    # nameparser read a name as a suffix or title and left no first name or surname ("Donna
    # Res", "Presley, Junior C"): the words are read in their places instead.
    last, comma, given = text.partition(",")
    if not comma:
        words = text.split() or [""]  # a name left blank is no name
        last, given = words[-1], " ".join(words[:-1])
    first, _, middle = given.strip().partition(" ")
    return Name(norm(first), norm(middle), norm(last)) if first and last.strip() else found


def suffix(text: str | None) -> str:
    """A generation as the file writes it ("Jr." -> "JR", "3rd" -> "III"); "" for none, and the
    first one of several (nameparser joins "Jr., Esq." into one)."""
    for word in norm((text or "").replace(",", " ")).split(" "):
        if word in SUFFIXES:
            return SUFFIXES[word]
    return ""


def parse_address(text: str) -> Address:
    """A line's address in its parts: the unit read apart (``units``), the house number's
    letters that look like digits read as them, then the plain shape or usaddress."""
    rest, written_unit = split_unit(text)
    house, _, street = rest.partition(" ")
    digits = _as_digits(house)
    rest = f"{digits or house} {street}"
    found = _PLAIN_ADDRESS.fullmatch(rest) or _NUMBERED_STREET.fullmatch(rest)
    if found and not _UNIT_WORDS & set(norm(rest).split(" ")):
        read = Address(norm(found.group(1)), street_name(found.group(2)), "", norm(found.group(3)))
    else:
        read = _library_address(rest)
    return replace(
        read,
        apartment=unit(written_unit) or read.apartment,
        misread=house if digits else "",
        house_or=_letter_as_digit(read.house),
    )


# Letters a hand's digits are misread as: S for 5, O for 0, l and I for 1, B for 8 (a B last
# may be the house's letter, "12B": read as written, and as 128 too).
_LOOKALIKE = str.maketrans("SsOoIlB", "5500118")
_HOUSE_LOOKALIKE = re.compile(r"(?=[0-9SsOoIlB]*[0-9])(?:[0-9SsOoIl]|B(?=[0-9]))+")
_LETTER_LAST = re.compile(r"[0-9]+B")


def _as_digits(house: str) -> str:
    """The house number with its look-alike letters read as digits, or "" when it has none
    (or is not a number's look-alike)."""
    if house.isdigit() or not _HOUSE_LOOKALIKE.fullmatch(house):
        return ""
    return house.translate(_LOOKALIKE)


def _letter_as_digit(house: str) -> str:
    """The other reading of a house number whose last letter may be a digit ("81B": 818), or
    "" (the one the voter file holds is the house)."""
    return house.translate(_LOOKALIKE) if _LETTER_LAST.fullmatch(house) else ""


@lru_cache(maxsize=4096)
def _library_address(text: str) -> Address:
    try:
        parts, _ = usaddress.tag(text)
    except usaddress.RepeatedLabelError:
        parts = {}
        for value, label in usaddress.parse(text):
            parts[label] = f"{parts.get(label, '')} {value}".strip()
    street = " ".join(parts.get(k, "") for k in _STREET_PARTS)
    return Address(
        norm(parts.get("AddressNumber", "")),
        street_name(street),
        unit(f"{parts.get('OccupancyType', '')} {parts.get('OccupancyIdentifier', '')}"),
        norm(parts.get("PlaceName", "")),
        half(parts.get("AddressNumberSuffix", "")),
        norm(parts.get("ZipCode", ""))[:5],
    )


def half(text: str | None) -> str:
    """A half code as the file writes it ("1/2"), or ""."""
    return (text or "").replace(" ", "").upper()


@lru_cache(maxsize=1 << 16)
def street_name(text: str) -> str:
    """A street normalised for comparison: abbreviations and ordinals as the file writes them.
    Cached: the voters a review scores live on far fewer streets than there are lines.

    >>> street_name("West 4th Street"), street_name("Grand St.")
    ('W 4 ST', 'GRAND ST')
    """
    words = [_ABBREVIATIONS.get(w, w) for w in norm(text).split(" ") if w]
    return " ".join(_ORDINAL.sub(r"\1", w) for w in words)


def street_core(street: str) -> tuple[str, bool, bool]:
    """A normalised street less its leading direction and its type, and whether it had each.

    >>> street_core("W 140 ST"), street_core("140")
    (('140', True, True), ('140', False, False))
    """
    words = street.split(" ")
    direction = len(words) > 1 and words[0] in _DIRECTIONS
    kind = len(words) > 1 and words[-1] in STREET_TYPES
    return " ".join(words[int(direction) : len(words) - int(kind)]), direction, kind
