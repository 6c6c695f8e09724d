"""Names: their parts, their alphabetical order, and how they are printed.

- Parts: the given names, surname and suffix come from ``nameparser`` (a well-kept parser of
  personal names), so a suffix (Jr., Sr., II, III) is never taken for the surname and a
  surname that also ends a given name ("Leeanna Mariella Lee") is not cut out of it. A
  ``surname`` given in the input (for a compound or unusual surname) wins over the parser.
- Order: surnames, then given names, are compared by the Unicode Collation Algorithm with its
  default table (``pyuca``): "Ávila" sorts with the A's, before "Young", and case does not
  decide before letters do.
- Printing: capitals (§ 7-106(2)); a full name of more than fifteen letters is shortened with
  the surname in full (§ 7-104(2)); (M) or (F) after a delegate's name (§ 2-122-a(8)(d)).
  Letters are counted as the statute says, letters only: "Mary-Kate O'Neil" has thirteen.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from nameparser import HumanName
from pyuca import Collator

if TYPE_CHECKING:
    from nyballot.ballot.model import Candidate
    from nyballot.ballot.rules import Quote


class NameParts(NamedTuple):
    given: str
    surname: str
    suffix: str


@cache
def name_parts(name: str, surname: str | None = None) -> NameParts:
    """The given names, surname and suffix of ``name`` (``surname`` as given, if it is).

    Parsing takes about a millisecond a name; a ballot names a few dozen people, and the same
    names recur (a person on several petitions), so the parts are kept once found."""
    if surname is None:
        parsed = HumanName(name)
        given = " ".join(p for p in (parsed.first, parsed.middle) if p)
        return NameParts(given, str(parsed.last) or name, str(parsed.suffix).strip())
    at = name.rfind(surname)
    given = name[:at].strip()
    after = name[at + len(surname) :].strip(" ,")
    return NameParts(given, surname, after)


@cache
def _collator() -> Collator:
    return Collator()


def collation_key(text: str) -> tuple[int, ...]:
    """The Unicode Collation Algorithm's sort key (default table) for ``text``."""
    key: tuple[int, ...] = _collator().sort_key(text)
    return key


def letters(name: str) -> int:
    return sum(ch.isalpha() for ch in name)


def board_short_form(candidate: Candidate) -> str:
    """The board's determination: initials of the given names, the surname in full, a suffix."""
    initials = " ".join(f"{part[0]}." for part in candidate.given.split() if part[0].isalpha())
    return " ".join(p for p in (initials, candidate.surname, candidate.suffix) if p)


def printed_name(
    candidate: Candidate, limit: int, rule: Quote, board: Quote
) -> tuple[str, list[tuple[str, str]]]:
    """The name to print and the reasons (text, cite) for any change from the full name."""
    why: list[tuple[str, str]] = []
    name = candidate.name
    count = letters(name)
    if count > limit:
        short = candidate.short_form
        if short and candidate.surname in short and letters(short) < count:
            name = short
            why.append(
                (
                    f"{candidate.name} has {count} letters (> {limit}): printed in the short form "
                    f"the candidate chose, '{short}'. \"{rule.words}\"",
                    rule.cite,
                )
            )
        else:
            name = board_short_form(candidate)
            chosen = _refused(short, candidate.surname, count) if short else ""
            why.append(
                (
                    f"{candidate.name} has {count} letters (> {limit}): the board's short form "
                    f"'{name}' (initials, surname in full).{chosen} \"{board.words}\"",
                    board.cite,
                )
            )
    return name.upper(), why


def _refused(short: str, surname: str, count: int) -> str:
    """Why the candidate's own short form is not printed: the surname cut, or not shorter."""
    if surname not in short:
        return (
            f" The candidate's form '{short}' does not keep the surname in full, so the board "
            "decides."
        )
    return (
        f" The candidate's form '{short}' has {letters(short)} letters, no fewer than the full "
        f"name's {count}, so the board decides."
    )


def with_sex(printed: str, candidate: Candidate) -> str:
    """A delegate's name followed by (M) or (F) (§ 2-122-a(8)(d) of S.5961)."""
    return f"{printed} ({candidate.sex})"
