"""How a name written on a line can be the name on file, as New York's voters write theirs.

A surname is the whole LASTNAME field: "RODRIGUEZ SANTIAGO", "DE LA CRUZ", "GARCIA-LOPEZ" and
"O'BRIEN" are one surname each. A line names it when it writes the whole of it, however its
parts are joined ("Delacruz", "De La Cruz", "DeLaCruz"; "OBrien", "O Brien"), when it writes
one of its parts alone ("Lopez" for GARCIA-LOPEZ), or when it adds a second surname the file
lacks ("Vargas Polanco" for VARGAS). A name parser cannot know which of a line's middle words
belong to the surname, so every split of the words between the first name and the surname is
read (``readings``), and the voter is compared with each: none is a guess that loses the voter.

A voter may also sign with the first name on file as the middle name ("Robert Smith" for JAMES
ROBERT SMITH), or with the surname held before (PREVNAME, a married or maiden name): each is
said in the ruling, and whether a previous surname counts is a reading of the law data.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from rapidfuzz.distance import DamerauLevenshtein, JaroWinkler

from nyballot.petitions.parse import Name
from nyballot.voters.normal import norm

# A surname's part alone, or a second surname the file lacks: the voter, but below the
# whole surname (a household's GARCIA is told from its GARCIA LOPEZ by the line that writes
# the whole).
PART = 0.95
# Words that join a surname's parts and never stand for a part alone ("DE" is no surname).
PARTICLES = frozenset({
    "DE", "LA", "LAS", "LOS", "DEL", "DELA", "DI", "DA", "DO", "DOS", "DAS", "DU", "VAN",
    "VON", "DER", "DEN", "TER", "TEN", "LE", "Y", "E",
})  # fmt: skip
# One word of a surname written two ways: ST JOHN is SAINT JOHN.
_SAME_WORD = {"ST": "SAINT", "STE": "SAINTE"}

WHOLE, ONE_PART, ADDED = "", "one part of the surname", "a second surname"
# A name of more words than this is read only as parsed (a line is seldom longer; the ways to
# split a name grow with the square of its words).
MOST_WORDS = 8


@dataclass(frozen=True)
class Surname:
    """How close a written surname is to one on file, and in what way it differs."""

    score: float
    how: str = WHOLE  # WHOLE, ONE_PART or ADDED


@lru_cache(maxsize=1 << 16)  # a surname is read once for the many lines and voters bearing it
def surname_words(text: str | None) -> tuple[str, ...]:
    """A surname's words, folded: hyphens part words, apostrophes join them ("O'Brien-Smith"
    -> OBRIEN, SMITH)."""
    folded = norm((text or "").replace("-", " ").replace("'", ""))
    return tuple(_SAME_WORD.get(w, w) for w in folded.split(" ") if w)


def close(written: str, on_file: str) -> float:
    """How close two spellings are: the better of Jaro-Winkler and the share of letters that
    need no edit (Damerau-Levenshtein), which forgives a slip near the start."""
    if written == on_file:
        return 1.0
    return max(
        JaroWinkler.normalized_similarity(written, on_file),
        DamerauLevenshtein.normalized_similarity(written, on_file),
    )


@lru_cache(maxsize=1 << 16)
def surname(written: tuple[str, ...], on_file: tuple[str, ...]) -> Surname:
    """A written surname against one on file (each as ``surname_words``)."""
    whole = close("".join(written), "".join(on_file))
    if whole == 1.0 or (len(written) < 2 and len(on_file) < 2):
        return Surname(whole)
    best = Surname(whole)
    for part in _runs(on_file):  # the line writes one part of the file's surname
        if len(part) < len(on_file):
            best = _better(best, Surname(PART * close("".join(written), "".join(part)), ONE_PART))
    for part in _runs(written):  # the line adds a surname the file lacks (not an initial)
        if len(part) < len(written) and _a_surname_besides(part, written):
            best = _better(best, Surname(PART * close("".join(part), "".join(on_file)), ADDED))
    return best


def _a_surname_besides(part: tuple[str, ...], words: tuple[str, ...]) -> bool:
    """Whether the words hold a surname besides the run ``part``: a word of two letters or
    more that is not a particle ("J SMITH" adds an initial, not a surname, to SMITH)."""
    rest = [w for w in words if w not in part]
    return any(len(w) > 1 and w not in PARTICLES for w in rest)


def _better(a: Surname, b: Surname) -> Surname:
    return b if b.score > a.score else a


def _runs(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every run of neighbouring words that can be a surname alone: it has a word that is not
    a particle, and none of its ends is one ("CRUZ", "LA CRUZ" of DE LA CRUZ; not "DE LA")."""
    return [
        words[i:j]
        for i in range(len(words))
        for j in range(i + 1, len(words) + 1)
        if words[j - 1] not in PARTICLES and any(w not in PARTICLES for w in words[i:j])
    ]


@lru_cache(maxsize=1 << 12)  # a line's readings serve every voter it is compared with
def readings(name: Name) -> tuple[Name, ...]:
    """Every way the line's words can split between first name, middle name and surname, the
    parsed one first: middle words moved into the surname ("Maria Rodriguez Santiago": SANTIAGO
    with middle RODRIGUEZ, or RODRIGUEZ SANTIAGO) or into the first name ("Luis Manuel R
    Heredia": LUIS MANUEL with middle R), and words a name parser put in the surname moved out
    of it ("Maria del Carmen Ruiz": MARIA DEL CARMEN, not the surname DEL CARMEN RUIZ)."""
    words = " ".join(x for x in (name.first, name.middle, name.last) if x).split(" ")
    found = [name]
    if len(words) > MOST_WORDS:
        return tuple(found)
    for given in range(1, len(words)):
        for surname_from in range(given, len(words)):
            reading = replace(
                name, first=" ".join(words[:given]),
                middle=" ".join(words[given:surname_from]), last=" ".join(words[surname_from:]),
            )  # fmt: skip
            if reading != name:
                found.append(reading)
    return tuple(found)


def previous_surname(prevname: str | None, first: str, middle: str) -> tuple[str, ...]:
    """The surname of a previous name on file (PREVNAME: "Last registered name (if
    different)", its order not given by the layout): its words less the voter's given names
    and their initials, or, when nothing else is left, the given name it repeats."""
    given = {w for w in f"{first} {middle}".split(" ") if w}
    initials = {w[:1] for w in given}
    words = surname_words(prevname)
    kept = tuple(w for w in words if w not in given and w not in initials)
    # A surname that is also the voter's first name (CHAO CHAO): the word itself.
    return kept or tuple(dict.fromkeys(w for w in words if len(w) > 1))[:1]


def by_middle_name(written_first: str, written_middle: str, first: str, middle: str) -> bool:
    """Whether the line's first name is the middle name on file, the line's middle (if any)
    the first name on file or its initial: a voter who goes by the middle name."""
    if len(middle) < 2 or written_first.replace(" ", "") != middle.replace(" ", ""):
        return False
    return not written_middle or first.startswith(written_middle)
