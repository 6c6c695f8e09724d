"""Choosing the law a question is answered under: a base version plus what-if bills.

The signature and ballot rules quote the three bills (none was enacted). A bill's old-law
reading is the statute as it stood when the bill was printed, so it speaks for the pre-2019
version; the current wording of those sections is not among the shipped texts, and a question
under it is refused rather than answered from older words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from nyballot.errors import UsageError, suggest

VERSIONS = {
    "pre-2019": "Election Law as in force before 2019",
    "current": "Election Law in force from 2019",
}
BILLS = {
    "A9725": ("A.9725 of 2010 (not enacted)", "bills/A9725.txt"),
    "S5305A": ("S.5305-A (not enacted)", "bills/S5305A.txt"),
    "S5961": ("S.5961 of 2015 (not enacted)", "bills/S5961.txt"),
}
_ALIASES = {"pre2019": "pre-2019", "s5305-a": "S5305A", "s.5305-a": "S5305A"}


@dataclass(frozen=True)
class LawChoice:
    """A base version and the bills read on top of it, in the order given."""

    base: str
    bills: tuple[str, ...] = ()

    def has(self, bill: str) -> bool:
        return bill in self.bills

    @property
    def label(self) -> str:
        return " + ".join([self.base, *self.bills])

    @property
    def title(self) -> str:
        return "; ".join([VERSIONS[self.base], *(f"with {BILLS[b][0]}" for b in self.bills)])


def _bill_id(name: str) -> str:
    key = name.strip()
    for bill in BILLS:
        if key.upper().replace(".", "").replace("-", "") == bill:
            return bill
    raise UsageError(
        f"--with {name}: unknown bill{suggest(key.upper(), BILLS)}; known: " + ", ".join(BILLS)
    )


def choose_law(law: str | None, bills: Iterable[str] = ()) -> LawChoice:
    """Resolve ``--law`` (default pre-2019, the law the bills amend) and ``--with``."""
    base = _ALIASES.get((law or "pre-2019").strip(), (law or "pre-2019").strip())
    if base not in VERSIONS:
        raise UsageError(
            f"--law {law}: unknown law version{suggest(base, VERSIONS)}; known: "
            + ", ".join(VERSIONS)
        )
    chosen: list[str] = []
    for name in bills:
        bill = _bill_id(name)
        if bill not in chosen:
            chosen.append(bill)
    return LawChoice(base, tuple(chosen))
